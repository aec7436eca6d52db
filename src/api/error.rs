//! What can go wrong talking to the API, each case a sentence a person can act on.

use super::validation::{LocPart, ValidationErrorBody};
use chrono::{DateTime, Local, Utc};
use std::time::Duration;
use thiserror::Error;

/// One field the server (422) or our own checks rejected.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    /// Where the field lives: `body`, `query` or `path` (empty for our own checks).
    pub source: String,
    /// The field's path without its source, e.g. `tags.3` or `email`; empty for the whole body.
    pub field: String,
    /// The server's (or our) message, e.g. "String should have at most 63 characters".
    pub message: String,
    /// The machine-readable kind, e.g. `string_too_long`.
    pub kind: String,
}

impl FieldError {
    /// A client-side finding on a body field.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError {
            source: String::new(),
            field: field.into(),
            message: message.into(),
            kind: "client".into(),
        }
    }

    /// The first segment of the path (`tags` for `tags.3`), which names a form field.
    pub fn top_field(&self) -> &str {
        self.field.split('.').next().unwrap_or_default()
    }

    fn from_loc(loc: &[LocPart], message: String, kind: String) -> Self {
        let (source, rest) = match loc.first() {
            Some(LocPart::Field(first)) if matches!(first.as_str(), "body" | "query" | "path") => {
                (first.clone(), &loc[1..])
            }
            _ => (String::new(), loc),
        };
        // A malformed-JSON 422 puts a byte offset after "body": that is no field.
        let field = if rest.iter().all(|part| matches!(part, LocPart::Index(_))) && !rest.is_empty()
        {
            String::new()
        } else {
            rest.iter().map(ToString::to_string).collect::<Vec<_>>().join(".")
        };
        FieldError { source, field, message, kind }
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

/// Turns a 422 body into field errors.
pub fn field_errors(body: &ValidationErrorBody) -> Vec<FieldError> {
    body.detail
        .iter()
        .map(|detail| FieldError::from_loc(&detail.loc, detail.msg.clone(), detail.kind.clone()))
        .collect()
}

fn detail_suffix(detail: &Option<String>) -> String {
    match detail {
        Some(text) if !text.is_empty() => format!(" The server said: {text}"),
        _ => String::new(),
    }
}

/// The wait a server asked for, in words: "3 s", "60 min (until 16:05)".
pub fn wait_words(wait: Duration, until: Option<DateTime<Utc>>) -> String {
    let seconds = wait.as_secs().max(1);
    let amount = match seconds {
        0..90 => format!("{seconds} s"),
        90..5400 => format!("{} min", seconds.div_ceil(60)),
        _ => {
            let minutes = seconds.div_ceil(60);
            match minutes % 60 {
                0 => format!("{} h", minutes / 60),
                rest => format!("{} h {rest} min", minutes / 60),
            }
        }
    };
    match until {
        // A wait of seconds needs no clock time; a longer one says when to come back.
        Some(until) if seconds >= 60 => {
            let local = until.with_timezone(&Local);
            let today = Local::now().date_naive();
            let at = match (local.date_naive() - today).num_days() {
                0 => local.format("%H:%M").to_string(),
                1 => local.format("tomorrow %H:%M").to_string(),
                _ => local.format("%Y-%m-%d %H:%M").to_string(),
            };
            format!("{amount} (until {at})")
        }
        _ => amount,
    }
}

fn wait_suffix(wait: &Option<Duration>, until: &Option<DateTime<Utc>>) -> String {
    match wait {
        Some(wait) => format!("; the server asks to wait {}.", wait_words(*wait, *until)),
        None => ". Try again in a moment.".into(),
    }
}

/// Which wait ran out before the server answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutPhase {
    /// The connection was not accepted in time.
    Connect,
    /// Connected, but no answer began in time.
    FirstByte,
    /// The answer began, then stopped coming (an idle gap in the body).
    Body,
}

