//! A form drawn over the pane: labelled fields, the focused one highlighted, each error
//! under its field. Long values scroll sideways around the cursor; a field of lines shows a
//! few rows around the cursor's line; tags show as chips when not being edited. A write
//! form says above its fields what is going on (sending, a failure, discard?).

use crate::text::{width, wrap_line};
use crate::tui::form::{Field, FieldKind, Form};
use crate::tui::theme::Theme;
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use unicode_width::UnicodeWidthChar;

const WIDTH: u16 = 72;
/// Rows a field of lines shows at most.
const LINES_SHOWN: usize = 5;

/// What the lines of a form are, and where the cursor goes among them.
struct Layout {
    lines: Vec<Line<'static>>,
    /// Row and column of the cursor, when a typed field has the focus.
    cursor: Option<(usize, usize)>,
    /// The first row of the focused field.
    focus_row: usize,
}

/// The part of `text` that fits in `room` columns with the cursor (a byte offset) in view,
/// `…` marking a cut at the start; and the cursor's column in it.
fn window(text: &str, cursor: Option<usize>, room: usize) -> (String, usize) {
    let room = room.max(2);
    let Some(cursor) = cursor else {
        return (crate::text::truncate(text, room), 0);
    };
    if width(text) < room {
        return (text.to_string(), width(&text[..cursor]));
    }
    // Start far enough in that the cursor fits, leaving a column for it and one for `…`.
    let mut start = cursor;
    let mut used = 0;
    for (index, c) in text[..cursor].char_indices().rev() {
        let w = c.width().unwrap_or(0);
        if used + w > room.saturating_sub(2) {
            break;
        }
        used += w;
        start = index;
    }
    let prefix = if start > 0 { "…" } else { "" };
    let mut shown = prefix.to_string();
    let mut columns = width(prefix);
    for c in text[start..].chars() {
        let w = c.width().unwrap_or(0);
        if columns + w > room {
            break;
        }
        shown.push(c);
        columns += w;
    }
    (shown, width(prefix) + width(&text[start..cursor]))
}

fn chip_style(theme: &Theme) -> Style {
    theme.accent.add_modifier(Modifier::REVERSED)
}

/// The rows of one field (value rows, then its note and error).
fn field_rows(
    field: &Field,
    focused: bool,
    label_width: usize,
    room: usize,
    theme: &Theme,
    layout: &mut Layout,
) {
    let value_style = if focused { theme.selected } else { theme.text };
    let label_style = if focused { theme.accent } else { theme.dim };
    let label = |text: &str| Span::styled(format!("{text:<label_width$}"), label_style);
    let indent = || Span::raw(" ".repeat(label_width));
    let cursor = (focused && field.is_typed()).then(|| field.input.cursor());
    let first_row = layout.lines.len();
    match &field.kind {
        FieldKind::Choice { .. } => {
            // A long choice (a bot and its address) is cut with `…`, never by the border.
            let chosen = crate::text::truncate(field.value(), room.saturating_sub(4).max(1));
            let value = format!("◂ {chosen} ▸");
            layout
                .lines
                .push(Line::from(vec![label(&field.label), Span::styled(value, value_style)]));
        }
        FieldKind::Tags if !focused && !field.value().trim().is_empty() => {
            let mut spans = vec![label(&field.label)];
            for tag in field.tag_list() {
                spans.push(Span::styled(format!(" {tag} "), chip_style(theme)));
                spans.push(Span::raw(" "));
            }
            layout.lines.push(Line::from(spans));
        }
        FieldKind::Lines => {
            let text = field.value();
            let rows: Vec<&str> = text.split('\n').collect();
            let (cursor_line, offset) = field.input.line_and_offset();
            let shown = rows.len().min(LINES_SHOWN);
            let top = cursor_line.saturating_sub(shown - 1).min(rows.len() - shown);
            for (index, row) in rows.iter().enumerate().skip(top).take(shown) {
                let on_cursor = cursor.is_some() && index == cursor_line;
                let (visible, column) = window(row, on_cursor.then_some(offset), room);
                let head = match index - top {
                    0 => label(&field.label),
                    1 if rows.len() > shown => Span::styled(
                        format!("{:<label_width$}", format!("↕ {}", rows.len())),
                        theme.dim,
                    ),
                    _ => indent(),
                };
                let mut spans = vec![head, Span::styled(visible, value_style)];
                if rows.len() == 1 && row.is_empty() {
                    spans.push(Span::styled(format!(" {}", field.hint), theme.dim));
                }
                if on_cursor {
                    layout.cursor = Some((layout.lines.len(), label_width + column));
                }
                layout.lines.push(Line::from(spans));
            }
        }
        FieldKind::Text | FieldKind::Secret | FieldKind::Tags => {
            let masked;
            let (text, cursor) = if field.kind == FieldKind::Secret {
                masked = "•".repeat(field.value().chars().count());
                (masked.as_str(), cursor.map(|_| field.input.cursor_chars() * '•'.len_utf8()))
            } else {
                (field.value(), cursor)
            };
            let (visible, column) = window(text, cursor, room.saturating_sub(1));
            let mut spans =
                vec![label(&field.label), Span::styled(format!("{visible} "), value_style)];
            if text.is_empty() {
                spans.push(Span::styled(field.hint.clone(), theme.dim));
            }
            if cursor.is_some() {
                layout.cursor = Some((layout.lines.len(), label_width + column));
            }
            layout.lines.push(Line::from(spans));
        }
    }
    if focused {
        layout.focus_row = first_row;
    }
    for (text, style) in [(&field.note, theme.dim), (&field.error, theme.error)] {
        for piece in text.iter().flat_map(|t| wrap_line(t, room)) {
            layout.lines.push(Line::from(vec![indent(), Span::styled(piece, style)]));
        }
    }
}

