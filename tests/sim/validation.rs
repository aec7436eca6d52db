//! The simulator's 422 bodies against real FastAPI + pydantic v2 answers: every example
//! of `tests/data/fastapi-422-examples.md` (a copy of the spec's file) is replayed and
//! compared field for field, then the other bounds of `api::rules` and FastAPI's order of
//! checks (body syntax, key, rights, validation).

use crate::common;

use common::sim::{raw, start};
use serde_json::{Value, json};

/// One example of the file: the request and the answer FastAPI gave.
struct Example {
    title: String,
    method: String,
    path: String,
    body: Option<String>,
    expected: Value,
}

fn examples() -> Vec<Example> {
    let text = include_str!("../data/fastapi-422-examples.md");
    let mut out = Vec::new();
    for section in text.split("\n## ").skip(1) {
        let title = section.lines().next().unwrap().to_string();
        let request = section.lines().find(|l| l.starts_with('`')).unwrap();
        let target_end = request[1..].find('`').unwrap() + 1;
        let (method, path) = request[1..target_end].split_once(' ').unwrap();
        let body = request[target_end + 1..]
            .strip_prefix(" body `")
            .map(|rest| rest[..rest.rfind('`').unwrap()].to_string());
        let json_start = section.find("```json\n").unwrap() + 8;
        let json_end = json_start + section[json_start..].find("```").unwrap();
        let expected = serde_json::from_str(&section[json_start..json_end]).unwrap();
        out.push(Example { title, method: method.into(), path: path.into(), body, expected });
    }
    out
}

/// Two bodies are cut short in the file; these are the requests they describe.
fn full_body(example: &Example) -> Option<String> {
    if example.title.starts_with("invalid e-mail and too many tags") {
        return Some(json!({"email": "ann@", "tags": vec!["a"; 20]}).to_string());
    }
    if example.title.starts_with("list above its maximum length") {
        return Some(json!({"domains": vec!["a.example"; 10_001]}).to_string());
    }
    example.body.clone()
}

#[tokio::test]
async fn every_example_of_the_fastapi_file_is_answered_identically() {
    let sim = start().await;
    let key = sim.admin_key();
    let examples = examples();
    assert_eq!(examples.len(), 15, "the examples file changed; update this test");
    for example in &examples {
        let body = full_body(example);
        let (status, _, mut actual) =
            raw(&sim, &example.method, &example.path, Some(&key), body.as_deref()).await;
        assert_eq!(status, 422, "{}: {actual}", example.title);
        let mut expected = example.expected.clone();
        if example.title.contains("input elided") {
            // The file elides the 10001-item input; check it really is the whole list.
            let input = actual["detail"][0]["input"].take();
            assert_eq!(input.as_array().unwrap().len(), 10_001);
            actual["detail"][0]["input"] = Value::Null;
            expected["detail"][0]["input"] = Value::Null;
        }
        assert_eq!(actual, expected, "{}", example.title);
    }
}

async fn expect_422(path: &str, method: &str, body: Option<&str>, expected: Value) {
    let sim = start().await;
    let (status, _, actual) = raw(&sim, method, path, Some(&sim.admin_key()), body).await;
    assert_eq!(status, 422, "{method} {path}: {actual}");
    assert_eq!(actual, json!({ "detail": expected }), "{method} {path}");
}

#[tokio::test]
async fn every_error_of_a_body_is_reported_in_field_order() {
    let long_name = "x".repeat(64);
    let long_tag = "t".repeat(32);
    let body = json!({"email": 5, "first_name": "", "last_name": long_name, "custom_data": "no",
                      "tags": ["ok", "", long_tag], "unknown_field": true});
    expect_422(
        "/api/v1/contacts/add",
        "POST",
        Some(&body.to_string()),
        json!([
            {"type": "string_type", "loc": ["body", "email"], "msg": "Input should be a valid string", "input": 5},
            {"type": "string_too_short", "loc": ["body", "first_name"], "msg": "String should have at least 1 character", "input": "", "ctx": {"min_length": 1}},
            {"type": "string_too_long", "loc": ["body", "last_name"], "msg": "String should have at most 63 characters", "input": long_name, "ctx": {"max_length": 63}},
            {"type": "dict_type", "loc": ["body", "custom_data"], "msg": "Input should be a valid dictionary", "input": "no"},
            {"type": "string_too_short", "loc": ["body", "tags", 1], "msg": "String should have at least 1 character", "input": "", "ctx": {"min_length": 1}},
            {"type": "string_too_long", "loc": ["body", "tags", 2], "msg": "String should have at most 31 characters", "input": long_tag, "ctx": {"max_length": 31}},
        ]),
    )
    .await;
}

