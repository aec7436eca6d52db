//! The fuzzy filter of the lists, ranked like fzf: every word must match within one column
//! (its letters in order, ignoring case and — unless the word itself has accents — accents),
//! and rows are ordered by the sum over the words of each word's best column: contiguous
//! letters and letters at the start of a word score above scattered ones. Equal scores keep
//! the table's order.
//!
//! Rows are folded once (lower-cased, accents normalised as nucleo does) into chunks that
//! keep each distinct column text once (`index`), built off the UI thread and handed over
//! one by one (`tui::lists::search`). A keystroke scans the rows in order, scoring each distinct
//! column text of a chunk once for all the rows that share it:
//! - a word of ASCII letters (nearly every word typed) is scored over the column's bytes by
//!   `fzf` (fzf's scoring with nucleo's constants, over the word's contiguous occurrences and
//!   the column's v1 window), whatever script the column is in; a column without the word's
//!   letters in order is rejected by one scan for its letters;
//! - a word with letters beyond ASCII goes to nucleo-matcher's optimal matcher per column
//!   (against the row as written when the word has accents of its own).
//!
//! Both give scores on one scale; nucleo may score an odd row a little higher (it tries every
//! alignment), never lower, and both match the same rows (tested).
//!
//! A filter of several words ranks first the rows where they stand together as typed, in
//! one column ("wave 4" in "Q1 outreach wave 4", not "wave" in a name and "4" in a count):
//! such a row scores more than any row could without it. Only a row that matched every
//! word is looked at for the phrase, once per distinct column text; a one-word filter pays
//! nothing.
//!
//! The matches are ordered by a counting sort on the score (`order`), and kept in the table's
//! order too: the search for one more letter looks only at them.

mod fzf;
mod helpers;
mod index;
mod order;
mod pieces;
mod placement;
mod positions;

use crate::present;
use fzf::AsciiWord;
use nucleo_matcher::chars::{graphemes, normalize};
use nucleo_matcher::pattern::{AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};
use order::{Counted, Hit, best_first};
use pieces::Pieces;
use std::sync::Arc;

pub use index::{CHUNK_ROWS, SearchChunk, SearchIndex};
pub use order::Ordered;

/// Separates the columns of a row's searchable text. Sanitised cells cannot contain it.
pub const COLUMN_SEPARATOR: char = fzf::SEPARATOR as char;

/// The filter's text of a row: the cells of the pane's columns as they are drawn, joined by
/// the column separator, so the filter reads what the table says rather than the raw data.
/// Every column of the pane, whether or not the terminal's width shows it: the index is
/// built once for a list, not again at each resize.
pub fn row_text<T>(columns: &[present::Column<T>], item: &T, context: &present::Context) -> String {
    present::columns::texts(columns, item, context).join(&COLUMN_SEPARATOR.to_string())
}

/// Scores rows against a filter: nucleo for words beyond ASCII, and the scores of the chunk
/// being read.
#[derive(Default)]
pub struct FilterEngine {
    nucleo: Nucleo,
    /// The scores of the words in the column texts of the chunk being scanned.
    scores: ChunkScores,
}

/// nucleo's matcher, with its case folding on (the rows are already normalised), and a
/// column widened to characters for it, reused from column to column.
struct Nucleo {
    matcher: Matcher,
    chars: Vec<char>,
}

impl Default for Nucleo {
    fn default() -> Self {
        let mut config = Config::DEFAULT;
        config.ignore_case = true;
        config.normalize = false;
        Nucleo { matcher: Matcher::new(config), chars: Vec::new() }
    }
}

impl Nucleo {
    /// A word's score in one column.
    fn in_column(&mut self, column: &str, word: &Word) -> Option<u16> {
        self.chars.clear();
        self.chars.extend(graphemes(column));
        self.matcher.fuzzy_match(Utf32Str::Unicode(&self.chars), word.needle())
    }

    /// The best score of a word in the columns of a row with non-ASCII letters.
    fn best_in_row(&mut self, row: &str, word: &Word) -> Option<u16> {
        row.split(COLUMN_SEPARATOR).filter_map(|column| self.in_column(column, word)).max()
    }
}