impl std::fmt::Display for TimeoutPhase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TimeoutPhase::Connect => "did not accept a connection",
            TimeoutPhase::FirstByte => "accepted the connection but did not answer",
            TimeoutPhase::Body => "began to answer, then sent nothing more",
        })
    }
}

/// Every failure of an API call.
#[derive(Debug, Clone, Error)]
pub enum ApiError {
    #[error("The API refused the key (401): it is invalid or was replaced by a newer one.{}", detail_suffix(.detail))]
    Unauthorized { detail: Option<String> },

    #[error("This key lacks the rights for that (403).{}", detail_suffix(.detail))]
    Forbidden { detail: Option<String> },

    #[error("Not found (404): {what} does not exist or is not in this organisation.{}", detail_suffix(.detail))]
    NotFound { what: String, detail: Option<String> },

    #[error("The server rejected the request (400): {detail}")]
    BadRequest { detail: String },

    #[error("The server rejected {} field{} (422): {}", .0.len(), if .0.len() == 1 { "" } else { "s" }, .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Validation(Vec<FieldError>),

    /// 429. `wait` is the server's `Retry-After`, `until` the moment it ends.
    #[error("Rate limited (429){}", wait_suffix(.wait, .until))]
    RateLimited { wait: Option<Duration>, until: Option<DateTime<Utc>> },

    /// 502, 503, 504, with the server's `Retry-After` if it sent one.
    #[error("The service is unavailable ({status}){}", wait_suffix(.wait, .until))]
    Unavailable { status: u16, wait: Option<Duration>, until: Option<DateTime<Utc>> },

    #[error("The server failed ({status}): {body_start}")]
    Server { status: u16, body_start: String },

    #[error("The server answered {status}, which this client does not expect: {body_start}")]
    Unexpected { status: u16, body_start: String },

    #[error(
        "The server redirected to {location}; not followed, because the redirect would carry the API key. Check the base URL."
    )]
    Redirect { location: String },

    /// A wait ran out; where the error is shown adds what to do (re-run, `r`, raise
    /// `[net] timeout_seconds`).
    #[error("{host} {phase} within {} s.", .after.as_secs_f32().max(0.1))]
    Timeout { host: String, phase: TimeoutPhase, after: Duration },

    #[error("Could not reach {url}: {reason}")]
    Network { url: String, reason: String },

    /// The server took the request, then the connection broke (a reset, a body cut short).
    #[error(
        "The server at {url} answered and then broke off ({reason}); no complete answer arrived."
    )]
    BrokenOff { url: String, reason: String },

    #[error("The answer could not be read ({reason}). It began: {body_start}")]
    Decode { reason: String, body_start: String },

    #[error("The base URL {url} is not valid: {reason}")]
    InvalidUrl { url: String, reason: String },

    #[error(
        "The base URL {url} uses plain http to a host that is not this machine: the key would travel unencrypted. Use https, or pass --allow-http if you really mean it."
    )]
    InsecureUrl { url: String },
}

impl ApiError {
    /// Whether a GET failing this way is worth another try.
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            ApiError::RateLimited { .. }
                | ApiError::Unavailable { .. }
                | ApiError::Timeout { .. }
                | ApiError::Network { .. }
                | ApiError::BrokenOff { .. }
        )
    }

    /// A 429 asking to wait `wait` from now.
    pub fn rate_limited(wait: Option<Duration>) -> ApiError {
        ApiError::RateLimited { wait, until: until(wait) }
    }

    /// A 502/503/504 asking to wait `wait` from now.
    pub fn unavailable(status: u16, wait: Option<Duration>) -> ApiError {
        ApiError::Unavailable { status, wait, until: until(wait) }
    }

    /// The wait the server asked for, if any.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ApiError::RateLimited { wait, .. } | ApiError::Unavailable { wait, .. } => *wait,
            _ => None,
        }
    }

    /// The field errors of a 422, empty for every other failure.
    pub fn field_errors(&self) -> &[FieldError] {
        match self {
            ApiError::Validation(errors) => errors,
            _ => &[],
        }
    }
}

