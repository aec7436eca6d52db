//! The score of an ASCII word in a row of folded columns, computed over the row's UTF-8 bytes
//! without widening them to characters for nucleo: the common case of every keystroke, about
//! ten times cheaper than calling nucleo per column. An ASCII letter can only match an ASCII
//! byte, so the scans work on bytes; the characters beyond ASCII count once each in a gap
//! and give the letter after them the bonus nucleo gives (by their class).
//!
//! It scores like fzf's `calculateScore` (algo.go) with nucleo's constants (nucleo's
//! `calculate_score`, which its optimal matcher also uses for a contiguous window), so scores
//! of ASCII rows and of the rows nucleo scores (with accents) share one scale. The windows
//! scored, the best of them kept:
//! - every contiguous occurrence of the word, so "Achen Chen" counts its word-start "chen";
//! - in each column, fzf's "v1" window: the first complete subsequence scanning forward,
//!   shortened by scanning backward from its end; and that window unshortened, whose first
//!   letter may sit at a word start ("e/b" in "europe/berlin").
//!
//! nucleo's optimal matcher tries every alignment, so it may score a row higher than these
//! windows do, never lower (tested); what matches is the same.
//!
//! A letter matches only within its column: the columns are separated by
//! [`SEPARATOR`] (the filter's column separator), which counts as the start of the text (as
//! whitespace) for the bonus of the letter after it.

use super::positions;

/// Separates the columns of a row (ASCII unit separator: sanitised cells cannot contain it).
pub const SEPARATOR: u8 = 0x1f;

// nucleo's constants (score.rs), which are fzf's.
const SCORE_MATCH: u16 = 16;
const PENALTY_GAP_START: u16 = 3;
const PENALTY_GAP_EXTENSION: u16 = 1;
const BONUS_BOUNDARY: u16 = SCORE_MATCH / 2;
const BONUS_BOUNDARY_WHITE: u16 = BONUS_BOUNDARY + 2;
const BONUS_BOUNDARY_DELIMITER: u16 = BONUS_BOUNDARY + 1;
const BONUS_CAMEL123: u16 = BONUS_BOUNDARY - PENALTY_GAP_START;
const BONUS_NON_WORD: u16 = BONUS_BOUNDARY;
const BONUS_CONSECUTIVE: u16 = PENALTY_GAP_START + PENALTY_GAP_EXTENSION;
const BONUS_FIRST_CHAR_MULTIPLIER: u16 = 2;

/// nucleo's character classes (ordered as its `CharClass`: above `DELIMITER` is a word).
const WHITESPACE: u8 = 0;
const NON_WORD: u8 = 1;
const DELIMITER: u8 = 2;
const LOWER: u8 = 3;
const UPPER: u8 = 4;
const LETTER: u8 = 5;
const NUMBER: u8 = 6;

/// The class of each byte. The column separator is whitespace: a column starts as a text
/// does for nucleo (its initial class is whitespace).
const CLASS: [u8; 256] = {
    let mut table = [NON_WORD; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_lowercase() {
            LOWER
        } else if byte.is_ascii_uppercase() {
            UPPER
        } else if byte.is_ascii_digit() {
            NUMBER
        } else if byte.is_ascii_whitespace() || byte == SEPARATOR {
            WHITESPACE
        } else if matches!(byte, b'/' | b',' | b':' | b';' | b'|') {
            DELIMITER
        } else {
            NON_WORD
        };
        b += 1;
    }
    table
};

/// nucleo's `bonus_for(previous class, class)` for every pair of classes.
const BONUS: [[u16; 7]; 7] = {
    let mut table = [[0; 7]; 7];
    let mut prev = 0;
    while prev < 7 {
        let mut class = 0;
        while class < 7 {
            let (p, c) = (prev as u8, class as u8);
            table[prev][class] = if c > DELIMITER && p == WHITESPACE {
                BONUS_BOUNDARY_WHITE
            } else if c > DELIMITER && p == DELIMITER {
                BONUS_BOUNDARY_DELIMITER
            } else if c > DELIMITER && p == NON_WORD {
                BONUS_BOUNDARY
            } else if (p == LOWER && c == UPPER) || (p != NUMBER && c == NUMBER) {
                BONUS_CAMEL123
            } else if c == WHITESPACE {
                BONUS_BOUNDARY_WHITE
            } else if c == NON_WORD {
                BONUS_NON_WORD
            } else {
                0
            };
            class += 1;
        }
        prev += 1;
    }
    table
};

