//! The client against injected faults: a GET survives a 503 with Retry-After, a 429, a
//! 502, a dropped connection and a stalled body; a write is sent exactly once whatever
//! fails (the simulator counts what reaches it); broken bodies are decode errors.

use crate::common;

use common::sim::{admin, client_with, faults, northwind, raw, requests_to, retry, start};
use outreach_tui::api::retry::parse_retry_after;
use outreach_tui::api::{ApiError, ContactUpload};
use outreach_tui::sim::{SimOptions, spawn};
use std::time::{Duration, Instant};

fn contact(email: &str) -> ContactUpload {
    ContactUpload { email: email.into(), ..ContactUpload::default() }
}

#[tokio::test]
async fn a_get_waits_the_retry_after_seconds_of_a_503_and_succeeds() {
    let sim = start().await;
    faults(&sim, "503:1@GET:/api/v1/bots#1").await;
    let started = Instant::now();
    let bots = northwind(&sim).list_bots().await.unwrap();
    assert!(!bots.items.is_empty());
    assert!(started.elapsed() >= Duration::from_millis(950), "waited {:?}", started.elapsed());
    assert_eq!(requests_to(&sim, "GET /api/v1/bots").await, 2);
}

#[tokio::test]
async fn a_429_with_an_http_date_is_retried() {
    let sim = start().await;
    faults(&sim, "429-date:30@GET:/api/v1/meetings#2").await;
    let (status, headers, _) =
        raw(&sim, "GET", "/api/v1/meetings", Some(&sim.admin_key()), None).await;
    assert_eq!(status, 429);
    let header = headers["retry-after"].to_str().unwrap();
    let wait = parse_retry_after(header, chrono::Utc::now()).expect("an HTTP-date");
    assert!(
        wait >= Duration::from_secs(29) && wait <= Duration::from_secs(32),
        "{header} → {wait:?}"
    );
    // Thirty seconds is above the client's cap: not slept, not retried, said in words.
    let api = northwind(&sim);
    let error = api.list_meetings(&Default::default()).await.unwrap_err();
    let ApiError::RateLimited { wait: Some(wait), until: Some(_) } = &error else {
        panic!("{error:?}")
    };
    assert!(*wait >= Duration::from_secs(29), "{wait:?}");
    assert!(
        error.to_string().starts_with("Rate limited (429); the server asks to wait"),
        "{error}"
    );
    assert_eq!(requests_to(&sim, "GET /api/v1/meetings").await, 2, "the raw GET and one try");
    // A date a second ahead is under the cap: slept, then the GET succeeds.
    faults(&sim, "429-date:0@GET:/api/v1/campaigns#1").await;
    assert_eq!(api.list_campaigns().await.unwrap().items.len(), 12);
    assert_eq!(requests_to(&sim, "GET /api/v1/campaigns").await, 2);
}

#[tokio::test]
async fn a_get_survives_a_dropped_connection_and_a_502_but_not_a_500() {
    let sim = start().await;
    let api = northwind(&sim);
    faults(&sim, "reset@GET:/api/v1/contacts#1").await;
    assert_eq!(api.list_contacts().await.unwrap().items.len(), 1000);
    assert_eq!(requests_to(&sim, "GET /api/v1/contacts").await, 2);
    faults(&sim, "502@GET:/api/v1/bots#1").await;
    api.list_bots().await.unwrap();
    assert_eq!(requests_to(&sim, "GET /api/v1/bots").await, 2);
    faults(&sim, "500@GET:/api/v1/bots#1").await;
    let error = api.list_bots().await.unwrap_err();
    assert!(
        matches!(&error, ApiError::Server { status: 500, body_start } if body_start == "Internal Server Error"),
        "{error}"
    );
    assert_eq!(requests_to(&sim, "GET /api/v1/bots").await, 3, "a 500 is not retried");
}

