//! An e-mail body made readable at a given width: the text part when there is one, else
//! the HTML part converted to text; sanitised, wrapped, quoted history marked, and links
//! numbered as footnotes.

use super::quotes::quoted_lines;
use super::sanitize_multiline;
use super::wrap::wrap_line;

/// Narrowest width the HTML converter is asked for; a narrower pane shows cut lines.
const MIN_HTML_WIDTH: usize = 16;

/// Columns a tab stands for in a body.
const TAB: &str = "    ";

/// Which part of the e-mail the text came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodySource {
    Text,
    Html,
    /// Neither part had any content.
    Empty,
}

/// One display line of a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLine {
    pub text: String,
    /// Part of the quoted history (folded by default).
    pub quoted: bool,
}

/// A body ready to show: lines no wider than the width asked for (except where a single
/// character is wider), and the links it refers to as `[n]`, numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedBody {
    pub lines: Vec<BodyLine>,
    pub links: Vec<String>,
    pub source: BodySource,
}

/// Renders a body at `width` columns. Every character that reaches the result is sanitised
/// (entities the HTML decodes included), so the lines are safe to put on a terminal.
pub fn render_body(html: Option<&str>, text: Option<&str>, width: usize) -> RenderedBody {
    let width = width.max(1);
    if let Some(text) = text.filter(|t| !t.trim().is_empty()) {
        return from_text(text, width);
    }
    if let Some(html) = html.filter(|h| !h.trim().is_empty()) {
        return from_html(html, width);
    }
    RenderedBody { lines: Vec::new(), links: Vec::new(), source: BodySource::Empty }
}

fn from_text(text: &str, width: usize) -> RenderedBody {
    let clean = sanitize_multiline(text).replace('\t', TAB);
    let mut links = Vec::new();
    let numbered: Vec<String> = clean.lines().map(|line| number_links(line, &mut links)).collect();
    let refs: Vec<&str> = numbered.iter().map(String::as_str).collect();
    RenderedBody { lines: wrap_marked(&refs, width), links, source: BodySource::Text }
}

fn from_html(html: &str, width: usize) -> RenderedBody {
    let converted = html2text::config::plain()
        .no_link_wrapping()
        .string_from_read(html.as_bytes(), width.max(MIN_HTML_WIDTH));
    let converted = match converted {
        Ok(text) => text,
        // A document the converter cannot handle is still shown, as its text with the tags.
        Err(_) => html.to_string(),
    };
    let clean = sanitize_multiline(&converted).replace('\t', TAB);
    let mut lines: Vec<&str> = clean.lines().collect();
    let links = take_footnotes(&mut lines);
    RenderedBody { lines: wrap_marked(&lines, width), links, source: BodySource::Html }
}

/// Marks quoted history, then wraps each line keeping its mark.
fn wrap_marked(lines: &[&str], width: usize) -> Vec<BodyLine> {
    let quoted = quoted_lines(lines);
    let mut out = Vec::with_capacity(lines.len());
    for (line, quoted) in lines.iter().zip(quoted) {
        for piece in wrap_line(line, width) {
            out.push(BodyLine { text: piece, quoted });
        }
    }
    while out.last().is_some_and(|line| line.text.trim().is_empty()) {
        out.pop();
    }
    out
}

/// Removes the converter's `[n]: url` footnotes from the end and returns their URLs.
fn take_footnotes(lines: &mut Vec<&str>) -> Vec<String> {
    while lines.last().is_some_and(|line| line.trim().is_empty()) {
        lines.pop();
    }
    let mut start = lines.len();
    while start > 0 && footnote_url(lines[start - 1]).is_some() {
        start -= 1;
    }
    let links =
        lines[start..].iter().filter_map(|line| footnote_url(line)).map(str::to_string).collect();
    lines.truncate(start);
    links
}

/// The URL of a footnote line `[number]: url`, when the line is one.
fn footnote_url(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('[')?;
    let close = rest.find("]: ")?;
    rest[..close].chars().all(|c| c.is_ascii_digit()).then(|| &rest[close + 3..])
}

/// Appends `[n]` after each URL of a plain-text line and collects the URLs.
fn number_links(line: &str, links: &mut Vec<String>) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = find_url(rest) {
        let candidate = &rest[start..];
        let end = candidate
            .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"'))
            .unwrap_or(candidate.len());
        let url = candidate[..end].trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '\'']);
        out.push_str(&rest[..start]);
        out.push_str(url);
        let number = match links.iter().position(|known| known == url) {
            Some(index) => index + 1,
            None => {
                links.push(url.to_string());
                links.len()
            }
        };
        out.push_str(&format!("[{number}]"));
        rest = &candidate[url.len()..];
    }
    out.push_str(rest);
    out
}

fn find_url(text: &str) -> Option<usize> {
    ["https://", "http://", "mailto:"].iter().filter_map(|scheme| text.find(scheme)).min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_part_wins_over_html() {
        let body = render_body(Some("<p>html</p>"), Some("plain"), 40);
        assert_eq!(body.source, BodySource::Text);
        assert_eq!(body.lines[0].text, "plain");
        let html_only = render_body(Some("<p>html</p>"), Some("  "), 40);
        assert_eq!(html_only.source, BodySource::Html);
    }

    #[test]
    fn html_links_become_numbered_footnotes() {
        let html = r#"<p>See <a href="https://example.com/a?b=1">our page</a> and <a href="https://x.y">x</a>.</p>"#;
        let body = render_body(Some(html), None, 60);
        assert_eq!(body.links, ["https://example.com/a?b=1", "https://x.y"]);
        let all: String = body.lines.iter().map(|l| l.text.as_str()).collect();
        assert!(all.contains("our page][1]"), "{all}");
        assert!(!all.contains("https://"), "{all}");
    }

    #[test]
    fn text_links_are_numbered_once() {
        let body =
            render_body(None, Some("Go to https://a.b/c. Or https://a.b/c, or mailto:me@x.y"), 80);
        assert_eq!(body.links, ["https://a.b/c", "mailto:me@x.y"]);
        assert_eq!(
            body.lines[0].text,
            "Go to https://a.b/c[1]. Or https://a.b/c[1], or mailto:me@x.y[2]"
        );
    }

    #[test]
    fn html_is_wrapped_at_the_width_and_quotes_are_marked() {
        let html = "<p>Sure, Tuesday is fine for me and the team.</p><blockquote>Would Tuesday work for a call about the offer?</blockquote>";
        let body = render_body(Some(html), None, 20);
        assert!(body.lines.iter().all(|l| super::super::wrap::width(&l.text) <= 20), "{body:?}");
        assert!(body.lines.iter().any(|l| l.quoted && l.text.starts_with("> ")));
        assert!(!body.lines[0].quoted);
    }

    #[test]
    fn escapes_in_either_part_never_survive() {
        let hostile = "x\u{1b}]0;title\u{7}y\u{9b}31m\u{202e}z";
        let from_text = render_body(None, Some(hostile), 40);
        let from_html = render_body(Some(&format!("<p>{hostile}&#27;[2J&#x9b;</p>")), None, 40);
        for body in [from_text, from_html] {
            for line in &body.lines {
                assert!(!line.text.chars().any(|c| c.is_control() || c == '\u{202e}'), "{line:?}");
            }
        }
    }

    #[test]
    fn narrow_widths_do_not_fail() {
        for width in [0, 1, 5] {
            let body = render_body(Some("<p>hello world</p>"), None, width);
            assert!(!body.lines.is_empty());
        }
    }
}