/// Wrapped message lines in a style.
fn message_lines(text: &Option<String>, style: Style, room: usize) -> Vec<Line<'static>> {
    text.iter()
        .flat_map(|t| t.lines().flat_map(|l| wrap_line(l, room)).collect::<Vec<_>>())
        .map(|piece| Line::from(Span::styled(piece, style)))
        .collect()
}

/// The key hint at the bottom.
fn hint(form: &Form, sending: bool) -> String {
    if sending {
        return "Sending… keys wait for the answer".into();
    }
    let fields = form.field_list();
    if !form.is_write() {
        let verb = if form.is_login() { "log in" } else { "apply" };
        let choices = fields.iter().any(|f| f.is_choice());
        let extra = if choices { " · ←/→ change" } else { "" };
        return format!("Enter {verb} · Esc cancel · Tab next field{extra}");
    }
    let extra = match fields.get(form.focus).map(|f| &f.kind) {
        Some(FieldKind::Choice { .. }) => " · ←/→ change",
        Some(FieldKind::Lines) => " · Alt-Enter new line",
        _ => "",
    };
    let enter = if form.focus + 1 >= fields.len() {
        "Enter/Ctrl-S send"
    } else {
        "Enter next · Ctrl-S send"
    };
    let tab = if fields.len() > 1 { " · Tab field" } else { "" };
    format!("{enter}{tab} · Esc cancel{extra}")
}

/// Draws the form; `sending` is the status of its write in flight (spinner, progress).
/// Returns the box it covers.
pub fn render(
    frame: &mut Frame,
    body: Rect,
    form: &Form,
    theme: &Theme,
    sending: Option<&str>,
) -> Rect {
    let fields = form.field_list();
    let label_width = fields.iter().map(|f| width(&f.label)).max().unwrap_or(0).max(8) + 2;
    let inner_width = usize::from(body.width.min(WIDTH).saturating_sub(2)).max(1);
    let room = inner_width.saturating_sub(label_width).max(4);
    let mut layout = Layout { lines: Vec::new(), cursor: None, focus_row: 0 };
    let write = form.is_write();
    let status = if let Some(sending) = sending {
        message_lines(&Some(sending.to_string()), theme.warning, inner_width)
    } else if form.discarding {
        let ask = "Discard what you typed? y discards · any other key goes back to the form";
        message_lines(&Some(ask.into()), theme.warning, inner_width)
    } else {
        let mut lines = message_lines(&form.error, theme.error, inner_width);
        lines.extend(message_lines(&form.note, theme.warning, inner_width));
        lines
    };
    // A write form says what is going on above its fields, where it is seen first.
    if write && !status.is_empty() {
        layout.lines.extend(status.iter().cloned());
        layout.lines.push(Line::from(""));
    }
    let offset = layout.lines.len();
    for (index, field) in fields.into_iter().enumerate() {
        let focused = index == form.focus;
        field_rows(field, focused, label_width, room, theme, &mut layout);
    }
    if !write {
        // Messages can be long (a refused key, a keyring that did not answer): wrapped so
        // the box is as tall as its text.
        let mut lines = message_lines(&form.note, theme.warning, inner_width);
        lines.extend(message_lines(&form.error, theme.error, inner_width));
        layout.lines.extend(lines);
    }
    layout.lines.push(Line::from(""));
    layout.lines.push(Line::from(Span::styled(hint(form, sending.is_some()), theme.dim)));

    let area = centered(body, WIDTH, layout.lines.len() as u16 + 2);
    let block = Block::bordered()
        .title(Span::styled(format!(" {} ", form.title), theme.title))
        .border_style(theme.accent);
    let inner = block.inner(area);
    // When the form is taller than the screen, it scrolls to keep the focus in view.
    let rows = usize::from(inner.height).max(1);
    let target = layout.cursor.map_or(layout.focus_row.max(offset), |(row, _)| row);
    let scroll = (target + 2).saturating_sub(rows).min(layout.lines.len().saturating_sub(rows));
    clear(frame, area);
    let scroll_rows = u16::try_from(scroll).unwrap_or(0);
    frame.render_widget(Paragraph::new(layout.lines).block(block).scroll((scroll_rows, 0)), area);
    let blocked = sending.is_some() || form.discarding;
    if let Some((row, column)) = layout.cursor.filter(|_| !blocked)
        && row >= scroll
        && row - scroll < rows
    {
        let x = (inner.x + column as u16).min(inner.right().saturating_sub(1));
        frame.set_cursor_position(Position { x, y: inner.y + (row - scroll) as u16 });
    }
    area
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_scrolls_to_keep_the_cursor_in_view() {
        let text = "abcdefghijklmnopqrstuvwxyz";
        assert_eq!(window("abc", Some(1), 10), ("abc".into(), 1));
        let (shown, column) = window(text, Some(text.len()), 10);
        assert!(shown.starts_with('…') && shown.ends_with('z'), "{shown}");
        assert_eq!(column, width(&shown));
        assert!(column < 10);
        let (start, column) = window(text, Some(2), 10);
        assert_eq!((start.as_str(), column), ("abcdefghij", 2));
        let wide = "李小龙李小龙李小龙";
        let (shown, column) = window(wide, Some(wide.len()), 8);
        assert!(width(&shown) <= 8 && column <= 7, "{shown} {column}");
    }
}
