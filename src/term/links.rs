//! OSC 8 hyperlinks over text already drawn, and which URLs may become links or be opened.
//!
//! ratatui draws cells, and a cell holding an escape sequence would throw its width
//! accounting off; so the frame is drawn as usual, then the cells of each link are drawn
//! again between an OSC 8 opening and closing (`ESC ] 8 ; ; URL ST` … `ESC ] 8 ; ; ST`).
//! The visible text is the same; only the terminal knows it is a link.
//!
//! Inside tmux the sequence goes plain, not through passthrough: tmux (3.4 and later) keeps
//! the link with each cell it stores and redraws it itself, whereas a passthrough sequence
//! would reach the outer terminal apart from the cells it belongs to.

use crate::text::{Wrap, ends_url, osc, starts_with_scheme, trim_url};
use ratatui::buffer::Buffer;

pub use crate::text::safe_url;

/// The sequence that starts a link to `url` (already checked with [`safe_url`]).
pub fn open(url: &str) -> String {
    osc(&format!("8;;{url}"), Wrap::Plain)
}

/// The sequence that ends a link.
pub fn close() -> String {
    osc("8;;", Wrap::Plain)
}

/// Where a link is on screen: `width` cells from (`x`, `y`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkSpan {
    pub x: u16,
    pub y: u16,
    pub width: u16,
    pub url: String,
}

/// The links visible in a drawn frame: each run of cells that reads as a URL. A run cut
/// short (it ends in `…`, or wraps at the edge) links to the one `known` URL it begins;
/// a cut run that begins no known URL, or more than one, is left alone.
pub fn find(buffer: &Buffer, known: &[String]) -> Vec<LinkSpan> {
    let area = buffer.area;
    let mut spans = Vec::new();
    for y in area.top()..area.bottom() {
        let cells: Vec<(u16, &str)> =
            (area.left()..area.right()).map(|x| (x, buffer[(x, y)].symbol())).collect();
        let row: String = cells.iter().map(|(_, s)| *s).collect::<String>().to_ascii_lowercase();
        if !row.contains("http") && !row.contains("mailto:") {
            continue;
        }
        let mut at = 0;
        while at < cells.len() {
            let rest: String = cells[at..].iter().take(8).map(|(_, s)| *s).collect();
            if !starts_with_scheme(&rest) {
                at += 1;
                continue;
            }
            let end = cells[at..]
                .iter()
                .position(|(_, s)| s.chars().any(ends_url))
                .map_or(cells.len(), |n| at + n);
            let run: String = cells[at..end].iter().map(|(_, s)| *s).collect();
            let at_edge = end == cells.len();
            if let Some((url, shown)) = resolve(&run, at_edge, known) {
                let x = cells[at].0;
                spans.push(LinkSpan { x, y, width: shown as u16, url });
            }
            at = end.max(at + 1);
        }
    }
    spans
}

/// The URL a visible run stands for, and how many of its cells to link.
fn resolve(run: &str, at_edge: bool, known: &[String]) -> Option<(String, usize)> {
    let cut = run.ends_with('…');
    let visible = trim_url(run.trim_end_matches('…'));
    let cells = visible.chars().count() + usize::from(cut);
    if known.iter().any(|k| k == visible) {
        return safe_url(visible).map(|url| (url.to_string(), cells));
    }
    let mut begun = known.iter().filter(|k| k.starts_with(visible) && k.len() > visible.len());
    if let (Some(whole), None) = (begun.next(), begun.next()) {
        return safe_url(whole).map(|url| (url.to_string(), cells));
    }
    if cut || (at_edge && known.iter().any(|k| k.starts_with(visible))) {
        return None;
    }
    safe_url(visible).map(|url| (url.to_string(), cells))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    fn screen(lines: &[&str]) -> Buffer {
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
        let mut buffer = Buffer::empty(Rect::new(0, 0, width, lines.len() as u16));
        for (y, line) in lines.iter().enumerate() {
            buffer.set_string(0, y as u16, line, ratatui::style::Style::default());
        }
        buffer
    }

    #[test]
    fn osc8_bytes() {
        assert_eq!(open("https://x.example/a"), "\u{1b}]8;;https://x.example/a\u{1b}\\");
        assert_eq!(close(), "\u{1b}]8;;\u{1b}\\");
    }

    #[test]
    fn links_are_found_where_they_are_drawn() {
        let buffer = screen(&["[1] https://x.example/a. then", "see mailto:ann@x.com", "ftp://no"]);
        let spans = find(&buffer, &[]);
        assert_eq!(
            spans,
            [
                LinkSpan { x: 4, y: 0, width: 19, url: "https://x.example/a".into() },
                LinkSpan { x: 4, y: 1, width: 16, url: "mailto:ann@x.com".into() },
            ]
        );
    }

    #[test]
    fn a_cut_link_points_at_the_url_it_begins_or_nowhere() {
        let buffer = screen(&["Link https://meet.example/abc…  ", "https://meet.example/zz…"]);
        let known = ["https://meet.example/abcdef".to_string()];
        let spans = find(&buffer, &known);
        assert_eq!(
            spans,
            [LinkSpan { x: 5, y: 0, width: 25, url: "https://meet.example/abcdef".into() }]
        );
    }
}
