//! "While you were away": the brief over the panes, its span in the title, one line per
//! kind of change, and its keys.

use crate::text::wrap_line;
use crate::tui::brief::BriefView;
use crate::tui::theme::Theme;
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

const WIDTH: u16 = 76;

/// Draws the brief; returns the box it covers.
pub fn render(frame: &mut Frame, body: Rect, view: &BriefView, theme: &Theme) -> Rect {
    let room = usize::from(body.width.min(WIDTH).saturating_sub(2)).max(1);
    let mut lines = Vec::new();
    for text in &view.lines {
        let style = if text.starts_with(' ') { theme.text } else { theme.title };
        for piece in wrap_line(text, room) {
            lines.push(Line::from(Span::styled(piece, style)));
        }
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled("Enter opens the inbox · Esc closes", theme.key)));
    let area = centered(body, WIDTH, lines.len() as u16 + 2);
    let title =
        wrap_line(&view.title, room.saturating_sub(2)).into_iter().next().unwrap_or_default();
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title))
        .border_style(theme.accent);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    area
}
