//! A filled area over several lines: each column as high as its value (0 to 1), for a
//! curve such as a bot's warm-up.

use super::{EIGHTHS, Graph, braille};

/// How many values one cell holds across: two in braille, one otherwise.
pub(crate) fn per_cell(graph: Graph) -> usize {
    match graph {
        Graph::Braille => 2,
        Graph::Block | Graph::Ascii => 1,
    }
}

/// The values (each 0 to 1, [`per_cell`] of them a cell) filled from the bottom over
/// `height` lines, the top line first.
pub(crate) fn area(values: &[f64], height: usize, graph: Graph) -> Vec<String> {
    // Steps a line holds: eighths of a block, four dots, or a half (`.`) and a whole (`#`).
    let steps = match graph {
        Graph::Block => 8,
        Graph::Braille => 4,
        Graph::Ascii => 2,
    };
    let filled: Vec<usize> = values
        .iter()
        .map(|v| (v.clamp(0.0, 1.0) * (height * steps) as f64).round() as usize)
        .collect();
    let on_line = |filled: usize, line: usize| filled.saturating_sub(line * steps).min(steps);
    (0..height)
        .rev()
        .map(|line| match graph {
            Graph::Block => filled
                .iter()
                .map(|&f| match on_line(f, line) {
                    0 => ' ',
                    n => EIGHTHS[n - 1],
                })
                .collect(),
            Graph::Ascii => filled.iter().map(|&f| [' ', '.', '#'][on_line(f, line)]).collect(),
            Graph::Braille => filled
                .chunks(2)
                .map(|pair| {
                    let dots = |at: usize| pair.get(at).map_or(0, |&f| on_line(f, line));
                    match (dots(0), dots(1)) {
                        (0, 0) => ' ',
                        (left, right) => braille(left, right),
                    }
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const RAMP: [f64; 4] = [0.25, 0.5, 1.0, 1.0];

    #[test]
    fn block_fills_from_the_bottom_in_eighths() {
        assert_eq!(area(&RAMP, 2, Graph::Block), vec!["  ██", "▄███"]);
        assert_eq!(area(&[0.0, 0.0625], 1, Graph::Block), vec![" ▁"], "zero is empty");
    }

    #[test]
    fn ascii_fills_in_halves() {
        assert_eq!(area(&RAMP, 2, Graph::Ascii), vec!["  ##", ".###"]);
    }

    #[test]
    fn braille_holds_two_columns_a_cell() {
        let lines = area(&RAMP, 2, Graph::Braille);
        assert_eq!(lines.iter().map(|l| l.chars().count()).collect::<Vec<_>>(), vec![2, 2]);
        assert_eq!(lines[0], format!(" {}", braille(4, 4)));
        assert_eq!(lines[1], format!("{}{}", braille(2, 4), braille(4, 4)));
        assert_eq!(per_cell(Graph::Braille), 2);
    }
}
