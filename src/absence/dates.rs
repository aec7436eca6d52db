//! Every date a notice's text names, resolved against the day it was sent: "3 December",
//! "December 3rd", "03.12.", "3/12", "2026-12-03", "Monday", "next week Monday",
//! "tomorrow", and a day of the month alone ("the 3rd"). Which of them ends the absence is
//! `pick`'s business.
//!
//! Resolving: a date without a year is the next such day on or after the sent day; a year
//! written is taken as written; a weekday is the first one after the sent day; "next week
//! Monday" is the Monday of the week after; a day alone is the next such day of a month on
//! or after the sent day.
//!
//! Day and month order of "3/12": day first, as every language here writes it, unless only
//! the other order makes a date (`11/30`), or the notice is in English and the month-first
//! reading falls nearer after the sent day (an American "12/3" sent in late November is
//! 3 December; a British "3/12" sent then is too).

use super::lang::ALL;
use super::lexicon::{self, Table};
use super::tokens::Token;
use chrono::{Datelike, Days, NaiveDate, Weekday};

/// What kind of date a text named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// With a month: "3 December", "03.12.", "2026-12-03".
    Full,
    /// A weekday, or "tomorrow".
    Relative,
    /// A day alone; `ordinal` when written as one ("3rd", "3.", "15e").
    Day { ordinal: bool },
    /// An ISO week ("KW 49", "week 49"), named by its Monday.
    Week,
}

/// A date named in tokens `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    pub date: NaiveDate,
    pub start: usize,
    pub end: usize,
    pub shape: Shape,
    /// The end of a range written as one number ("1-4 December").
    pub ends_range: bool,
}

/// The most days ahead a notice's date may lie: further is a misreading (a "24/7").
const HORIZON_DAYS: u64 = 400;

/// Every date named in `tokens`, in order.
pub fn named(tokens: &[Token<'_>], sent: NaiveDate, month_first: bool) -> Vec<Named> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match read_at(tokens, i, sent, month_first) {
            Some(found) => {
                i = found.end;
                let horizon = sent.checked_add_days(Days::new(HORIZON_DAYS));
                // A week counts while its last day is still to come.
                let last = match found.shape {
                    Shape::Week => found.date.checked_add_days(Days::new(6)),
                    _ => Some(found.date),
                };
                if last.is_some_and(|last| last >= sent) && horizon.is_some_and(|h| found.date <= h)
                {
                    out.push(found);
                }
            }
            None => i += 1,
        }
    }
    out
}

