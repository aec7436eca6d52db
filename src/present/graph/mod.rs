//! Pictures drawn with characters, for the dashboard and the CLI alike: a sparkline of
//! counts per day, an hour × weekday heatmap, a filled curve and horizontal bars. Each is
//! drawn in the style `[ui] graph` names, and each carries its meaning in shapes, labels
//! and axis words, never in colour alone (a `NO_COLOR` terminal reads the same picture).
//! Pure: plain strings in, plain strings out; the caller tones them.

mod area;
mod bars;
mod heat;
mod spark;

pub(crate) use crate::config::Graph;
pub(crate) use area::{area, per_cell};
pub(crate) use bars::{bar, gauge, marks};
pub(crate) use heat::heatmap;
pub(crate) use spark::{sparkline, sparkline_scaled};

/// Eight heights of a block in one cell, lowest first.
const EIGHTHS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The braille dots of one column of a cell, bottom first (left column, right column).
const DOTS: [[u32; 4]; 2] = [[0x40, 0x04, 0x02, 0x01], [0x80, 0x20, 0x10, 0x08]];

/// A braille cell with the lowest `left` dots of its left column and `right` of its right.
fn braille(left: usize, right: usize) -> char {
    let bits = |column: &[u32; 4], n: usize| column.iter().take(n).sum::<u32>();
    char::from_u32(0x2800 + bits(&DOTS[0], left) + bits(&DOTS[1], right)).unwrap_or(' ')
}

/// `n` against `largest` in `levels` steps, 1 to `levels` for any n > 0.
fn level(n: usize, largest: usize, levels: usize) -> usize {
    (n * levels).div_ceil(largest.max(1)).clamp(1, levels)
}
