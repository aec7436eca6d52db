//! The filter's index: the searchable text of a list's rows, folded once (lower-cased,
//! accents normalised as nucleo does) and kept in chunks built off the UI thread.
//!
//! A chunk keeps each distinct column text once and each row as the numbers of its columns'
//! texts. Lists repeat themselves column by column (a time zone, a tag list, a status, a
//! campaign, a common name), and a word's score in a column depends on that column's text
//! alone, so a search scores each distinct text of a chunk once however many rows share it
//! ([`super::FilterEngine`] keeps those scores while it scans the chunk). In a contact list,
//! that halves the text a letter is scored against, and the chunk is no larger than its rows
//! written out.

use super::fzf::SEPARATOR;
use crate::api::intern::quick_hash;
use nucleo_matcher::chars::{graphemes, normalize, to_lower_case};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// How many rows a chunk of the index holds (the last may hold fewer).
pub const CHUNK_ROWS: usize = 8192;

/// The searchable text of up to [`CHUNK_ROWS`] consecutive rows.
#[derive(Debug, Default)]
pub struct SearchChunk {
    /// Every distinct column text (folded), one after another.
    texts: String,
    /// Where each text ends in `texts` (it starts where the one before ends).
    text_ends: Vec<u32>,
    /// Each row's columns, as numbers of their texts, row after row.
    cells: Cells,
    /// Where each row's columns end in `cells`; empty when every row has `width` columns
    /// (every list of the dashboard: 0.4 MB less for 100k rows).
    row_ends: Vec<u32>,
    width: u32,
    rows: u32,
    /// The non-ASCII columns of non-ASCII rows as written: a word with accents of its own
    /// must match the accents as written (nucleo's "smart" normalisation), so it can match
    /// no column written in ASCII, and only these are kept (a name, not the whole row with
    /// its address). Kept as UTF-8 and widened only when such a word is typed: the rows'
    /// numbers (ascending), and their columns one after another (each row's joined by the
    /// column separator), rather than an allocation and a map entry each (a third of a
    /// contact list's rows).
    original_rows: Vec<u32>,
    originals: String,
    /// Where each original ends in `originals`.
    original_ends: Vec<u32>,
}

/// The numbers of the rows' texts: two bytes each where the chunk has at most 65,536
/// distinct texts (8192 rows of up to 8 columns always do; 1 MB less for 100k contacts),
/// four otherwise.
#[derive(Debug)]
enum Cells {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Default for Cells {
    fn default() -> Self {
        Cells::Wide(Vec::new())
    }
}

/// The numbers of one row's texts, in the row's column order.
pub(super) enum RowCells<'a> {
    Narrow(std::slice::Iter<'a, u16>),
    Wide(std::slice::Iter<'a, u32>),
}

impl Iterator for RowCells<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match self {
            RowCells::Narrow(cells) => cells.next().map(|&text| u32::from(text)),
            RowCells::Wide(cells) => cells.next().copied(),
        }
    }
}

impl SearchChunk {
    pub fn new(rows: impl IntoIterator<Item = impl AsRef<str>>) -> SearchChunk {
        let mut builder = ChunkBuilder::default();
        for row in rows {
            builder.push(row.as_ref());
        }
        builder.finish()
    }

    pub fn len(&self) -> usize {
        self.rows as usize
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// How many distinct column texts the chunk holds.
    pub(super) fn texts(&self) -> usize {
        self.text_ends.len()
    }

    /// The numbers of the texts of a row's columns.
    pub(super) fn cells(&self, row: usize) -> RowCells<'_> {
        let range = if self.row_ends.is_empty() {
            let width = self.width as usize;
            row * width..(row + 1) * width
        } else {
            let start = match row {
                0 => 0,
                _ => self.row_ends[row - 1] as usize,
            };
            start..self.row_ends[row] as usize
        };
        match &self.cells {
            Cells::Narrow(cells) => RowCells::Narrow(cells[range].iter()),
            Cells::Wide(cells) => RowCells::Wide(cells[range].iter()),
        }
    }

