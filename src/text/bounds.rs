//! Limits that keep one hostile or huge e-mail from stalling the dashboard: a body is laid
//! out from its first [`MAX_BODY_BYTES`] only, and HTML nested deeper than
//! [`MAX_HTML_DEPTH`] is shown as its text without the markup (the converter's time grows
//! with the depth, and its recursion would run out of stack).

/// Bytes of a body that are laid out; the rest is left out with a note.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// Element nesting up to which HTML is converted with its formatting.
pub const MAX_HTML_DEPTH: usize = 200;

/// Elements that never hold content, so they open no level.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// The first `MAX_BODY_BYTES` of `text` (cut at a character boundary) and whether it was cut.
pub fn cut(text: &str) -> (&str, bool) {
    cut_bytes(text, MAX_BODY_BYTES)
}

/// The first `max` bytes of `text` at most, cut at a character boundary, and whether it was
/// cut: what bounds a text whose width says little of its size (a letter with thousands of
/// combining marks is one column wide).
pub fn cut_bytes(text: &str, max: usize) -> (&str, bool) {
    if text.len() <= max {
        return (text, false);
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[..end], true)
}

/// Whether elements in `html` nest deeper than [`MAX_HTML_DEPTH`] (a scan of its tags; stops
/// as soon as the limit is passed).
pub fn too_deep(html: &str) -> bool {
    let mut depth = 0usize;
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        let closing = rest.starts_with('/');
        let name: String = rest
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if name.is_empty() {
            continue;
        }
        let end = rest.find('>').unwrap_or(rest.len());
        if closing {
            depth = depth.saturating_sub(1);
        } else if !VOID.contains(&name.as_str()) && !rest[..end].ends_with('/') {
            depth += 1;
            if depth > MAX_HTML_DEPTH {
                return true;
            }
        }
    }
    false
}

/// The text of `html` without its tags (a tag ends a line when it is a block), for a
/// document too deep to convert; entities stay as written.
pub fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        rest = &rest[open..];
        let Some(close) = rest.find('>') else { break };
        let tag = rest[1..close].trim_start_matches('/').to_ascii_lowercase();
        if ["p", "div", "br", "li", "tr", "h1", "h2", "h3", "blockquote"]
            .iter()
            .any(|block| tag.split(|c: char| !c.is_ascii_alphanumeric()).next() == Some(block))
            && !out.ends_with('\n')
        {
            out.push('\n');
        }
        rest = &rest[close + 1..];
    }
    if !rest.starts_with('<') {
        out.push_str(rest);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_body_is_cut_on_a_character_boundary() {
        let text = "é".repeat(MAX_BODY_BYTES);
        let (kept, was_cut) = cut(&text);
        assert!(was_cut && kept.len() <= MAX_BODY_BYTES && kept.len() + 1 >= MAX_BODY_BYTES);
        assert_eq!(cut("short"), ("short", false));
    }

    #[test]
    fn depth_counts_open_elements_but_not_void_or_closed_ones() {
        let deep = format!("{}x{}", "<div>".repeat(MAX_HTML_DEPTH + 1), "</div>".repeat(3));
        assert!(too_deep(&deep));
        let flat = "<div><p>a</p><br><img src=x/><p>b</p></div>".repeat(MAX_HTML_DEPTH * 2);
        assert!(!too_deep(&flat));
        let limit = format!("{}x", "<b>".repeat(MAX_HTML_DEPTH));
        assert!(!too_deep(&limit));
    }

    #[test]
    fn stripped_html_keeps_its_text_and_block_breaks() {
        assert_eq!(
            strip_tags("<div><p>Hello <b>you</b></p><p>there</p></div>"),
            "\nHello you\nthere\n"
        );
        assert_eq!(strip_tags("a < b"), "a ");
    }
}
