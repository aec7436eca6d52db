//! Endpoint 9's exchange groups as a server may read them: by default the replied group
//! holds the meeting-booked one; with `meeting_booked_apart` (`outreach sim
//! --meeting-booked-apart`) each exchange is in one group only. And absence notices asked
//! for with the day their writer is back.

use crate::common;

use common::sim::{admin, northwind, options, raw};
use outreach_tui::api::{Client, ExchangeGroup, ExchangeQuery, ExchangeStatus};
use outreach_tui::sim::{self, SimOptions};
use serde_json::json;

async fn ids(api: &Client, group: ExchangeGroup) -> Vec<(i64, ExchangeStatus)> {
    let query = ExchangeQuery { group: Some(group), ..ExchangeQuery::default() };
    let listed = api.list_exchanges(&query).await.unwrap().items;
    listed.iter().map(|e| (e.id, e.status.clone())).collect()
}

#[tokio::test]
async fn a_server_that_keeps_meeting_booked_apart_lists_each_exchange_in_one_group() {
    let nested = sim::spawn(options()).await.unwrap();
    let apart = sim::spawn(SimOptions { meeting_booked_apart: true, ..options() }).await.unwrap();
    let booked = |list: &[(i64, ExchangeStatus)]| {
        list.iter().filter(|(_, s)| *s == ExchangeStatus::MeetingBooked).count()
    };

    let all = ids(&northwind(&nested), ExchangeGroup::Replied).await;
    let meetings = ids(&northwind(&nested), ExchangeGroup::MeetingBooked).await;
    assert!(booked(&all) > 0, "by default the replied group holds the meeting-booked one");
    assert_eq!(booked(&all), meetings.len());

    let replied = ids(&northwind(&apart), ExchangeGroup::Replied).await;
    let apart_meetings = ids(&northwind(&apart), ExchangeGroup::MeetingBooked).await;
    assert_eq!(booked(&replied), 0, "apart, the replied group leaves MEETING_BOOKED out");
    assert_eq!(apart_meetings, meetings, "and the meeting-booked group has them all");
    assert_eq!(replied.len() + apart_meetings.len(), all.len(), "the same exchanges, split");

    let said = |sim| async move { admin(sim, "GET", "/_sim/state", None).await };
    assert_eq!(said(&nested).await["meeting_booked_apart"], false);
    assert_eq!(said(&apart).await["meeting_booked_apart"], true);
}

#[tokio::test]
async fn an_absence_notice_can_name_the_day_its_writer_is_back() {
    let sim = sim::spawn(options()).await.unwrap();
    let api = northwind(&sim);
    let target = ids(&api, ExchangeGroup::Replied)
        .await
        .into_iter()
        .find(|(_, s)| *s == ExchangeStatus::InfoInquiry)
        .unwrap();
    let body = json!({"exchange_id": target.0, "away": true, "back": "today"});
    let arrival = admin(&sim, "POST", "/_sim/replies", Some(body)).await;
    assert_eq!(arrival["status"], "INFO_INQUIRY", "a notice classifies nothing");
    let today = common::sim::anchor().date_naive();
    let chain = api.email_chain(target.0).await.unwrap().items;
    let last = chain.last().unwrap();
    let text = last.body.text.as_deref().unwrap_or_default();
    let read = outreach_tui::absence::detect(&last.subject, text, today).unwrap();
    assert_eq!(read.back, Some(today), "{} / {text}", last.subject);

    let dated = json!({"exchange_id": target.0, "away": true, "back": "2025-03-20"});
    admin(&sim, "POST", "/_sim/replies", Some(dated)).await;
    let chain = api.email_chain(target.0).await.unwrap().items;
    let last = chain.last().unwrap();
    let text = last.body.text.as_deref().unwrap_or_default();
    let read = outreach_tui::absence::detect(&last.subject, text, today).unwrap();
    assert_eq!(read.back.map(|d| d.to_string()).as_deref(), Some("2025-03-20"));

    let key = sim.orgs[0].admin_key.clone();
    for (body, said) in [
        (r#"{"back": "today"}"#, "with \"away\": true"),
        (r#"{"away": true, "back": "soon"}"#, "got 'soon'"),
    ] {
        let (status, _, answer) = raw(&sim, "POST", "/_sim/replies", Some(&key), Some(body)).await;
        assert_eq!(status, 400, "{body}");
        assert!(answer["detail"].as_str().unwrap().contains(said), "{answer}");
    }
}