    /// A distinct column text, folded.
    pub(super) fn text(&self, number: u32) -> &str {
        &self.texts[self.text_range(number)]
    }

    /// The same as bytes, for an ASCII word: slicing them checks no character boundary,
    /// which slicing the text did for every column a keystroke scored.
    pub(super) fn text_bytes(&self, number: u32) -> &[u8] {
        &self.texts.as_bytes()[self.text_range(number)]
    }

    /// The same, and what follows it in the chunk (up to sixteen bytes more), read with it
    /// sixteen bytes at a time.
    pub(super) fn text_ahead(&self, number: u32) -> (&[u8], &[u8]) {
        let range = self.text_range(number);
        let bytes = self.texts.as_bytes();
        let ahead = &bytes[range.start..(range.end + 16).min(bytes.len())];
        (&bytes[range], ahead)
    }

    fn text_range(&self, number: u32) -> std::ops::Range<usize> {
        let number = number as usize;
        let start = match number {
            0 => 0,
            _ => self.text_ends[number - 1] as usize,
        };
        start..self.text_ends[number] as usize
    }

    /// The columns with letters beyond ASCII of a row, as written and joined by the column
    /// separator; `None` for an ASCII row.
    pub(super) fn original(&self, row: usize) -> Option<&str> {
        let at = self.original_rows.binary_search(&u32::try_from(row).ok()?).ok()?;
        let start = match at {
            0 => 0,
            _ => self.original_ends[at - 1] as usize,
        };
        self.originals.get(start..self.original_ends[at] as usize)
    }
}

/// Builds a [`SearchChunk`] row by row, finding the column texts it has already.
#[derive(Default)]
struct ChunkBuilder {
    /// The chunk's texts and originals; its cells are `cells` and `row_ends` until the end.
    chunk: SearchChunk,
    cells: Vec<u32>,
    row_ends: Vec<u32>,
    /// The first text seen with each hash. A text whose hash belongs to a different one is
    /// kept again (never wrong, only larger; with 64-bit hashes it does not happen).
    known: Known,
    /// The row being added, folded.
    folded: String,
}

impl ChunkBuilder {
    fn push(&mut self, row: &str) {
        self.folded.clear();
        if row.is_ascii() {
            self.folded.push_str(row);
            self.folded.make_ascii_lowercase();
        } else {
            self.chunk.original_rows.push(self.row_ends.len() as u32);
            let separator = char::from(SEPARATOR);
            let start = self.chunk.originals.len();
            for column in row.split(separator).filter(|column| !column.is_ascii()) {
                if self.chunk.originals.len() > start {
                    self.chunk.originals.push(separator);
                }
                self.chunk.originals.push_str(column);
            }
            self.chunk.original_ends.push(self.chunk.originals.len() as u32);
            // Column by column: most columns of such a row are ASCII (its address, zone and
            // tags beside an accented name) and lower-case as bytes; only the others are
            // read grapheme by grapheme, which cost a third of building a contact index.
            for (n, column) in row.split(separator).enumerate() {
                if n > 0 {
                    self.folded.push(separator);
                }
                if column.is_ascii() {
                    let start = self.folded.len();
                    self.folded.push_str(column);
                    self.folded[start..].make_ascii_lowercase();
                } else {
                    self.folded.extend(graphemes(column).map(|c| to_lower_case(normalize(c))));
                }
            }
        }
        // A column separator is a control character, so folding (by grapheme) never merges
        // it with its neighbours: the folded row splits into the folded columns.
        for column in self.folded.split(char::from(SEPARATOR)) {
            let number = intern(&mut self.chunk, &mut self.known, column);
            self.cells.push(number);
        }
        self.row_ends.push(self.cells.len() as u32);
    }

    /// How many rows were added.
    fn rows(&self) -> usize {
        self.row_ends.len()
    }

