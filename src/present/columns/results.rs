//! Results rows (`outreach report`): one campaign or bot with its counts over a range, the
//! same numbers the dashboard's Campaigns list and details show ([`crate::results`]).

use crate::needs::honoured::OptOutTally;
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::tone::Tone;
use crate::results::Tally;
use serde::Serialize;

/// A campaign or bot with what it achieved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultRow {
    pub id: i64,
    /// The campaign's name or the bot's address.
    pub name: String,
    #[serde(flatten)]
    pub tally: Tally,
    /// The opt-outs asked over the range, by how they stand against their deadline.
    pub opt_outs: OptOutTally,
}

type Col = Column<ResultRow>;

/// A count, dim when zero.
fn number(n: usize) -> Cell {
    Cell::new(Value::Int(n as i64)).tone(if n == 0 { Tone::Dim } else { Tone::Plain })
}

/// A count of a campaign's or a bot's results: empty while results are not loaded
/// (`None`), 0 for one with nothing in the range, toned when it is worth a look.
pub(crate) fn count_cell(
    tally: Option<Option<&Tally>>,
    count: fn(&Tally) -> usize,
    tone: Tone,
) -> Cell {
    let Some(tally) = tally else { return Cell::text("") };
    let count = tally.map_or(0, count);
    let cell = Cell::new(Value::Int(count as i64));
    if count > 0 { cell.tone(tone) } else { cell.tone(Tone::Dim) }
}

/// A column of one count of the tally (cells are plain functions, so a macro per count).
macro_rules! count {
    ($header:literal, $cli:literal, $of:expr) => {
        Col::new($header, $cli, (ANY, ANY), |r, _| number($of(&r.tally))).right()
    };
}

/// A column of one count of the opt-outs, toned when not zero; among the first left out
/// of a narrow table.
macro_rules! opt_outs {
    ($header:literal, $cli:literal, $of:expr, $tone:expr) => {
        Col::new($header, $cli, (ANY, ANY), |r, _| {
            let n = $of(&r.opt_outs);
            Cell::new(Value::Int(n as i64)).tone(if n == 0 { Tone::Dim } else { $tone })
        })
        .right()
        .drop(6)
    };
}

pub(crate) fn cli() -> Vec<Col> {
    vec![
        Col::new("Id", "ID", (ANY, ANY), |r, _| Cell::new(Value::Int(r.id))).right(),
        Col::new("Name", "NAME", (12, 40), |r, _| Cell::text(&r.name)),
        count!("Replies", "REPLIES", |t: &Tally| t.replies),
        count!("Interested", "INTERESTED", Tally::interested).drop(1),
        count!("Booked", "BOOKED", |t: &Tally| t.meetings.booked),
        count!("Held", "HELD", |t: &Tally| t.meetings.held).drop(3),
        count!("Upcoming", "UPCOMING", |t: &Tally| t.meetings.upcoming).drop(3),
        count!("Cancelled", "CANCELLED", |t: &Tally| t.meetings.cancelled).drop(4),
        Col::new("Rate", "REPLY→MEETING", (ANY, ANY), |r, _| Cell::text(r.tally.rate_text()))
            .right()
            .drop(2),
        Col::new("Last activity", "LAST ACTIVITY", (16, 25), |r, _| {
            Cell::new(Value::Time(r.tally.last_activity))
        })
        .drop(5),
        opt_outs!("Opt-outs", "OPT-OUTS", |t: &OptOutTally| t.asked, Tone::Plain),
        opt_outs!("In time", "IN TIME", |t: &OptOutTally| t.honoured_in_time, Tone::Plain),
        opt_outs!("Late", "LATE", |t: &OptOutTally| t.honoured_late, Tone::Warn),
        opt_outs!("Pending", "PENDING", |t: &OptOutTally| t.pending, Tone::Warn),
        opt_outs!("Overdue", "OVERDUE", |t: &OptOutTally| t.overdue, Tone::Bad),
    ]
}
