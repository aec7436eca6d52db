//! Reusable pieces of the screen.

pub mod confirm;
pub mod detail;
pub mod form;
pub mod help;
pub mod palette;
pub mod problem;
pub mod status_bar;
pub mod table;
pub mod tabs;
pub mod toast;

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
