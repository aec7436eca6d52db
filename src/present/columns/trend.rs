//! The fortnight's replies as a sparkline cell, for the Campaigns and Bots lists on screen
//! and in the CLI: a gap for a day with no data, sorted by the fortnight's replies.

use crate::present::column::{Cell, Column, Context};
use crate::present::graph::sparkline;
use crate::present::sort_key::SortKey;
use crate::present::tone::Tone;
use crate::results::Group;

/// The header on screen and in the CLI.
pub(crate) const TREND: (&str, &str) = ("Trend 14d", "TREND 14D");

/// The sparkline of `id`'s trend; empty while it is not counted.
pub(crate) fn cell(group: Group, id: i64, context: &Context) -> Cell {
    let trend = context.trends.and_then(|trends| trends.of(group, id));
    Cell::text(trend.map(|days| sparkline(days, context.graph)).unwrap_or_default())
        .tone(Tone::Plain)
}

/// The fortnight's replies, for sorting (none counted sorts last).
pub(crate) fn total(group: Group, id: i64, context: &Context) -> SortKey {
    match context.trends.and_then(|trends| trends.of(group, id)) {
        Some(days) => SortKey::Number(days.iter().flatten().sum::<usize>() as i64),
        None => SortKey::Empty,
    }
}

/// A trend column, left out first when narrow and whenever it would cut another column's
/// text. Always 14 wide: a sparkline cut with `…` would lose today, and braille's 7 cells
/// cannot be told apart from the others here.
pub(crate) fn column<T>(
    cell_of: fn(&T, &Context) -> Cell,
    sort: fn(&T, &Context) -> SortKey,
) -> Column<T> {
    Column::new(TREND.0, TREND.1, (14, 14), cell_of)
        .sort_by(sort)
        .drop(crate::present::fit::Limits::PICTURE)
        .not_in_csv()
}
