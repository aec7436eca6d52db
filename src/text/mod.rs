//! Untrusted text from the API made safe for a terminal (DESIGN §6), and e-mail bodies
//! made readable: HTML to text at a width, quoted history, link footnotes, wrapping.

mod body;
mod quotes;
mod wrap;

pub use body::{BodyLine, BodySource, RenderedBody, render_body};
pub use quotes::quoted_lines;
pub use wrap::{quote_prefix, truncate, width, wrap_line};

/// Characters that could move the cursor, recolour, retitle or reorder what the user sees,
/// or hide text: C0 and C1 controls, DEL, bidi controls, zero-width characters, soft hyphen.
fn is_dangerous(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        | '\u{061c}' | '\u{feff}' | '\u{00ad}')
}

/// One-line text (names, subjects, statuses): every dangerous character removed, and line
/// breaks and tabs turned into spaces so a value cannot break a table row.
pub fn sanitize(text: &str) -> String {
    if !text.chars().any(is_dangerous) {
        return text.to_string();
    }
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if is_dangerous(c) => None,
            c => Some(c),
        })
        .collect()
}

/// Multi-line text (e-mail bodies): like [`sanitize`] but keeps `\n` and `\t`;
/// `\r\n` and lone `\r` become `\n`.
pub fn sanitize_multiline(text: &str) -> String {
    let unified = text.replace("\r\n", "\n").replace('\r', "\n");
    unified.chars().filter(|c| matches!(c, '\n' | '\t') || !is_dangerous(*c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_bidi_controls_are_removed() {
        let hostile = "Ann\u{1b}[31m Red\u{1b}]0;pwned\u{7}\u{202e}evil\u{200b}\u{9b}2J";
        let clean = sanitize(hostile);
        assert!(!clean.chars().any(is_dangerous), "{clean:?}");
        assert_eq!(clean, "Ann[31m Red]0;pwnedevil2J");
    }

    #[test]
    fn one_line_text_cannot_break_a_row_but_bodies_keep_lines() {
        assert_eq!(sanitize("a\nb\tc"), "a b c");
        assert_eq!(sanitize_multiline("a\r\nb\rc\t\u{1b}d"), "a\nb\nc\td");
    }

    #[test]
    fn plain_text_is_unchanged() {
        for text in ["Zoë Ångström", "李小龙", "שלום", "e\u{301}"] {
            assert_eq!(sanitize(text), text);
        }
    }
}
