//! A form drawn over the pane: labelled fields, the focused one highlighted, each error
//! under its field.

use super::super::form::{FieldKind, Form, FormPurpose};
use super::super::theme::Theme;
use super::centered;
use crate::text::wrap_line;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

const LABEL: usize = 10;
const WIDTH: u16 = 72;

pub fn render(frame: &mut Frame, body: Rect, form: &Form, theme: &Theme) {
    let mut lines = Vec::new();
    let mut cursor = None;
    for (index, field) in form.fields.iter().enumerate() {
        let focused = index == form.focus;
        let value_style = if focused { theme.selected } else { theme.text };
        let label = Span::styled(
            format!("{:<LABEL$}", field.label),
            if focused { theme.accent } else { theme.dim },
        );
        let value = match &field.kind {
            FieldKind::Choice { .. } => format!("◂ {} ▸", field.value()),
            FieldKind::Text => field.value().to_string(),
            FieldKind::Secret => "•".repeat(field.value().chars().count()),
        };
        let mut spans = vec![label, Span::styled(format!("{value} "), value_style)];
        if field.is_typed() && field.value().is_empty() {
            spans.push(Span::styled(field.hint.clone(), theme.dim));
        }
        if focused && field.is_typed() {
            cursor = Some((lines.len(), LABEL + field.input.cursor_chars()));
        }
        lines.push(Line::from(spans));
        if let Some(error) = &field.error {
            lines.push(Line::from(Span::styled(format!("{:LABEL$}{error}", ""), theme.error)));
        }
    }
    // Messages can be long (a refused key, a keyring that did not answer): wrapped here so
    // the box is as tall as its text.
    let room = usize::from(body.width.min(WIDTH).saturating_sub(2)).max(1);
    for (text, style) in [(&form.note, theme.warning), (&form.error, theme.error)] {
        for piece in text.iter().flat_map(|t| t.lines().flat_map(|l| wrap_line(l, room))) {
            lines.push(Line::from(Span::styled(piece, style)));
        }
    }
    lines.push(Line::from(""));
    let verb = if form.purpose == FormPurpose::Login { "log in" } else { "apply" };
    let choices = form.fields.iter().any(|f| f.chosen().is_some());
    let hint = format!(
        "Enter {verb} · Esc cancel · Tab next field{}",
        if choices { " · ←/→ change" } else { "" }
    );
    lines.push(Line::from(Span::styled(hint, theme.dim)));
    let area = centered(body, WIDTH, lines.len() as u16 + 2);
    let block = Block::bordered()
        .title(Span::styled(format!(" {} ", form.title), theme.title))
        .border_style(theme.accent);
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    if let Some((row, column)) = cursor
        && (row as u16) < inner.height
    {
        let x = (inner.x + column as u16).min(inner.right().saturating_sub(1));
        frame.set_cursor_position(Position { x, y: inner.y + row as u16 });
    }
}
