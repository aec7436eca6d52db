//! Every word and phrase of `lang`, indexed by its first word and built once per process: a
//! text is read word by word, one hash lookup each, instead of being searched once per
//! phrase (a thousand phrases over every reply of an inbox was 75 µs a reply). Phrases in a
//! script written without spaces (Japanese) are looked for anywhere instead.

use super::fold::is_word_byte;
use super::lang::ALL;
use std::collections::HashMap;
use std::sync::LazyLock;

/// Which table of `lang::Words` a phrase comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    SubjectAuto,
    SubjectAway,
    SubjectNotAway,
    Away,
    Notice,
    Chat,
    NotAway,
    /// 1 for January.
    Month(u32),
    /// 0 for Monday.
    Weekday(u8),
    Tomorrow,
    Until,
    Back,
    UntilAfter,
    BackAfter,
    And,
    Week,
    Closed,
    Premises,
}

#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub phrase: &'static str,
    pub table: Table,
    /// The phrase's language writes numeric dates month first.
    pub month_first: bool,
}

/// The phrases by first word, and those written without spaces.
struct Index {
    by_word: HashMap<&'static str, Vec<Entry>>,
    unspaced: Vec<Entry>,
}

static INDEX: LazyLock<Index> = LazyLock::new(build);

fn build() -> Index {
    let mut index = Index { by_word: HashMap::new(), unspaced: Vec::new() };
    for words in ALL {
        let mut add = |phrases: &'static [&'static str], table: Table| {
            for phrase in phrases {
                let entry = Entry { phrase, table, month_first: words.month_first };
                if phrase.is_ascii() {
                    index.by_word.entry(first_word(phrase)).or_default().push(entry);
                } else {
                    index.unspaced.push(entry);
                }
            }
        };
        add(words.subject_auto, Table::SubjectAuto);
        add(words.subject_away, Table::SubjectAway);
        add(words.subject_not_away, Table::SubjectNotAway);
        add(words.away, Table::Away);
        add(words.notice, Table::Notice);
        add(words.chat, Table::Chat);
        add(words.not_away, Table::NotAway);
        add(words.tomorrow, Table::Tomorrow);
        add(words.until, Table::Until);
        add(words.back, Table::Back);
        add(words.until_after, Table::UntilAfter);
        add(words.back_after, Table::BackAfter);
        add(words.and, Table::And);
        add(words.week, Table::Week);
        add(words.closed, Table::Closed);
        add(words.premises, Table::Premises);
        for (month, names) in (1..).zip(words.months) {
            add(names, Table::Month(month));
        }
        for (day, names) in (0..).zip(words.weekdays) {
            add(names, Table::Weekday(day));
        }
    }
    index
}

/// The leading letters and digits of `phrase` ("jusqu" of "jusqu'au", "t" of "t/m").
fn first_word(phrase: &str) -> &str {
    let end = phrase.bytes().position(|b| !is_word_byte(b)).unwrap_or(phrase.len());
    &phrase[..end]
}

/// The entries that are exactly `word` (a token: "december", "jusqu'au", "t/m").
pub fn word(word: &str) -> impl Iterator<Item = &'static Entry> {
    INDEX
        .by_word
        .get(first_word(word))
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter(move |e| e.phrase == word)
}

/// Calls `found` with every entry whose phrase occurs in `text` (folded) as whole words
/// ("absent" is not in "absently", "ooo" not in "cooool"), and where it starts. A phrase
/// written without spaces is found once, wherever it is.
pub fn scan(text: &str, mut found: impl FnMut(&'static Entry, usize)) {
    if !text.is_ascii() {
        for entry in &INDEX.unspaced {
            if let Some(at) = text.find(entry.phrase) {
                found(entry, at);
            }
        }
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !is_word_byte(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_word_byte(bytes[i]) {
            i += 1;
        }
        let Some(entries) = INDEX.by_word.get(&text[start..i]) else { continue };
        for entry in entries {
            if !text[start..].starts_with(entry.phrase) {
                continue;
            }
            let end = start + entry.phrase.len();
            // A phrase ending in a mark ("read:") needs no boundary after it.
            let ends_word = entry.phrase.bytes().last().is_some_and(is_word_byte);
            if end == bytes.len() || !ends_word || !is_word_byte(bytes[end]) {
                found(entry, start);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phrases(text: &str) -> Vec<&'static str> {
        let mut out = Vec::new();
        scan(text, |e, _| out.push(e.phrase));
        out
    }

    #[test]
    fn phrases_are_whole_words() {
        assert!(phrases("i'm ooo today").contains(&"ooo"));
        assert!(!phrases("cooool, absently").iter().any(|p| *p == "ooo" || *p == "absent"));
        assert!(phrases("read: hello").contains(&"read:"));
        assert!(phrases("je suis absente").contains(&"absente"));
    }

    #[test]
    fn tokens_find_their_words() {
        assert!(word("jusqu'au").any(|e| e.table == Table::Until));
        assert!(word("t/m").any(|e| e.table == Table::Until));
        assert!(word("dezember").any(|e| e.table == Table::Month(12)));
        assert!(word("dez").any(|e| e.table == Table::Month(12)));
        assert!(word("grudnia").any(|e| e.table == Table::Month(12)));
        assert!(word("vecka").any(|e| e.table == Table::Week));
    }

    #[test]
    fn unspaced_phrases_are_found_anywhere() {
        assert!(phrases("12月4日まで不在にしております").contains(&"不在"));
    }
}
