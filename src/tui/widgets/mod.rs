//! Reusable pieces of the screen.

pub(crate) mod assign;
pub(crate) mod brief;
pub(crate) mod confirm;
pub(crate) mod detail;
pub(crate) mod detail_wrap;
pub(crate) mod form;
pub mod help;
pub(crate) mod palette;
pub(crate) mod problem;
pub(crate) mod snooze;
pub(crate) mod status_bar;
pub(crate) mod table;
pub(crate) mod tabs;
pub(crate) mod toast;

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::widgets::Clear;
use unicode_width::UnicodeWidthStr;

/// A box of at most `width`×`height` centred in `area`.
pub(crate) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// Empties `area` for a box drawn over what is there. A wide character (CJK, emoji) just
/// left of the box would spill its second cell over the box's left border, so it goes too.
pub(crate) fn clear(frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    if area.x == 0 {
        return;
    }
    let buffer = frame.buffer_mut();
    for y in area.top()..area.bottom() {
        let position = Position { x: area.x - 1, y };
        if let Some(cell) = buffer.cell_mut(position)
            && cell.symbol().width() > 1
        {
            cell.set_symbol(" ");
        }
    }
}
