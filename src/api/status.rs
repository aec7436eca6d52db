//! How a failed request becomes an [`ApiError`]: the HTTP status with its body's `detail`
//! (or a 422's field errors), or the transport's innermost cause. URLs are shown without
//! their query.

use super::error::{ApiError, TimeoutPhase, body_start, field_errors};
use super::validation::ValidationErrorBody;
use reqwest::{StatusCode, Url};
use std::time::Duration;

pub(crate) fn without_query(url: &Url) -> String {
    let mut shown = url.clone();
    shown.set_query(None);
    shown.to_string()
}

/// `host[:port]` of a URL, as a timeout names it.
pub(crate) fn host_of(url: &Url) -> String {
    match (url.host_str(), url.port()) {
        (Some(host), Some(port)) => format!("{host}:{port}"),
        (Some(host), None) => host.to_string(),
        (None, _) => url.to_string(),
    }
}

/// Where a request was when the transport failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Sending the request and waiting for the status line and headers.
    Request,
    /// Reading the body after a status arrived.
    Body,
}

/// A transport failure as an [`ApiError`]; `timeout` is the wait that applied.
pub(crate) fn transport_error(
    error: reqwest::Error,
    url: &Url,
    stage: Stage,
    timeout: Duration,
) -> ApiError {
    let shown = without_query(url);
    if error.is_timeout() {
        let phase = match stage {
            Stage::Request if error.is_connect() => TimeoutPhase::Connect,
            Stage::Request => TimeoutPhase::FirstByte,
            Stage::Body => TimeoutPhase::Body,
        };
        return ApiError::Timeout { host: host_of(url), phase, after: timeout };
    }
    // The innermost cause says what really happened ("Connection refused").
    let mut reason = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        reason = cause.to_string();
        source = cause.source();
    }
    // Once connected, the server has the request: a failure after that is the server
    // breaking off, not a server that cannot be reached.
    if stage == Stage::Request && (error.is_connect() || error.is_builder()) {
        ApiError::Network { url: shown, reason }
    } else {
        ApiError::BrokenOff { url: shown, reason }
    }
}

/// The `detail` text of an error body, or the body's start when it has none.
fn detail_text(body: &[u8]) -> Option<String> {
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Object(map)) => match map.get("detail") {
            Some(serde_json::Value::String(text)) => Some(text.clone()),
            Some(other) => Some(other.to_string()),
            None => map.get("message").and_then(|m| m.as_str()).map(str::to_string),
        },
        _ if body.is_empty() => None,
        _ => Some(body_start(body)),
    }
}

pub(crate) fn status_error(
    status: StatusCode,
    body: &[u8],
    retry_wait: Option<Duration>,
    location: String,
    what: &str,
) -> ApiError {
    match status.as_u16() {
        300..=399 => ApiError::Redirect { location },
        400 => ApiError::BadRequest {
            detail: detail_text(body).unwrap_or_else(|| "no reason given".into()),
        },
        401 => ApiError::Unauthorized { detail: detail_text(body) },
        403 => ApiError::Forbidden { detail: detail_text(body) },
        404 => ApiError::NotFound { what: what.to_string(), detail: detail_text(body) },
        422 => match serde_json::from_slice::<ValidationErrorBody>(body) {
            Ok(parsed) => ApiError::Validation(field_errors(&parsed)),
            Err(_) => ApiError::BadRequest {
                detail: detail_text(body).unwrap_or_else(|| "the request did not validate".into()),
            },
        },
        429 => ApiError::rate_limited(retry_wait),
        502..=504 => ApiError::unavailable(status.as_u16(), retry_wait),
        500..=599 => ApiError::Server { status: status.as_u16(), body_start: body_start(body) },
        other => ApiError::Unexpected { status: other, body_start: body_start(body) },
    }
}
