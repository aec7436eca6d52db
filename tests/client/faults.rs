//! The client against the simulator's harsher faults: a server that never answers or stops
//! in the middle fails within the timeout, named by host and by what did not happen, and a
//! server silent after the request is not asked again; a long Retry-After is not slept;
//! hostile error text, a bad list element and a body nested 100k deep are errors, not
//! crashes.

use crate::common;

use common::sim::{client_with, faults, northwind, requests_to, retry, start};
use outreach_tui::api::{ApiError, TimeoutPhase};
use std::time::{Duration, Instant};

const SHORT: Duration = Duration::from_millis(400);

#[tokio::test]
async fn a_server_that_never_answers_times_out_once_and_names_its_host() {
    let sim = start().await;
    let api = client_with(&sim, &sim.admin_key(), retry(), SHORT);
    faults(&sim, "blackhole@GET:/api/v1/campaigns").await;
    let started = Instant::now();
    let error = api.list_campaigns().await.unwrap_err();
    let elapsed = started.elapsed();
    let ApiError::Timeout { host, phase, after } = &error else { panic!("{error:?}") };
    assert_eq!(*phase, TimeoutPhase::FirstByte);
    assert_eq!(*after, SHORT);
    assert_eq!(host, &sim.addr.to_string());
    assert_eq!(
        error.to_string(),
        format!("{} accepted the connection but did not answer within 0.4 s.", sim.addr)
    );
    assert_eq!(requests_to(&sim, "GET /api/v1/campaigns").await, 1, "not retried");
    assert!(elapsed < Duration::from_secs(2), "took {elapsed:?}");
    sim.shutdown().await;
}

#[tokio::test]
async fn headers_then_silence_is_a_timeout_in_the_body() {
    let sim = start().await;
    let api = client_with(&sim, &sim.admin_key(), retry(), SHORT);
    faults(&sim, "stall:30000@GET:/api/v1/bots").await;
    let error = api.list_bots().await.unwrap_err();
    assert!(matches!(error, ApiError::Timeout { phase: TimeoutPhase::Body, .. }), "{error:?}");
    assert!(error.to_string().contains("began to answer, then sent nothing more"), "{error}");
    assert_eq!(requests_to(&sim, "GET /api/v1/bots").await, 2);
    sim.shutdown().await;
}

#[tokio::test]
async fn a_write_to_a_server_that_never_answers_is_sent_once() {
    let sim = start().await;
    let api = client_with(&sim, &sim.admin_key(), retry(), SHORT);
    faults(&sim, "blackhole@PUT:/api/v1/campaigns").await;
    let error = api.start_campaign(1).await.unwrap_err();
    assert!(matches!(error, ApiError::Timeout { .. }), "{error:?}");
    assert_eq!(requests_to(&sim, "PUT /api/v1/campaigns/1/start").await, 1);
    sim.shutdown().await;
}

#[tokio::test]
async fn an_hour_of_retry_after_is_not_retried_and_says_until_when() {
    let sim = start().await;
    let api = northwind(&sim);
    faults(&sim, "429:3600@GET:/api/v1/bots").await;
    let started = Instant::now();
    let error = api.list_bots().await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    assert_eq!(requests_to(&sim, "GET /api/v1/bots").await, 1, "nothing is retried");
    let text = error.to_string();
    assert!(
        text.starts_with("Rate limited (429); the server asks to wait 60 min (until "),
        "{text}"
    );
    let ApiError::RateLimited { wait, until: Some(until) } = error else { panic!("{text}") };
    assert_eq!(wait, Some(Duration::from_secs(3600)));
    let ahead = until - chrono::Utc::now();
    assert!(ahead > chrono::TimeDelta::minutes(59), "{ahead}");
    sim.shutdown().await;
}

#[tokio::test]
async fn hostile_error_text_arrives_as_data_in_the_error() {
    let sim = start().await;
    let api = northwind(&sim);
    faults(&sim, "hostile-error@GET:/api/v1/bots#1,hostile-error:403@GET:/api/v1/campaigns#1")
        .await;
    let error = api.list_bots().await.unwrap_err();
    let ApiError::Server { status: 500, body_start } = &error else { panic!("{error:?}") };
    assert!(body_start.contains("\u{1b}]52;c;"), "the raw text is kept for the printers");
    let error = api.list_campaigns().await.unwrap_err();
    let ApiError::Forbidden { detail: Some(detail) } = &error else { panic!("{error:?}") };
    assert!(detail.contains("\u{202e}") && detail.contains("\u{9b}"), "{detail:?}");
    sim.shutdown().await;
}

#[tokio::test]
async fn a_bad_element_is_left_out_and_counted() {
    let sim = start().await;
    let api = northwind(&sim);
    let all = api.list_campaigns().await.unwrap();
    faults(&sim, "bad-element@GET:/api/v1/campaigns#1").await;
    let listed = api.list_campaigns().await.unwrap();
    assert_eq!(listed.items.len(), all.items.len() - 1);
    assert_eq!(listed.skipped, 1);
    assert_eq!(listed.items[0].id, all.items[0].id);
    sim.shutdown().await;
}

#[tokio::test]
async fn a_body_nested_100k_deep_is_unreadable_not_a_crash() {
    let sim = start().await;
    let api = northwind(&sim);
    faults(&sim, "nested@GET:/api/v1/campaigns#1,nested@POST:/api/v1/contacts/add#1").await;
    // A list of one element nested 99,999 deep: nothing readable, and it says so.
    let listed = api.list_campaigns().await.unwrap();
    assert!(listed.items.is_empty());
    assert_eq!(listed.skipped, 1);
    let contact =
        outreach_tui::api::ContactUpload { email: "deep@example.com".into(), ..Default::default() };
    let error = api.add_contact(&contact).await.unwrap_err();
    assert!(matches!(error, ApiError::Decode { .. }), "{error:?}");
    sim.shutdown().await;
}
