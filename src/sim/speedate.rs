//! Date parsing as pydantic v2 does it (through the speedate crate), so a bad date in a
//! query gets the same error text as from the real service.

use chrono::{DateTime, NaiveDate};

/// Why a text is no date: `Some(speedate's words)`, or `None` when it is a datetime or
/// timestamp that is not at midnight (pydantic's `date_from_datetime_inexact`).
pub type DateProblem = Option<&'static str>;

const TOO_SHORT: &str = "input is too short";

/// Parses a date as pydantic's lax date validator: a date, else a datetime at midnight.
pub fn date(raw: &str) -> Result<NaiveDate, DateProblem> {
    let bytes = raw.as_bytes();
    if bytes.len() == 10
        && let Ok(date) = date_part(bytes)
    {
        return Ok(date);
    }
    match datetime(bytes) {
        Ok((date, midnight)) => {
            if midnight {
                Ok(date)
            } else {
                Err(None)
            }
        }
        Err(reason) => match timestamp(raw) {
            Some(Ok((date, midnight))) => {
                if midnight {
                    Ok(date)
                } else {
                    Err(None)
                }
            }
            Some(Err(range)) => Err(Some(range)),
            None => Err(Some(reason)),
        },
    }
}

fn digits(
    bytes: &[u8],
    from: usize,
    count: usize,
    error: &'static str,
) -> Result<u32, &'static str> {
    let mut value = 0;
    for k in from..from + count {
        match bytes.get(k) {
            Some(b) if b.is_ascii_digit() => value = value * 10 + u32::from(b - b'0'),
            _ => return Err(error),
        }
    }
    Ok(value)
}

/// speedate's `Date::parse_bytes_partial`: the first ten bytes as `YYYY-MM-DD`.
fn date_part(bytes: &[u8]) -> Result<NaiveDate, &'static str> {
    if bytes.len() < 10 {
        return Err(TOO_SHORT);
    }
    let year = digits(bytes, 0, 4, "invalid character in year")?;
    if bytes[4] != b'-' {
        return Err("invalid date separator, expected `-`");
    }
    let month = digits(bytes, 5, 2, "invalid character in month")?;
    if bytes[7] != b'-' {
        return Err("invalid date separator, expected `-`");
    }
    let day = digits(bytes, 8, 2, "invalid character in day")?;
    if !(1..=12).contains(&month) {
        return Err("month value is outside expected range of 1-12");
    }
    NaiveDate::from_ymd_opt(year as i32, month, day).ok_or("day value is outside expected range")
}

/// speedate's RFC 3339 datetime: the date, whether the time is midnight.
fn datetime(bytes: &[u8]) -> Result<(NaiveDate, bool), &'static str> {
    let date = date_part(bytes)?;
    if !matches!(bytes.get(10), Some(b'T' | b't' | b' ' | b'_')) {
        return Err("invalid datetime separator, expected `T`, `t`, `_` or space");
    }
    let t = &bytes[11..];
    if t.len() < 5 {
        return Err(TOO_SHORT);
    }
    let hour = digits(t, 0, 2, "invalid character in hour")?;
    if hour > 23 {
        return Err("hour value is outside expected range of 0-23");
    }
    if t[2] != b':' {
        return Err("invalid time separator, expected `:`");
    }
    let minute = digits(t, 3, 2, "invalid character in minute")?;
    if minute > 59 {
        return Err("minute value is outside expected range of 0-59");
    }
    let mut at = 5;
    let mut second = 0;
    let mut fraction_zero = true;
    if t.get(at) == Some(&b':') {
        second = digits(t, at + 1, 2, "invalid character in second")?;
        if second > 59 {
            return Err("second value is outside expected range of 0-59");
        }
        at += 3;
        if matches!(t.get(at), Some(b'.' | b',')) {
            at += 1;
            let start = at;
            while t.get(at).is_some_and(u8::is_ascii_digit) {
                fraction_zero &= t[at] == b'0';
                at += 1;
            }
            if at == start {
                return Err("second fraction digits missing after `.`");
            }
        }
    }
    match t.get(at) {
        Some(b'Z' | b'z') => at += 1,
        Some(b'+' | b'-') => {
            digits(t, at + 1, 2, "invalid timezone hour")?;
            at += 3;
            if t.get(at) == Some(&b':') {
                at += 1;
            }
            let minutes = digits(t, at, 2, "invalid timezone minute")?;
            if minutes > 59 {
                return Err("timezone minute value is outside expected range of 0-59");
            }
            at += 2;
        }
        _ => {}
    }
    if at != t.len() {
        return Err("unexpected extra characters at the end of the input");
    }
    Ok((date, hour == 0 && minute == 0 && second == 0 && fraction_zero))
}

/// A unix timestamp in seconds (milliseconds above 2e10); `None` when the text is no
/// integer, `Some(Err)` when it is outside the years speedate supports.
fn timestamp(raw: &str) -> Option<Result<(NaiveDate, bool), &'static str>> {
    let value: i64 = raw.parse().ok()?;
    let (seconds, millis) = if value.abs() > 20_000_000_000 {
        (value.div_euclid(1000), value.rem_euclid(1000))
    } else {
        (value, 0)
    };
    if seconds < -11_676_096_000 {
        return Some(Err("dates before 1600 are not supported as unix timestamps"));
    }
    let Some(instant) = DateTime::from_timestamp(seconds, 0) else {
        return Some(Err("dates after 9999 are not supported as unix timestamps"));
    };
    if instant.date_naive() > NaiveDate::from_ymd_opt(9999, 12, 31)? {
        return Some(Err("dates after 9999 are not supported as unix timestamps"));
    }
    Some(Ok((instant.date_naive(), seconds.rem_euclid(86_400) == 0 && millis == 0)))
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
