//! Time as the user reads it: instants from the API (UTC) shown in the user's zone, and
//! ages such as "3m ago". Tests fix both the zone and "now" so screens are reproducible.

mod business;
mod by_id;
pub(crate) mod days;
mod named;

pub use business::{add_business_days, business_days_between};
pub use by_id::ZonesById;
pub use named::NamedZone;

use chrono::{DateTime, Local, NaiveDate, TimeZone, Utc};

/// The zone times are shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    /// The machine's local zone (`TZ`, `/etc/localtime`).
    Local,
    /// A fixed IANA zone (tests, or a user's choice).
    Named(NamedZone),
}

impl Zone {
    /// The IANA zone of this name; `None` when there is none.
    pub fn named(name: &str) -> Option<Zone> {
        NamedZone::find(name).map(Zone::Named)
    }

    /// Formats an instant in this zone with a `chrono` format string.
    pub fn format(&self, instant: DateTime<Utc>, format: &str) -> String {
        match self {
            Zone::Local => instant.with_timezone(&Local).format(format).to_string(),
            Zone::Named(zone) => zone.format(instant, format),
        }
    }

    /// The calendar day of an instant in this zone.
    pub fn date(&self, instant: DateTime<Utc>) -> NaiveDate {
        match self {
            Zone::Local => instant.with_timezone(&Local).date_naive(),
            Zone::Named(zone) => instant.with_timezone(zone).date_naive(),
        }
    }

    /// Date and time for tables: `2024-05-06 09:30`.
    pub fn date_time(&self, instant: DateTime<Utc>) -> String {
        self.format(instant, "%Y-%m-%d %H:%M")
    }

    /// The UTC offset of this zone at an instant, in seconds.
    pub fn offset_seconds(&self, instant: DateTime<Utc>) -> i32 {
        use chrono::Offset;
        match self {
            Zone::Local => {
                Local.offset_from_utc_datetime(&instant.naive_utc()).fix().local_minus_utc()
            }
            Zone::Named(zone) => zone.at(instant).0.local_minus_utc(),
        }
    }
}

/// A zone as a reader knows it: what `%Z` printed (an abbreviation such as "CEST" for a
/// named zone; chrono names the machine's zone only by its offset), with "+00:00" said as
/// "UTC" (servers and SSH sessions usually run in UTC). One label for every heading.
pub fn zone_label(formatted: String) -> String {
    if formatted == "+00:00" { "UTC".to_string() } else { formatted }
}

/// Formats an instant in an IANA zone by name; `None` when the name is no known zone.
pub fn in_named_zone(instant: DateTime<Utc>, zone: &str, format: &str) -> Option<String> {
    Some(NamedZone::find(zone)?.format(instant, format))
}

/// Beyond this many days from today (about six months, past or future) a day is shown with
/// its year: "Fri 19 Dec" a year and more away would read as this December's.
const YEARLESS_DAYS: i64 = 182;

/// A day as people say it near today: `Fri 19 Dec`, or `Fri 19 Dec 2027` when it is more
/// than about six months away.
pub fn short_day(date: NaiveDate, today: NaiveDate) -> String {
    if (date - today).num_days().abs() > YEARLESS_DAYS {
        date.format("%a %d %b %Y").to_string()
    } else {
        date.format("%a %d %b").to_string()
    }
}

/// How long ago something happened, coarse on purpose so the label changes (and the screen
/// is redrawn) at most once a minute: "just now", "4m ago", "2h ago", "3d ago".
pub fn age(since: DateTime<Utc>, now: DateTime<Utc>) -> String {
    match short_age(since, now).as_str() {
        "now" => "just now".into(),
        short => format!("{short} ago"),
    }
}

/// The widest [`short_age`], for the columns that show it: "268d".
pub const SHORT_AGE_WIDTH: usize = 4;

/// [`age`] in the fewest characters a column can hold: "now", "12m", "3h", "2d", "268d",
/// then whole years ("1y"): never wider than [`SHORT_AGE_WIDTH`].
pub fn short_age(since: DateTime<Utc>, now: DateTime<Utc>) -> String {
    const DAY: i64 = 86_400;
    let seconds = (now - since).num_seconds().max(0);
    match seconds {
        0..60 => "now".into(),
        60..3600 => format!("{}m", seconds / 60),
        3600..DAY => format!("{}h", seconds / 3600),
        _ if seconds < 365 * DAY => format!("{}d", seconds / DAY),
        _ => format!("{}y", seconds / (365 * DAY)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn instants_show_in_the_chosen_zone() {
        let zone = Zone::named("Europe/Berlin").unwrap();
        let instant = at("2024-05-06T22:30:00Z");
        assert_eq!(zone.date_time(instant), "2024-05-07 00:30");
        assert_eq!(zone.date(instant).to_string(), "2024-05-07");
        assert_eq!(zone.offset_seconds(instant), 7200);
        assert_eq!(in_named_zone(instant, "America/New_York", "%H:%M").unwrap(), "18:30");
        assert!(in_named_zone(instant, "Mars/Olympus", "%H:%M").is_none());
        assert_eq!(zone_label("+00:00".into()), "UTC");
        assert_eq!(zone_label("+02:00".into()), "+02:00");
    }

    #[test]
    fn days_far_away_say_their_year() {
        let day = |text: &str| NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap();
        let today = day("2026-11-25");
        assert_eq!(short_day(day("2026-12-19"), today), "Sat 19 Dec");
        assert_eq!(short_day(day("2027-12-19"), today), "Sun 19 Dec 2027", "a year ahead");
        assert_eq!(short_day(day("2027-06-20"), today), "Sun 20 Jun 2027", "seven months on");
        assert_eq!(short_day(day("2026-03-01"), today), "Sun 01 Mar 2026", "long past");
        assert_eq!(short_day(day("2026-06-01"), today), "Mon 01 Jun", "within six months");
    }

    #[test]
    fn ages_are_coarse() {
        let now = at("2024-05-06T12:00:00Z");
        assert_eq!(age(at("2024-05-06T11:59:30Z"), now), "just now");
        assert_eq!(age(at("2024-05-06T11:55:00Z"), now), "5m ago");
        assert_eq!(age(at("2024-05-06T09:00:00Z"), now), "3h ago");
        assert_eq!(age(at("2024-05-01T12:00:00Z"), now), "5d ago");
        assert_eq!(age(at("2024-05-06T12:00:10Z"), now), "just now", "clock skew");
        let short = |text| short_age(at(text), now);
        assert_eq!(
            [
                short("2024-05-06T11:59:30Z"),
                short("2024-05-06T11:48:00Z"),
                short("2024-05-06T09:00:00Z")
            ],
            ["now", "12m", "3h"]
        );
        assert_eq!(short("2024-05-04T11:00:00Z"), "2d");
        assert_eq!(short("2024-01-27T12:00:00Z"), "100d");
        assert_eq!(short("2023-08-12T12:00:00Z"), "268d");
        assert_eq!(short("2023-05-06T12:00:00Z"), "1y");
        assert_eq!(short("1990-05-06T12:00:00Z"), "34y");
        for text in ["2024-01-27T12:00:00Z", "2023-05-07T12:00:00Z", "1900-01-01T00:00:00Z"] {
            assert!(short(text).len() <= SHORT_AGE_WIDTH, "{}", short(text));
        }
    }
}