/// Each word's score in each distinct column text of one chunk, found the first time a row
/// of the chunk needs it: rows share most of their column texts (time zones, tags, common
/// names), so most columns are looked up rather than scored. Only the chunk being read is
/// kept: a search reads its rows in the table's order, chunk after chunk (a sorted list's
/// too: its matches are put in the sort's order after, `lists::list`).
#[derive(Default)]
struct ChunkScores {
    /// How many slots a text has: one per word (and one for the phrase).
    words: usize,
    /// The chunk, by number in the index, whose texts these are.
    chunk: Option<usize>,
    /// Word `w`'s score in text `t` at `w * texts + t`: [`UNSCORED`], [`NO_MATCH`], or the
    /// score plus [`SCORED`].
    slots: Vec<u32>,
}

const UNSCORED: u32 = 0;
const NO_MATCH: u32 = 1;
const SCORED: u32 = 2;

impl ChunkScores {
    /// Forgets every score, for a search with `words` slots per text.
    fn reset(&mut self, words: usize) {
        self.words = words;
        self.chunk = None;
    }

    /// The slots of a chunk, by its number in the index; those of the chunk before are
    /// forgotten.
    fn of(&mut self, number: usize, chunk: &SearchChunk) -> &mut [u32] {
        if self.chunk != Some(number) {
            self.chunk = Some(number);
            self.slots.clear();
            self.slots.resize(chunk.texts() * self.words, UNSCORED);
        }
        &mut self.slots
    }
}

/// One filter word, ready to compare.
struct Word {
    /// Its letters as nucleo folded them (lower case).
    chars: Vec<char>,
    /// The same when it is ASCII, scored without nucleo in ASCII rows.
    ascii: Option<AsciiWord>,
    /// It has no accents of its own, so accents in the rows are normalised away.
    folds: bool,
}

impl Word {
    fn needle(&self) -> Utf32Str<'_> {
        match &self.ascii {
            Some(word) => Utf32Str::Ascii(word.bytes()),
            None => Utf32Str::Unicode(&self.chars),
        }
    }
}

/// A filter ready to compare: its words, and the phrase they make when there are several.
struct Query {
    words: Vec<Word>,
    phrase: Option<Phrase>,
}

/// Several ASCII words as typed, one space apart: a column holding them so scores
/// [`Phrase::bonus`] more.
struct Phrase {
    bytes: Vec<u8>,
    /// More than the words together can score anywhere: a row with the phrase ranks above
    /// every row without it, and rows with it rank among themselves by their words.
    bonus: u32,
}

impl Phrase {
    /// The phrase of several words that fold and are ASCII (what is nearly always typed);
    /// `None` for one word.
    fn of(words: &[Word]) -> Option<Phrase> {
        if words.len() < 2 {
            return None;
        }
        let ascii: Vec<&AsciiWord> = words
            .iter()
            .map(|word| word.ascii.as_ref().filter(|_| word.folds))
            .collect::<Option<_>>()?;
        let bytes = ascii.iter().map(|word| word.bytes()).collect::<Vec<_>>().join(&b' ');
        let bonus = ascii.iter().map(|word| u32::from(word.best_possible())).sum::<u32>() + 1;
        Some(Phrase { bytes, bonus })
    }

    /// Whether a column (folded) holds the phrase.
    fn in_column(&self, column: &[u8]) -> bool {
        column.windows(self.bytes.len()).any(|window| window == self.bytes)
    }
}

impl Query {
    fn new(filter: &str) -> Query {
        let words = words(filter);
        let phrase = Phrase::of(&words);
        Query { words, phrase }
    }

    /// How many scores a column text keeps: one per word, and one for the phrase.
    fn slots(&self) -> usize {
        self.words.len() + usize::from(self.phrase.is_some())
    }
}

/// The words of a filter; none when it is blank.
fn words(filter: &str) -> Vec<Word> {
    let pattern = Pattern::new(filter, CaseMatching::Ignore, Normalization::Smart, AtomKind::Fuzzy);
    pattern
        .atoms
        .iter()
        .map(|atom| {
            let chars: Vec<char> = atom.needle_text().chars().collect();
            let ascii = chars
                .iter()
                .all(char::is_ascii)
                .then(|| AsciiWord::new(chars.iter().map(|&c| c as u8).collect()))
                .flatten();
            let folds = chars.iter().all(|&c| normalize(c) == c);
            Word { chars, ascii, folds }
        })
        .collect()
}

/// Whether the letters of `needle` occur in `text` in order.
fn chars_in_order(text: &str, needle: &[char]) -> bool {
    let mut rest = text.chars();
    needle.iter().all(|wanted| rest.any(|c| c == *wanted))
}

/// Whether a search should give up (a newer keystroke made it useless).
pub trait Cancel: Send + Sync {
    fn cancelled(&self) -> bool;
}

