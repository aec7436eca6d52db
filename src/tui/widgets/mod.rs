//! Reusable pieces of the screen.

pub(crate) mod confirm;
pub(crate) mod detail;
pub(crate) mod form;
pub mod help;
pub(crate) mod palette;
pub(crate) mod problem;
pub(crate) mod status_bar;
pub(crate) mod table;
pub(crate) mod tabs;
pub(crate) mod toast;

use ratatui::layout::Rect;

/// A box of at most `width`×`height` centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}
