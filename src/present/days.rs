//! Calendar days as people type them — `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`,
//! `-7d`, `+7d` — read the same way by the CLI's `--since`/`--until` and the dashboard's
//! date fields, so a day that works in one works in the other.

use chrono::{Days, NaiveDate};

/// The forms a day may take, for hints and errors.
pub(crate) const ACCEPTED: &str = "YYYY-MM-DD, today, yesterday, tomorrow, -7d or +7d";

/// Reads a day relative to `today` (the caller's calendar day: the CLI's local day, the
/// dashboard's zone). The error names the text and the accepted forms.
pub(crate) fn parse_day(text: &str, today: NaiveDate) -> Result<NaiveDate, String> {
    let text = text.trim();
    let offset = |days: u64, forward: bool| {
        let moved = if forward {
            today.checked_add_days(Days::new(days))
        } else {
            today.checked_sub_days(Days::new(days))
        };
        moved.ok_or_else(|| format!("'{text}' is too far from today"))
    };
    match text.to_lowercase().as_str() {
        "today" => return Ok(today),
        "yesterday" => return offset(1, false),
        "tomorrow" => return offset(1, true),
        _ => {}
    }
    if let Some(days) = text.strip_suffix(['d', 'D']).filter(|t| t.starts_with(['-', '+']))
        && let Ok(count) = days[1..].parse::<u64>()
    {
        return offset(count, days.starts_with('+'));
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| format!("'{text}' is not a date; use {ACCEPTED}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_absolute_and_relative() {
        let today = NaiveDate::from_ymd_opt(2024, 5, 10).unwrap();
        let day = |text| parse_day(text, today);
        assert_eq!(day("2024-01-31").unwrap(), NaiveDate::from_ymd_opt(2024, 1, 31).unwrap());
        assert_eq!(day(" today ").unwrap(), today);
        assert_eq!(day("Yesterday").unwrap(), NaiveDate::from_ymd_opt(2024, 5, 9).unwrap());
        assert_eq!(day("tomorrow").unwrap(), NaiveDate::from_ymd_opt(2024, 5, 11).unwrap());
        assert_eq!(day("-7d").unwrap(), NaiveDate::from_ymd_opt(2024, 5, 3).unwrap());
        assert_eq!(day("+7d").unwrap(), NaiveDate::from_ymd_opt(2024, 5, 17).unwrap());
        assert_eq!(day("-0d").unwrap(), today);
        assert!(day("31/01/2024").unwrap_err().contains(ACCEPTED));
        assert!(day("2024-13-01").unwrap_err().starts_with("'2024-13-01' is not a date"));
        assert!(day("7d").is_err());
        assert!(day("-d").is_err());
        assert!(day(&format!("-{}d", u64::MAX)).unwrap_err().contains("too far"));
    }
}
