//! Business days (Monday to Friday): the unit of legal deadlines such as an opt-out's. Public
//! holidays differ by country and are not counted as such.

use chrono::{Datelike, Days, NaiveDate, Weekday};

fn is_business_day(date: NaiveDate) -> bool {
    !matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

/// The date `days` business days after `from` (a request on Friday with 1 day is due Monday).
pub fn add_business_days(from: NaiveDate, days: u32) -> NaiveDate {
    let mut date = from;
    let mut left = days;
    while left > 0 {
        date = date.checked_add_days(Days::new(1)).unwrap_or(date);
        if is_business_day(date) {
            left -= 1;
        }
    }
    date
}

/// Business days from `from` to `to` (negative when `to` is earlier): how many are left
/// before a deadline, or how far past it.
pub fn business_days_between(from: NaiveDate, to: NaiveDate) -> i64 {
    let (start, end, sign) = if from <= to { (from, to, 1) } else { (to, from, -1) };
    let whole_weeks = (end - start).num_days() / 7;
    let mut count = whole_weeks * 5;
    let mut date = start + chrono::Duration::days(whole_weeks * 7);
    while date < end {
        date = date.succ_opt().unwrap_or(end);
        if is_business_day(date) {
            count += 1;
        }
    }
    sign * count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn weekends_do_not_count() {
        // 2026-11-27 is a Friday.
        assert_eq!(add_business_days(day("2026-11-27"), 1), day("2026-11-30"));
        assert_eq!(add_business_days(day("2026-11-27"), 10), day("2026-12-11"));
        assert_eq!(add_business_days(day("2026-11-28"), 0), day("2026-11-28"));
        assert_eq!(business_days_between(day("2026-11-27"), day("2026-12-11")), 10);
        assert_eq!(business_days_between(day("2026-12-11"), day("2026-11-27")), -10);
        assert_eq!(business_days_between(day("2026-11-28"), day("2026-11-29")), 0);
    }

    #[test]
    fn counting_agrees_with_adding() {
        let start = day("2026-01-01");
        for offset in 0..14 {
            let from = start + chrono::Duration::days(offset);
            for days in 0..30 {
                let due = add_business_days(from, days);
                assert_eq!(business_days_between(from, due), i64::from(days), "{from} + {days}");
            }
        }
    }
}