/// The bonus of the ASCII letter at `at` of `row`, by its class and the class of the
/// character before.
#[inline]
fn bonus_at(row: &[u8], at: usize) -> u16 {
    let prev = match at {
        0 => WHITESPACE,
        _ if row[at - 1].is_ascii() => CLASS[usize::from(row[at - 1])],
        _ => wide_class_before(row, at),
    };
    BONUS[usize::from(prev)][usize::from(CLASS[usize::from(row[at])])]
}

/// The class of the character beyond ASCII that ends just before `at`, as nucleo's
/// `char_class_non_ascii` gives it.
#[cold]
fn wide_class_before(row: &[u8], at: usize) -> u8 {
    let start = (at.saturating_sub(4)..at).rev().find(|&i| !is_continuation(row[i])).unwrap_or(0);
    let Some(c) = std::str::from_utf8(&row[start..at]).ok().and_then(|s| s.chars().next()) else {
        return NON_WORD;
    };
    if c.is_lowercase() {
        LOWER
    } else if nucleo_matcher::chars::is_upper_case(c) {
        UPPER
    } else if c.is_numeric() {
        NUMBER
    } else if c.is_alphabetic() {
        LETTER
    } else if c.is_whitespace() {
        WHITESPACE
    } else {
        NON_WORD
    }
}

/// Whether a byte continues a UTF-8 character (which then counts once, at its first byte).
#[inline]
fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// Where `byte` first occurs in `text` from `from` on. Columns are a few dozen bytes: a plain
/// scan, where memchr's set-up per call cost more than the scan itself.
#[inline]
fn position(text: &[u8], byte: u8, from: usize) -> Option<usize> {
    text[from..].iter().position(|&b| b == byte).map(|found| from + found)
}

/// A filter word of ASCII letters (already lower-cased), ready to look for in rows.
pub struct AsciiWord {
    bytes: Vec<u8>,
    /// The most a window can score: the word whole, at the start of a column.
    best_possible: u16,
}

impl AsciiWord {
    /// `None` for an empty word or one with a byte a row cannot hold.
    pub fn new(bytes: Vec<u8>) -> Option<AsciiWord> {
        if bytes.is_empty() || !bytes.is_ascii() || bytes.contains(&SEPARATOR) {
            return None;
        }
        let n = bytes.len().min(usize::from(u16::MAX / 64)) as u16;
        let best_possible = SCORE_MATCH * n
            + BONUS_BOUNDARY_WHITE * BONUS_FIRST_CHAR_MULTIPLIER
            + BONUS_BOUNDARY_WHITE * (n - 1);
        Some(AsciiWord { bytes, best_possible })
    }

    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The most the word can score in a column: no other column can do better.
    pub fn best_possible(&self) -> u16 {
        self.best_possible
    }

    /// The word's best score in any column of `row` (folded), `None` when no column holds
    /// its letters in order. (The filter scores each distinct column text once instead.)
    #[cfg(test)]
    pub fn best_in(&self, row: &[u8]) -> Option<u16> {
        row.split(|&byte| byte == SEPARATOR).map(|column| self.best_in_column(column)).max()?
    }

    /// [`AsciiWord::best_in_text`] of a column with nothing after it.
    #[cfg(test)]
    pub fn best_in_column(&self, column: &[u8]) -> Option<u16> {
        self.best_in_text(column, column)
    }

    /// The word's best score in one column (folded, without a separator), `None` when it
    /// does not hold the word's letters in order. `ahead` is the column and what follows it
    /// in memory: a short column is read sixteen bytes at a time, beyond its end if need be.
    pub fn best_in_text(&self, column: &[u8], ahead: &[u8]) -> Option<u16> {
        if column.len() <= positions::MOST_BYTES && self.bytes.len() <= positions::MOST_LETTERS {
            let mut masks = [0; positions::MOST_LETTERS];
            let masks = &mut masks[..self.bytes.len()];
            positions::of(ahead, column.len(), &self.bytes, masks);
            return match masks {
                [letter] => self.best_letter_in(column, *letter),
                masks => self.best_window_in(column, masks),
            };
        }
        self.best_walking(column)
    }

    /// [`AsciiWord::best_in_column`] walking the column's bytes, for a long column or word.
    fn best_walking(&self, column: &[u8]) -> Option<u16> {
        match self.bytes[..] {
            [letter] => self.best_letter(column, letter),
            _ => self.best_window(column),
        }
    }

