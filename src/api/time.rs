//! Timestamps as the API sends them: naive (no zone designator, read as UTC), with or
//! without fractional seconds, and the e-mail `date` with a `Z`.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::RefCell;
use std::fmt;

/// An instant from the API. Serialises in the naive form the API uses for most fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub DateTime<Utc>);

impl Timestamp {
    /// Parses any of the forms the API uses; `None` when the text is no timestamp.
    pub fn parse(text: &str) -> Option<Timestamp> {
        let text = text.trim();
        if let Some(quick) = Timestamp::parse_usual(text) {
            return Some(quick);
        }
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

    /// The forms nearly every field comes in, `2024-05-01T09:30:00[.ffffff][Z]`, read digit
    /// by digit: chrono's parsing by format read the format again for every one (a twentieth
    /// of a `status` at 100k contacts). `None` for anything else, left to the full parse.
    fn parse_usual(text: &str) -> Option<Timestamp> {
        let bytes = text.strip_suffix('Z').unwrap_or(text).as_bytes();
        let (whole, fraction) = bytes.split_at_checked(19)?;
        let number = |range: std::ops::Range<usize>| decimal(&whole[range]);
        let apart = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')];
        if apart.iter().any(|&(at, byte)| whole[at] != byte) {
            return None;
        }
        let nanos = match fraction {
            [] => 0,
            [b'.', digits @ ..] if (1..=9).contains(&digits.len()) => {
                decimal(digits)? * 10u32.pow(9 - digits.len() as u32)
            }
            _ => return None,
        };
        let date = NaiveDate::from_ymd_opt(number(0..4)? as i32, number(5..7)?, number(8..10)?)?;
        let time =
            date.and_hms_nano_opt(number(11..13)?, number(14..16)?, number(17..19)?, nanos)?;
        Some(Timestamp(time.and_utc()))
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

/// The number written by ASCII digits (at most nine); `None` when one is no digit.
fn decimal(digits: &[u8]) -> Option<u32> {
    digits.iter().try_fold(0u32, |n, &digit| {
        digit.is_ascii_digit().then(|| n * 10 + u32::from(digit - b'0'))
    })
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

/// Reads an optional timestamp leniently: null, missing or unparseable text is absent. What
/// could not be read is noted with its field's name (see [`Unread`]).
fn lenient<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &'static str,
) -> Result<Option<Timestamp>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(deserializer)?;
    let (read, sent) = match value {
        None | Some(serde_json::Value::Null) => (None, None),
        Some(serde_json::Value::String(text)) => match Timestamp::parse(&text) {
            Some(read) => (Some(read), None),
            None => (None, Some(text)),
        },
        Some(other) => (None, Some(other.to_string())),
    };
    if let Some(sent) = sent {
        let sent = match super::bounded::cut_text(&sent, UNREAD_MAX) {
            Some(cut) => cut.into_boxed_str(),
            None => sent.into_boxed_str(),
        };
        UNREAD.with(|unread| unread.borrow_mut().push((field, sent)));
    }
    Ok(read)
}

/// Marks a time shown as the server sent it because it could not be read as one (a table
/// cell, a chain's Date); in front, so a narrow column cut with `…` keeps it.
pub const UNREAD_MARK: &str = "? ";

/// Bytes kept of a timestamp that could not be read: enough for any date a person writes.
const UNREAD_MAX: usize = 64;

thread_local! {
    /// Timestamps noted while the object being decoded on this thread is read; its
    /// [`Unread`] field takes them once its other fields are in.
    static UNREAD: RefCell<Vec<Noted>> = const { RefCell::new(Vec::new()) };
}

/// The timestamps of one object that the client could not read, each with the text the
/// server sent, so a table shows `2024-02-30T10:00:00 ?` where it would show nothing.
/// Empty (and allocation-free) for an object whose timestamps all read.
///
/// A model holds one as a field serde does not read (`skip_deserializing`, its default
/// [`Unread::taken`]): serde builds that field after every other, so it takes what the
/// object's own timestamp fields noted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unread(Option<Box<[Noted]>>);

/// A field's name and the text sent for it.
type Noted = (&'static str, Box<str>);

impl Unread {
    /// What the timestamp readers of this thread noted since the last take.
    pub fn taken() -> Unread {
        UNREAD.with(|unread| {
            let mut unread = unread.borrow_mut();
            Unread((!unread.is_empty()).then(|| std::mem::take(&mut *unread).into_boxed_slice()))
        })
    }

    /// Forgets what was noted: an object that failed part way never took its notes.
    pub fn forget() {
        UNREAD.with(|unread| unread.borrow_mut().clear());
    }

    /// The text sent for `field`, when it could not be read as a time.
    pub fn text(&self, field: &str) -> Option<&str> {
        self.0.as_deref()?.iter().find(|(name, _)| *name == field).map(|(_, text)| &**text)
    }

    /// Marks a field as sent unreadable (tests and the simulator's hostile data).
    pub fn with(mut self, field: &'static str, text: &str) -> Unread {
        let mut fields = self.0.take().map(Vec::from).unwrap_or_default();
        fields.push((field, text.into()));
        Unread(Some(fields.into_boxed_slice()))
    }
}

/// One reader per timestamp field: [`lenient`] with the field's name.
macro_rules! timestamp_fields {
    ($($field:ident),* $(,)?) => {
        $(
            #[doc = concat!("Reads `", stringify!($field), "` leniently, noting text that is no time.")]
            pub fn $field<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Option<Timestamp>, D::Error> {
                lenient(deserializer, stringify!($field))
            }
        )*
    };
}

/// The readers of the models' timestamp fields (`deserialize_with = "field::created_at"`).
pub mod field {
    use super::{Deserializer, Timestamp, lenient};
    timestamp_fields!(created_at, updated_at, warmup_started_at, start, end, date);
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

    /// What the full parse makes of a text, without the quick reading of the usual forms.
    fn parsed_in_full(text: &str) -> Option<Timestamp> {
        let text = text.trim();
        if let Ok(with_zone) = DateTime::parse_from_rfc3339(text) {
            return Some(Timestamp(with_zone.with_timezone(&Utc)));
        }
        let naive = text.trim_end_matches('Z');
        ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M"]
            .iter()
            .find_map(|format| NaiveDateTime::parse_from_str(naive, format).ok())
            .or_else(|| NaiveDate::parse_from_str(naive, "%Y-%m-%d").ok()?.and_hms_opt(0, 0, 0))
            .map(|parsed| Timestamp(parsed.and_utc()))
    }

    #[test]
    fn the_usual_forms_read_quickly_as_the_full_parse_reads_them() {
        let texts = [
            "2024-05-01T09:30:00",
            "2024-05-01T09:30:00.1",
            "2024-05-01T09:30:00.123456",
            "2024-05-01T09:30:00.123456789",
            "2024-05-01T09:30:00.123Z",
            " 2024-12-31T23:59:59Z ",
            "2024-02-29T00:00:00",
        ];
        for text in texts {
            let quick = Timestamp::parse_usual(text.trim());
            assert!(quick.is_some(), "{text} is a usual form");
            assert_eq!(quick, parsed_in_full(text), "{text}");
        }
        // Not read quickly; the full parse decides.
        let others = [
            "2024-02-30T10:00:00",
            "2023-02-29T10:00:00",
            "2024-05-01T24:00:00",
            "2024-05-01T09:30:60",
            "2024-05-01T09:30:00.",
            "2024-05-01T09:30:00.1234567890",
            "2024-05-01T09:30:00+02:00",
            "2024-05-01 09:30:00",
            "2024-05-01T09:30",
            "2024-05-01",
            "2024-5-01T09:30:00",
            "+024-05-01T09:30:00",
            "2024-05-01T09:30:00ZZ",
            "2024-05-01T09:3a:00",
            "yesterday",
            "",
        ];
        for text in others {
            assert_eq!(Timestamp::parse_usual(text), None, "{text}");
        }
        for text in texts.iter().chain(&others) {
            assert_eq!(Timestamp::parse(text), parsed_in_full(text), "{text}");
        }
    }

    #[derive(Debug, serde::Deserialize)]
    struct Stamped {
        #[serde(default, deserialize_with = "field::start")]
        start: Option<Timestamp>,
        #[serde(default, deserialize_with = "field::end")]
        end: Option<Timestamp>,
        #[serde(skip_deserializing, default = "Unread::taken")]
        unread: Unread,
    }

    #[test]
    fn a_time_that_does_not_read_is_kept_as_sent_by_its_object() {
        Unread::forget();
        let one: Stamped = serde_json::from_str(
            r#"{"start": "2024-02-30T10:00:00", "end": "2024-05-01T10:00:00"}"#,
        )
        .unwrap();
        assert_eq!((one.start, one.unread.text("start")), (None, Some("2024-02-30T10:00:00")));
        assert!(one.end.is_some() && one.unread.text("end").is_none());
        let two: Stamped = serde_json::from_str(r#"{"end": 17, "start": null}"#).unwrap();
        assert_eq!((two.unread.text("end"), two.unread.text("start")), (Some("17"), None));
        let three: Stamped = serde_json::from_str(r#"{"start": "2024-05-01"}"#).unwrap();
        assert_eq!(three.unread, Unread::default());
        let long: Stamped =
            serde_json::from_str(&format!(r#"{{"start": "{}"}}"#, "9".repeat(100))).unwrap();
        assert!(long.unread.text("start").unwrap().ends_with("… [cut: 100 B]"));
    }
}
