//! Tolerant decoding against answers the simulator is told to serve verbatim: unknown
//! enum values and extra fields are kept, nulls read as absent, and one element that
//! cannot be read is skipped and counted instead of failing the whole list.

mod common;

use common::sim::{northwind, serve_raw_once, start};
use outreach_tui::api::{
    ApiError, BotStatus, CampaignStatus, ExchangeQuery, ExchangeStatus, MailboxStatus, MeetingQuery,
};
use serde_json::json;

#[tokio::test]
async fn unknown_values_extra_fields_and_nulls_are_read() {
    let sim = start().await;
    let api = northwind(&sim);
    serve_raw_once(&sim, "/api/v1/campaigns", json!([
        {"id": 1, "name": "Future", "status": "ARCHIVED", "created_at": "2025-01-02T03:04:05",
         "unsubscribe_mode": "smoke-signal", "auto_pilot_settings": null, "brand_new": {"x": 1}},
        {"id": 2, "name": null, "status": "PENDING", "meeting_duration": null, "created_at": "not a date"}
    ]))
    .await;
    let campaigns = api.list_campaigns().await.unwrap();
    assert_eq!(campaigns.skipped, 0);
    assert_eq!(campaigns.items[0].status, CampaignStatus::Unknown("ARCHIVED".into()));
    assert_eq!(campaigns.items[0].unsubscribe_mode.as_str(), "smoke-signal");
    assert_eq!(campaigns.items[1].name, "");
    assert_eq!(campaigns.items[1].created_at, None);
    // The next request is served normally again.
    assert_eq!(api.list_campaigns().await.unwrap().items.len(), 12);

    serve_raw_once(&sim, "/api/v1/bots", json!([
        {"id": 9, "status": "HIBERNATING", "mailbox_status": "QUANTUM", "source": "PARTNER",
         "dns_validation": null, "cname_record": null, "auth_data": null, "warmup_started_at": null}
    ]))
    .await;
    let bots = api.list_bots().await.unwrap();
    let bot = &bots.items[0];
    assert_eq!(bot.status, BotStatus::Unknown("HIBERNATING".into()));
    assert_eq!(bot.mailbox_status, MailboxStatus::Unknown("QUANTUM".into()));
    assert!(outreach_tui::bots::problems(bot).iter().any(|p| p.contains("QUANTUM")));

    serve_raw_once(
        &sim,
        "/api/v1/campaigns/data/replies",
        json!([
            {"id": 5, "campaign_id": 1, "status": "TELEPATHY", "updated_at": null, "bot": null,
             "contact": {"id": 3, "email": "a@b.example", "organisation": null}}
        ]),
    )
    .await;
    let exchanges = api.list_exchanges(&ExchangeQuery::default()).await.unwrap();
    assert_eq!(exchanges.items[0].status, ExchangeStatus::Unknown("TELEPATHY".into()));
    assert_eq!(exchanges.items[0].contact.organisation, "");

    serve_raw_once(&sim, "/api/v1/meetings", json!([
        {"id": 1, "exchange_id": 2, "start": "2025-03-14T15:00:00", "end": null, "iana_timezone": "Mars/Olympus_Mons",
         "cancelled": null, "campaign": null, "bot": null, "contact": null, "user": null, "extra": [1, 2]}
    ]))
    .await;
    let meetings = api.list_meetings(&MeetingQuery::default()).await.unwrap();
    assert_eq!(meetings.items[0].iana_timezone.as_deref(), Some("Mars/Olympus_Mons"));
    assert!(!meetings.items[0].cancelled);

    serve_raw_once(&sim, "/api/v1/exchanges/", json!([
        {"subject": "Hi", "body": {"html": null}, "from_": null, "to": null,
         "cc": ["plain@address.example", {"address": "b@c.example"}], "attachments": [42],
         "labels": [{"id": "L1"}], "messageId": "<m>", "date": "2025-03-14T15:00:00.000Z", "x-unknown": true}
    ]))
    .await;
    let chain = api.email_chain(1).await.unwrap();
    assert_eq!(chain.items[0].cc.len(), 2);
    assert_eq!(chain.items[0].body.text, None);
}

#[tokio::test]
async fn a_bad_element_is_skipped_and_counted() {
    let sim = start().await;
    let api = northwind(&sim);
    serve_raw_once(
        &sim,
        "/api/v1/contacts",
        json!([
            {"id": 1, "email": "a@b.example", "tags": null, "custom_data": [1]},
            {"email": "no id"},
            "not even an object",
            {"id": "seven", "email": "string id"},
            {"id": 2, "email": "c@d.example", "dnc": null}
        ]),
    )
    .await;
    let contacts = api.list_contacts().await.unwrap();
    assert_eq!(contacts.items.iter().map(|c| c.id).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(contacts.skipped, 3);
    assert_eq!(
        contacts.warning("contacts").unwrap(),
        "3 contacts could not be read and were left out"
    );
}

#[tokio::test]
async fn a_body_that_is_no_list_is_a_decode_error() {
    let sim = start().await;
    serve_raw_once(&sim, "/api/v1/bots", json!({"items": []})).await;
    let error = northwind(&sim).list_bots().await.unwrap_err();
    assert!(matches!(error, ApiError::Decode { .. }), "{error}");
}
