//! A failure shown in the pane, with what to do about it.

use crate::api::ApiError;
use crate::text::sanitize;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// What the user can do about an API failure.
pub fn advice(error: &ApiError) -> String {
    let text = match error {
        ApiError::Unauthorized { .. } => {
            "The key was refused. Press L to enter the current key (or run `outreach auth login`, or set OUTREACH_API_KEY)."
        }
        ApiError::Forbidden { .. } => {
            "This key lacks rights for this. Ask an organisation admin for a key that has them."
        }
        ApiError::Timeout { .. } | ApiError::Network { .. } => {
            "Check the network and the base URL, then press r to retry."
        }
        ApiError::RateLimited { .. } | ApiError::Unavailable { .. } => {
            "The service is busy. Press r to retry in a moment."
        }
        ApiError::InvalidUrl { .. } | ApiError::InsecureUrl { .. } | ApiError::Redirect { .. } => {
            "Fix the base URL of this profile (--base-url or the config file)."
        }
        _ => {
            let log = crate::logging::log_path()
                .map(|p| format!(" ({})", p.display()))
                .unwrap_or_default();
            return format!(
                "Press r to retry. If it keeps failing, the log file{log} has the details."
            );
        }
    };
    text.to_string()
}

/// Draws "Could not load WHAT", the error, and the advice, in a block.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    block: Block,
    what: &str,
    error: &ApiError,
    theme: &Theme,
) {
    let lines = vec![
        Line::from(Span::styled(format!("Could not load {what}."), theme.error)),
        Line::from(""),
        Line::from(sanitize(&error.to_string())),
        Line::from(""),
        Line::from(Span::styled(advice(error), theme.warning)),
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