#[tokio::test]
async fn a_missing_body_or_one_that_is_not_json() {
    expect_422(
        "/api/v1/contacts/add",
        "POST",
        None,
        json!([{"type": "missing", "loc": ["body"], "msg": "Field required", "input": null}]),
    )
    .await;
    let sim = start().await;
    let response = common::sim::http()
        .post(format!("{}/api/v1/contacts/add", sim.base_url))
        .header("X-API-Key", sim.admin_key().expose())
        .header("content-type", "text/plain")
        .body("email=ann@example.com")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["detail"][0]["type"], "model_attributes_type");
    assert_eq!(body["detail"][0]["input"], "email=ann@example.com");
}

#[tokio::test]
async fn malformed_json_reports_python_position_and_message() {
    expect_422(
        "/api/v1/contacts/add",
        "POST",
        Some(r#"{"email": "ann@example.com",}"#),
        json!([{"type": "json_invalid", "loc": ["body", 27], "msg": "JSON decode error", "input": {},
                "ctx": {"error": "Illegal trailing comma before end of object"}}]),
    )
    .await;
}

#[tokio::test]
async fn domain_list_bounds() {
    let path = "/api/v1/dnc-domains/json";
    expect_422(path, "POST", Some(r#"{"domains": []}"#), json!([
        {"type": "too_short", "loc": ["body", "domains"], "msg": "List should have at least 1 item after validation, not 0",
         "input": [], "ctx": {"field_type": "List", "min_length": 1, "actual_length": 0}}
    ]))
    .await;
    let long = "d".repeat(256);
    expect_422(path, "POST", Some(&json!({"domains": ["ok.example", long, ""]}).to_string()), json!([
        {"type": "string_too_long", "loc": ["body", "domains", 1], "msg": "String should have at most 255 characters",
         "input": long, "ctx": {"max_length": 255}},
        {"type": "string_too_short", "loc": ["body", "domains", 2], "msg": "String should have at least 1 character",
         "input": "", "ctx": {"min_length": 1}},
    ]))
    .await;
    expect_422(
        path,
        "POST",
        Some("{}"),
        json!([
            {"type": "missing", "loc": ["body", "domains"], "msg": "Field required", "input": {}}
        ]),
    )
    .await;
}

#[tokio::test]
async fn conversion_and_dnc_email_bounds() {
    let long_type = "c".repeat(64);
    let body =
        json!({"email": "ann@example.com", "conversion_type": long_type, "conversion_data": [1]});
    expect_422("/api/v2/conversions", "POST", Some(&body.to_string()), json!([
        {"type": "string_too_long", "loc": ["body", "conversion_type"], "msg": "String should have at most 63 characters",
         "input": long_type, "ctx": {"max_length": 63}},
        {"type": "dict_type", "loc": ["body", "conversion_data"], "msg": "Input should be a valid dictionary", "input": [1]},
    ]))
    .await;
    expect_422("/api/v1/contacts/dnc/add", "POST", Some(r#"{"emails": "a@b.example"}"#), json!([
        {"type": "list_type", "loc": ["body", "emails"], "msg": "Input should be a valid list", "input": "a@b.example"}
    ]))
    .await;
    expect_422("/api/v1/contacts/dnc/add", "POST", Some(r#"{"emails": ["a@b.example", 7]}"#), json!([
        {"type": "string_type", "loc": ["body", "emails", 1], "msg": "Input should be a valid string", "input": 7}
    ]))
    .await;
}

