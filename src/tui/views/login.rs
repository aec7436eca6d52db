//! What the pane shows before there is a connection: connecting, no key (how to log in),
//! or why the session could not be set up. The keys come first, so a long error (a key
//! store's) never pushes them off a small screen; the error is wrapped under them.

use crate::text::{sanitize, wrap_line};
use crate::tui::command::Command;
use crate::tui::state::{AppState, Connection};
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

const WIDTH: u16 = 76;

/// `L enters a key here · r tries again · q quits`, with the keys the keymap binds.
fn key_hints(state: &AppState, with_login: bool) -> Line<'static> {
    let theme = &state.env.theme;
    let mut hints = Vec::new();
    if with_login {
        hints.push((Command::Login, " enters a key here"));
    }
    hints.extend([(Command::Refresh, " tries again"), (Command::Quit, " quits")]);
    let mut spans = Vec::new();
    for (command, what) in hints {
        let Some(key) = state.env.keymap.key_for(command) else { continue };
        if !spans.is_empty() {
            spans.push(Span::raw(" · "));
        }
        spans.push(Span::styled(key, theme.key));
        spans.push(Span::raw(what));
    }
    Line::from(spans)
}

/// A message wrapped to the box, line by line.
fn wrapped(text: &str, room: usize, style: Style) -> Vec<Line<'static>> {
    let text = sanitize(text);
    let pieces = text.lines().flat_map(|line| wrap_line(line.trim_end(), room)).collect::<Vec<_>>();
    pieces.into_iter().map(|piece| Line::from(Span::styled(piece, style))).collect()
}

pub(crate) fn render(frame: &mut Frame, body: Rect, state: &AppState, connection: &Connection) {
    let theme = &state.env.theme;
    let room = usize::from(body.width.min(WIDTH).saturating_sub(2)).max(1);
    let (title, mut lines, message) = match connection {
        Connection::Connecting => {
            (" outreach ", vec![Line::from(Span::styled("Connecting…", theme.dim))], None)
        }
        Connection::NeedsKey { profile, message, .. } => (
            " Log in ",
            vec![
                Line::from(Span::styled(
                    format!("No usable API key for profile '{}'.", sanitize(profile)),
                    theme.warning,
                )),
                key_hints(state, true),
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
            Some((message, theme.text)),
        ),
        Connection::Failed { message } => (
            " Not connected ",
            vec![
                Line::from(Span::styled("The session could not be set up.", theme.error)),
                key_hints(state, false),
            ],
            Some((message, theme.error)),
        ),
        Connection::Ready(_) => return,
    };
    if let Some((message, style)) = message {
        lines.push(Line::from(""));
        lines.extend(wrapped(message, room, style));
    }
    // Rows once wrapped (a hint line may wrap at 50 columns), so the box holds them all.
    let rows: usize = lines.iter().map(|line| line.width().div_ceil(room).max(1)).sum();
    let area = centered(body, WIDTH, u16::try_from(rows + 2).unwrap_or(u16::MAX));
    let block =
        Block::bordered().title(Span::styled(title, theme.title)).border_style(theme.accent);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }), area);
}
