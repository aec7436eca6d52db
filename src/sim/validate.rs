//! Request bodies read and validated as FastAPI + pydantic v2 would, with the same 422
//! entries (type, loc, msg, input, ctx) for every bound of `api::rules`. Field order and
//! error order follow the models, and every error in a body is reported.

use super::pyjson::python_json_error;
use super::reply::{Reject, detail};
use crate::api::email;
use crate::api::rules::{CONVERSION_TYPE_MAX, DOMAIN_MAX, NAME_MAX, TAG_MAX, TAGS_MAX};
use crate::api::{ContactUpload, JsonObject, LocPart, SubmitConversion, ValidationDetail};
use crate::text::count;
use axum::http::{HeaderMap, StatusCode, header};
use serde_json::{Map, Value, json};

/// The body as FastAPI hands it to validation: `None` when the request had no body.
/// Malformed JSON is refused here, before authentication, as FastAPI does.
pub fn read_body(headers: &HeaderMap, bytes: &[u8]) -> Result<Option<Value>, Reject> {
    if bytes.is_empty() {
        return Ok(None);
    }
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
    let is_json = match content_type {
        None => true,
        Some(kind) => {
            let essence = kind.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
            essence == "application/json"
                || (essence.starts_with("application/") && essence.ends_with("+json"))
        }
    };
    if !is_json {
        // FastAPI passes the raw bytes on, which no model accepts.
        return Ok(Some(Value::from(String::from_utf8_lossy(bytes).into_owned())));
    }
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Err(Reject::Detail(
            StatusCode::BAD_REQUEST,
            "There was an error parsing the body".into(),
        ));
    };
    match serde_json::from_str::<Value>(text) {
        Ok(value) => Ok(Some(value)),
        Err(serde_error) => {
            let (pos, msg) = match python_json_error(text) {
                Some(error) => (error.pos, error.msg),
                // Python accepts what serde does not only for NaN/Infinity-like numbers.
                None => (serde_error.column().saturating_sub(1), "Expecting value"),
            };
            Err(Reject::Invalid(vec![detail(
                "json_invalid",
                vec![LocPart::Field("body".into()), LocPart::Index(pos as i64)],
                "JSON decode error",
                Some(json!({})),
                Some(json!({ "error": msg })),
            )]))
        }
    }
}

fn at(path: &[LocPart], field: &str) -> Vec<LocPart> {
    let mut loc = path.to_vec();
    loc.push(LocPart::Field(field.into()));
    loc
}

fn body_loc() -> Vec<LocPart> {
    vec![LocPart::Field("body".into())]
}

/// The body as an object, or the error pydantic gives for a missing or non-object body.
fn object<'a>(
    body: &'a Option<Value>,
    errors: &mut Vec<ValidationDetail>,
) -> Option<&'a Map<String, Value>> {
    match body {
        None => {
            errors.push(detail("missing", body_loc(), "Field required", Some(Value::Null), None));
            None
        }
        Some(Value::Object(map)) => Some(map),
        Some(other) => {
            errors.push(detail(
                "model_attributes_type",
                body_loc(),
                "Input should be a valid dictionary or object to extract fields from",
                Some(other.clone()),
                None,
            ));
            None
        }
    }
}

/// A string with length bounds (`constr`); `None` on error.
fn string(
    value: &Value,
    loc: Vec<LocPart>,
    min: usize,
    max: usize,
    errors: &mut Vec<ValidationDetail>,
) -> Option<String> {
    let Value::String(text) = value else {
        errors.push(detail(
            "string_type",
            loc,
            "Input should be a valid string",
            Some(value.clone()),
            None,
        ));
        return None;
    };
    let length = text.chars().count();
    if length < min {
        errors.push(detail(
            "string_too_short",
            loc,
            format!("String should have at least {}", count(min, "character", "characters")),
            Some(value.clone()),
            Some(json!({ "min_length": min })),
        ));
        None
    } else if length > max {
        errors.push(detail(
            "string_too_long",
            loc,
            format!("String should have at most {}", count(max, "character", "characters")),
            Some(value.clone()),
            Some(json!({ "max_length": max })),
        ));
        None
    } else {
        Some(text.clone())
    }
}

/// An optional field: absent and null are `None`.
fn present<'a>(map: &'a Map<String, Value>, field: &str) -> Option<&'a Value> {
    map.get(field).filter(|v| !v.is_null())
}

/// pydantic's `EmailStr`: the address as email-validator normalises it.
fn email(
    map: &Map<String, Value>,
    path: &[LocPart],
    errors: &mut Vec<ValidationDetail>,
) -> Option<String> {
    let Some(value) = map.get("email") else {
        errors.push(detail(
            "missing",
            at(path, "email"),
            "Field required",
            Some(Value::Object(map.clone())),
            None,
        ));
        return None;
    };
    let address = string(value, at(path, "email"), 0, usize::MAX, errors)?;
    match email::normalize(&address) {
        Ok(normalized) => Some(normalized),
        Err(reason) => {
            errors.push(detail(
                "value_error",
                at(path, "email"),
                format!("value is not a valid email address: {reason}"),
                Some(value.clone()),
                Some(json!({ "reason": reason })),
            ));
            None
        }
    }
}

fn dict(
    value: &Value,
    loc: Vec<LocPart>,
    errors: &mut Vec<ValidationDetail>,
) -> Option<JsonObject> {
    match value {
        Value::Object(map) => Some(map.clone()),
        other => {
            errors.push(detail(
                "dict_type",
                loc,
                "Input should be a valid dictionary",
                Some(other.clone()),
                None,
            ));
            None
        }
    }
}

