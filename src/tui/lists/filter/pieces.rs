//! A large search cut into pieces that the threads searching take one at a time, so a
//! thread that finds its rows cheaper to score takes more of them: halves cut by count
//! ended apart, one thread idle while the other still scored (0.7 ms of a 9 ms search for
//! `an` at 100k contacts).
//!
//! A piece is the candidates of one chunk of the index, so no two threads score the same
//! chunk's column texts. The candidates come in the table's order, a sorted list's too (its
//! matches are put in the sort's order after, `lists::list`): read in a sorted list's
//! order, each row's columns, texts and scores were somewhere else in memory, and a letter
//! took twice as long.

use super::index::CHUNK_ROWS;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Below this many candidates a piece also takes the next chunk's: a narrow search's pieces
/// would otherwise cost more to hand out than to score.
const LEAST: usize = CHUNK_ROWS / 4;

/// The pieces of one search, handed out in order.
pub struct Pieces {
    /// The candidates, in the table's order.
    rows: Arc<Vec<u32>>,
    /// Where each piece ends in `rows` (each starts where the one before ends).
    ends: Vec<usize>,
    next: AtomicUsize,
}

fn chunk(row: u32) -> usize {
    row as usize / CHUNK_ROWS
}

impl Pieces {
    /// The pieces of `candidates`, rows in the table's order.
    pub fn new(candidates: &Arc<Vec<u32>>) -> Pieces {
        let rows = Arc::clone(candidates);
        let mut ends = Vec::new();
        let mut start = 0;
        for at in 1..rows.len() {
            if chunk(rows[at]) != chunk(rows[at - 1]) && at - start >= LEAST {
                ends.push(at);
                start = at;
            }
        }
        if !rows.is_empty() {
            ends.push(rows.len());
        }
        Pieces { rows, ends, next: AtomicUsize::new(0) }
    }

    /// The next piece not taken yet: its number and its rows.
    pub fn take(&self) -> Option<(usize, &[u32])> {
        let number = self.next.fetch_add(1, Ordering::Relaxed);
        Some((number, &self.rows[self.range(number)?]))
    }

    fn range(&self, number: usize) -> Option<Range<usize>> {
        let end = *self.ends.get(number)?;
        let start = match number {
            0 => 0,
            _ => self.ends[number - 1],
        };
        Some(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(pieces: &Pieces) -> Vec<Vec<u32>> {
        std::iter::from_fn(|| pieces.take()).map(|(_, rows)| rows.to_vec()).collect()
    }

    #[test]
    fn candidates_in_the_table_order_are_cut_where_their_chunk_changes() {
        let rows = CHUNK_ROWS as u32;
        // A whole chunk, then a chunk of few candidates (joined to the next), then a third.
        let mut candidates: Vec<u32> = (0..rows).collect();
        candidates.extend((rows..2 * rows).step_by(64));
        candidates.extend(2 * rows..3 * rows);
        candidates.extend([3 * rows + 5]);
        let pieces = Pieces::new(&Arc::new(candidates.clone()));
        let second = CHUNK_ROWS + CHUNK_ROWS / 64 + CHUNK_ROWS;
        let expected = [0..CHUNK_ROWS, CHUNK_ROWS..second, second..second + 1];
        let expected: Vec<Vec<u32>> = expected.map(|range| candidates[range].to_vec()).into();
        assert_eq!(all(&pieces), expected);
        assert_eq!(pieces.take(), None, "each piece is taken once");
        assert!(all(&Pieces::new(&Arc::default())).is_empty());
    }
}