/// Never gives up (a search on the UI thread, over few rows).
pub struct Never;

impl Cancel for Never {
    fn cancelled(&self) -> bool {
        false
    }
}

/// What a search found: the rows that match best first (equal scores in the table's order),
/// and the same rows in the table's order, where the search for one more letter starts.
/// Those are shared, not copied, with that search: copying a hundred thousand rows on the
/// UI thread was most of what a keystroke cost it before the search could start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ranked {
    pub order: Vec<u32>,
    pub matched: Arc<Vec<u32>>,
}

impl Ranked {
    /// From the matches of consecutive parts of the table, each in the table's order: read
    /// where they are, not joined first (at a million rows the join was 8 MB more to write).
    fn of_parts(parts: &[Counted], ordered: Ordered) -> Ranked {
        let (order, matched) = match ordered {
            Ordered::BestFirst => best_first(parts),
            Ordered::AsGiven => {
                (Vec::new(), parts.iter().flat_map(Counted::hits).map(|hit| hit.row).collect())
            }
        };
        Ranked { order, matched: Arc::new(matched) }
    }
}

/// Below this many candidates, splitting a search costs more than it saves.
const PART_ROWS: usize = 16_384;

/// [`FilterEngine::rank`] on every core (at most 4): the candidates (in the table's order, as
/// there) in pieces (`pieces`) that this thread and the helpers (`helpers`) take one at a
/// time, each thread scoring with its own matcher, the matches ordered once. The dashboard's UI thread waits for nothing
/// meanwhile, so a search of a large list may use all of the machine.
pub fn rank_in_parallel(
    filter: &str,
    index: &SearchIndex,
    candidates: &Arc<Vec<u32>>,
    cancel: &Arc<dyn Cancel>,
    ordered: Ordered,
) -> Option<Ranked> {
    let query = Query::new(filter);
    let helpers = helpers::count();
    if query.words.is_empty() || helpers == 0 || candidates.len() < PART_ROWS {
        return FilterEngine::default().rank(filter, index, candidates, &**cancel, ordered);
    }
    let pieces = Arc::new(Pieces::new(candidates));
    // This thread's part stays where it starts, and its helpers go elsewhere (`placement`).
    let placed = placement::stay();
    let helped: Vec<_> = (0..helpers)
        .map(|_| {
            let (filter, index) = (filter.to_owned(), index.clone());
            let (pieces, cancel) = (Arc::clone(&pieces), Arc::clone(cancel));
            helpers::run(move || {
                let query = Query::new(&filter);
                FilterEngine::new(&query).take_pieces(&query, &index, &pieces, &*cancel, ordered)
            })
        })
        .collect();
    // This thread takes pieces meanwhile.
    let own = FilterEngine::new(&query).take_pieces(&query, index, &pieces, &**cancel, ordered);
    drop(placed);
    let mut found = own?;
    for answer in helped {
        found.extend(answer.wait().flatten()?);
    }
    crate::sorting::sort_by_key(&mut found, |(number, _)| *number);
    let parts: Vec<Counted> = found.into_iter().map(|(_, hits)| hits).collect();
    // The pieces in their order: the matches are in the candidates' (the table's) order.
    Some(Ranked::of_parts(&parts, ordered))
}

/// How many rows are scanned between two looks at the cancel flag.
const CANCEL_EVERY: usize = 1024;

impl FilterEngine {
    /// An engine for one query.
    fn new(query: &Query) -> FilterEngine {
        let mut engine = FilterEngine::default();
        engine.scores.reset(query.slots());
        engine
    }

    /// The rows among `candidates` (in the table's order) that match `filter`, put best
    /// first unless `ordered` says not; all of them when the filter is blank. `None` when
    /// cancelled.
    pub fn rank(
        &mut self,
        filter: &str,
        index: &SearchIndex,
        candidates: &[u32],
        cancel: &dyn Cancel,
        ordered: Ordered,
    ) -> Option<Ranked> {
        let query = Query::new(filter);
        if query.words.is_empty() {
            let matched = Arc::new(candidates.to_vec());
            return Some(Ranked { order: candidates.to_vec(), matched });
        }
        // Scores kept from another search are for other words, or another index.
        self.scores.reset(query.slots());
        let hits = self.hits(&query, index, candidates, cancel)?;
        Some(Ranked::of_parts(&[Counted::new(hits, ordered)], ordered))
    }

