//! Timestamps as the API sends them: naive (no zone designator, read as UTC), with or
//! without fractional seconds, and the e-mail `date` with a `Z`.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// An instant from the API. Serialises in the naive form the API uses for most fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub DateTime<Utc>);

impl Timestamp {
    /// Parses any of the forms the API uses; `None` when the text is no timestamp.
    pub fn parse(text: &str) -> Option<Timestamp> {
        let text = text.trim();
        if let Ok(with_zone) = DateTime::parse_from_rfc3339(text) {
            return Some(Timestamp(with_zone.with_timezone(&Utc)));
        }
        let naive = text.trim_end_matches('Z');
        for format in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M"] {
            if let Ok(parsed) = NaiveDateTime::parse_from_str(naive, format) {
                return Some(Timestamp(parsed.and_utc()));
            }
        }
        NaiveDate::parse_from_str(naive, "%Y-%m-%d")
            .ok()
            .and_then(|date| date.and_hms_opt(0, 0, 0))
            .map(|midnight| Timestamp(midnight.and_utc()))
    }

    /// The naive wire form: `2024-05-01T09:30:00.123456`.
    pub fn to_naive_string(&self) -> String {
        self.0.format("%Y-%m-%dT%H:%M:%S%.6f").to_string()
    }

    /// The e-mail wire form: `2024-05-01T09:30:00.123Z`.
    pub fn to_zulu_string(&self) -> String {
        self.0.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
    }

    /// The calendar day in UTC, which endpoint 9's date range applies to.
    pub fn date(&self) -> NaiveDate {
        self.0.date_naive()
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_naive_string())
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_naive_string())
    }
}

/// Reads an optional timestamp leniently: null, missing or unparseable text is absent.
pub fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Timestamp>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(deserializer)?;
    Ok(match value {
        Some(serde_json::Value::String(text)) => Timestamp::parse(&text),
        _ => None,
    })
}

/// Writes an optional timestamp in the e-mail `Z` form.
pub fn zulu<S: Serializer>(value: &Option<Timestamp>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(timestamp) => serializer.serialize_str(&timestamp.to_zulu_string()),
        None => serializer.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_wire_form_as_utc() {
        let with_fraction = Timestamp::parse("2024-05-01T09:30:00.123456").unwrap();
        let without = Timestamp::parse("2024-05-01T09:30:00").unwrap();
        let zulu = Timestamp::parse("2024-05-01T09:30:00Z").unwrap();
        let offset = Timestamp::parse("2024-05-01T11:30:00+02:00").unwrap();
        assert_eq!(without, zulu);
        assert_eq!(zulu, offset);
        assert_eq!(with_fraction.to_naive_string(), "2024-05-01T09:30:00.123456");
        assert_eq!(zulu.to_zulu_string(), "2024-05-01T09:30:00.000Z");
        assert!(Timestamp::parse("yesterday").is_none());
    }
}