    fn finish(self) -> SearchChunk {
        let ChunkBuilder { mut chunk, mut cells, mut row_ends, .. } = self;
        chunk.rows = row_ends.len() as u32;
        if let Some(width) = even_width(&row_ends) {
            put_shared_columns_first(&mut cells, width, chunk.texts());
            chunk.width = width as u32;
            row_ends = Vec::new();
        }
        chunk.cells = if chunk.texts() <= usize::from(u16::MAX) + 1 {
            Cells::Narrow(cells.iter().map(|&text| text as u16).collect())
        } else {
            cells.shrink_to_fit();
            Cells::Wide(cells)
        };
        row_ends.shrink_to_fit();
        chunk.row_ends = row_ends;
        // Room to read the last text sixteen bytes at a time (`text_ahead`).
        chunk.texts.push_str(&"\0".repeat(15));
        chunk.texts.shrink_to_fit();
        chunk.text_ends.shrink_to_fit();
        chunk.original_rows.shrink_to_fit();
        chunk.originals.shrink_to_fit();
        chunk.original_ends.shrink_to_fit();
        chunk
    }
}

/// How many columns each row has, when they all have the same number.
fn even_width(row_ends: &[u32]) -> Option<usize> {
    let width = *row_ends.first()? as usize;
    let even = (1..=row_ends.len()).zip(row_ends).all(|(rows, &end)| end as usize == rows * width);
    even.then_some(width)
}

/// Reorders the columns of every row (each `width` cells), the same way, so that the most
/// shared come first: a search looks those up rather than scoring them, and stops at a
/// column where the word scores all it can (a time zone starting with the letter typed).
/// The order of a row's columns means nothing to its score.
fn put_shared_columns_first(cells: &mut [u32], width: usize, texts: usize) {
    if width < 2 {
        return;
    }
    let mut rows_per_text = vec![0u32; texts];
    for &text in cells.iter() {
        rows_per_text[text as usize] += 1;
    }
    // How shared each column is: the rows that share its text, summed over the rows.
    let mut sharing = vec![0u64; width];
    for row in cells.chunks_exact(width) {
        for (column, &text) in row.iter().enumerate() {
            sharing[column] += u64::from(rows_per_text[text as usize]);
        }
    }
    let mut order: Vec<usize> = (0..width).collect();
    crate::sorting::sort_by_key(&mut order, |&column| std::cmp::Reverse(sharing[column]));
    let mut reordered = vec![0; width];
    for row in cells.chunks_exact_mut(width) {
        for (to, &from) in reordered.iter_mut().zip(&order) {
            *to = row[from];
        }
        row.copy_from_slice(&reordered);
    }
}

/// The number of a column text in the chunk, added when new.
fn intern(chunk: &mut SearchChunk, known: &mut Known, text: &str) -> u32 {
    let hash = hash(text.as_bytes());
    if let Some(&number) = known.get(&hash)
        && chunk.text(number) == text
    {
        return number;
    }
    chunk.texts.push_str(text);
    chunk.text_ends.push(chunk.texts.len() as u32);
    let number = chunk.text_ends.len() as u32 - 1;
    known.entry(hash).or_insert(number);
    number
}

/// The column texts a chunk has, by their hash.
type Known = HashMap<u64, u32, BuildHasherDefault<AlreadyHashed>>;

/// A 64-bit hash of a column text: the index hashes every cell of every row, and SipHash
/// cost a third of the build.
fn hash(bytes: &[u8]) -> u64 {
    quick_hash(bytes.len() as u64, bytes)
}

/// The map's keys are hashes already: it uses them as they are.
#[derive(Default)]
struct AlreadyHashed(u64);

impl Hasher for AlreadyHashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = hash(bytes);
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// The searchable text of every row of a list: chunks of [`CHUNK_ROWS`] rows, shared with
/// the searches running off the UI thread. It may cover only the first rows of a list while
/// the rest is still being built.
#[derive(Debug, Clone, Default)]
pub struct SearchIndex {
    chunks: Vec<Arc<SearchChunk>>,
    len: usize,
}

