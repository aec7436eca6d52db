//! A large search cut into pieces that the threads searching take one at a time, so a
//! thread that finds its rows cheaper to score takes more of them: halves cut by count
//! ended apart, one thread idle while the other still scored (0.7 ms of a 9 ms search for
//! `an` at 100k contacts).
//!
//! A piece is the candidates of one chunk of the index, so no two threads score the same
//! chunk's column texts. Candidates in another order than the table's (a sorted list) are
//! searched in the table's order and their matches put back in the candidates' order after
//! ([`Pieces::regrouped`]): read in a sorted list's order, each row's columns, texts and
//! scores were somewhere else in memory, and a letter took twice as long.

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
    /// Whether that is not the order they came in.
    regrouped: bool,
    /// Where each piece ends in `rows` (each starts where the one before ends).
    ends: Vec<usize>,
    next: AtomicUsize,
}

fn chunk(row: u32) -> usize {
    row as usize / CHUNK_ROWS
}

impl Pieces {
    pub fn new(candidates: &Arc<Vec<u32>>) -> Pieces {
        let in_order = candidates.is_sorted();
        let rows = match in_order {
            true => Arc::clone(candidates),
            false => Arc::new(ascending(candidates)),
        };
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
        Pieces { rows, regrouped: !in_order, ends, next: AtomicUsize::new(0) }
    }

    /// Whether the pieces hold the candidates in another order than they came in: their
    /// matches are then to be put back in the candidates' order.
    pub fn regrouped(&self) -> bool {
        self.regrouped
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

/// The rows in ascending order (each once), in time linear in their number and the last.
pub(super) fn ascending(rows: &[u32]) -> Vec<u32> {
    let end = rows.iter().max().map_or(0, |&last| last as usize + 1);
    let mut present = vec![false; end];
    for &row in rows {
        present[row as usize] = true;
    }
    let mut ascending = Vec::with_capacity(rows.len());
    ascending.extend((0..end as u32).filter(|&row| present[row as usize]));
    ascending
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
        assert!(!pieces.regrouped());
        let second = CHUNK_ROWS + CHUNK_ROWS / 64 + CHUNK_ROWS;
        let expected = [0..CHUNK_ROWS, CHUNK_ROWS..second, second..second + 1];
        let expected: Vec<Vec<u32>> = expected.map(|range| candidates[range].to_vec()).into();
        assert_eq!(all(&pieces), expected);
        assert_eq!(pieces.take(), None, "each piece is taken once");
        assert!(all(&Pieces::new(&Arc::default())).is_empty());
    }

    #[test]
    fn candidates_in_another_order_are_searched_in_the_table_order() {
        // A sorted list: every row from another chunk than the one before.
        let count = 5 * CHUNK_ROWS as u32;
        let candidates: Vec<u32> = (0..count).map(|n| (n * 7919) % count).collect();
        let pieces = Pieces::new(&Arc::new(candidates));
        assert!(pieces.regrouped());
        let pieces = all(&pieces);
        assert_eq!(pieces.len(), 5);
        for (number, piece) in pieces.iter().enumerate() {
            let chunk: Vec<u32> =
                (number * CHUNK_ROWS..(number + 1) * CHUNK_ROWS).map(|row| row as u32).collect();
            assert_eq!(piece, &chunk, "piece {number}");
        }
    }
}
