//! A sparkline: one count per day, oldest first, on one line. A day with no data (before
//! the thing existed, or not read) is a gap — a blank — never drawn as a zero.

use super::{EIGHTHS, Graph, braille, level};

/// The counts as one line: a gap is blank, zero is a baseline mark (`·`, `_`, one dot), a
/// count is as high as its share of the largest. Block and ASCII draw a cell a day,
/// braille two days a cell.
pub(crate) fn sparkline(days: &[Option<usize>], graph: Graph) -> String {
    let largest = days.iter().flatten().copied().max().unwrap_or(0);
    sparkline_scaled(days, largest, graph)
}

/// A sparkline against a `largest` of the caller's: two lines drawn on one scale.
pub(crate) fn sparkline_scaled(days: &[Option<usize>], largest: usize, graph: Graph) -> String {
    match graph {
        Graph::Block => days
            .iter()
            .map(|day| match day {
                None => ' ',
                Some(0) => '·',
                Some(n) => EIGHTHS[level(*n, largest, EIGHTHS.len()) - 1],
            })
            .collect(),
        Graph::Ascii => days
            .iter()
            .map(|day| match day {
                None => ' ',
                Some(0) => '_',
                Some(n) => ['.', ':', '|', '#'][level(*n, largest, 4) - 1],
            })
            .collect(),
        Graph::Braille => {
            // Dots high: none for a gap, one for zero, two to four for a count.
            let dots = |day: Option<&Option<usize>>| match day.copied().flatten() {
                None => 0,
                Some(0) => 1,
                Some(n) => 1 + level(n, largest, 3),
            };
            days.chunks(2)
                .map(|pair| match (dots(pair.first()), dots(pair.get(1))) {
                    (0, 0) => ' ',
                    (left, right) => braille(left, right),
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two days unknown, then 0, 1, 4, 2.
    const DAYS: [Option<usize>; 6] = [None, None, Some(0), Some(1), Some(4), Some(2)];

    #[test]
    fn block_draws_gaps_blank_and_zero_as_a_baseline() {
        assert_eq!(sparkline(&DAYS, Graph::Block), "  ·▂█▄");
        assert_eq!(sparkline(&[None, None], Graph::Block), "  ", "nothing known: all gap");
        assert_eq!(sparkline(&[Some(0), Some(0)], Graph::Block), "··", "known zeros");
    }

    #[test]
    fn ascii_uses_printable_ascii_only() {
        let line = sparkline(&DAYS, Graph::Ascii);
        assert_eq!(line, "  _.#:");
        assert!(line.bytes().all(|b| (b' '..=b'~').contains(&b)));
    }

    #[test]
    fn braille_holds_two_days_a_cell_and_keeps_gaps_apart_from_zeros() {
        let line = sparkline(&DAYS, Graph::Braille);
        assert_eq!(line.chars().count(), 3);
        let cells: Vec<char> = line.chars().collect();
        assert_eq!(cells[0], ' ', "two unknown days");
        // Zero: one dot at the bottom left; one reply: two dots at the bottom right.
        assert_eq!(cells[1], braille(1, 2));
        assert_eq!(cells[2], braille(4, 3));
        assert_ne!(
            sparkline(&[None, None], Graph::Braille),
            sparkline(&[Some(0), Some(0)], Graph::Braille)
        );
        // An odd day out: the last cell's right half is empty.
        assert_eq!(sparkline(&[Some(1)], Graph::Braille), braille(4, 0).to_string());
    }

    #[test]
    fn two_lines_on_one_scale_keep_their_heights_apart() {
        let low = [Some(1), Some(2)];
        assert_eq!(sparkline_scaled(&low, 4, Graph::Block), "▂▄");
        assert_eq!(sparkline(&low, Graph::Block), "▄█", "alone, its own scale");
        assert_eq!(sparkline_scaled(&low, 4, Graph::Ascii), ".:");
    }
}
