//! The `:` command palette: the line being typed and the matching commands.

use crate::tui::palette::Palette;
use crate::tui::palette::suggestions;
use crate::tui::theme::Theme;
use crate::tui::widgets::clear;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// Draws the palette at the bottom left of the pane; returns the box it covers.
pub fn render(frame: &mut Frame, body: Rect, palette: &Palette, theme: &Theme) -> Rect {
    let matches = suggestions(palette.input.value());
    let height = (matches.len() as u16 + 3 + u16::from(palette.error.is_some())).min(body.height);
    let width = body.width.min(60);
    let area = Rect { x: body.x, y: body.y + body.height - height, width, height };
    let mut lines = vec![Line::from(vec![
        Span::styled(":", theme.key),
        Span::raw(palette.input.value().to_string()),
    ])];
    if let Some(error) = &palette.error {
        lines.push(Line::from(Span::styled(error.clone(), theme.error)));
    }
    for (index, entry) in matches.iter().enumerate() {
        let style = if index == palette.selected { theme.selected } else { theme.text };
        let name = format!("{} {}", entry.name, entry.args);
        lines.push(Line::from(vec![
            Span::styled(format!("{name:<32}"), style),
            Span::styled(entry.help, theme.dim),
        ]));
    }
    let block = Block::bordered()
        .title(Span::styled(" Command — Tab completes, Enter runs ", theme.title))
        .border_style(theme.accent);
    let inner = block.inner(area);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    if inner.height > 0 {
        let x = inner.x + 1 + palette.input.cursor_chars() as u16;
        frame.set_cursor_position(Position {
            x: x.min(inner.right().saturating_sub(1)),
            y: inner.y,
        });
    }
    area
}