    /// The matches of each piece this thread takes, by the piece's number, until none is
    /// left. `None` when cancelled.
    fn take_pieces(
        &mut self,
        query: &Query,
        index: &SearchIndex,
        pieces: &Pieces,
        cancel: &dyn Cancel,
        ordered: Ordered,
    ) -> Option<Vec<(usize, Counted)>> {
        let mut found = Vec::new();
        while let Some((number, rows)) = pieces.take() {
            found.push((number, Counted::new(self.hits(query, index, rows, cancel)?, ordered)));
        }
        Some(found)
    }

    /// The candidates that match, with their scores, in the candidates' order, for the
    /// query the scores were reset for. `None` when cancelled.
    fn hits(
        &mut self,
        query: &Query,
        index: &SearchIndex,
        candidates: &[u32],
        cancel: &dyn Cancel,
    ) -> Option<Vec<Hit>> {
        // Room for every candidate at once: the first letter typed matches nearly all.
        let mut hits = Vec::with_capacity(candidates.len());
        for (n, &row) in candidates.iter().enumerate() {
            if n % CANCEL_EVERY == 0 && cancel.cancelled() {
                return None;
            }
            if (row as usize) >= index.len() {
                continue;
            }
            if let Some(score) = self.score(index, row, query) {
                hits.push(Hit { row, score });
            }
        }
        Some(hits)
    }

    /// The rows that match, best first, searching every row of the index.
    pub fn rank_all(&mut self, filter: &str, index: &SearchIndex) -> Vec<u32> {
        let all: Vec<u32> = (0..index.len() as u32).collect();
        self.rank(filter, index, &all, &Never, Ordered::BestFirst).unwrap_or_default().order
    }

    /// The row's score: the sum over the words of each word's best column, and the phrase's
    /// bonus when a column holds it. `None` when a word matches no column.
    fn score(&mut self, index: &SearchIndex, row: u32, query: &Query) -> Option<u32> {
        let words = &query.words;
        let (number, chunk, at) = index.locate(row);
        let texts = chunk.texts();
        let FilterEngine { nucleo, scores } = self;
        let slots = scores.of(number, chunk);
        let mut total = 0u32;
        for (w, word) in words.iter().enumerate() {
            let best = if word.folds {
                let mut best = None;
                let top = word.ascii.as_ref().map_or(u16::MAX, AsciiWord::best_possible);
                let slots = &mut slots[w * texts..(w + 1) * texts];
                for text in chunk.cells(at) {
                    let slot = &mut slots[text as usize];
                    let score = match *slot {
                        UNSCORED => {
                            let score = in_column(nucleo, chunk, text, word);
                            *slot = score.map_or(NO_MATCH, |s| u32::from(s) + SCORED);
                            score
                        }
                        NO_MATCH => None,
                        known => Some((known - SCORED) as u16),
                    };
                    best = best.max(score);
                    if best == Some(top) {
                        break;
                    }
                }
                best
            } else {
                // A word with accents of its own matches the row as written, and only in
                // its columns written beyond ASCII (an ASCII row has none).
                let original = chunk.original(at)?;
                nucleo.best_in_row(original, word)
            };
            total = total.saturating_add(u32::from(best?));
        }
        if let Some(phrase) = &query.phrase {
            // The phrase's finds are kept after the words' scores, as one more word's.
            let slots = &mut slots[words.len() * texts..];
            let found = chunk.cells(at).any(|text| {
                let slot = &mut slots[text as usize];
                if *slot == UNSCORED {
                    let found = phrase.in_column(chunk.text_bytes(text));
                    *slot = if found { SCORED } else { NO_MATCH };
                }
                *slot == SCORED
            });
            if found {
                total = total.saturating_add(phrase.bonus);
            }
        }
        Some(total)
    }
}