#[tokio::test]
async fn a_write_is_sent_exactly_once_whatever_fails() {
    let sim = start().await;
    let api = northwind(&sim);
    let mut sent = 0;
    for (n, kind) in ["503", "429", "502", "500", "reset"].iter().enumerate() {
        faults(&sim, &format!("{kind}@POST:/api/v1/contacts/add#1")).await;
        let email = format!("once{n}@example.com");
        let error = api.add_contact(&contact(&email)).await.unwrap_err();
        sent += 1;
        assert_eq!(requests_to(&sim, "POST /api/v1/contacts/add").await, sent, "{kind}: {error}");
        let listed = api.list_contacts().await.unwrap();
        assert!(
            !listed.items.iter().any(|c| c.email() == email),
            "{kind}: the failed write did nothing"
        );
    }
    let campaign = api.list_campaigns().await.unwrap().items[2].id;
    faults(&sim, "reset@PUT:/api/v1/campaigns#1").await;
    let error = api.start_campaign(campaign).await.unwrap_err();
    assert!(matches!(error, ApiError::BrokenOff { .. }), "{error}");
    assert!(error.to_string().contains("answered and then broke off"), "{error}");
    assert!(!error.to_string().contains("Could not reach"), "{error}");
    assert_eq!(requests_to(&sim, &format!("PUT /api/v1/campaigns/{campaign}/start")).await, 1);
}

#[tokio::test]
async fn a_stalled_body_times_out_and_a_get_tries_again() {
    let sim = start().await;
    let api = client_with(&sim, &sim.admin_key(), retry(), Duration::from_millis(400));
    faults(&sim, "stall:30000@GET:/api/v1/bots#1").await;
    api.list_bots().await.unwrap();
    assert_eq!(requests_to(&sim, "GET /api/v1/bots").await, 2);
    faults(&sim, "stall:30000@POST:/api/v1/contacts/add#1").await;
    let error = api.add_contact(&contact("stalled@example.com")).await.unwrap_err();
    assert!(matches!(error, ApiError::Timeout { .. }), "{error}");
    assert_eq!(requests_to(&sim, "POST /api/v1/contacts/add").await, 1);
}

#[tokio::test]
async fn latency_only_delays() {
    let sim = start().await;
    faults(&sim, "latency:200@/api/v1/bots#1").await;
    let started = Instant::now();
    northwind(&sim).list_bots().await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(requests_to(&sim, "GET /api/v1/bots").await, 1);
}

#[tokio::test]
async fn truncated_malformed_and_huge_bodies_are_decode_errors() {
    let sim = start().await;
    let api = northwind(&sim);
    for kind in ["truncate", "malformed"] {
        faults(&sim, &format!("{kind}@GET:/api/v1/campaigns#1")).await;
        let error = api.list_campaigns().await.unwrap_err();
        assert!(matches!(error, ApiError::Decode { .. }), "{kind}: {error}");
    }
    faults(&sim, "huge:1M@GET:/api/v1/bots#1").await;
    assert!(api.list_bots().await.unwrap().items.is_empty(), "a big but valid body decodes");
    faults(&sim, "huge@GET:/api/v1/bots#1").await;
    let error = api.list_bots().await.unwrap_err();
    assert!(
        matches!(&error, ApiError::Decode { reason, .. } if reason.contains("larger than")),
        "{error}"
    );
}

#[tokio::test]
async fn faults_come_from_options_and_can_be_cleared() {
    let options = SimOptions { faults: Some("500@/api/v1/bots".into()), ..common::sim::options() };
    let sim = spawn(options).await.unwrap();
    let api = northwind(&sim);
    assert!(matches!(api.list_bots().await, Err(ApiError::Server { status: 500, .. })));
    assert!(
        matches!(api.list_bots().await, Err(ApiError::Server { status: 500, .. })),
        "until cleared"
    );
    let listed = admin(&sim, "GET", "/_sim/faults", None).await;
    assert_eq!(listed["faults"][0]["kind"], "500");
    admin(&sim, "DELETE", "/_sim/faults", None).await;
    api.list_bots().await.unwrap();
    let bad = SimOptions { faults: Some("explode".into()), ..common::sim::options() };
    let error = spawn(bad).await.unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput);
    assert!(error.to_string().contains("unknown kind"), "{error}");
}