#[tokio::test]
async fn parameters_then_body_all_reported() {
    expect_422(
        "/api/v1/campaigns/1/contacts/upload?bot_id=x&notify=perhaps",
        "POST",
        Some(r#"{"city": "Oslo"}"#),
        json!([
            {"type": "int_parsing", "loc": ["query", "bot_id"], "msg": "Input should be a valid integer, unable to parse string as an integer", "input": "x"},
            {"type": "bool_parsing", "loc": ["query", "notify"], "msg": "Input should be a valid boolean, unable to interpret input", "input": "perhaps"},
            {"type": "missing", "loc": ["body", "email"], "msg": "Field required", "input": {"city": "Oslo"}},
        ]),
    )
    .await;
    expect_422("/api/v1/campaigns/abc/start", "PUT", None, json!([
        {"type": "int_parsing", "loc": ["path", "campaign_id"], "msg": "Input should be a valid integer, unable to parse string as an integer", "input": "abc"}
    ]))
    .await;
    expect_422("/api/v1/meetings?start_date=yesterday&end_date=2025-01-01T09:30:00", "GET", None, json!([
        {"type": "date_from_datetime_parsing", "loc": ["query", "start_date"], "msg": "Input should be a valid date or datetime, input is too short",
         "input": "yesterday", "ctx": {"error": "input is too short"}},
        {"type": "date_from_datetime_inexact", "loc": ["query", "end_date"], "msg": "Datetimes provided to dates should have zero time - e.g. be exact dates",
         "input": "2025-01-01T09:30:00"},
    ]))
    .await;
}

#[tokio::test]
async fn fastapi_order_body_syntax_then_key_then_rights_then_fields() {
    let sim = start().await;
    // Malformed JSON is refused before the key is even looked at.
    let (status, _, body) = raw(&sim, "POST", "/api/v1/contacts/add", None, Some("{")).await;
    assert_eq!((status, body["detail"][0]["type"].as_str()), (422, Some("json_invalid")));
    let (status, headers, body) = raw(&sim, "POST", "/api/v1/contacts/add", None, Some("{}")).await;
    assert_eq!((status, body), (401, json!({"detail": "Not authenticated"})));
    assert_eq!(headers["www-authenticate"], "APIKey");
    let read_only = &sim.orgs[0].read_only_key;
    let (status, _, _) =
        raw(&sim, "POST", "/api/v1/contacts/add", Some(read_only), Some("{}")).await;
    assert_eq!(status, 403);
    let (status, _, body) = raw(&sim, "GET", "/api/v1/nowhere", Some(&sim.admin_key()), None).await;
    assert_eq!((status, body), (404, json!({"detail": "Not Found"})));
    let (status, _, body) =
        raw(&sim, "DELETE", "/api/v1/contacts", Some(&sim.admin_key()), None).await;
    assert_eq!((status, body), (405, json!({"detail": "Method Not Allowed"})));
}

/// `tests/data/email_validator.json`: what pydantic's `EmailStr` (email-validator 2, no
/// DNS checks) made of awkward addresses, written by `scripts/email-validator-table.py`.
fn email_table() -> Vec<(String, Result<String, String>)> {
    let table: Value = serde_json::from_str(include_str!("../data/email_validator.json")).unwrap();
    let entries = table["addresses"].as_array().unwrap();
    assert!(entries.len() >= 50, "the table should hold the awkward addresses");
    entries
        .iter()
        .map(|entry| {
            let input = entry["input"].as_str().unwrap().to_string();
            let verdict = match entry["normalized"].as_str() {
                Some(normalized) => Ok(normalized.to_string()),
                None => Err(entry["error"].as_str().unwrap().to_string()),
            };
            (input, verdict)
        })
        .collect()
}

/// Whether email-validator's reason names a character by its Unicode name ("ZERO WIDTH
/// SPACE"), which the port names by code point, or quotes the idna package's own words.
fn names_characters(reason: &str) -> bool {
    let named = reason.split([':', ',']).skip(1).any(|part| {
        let part = part.trim().trim_end_matches('.');
        part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase() || c == ' ' || c == '-')
    });
    named || reason.contains("IDNA (") || reason.contains("invalid (")
}

#[test]
fn addresses_are_judged_as_pydantic_email_str_judges_them() {
    let mut wrong = Vec::new();
    for (input, expected) in email_table() {
        let actual = outreach_tui::api::email::normalize(&input);
        let agrees = match (&expected, &actual) {
            (Ok(expected), Ok(actual)) => expected == actual,
            (Err(expected), Err(actual)) => expected == actual || names_characters(expected),
            _ => false,
        };
        if !agrees {
            wrong.push(format!("{input:?}: pydantic {expected:?}, here {actual:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} disagreements:\n{}", wrong.len(), wrong.join("\n"));
}

#[tokio::test]
async fn the_simulator_accepts_and_refuses_addresses_as_the_service_does() {
    let sim = start().await;
    let key = sim.admin_key();
    for (input, expected) in email_table() {
        let body = json!({ "email": input }).to_string();
        let (status, _, answer) =
            raw(&sim, "POST", "/api/v1/contacts/add", Some(&key), Some(&body)).await;
        match expected {
            Ok(_) => assert!(status == 200 || status == 400, "{input:?}: {status} {answer}"),
            Err(reason) => {
                assert_eq!(status, 422, "{input:?}: {answer}");
                let msg = answer["detail"][0]["msg"].as_str().unwrap();
                assert!(msg.starts_with("value is not a valid email address: "), "{msg}");
                if !names_characters(&reason) {
                    assert_eq!(answer["detail"][0]["ctx"]["reason"], reason, "{input:?}");
                }
            }
        }
    }
}