/// Bounds of a list of strings.
struct ListBounds {
    min_items: usize,
    max_items: usize,
    item_min: usize,
    item_max: usize,
}

/// A list of bounded strings. Like pydantic-core, a list longer than its maximum gets
/// only the `too_long` error (item errors are dropped), and `too_short` is checked only
/// when every item is valid.
fn string_list(
    value: &Value,
    loc: Vec<LocPart>,
    bounds: ListBounds,
    errors: &mut Vec<ValidationDetail>,
) -> Option<Vec<String>> {
    let Value::Array(items) = value else {
        errors.push(detail(
            "list_type",
            loc,
            "Input should be a valid list",
            Some(value.clone()),
            None,
        ));
        return None;
    };
    if items.len() > bounds.max_items {
        errors.push(detail(
            "too_long",
            loc,
            format!(
                "List should have at most {} after validation, not {}",
                count(bounds.max_items, "item", "items"),
                items.len()
            ),
            Some(value.clone()),
            Some(json!({"field_type": "List", "max_length": bounds.max_items, "actual_length": items.len()})),
        ));
        return None;
    }
    let before = errors.len();
    let mut out = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let mut item_loc = loc.clone();
        item_loc.push(LocPart::Index(index as i64));
        if let Some(text) = string(item, item_loc, bounds.item_min, bounds.item_max, errors) {
            out.push(text);
        }
    }
    if errors.len() > before {
        return None;
    }
    if items.len() < bounds.min_items {
        errors.push(detail(
            "too_short",
            loc,
            format!(
                "List should have at least {} after validation, not {}",
                count(bounds.min_items, "item", "items"),
                items.len()
            ),
            Some(value.clone()),
            Some(json!({"field_type": "List", "min_length": bounds.min_items, "actual_length": items.len()})),
        ));
        return None;
    }
    Some(out)
}

/// ContactUpload (endpoints 3, 4, 5).
pub fn contact_upload(
    body: &Option<Value>,
    errors: &mut Vec<ValidationDetail>,
) -> Option<ContactUpload> {
    let map = object(body, errors)?;
    let path = body_loc();
    let before = errors.len();
    let email = email(map, &path, errors);
    let mut names = [None, None, None, None];
    for (slot, field) in names.iter_mut().zip(["first_name", "last_name", "city", "country"]) {
        if let Some(value) = present(map, field) {
            *slot = string(value, at(&path, field), 1, NAME_MAX, errors);
        }
    }
    let custom_data =
        present(map, "custom_data").and_then(|v| dict(v, at(&path, "custom_data"), errors));
    let bounds = ListBounds { min_items: 0, max_items: TAGS_MAX, item_min: 1, item_max: TAG_MAX };
    let tags = present(map, "tags").and_then(|v| string_list(v, at(&path, "tags"), bounds, errors));
    if errors.len() > before {
        return None;
    }
    let [first_name, last_name, city, country] = names;
    Some(ContactUpload {
        email: email?,
        first_name,
        last_name,
        city,
        country,
        custom_data,
        tags: tags.unwrap_or_default(),
    })
}

/// SubmitConversionV2 (endpoint 2).
pub fn conversion(
    body: &Option<Value>,
    errors: &mut Vec<ValidationDetail>,
) -> Option<SubmitConversion> {
    let map = object(body, errors)?;
    let path = body_loc();
    let before = errors.len();
    let email = email(map, &path, errors);
    let conversion_type = present(map, "conversion_type")
        .and_then(|v| string(v, at(&path, "conversion_type"), 0, CONVERSION_TYPE_MAX, errors));
    let conversion_data =
        present(map, "conversion_data").and_then(|v| dict(v, at(&path, "conversion_data"), errors));
    if errors.len() > before {
        return None;
    }
    Some(SubmitConversion { email: email?, conversion_type, conversion_data })
}

/// A required list-of-strings field of a one-field body (endpoints 1 and 6).
fn required_list(
    body: &Option<Value>,
    field: &str,
    bounds: ListBounds,
    errors: &mut Vec<ValidationDetail>,
) -> Option<Vec<String>> {
    let map = object(body, errors)?;
    let path = body_loc();
    let Some(value) = map.get(field) else {
        errors.push(detail(
            "missing",
            at(&path, field),
            "Field required",
            Some(Value::Object(map.clone())),
            None,
        ));
        return None;
    };
    string_list(value, at(&path, field), bounds, errors)
}

/// DomainList (endpoint 1): 1..=10000 domains of 1..=255 characters.
pub fn domain_list(
    body: &Option<Value>,
    errors: &mut Vec<ValidationDetail>,
) -> Option<Vec<String>> {
    let bounds = ListBounds {
        min_items: 1,
        max_items: crate::api::MAX_DNC_BATCH,
        item_min: 1,
        item_max: DOMAIN_MAX,
    };
    required_list(body, "domains", bounds, errors)
}

/// The e-mail DNC list (endpoint 6): any strings; bad addresses are a 400, not a 422.
pub fn dnc_emails(body: &Option<Value>, errors: &mut Vec<ValidationDetail>) -> Option<Vec<String>> {
    let bounds =
        ListBounds { min_items: 0, max_items: usize::MAX, item_min: 0, item_max: usize::MAX };
    required_list(body, "emails", bounds, errors)
}
