//! An e-mail body made readable at a given width: the text part when there is one, else
//! the HTML part converted to text; sanitised, wrapped, quoted history marked, and links
//! numbered as footnotes.

use super::bounds::{self, MAX_BODY_BYTES, MAX_HTML_DEPTH};
use super::quotes::quoted_lines;
use super::sanitize_multiline;
use super::urls::urls_in;
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
/// character is wider), and the links of what is shown of it, numbered from 1: each link
/// once, in the order the text gives them, whether it names them by a `[n]` reference (an
/// HTML link, renumbered to its place in this list) or writes the URL out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedBody {
    pub lines: Vec<BodyLine>,
    pub links: Vec<String>,
    pub source: BodySource,
    /// What was left out of a huge or too deeply nested body, to show after it.
    pub note: Option<String>,
}

/// Renders a body at `width` columns, its quoted history folded (its links not listed).
/// Every character that reaches the result is sanitised (entities the HTML decodes
/// included), so the lines are safe to put on a terminal.
pub fn render_body(html: Option<&str>, text: Option<&str>, width: usize) -> RenderedBody {
    render_body_showing(html, text, width, false)
}

/// [`render_body`], listing the links of the quoted history too when it is shown.
pub fn render_body_showing(
    html: Option<&str>,
    text: Option<&str>,
    width: usize,
    quotes_shown: bool,
) -> RenderedBody {
    let width = width.max(1);
    let shown = Shown { width, quotes: quotes_shown };
    if let Some(text) = text.filter(|t| !t.trim().is_empty()) {
        let (kept, was_cut) = bounds::cut(text);
        return with_note(from_text(kept, shown), was_cut.then(|| cut_note(text)));
    }
    if let Some(html) = html.filter(|h| !h.trim().is_empty()) {
        let (kept, was_cut) = bounds::cut(html);
        if bounds::too_deep(kept) {
            let note = format!(
                "(The HTML of this message nests deeper than {MAX_HTML_DEPTH} levels; its text is shown without formatting{}.)",
                if was_cut {
                    format!(", and only its first {} kB", MAX_BODY_BYTES / 1024)
                } else {
                    String::new()
                }
            );
            let plain = bounds::strip_tags(kept);
            let rendered = from_text(&plain, shown);
            return with_note(RenderedBody { source: BodySource::Html, ..rendered }, Some(note));
        }
        return with_note(from_html(kept, shown), was_cut.then(|| cut_note(html)));
    }
    RenderedBody { lines: Vec::new(), links: Vec::new(), source: BodySource::Empty, note: None }
}

/// Says how much of a body that was cut is shown.
fn cut_note(whole: &str) -> String {
    format!(
        "(Message cut: only its first {} kB of {} kB are shown.)",
        MAX_BODY_BYTES / 1024,
        whole.len().div_ceil(1024)
    )
}

fn with_note(rendered: RenderedBody, note: Option<String>) -> RenderedBody {
    RenderedBody { note, ..rendered }
}

/// The width to lay out at, and whether quoted history is shown (its links listed).
#[derive(Clone, Copy)]
struct Shown {
    width: usize,
    quotes: bool,
}

fn from_text(text: &str, shown: Shown) -> RenderedBody {
    // A URL in a text part is its own link text: shown as written, and listed.
    let clean = sanitize_multiline(text).replace('\t', TAB);
    let lines: Vec<&str> = clean.lines().collect();
    let (lines, links) = finish(&lines, &[], shown);
    RenderedBody { lines, links, source: BodySource::Text, note: None }
}

fn from_html(html: &str, shown: Shown) -> RenderedBody {
    let width = shown.width;
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
    let (text, footnotes) = unnumber_bare_links(&lines.join("\n"), &links);
    let lines: Vec<&str> = text.lines().collect();
    let (lines, links) = finish(&lines, &footnotes, shown);
    RenderedBody { lines, links, source: BodySource::Html, note: None }
}

/// Marks quoted history, lists the links of what is shown (see [`list_links`]), then wraps
/// each line keeping its mark.
fn finish(lines: &[&str], footnotes: &[String], shown: Shown) -> (Vec<BodyLine>, Vec<String>) {
    let quoted = quoted_lines(lines);
    let (lines, links) = list_links(lines, &quoted, footnotes, shown.quotes);
    let mut out = Vec::with_capacity(lines.len());
    for (line, quoted) in lines.iter().zip(quoted) {
        for piece in wrap_line(line, shown.width) {
            out.push(BodyLine { text: piece, quoted });
        }
    }
    while out.last().is_some_and(|line| line.text.trim().is_empty()) {
        out.pop();
    }
    (out, links)
}

/// The links of the lines shown (quoted ones only when `quotes_shown`), each once, in the
/// order they come: a `[text][n]` reference stands for footnote `n`, a URL written out for
/// itself. Every reference is renumbered to its link's place in that list, so the numbers
/// drawn are the ones `y` and `o` take; a link only folded history names is not listed (and
/// its reference, not drawn, keeps its number).
fn list_links(
    lines: &[&str],
    quoted: &[bool],
    footnotes: &[String],
    quotes_shown: bool,
) -> (Vec<String>, Vec<String>) {
    let mut links: Vec<String> = Vec::new();
    for (line, &quoted) in lines.iter().zip(quoted) {
        if quoted && !quotes_shown {
            continue;
        }
        let mut found: Vec<(usize, &str)> = references(line, footnotes.len())
            .into_iter()
            .map(|(at, _, number)| (at, footnotes[number - 1].as_str()))
            .collect();
        found.extend(urls_in(line));
        crate::sorting::sort_by_key(&mut found, |(at, _)| *at);
        for (_, url) in found {
            if !links.iter().any(|known| known == url) {
                links.push(url.to_string());
            }
        }
    }
    let place = |number: usize| links.iter().position(|url| *url == footnotes[number - 1]);
    let renumbered = lines
        .iter()
        .map(|line| {
            let mut out = String::with_capacity(line.len());
            let mut from = 0;
            for (at, end, number) in references(line, footnotes.len()) {
                if let Some(place) = place(number) {
                    out.push_str(&line[from..at]);
                    out.push_str(&format!("][{}]", place + 1));
                    from = end;
                }
            }
            out.push_str(&line[from..]);
            out
        })
        .collect();
    (renumbered, links)
}