fn read_at(tokens: &[Token<'_>], i: usize, sent: NaiveDate, month_first: bool) -> Option<Named> {
    // The minutes of "10:30" are no date, nor is its hour.
    let time = |at: usize| matches!(tokens.get(at), Some(Token::Colon));
    if (i > 0 && time(i - 1)) || time(i + 1) {
        return None;
    }
    let full =
        |date, end| Some(Named { date, start: i, end, shape: Shape::Full, ends_range: false });
    match tokens[i] {
        // "2026-12-03".
        Token::Number { parts, digits, count: 3, .. } if digits[0] == 4 => {
            full(NaiveDate::from_ymd_opt(parts[0] as i32, parts[1], parts[2])?, i + 1)
        }
        // "03.12.2026", "3/12/26".
        Token::Number { parts, digits, count: 3, .. } if digits[2] == 4 || digits[2] == 2 => {
            let year = parts[2] as i32 + if digits[2] == 2 { 2000 } else { 0 };
            full(numeric(parts[0], parts[1], Some(year), sent, month_first)?, i + 1)
        }
        // "1-4 December": the end of a range of days.
        Token::Number { parts, digits, count: 2, sep: b'-', .. }
            if digits[1] <= 2 && tokens.get(i + 1).and_then(month_of).is_some() =>
        {
            let month = tokens.get(i + 1).and_then(month_of)?;
            let (year, end) = year_after(tokens, i + 2);
            let date = resolve(parts[1], month, year, sent)?;
            Some(Named { date, start: i, end, shape: Shape::Full, ends_range: true })
        }
        // "03.12.", "3/12", "21-12".
        Token::Number { parts, count: 2, .. } => {
            full(numeric(parts[0], parts[1], None, sent, month_first)?, i + 1)
        }
        Token::Number { parts, digits, count: 1, dot, suffix, .. } if digits[0] <= 2 => {
            let day = parts[0];
            if !(1..=31).contains(&day) || !is_ordinal_or_none(suffix) {
                return None;
            }
            // Portuguese numbers its weekdays: "2ª feira" is Monday, "6ª feira" Friday.
            if tokens.get(i + 1) == Some(&Token::Word("feira")) && (2..=6).contains(&day) {
                let date = next_weekday(sent, day - 2)?;
                let shape = Shape::Relative;
                return Some(Named { date, start: i, end: i + 2, shape, ends_range: false });
            }
            // "3 December", "3rd of December", "3 de diciembre", then a year perhaps.
            let j = if matches!(tokens.get(i + 1), Some(Token::Word("of" | "de"))) {
                i + 2
            } else {
                i + 1
            };
            if let Some(month) = tokens.get(j).and_then(month_of) {
                let (year, end) = year_after(tokens, j + 1);
                return full(resolve(day, month, year, sent)?, end);
            }
            let shape = Shape::Day { ordinal: dot || !suffix.is_empty() };
            let date = day_of_month(day, sent)?;
            Some(Named { date, start: i, end: i + 1, shape, ends_range: false })
        }
        Token::Word(word) => {
            if lexicon::word(word).any(|e| e.table == Table::Week) {
                return week(tokens, i, sent);
            }
            if let Some(month) = month_of(&tokens[i]) {
                // "December 3", "Dec 3rd", "January 5, 2027".
                let Some(Token::Number { parts, digits, count: 1, suffix, .. }) = tokens.get(i + 1)
                else {
                    return None;
                };
                if digits[0] > 2 || !is_ordinal_or_none(suffix) || time(i + 2) {
                    return None;
                }
                let (year, end) = year_after(tokens, i + 2);
                return full(resolve(parts[0], month, year, sent)?, end);
            }
            relative(tokens, i, word, sent)
        }
        _ => None,
    }
}

/// "tomorrow", "Monday", "next week Monday" at `i`.
fn relative(tokens: &[Token<'_>], i: usize, word: &str, sent: NaiveDate) -> Option<Named> {
    let named = |date, start| {
        Some(Named { date, start, end: i + 1, shape: Shape::Relative, ends_range: false })
    };
    if lexicon::word(word).any(|e| e.table == Table::Tomorrow) {
        return named(sent.succ_opt()?, i);
    }
    let weekday = weekday_of(word)?.num_days_from_monday();
    match next_week_before(tokens, i) {
        Some(start) => {
            let monday = sent.week(Weekday::Mon).first_day().checked_add_days(Days::new(7))?;
            named(monday.checked_add_days(Days::new(u64::from(weekday)))?, start)
        }
        None => named(next_weekday(sent, weekday)?, i),
    }
}

/// "KW 49" at `i`: the Monday of the next such ISO week, this one included.
fn week(tokens: &[Token<'_>], i: usize, sent: NaiveDate) -> Option<Named> {
    let Some(Token::Number { parts, count: 1, suffix: "", .. }) = tokens.get(i + 1) else {
        return None;
    };
    let number = parts[0];
    let this = sent.iso_week();
    let year = if number < this.week() { this.year() + 1 } else { this.year() };
    let date = NaiveDate::from_isoywd_opt(year, number, Weekday::Mon)?;
    Some(Named { date, start: i, end: i + 2, shape: Shape::Week, ends_range: false })
}

/// The first `weekday` (0 for Monday) after `sent`, 1 to 7 days ahead: "until Monday" sent
/// on a Monday is the Monday after.
fn next_weekday(sent: NaiveDate, weekday: u32) -> Option<NaiveDate> {
    let ahead = (7 + weekday - sent.weekday().num_days_from_monday() - 1) % 7 + 1;
    sent.checked_add_days(Days::new(u64::from(ahead)))
}

/// The month a word names in any language, 1-based.
fn month_of(token: &Token<'_>) -> Option<u32> {
    let Token::Word(word) = token else { return None };
    lexicon::word(word).find_map(|e| match e.table {
        Table::Month(month) => Some(month),
        _ => None,
    })
}

fn weekday_of(word: &str) -> Option<Weekday> {
    let day = lexicon::word(word).find_map(|e| match e.table {
        Table::Weekday(day) => Some(day),
        _ => None,
    })?;
    Weekday::try_from(day).ok()
}

/// Where "next week" starts when it stands right before the weekday at `i`.
fn next_week_before(tokens: &[Token<'_>], i: usize) -> Option<usize> {
    ALL.iter().flat_map(|w| w.next_week.iter()).find_map(|phrase| {
        let start = i.checked_sub(phrase.len())?;
        let matches = phrase.iter().zip(&tokens[start..i]).all(|(p, t)| *t == Token::Word(p));
        matches.then_some(start)
    })
}

/// Suffixes a day number may carry: none, or an ordinal's ("3rd", "1er", "15e", "2o").
fn is_ordinal_or_none(suffix: &str) -> bool {
    matches!(suffix, "" | "st" | "nd" | "rd" | "th" | "e" | "er" | "eme" | "re" | "o" | "a" | "de")
}

/// A year right after a date ("3 December 2026", "1 de diciembre de 2026"): the year if
/// any and where reading goes on.
fn year_after(tokens: &[Token<'_>], j: usize) -> (Option<i32>, usize) {
    let k = if matches!(tokens.get(j), Some(Token::Word("de" | "of"))) { j + 1 } else { j };
    match tokens.get(k) {
        Some(Token::Number { parts, digits, count: 1, suffix: "", .. }) if digits[0] == 4 => {
            (Some(parts[0] as i32), k + 1)
        }
        _ => (None, j),
    }
}

/// `day`.`month` of `year`, or the next one on or after `sent`.
fn resolve(day: u32, month: u32, year: Option<i32>, sent: NaiveDate) -> Option<NaiveDate> {
    match year {
        Some(year) => NaiveDate::from_ymd_opt(year, month, day),
        None => (0..=4).find_map(|ahead| {
            NaiveDate::from_ymd_opt(sent.year() + ahead, month, day).filter(|d| *d >= sent)
        }),
    }
}

/// "a/b" read in the order the module's comment gives.
fn numeric(
    a: u32,
    b: u32,
    year: Option<i32>,
    sent: NaiveDate,
    month_first: bool,
) -> Option<NaiveDate> {
    let day_first = resolve(a, b, year, sent);
    let month_first_reading = resolve(b, a, year, sent);
    match (day_first, month_first_reading) {
        (Some(d), Some(m)) if month_first && d != m => {
            let after = |x: NaiveDate| if x >= sent { (x - sent).num_days() } else { i64::MAX };
            Some(if after(m) < after(d) { m } else { d })
        }
        (Some(d), _) => Some(d),
        (None, m) => m,
    }
}

/// The next `day` of a month on or after `sent`.
fn day_of_month(day: u32, sent: NaiveDate) -> Option<NaiveDate> {
    let mut first = sent.with_day(1)?;
    for _ in 0..3 {
        if let Some(date) = first.with_day(day).filter(|d| *d >= sent) {
            return Some(date);
        }
        first = first.checked_add_months(chrono::Months::new(1))?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::absence::tokens::tokens;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn first(text: &str, sent: &str, month_first: bool) -> Option<NaiveDate> {
        named(&tokens(text), day(sent), month_first).first().map(|n| n.date)
    }

    #[test]
    fn reads_each_form() {
        let sent = "2026-11-25"; // a Wednesday
        assert_eq!(first("3 december", sent, false), Some(day("2026-12-03")));
        assert_eq!(first("december 3rd", sent, false), Some(day("2026-12-03")));
        assert_eq!(first("03.12.", sent, false), Some(day("2026-12-03")));
        assert_eq!(first("03.01.", sent, false), Some(day("2027-01-03")));
        assert_eq!(first("3/12/2026", sent, false), Some(day("2026-12-03")));
        assert_eq!(first("2026-12-03", sent, false), Some(day("2026-12-03")));
        assert_eq!(first("monday", sent, false), Some(day("2026-11-30")));
        assert_eq!(first("wednesday", sent, false), Some(day("2026-12-02")));
        assert_eq!(first("next week monday", sent, false), Some(day("2026-11-30")));
        assert_eq!(first("tomorrow", sent, false), Some(day("2026-11-26")));
        assert_eq!(first("ate 3 feira", sent, false), Some(day("2026-12-01")));
        assert_eq!(first("the 3rd", sent, false), Some(day("2026-12-03")));
        assert_eq!(first("1 de diciembre de 2026", sent, false), Some(day("2026-12-01")));
        assert_eq!(first("dec 3, 2027", sent, false), Some(day("2027-12-03")));
        assert_eq!(first("1-4 dec", sent, false), Some(day("2026-12-04")));
        assert_eq!(first_named("12月4日", sent).map(|n| n.date), Some(day("2026-12-04")));
    }

    fn first_named(text: &str, sent: &str) -> Option<Named> {
        let folded = crate::absence::fold::top(text);
        named(&tokens(&folded), day(sent), false).first().copied()
    }

    #[test]
    fn a_week_number_is_its_monday_next_year_too() {
        for text in ["KW 49", "KW49", "week 49", "vecka 49", "tydzień 49"] {
            let got = first_named(text, "2026-11-25").map(|n| (n.date, n.shape));
            assert_eq!(got, Some((day("2026-11-30"), Shape::Week)), "{text}");
        }
        // Sent on the Wednesday of week 49, week 49 still counts.
        assert_eq!(first_named("KW 49", "2026-12-02").map(|n| n.date), Some(day("2026-11-30")));
        assert_eq!(first_named("KW 2", "2026-12-18").map(|n| n.date), Some(day("2027-01-11")));
    }

    #[test]
    fn orders_day_and_month() {
        assert_eq!(first("12/3", "2026-11-25", false), Some(day("2027-03-12")));
        assert_eq!(first("12/3", "2026-11-25", true), Some(day("2026-12-03")));
        assert_eq!(first("3/12", "2026-11-25", true), Some(day("2026-12-03")));
        assert_eq!(first("11/30", "2026-11-25", false), Some(day("2026-11-30")));
    }

    #[test]
    fn times_and_past_dates_are_not_read() {
        assert_eq!(first("10:30", "2026-11-25", false), None);
        assert_eq!(first("24.11.2026", "2026-11-25", false), None);
    }
}
