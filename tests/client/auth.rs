//! Keys and organisations through the real client: 401 without a key or with an
//! unknown or replaced one, 403 for a read-only key on every write, and no organisation
//! seeing or touching another's data.

use crate::common;

use common::sim::{admin, client, northwind, raw, start};
use outreach_tui::api::{
    ApiError, ApiKey, Client, ContactUpload, ExchangeQuery, MeetingQuery, SubmitConversion,
};
use serde_json::json;

fn contact(email: &str) -> ContactUpload {
    ContactUpload { email: email.into(), ..ContactUpload::default() }
}

/// Calls all 13 endpoints; `campaign` and `exchange` are ids to act on.
async fn call_all(
    api: &Client,
    campaign: i64,
    exchange: i64,
) -> Vec<(&'static str, Result<(), ApiError>)> {
    let conversion = SubmitConversion { email: "ann@example.com".into(), ..Default::default() };
    vec![
        ("1 add_dnc_domains", api.add_dnc_domains(&["x.example".into()]).await.map(drop)),
        ("2 log_conversion", api.log_conversion(&conversion).await.map(drop)),
        (
            "3 upload_and_start",
            api.upload_and_start(campaign, &contact("u3@example.com"), None, false).await.map(drop),
        ),
        (
            "4 upload_contact",
            api.upload_contact(campaign, &contact("u4@example.com"), None, true).await.map(drop),
        ),
        ("5 add_contact", api.add_contact(&contact("u5@example.com")).await.map(drop)),
        ("6 add_dnc_emails", api.add_dnc_emails(&["u6@example.com".into()]).await.map(drop)),
        ("7 list_campaigns", api.list_campaigns().await.map(drop)),
        ("8 list_bots", api.list_bots().await.map(drop)),
        ("9 list_exchanges", api.list_exchanges(&ExchangeQuery::default()).await.map(drop)),
        ("10 list_contacts", api.list_contacts().await.map(drop)),
        ("11 email_chain", api.email_chain(exchange).await.map(drop)),
        ("12 list_meetings", api.list_meetings(&MeetingQuery::default()).await.map(drop)),
        ("13 start_campaign", api.start_campaign(campaign).await.map(drop)),
    ]
}

const WRITES: [&str; 7] = [
    "1 add_dnc_domains",
    "2 log_conversion",
    "3 upload_and_start",
    "4 upload_contact",
    "5 add_contact",
    "6 add_dnc_emails",
    "13 start_campaign",
];

async fn some_ids(api: &Client) -> (i64, i64) {
    let campaign = api.list_campaigns().await.unwrap().items[2].id;
    let exchange = api.list_exchanges(&ExchangeQuery::default()).await.unwrap().items[0].id;
    (campaign, exchange)
}

#[tokio::test]
async fn unknown_and_missing_keys_get_401_everywhere() {
    let sim = start().await;
    let (campaign, exchange) = some_ids(&northwind(&sim)).await;
    for key in ["sim_admin_northwind_000000000000000000000000", ""] {
        let stranger = client(&sim, &ApiKey::new(key));
        for (endpoint, result) in call_all(&stranger, campaign, exchange).await {
            assert!(
                matches!(result, Err(ApiError::Unauthorized { .. })),
                "{endpoint} with {key:?}: {result:?}"
            );
        }
    }
    let (status, _, body) = raw(&sim, "GET", "/api/v1/contacts", None, None).await;
    assert_eq!((status, body), (401, json!({"detail": "Not authenticated"})));
}

#[tokio::test]
async fn a_read_only_key_reads_everything_and_gets_403_on_every_write() {
    let sim = start().await;
    let (campaign, exchange) = some_ids(&northwind(&sim)).await;
    let reader = client(&sim, &sim.orgs[0].read_only_key);
    for (endpoint, result) in call_all(&reader, campaign, exchange).await {
        if WRITES.contains(&endpoint) {
            assert!(matches!(result, Err(ApiError::Forbidden { .. })), "{endpoint}: {result:?}");
        } else {
            assert!(result.is_ok(), "{endpoint}: {result:?}");
        }
    }
    let state = admin(&sim, "GET", "/_sim/state", None).await;
    assert_eq!(state["contacts"], 1000, "nothing was written");
    let (status, _, _) =
        raw(&sim, "POST", "/_sim/rotate-key", Some(&sim.orgs[0].read_only_key), None).await;
    assert_eq!(status, 403, "admin routes need the admin key");
}

