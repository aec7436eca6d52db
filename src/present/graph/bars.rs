//! A horizontal bar: a count against the largest, in whole and partial cells.

use super::Graph;

/// Eighths of a cell, left-aligned, smallest first.
const PARTS: [char; 7] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/// `n` of `largest` as a bar at most `width` cells long; any count above zero shows at
/// least a sliver, zero shows nothing.
pub(crate) fn bar(n: usize, largest: usize, width: usize, graph: Graph) -> String {
    if n == 0 || width == 0 {
        return String::new();
    }
    let steps = match graph {
        Graph::Block => 8,
        Graph::Braille | Graph::Ascii => 2,
    };
    let length = (n * width * steps).div_ceil(largest.max(n)).max(1);
    let (whole, part) = (length / steps, length % steps);
    let (full, partial) = match graph {
        Graph::Block => ('█', PARTS.get(part.wrapping_sub(1)).copied()),
        Graph::Braille => ('⣿', (part == 1).then_some('⡇')),
        Graph::Ascii => ('#', (part == 1).then_some('-')),
    };
    let mut text: String = std::iter::repeat_n(full, whole).collect();
    text.extend(partial);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_are_as_long_as_their_share_and_never_vanish_above_zero() {
        assert_eq!(bar(10, 10, 8, Graph::Block), "████████");
        assert_eq!(bar(5, 10, 8, Graph::Block), "████");
        assert_eq!(bar(1, 100, 8, Graph::Block), "▏", "a sliver, not nothing");
        assert_eq!(bar(0, 10, 8, Graph::Block), "");
        assert_eq!(bar(3, 8, 4, Graph::Block), "█▌");
        assert_eq!(bar(3, 8, 4, Graph::Ascii), "#-");
        assert_eq!(bar(3, 8, 4, Graph::Braille), "⣿⡇");
        assert_eq!(bar(8, 8, 4, Graph::Ascii), "####");
    }
}
