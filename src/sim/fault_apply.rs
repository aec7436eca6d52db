//! The gate every API request passes: it is counted, then the first matching fault rule
//! (if any) decides what the client really gets.

use super::faults::{FaultKind, FaultRule};
use super::state::SimState;
use axum::body::{Body, Bytes, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use std::time::Duration;

/// Bodies the gate re-reads (truncate, malformed, stall) are at most this large.
const REREAD_LIMIT: usize = 512 * 1024 * 1024;

pub async fn gate(State(state): State<SimState>, request: Request, next: Next) -> Response {
    let method = request.method().as_str().to_string();
    let path = request.uri().path().to_string();
    {
        let mut log = state.requests();
        log.total += 1;
        *log.requests.entry(format!("{method} {path}")).or_default() += 1;
    }
    let fault = state.faults().take(&method, &path);
    match fault {
        None => next.run(request).await,
        Some(rule) => {
            tracing::debug!(?rule.kind, %method, %path, "simulated fault");
            inject(rule, request, next).await
        }
    }
}

async fn inject(rule: FaultRule, request: Request, next: Next) -> Response {
    match rule.kind {
        FaultKind::ServerError => {
            (StatusCode::INTERNAL_SERVER_ERROR, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "Internal Server Error")
                .into_response()
        }
        FaultKind::BadGateway => (
            StatusCode::BAD_GATEWAY,
            [(header::CONTENT_TYPE, "text/html")],
            "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
        )
            .into_response(),
        FaultKind::Unavailable => retry_later(&rule, StatusCode::SERVICE_UNAVAILABLE, "Service temporarily unavailable"),
        FaultKind::RateLimited => retry_later(&rule, StatusCode::TOO_MANY_REQUESTS, "Too many requests"),
        FaultKind::Latency => {
            tokio::time::sleep(Duration::from_millis(rule.ms.unwrap_or(500))).await;
            next.run(request).await
        }
        FaultKind::Stall => {
            let wait = Duration::from_millis(rule.ms.unwrap_or(60_000));
            let (parts, body) = next.run(request).await.into_parts();
            let bytes = to_bytes(body, REREAD_LIMIT).await.unwrap_or_default();
            let delayed = stream::once(async move {
                tokio::time::sleep(wait).await;
                Ok::<Bytes, std::io::Error>(bytes)
            });
            Response::from_parts(parts, Body::from_stream(delayed))
        }
        FaultKind::Reset => {
            // A body that fails at once makes hyper abort the connection mid-answer.
            let failing = stream::once(async {
                Err::<Bytes, std::io::Error>(std::io::Error::new(
                    std::io::ErrorKind::ConnectionReset,
                    "simulated connection reset",
                ))
            });
            Response::new(Body::from_stream(failing))
        }
        FaultKind::Truncate => {
            rewrite(next.run(request).await, |bytes| bytes.slice(..bytes.len() / 2)).await
        }
        FaultKind::Malformed => rewrite(next.run(request).await, malformed).await,
        FaultKind::Huge => huge(rule.bytes.unwrap_or(300 << 20)),
        FaultKind::Blackhole => {
            // Never answers; the server's shutdown aborts the connection.
            std::future::pending::<()>().await;
            StatusCode::GATEWAY_TIMEOUT.into_response()
        }
        FaultKind::HostileError => hostile_error(rule.status.unwrap_or(500)),
        FaultKind::BadElement => rewrite(next.run(request).await, bad_element).await,
        FaultKind::HostileText => rewrite(next.run(request).await, hostile_text).await,
        FaultKind::Nested => {
            let body = format!("{}{}", "[".repeat(NESTING), "]".repeat(NESTING));
            let mut response = Response::new(Body::from(body));
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            response
        }
        FaultKind::Raw => {
            let body = match (&rule.body, &rule.json) {
                (Some(text), _) => text.clone(),
                (None, Some(json)) => json.to_string(),
                (None, None) => String::new(),
            };
            let status = rule.status.and_then(|s| StatusCode::from_u16(s).ok()).unwrap_or(StatusCode::OK);
            let kind = rule.content_type.clone().unwrap_or_else(|| "application/json".into());
            let mut response = (status, body).into_response();
            if let Ok(value) = HeaderValue::from_str(&kind) {
                response.headers_mut().insert(header::CONTENT_TYPE, value);
            }
            response
        }
    }
}

/// 503 or 429 with `Retry-After` in seconds or as an HTTP-date.
fn retry_later(rule: &FaultRule, status: StatusCode, text: &str) -> Response {
    let seconds = rule.retry_after.unwrap_or(1);
    let value = if rule.retry_after_date {
        // An HTTP-date has whole seconds: round up so the wait is never shorter.
        let at = chrono::Utc::now() + chrono::TimeDelta::seconds(seconds as i64 + 1);
        at.format("%a, %d %b %Y %H:%M:%S GMT").to_string()
    } else {
        seconds.to_string()
    };
    let mut response = super::reply::json(status, &serde_json::json!({ "detail": text }));
    if let Ok(value) = HeaderValue::from_str(&value) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// How deep the `nested` fault's body is.
const NESTING: usize = 100_000;

/// An error whose text tries to take over the terminal: plain text for a 500, a JSON
/// `detail` otherwise (as a 403 from the API carries it).
fn hostile_error(status: u16) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if status == StatusCode::INTERNAL_SERVER_ERROR {
        let kind = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
        return (status, kind, super::hostile::ERROR).into_response();
    }
    super::reply::json(status, &serde_json::json!({ "detail": super::hostile::ERROR }))
}

/// A JSON list with its second element (or its only one) replaced by a string.
fn bad_element(bytes: Bytes) -> Bytes {
    let Ok(serde_json::Value::Array(mut items)) = serde_json::from_slice(&bytes) else {
        return bytes;
    };
    let at = usize::from(items.len() > 1);
    let wrong = serde_json::Value::String("not an object".into());
    match items.get_mut(at) {
        Some(item) => *item = wrong,
        None => items.push(wrong),
    }
    Bytes::from(serde_json::Value::Array(items).to_string())
}

/// The same JSON with the hostile corpus after every string but dates and times (a string
/// that starts with a digit: `2024-05-01T09:30:00Z`, `09:30`), which would no longer
/// decode; a body that is not JSON is left as it is.
fn hostile_text(bytes: Bytes) -> Bytes {
    fn spoil(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::String(text) if !text.starts_with(|c: char| c.is_ascii_digit()) => {
                text.push_str(super::hostile::TEXT)
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(spoil),
            serde_json::Value::Object(fields) => fields.values_mut().for_each(spoil),
            _ => {}
        }
    }
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return bytes;
    };
    spoil(&mut value);
    Bytes::from(value.to_string())
}

