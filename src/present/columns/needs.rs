//! The columns of the "Needs you" list (`outreach todo`; the dashboard's list draws the same).

use crate::needs::Need;
use crate::present::column::{ANY, Cell, Column, Context, Value};
use crate::present::tone::Tone;

type Col = Column<Need>;

/// "5d late" (calendar days past the deadline), "today", "3d left" (business days, the
/// unit of an opt-out's deadline); empty without a deadline.
pub(crate) fn due_words(need: &Need, context: &Context) -> (String, Tone) {
    let today = context.zone.date(context.now);
    match (need.due, need.days_left(today)) {
        // Not known to hold: no deadline is told for it.
        _ if need.unchecked => ("unchecked".into(), Tone::Dim),
        (Some(due), _) if due < today => {
            (format!("{}d late", (today - due).num_days()), Tone::Alarm)
        }
        (Some(_), _) if need.is_due(today) => ("today".into(), Tone::Alarm),
        (_, Some(days)) => {
            (format!("{days}d left"), if days <= 2 { Tone::Warn } else { Tone::Plain })
        }
        _ => (String::new(), Tone::Dim),
    }
}

fn due() -> Col {
    Col::new("Due", "DUE", (7, 9), |need, context| {
        let (words, tone) = due_words(need, context);
        Cell::text(words).tone(tone)
    })
    .not_in_csv()
}

fn due_day() -> Col {
    Col::new("Due day", "DUE_DAY", (ANY, ANY), |need, _| {
        Cell::text(need.due.map(|day| day.to_string()).unwrap_or_default())
    })
    .drop(9)
}

fn kind() -> Col {
    Col::new("Kind", "KIND", (5, 14), |need, _| Cell::text(need.kind.slug()).tone(Tone::Dim))
}

fn task() -> Col {
    Col::new("To do", "TASK", (16, 48), |need, _| Cell::text(&need.task))
}

fn why() -> Col {
    Col::new("Why", "WHY", (16, 80), |need, _| Cell::text(&*need.why).tone(Tone::Dim)).drop(5)
}

fn since() -> Col {
    Col::new("Since", "SINCE", (ANY, ANY), |need, _| {
        Cell::time(need.since.map(crate::api::Timestamp), None)
    })
    .drop(7)
}

fn subject() -> Col {
    Col::new("Id", "ID", (ANY, ANY), |need, _| {
        Cell::new(Value::Int(match need.subject {
            crate::needs::Subject::Exchange(id)
            | crate::needs::Subject::Campaign(id)
            | crate::needs::Subject::Bot(id) => id,
        }))
    })
    .right()
    .drop(8)
}

/// The CLI's table and CSV.
pub(crate) fn cli() -> Vec<Col> {
    vec![due(), kind(), task(), why(), subject(), since(), due_day()]
}
