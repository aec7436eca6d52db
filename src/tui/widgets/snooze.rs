//! The snooze prompt: whose reply, the presets and the keys, the day being typed.

use crate::tui::snooze_prompt::SnoozePrompt;
use crate::tui::theme::Theme;
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

const WIDTH: u16 = 56;

/// Draws the prompt in the middle of the pane; returns the box it covers.
pub fn render(frame: &mut Frame, body: Rect, prompt: &SnoozePrompt, theme: &Theme) -> Rect {
    let mut lines = vec![
        Line::from(Span::styled("Until when? Hidden until then, then back as new.", theme.text)),
        choices(prompt, theme),
        Line::from(vec![
            Span::styled("or a day: ", theme.dim),
            Span::raw(prompt.input.value().to_string()),
        ]),
    ];
    if let Some(asleep) = &prompt.asleep {
        lines.push(Line::from(Span::styled(asleep.clone(), theme.dim)));
    }
    if let Some(error) = &prompt.error {
        lines.push(Line::from(Span::styled(error.clone(), theme.error)));
    }
    lines.push(Line::from(Span::styled("←/→ choose · Enter snoozes · Esc cancels", theme.dim)));
    let area = centered(body, WIDTH, lines.len() as u16 + 2);
    let block = Block::bordered()
        .title(Span::styled(format!(" {} ", prompt.title), theme.title))
        .border_style(theme.accent);
    let inner = block.inner(area);
    clear(frame, area);
    frame.render_widget(
        Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false }).block(block),
        area,
    );
    if inner.height > 2 {
        let x = inner.x + "or a day: ".len() as u16 + prompt.input.cursor_chars() as u16;
        frame.set_cursor_position(Position {
            x: x.min(inner.right().saturating_sub(1)),
            y: inner.y + 2,
        });
    }
    area
}

/// The choices in a row, the one Enter takes highlighted and in brackets, so that it shows
/// without colour too (none while a day is typed).
fn choices(prompt: &SnoozePrompt, theme: &Theme) -> Line<'static> {
    let typing = !prompt.input.value().is_empty();
    let mut spans = Vec::new();
    for (index, choice) in prompt.choices().into_iter().enumerate() {
        let chosen = index == prompt.selected && !typing;
        let (style, text) = if chosen {
            (theme.selected, format!("[{choice}]"))
        } else {
            (theme.key, format!(" {choice} "))
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}
