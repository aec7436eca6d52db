//! A horizontal bar: a count against the largest, in whole and partial cells.

use super::Graph;

/// Eighths of a cell, left-aligned, smallest first.
const PARTS: [char; 7] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/// A gauge of `width` cells: the share reached filled (`■`, `#` in ASCII), the rest dotted.
pub(crate) fn gauge(ratio: f64, width: usize, graph: Graph) -> String {
    let filled = ((ratio.clamp(0.0, 1.0) * width as f64).round() as usize).min(width);
    let (full, empty) = marks(graph);
    std::iter::repeat_n(full, filled).chain(std::iter::repeat_n(empty, width - filled)).collect()
}

/// A filled cell and an empty one, for gauges and counts' bars.
pub(crate) fn marks(graph: Graph) -> (char, char) {
    match graph {
        Graph::Ascii => ('#', '.'),
        Graph::Block | Graph::Braille => ('■', '·'),
    }
}

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
    fn a_gauge_fills_its_share_in_the_graph_style() {
        assert_eq!(gauge(34.0 / 52.0, 10, Graph::Block), "■■■■■■■···");
        assert_eq!(gauge(1.0, 4, Graph::Block), "■■■■");
        assert_eq!(gauge(0.5, 4, Graph::Ascii), "##..");
    }

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
