//! A line per organisation of a group (`status --group`): what is new, what waits on us and
//! since when, what needs a person and how much of it is due, the campaigns live, the
//! week's replies, today's meetings and the bots needing attention. A number not read is
//! an empty cell, never a zero.

use crate::api::Timestamp;
use crate::clock::short_age;
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::tone::Tone;
use serde::Serialize;

/// One organisation's numbers as its line shows them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct OrgLine {
    pub new: Option<usize>,
    pub hot_waiting: Option<usize>,
    pub oldest_hot_since: Option<Timestamp>,
    pub needs_you: Option<usize>,
    pub due: Option<usize>,
    pub active_campaigns: usize,
    pub replies_7_days: usize,
    pub meetings_today: usize,
    pub bots_needing_attention: usize,
}

type Col = Column<OrgLine>;

fn count(n: Option<usize>) -> Cell {
    Cell::new(Value::OptInt(n.map(|n| i64::try_from(n).unwrap_or(i64::MAX))))
}

fn alarm(n: usize) -> Cell {
    count(Some(n)).tone(if n > 0 { Tone::Warn } else { Tone::Plain })
}

/// The columns of `status --group`, in its order.
pub(crate) fn cli() -> Vec<Col> {
    vec![
        Col::new("New", "NEW", (ANY, ANY), |l, _| count(l.new)).right(),
        Col::new("Hot waiting", "HOT", (ANY, ANY), |l, _| {
            count(l.hot_waiting).tone(if l.hot_waiting > Some(0) {
                Tone::Warn
            } else {
                Tone::Plain
            })
        })
        .right(),
        Col::new("Oldest waits", "WAITS", (ANY, ANY), |l, c| {
            Cell::text(l.oldest_hot_since.map(|at| short_age(at.0, c.now)).unwrap_or_default())
        })
        .right(),
        Col::new("Needs you", "NEEDS YOU", (ANY, ANY), |l, _| count(l.needs_you)).right(),
        Col::new("Due", "DUE", (ANY, ANY), |l, _| {
            count(l.due).tone(if l.due > Some(0) { Tone::Bad } else { Tone::Plain })
        })
        .right(),
        Col::new("Live campaigns", "LIVE", (ANY, ANY), |l, _| count(Some(l.active_campaigns)))
            .right(),
        Col::new("Replies 7d", "REPLIES 7D", (ANY, ANY), |l, _| count(Some(l.replies_7_days)))
            .right(),
        Col::new("Meetings today", "MEETINGS TODAY", (ANY, ANY), |l, _| {
            count(Some(l.meetings_today))
        })
        .right(),
        Col::new("Bots needing attention", "BOTS ⚠", (ANY, ANY), |l, _| {
            alarm(l.bots_needing_attention)
        })
        .right(),
    ]
}

/// The dashboard's group Overview: the same cells as `status --group`, in the order a
/// person scans them (what waits first), the least needed left out first when narrow; each
/// at least as wide as its header, so a number never sits under a cut title.
pub(crate) fn screen() -> Vec<Col> {
    const KEPT: [(&str, u8); 9] = [
        ("New", 1),
        ("Hot waiting", 2),
        ("Needs you", 3),
        ("Meetings today", 5),
        ("Bots needing attention", 4),
        ("Oldest waits", 6),
        ("Due", 7),
        ("Live campaigns", 8),
        ("Replies 7d", 9),
    ];
    let mut all: Vec<Option<Col>> = cli().into_iter().map(Some).collect();
    KEPT.iter()
        .filter_map(|&(header, rank)| {
            let column = all.iter_mut().find(|c| c.as_ref().is_some_and(|c| c.header == header))?;
            let mut column = column.take()?;
            let width = crate::present::width::display_width(header);
            column.limits.min = width;
            column.limits.max = width;
            Some(column.drop(rank))
        })
        .collect()
}