fn until(wait: Option<Duration>) -> Option<DateTime<Utc>> {
    wait.and_then(|wait| chrono::TimeDelta::from_std(wait).ok()).map(|wait| Utc::now() + wait)
}

/// The start of a body for an error message: at most 200 characters, on one line.
pub fn body_start(body: &[u8]) -> String {
    // Only the head is looked at: scanning a 256 MiB body for 200 characters took seconds.
    let head = &body[..body.len().min(4096)];
    let text = String::from_utf8_lossy(head);
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut start: String = one_line.chars().take(200).collect();
    if one_line.chars().count() > 200 || head.len() < body.len() {
        start.push('…');
    }
    if start.is_empty() { "(empty body)".into() } else { start }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loc_drops_its_source_and_keeps_list_indexes() {
        let body: ValidationErrorBody = serde_json::from_str(
            r#"{"detail": [
                {"type": "string_too_long", "loc": ["body", "tags", 3], "msg": "too long"},
                {"type": "json_invalid", "loc": ["body", 10], "msg": "JSON decode error"},
                {"type": "int_parsing", "loc": ["query", "campaign_id"], "msg": "bad int"}]}"#,
        )
        .unwrap();
        let errors = field_errors(&body);
        assert_eq!(errors[0].field, "tags.3");
        assert_eq!(errors[0].top_field(), "tags");
        assert_eq!(errors[1].field, "");
        assert_eq!(errors[2].source, "query");
        let sentence = ApiError::Validation(errors).to_string();
        assert!(sentence.contains("3 fields"), "{sentence}");
        assert!(sentence.contains("tags.3: too long"), "{sentence}");
    }

    #[test]
    fn a_long_server_wait_reads_in_minutes_with_the_time_it_ends() {
        let hour = ApiError::rate_limited(Some(Duration::from_secs(3600))).to_string();
        let until = (Local::now() + chrono::TimeDelta::seconds(3600)).format("%H:%M").to_string();
        let expected =
            format!("Rate limited (429); the server asks to wait 60 min (until {until}).");
        // Around midnight the end is tomorrow and says so.
        assert!(hour == expected || hour.contains("(until tomorrow "), "{hour}");
        let tomorrow = Local::now().date_naive() + chrono::Days::new(1);
        let at = |date: chrono::NaiveDate| {
            let local = date.and_hms_opt(1, 0, 0).unwrap().and_local_timezone(Local).earliest();
            local.unwrap().with_timezone(&Utc)
        };
        let wait = Duration::from_secs(7200);
        assert!(wait_words(wait, Some(at(tomorrow))).ends_with("(until tomorrow 01:00)"));
        let later = tomorrow + chrono::Days::new(1);
        let dated = format!("(until {} 01:00)", later.format("%Y-%m-%d"));
        assert!(wait_words(wait, Some(at(later))).ends_with(&dated));
        let short = ApiError::unavailable(503, Some(Duration::from_secs(3))).to_string();
        assert_eq!(short, "The service is unavailable (503); the server asks to wait 3 s.");
        assert_eq!(
            ApiError::rate_limited(None).to_string(),
            "Rate limited (429). Try again in a moment."
        );
        assert_eq!(wait_words(Duration::from_secs(5400), None), "1 h 30 min");
        assert_eq!(wait_words(Duration::from_secs(7200), None), "2 h");
    }

    #[test]
    fn a_timeout_names_the_host_and_what_did_not_happen() {
        let error = ApiError::Timeout {
            host: "api.example.com".into(),
            phase: TimeoutPhase::FirstByte,
            after: Duration::from_secs(20),
        };
        assert_eq!(
            error.to_string(),
            "api.example.com accepted the connection but did not answer within 20 s."
        );
        assert!(!error.to_string().contains("press r"));
    }

    #[test]
    fn body_start_is_short_and_on_one_line() {
        let long = "x\n".repeat(300);
        let start = body_start(long.as_bytes());
        assert!(start.ends_with('…'));
        assert!(!start.contains('\n'));
        assert_eq!(body_start(b""), "(empty body)");
    }
}
