//! How the simulator answers: JSON bodies, FastAPI's `{"detail": "..."}` errors and
//! 422 validation bodies.

use crate::api::{LocPart, ValidationDetail, ValidationErrorBody};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Value, json};

/// A request the simulator refuses, as FastAPI would.
#[derive(Debug)]
pub enum Reject {
    /// Any status with `{"detail": text}`.
    Detail(StatusCode, String),
    /// 401 for a missing key, with FastAPI's `WWW-Authenticate` header.
    NotAuthenticated,
    /// 422 with every validation error found.
    Invalid(Vec<ValidationDetail>),
}

impl Reject {
    pub fn bad_request(text: impl Into<String>) -> Reject {
        Reject::Detail(StatusCode::BAD_REQUEST, text.into())
    }

    pub fn not_found(text: impl Into<String>) -> Reject {
        Reject::Detail(StatusCode::NOT_FOUND, text.into())
    }
}

impl IntoResponse for Reject {
    fn into_response(self) -> Response {
        match self {
            Reject::Detail(status, text) => json(status, &json!({ "detail": text })),
            Reject::NotAuthenticated => {
                let mut response =
                    json(StatusCode::UNAUTHORIZED, &json!({ "detail": "Not authenticated" }));
                response
                    .headers_mut()
                    .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("APIKey"));
                response
            }
            Reject::Invalid(detail) => {
                json(StatusCode::UNPROCESSABLE_ENTITY, &ValidationErrorBody { detail })
            }
        }
    }
}

/// A JSON response.
pub fn json<T: Serialize + ?Sized>(status: StatusCode, body: &T) -> Response {
    let bytes = serde_json::to_vec(body).unwrap_or_else(|_| b"null".to_vec());
    raw_json(status, bytes.into())
}

/// Already serialised JSON.
pub fn raw_json(status: StatusCode, bytes: axum::body::Bytes) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

/// `{"message": text}` with a status.
pub fn message(status: StatusCode, text: impl Into<String>) -> Response {
    json(status, &json!({ "message": text.into() }))
}

/// Builds one 422 entry.
pub fn detail(
    kind: &str,
    loc: Vec<LocPart>,
    msg: impl Into<String>,
    input: Option<Value>,
    ctx: Option<Value>,
) -> ValidationDetail {
    ValidationDetail { kind: kind.into(), loc, msg: msg.into(), input, ctx }
}

/// `["body", "tags", 3]`-style locations.
pub fn loc(parts: &[&str]) -> Vec<LocPart> {
    parts.iter().map(|p| LocPart::Field(p.to_string())).collect()
}
