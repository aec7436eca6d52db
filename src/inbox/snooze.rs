//! "Remind me in 30 days": the day a snooze ends, as both faces take it — `30d`, `1w`,
//! `2026-12-24`, `tomorrow`, `monday` — and the moment that day begins for the user. The
//! dashboard's `:snooze` and its presets, and `outreach replies snooze --until/--for`, read
//! it here so that the same words mean the same day.

use super::quiet::day_start;
use crate::api::Timestamp;
use crate::clock::Zone;
use chrono::{Datelike, Days, NaiveDate, Weekday};

/// The presets the dashboard offers, in its prompt's order.
pub const PRESETS: [&str; 4] = ["1d", "3d", "1w", "30d"];

/// The furthest a snooze may reach: further is surely a typo (`300w`).
const MAX_DAYS: u64 = 5 * 366;

/// What a snooze may be told, for messages.
pub const FORMS: &str = "a span (3d, 2w), a date (2026-12-24), tomorrow or a weekday (monday)";

/// The day a snooze typed as `text` ends, counted from `today` (the user's): a span of days
/// or weeks from today, a date, `tomorrow`, or a weekday (the next one after today). It
/// must lie after today.
pub fn snooze_day(text: &str, today: NaiveDate) -> Result<NaiveDate, String> {
    let word = text.trim().to_lowercase();
    if word.is_empty() {
        return Err(format!("Say until when: {FORMS}."));
    }
    let day = if let Ok(date) = NaiveDate::parse_from_str(&word, "%Y-%m-%d") {
        date
    } else if let Some(days) = span_days(&word) {
        let days = days.ok_or_else(|| format!("'{}' is too long a snooze.", text.trim()))?;
        today.checked_add_days(Days::new(days)).ok_or("That day is beyond the calendar.")?
    } else if word == "tomorrow" {
        today.succ_opt().ok_or("That day is beyond the calendar.")?
    } else if let Some(weekday) = weekday(&word) {
        let ahead =
            (7 + weekday.num_days_from_monday() - today.weekday().num_days_from_monday()) % 7;
        today + Days::new(if ahead == 0 { 7 } else { u64::from(ahead) })
    } else {
        return Err(format!("'{}' is no day to snooze until: use {FORMS}.", text.trim()));
    };
    if day <= today {
        return Err(format!(
            "{} is not after today ({}): a snooze ends on a later day.",
            day.format("%Y-%m-%d"),
            today.format("%Y-%m-%d")
        ));
    }
    if day > today + Days::new(MAX_DAYS) {
        return Err(format!("{} is more than five years away.", day.format("%Y-%m-%d")));
    }
    Ok(day)
}

/// A day as the inbox says it: "Thu 24 Dec", with its year when it is more than about six
/// months from `today` ("Thu 24 Dec 2027").
pub fn day_words(day: NaiveDate, today: NaiveDate) -> String {
    if (day - today).num_days().abs() > 182 {
        day.format("%a %-d %b %Y").to_string()
    } else {
        day.format("%a %-d %b").to_string()
    }
}

/// The moment a snooze ending on `day` ends: as that day begins in the user's `zone`.
pub fn snooze_until(day: NaiveDate, zone: &Zone) -> Timestamp {
    day_start(day, zone)
}

/// `3d`, `2w`, `30 days`: `Some(None)` for a span too long to count.
fn span_days(word: &str) -> Option<Option<u64>> {
    let split = word.find(|c: char| !c.is_ascii_digit())?;
    let (number, unit) = word.split_at(split);
    let per = match unit.trim() {
        "d" | "day" | "days" => 1,
        "w" | "wk" | "week" | "weeks" => 7,
        _ => return None,
    };
    let number: u64 = number.parse().ok()?;
    Some(number.checked_mul(per).filter(|days| *days <= MAX_DAYS))
}

fn weekday(word: &str) -> Option<Weekday> {
    let days = [
        ("monday", Weekday::Mon),
        ("tuesday", Weekday::Tue),
        ("wednesday", Weekday::Wed),
        ("thursday", Weekday::Thu),
        ("friday", Weekday::Fri),
        ("saturday", Weekday::Sat),
        ("sunday", Weekday::Sun),
    ];
    // "mon", "tue", "thurs": three letters at least, so "m" is no day.
    days.iter()
        .find(|(name, _)| word.len() >= 3 && name.starts_with(word))
        .map(|(_, weekday)| *weekday)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn spans_dates_tomorrow_and_weekdays_from_today() {
        let today = day("2026-11-25"); // a Wednesday
        assert_eq!(snooze_day("30d", today), Ok(day("2026-12-25")));
        assert_eq!(snooze_day("1w", today), Ok(day("2026-12-02")));
        assert_eq!(snooze_day(" 3 days ", today), Ok(day("2026-11-28")));
        assert_eq!(snooze_day("2026-12-24", today), Ok(day("2026-12-24")));
        assert_eq!(snooze_day("Tomorrow", today), Ok(day("2026-11-26")));
        assert_eq!(snooze_day("monday", today), Ok(day("2026-11-30")));
        assert_eq!(snooze_day("wed", today), Ok(day("2026-12-02")), "a week on, not today");
        for preset in PRESETS {
            assert!(snooze_day(preset, today).is_ok(), "{preset}");
        }
    }

    #[test]
    fn a_day_not_after_today_or_no_day_at_all_is_refused_in_words() {
        let today = day("2026-11-25");
        assert!(snooze_day("2026-11-25", today).unwrap_err().contains("not after today"));
        assert!(snooze_day("0d", today).unwrap_err().contains("not after today"));
        assert!(snooze_day("soon", today).unwrap_err().contains("'soon' is no day"));
        assert!(snooze_day("", today).unwrap_err().contains("Say until when"));
        assert!(snooze_day("999999w", today).unwrap_err().contains("too long"));
        assert!(snooze_day("m", today).is_err());
    }
}
