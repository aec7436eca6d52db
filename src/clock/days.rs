//! Calendar days as people type them — `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`,
//! `-7d`, `+7d` — read the same way by the CLI's `--since`/`--until` and the dashboard's
//! date fields, so a day that works in one works in the other.
//!
//! `-7d` is the first of "the last 7 days" (as `results::Window::last_days` counts them:
//! seven calendar days ending today, today included — six days before today), so `--since
//! -7d` counts what the Overview's 7-day chart and `outreach status` count; `+7d` is the
//! last of the next 7 days. Below the config, which checks a saved view's `since` with it.

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
        let Ok(count) = u32::try_from(count) else {
            return Err(format!("'{text}' is too far from today"));
        };
        if count == 0 {
            return Err(format!("'{text}' counts no day: -1d is today, -7d the last 7 days"));
        }
        let forward = days.starts_with('+');
        // Today is the first of the next days and the last of the last ones.
        return offset(u64::from(count - 1), forward);
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
        // The last 7 days are 4 to 10 May; the next 7, 10 to 16 May.
        assert_eq!(day("-7d").unwrap(), NaiveDate::from_ymd_opt(2024, 5, 4).unwrap());
        assert_eq!(day("+7d").unwrap(), NaiveDate::from_ymd_opt(2024, 5, 16).unwrap());
        assert_eq!(day("-1d").unwrap(), today, "the last 1 day is today");
        assert_eq!(day("-30d").unwrap(), NaiveDate::from_ymd_opt(2024, 4, 11).unwrap());
        assert!(day("-0d").unwrap_err().contains("counts no day"));
        assert!(day("31/01/2024").unwrap_err().contains(ACCEPTED));
        assert!(day("2024-13-01").unwrap_err().starts_with("'2024-13-01' is not a date"));
        assert!(day("7d").is_err());
        assert!(day("-d").is_err());
        assert!(day(&format!("-{}d", u64::MAX)).unwrap_err().contains("too far"));
    }
}