    /// [`AsciiWord::best_letter`] over where the letter stands (`letter`, one bit a byte).
    fn best_letter_in(&self, column: &[u8], mut letter: u64) -> Option<u16> {
        let mut best = None;
        while let Some(at) = positions::lowest(letter) {
            let score = SCORE_MATCH + bonus_at(column, at) * BONUS_FIRST_CHAR_MULTIPLIER;
            best = best.max(Some(score));
            if score == self.best_possible {
                break;
            }
            letter &= letter - 1;
        }
        best
    }

    /// [`AsciiWord::best_window`] over where each letter stands (`masks`, one a letter).
    fn best_window_in(&self, column: &[u8], masks: &[u64]) -> Option<u16> {
        // fzf's v1 window, as `first_window` finds it.
        let first = positions::lowest(masks[0])?;
        let mut at = first;
        for mask in &masks[1..] {
            at = positions::lowest(mask & positions::above(at))?;
        }
        let end = at + 1;
        let mut start = end;
        for mask in masks.iter().rev() {
            // Found scanning forward, so found again scanning back.
            start = positions::highest(mask & positions::below(start)).unwrap_or(0);
        }
        let mut best = self.score(column, start, end);
        if first < start {
            best = best.max(self.score(column, first, end));
        }
        // Contiguous occurrences, none of which ends before the window does.
        let length = self.bytes.len();
        let mut whole = positions::whole(masks) & !positions::below(end - length);
        while best < self.best_possible {
            let Some(at) = positions::lowest(whole) else { break };
            best = best.max(self.score(column, at, at + length));
            whole &= whole - 1;
        }
        Some(best)
    }

    /// One letter: its best-placed occurrence.
    fn best_letter(&self, column: &[u8], letter: u8) -> Option<u16> {
        let mut best = None;
        for (at, _) in column.iter().enumerate().filter(|&(_, &byte)| byte == letter) {
            let score = SCORE_MATCH + bonus_at(column, at) * BONUS_FIRST_CHAR_MULTIPLIER;
            best = best.max(Some(score));
            if score == self.best_possible {
                break;
            }
        }
        best
    }

    fn best_window(&self, column: &[u8]) -> Option<u16> {
        let (first, start, end) = self.first_window(column)?;
        let mut best = self.score(column, start, end);
        if first < start {
            best = best.max(self.score(column, first, end));
        }
        // Contiguous occurrences. None ends before the window does, which ends where the
        // letters first occur in order. Columns are short: a plain scan beats memchr's
        // set-up and memmem's preparation here.
        let word = &self.bytes[..];
        let mut from = end - word.len();
        while best < self.best_possible {
            // From one occurrence of the word's first letter to the next, not byte by byte.
            let Some(at) = position(column, word[0], from) else { break };
            if at + word.len() > column.len() {
                break;
            }
            // Compared byte by byte: a call to memcmp costs more than a short word.
            if word.iter().zip(&column[at..]).all(|(a, b)| a == b) {
                best = best.max(self.score(column, at, at + word.len()));
            }
            from = at + 1;
        }
        Some(best)
    }

    /// fzf's v1 window in a column: where the first complete subsequence scanning forward
    /// starts, where it starts once shortened from its end backward, and its end. `None`
    /// when the column does not hold the word's letters in order.
    fn first_window(&self, column: &[u8]) -> Option<(usize, usize, usize)> {
        let first = position(column, self.bytes[0], 0)?;
        let mut end = first + 1;
        for &wanted in &self.bytes[1..] {
            end = position(column, wanted, end)? + 1;
        }
        let mut start = end;
        for &wanted in self.bytes.iter().rev() {
            // Found scanning forward, so found again scanning back.
            while start > 0 && column[start - 1] != wanted {
                start -= 1;
            }
            start = start.saturating_sub(1);
        }
        Some((first, start, end))
    }

