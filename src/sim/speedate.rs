//! Date parsing as pydantic v2 does it, through the speedate crate it uses, so a bad date
//! in a query gets the same error text as from the real service.

use chrono::NaiveDate;
use strum::EnumMessage;

/// Why a text is no date: `Some(speedate's words)`, or `None` when it is a datetime or
/// timestamp that is not at midnight (pydantic's `date_from_datetime_inexact`).
pub type DateProblem = Option<&'static str>;

/// Parses a date as pydantic's lax date validator: a date (or the unix timestamp of a
/// midnight), else a datetime at midnight; a text that is neither gets the datetime
/// parser's words, as pydantic reports them.
pub fn date(raw: &str) -> Result<NaiveDate, DateProblem> {
    if let Ok(date) = speedate::Date::parse_str(raw) {
        return naive(&date).ok_or(Some("day value is outside expected range"));
    }
    match speedate::DateTime::parse_str(raw) {
        Ok(datetime) => {
            let time = &datetime.time;
            let midnight =
                time.hour == 0 && time.minute == 0 && time.second == 0 && time.microsecond == 0;
            if midnight { naive(&datetime.date).ok_or(None) } else { Err(None) }
        }
        Err(error) => Err(Some(error.get_documentation().unwrap_or("invalid date"))),
    }
}

fn naive(date: &speedate::Date) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(i32::from(date.year), u32::from(date.month), u32::from(date.day))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_their_errors() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(date("2024-02-29"), Ok(d(2024, 2, 29)));
        assert_eq!(date("2024-02-30"), Err(Some("day value is outside expected range")));
        assert_eq!(date("2024-13-01"), Err(Some("month value is outside expected range of 1-12")));
        assert_eq!(date("yesterday"), Err(Some("input is too short")));
        assert_eq!(date("not-a-date"), Err(Some("invalid character in year")));
        assert_eq!(date("2024/01/01"), Err(Some("invalid date separator, expected `-`")));
        assert_eq!(date("2024-01-01T00:00:00Z"), Ok(d(2024, 1, 1)));
        assert_eq!(date("2024-01-01T10:00"), Err(None));
        assert_eq!(
            date("2024-01-01x"),
            Err(Some("invalid datetime separator, expected `T`, `t`, `_` or space"))
        );
        assert_eq!(date("1704067200"), Ok(d(2024, 1, 1)));
        assert_eq!(date("1704067201"), Err(None));
    }
}
