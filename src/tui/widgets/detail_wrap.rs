//! Long lines of a detail view wrapped at its width, under where their text starts: a
//! field's value continues under the value column, a check's "→ what to do" under its
//! first word. Cutting them hid the end of the advice (a CNAME's certificate, an SMTP
//! provider's name) at 80 columns.

use crate::present::width::display_width;
use crate::tui::detail_line::LABEL;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Every line fitted to `width` cells, the long ones wrapped at spaces (a word longer
/// than the room is split).
pub fn wrap(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        if line.width() <= width || width == 0 {
            out.push(line);
        } else {
            let indent = hanging_indent(&line).min(width / 2);
            out.extend(wrapped(&line, width, indent));
        }
    }
    out
}

/// Where a line's continuation starts: under a field's value, or under the first word
/// after the leading spaces and an arrow.
fn hanging_indent(line: &Line<'_>) -> usize {
    let first = line.spans.first().map_or("", |span| &span.content);
    if line.spans.len() > 1 && display_width(first) == LABEL {
        return LABEL;
    }
    let text: String = line.spans.iter().map(|span| span.content.as_ref()).collect();
    let spaces = text.len() - text.trim_start_matches(' ').len();
    let arrow = if text[spaces..].starts_with("→ ") { 2 } else { 0 };
    spaces + arrow
}

/// The pieces of a line (words with the spaces before them, each in its span's style).
fn pieces(line: &Line<'static>) -> Vec<(String, Style)> {
    let mut pieces: Vec<(String, Style)> = Vec::new();
    for span in &line.spans {
        let style = line.style.patch(span.style);
        for (i, word) in span.content.split(' ').enumerate() {
            if i > 0 {
                pieces.push((" ".to_string(), style));
            }
            if !word.is_empty() {
                pieces.push((word.to_string(), style));
            }
        }
    }
    pieces
}

fn wrapped(line: &Line<'static>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut current: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    let start_new = |lines: &mut Vec<Line<'static>>, current: &mut Vec<Span<'static>>| {
        // Spaces at a break are dropped.
        while current.last().is_some_and(|span| span.content.trim().is_empty()) {
            current.pop();
        }
        lines.push(Line::from(std::mem::take(current)));
        current.push(Span::raw(" ".repeat(indent)));
    };
    for (text, style) in pieces(line) {
        let cells = display_width(&text);
        if text == " " && used == indent && !lines.is_empty() {
            continue;
        }
        if used + cells <= width {
            current.push(Span::styled(text, style));
            used += cells;
            continue;
        }
        if text == " " {
            start_new(&mut lines, &mut current);
            used = indent;
            continue;
        }
        if used > indent {
            start_new(&mut lines, &mut current);
            used = indent;
        }
        // A word longer than the room: split it where the room ends.
        let mut rest = text.as_str();
        while display_width(rest) > width - used {
            let cut = split_at_width(rest, width - used);
            current.push(Span::styled(rest[..cut].to_string(), style));
            start_new(&mut lines, &mut current);
            used = indent;
            rest = &rest[cut..];
        }
        used += display_width(rest);
        current.push(Span::styled(rest.to_string(), style));
    }
    if used > indent || lines.is_empty() {
        lines.push(Line::from(current));
    }
    lines
}

/// The byte index where `text` reaches `cells` cells (at least one character).
fn split_at_width(text: &str, cells: usize) -> usize {
    let mut used = 0;
    for (index, c) in text.char_indices() {
        let w = display_width(c.encode_utf8(&mut [0; 4]));
        if used + w > cells && index > 0 {
            return index;
        }
        used += w;
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    #[test]
    fn advice_continues_under_its_first_word_and_fields_under_their_value() {
        let fix = Line::from(Span::raw(
            "      → the service issues track.acme.io's certificate once its CNAME is valid",
        ));
        assert_eq!(
            texts(&wrap(vec![fix], 40)),
            [
                "      → the service issues",
                "        track.acme.io's certificate once",
                "        its CNAME is valid"
            ]
        );
        let field = Line::from(vec![
            Span::raw(format!("{:<LABEL$}", "Campaigns")),
            Span::raw("Spring launch, Q2 enterprise, Winter promo"),
        ]);
        let wrapped = texts(&wrap(vec![field], 50));
        assert_eq!(wrapped[0], format!("{:<LABEL$}Spring launch, Q2", "Campaigns"));
        assert_eq!(wrapped[1], format!("{:LABEL$}enterprise, Winter promo", ""));
    }

    #[test]
    fn short_lines_stay_and_nothing_is_lost_or_wider_than_the_width() {
        let short = Line::from("fits");
        assert_eq!(texts(&wrap(vec![short], 10)), ["fits"]);
        let long = Line::from("averyveryverylongword and 李小龙李小龙李小龙 more");
        let wrapped = wrap(vec![long], 12);
        assert!(wrapped.iter().all(|line| line.width() <= 12), "{:?}", texts(&wrapped));
        let joined: String = texts(&wrapped).concat().split_whitespace().collect();
        assert_eq!(joined, "averyveryverylongwordand李小龙李小龙李小龙more");
    }
}
