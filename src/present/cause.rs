//! What went wrong, cause first, in the few words a pane title, an Overview tile or the
//! status bar has room for ("no answer from api.example.com in 20 s", "key refused (401)").
//! The whole sentence (`ApiError`'s Display) and what to do (`advice`) stay one key away.

use crate::api::{ApiError, TimeoutPhase, wait_words};
use crate::text::sanitize;

/// The cause of `error` in a few words, sanitised.
pub(crate) fn cause(error: &ApiError) -> String {
    let text = match error {
        ApiError::Unauthorized { .. } => "key refused (401)".to_string(),
        ApiError::Forbidden { .. } => "no rights for this (403)".to_string(),
        ApiError::NotFound { .. } => "not found (404)".to_string(),
        ApiError::BadRequest { detail } => format!("request refused (400): {detail}"),
        ApiError::Validation(fields) => format!("request refused (422): {} fields", fields.len()),
        ApiError::RateLimited { wait: Some(wait), until } => {
            format!("rate limited (429), asked to wait {}", wait_words(*wait, *until))
        }
        ApiError::RateLimited { wait: None, .. } => "rate limited (429)".to_string(),
        ApiError::Unavailable { status, .. } => format!("service unavailable ({status})"),
        ApiError::Server { status, body_start } => {
            format!("server failed ({status}): {body_start}")
        }
        ApiError::Unexpected { status, .. } => format!("unexpected answer ({status})"),
        ApiError::Redirect { .. } => "redirected, not followed".to_string(),
        ApiError::Timeout { host, phase, after } => {
            let seconds = after.as_secs_f32().max(0.1);
            match phase {
                TimeoutPhase::Connect => format!("no connection to {host} in {seconds} s"),
                TimeoutPhase::FirstByte => format!("no answer from {host} in {seconds} s"),
                TimeoutPhase::Body => format!("answer from {host} stalled for {seconds} s"),
            }
        }
        ApiError::Network { reason, .. } => format!("unreachable: {reason}"),
        ApiError::BrokenOff { reason, .. } => format!("answer broken off ({reason})"),
        ApiError::Decode { reason, .. } => format!("answer unreadable ({reason})"),
        ApiError::InvalidUrl { .. } => "base URL not valid".to_string(),
        ApiError::InsecureUrl { .. } => "plain http to another host refused".to_string(),
    };
    sanitize(&text)
}

/// `first` and `then` as two sentences: a full stop after `first` unless it already ends
/// one (a server's text often does not: "Internal Server Error").
pub(crate) fn sentences(first: &str, then: &str) -> String {
    let first = first.trim_end();
    if then.is_empty() {
        return first.to_string();
    }
    let ended = first.ends_with(['.', '!', '?', '…']) || first.is_empty();
    let stop = if ended { "" } else { "." };
    format!("{first}{stop} {then}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_cause_comes_first_and_is_short() {
        let stalled = ApiError::Timeout {
            host: "api.example.com".into(),
            phase: TimeoutPhase::FirstByte,
            after: Duration::from_secs(20),
        };
        assert_eq!(cause(&stalled), "no answer from api.example.com in 20 s");
        assert_eq!(cause(&ApiError::Unauthorized { detail: None }), "key refused (401)");
        let server = ApiError::Server { status: 500, body_start: "Internal\u{1b}[2J Error".into() };
        assert!(!cause(&server).contains('\u{1b}'), "sanitised: {}", cause(&server));
    }

    #[test]
    fn sentences_are_joined_with_one_full_stop() {
        assert_eq!(
            sentences("Internal Server Error", "Press r."),
            "Internal Server Error. Press r."
        );
        assert_eq!(sentences("Refused.", "Press r."), "Refused. Press r.");
        assert_eq!(sentences("Refused ", ""), "Refused");
    }
}
