//! Folded text cut into the pieces dates are read from: words, numbers (with the dots,
//! slashes and hyphens inside them: "03.12.", "3/12", "2026-12-03") and the few marks that
//! matter between them. Tokens borrow the text; one `Vec` per notice.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    Word(&'a str),
    /// A number: its parts between separators, the separator, whether a dot ended it
    /// ("3." is a German ordinal, "03.12." a date without a year), and a letter suffix
    /// ("3rd", "15e", "14h").
    Number {
        parts: [u32; 3],
        digits: [u8; 3],
        count: u8,
        sep: u8,
        dot: bool,
        suffix: &'a str,
    },
    /// A dash standing alone: a range ("21 - 27 Dec").
    Dash,
    /// ':' — after a number it is a time.
    Colon,
    /// The end of a line, '?', '!' or ';': an anchor does not reach across it.
    Break,
}

/// `text` (folded) as tokens.
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(text.len() / 5);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_digit() {
            i = number(text, i, &mut out);
        } else if b.is_ascii_alphabetic() {
            let start = i;
            // An apostrophe inside a word belongs to it: "jusqu'au", "all'11", "let's".
            while i < bytes.len()
                && (bytes[i].is_ascii_alphabetic() || (bytes[i] == b'\'' && start < i))
            {
                i += 1;
            }
            // "t/m": the Dutch "up to and including", one word; and the Swedish "t.o.m." and
            // "fr.o.m." ("to and with", "from and with").
            if &text[start..i] == "t" && text[i..].starts_with("/m") {
                i += 2;
            } else if matches!(&text[start..i], "t" | "fr") && text[i..].starts_with(".o.m") {
                i += 4;
            }
            out.push(Token::Word(&text[start..i]));
        } else {
            let kind = match b {
                b'-' => Some(Token::Dash),
                b':' => Some(Token::Colon),
                b'\n' | b'?' | b'!' | b';' => Some(Token::Break),
                _ => None,
            };
            if let Some(token) = kind {
                out.push(token);
            }
            i += 1;
        }
    }
    out
}

/// Reads the number at `start`, pushes it, returns where reading goes on.
fn number<'a>(text: &'a str, start: usize, out: &mut Vec<Token<'a>>) -> usize {
    let bytes = text.as_bytes();
    let mut parts = [0u32; 3];
    let mut digits = [0u8; 3];
    let mut count = 0usize;
    let mut sep = 0u8;
    let mut i = start;
    loop {
        let mut value: u32 = 0;
        let mut n = 0u8;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            value = value.saturating_mul(10).saturating_add(u32::from(bytes[i] - b'0'));
            n = n.saturating_add(1);
            i += 1;
        }
        if count < 3 {
            parts[count] = value;
            digits[count] = n;
        }
        count += 1;
        // A separator joins two parts only when a digit follows it and it is the same
        // separator as before: "3/12", "03.12.2026", not "3.5-4".
        let joins = i + 1 < bytes.len()
            && matches!(bytes[i], b'.' | b'/' | b'-')
            && bytes[i + 1].is_ascii_digit()
            && (sep == 0 || sep == bytes[i]);
        if !joins {
            break;
        }
        sep = bytes[i];
        i += 1;
    }
    let dot = i < bytes.len() && bytes[i] == b'.' && (sep == 0 || sep == b'.');
    if dot {
        i += 1;
    }
    let suffix_start = i;
    while !dot && i < bytes.len() && bytes[i].is_ascii_alphabetic() {
        i += 1;
    }
    let count = if count > 3 { 0 } else { count as u8 };
    out.push(Token::Number { parts, digits, count, sep, dot, suffix: &text[suffix_start..i] });
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_their_shape() {
        assert_eq!(tokens("t.o.m. 8")[0], Token::Word("t.o.m"));
        let got = tokens("bis 03.12. t/m 3rd 2026-12-03 10:00");
        assert_eq!(got[0], Token::Word("bis"));
        assert!(matches!(
            got[1],
            Token::Number { parts: [3, 12, 0], count: 2, sep: b'.', dot: true, .. }
        ));
        assert_eq!(got[2], Token::Word("t/m"));
        assert!(matches!(got[3], Token::Number { parts: [3, 0, 0], count: 1, suffix: "rd", .. }));
        assert!(matches!(got[4], Token::Number { parts: [2026, 12, 3], count: 3, sep: b'-', .. }));
        assert!(matches!(got[5], Token::Number { parts: [10, 0, 0], count: 1, .. }));
        assert_eq!(got[6], Token::Colon);
    }
}
