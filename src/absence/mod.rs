//! Out-of-office detection: whether a reply is an automatic absence notice and until when
//! the writer is away, in English, German, French, Spanish, Portuguese, Italian, Dutch,
//! Polish, Swedish and Japanese.
//! A pure function of the reply's text and the day it was sent; what to show and when to
//! count the reply as new again is the caller's. How it reads, and how well (measured on
//! `tests/data/absence.jsonl`), is in docs/ABSENCE.md.
//!
//! The text is folded once (`fold`), judged (`signals`), cut into tokens (`tokens`), its
//! dates read (`dates`) and the one that ends the absence chosen (`pick`); every word list
//! is in `lang`, indexed once by `lexicon`.

mod dates;
mod fold;
mod japanese;
mod lang;
mod lexicon;
mod pick;
mod quote;
mod signals;
mod tokens;

#[cfg(test)]
mod tests;

use chrono::{Days, NaiveDate};

/// How long a notice without a date keeps a reply quiet.
pub const UNDATED_DAYS: u64 = 14;

/// An absence notice as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Absence {
    /// The date the notice names as the end of the absence (the last day away) or the day
    /// of return, if any.
    pub until: Option<NaiveDate>,
    /// The day the writer is back, when the notice names a date: the day of return, or the
    /// next working day after the last day away ("until Friday 4 Dec": Monday 7 Dec).
    pub back: Option<NaiveDate>,
    /// The day the reply counts as new again: `back`, or `UNDATED_DAYS` after the notice
    /// was sent.
    pub back_on: NaiveDate,
}

/// Reads a reply: `subject`, `body_text` (plain text; quoted history below the notice is
/// ignored) and `sent_local`, the day it was sent in the writer's zone, from which "Monday"
/// or "3 December" are resolved. `None` when the reply is not an absence notice.
pub fn detect(subject: &str, body_text: &str, sent_local: NaiveDate) -> Option<Absence> {
    let subject = fold::subject(subject);
    let top = fold::top(body_text);
    let verdict = signals::judge(&subject, &top)?;
    // The body names the date; a subject ("OOO until Dec 2") only when the body does not.
    let end = [top.as_str(), subject.as_str()].into_iter().find_map(|text| {
        let tokens = tokens::tokens(text);
        let named = dates::named(&tokens, sent_local, verdict.month_first);
        pick::end(&tokens, &named)
    });
    let back_on = match end {
        Some(end) => Some(end.back),
        None => sent_local.checked_add_days(Days::new(UNDATED_DAYS)),
    }?;
    Some(Absence { until: end.map(|e| e.until), back: end.map(|e| e.back), back_on })
}
