//! A search's matches put best first in time linear in their number. Scores are small
//! integers (a few dozen per word), so a counting sort by score replaces a comparison sort of
//! every match (about 1 ms at 100k matches and 12 ms at 1M on this machine, for the first
//! letter typed, which matches nearly every row). It is stable: rows of equal score keep the
//! order they came in, the table's.

/// Whether a search's matches are to be put best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ordered {
    BestFirst,
    /// Only in the table's order: a sorted list's matches are shown in the order the user
    /// chose, so ranking them is work thrown away (`Ranked::order` is then left empty).
    AsGiven,
}

/// A row that matched, and how well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub row: u32,
    pub score: u32,
}

/// Above this score, a comparison sort (a filter of many long words): the counting sort
/// would need a counter per possible score.
const COUNTED_SCORES: u32 = 1 << 16;

/// A part's matches, in the table's order, and how many score each value: counted by the
/// thread that searched the part, while its matches are in that core's cache, rather than
/// by the one that orders them all after (a millisecond at 100k matches, with both cores
/// waiting).
#[derive(Debug, Default)]
pub struct Counted {
    hits: Vec<Hit>,
    /// By score; `None` when a score is too large to count.
    counts: Option<Vec<u32>>,
}

impl Counted {
    /// A part's matches, counted by score when they are to be put best first.
    pub fn new(hits: Vec<Hit>, ordered: Ordered) -> Counted {
        if ordered == Ordered::AsGiven {
            return Counted { hits, counts: None };
        }
        let mut counts = Vec::new();
        for hit in &hits {
            if hit.score >= COUNTED_SCORES {
                return Counted { hits, counts: None };
            }
            let score = hit.score as usize;
            if score >= counts.len() {
                counts.resize(score + 1, 0);
            }
            counts[score] += 1;
        }
        Counted { hits, counts: Some(counts) }
    }

    pub fn hits(&self) -> &[Hit] {
        &self.hits
    }
}

/// The rows of `parts` (consecutive parts of the table, each in the table's order), best
/// score first with equal scores in the order given; and the same rows in the order given.
pub fn best_first(parts: &[Counted]) -> (Vec<u32>, Vec<u32>) {
    let count = parts.iter().map(|part| part.hits.len()).sum();
    let hits = || parts.iter().flat_map(|part| &part.hits);
    let Some(counts) = parts.iter().map(|part| part.counts.as_ref()).collect::<Option<Vec<_>>>()
    else {
        let mut keys: Vec<u64> = hits()
            .map(|hit| (u64::from(u32::MAX - hit.score) << 32) | u64::from(hit.row))
            .collect();
        keys.sort_unstable();
        return (
            keys.into_iter().map(|key| key as u32).collect(),
            hits().map(|hit| hit.row).collect(),
        );
    };
    // Where each score's rows start in the answer, the best score's first.
    let scores = counts.iter().map(|counts| counts.len()).max().unwrap_or(0);
    let mut starts = vec![0u32; scores];
    for counts in &counts {
        for (start, count) in starts.iter_mut().zip(counts.iter()) {
            *start += count;
        }
    }
    let mut at = 0;
    for start in starts.iter_mut().rev() {
        (*start, at) = (at, at + *start);
    }
    let mut order = vec![0u32; count];
    let mut matched = Vec::with_capacity(count);
    for hit in hits() {
        let slot = &mut starts[hit.score as usize];
        order[*slot as usize] = hit.row;
        *slot += 1;
        matched.push(hit.row);
    }
    (order, matched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hits(scores: &[u32]) -> Vec<Hit> {
        scores.iter().enumerate().map(|(row, &score)| Hit { row: row as u32, score }).collect()
    }

    fn ordered(parts: Vec<Vec<Hit>>) -> Vec<u32> {
        let parts: Vec<Counted> =
            parts.into_iter().map(|hits| Counted::new(hits, Ordered::BestFirst)).collect();
        let (order, matched) = best_first(&parts);
        let given: Vec<u32> =
            parts.iter().flat_map(|part| part.hits()).map(|hit| hit.row).collect();
        assert_eq!(matched, given, "the matches in the order given");
        order
    }

    #[test]
    fn the_best_come_first_and_ties_keep_the_table_order() {
        assert_eq!(ordered(vec![hits(&[36, 62, 36, 0, 62])]), [1, 4, 0, 2, 3]);
        assert_eq!(ordered(vec![]), [] as [u32; 0]);
        assert_eq!(ordered(vec![hits(&[7, COUNTED_SCORES + 1, 7])]), [1, 0, 2]);
    }

    proptest! {
        #[test]
        fn counting_gives_what_a_stable_sort_gives(scores in prop::collection::vec(0u32..200, 0..300)) {
            let mut expected = hits(&scores);
            expected.sort_by_key(|hit| std::cmp::Reverse(hit.score));
            let expected: Vec<u32> = expected.iter().map(|hit| hit.row).collect();
            let whole = hits(&scores);
            prop_assert_eq!(ordered(vec![whole.clone()]), expected.clone());
            // In two parts, as a search on two cores gives them.
            let (first, second) = whole.split_at(whole.len() / 2);
            prop_assert_eq!(ordered(vec![first.to_vec(), second.to_vec()]), expected);
        }
    }
}
