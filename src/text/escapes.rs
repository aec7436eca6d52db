//! Whole terminal control sequences in a server's text, found so the sanitiser drops each
//! one entire: dropping only its control characters would leave the rest on screen as
//! debris ("[31mRed[0m", "]0;pwned", "]52;c;ZXZpbA==").
//!
//! What counts as one sequence follows the terminals' parser (ECMA-48, as xterm reads it):
//! - CSI (`ESC [` or C1 `CSI`): parameter and intermediate bytes up to its final byte;
//! - OSC (`ESC ]` or C1 `OSC`): up to BEL or ST (`ESC \` or C1 `ST`);
//! - DCS, SOS, PM, APC (`ESC P`, `ESC X`, `ESC ^`, `ESC _` or their C1 forms): up to ST;
//! - any other escape: `ESC`, its intermediate bytes and one final byte.
//!
//! A string (OSC, DCS …) is also ended by CAN or SUB (a terminal aborts it there), by the
//! next `ESC`, and by a line break: a sequence a sender never closed then hides the rest of
//! its line, never the rest of a whole e-mail.

use std::iter::Peekable;

const ESC: char = '\u{1b}';
const BEL: char = '\u{7}';
const CAN: char = '\u{18}';
const SUB: char = '\u{1a}';
/// The C1 string terminator.
const ST: char = '\u{9c}';

/// Whether `first` starts a control sequence; if so the rest of it is taken from `rest`.
/// A lone `ESC` before a character no sequence takes is dropped by itself.
pub fn skip_sequence<I: Iterator<Item = char>>(first: char, rest: &mut Peekable<I>) -> bool {
    match first {
        ESC => {
            match rest.peek().copied() {
                Some('[') => {
                    rest.next();
                    skip_csi(rest);
                }
                Some(']' | 'P' | 'X' | '^' | '_') => {
                    rest.next();
                    skip_string(rest);
                }
                Some('\u{20}'..='\u{2f}') => {
                    while rest.next_if(|c| ('\u{20}'..='\u{2f}').contains(c)).is_some() {}
                    rest.next_if(|c| ('\u{30}'..='\u{7e}').contains(c));
                }
                Some('\u{30}'..='\u{7e}') => {
                    rest.next();
                }
                _ => {}
            }
            true
        }
        '\u{9b}' => {
            skip_csi(rest);
            true
        }
        '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => {
            skip_string(rest);
            true
        }
        _ => false,
    }
}

/// A CSI's parameter and intermediate bytes and its final byte. A character that cannot be
/// part of it ends it there and is left for the caller.
fn skip_csi<I: Iterator<Item = char>>(rest: &mut Peekable<I>) {
    while rest.next_if(|c| ('\u{20}'..='\u{3f}').contains(c)).is_some() {}
    rest.next_if(|c| ('\u{40}'..='\u{7e}').contains(c));
}

/// A control string's body and its terminator.
fn skip_string<I: Iterator<Item = char>>(rest: &mut Peekable<I>) {
    while let Some(c) = rest.peek().copied() {
        match c {
            BEL | ST | CAN | SUB => {
                rest.next();
                return;
            }
            ESC => {
                rest.next();
                // `ESC \` is the terminator; any other escape ends the string and is a
                // sequence of its own.
                if rest.next_if_eq(&'\\').is_none() {
                    skip_sequence(ESC, rest);
                }
                return;
            }
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => return,
            _ => {
                rest.next();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` with every sequence taken out (and nothing else).
    fn without(text: &str) -> String {
        let mut chars = text.chars().peekable();
        let mut out = String::new();
        while let Some(c) = chars.next() {
            if !skip_sequence(c, &mut chars) {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn csi_sequences_go_whole_up_to_their_final_byte() {
        assert_eq!(without("\u{1b}[31mRed\u{1b}[0m Alert"), "Red Alert");
        assert_eq!(without("\u{1b}[1;31mURGENT\u{1b}[0m: due"), "URGENT: due");
        assert_eq!(without("C1\u{9b}2JClear"), "C1Clear");
        assert_eq!(without("\u{1b}[?1049hx\u{1b}[2 qy"), "xy");
        // Cut short by a character that cannot be in it: that character stays.
        assert_eq!(without("\u{1b}[31é"), "é");
    }

    #[test]
    fn strings_go_up_to_bel_or_st_in_either_form() {
        assert_eq!(without("\u{1b}]0;pwned\u{7}Title"), "Title");
        assert_eq!(without("a\u{1b}]52;c;ZXZpbA==\u{1b}\\b"), "ab");
        assert_eq!(without("a\u{9d}8;;file:///etc/passwd\u{9c}link"), "alink");
        assert_eq!(without("a\u{1b}Pq#0;2;0;0;0\u{1b}\\b"), "ab");
        assert_eq!(without("a\u{1b}_Gf=100;AAAA\u{1b}\\b\u{9f}apc\u{9c}c"), "abc");
        assert_eq!(without("a\u{1b}^pm\u{7}b\u{1b}Xsos\u{1b}\\c\u{90}dcs\u{9c}d"), "abcd");
        assert_eq!(without("a\u{98}sos\u{9c}b\u{9e}pm\u{9c}c"), "abc");
    }

    #[test]
    fn an_escape_inside_a_string_ends_it_and_starts_its_own() {
        assert_eq!(without("\u{1b}]0;x\u{1b}[31mred"), "red");
        assert_eq!(without("\u{1b}]0;x\u{18}after"), "after");
    }

    #[test]
    fn an_unterminated_string_hides_the_rest_of_its_line_only() {
        assert_eq!(without("Hi \u{1b}]0;never closed\nnext line"), "Hi \nnext line");
        assert_eq!(without("Hi \u{1b}]0;never closed"), "Hi ");
    }

    #[test]
    fn short_escapes_and_lone_escapes() {
        assert_eq!(without("a\u{1b}cb\u{1b}7c\u{1b}(Bd"), "abcd");
        assert_eq!(without("a\u{1b}é"), "aé");
        assert_eq!(without("a\u{1b}"), "a");
    }
}