#[tokio::test]
async fn rotating_the_key_kills_the_old_one() {
    let sim = start().await;
    let old = northwind(&sim);
    old.list_campaigns().await.unwrap();
    let rotated = admin(&sim, "POST", "/_sim/rotate-key", None).await;
    let new_key = ApiKey::new(rotated["api_key"].as_str().unwrap());
    assert_ne!(new_key, sim.orgs[0].admin_key);
    let refused = old.list_campaigns().await.unwrap_err();
    assert!(matches!(refused, ApiError::Unauthorized { .. }), "{refused}");
    let fresh = client(&sim, &new_key);
    assert_eq!(fresh.list_campaigns().await.unwrap().items.len(), 12);
    fresh.add_contact(&contact("after.rotation@example.com")).await.unwrap();
    // The read-only key and other organisations are not affected.
    client(&sim, &sim.orgs[0].read_only_key).list_bots().await.unwrap();
    client(&sim, &sim.orgs[1].admin_key).list_bots().await.unwrap();
}

#[tokio::test]
async fn organisations_are_isolated() {
    let sim = start().await;
    let northwind = northwind(&sim);
    let initech = client(&sim, &sim.orgs[2].admin_key);
    let (campaign, exchange) = some_ids(&northwind).await;
    let theirs = initech.list_campaigns().await.unwrap();
    assert!(!theirs.items.is_empty());
    assert!(theirs.items.iter().all(|c| c.id != campaign));
    let their_contacts = initech.list_contacts().await.unwrap();
    let ours = northwind.list_contacts().await.unwrap();
    assert!(their_contacts.items.iter().all(|c| ours.items.iter().all(|o| o.id != c.id)));
    for result in [
        initech.start_campaign(campaign).await.map(drop),
        initech.upload_contact(campaign, &contact("spy@example.com"), None, false).await.map(drop),
        initech
            .upload_and_start(campaign, &contact("spy@example.com"), None, false)
            .await
            .map(drop),
        initech.email_chain(exchange).await.map(drop),
    ] {
        assert!(matches!(result, Err(ApiError::NotFound { .. })), "{result:?}");
    }
    let filtered = initech
        .list_exchanges(&ExchangeQuery { campaign_id: Some(campaign), ..Default::default() })
        .await
        .unwrap();
    assert!(filtered.items.is_empty(), "another organisation's campaign filters to nothing");
    // The same address may be a contact of two organisations, each with its own id.
    let shared = ours.items[0].email().to_string();
    let outcome = initech.add_contact(&contact(&shared)).await.unwrap();
    assert!(
        matches!(outcome, outreach_tui::api::AddContactOutcome::Added { id } if id != ours.items[0].id)
    );
    assert_eq!(northwind.list_contacts().await.unwrap().items.len(), ours.items.len());
}

/// The spec also lists 403 and 404 for reads (a caller outside the organisation, an
/// organisation that no longer exists); the simulator serves them on request.
#[tokio::test]
async fn reads_report_403_and_404_as_the_spec_lists_them() {
    let sim = start().await;
    let api = northwind(&sim);
    let rule = |path: &str, status: u16, detail: &str| json!({"faults": [{"kind": "raw", "path": path, "times": 1, "status": status, "json": {"detail": detail}}]});
    admin(
        &sim,
        "POST",
        "/_sim/faults",
        Some(rule("/api/v1/contacts", 403, "Not a member of the organisation")),
    )
    .await;
    let forbidden = api.list_contacts().await.unwrap_err();
    assert!(
        matches!(&forbidden, ApiError::Forbidden { detail: Some(d) } if d == "Not a member of the organisation"),
        "{forbidden}"
    );
    admin(&sim, "POST", "/_sim/faults", Some(rule("/api/v1/bots", 404, "Organisation not found")))
        .await;
    let missing = api.list_bots().await.unwrap_err();
    assert!(matches!(missing, ApiError::NotFound { .. }), "{missing}");
}