impl SearchIndex {
    /// Builds the whole index at once (small lists, tests).
    pub fn new(rows: impl IntoIterator<Item = impl AsRef<str>>) -> SearchIndex {
        let mut index = SearchIndex::default();
        let mut builder = ChunkBuilder::default();
        for row in rows {
            builder.push(row.as_ref());
            if builder.rows() == CHUNK_ROWS {
                index.push(Arc::new(std::mem::take(&mut builder).finish()));
            }
        }
        if builder.rows() > 0 {
            index.push(Arc::new(builder.finish()));
        }
        index
    }

    /// Appends the next chunk. Every chunk but the last holds [`CHUNK_ROWS`] rows.
    pub fn push(&mut self, chunk: Arc<SearchChunk>) {
        self.len += chunk.len();
        self.chunks.push(chunk);
    }

    /// How many rows the index covers.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of a row's chunk, the chunk, and the row's place in it.
    pub(super) fn locate(&self, row: u32) -> (usize, &SearchChunk, usize) {
        let row = row as usize;
        let number = row / CHUNK_ROWS;
        (number, &self.chunks[number], row % CHUNK_ROWS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_keeps_each_column_text_once() {
        let chunk =
            SearchChunk::new(["Ann\u{1f}UTC\u{1f}", "Bob\u{1f}utc\u{1f}", "Zoë\u{1f}UTC\u{1f}x"]);
        assert_eq!(chunk.len(), 3);
        let texts: Vec<&str> = (0..chunk.texts() as u32).map(|n| chunk.text(n)).collect();
        assert_eq!(texts, ["ann", "utc", "", "bob", "zoe", "x"]);
        let cells = |row| chunk.cells(row).collect::<Vec<u32>>();
        assert_eq!(cells(0), [1, 2, 0]);
        assert_eq!(cells(1), [1, 2, 3]);
        assert_eq!(cells(2), [1, 5, 4]);
        assert_eq!(chunk.original(2), Some("Zoë"), "only the columns beyond ASCII");
        assert_eq!(chunk.original(0), None);
        assert!(SearchChunk::new([""; 0]).is_empty());
    }

    #[test]
    fn a_row_beyond_ascii_folds_column_by_column_as_it_folds_whole() {
        let rows = [
            "DVORAK.Hill@X.com\u{1f}Dvořák HILL\u{1f}Partner, Trial\u{1f}Europe/Paris\u{1f}",
            "Zoë\u{1f}ÅSA Ünal\u{1f}X\u{1f}Nguyễn",
        ];
        for row in rows {
            let chunk = SearchChunk::new([row]);
            let whole: String = graphemes(row).map(|c| to_lower_case(normalize(c))).collect();
            let cells: Vec<&str> = chunk.cells(0).map(|text| chunk.text(text)).collect();
            assert_eq!(cells.join("\u{1f}"), whole, "{row}");
        }
    }

    #[test]
    fn rows_of_any_width_and_any_number_of_texts_read_back() {
        let uneven = SearchChunk::new(["a\u{1f}b", "c", "a\u{1f}d\u{1f}e"]);
        let cells = |row| uneven.cells(row).collect::<Vec<u32>>();
        assert_eq!((cells(0), cells(1), cells(2)), (vec![0, 1], vec![2], vec![0, 3, 4]));
        // Nine distinct columns a row: more texts than two bytes number.
        let rows: Vec<String> = (0..CHUNK_ROWS)
            .map(|row| {
                (0..9).map(|column| format!("r{row}c{column}")).collect::<Vec<_>>().join("\u{1f}")
            })
            .collect();
        let wide = SearchChunk::new(&rows);
        assert!(wide.texts() > usize::from(u16::MAX) + 1);
        let last: Vec<&str> = wide.cells(CHUNK_ROWS - 1).map(|text| wide.text(text)).collect();
        let expected: Vec<String> = (0..9).map(|c| format!("r{}c{c}", CHUNK_ROWS - 1)).collect();
        assert_eq!(last, expected);
    }
}
