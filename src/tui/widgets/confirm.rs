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
    let wrapped = |text: &str, style: Style| -> Vec<Line<'static>> {
        (wrap_line(text, room).into_iter())
            .map(|piece| Line::from(Span::styled(piece, style)))
            .collect()
    };
    let mut lines = Vec::new();
    for (index, text) in confirm.lines.iter().enumerate() {
        lines.extend(wrapped(text, if index == 0 { theme.title } else { theme.text }));
    }
    // What happened and the keys are never cut: on a short screen the question's middle
    // (the pre-flight's details) gives way first.
    let mut tail = Vec::new();
    if let Some(warning) = &confirm.warning {
        tail.extend(wrapped("", theme.text));
        tail.extend(wrapped(warning, theme.warning));
    }
    if let Some(error) = &confirm.error {
        tail.extend(wrapped("", theme.text));
        tail.extend(wrapped(error, theme.error));
    }
    tail.extend(wrapped("", theme.text));
    match sending {
        Some(status) => tail.extend(wrapped(status, theme.warning)),
        None => tail.extend(wrapped(confirm.keys(), theme.key)),
    }
    let fits = usize::from(body.height.saturating_sub(2));
    if lines.len() + tail.len() > fits {
        let keep = fits.saturating_sub(tail.len() + 1).max(1);
        lines.truncate(keep);
        lines.push(Line::from(Span::styled("… (a taller terminal shows it all)", theme.dim)));
    }
    lines.extend(tail);
    let area = centered(body, WIDTH, lines.len() as u16 + 2);
    let block = Block::bordered()
        .title(Span::styled(format!(" {} ", confirm.title), theme.title))
        .border_style(theme.accent);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    area
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    #[test]
    fn on_a_short_screen_the_failure_and_the_keys_stay_and_the_middle_gives_way() {
        let confirm = Confirm {
            title: "Start campaign".into(),
            lines: (1..=30).map(|n| format!("pre-flight line {n}")).collect(),
            error: Some("'Q2' was not started. This key lacks the rights for that (403).".into()),
            ..Confirm::default()
        };
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|frame| {
                render(frame, frame.area(), &confirm, &Theme::monochrome(), None);
            })
            .unwrap();
        let screen = terminal.backend().to_string();
        assert!(screen.contains("pre-flight line 1 "), "the question's start stays:\n{screen}");
        assert!(screen.contains("(403)"), "what happened stays:\n{screen}");
        assert!(screen.contains("n/Esc close"), "the keys stay:\n{screen}");
        assert!(screen.contains("a taller terminal shows it all"), "{screen}");
        assert!(!screen.contains("pre-flight line 30"), "{screen}");
    }
}
