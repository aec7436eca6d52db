//! Which named date ends the absence, and the day the writer is back. A notice names the
//! day it ends ("until", "bis", "jusqu'au", a range's end) or the day the writer is back
//! ("back on", "ab … wieder", "de retour le"); when it names both, the end wins, being the
//! surer of the two. A date with neither word before it counts only when nothing better is
//! named ("out of office on Friday 4 December"); a bare number counts only as an ordinal or
//! after such a word, so a phone number or "24 hours" is not a date.
//!
//! The day back: the day itself after a "back" word; after any other date, a last day
//! away, the next working day ("until Friday 4 December" is back Monday 7 December); a
//! week is the Monday it starts after a "back" word ("ab KW 50 wieder da"), else the
//! Monday after it ("in KW 49 im Urlaub").

use super::dates::{Named, Shape};
use super::lexicon::{self, Table};
use super::tokens::Token;
use crate::clock::add_business_days;
use chrono::{Datelike, Days, NaiveDate};

/// What stands before a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Anchor {
    None,
    Back,
    Until,
}

/// How many tokens before a date an anchor may stand ("back at my desk on Monday 15").
const REACH: usize = 6;

/// The end of an absence as a notice names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct End {
    /// The date named: the last day away, or the day of return after a "back" word.
    pub until: NaiveDate,
    /// The day the writer is back.
    pub back: NaiveDate,
}

/// The end of the absence among `named` (from `tokens`).
pub fn end(tokens: &[Token<'_>], named: &[Named]) -> Option<End> {
    let mut best: Option<(Anchor, &Named)> = None;
    for n in named {
        let anchor = anchor(tokens, n);
        let usable = match n.shape {
            Shape::Full | Shape::Week => true,
            Shape::Relative => !beside_a_full_date(named, n),
            Shape::Day { ordinal } => ordinal || anchor != Anchor::None,
        };
        // The first of the strongest: a later "until" is in a signature or a second thought.
        if usable && best.is_none_or(|(b, _)| anchor > b) {
            best = Some((anchor, n));
        }
    }
    let (anchor, n) = best?;
    let day = |days| n.date.checked_add_days(Days::new(days));
    Some(match (n.shape, anchor) {
        (Shape::Week, Anchor::Back) => End { until: n.date, back: n.date },
        (Shape::Week, _) => End { until: day(6)?, back: day(7)? },
        (_, Anchor::Back) => End { until: n.date, back: n.date },
        _ => End { until: n.date, back: next_working_day(n.date) },
    })
}

/// The first business day after `day` that is not New Year's Day, the one day off in every
/// country the languages here are written in.
fn next_working_day(day: NaiveDate) -> NaiveDate {
    let next = add_business_days(day, 1);
    if (next.month(), next.day()) == (1, 1) { add_business_days(next, 1) } else { next }
}

/// "Thursday 3 December", "Montag, 30.11.": the weekday only names the date beside it.
fn beside_a_full_date(named: &[Named], weekday: &Named) -> bool {
    named.iter().any(|n| {
        n.shape != Shape::Relative && n.start <= weekday.end + 2 && weekday.start <= n.end + 2
    })
}

fn anchor(tokens: &[Token<'_>], named: &Named) -> Anchor {
    if named.ends_range {
        return Anchor::Until;
    }
    // Japanese writes "until" after the date: "12月4日まで".
    if let Some(Token::Word(word)) = tokens.get(named.end) {
        let mut tables = lexicon::word(word).map(|e| e.table);
        match tables.find(|t| matches!(t, Table::UntilAfter | Table::BackAfter)) {
            Some(Table::UntilAfter) => return Anchor::Until,
            Some(_) => return Anchor::Back,
            None => {}
        }
    }
    let bare = matches!(named.shape, Shape::Day { .. });
    for (steps, token) in tokens[..named.start].iter().rev().take(REACH).enumerate() {
        match token {
            Token::Break => break,
            // "Dec 21 - Jan 1": the end of a range.
            Token::Dash if steps == 0 => return Anchor::Until,
            Token::Word(word) => {
                let listed = |table| lexicon::word(word).any(|e| e.table == table);
                // "to", "al", "a": a range's end right before a full date, but "up to 3
                // people", and "do" is Polish "until" but Portuguese "of the".
                let weak = word.len() <= 2 || *word == "to" || *word == "met";
                if listed(Table::Until) && !(weak && (bare || steps > 0)) {
                    return Anchor::Until;
                }
                if listed(Table::Back) {
                    return Anchor::Back;
                }
                // "between 28.12. and 8.1.": a day right before the "and" starts a range.
                let after_a_day = tokens[..named.start - steps - 1]
                    .iter()
                    .rev()
                    .take(2)
                    .any(|t| matches!(t, Token::Number { .. }));
                if listed(Table::And) && after_a_day && steps <= 1 {
                    return Anchor::Until;
                }
            }
            _ => {}
        }
    }
    Anchor::None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn the_next_working_day_skips_weekends_and_new_year() {
        assert_eq!(next_working_day(day("2026-12-04")), day("2026-12-07"));
        assert_eq!(next_working_day(day("2026-12-07")), day("2026-12-08"));
        assert_eq!(next_working_day(day("2026-12-31")), day("2027-01-04"));
        assert_eq!(next_working_day(day("2027-12-31")), day("2028-01-03"));
    }
}
