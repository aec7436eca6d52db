//! A failure shown in the pane, with what to do about it.

use crate::api::ApiError;
use crate::text::sanitize;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// Draws "Could not load WHAT", the error, and the advice (worded with the keys as bound:
/// `AppState::advice`), in a block.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    block: Block,
    what: &str,
    (error, advice): (&ApiError, &str),
    theme: &Theme,
) {
    let lines = vec![
        Line::from(Span::styled(format!("Could not load {what}."), theme.error)),
        Line::from(""),
        Line::from(sanitize(&error.to_string())),
        Line::from(""),
        Line::from(Span::styled(advice.to_string(), theme.warning)),
    ];
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: true }), area);
}

/// A message in the middle of a block: "Loading campaigns…", "No match for 'x'".
pub fn message(
    frame: &mut Frame,
    area: Rect,
    block: Block,
    text: &str,
    style: ratatui::style::Style,
) {
    let paragraph = Paragraph::new(Line::from(Span::styled(text.to_string(), style)))
        .block(block)
        .wrap(Wrap { trim: true });
    frame.render_widget(paragraph, area);
}
