//! Path and query parameters read the way FastAPI + pydantic v2 read them, with the same
//! 422 entries for values that do not parse (`int_parsing`, `bool_parsing`,
//! `date_from_datetime_parsing`, `literal_error`).

use super::reply::{Reject, detail, loc};
use crate::api::{ExchangeGroup, ValidationDetail};
use chrono::NaiveDate;
use serde_json::{Value, json};

/// The decoded query string; a repeated name keeps its last value, as Starlette does.
#[derive(Debug, Default)]
pub struct Query(Vec<(String, String)>);

impl Query {
    pub fn parse(raw: Option<&str>) -> Query {
        let pairs = raw
            .unwrap_or_default()
            .split('&')
            .filter(|pair| !pair.is_empty())
            .map(|pair| {
                let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                (percent_decode(name), percent_decode(value))
            })
            .collect();
        Query(pairs)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A parameter's 422 entry (boxed: it is large and rare).
pub type Param = Box<ValidationDetail>;

/// One parameter's 422 entry, whose input is the raw text.
fn invalid(
    kind: &str,
    source: &str,
    name: &str,
    msg: impl Into<String>,
    raw: &str,
    ctx: Option<Value>,
) -> Param {
    Box::new(detail(kind, loc(&[source, name]), msg, Some(Value::from(raw)), ctx))
}

/// Collects the errors of all parameters (and then the body) before answering, because
/// FastAPI reports every invalid field at once.
#[derive(Debug, Default)]
pub struct Checks {
    pub errors: Vec<ValidationDetail>,
}

impl Checks {
    pub fn take<T>(&mut self, result: Result<T, Param>) -> Option<T> {
        result.map_err(|error| self.reject(error)).ok()
    }

    /// Kept apart from [`Checks::take`], which is made once per type of value: the entry's
    /// move into the list is made once, and the callers hand it over as the pointer it is.
    #[inline(never)]
    #[expect(clippy::boxed_local, reason = "the box is handed on as the pointer it is")]
    fn reject(&mut self, error: Param) {
        self.errors.push(*error);
    }

    /// An optional query parameter: absent is `Ok(None)`.
    pub fn optional<T>(
        &mut self,
        query: &Query,
        name: &str,
        parse: fn(&str, &str, &str) -> Result<T, Param>,
    ) -> Option<T> {
        let raw = query.get(name)?;
        self.take(parse("query", name, raw))
    }

    pub fn finish(self) -> Result<(), Reject> {
        if self.errors.is_empty() { Ok(()) } else { Err(Reject::Invalid(self.errors)) }
    }
}

/// An integer as pydantic reads one from text: surrounding blanks, a sign and a
/// zero fraction (`"12.0"`) are accepted. Too large for i64 reads as i64::MAX, an id
/// nothing has, since Python integers have no bound.
pub fn int(source: &str, name: &str, raw: &str) -> Result<i64, Param> {
    let trimmed = raw.trim();
    let whole = match trimmed.split_once('.') {
        Some((whole, fraction)) if !fraction.is_empty() && fraction.bytes().all(|b| b == b'0') => {
            whole
        }
        _ => trimmed,
    };
    let digits = whole.strip_prefix(['+', '-']).unwrap_or(whole);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid(
            "int_parsing",
            source,
            name,
            "Input should be a valid integer, unable to parse string as an integer",
            raw,
            None,
        ));
    }
    Ok(whole.parse::<i64>().unwrap_or(if whole.starts_with('-') { i64::MIN } else { i64::MAX }))
}

/// A boolean as pydantic reads one from text.
pub fn boolean(source: &str, name: &str, raw: &str) -> Result<bool, Param> {
    let is = |words: &[&str]| words.iter().any(|w| raw.eq_ignore_ascii_case(w));
    if is(&["0", "off", "f", "false", "n", "no"]) {
        Ok(false)
    } else if is(&["1", "on", "t", "true", "y", "yes"]) {
        Ok(true)
    } else {
        Err(invalid(
            "bool_parsing",
            source,
            name,
            "Input should be a valid boolean, unable to interpret input",
            raw,
            None,
        ))
    }
}

/// The group filter of endpoint 9.
pub fn group(source: &str, name: &str, raw: &str) -> Result<ExchangeGroup, Param> {
    match raw {
        "replied" => Ok(ExchangeGroup::Replied),
        "meeting-booked" => Ok(ExchangeGroup::MeetingBooked),
        _ => Err(invalid(
            "literal_error",
            source,
            name,
            "Input should be 'replied' or 'meeting-booked'",
            raw,
            Some(json!({"expected": "'replied' or 'meeting-booked'"})),
        )),
    }
}

/// A date as pydantic reads one: `YYYY-MM-DD`, a datetime at midnight, or a unix
/// timestamp of a midnight; errors carry speedate's words.
pub fn date(source: &str, name: &str, raw: &str) -> Result<NaiveDate, Param> {
    match super::speedate::date(raw) {
        Ok(date) => Ok(date),
        Err(None) => Err(invalid(
            "date_from_datetime_inexact",
            source,
            name,
            "Datetimes provided to dates should have zero time - e.g. be exact dates",
            raw,
            None,
        )),
        Err(Some(reason)) => Err(invalid(
            "date_from_datetime_parsing",
            source,
            name,
            format!("Input should be a valid date or datetime, {reason}"),
            raw,
            Some(json!({ "error": reason })),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_decoding_and_last_value_wins() {
        let q = Query::parse(Some("a=1&b=x+y%21&a=2&c"));
        assert_eq!(q.get("a"), Some("2"));
        assert_eq!(q.get("b"), Some("x y!"));
        assert_eq!(q.get("c"), Some(""));
        assert_eq!(q.get("d"), None);
        assert_eq!(Query::parse(Some("a=%zz%4")).get("a"), Some("%zz%4"));
    }

    #[test]
    fn integers_and_booleans_like_pydantic() {
        assert_eq!(int("query", "n", " 12 ").unwrap(), 12);
        assert_eq!(int("query", "n", "+7").unwrap(), 7);
        assert_eq!(int("query", "n", "3.00").unwrap(), 3);
        assert_eq!(int("query", "n", "99999999999999999999").unwrap(), i64::MAX);
        for bad in ["x", "", "1.5", "1_000", "0x10"] {
            assert_eq!(int("query", "n", bad).unwrap_err().kind, "int_parsing", "{bad}");
        }
        assert!(boolean("query", "b", "YES").unwrap());
        assert!(!boolean("query", "b", "off").unwrap());
        assert_eq!(boolean("query", "b", "maybe").unwrap_err().kind, "bool_parsing");
    }
}
