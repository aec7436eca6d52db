//! The question before every write: what it is, what it does and to whom, a warning (a
//! failed pre-flight check, a server that will probably refuse), the last failure, and the
//! keys.

use crate::text::wrap_line;
use crate::tui::submit::feedback::Confirm;
use crate::tui::theme::Theme;
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

const WIDTH: u16 = 64;

/// Draws the dialog; `sending` is the status of its write in flight. Returns the box it
/// covers.
pub fn render(
    frame: &mut Frame,
    body: Rect,
    confirm: &Confirm,
    theme: &Theme,
    sending: Option<&str>,
) -> Rect {
    let room = usize::from(body.width.min(WIDTH).saturating_sub(2)).max(1);
    let mut lines = Vec::new();
    let mut push = |text: &str, style: Style| {
        for piece in wrap_line(text, room) {
            lines.push(Line::from(Span::styled(piece, style)));
        }
    };
    for (index, text) in confirm.lines.iter().enumerate() {
        push(text, if index == 0 { theme.title } else { theme.text });
    }
    if let Some(warning) = &confirm.warning {
        push("", theme.text);
        push(warning, theme.warning);
    }
    if let Some(error) = &confirm.error {
        push("", theme.text);
        push(error, theme.error);
    }
    push("", theme.text);
    match sending {
        Some(status) => push(status, theme.warning),
        None => push(confirm.keys(), theme.key),
    }
    let area = centered(body, WIDTH, lines.len() as u16 + 2);
    let block = Block::bordered()
        .title(Span::styled(format!(" {} ", confirm.title), theme.title))
        .border_style(theme.accent);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    area
}
