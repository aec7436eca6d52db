//! The assign list: whose reply, whom it is assigned to now, the team with numbers, the
//! choice highlighted.

use crate::text::{sanitize, truncate};
use crate::tui::assign_picker::AssignPicker;
use crate::tui::theme::Theme;
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

const WIDTH: u16 = 48;

/// Draws the list in the middle of the pane; returns the box it covers.
pub fn render(frame: &mut Frame, body: Rect, picker: &AssignPicker, theme: &Theme) -> Rect {
    let inner_width = usize::from(WIDTH.min(body.width).saturating_sub(2));
    let mut lines = Vec::new();
    if !picker.now.is_empty() {
        lines.push(Line::from(Span::styled(truncate(&picker.now, inner_width), theme.dim)));
    }
    for (index, choice) in picker.choices().into_iter().enumerate() {
        let number = if index < 9 { format!("{} ", index + 1) } else { "  ".into() };
        let style = if index == picker.selected { theme.selected } else { theme.text };
        let name = truncate(&sanitize(&choice), inner_width.saturating_sub(4));
        lines.push(Line::from(vec![
            Span::styled(number, theme.key),
            Span::styled(format!(" {name} "), style),
        ]));
    }
    lines.push(Line::from(Span::styled(
        truncate("↑/↓ choose · Enter assigns · Esc cancels", inner_width),
        theme.dim,
    )));
    let area = centered(body, WIDTH, lines.len() as u16 + 2);
    let title = truncate(&sanitize(&picker.title), inner_width.saturating_sub(2));
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title))
        .border_style(theme.accent);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    area
}
