//! A form drawn over the pane: labelled fields, the focused one highlighted, each error
//! under its field.

use super::super::form::{FieldKind, Form};
use super::super::theme::Theme;
use super::centered;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

const LABEL: usize = 10;

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
        };
        let mut spans = vec![label, Span::styled(format!("{value} "), value_style)];
        if field.kind == FieldKind::Text && field.value().is_empty() {
            spans.push(Span::styled(field.hint.clone(), theme.dim));
        }
        if focused && field.kind == FieldKind::Text {
            cursor = Some((lines.len(), LABEL + field.input.cursor_chars()));
        }
        lines.push(Line::from(spans));
        if let Some(error) = &field.error {
            lines.push(Line::from(Span::styled(format!("{:LABEL$}{error}", ""), theme.error)));
        }
    }
    if let Some(error) = &form.error {
        lines.push(Line::from(Span::styled(error.clone(), theme.error)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Enter apply · Esc cancel · Tab next field · ←/→ change",
        theme.dim,
    )));
    let area = centered(body, 70, lines.len() as u16 + 2);
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
