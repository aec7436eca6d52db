//! A detail view: labelled values, one per line, scrollable. The one place a detail's plain
//! data gets its styles: each piece by what it means, from the theme.

use crate::tui::detail_line::{DetailLine, LABEL, Mark, Piece};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

fn style(mark: Mark, theme: &Theme) -> Style {
    match mark {
        Mark::Tone(tone) => theme.tone(tone),
        Mark::Name => theme.title,
        Mark::Link => theme.link,
    }
}

fn spans(pieces: &[Piece], theme: &Theme) -> impl Iterator<Item = Span<'static>> {
    pieces.iter().map(|piece| Span::styled(piece.text.clone(), style(piece.mark, theme)))
}

/// The lines as the screen draws them: labels dim in their column, headings as headers,
/// every piece in its meaning's style.
pub fn styled(lines: &[DetailLine], theme: &Theme) -> Vec<Line<'static>> {
    lines
        .iter()
        .map(|line| match line {
            DetailLine::Blank => Line::from(""),
            DetailLine::Heading(text) => Line::from(Span::styled(text.clone(), theme.header)),
            DetailLine::Field { label, value } => {
                let label = Span::styled(format!("{label:<LABEL$}"), theme.dim);
                Line::from(std::iter::once(label).chain(spans(value, theme)).collect::<Vec<_>>())
            }
            DetailLine::Text(pieces) => Line::from(spans(pieces, theme).collect::<Vec<_>>()),
        })
        .collect()
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