    /// nucleo's `calculate_score` of the window `start..end`, which begins with the word's
    /// first letter and ends with its last: the letters taken greedily from `start`.
    fn score(&self, row: &[u8], start: usize, end: usize) -> u16 {
        let mut letters = self.bytes.iter();
        let mut wanted = letters.next().copied().unwrap_or_default();
        let mut first_bonus = bonus_at(row, start);
        let mut score = SCORE_MATCH + first_bonus * BONUS_FIRST_CHAR_MULTIPLIER;
        let mut in_gap = false;
        let mut consecutive = true;
        if let Some(&next) = letters.next() {
            wanted = next;
        }
        for at in start + 1..end {
            if row[at] == wanted {
                let mut bonus = bonus_at(row, at);
                if consecutive {
                    if bonus >= BONUS_BOUNDARY && bonus > first_bonus {
                        first_bonus = bonus;
                    }
                    bonus = bonus.max(first_bonus).max(BONUS_CONSECUTIVE);
                } else {
                    first_bonus = bonus;
                }
                score += SCORE_MATCH + bonus;
                in_gap = false;
                consecutive = true;
                if let Some(&next) = letters.next() {
                    wanted = next;
                }
            } else if !is_continuation(row[at]) {
                let penalty = if in_gap { PENALTY_GAP_EXTENSION } else { PENALTY_GAP_START };
                score = score.saturating_sub(penalty);
                in_gap = true;
                consecutive = false;
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nucleo_matcher::{Config, Matcher, Utf32Str};
    use proptest::prelude::*;

    /// nucleo's optimal score of `word` in the best column of `row`.
    fn nucleo(row: &str, word: &str) -> Option<u16> {
        let mut config = Config::DEFAULT;
        config.normalize = false;
        let mut matcher = Matcher::new(config);
        let mut chars = Vec::new();
        row.split(char::from(SEPARATOR))
            .filter_map(|column| {
                let column = Utf32Str::new(column, &mut chars);
                matcher.fuzzy_match(column, Utf32Str::Ascii(word.as_bytes()))
            })
            .max()
    }

    fn ours(row: &str, word: &str) -> Option<u16> {
        AsciiWord::new(word.as_bytes().to_vec()).and_then(|word| word.best_in(row.as_bytes()))
    }

    #[test]
    fn scores_as_nucleo_does_on_names_addresses_and_zones() {
        for (row, word) in [
            ("ann smith", "ann"),
            ("joanna", "ann"),
            ("li chen\u{1f}declined", "chen"),
            ("grayson park\u{1f}scheduling", "chen"),
            ("achenbach", "chen"),
            ("europe/berlin", "ber"),
            ("europe/berlin", "e/b"),
            ("xa-b\u{1f}a-bb", "ab"),
            ("dana-lee_42", "42"),
            ("dana-lee_42", "l"),
            ("x\u{1f}ann", "a"),
            ("person12@company7.test\u{1f}ann smith", "p12"),
            ("ann", "ann"),
            ("王芳 ann\u{1f}wang@x.test", "ann"),
            ("王芳ann", "an"),
            ("łukasz anna", "an"),
            ("nguyễn lewis", "nl"),
            ("ελένη-a", "a"),
            ("δ1", "1"),
        ] {
            assert_eq!(ours(row, word), nucleo(row, word), "{word:?} in {row:?}");
        }
    }

    #[test]
    fn a_word_start_beats_an_earlier_mid_word_occurrence() {
        assert_eq!(ours("achen chen", "chen"), nucleo("chen", "chen"));
        assert!(ours("achen chen", "chen") > ours("achen", "chen"));
    }

    #[test]
    fn a_word_never_spans_two_columns() {
        assert_eq!(ours("an\u{1f}n", "ann"), None);
        assert_eq!(ours("a\u{1f}nn", "ann"), None);
        assert!(ours("a\u{1f}n\u{1f}ann", "ann").is_some());
        assert_eq!(ours("ab\u{1f}", "abc"), None);
        assert_eq!(ours("", "a"), None);
    }

    proptest! {
        /// Read as bits or walked byte by byte, a column gives a word the same score: every
        /// length around the 64 bytes read as bits, words up to and past eight letters.
        #[test]
        fn bits_and_walking_give_the_same_score(
            column in "[abn /.λł王·1-]{0,70}",
            word in "[abn/.1-]{1,10}",
        ) {
            let column = column.as_bytes();
            let word = AsciiWord::new(word.into_bytes()).expect("an ASCII word");
            prop_assert_eq!(word.best_in_column(column), word.best_walking(column));
        }

        /// The two paths agree on whether a word matches, and ours never scores above
        /// nucleo's optimal alignment (it takes fewer windows). Except for one letter in a
        /// column beyond ASCII: there nucleo 0.3 gives the bonus by the class of the previous
        /// match instead of the previous character (`substring_match_1_non_ascii`), and we
        /// keep the rule it applies everywhere else.
        #[test]
        fn agrees_with_nucleo_on_matching(
            row in "[abn /.\u{1f}λł王\u{a0}·1-]{0,24}",
            word in "[abn/.1-]{1,4}",
        ) {
            let (ours, nucleo) = (ours(&row, &word), nucleo(&row, &word));
            prop_assert_eq!(ours.is_some(), nucleo.is_some());
            if word.len() > 1 || row.is_ascii() {
                prop_assert!(ours <= nucleo, "ours {:?} nucleo {:?}", ours, nucleo);
            }
        }
    }
}
