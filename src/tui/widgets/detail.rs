//! A detail view: labelled values, one per line, scrollable.

use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// Width of the label column.
pub(crate) const LABEL: usize = 22;

/// A `label  value` line.
pub fn field(label: &str, value: impl Into<String>, theme: &Theme) -> Line<'static> {
    styled_field(label, value, theme.text, theme)
}

/// A `label  value` line with the value in a style.
pub fn styled_field(
    label: &str,
    value: impl Into<String>,
    style: ratatui::style::Style,
    theme: &Theme,
) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<LABEL$}"), theme.dim),
        Span::styled(value.into(), style),
    ])
}

/// A section heading.
pub fn heading(text: &str, theme: &Theme) -> Line<'static> {
    Line::from(Span::styled(text.to_string(), theme.header))
}

/// "yes" or "no".
pub fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

pub fn render(
    frame: &mut Frame,
    area: Rect,
    block: Block,
    lines: Vec<Line<'static>>,
    scroll: usize,
) {
    let scroll = u16::try_from(scroll).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), area);
}
