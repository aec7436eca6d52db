//! How a write went, in a small box over the bottom right of the pane for a few seconds.

use crate::text::{width, wrap_line};
use crate::tui::layout::inner;
use crate::tui::submit::feedback::{Toast, Tone};
use crate::tui::theme::Theme;
use crate::tui::widgets::clear;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

const WIDTH: usize = 60;

/// Draws the toast inside the pane's border, at its bottom right, else its top right; not at
/// all where it would cover `avoid` (an open overlay).
pub fn render(frame: &mut Frame, pane: Rect, toast: &Toast, theme: &Theme, avoid: Option<Rect>) {
    let body = inner(pane);
    if body.width < 8 || body.height < 3 {
        return;
    }
    let (mark, style) = match toast.tone {
        Tone::Success => ("✓ ", theme.positive),
        Tone::Warning => ("! ", theme.warning),
        Tone::Failure => ("✗ ", theme.error),
    };
    let room = WIDTH.min(usize::from(body.width) - 4);
    let text = format!("{mark}{}", toast.text);
    let pieces = wrap_line(&text, room);
    let inner_width = pieces.iter().map(|p| width(p)).max().unwrap_or(0);
    let height = (pieces.len() as u16 + 2).min(body.height);
    let box_width = inner_width as u16 + 2;
    let x = body.right().saturating_sub(box_width);
    let bottom = Rect { x, y: body.bottom().saturating_sub(height), width: box_width, height };
    let top = Rect { y: body.y, ..bottom };
    let free = |area: &Rect| avoid.is_none_or(|covered| !covered.intersects(*area));
    let Some(area) = [bottom, top].into_iter().find(free) else { return };
    let lines: Vec<Line> = pieces.into_iter().map(|p| Line::from(Span::styled(p, style))).collect();
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().border_style(style)), area);
}