/// A word's score in a chunk's column text (folded).
fn in_column(nucleo: &mut Nucleo, chunk: &SearchChunk, text: u32, word: &Word) -> Option<u16> {
    match &word.ascii {
        Some(fast) => {
            let (column, ahead) = chunk.text_ahead(text);
            fast.best_in_text(column, ahead)
        }
        None => {
            let column = chunk.text(text);
            chars_in_order(column, &word.chars).then(|| nucleo.in_column(column, word)).flatten()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What nucleo's own matcher says about a word in a column.
    fn nucleo_says(word: &str, column: &str) -> bool {
        let pattern =
            Pattern::new(word, CaseMatching::Ignore, Normalization::Smart, AtomKind::Fuzzy);
        let mut matcher = Matcher::new(Config::DEFAULT);
        let mut buffer = Vec::new();
        pattern
            .atoms
            .iter()
            .all(|atom| atom.score(Utf32Str::new(column, &mut buffer), &mut matcher).is_some())
    }

    #[test]
    fn the_folded_scan_agrees_with_nucleo() {
        let columns = [
            "Ann Smith",
            "BOB@Globex.test",
            "dana-lee_42",
            "Europe/Berlin",
            "x",
            "",
            "Zoë Ångström",
            "ÅNGSTRÖM",
            "李小龙",
            "Noël",
            "straße",
            "Ελένη",
        ];
        let words = [
            "ann", "AnN", "bgt", "e/b", "42", "x", "zz", "a-l", "ë", "zoe", "angstrom", "ö", "Ö",
            "李龙", "noel", "noël", "strasse", "ελ", "ΕΛ",
        ];
        let mut engine = FilterEngine::default();
        for word in words {
            for column in columns {
                let ours = !engine.rank_all(word, &SearchIndex::new([column])).is_empty();
                assert_eq!(ours, nucleo_says(word, column), "{word:?} in {column:?}");
            }
        }
    }

    #[test]
    fn a_word_matches_within_one_column() {
        let index = SearchIndex::new(["a\u{1f}n\u{1f}n", "zoë\u{1f}ann"]);
        let mut engine = FilterEngine::default();
        assert_eq!(engine.rank_all("ann", &index), [1]);
        assert_eq!(engine.rank_all("a n", &index).len(), 2);
        assert_eq!(engine.rank_all("zoe ann", &index), [1]);
    }

    #[test]
    fn contiguous_and_word_start_matches_rank_above_scattered_ones() {
        let rows = [
            "Grayson Park\u{1f}Scheduling",
            "Li Chen\u{1f}Declined",
            "Achenbach\u{1f}x",
            "Wei Chen\u{1f}Interested",
        ];
        let mut engine = FilterEngine::default();
        let order = engine.rank_all("chen", &SearchIndex::new(rows));
        assert_eq!(
            order,
            [1, 3, 2, 0],
            "word starts first (in table order), then inside, then scattered"
        );
        assert_eq!(engine.rank_all("", &SearchIndex::new(rows)), [0, 1, 2, 3]);
    }

    #[test]
    fn words_typed_together_rank_the_rows_that_hold_them_together_first() {
        // Name, contacts, replies: "4" is a count in every row.
        let rows = [
            "Q2 outreach wave 5\u{1f}4\u{1f}12",
            "Q1 outreach wave 4\u{1f}40\u{1f}4",
            "Wave 4 follow-up\u{1f}7\u{1f}4",
        ];
        let index = SearchIndex::new(rows);
        let mut engine = FilterEngine::default();
        assert_eq!(engine.rank_all("wave 4", &index), [1, 2, 0], "together first");
        assert_eq!(
            engine.rank_all("4 wave", &index),
            [0, 1, 2],
            "as typed: no phrase, table order"
        );
        assert_eq!(engine.rank_all("wave", &index), [0, 1, 2], "one word: no phrase");
    }

    #[test]
    fn rows_in_other_scripts_rank_on_the_same_scale() {
        let rows =
            ["王芳\u{1f}wang.fang@x.test", "Zoë Wang\u{1f}z@x.test", "Ann\u{1f}wang.fang@x.test"];
        let index = SearchIndex::new(rows);
        let mut engine = FilterEngine::default();
        assert_eq!(engine.rank_all("wang", &index), [0, 1, 2], "equal scores keep table order");
        assert_eq!(engine.rank_all("王", &index), [0]);
        assert_eq!(engine.rank_all("zoe wang", &index), [1]);
        assert_eq!(engine.rank_all("zoë", &index), [1]);
        assert_eq!(engine.rank_all("fang ann", &index), [2, 0], "a word start before scattered");
    }

    #[test]
    fn an_index_in_chunks_covers_every_row() {
        let rows: Vec<String> = (0..CHUNK_ROWS * 2 + 5).map(|i| format!("row {i}")).collect();
        let index = SearchIndex::new(rows.iter().map(String::as_str));
        assert_eq!(index.len(), rows.len());
        let mut engine = FilterEngine::default();
        let last = format!("row {}", rows.len() - 1);
        assert_eq!(engine.rank_all(&last, &index).first(), Some(&(rows.len() as u32 - 1)));
    }

    #[test]
    fn a_search_in_parts_gives_the_same_order() {
        let rows: Vec<String> = (0..PART_ROWS * 3)
            .map(|i| format!("row {i}\u{1f}{}", ["ann", "anna lee", "hannah"][i % 3]))
            .collect();
        let index = SearchIndex::new(rows.iter().map(String::as_str));
        let count = rows.len() as u32;
        let orders: [(&str, Vec<u32>); 2] = [
            ("the table's", (0..count).collect()),
            ("a narrowed list's", (0..count).filter(|n| n % 3 != 1).collect()),
        ];
        let never: Arc<dyn Cancel> = Arc::new(Never);
        for (order, candidates) in orders {
            for filter in ["ann", "row 1 lee", "h"] {
                let whole = FilterEngine::default().rank(
                    filter,
                    &index,
                    &candidates,
                    &Never,
                    Ordered::BestFirst,
                );
                // The rows that match, in the order given.
                let mut matches = vec![false; rows.len()];
                for row in FilterEngine::default().rank_all(filter, &index) {
                    matches[row as usize] = true;
                }
                let matching: Vec<u32> =
                    candidates.iter().copied().filter(|&row| matches[row as usize]).collect();
                assert_eq!(
                    whole.as_ref().map(|ranked| &*ranked.matched),
                    Some(&matching),
                    "{filter} in {order} order"
                );
                let candidates = Arc::new(candidates.clone());
                let parts =
                    rank_in_parallel(filter, &index, &candidates, &never, Ordered::BestFirst);
                assert_eq!(parts, whole, "{filter} in {order} order");
                // Not ranked: the same matches, in the order given, and no ranking.
                let given = rank_in_parallel(filter, &index, &candidates, &never, Ordered::AsGiven);
                let expected = whole.map(|ranked| Ranked { order: Vec::new(), ..ranked });
                assert_eq!(given, expected, "{filter} in {order} order, not ranked");
            }
        }
    }

    proptest::proptest! {
        /// Scoring each distinct column text of a chunk once gives every row the score it
        /// has on its own: the sum over the words of each word's best column.
        #[test]
        fn shared_column_texts_score_as_each_row_alone(
            rows in proptest::collection::vec(
                proptest::collection::vec("(ann|anna lee|hannah|n a|Bob|)", 1..4), 1..40),
            filter in "(an|a|nn|ee|b|h a|anna lee|n a|a lee)",
            even in proptest::bool::ANY,
        ) {
            // Rows of one width, as a list's are, or of any.
            let width = |row: &Vec<String>| if even { row.iter().cycle().take(3).cloned().collect() } else { row.clone() };
            let rows: Vec<String> = rows.iter().map(|row| width(row).join("\u{1f}")).collect();
            let mut expected: Vec<(u32, u32)> = Vec::new();
            for (n, row) in rows.iter().enumerate() {
                let row = row.to_lowercase();
                let scores: Option<Vec<u16>> = filter
                    .split(' ')
                    .map(|word| AsciiWord::new(word.as_bytes().to_vec())?.best_in(row.as_bytes()))
                    .collect();
                if let Some(scores) = scores {
                    let mut total: u32 = scores.iter().map(|&s| u32::from(s)).sum();
                    // Several words held together, as typed, in one column: more than the
                    // words can score.
                    let words: Vec<&str> = filter.split(' ').collect();
                    if words.len() > 1 && row.split('\u{1f}').any(|column| column.contains(&filter)) {
                        let best = |word: &str| {
                            u32::from(AsciiWord::new(word.as_bytes().to_vec()).unwrap().best_possible())
                        };
                        total += words.iter().map(|word| best(word)).sum::<u32>() + 1;
                    }
                    expected.push((n as u32, total));
                }
            }
            // Best first, equal scores in the table's order.
            expected.sort_by_key(|&(n, score)| (std::cmp::Reverse(score), n));
            let expected: Vec<u32> = expected.iter().map(|&(n, _)| n).collect();
            let index = SearchIndex::new(&rows);
            proptest::prop_assert_eq!(FilterEngine::default().rank_all(&filter, &index), expected);
        }
    }

    #[test]
    fn a_cancelled_search_gives_nothing() {
        struct Always;
        impl Cancel for Always {
            fn cancelled(&self) -> bool {
                true
            }
        }
        let index = SearchIndex::new(["a", "b"]);
        let ranked =
            FilterEngine::default().rank("a", &index, &[0, 1], &Always, Ordered::BestFirst);
        assert_eq!(ranked, None);
    }
}
