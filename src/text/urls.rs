//! URLs in text: which may become links or be opened, and where a URL ends. One rule for the
//! links a chain lists under each message, the ones `y` and `o` pick from, and the cells
//! drawn as links.

/// Schemes a link may have; anything else (javascript:, file:, data: …) stays plain text.
pub const SCHEMES: [&str; 3] = ["https://", "http://", "mailto:"];
/// The longest URL made a link or opened; longer ones are left as text.
const MAX_URL: usize = 2048;

/// `url` if it may be a link or be opened: http, https or mailto, printable ASCII with no
/// space, quote or angle bracket, a host after the scheme, at most [`MAX_URL`] bytes.
pub fn safe_url(url: &str) -> Option<&str> {
    let url = url.trim();
    let scheme = SCHEMES.iter().find(|s| starts_with_ignore_case(url, s))?;
    let fine = url.len() > scheme.len()
        && url.len() <= MAX_URL
        && url.bytes().all(|b| b.is_ascii_graphic() && !matches!(b, b'"' | b'<' | b'>' | b'`'));
    fine.then_some(url)
}

/// Whether `text` starts with a link's scheme (any case).
pub fn starts_with_scheme(text: &str) -> bool {
    SCHEMES.iter().any(|scheme| starts_with_ignore_case(text, scheme))
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len()).is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// Whether `c` ends the run of a URL: white space, a quote, an angle bracket, a backslash
/// (never part of a URL), or the `[` of a footnote reference written after it.
pub fn ends_url(c: char) -> bool {
    c.is_whitespace() || "<>\"`[\\".contains(c)
}

/// A run of URL characters without the punctuation that ends the sentence around it.
pub fn trim_url(run: &str) -> &str {
    run.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '\''])
}

/// The URLs written in `line`, in order, with where each starts (a byte offset): every run
/// that starts with a scheme, up to what [`ends_url`], trimmed, and safe to link.
pub fn urls_in(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = line[at..].find(['h', 'H', 'm', 'M']) {
        let start = at + offset;
        let rest = &line[start..];
        if !starts_with_scheme(rest) {
            at = start + 1;
            continue;
        }
        let end = rest.find(ends_url).unwrap_or(rest.len());
        if let Some(url) = safe_url(trim_url(&rest[..end])) {
            found.push((start, url));
        }
        at = start + end.max(1);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_https_and_mailto_are_safe() {
        assert_eq!(safe_url("https://x.example/a?b=1"), Some("https://x.example/a?b=1"));
        assert_eq!(safe_url("MAILTO:ann@x.com"), Some("MAILTO:ann@x.com"));
        for bad in ["javascript:alert(1)", "file:///etc/passwd", "https://", "https://x\u{1b}]8"] {
            assert_eq!(safe_url(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn urls_end_where_the_sentence_goes_on() {
        let line =
            "See https://a.b/c. Or (https://a.b/d), mailto:me@x.y or [page][2] http://e.f[3]";
        let urls: Vec<&str> = urls_in(line).into_iter().map(|(_, url)| url).collect();
        assert_eq!(urls, ["https://a.b/c", "https://a.b/d", "mailto:me@x.y", "http://e.f"]);
        assert_eq!(urls_in("hm, https:// nothing, homepage")[..], []);
        assert_eq!(urls_in("é https://x.y")[0], (3, "https://x.y"));
        assert_eq!(
            urls_in("osc8]8;;https://evil.example\\link]8;;\\")[0].1,
            "https://evil.example"
        );
    }
}
