//! Tolerant decoding against answers the simulator is told to serve verbatim: unknown
//! enum values and extra fields are kept, nulls read as absent, and one element that
//! cannot be read is skipped and counted instead of failing the whole list.

use crate::common;

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

/// A server of one fixed answer, over real HTTP on loopback: each connection's request is
/// read to the end of its head and answered with `body`, a JSON list.
async fn serve_always(body: Vec<u8>) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let body = std::sync::Arc::new(body);
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else { return };
            let body = std::sync::Arc::clone(&body);
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut byte = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match socket.read(&mut byte).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&byte[..n]),
                    }
                }
                let answer = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = socket.write_all(answer.as_bytes()).await;
                let _ = socket.write_all(&body).await;
            });
        }
    });
    format!("http://{address}")
}

#[tokio::test]
async fn a_50_mb_string_is_kept_cut_and_marked() {
    use outreach_tui::api::bounded::{BODY_MAX, TEXT_MAX};
    use outreach_tui::api::{ApiKey, Client, ClientOptions};
    let huge = "x".repeat(50 * 1024 * 1024);
    let exchanges = format!(
        r#"[{{"id": 1, "status": "REPLIED", "contact": {{"id": 2, "first_name": "{huge}", "email": "a@b.example"}}, "bot": {{"id": 3, "organisation": "{huge}"}}}},
            {{"id": 2, "status": "REPLIED", "contact": {{"first_name": "Ann"}}}}]"#
    );
    let base = serve_always(exchanges.into_bytes()).await;
    let api = Client::new(&base, &ApiKey::new("k"), ClientOptions::default()).unwrap();
    let listed = api.list_exchanges(&ExchangeQuery::default()).await.unwrap();
    let name = &listed.items[0].contact.first_name;
    assert_eq!(name.len(), TEXT_MAX + "… [cut: 50 MB]".len());
    assert!(name.ends_with("x… [cut: 50 MB]"), "{}", &name[name.len() - 20..]);
    assert!(listed.items[0].bot.organisation.ends_with("… [cut: 50 MB]"));
    assert_eq!(listed.items[1].contact.first_name, "Ann");

    let chain =
        format!(r#"[{{"subject": "{huge}", "body": {{"html": "{huge}", "text": "short"}}}}]"#);
    let base = serve_always(chain.into_bytes()).await;
    let api = Client::new(&base, &ApiKey::new("k"), ClientOptions::default()).unwrap();
    let chain = api.email_chain(1).await.unwrap();
    let email = &chain.items[0];
    assert_eq!(email.subject.len(), TEXT_MAX + "… [cut: 50 MB]".len());
    let html = email.body.html.as_deref().unwrap();
    assert_eq!(html.len(), BODY_MAX + "… [cut: 50 MB]".len());
    assert_eq!(email.body.text.as_deref(), Some("short"));
}
