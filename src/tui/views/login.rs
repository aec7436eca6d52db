//! What the pane shows before there is a connection: connecting, no key (how to log in),
//! or why the session could not be set up.

use crate::text::sanitize;
use crate::tui::state::{AppState, Connection};
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

pub fn render(frame: &mut Frame, body: Rect, state: &AppState, connection: &Connection) {
    let theme = &state.theme;
    let (title, lines) = match connection {
        Connection::Connecting => {
            (" outreach ", vec![Line::from(Span::styled("Connecting…", theme.dim))])
        }
        Connection::NeedsKey { profile, message, .. } => (
            " Log in ",
            vec![
                Line::from(Span::styled(
                    format!("No usable API key for profile '{}'.", sanitize(profile)),
                    theme.warning,
                )),
                Line::from(""),
                Line::from(sanitize(message)),
                Line::from(""),
                Line::from(vec![
                    Span::styled("L", theme.key),
                    Span::raw(" enters a key here · "),
                    Span::styled("r", theme.key),
                    Span::raw(" tries again · "),
                    Span::styled("q", theme.key),
                    Span::raw(" quits"),
                ]),
                Line::from(vec![
                    Span::raw("In a shell: "),
                    Span::styled("outreach auth login", theme.key),
                    Span::raw(", or set OUTREACH_API_KEY."),
                ]),
                Line::from(vec![
                    Span::raw("Just looking? "),
                    Span::styled("outreach --demo", theme.key),
                    Span::raw(" needs no key."),
                ]),
            ],
        ),
        Connection::Failed { message } => (
            " Not connected ",
            vec![
                Line::from(Span::styled("The session could not be set up.", theme.error)),
                Line::from(""),
                Line::from(sanitize(message)),
                Line::from(""),
                Line::from(vec![
                    Span::styled("r", theme.key),
                    Span::raw(" tries again · "),
                    Span::styled("q", theme.key),
                    Span::raw(" quits"),
                ]),
            ],
        ),
        Connection::Ready(_) => return,
    };
    let area = centered(body, 76, lines.len() as u16 + 4);
    let block =
        Block::bordered().title(Span::styled(title, theme.title)).border_style(theme.accent);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }), area);
}