/// The footnote references `][n]` of a line (n from 1 to `count`): where each starts, where
/// it ends, and its number.
fn references(line: &str, count: usize) -> Vec<(usize, usize, usize)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(offset) = line[from..].find("][") {
        let at = from + offset;
        let after = &line[at + 2..];
        let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        let number = after[..digits].parse::<usize>().ok().filter(|n| (1..=count).contains(n));
        match number {
            Some(number) if after[digits..].starts_with(']') => {
                found.push((at, at + 2 + digits + 1, number));
                from = at + 2 + digits + 1;
            }
            _ => from = at + 1,
        }
    }
    found
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

/// A link whose text is its own URL (`[https://x][2]` from `<a href="https://x">https://x</a>`)
/// is shown as the bare URL with no footnote, which would only repeat it; the other links
/// are numbered again from 1. Returns the text and the footnotes left.
fn unnumber_bare_links(text: &str, links: &[String]) -> (String, Vec<String>) {
    let bare: Vec<bool> = links
        .iter()
        .enumerate()
        .map(|(index, url)| text.contains(&format!("[{url}][{}]", index + 1)))
        .collect();
    if !bare.contains(&true) {
        return (text.to_string(), links.to_vec());
    }
    let mut renumbered = vec![0; links.len()];
    let mut kept = Vec::new();
    for (index, url) in links.iter().enumerate() {
        if !bare[index] {
            kept.push(url.clone());
            renumbered[index] = kept.len();
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("][") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        let number =
            after[..digits].parse::<usize>().ok().filter(|n| (1..=links.len()).contains(n));
        let Some(number) = number.filter(|_| after[digits..].starts_with(']')) else {
            out.push_str("][");
            rest = after;
            continue;
        };
        let url = &links[number - 1];
        if bare[number - 1] && out.ends_with(&format!("[{url}")) {
            out.truncate(out.len() - url.len() - 1);
            out.push_str(url);
        } else if bare[number - 1] {
            // Its footnote is gone: the reference goes with it.
            out.push(']');
        } else {
            out.push_str(&format!("][{}]", renumbered[number - 1]));
        }
        rest = &after[digits + 1..];
    }
    out.push_str(rest);
    (out, kept)
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
    fn bare_urls_stay_as_written_and_are_listed_once_in_order() {
        let body =
            render_body(None, Some("Go to https://a.b/c. Or https://a.b/c, or mailto:me@x.y"), 80);
        assert_eq!(body.links, ["https://a.b/c", "mailto:me@x.y"]);
        assert_eq!(body.lines[0].text, "Go to https://a.b/c. Or https://a.b/c, or mailto:me@x.y");
        let html = r#"<p>See <a href="https://a.example/x">https://a.example/x</a>, <a href="https://b.y">our page</a> and <a href="https://c.z">https://c.z</a>.</p>"#;
        let body = render_body(Some(html), None, 100);
        assert_eq!(body.links, ["https://a.example/x", "https://b.y", "https://c.z"]);
        let all: String = body.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(all, "See https://a.example/x, [our page][2] and https://c.z.");
    }

    #[test]
    fn links_of_folded_history_are_not_listed_and_a_repeated_one_is_listed_once() {
        let html = r#"<p>Thanks! <a href="https://u.example/1">Unsubscribe</a></p>
            <blockquote><p>Hi <a href="https://u.example/1">Unsubscribe</a>
            <a href="https://old.example">old</a></p></blockquote>"#;
        let folded = render_body_showing(Some(html), None, 80, false);
        assert_eq!(folded.links, ["https://u.example/1"]);
        let shown = render_body_showing(Some(html), None, 80, true);
        assert_eq!(shown.links, ["https://u.example/1", "https://old.example"]);
        let all: Vec<&str> = shown.lines.iter().map(|l| l.text.as_str()).collect();
        let all = all.join("\n");
        assert!(all.contains("[Unsubscribe][1]") && all.contains("[old][2]"), "{all}");
        assert!(!all.contains("][3]"), "the repeated link has one number: {all}");
        let text = "Sure.\n\nOn Mon, Ann wrote:\n> Unsubscribe: https://u.example/2";
        assert!(render_body_showing(None, Some(text), 80, false).links.is_empty());
        assert_eq!(render_body_showing(None, Some(text), 80, true).links, ["https://u.example/2"]);
    }

    #[test]
    fn html_is_wrapped_at_the_width_and_quotes_are_marked() {
        let html = "<p>Sure, Tuesday is fine for me and the team.</p><blockquote>Would Tuesday work for a call about the offer?</blockquote>";
        let body = render_body(Some(html), None, 20);
        assert!(body.lines.iter().all(|l| crate::text::wrap::width(&l.text) <= 20), "{body:?}");
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
