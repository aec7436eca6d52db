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
    cells: Vec<u32>,
    /// Where each row's columns end in `cells`.
    row_ends: Vec<u32>,
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

impl SearchChunk {
    pub fn new(rows: impl IntoIterator<Item = impl AsRef<str>>) -> SearchChunk {
        let mut builder = ChunkBuilder::default();
        for row in rows {
            builder.push(row.as_ref());
        }
        builder.finish()
    }

    pub fn len(&self) -> usize {
        self.row_ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.row_ends.is_empty()
    }

    /// How many distinct column texts the chunk holds.
    pub(super) fn texts(&self) -> usize {
        self.text_ends.len()
    }

    /// The numbers of the texts of a row's columns.
    pub(super) fn cells(&self, row: usize) -> &[u32] {
        let start = match row {
            0 => 0,
            _ => self.row_ends[row - 1] as usize,
        };
        &self.cells[start..self.row_ends[row] as usize]
    }

    /// A distinct column text, folded.
    pub(super) fn text(&self, number: u32) -> &str {
        let number = number as usize;
        let start = match number {
            0 => 0,
            _ => self.text_ends[number - 1] as usize,
        };
        &self.texts[start..self.text_ends[number] as usize]
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
    chunk: SearchChunk,
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
            self.chunk.original_rows.push(self.chunk.len() as u32);
            let separator = char::from(SEPARATOR);
            let start = self.chunk.originals.len();
            for column in row.split(separator).filter(|column| !column.is_ascii()) {
                if self.chunk.originals.len() > start {
                    self.chunk.originals.push(separator);
                }
                self.chunk.originals.push_str(column);
            }
            self.chunk.original_ends.push(self.chunk.originals.len() as u32);
            self.folded.extend(graphemes(row).map(|c| to_lower_case(normalize(c))));
        }
        // A column separator is a control character, so folding (by grapheme) never merges
        // it with its neighbours: the folded row splits into the folded columns.
        for column in self.folded.split(char::from(SEPARATOR)) {
            let number = intern(&mut self.chunk, &mut self.known, column);
            self.chunk.cells.push(number);
        }
        self.chunk.row_ends.push(self.chunk.cells.len() as u32);
    }

    fn finish(self) -> SearchChunk {
        let mut chunk = self.chunk;
        put_shared_columns_first(&mut chunk);
        chunk.texts.shrink_to_fit();
        chunk.text_ends.shrink_to_fit();
        chunk.cells.shrink_to_fit();
        chunk.row_ends.shrink_to_fit();
        chunk.original_rows.shrink_to_fit();
        chunk.originals.shrink_to_fit();
        chunk.original_ends.shrink_to_fit();
        chunk
    }
}

/// Reorders the columns of every row, the same way, so that the most shared come first: a
/// search looks those up rather than scoring them, and stops at a column where the word
/// scores all it can (a time zone starting with the letter typed). The order of a row's
/// columns means nothing to its score. Rows of different lengths are left as they are.
fn put_shared_columns_first(chunk: &mut SearchChunk) {
    if chunk.is_empty() {
        return;
    }
    let width = chunk.cells(0).len();
    let even =
        (1..=chunk.len()).zip(&chunk.row_ends).all(|(rows, &end)| end as usize == rows * width);
    if width < 2 || !even {
        return;
    }
    let mut rows_per_text = vec![0u32; chunk.texts()];
    for &text in &chunk.cells {
        rows_per_text[text as usize] += 1;
    }
    // How shared each column is: the rows that share its text, summed over the rows.
    let mut sharing = vec![0u64; width];
    for row in chunk.cells.chunks_exact(width) {
        for (column, &text) in row.iter().enumerate() {
            sharing[column] += u64::from(rows_per_text[text as usize]);
        }
    }
    let mut order: Vec<usize> = (0..width).collect();
    order.sort_by_key(|&column| std::cmp::Reverse(sharing[column]));
    let mut reordered = vec![0; width];
    for row in chunk.cells.chunks_exact_mut(width) {
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

/// A 64-bit hash of a column text, in the manner of rustc's FxHash, 8 bytes at a time: the
/// index hashes every cell of every row, and SipHash cost a third of the build.
fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut hash = bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        hash = (hash.rotate_left(5) ^ u64::from_le_bytes(eight)).wrapping_mul(K);
    }
    let mut rest = [0; 8];
    rest[..words.remainder().len()].copy_from_slice(words.remainder());
    (hash.rotate_left(5) ^ u64::from_le_bytes(rest)).wrapping_mul(K)
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
            if builder.chunk.len() == CHUNK_ROWS {
                index.push(Arc::new(std::mem::take(&mut builder).finish()));
            }
        }
        if !builder.chunk.is_empty() {
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
        assert_eq!(chunk.cells(0), [1, 2, 0]);
        assert_eq!(chunk.cells(1), [1, 2, 3]);
        assert_eq!(chunk.cells(2), [1, 5, 4]);
        assert_eq!(chunk.original(2), Some("Zoë"), "only the columns beyond ASCII");
        assert_eq!(chunk.original(0), None);
        assert!(SearchChunk::new([""; 0]).is_empty());
    }
}
