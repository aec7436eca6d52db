//! Word wrapping by display width (wide and combining characters count as the terminal
//! shows them), keeping a quote prefix such as `> > ` on every wrapped piece.

use unicode_width::UnicodeWidthChar;

/// The display width of a text in terminal columns, counted as a terminal counts it: each
/// character on its own (`wcwidth`), not by grapheme cluster, except that an emoji
/// presentation selector (U+FE0F) makes the character before it two columns wide. A ZWJ
/// emoji sequence is so as wide as its parts. Laying out by one count while the terminal
/// moves its cursor by another would shift every border after the text.
pub fn width(text: &str) -> usize {
    let mut previous = 0;
    text.chars().map(|c| char_width(c, &mut previous)).sum()
}

/// The columns `c` adds after a character `previous` columns wide (updated for the next).
fn char_width(c: char, previous: &mut usize) -> usize {
    let w = match c {
        '\u{fe0f}' if *previous == 1 => 1,
        c => c.width().unwrap_or(0),
    };
    *previous = if c == '\u{fe0f}' { 0 } else { w };
    w
}

/// Cuts a text to at most `max` columns, ending with `…` when something was cut.
pub fn truncate(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    let mut previous = 0;
    for c in text.chars() {
        let w = char_width(c, &mut previous);
        if used + w > max - 1 {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// The leading quote marks of a line (`>`, `> >`, `>>` with their spaces), if any.
pub fn quote_prefix(line: &str) -> &str {
    let mut end = 0;
    for (index, c) in line.char_indices() {
        match c {
            '>' => end = index + 1,
            ' ' if end > 0 || line[..index].trim().is_empty() => {
                if end > 0 {
                    end = index + 1;
                }
            }
            _ => break,
        }
    }
    &line[..end]
}

/// Wraps one line (no `\n` inside) to `max` columns. Breaks at spaces; a word longer than a
/// whole line is cut. A quote prefix is repeated on every piece. Never returns an empty list.
pub fn wrap_line(line: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    if width(line) <= max {
        return vec![line.trim_end().to_string()];
    }
    let prefix = quote_prefix(line);
    let (prefix, room) =
        if width(prefix) * 2 <= max { (prefix, max - width(prefix)) } else { ("", max) };
    let rest = &line[prefix.len()..];
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut used = 0;
    for word in rest.split(' ') {
        let word_width = width(word);
        let gap = usize::from(!current.is_empty());
        if used + gap + word_width <= room {
            if gap == 1 {
                current.push(' ');
            }
            current.push_str(word);
            used += gap + word_width;
            continue;
        }
        if !current.is_empty() {
            pieces.push(std::mem::take(&mut current));
            used = 0;
        }
        if word_width <= room {
            current.push_str(word);
            used = word_width;
        } else {
            let mut previous = 0;
            for c in word.chars() {
                let w = char_width(c, &mut previous);
                if used + w > room && !current.is_empty() {
                    pieces.push(std::mem::take(&mut current));
                    used = 0;
                }
                current.push(c);
                used += w;
            }
        }
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(current);
    }
    pieces.into_iter().map(|piece| format!("{prefix}{}", piece.trim_end())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_within_the_width() {
        let pieces = wrap_line("the quick brown fox jumps over the lazy dog", 10);
        assert_eq!(pieces, ["the quick", "brown fox", "jumps over", "the lazy", "dog"]);
        assert!(pieces.iter().all(|p| width(p) <= 10));
    }

    #[test]
    fn long_words_are_cut_and_wide_characters_counted() {
        assert_eq!(wrap_line("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        let wide = wrap_line("李小龙李小龙", 5);
        assert!(wide.iter().all(|p| width(p) <= 5), "{wide:?}");
        assert_eq!(wide.concat(), "李小龙李小龙");
    }

    #[test]
    fn quote_prefix_is_kept_on_every_piece() {
        let pieces = wrap_line("> > older text that wraps", 12);
        assert!(pieces.iter().all(|p| p.starts_with("> > ")), "{pieces:?}");
        assert_eq!(quote_prefix("  > x"), "  > ");
        assert_eq!(quote_prefix(">>x"), ">>");
        assert_eq!(quote_prefix("a > b"), "");
    }

    /// Where a terminal emulator's cursor ends after printing `text` from column 0.
    fn terminal_columns(text: &str) -> usize {
        let size = |n| std::num::NonZeroU16::new(n).expect("not zero");
        let mut parser = vt100::Parser::new(size(2), size(200), 0);
        parser.process(text.as_bytes());
        usize::from(parser.screen().cursor_position().1)
    }

    #[test]
    fn widths_are_counted_as_the_terminal_counts_them() {
        for text in ["abc", "李小龙", "e\u{301}", "❤\u{fe0f}", "👩\u{200d}💻", "ﾊﾝｶｸ", "🇫🇷", "각"]
        {
            assert_eq!(width(text), terminal_columns(text), "{text:?}");
        }
    }

    #[test]
    fn truncate_marks_the_cut() {
        assert_eq!(truncate("hello world", 6), "hello…");
        assert_eq!(truncate("hi", 6), "hi");
        assert_eq!(truncate("李小龙", 4), "李…");
    }
}