/// Replaces the body of a real answer, keeping its status and headers.
async fn rewrite(response: Response, change: impl FnOnce(Bytes) -> Bytes) -> Response {
    let (mut parts, body) = response.into_parts();
    let bytes = to_bytes(body, REREAD_LIMIT).await.unwrap_or_default();
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(change(bytes)))
}

/// The same JSON with its first separator doubled (`,,` or `::`), or an unclosed object.
fn malformed(bytes: Bytes) -> Bytes {
    let mut out = bytes.to_vec();
    match out.iter().position(|b| *b == b',' || *b == b':') {
        Some(at) => out.insert(at, out[at]),
        None => {
            out.splice(0..0, *b"{\"unterminated\": ");
        }
    }
    Bytes::from(out)
}

/// A valid but enormous JSON array, streamed so the simulator never holds it.
fn huge(size: u64) -> Response {
    const CHUNK: usize = 64 * 1024;
    let spaces = Bytes::from(vec![b' '; CHUNK]);
    let middle = size.saturating_sub(2);
    let chunks = stream::unfold((0u64, false), move |(sent, done)| {
        let spaces = spaces.clone();
        async move {
            if done {
                return None;
            }
            if sent == 0 {
                return Some((Ok::<Bytes, std::io::Error>(Bytes::from_static(b"[")), (1, false)));
            }
            let left = middle + 1 - sent;
            if left == 0 {
                return Some((Ok(Bytes::from_static(b"]")), (sent, true)));
            }
            let take = left.min(CHUNK as u64) as usize;
            Some((Ok(spaces.slice(..take)), (sent + take as u64, false)))
        }
    });
    let mut response = Response::new(Body::from_stream(chunks));
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_element_spoils_one_element_only() {
        let body = bad_element(Bytes::from_static(br#"[{"id": 1}, {"id": 2}, {"id": 3}]"#));
        let value: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(value[0]["id"], 1);
        assert_eq!(value[1], "not an object");
        assert_eq!(value[2]["id"], 3);
    }

    #[test]
    fn hostile_text_follows_every_string_but_dates() {
        let body = hostile_text(Bytes::from_static(
            br#"[{"status": "ACTIVE", "at": "2024-05-01T09:30:00Z", "n": 3, "to": ["a@b.c"]}]"#,
        ));
        let value: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let hostile = crate::sim::hostile::TEXT;
        assert_eq!(value[0]["status"], format!("ACTIVE{hostile}"));
        assert_eq!(value[0]["to"][0], format!("a@b.c{hostile}"));
        assert_eq!(value[0]["at"], "2024-05-01T09:30:00Z");
        assert_eq!(value[0]["n"], 3);
    }

    #[test]
    fn malformed_json_no_longer_parses() {
        for body in [&b"[{\"id\": 1}]"[..], b"[]", b"{\"message\": \"ok\"}"] {
            let broken = malformed(Bytes::copy_from_slice(body));
            assert!(serde_json::from_slice::<serde_json::Value>(&broken).is_err(), "{broken:?}");
        }
    }
}
