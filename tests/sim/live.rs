//! Live replies in the simulator, driven the way tests and the inbox's pty test drive them:
//! `POST /_sim/replies` makes a reply arrive at once, and the client then sees it as the
//! newest exchange with a new message from the contact at the end of its chain. The timer
//! of `--demo` / `sim --live` is tested with a paused clock in `src/sim/live.rs`.

use crate::common;

use common::sim::{admin, northwind, raw, start};
use outreach_tui::api::{ExchangeGroup, ExchangeQuery, ExchangeStatus, Timestamp};
use serde_json::json;

fn replied() -> ExchangeQuery {
    ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() }
}

#[tokio::test]
async fn a_reply_arrives_on_demand_as_the_newest_exchange_with_the_contacts_message_last() {
    let sim = start().await;
    let api = northwind(&sim);
    let before = api.list_exchanges(&replied()).await.unwrap().items;

    let arrival = admin(&sim, "POST", "/_sim/replies", None).await;
    let id = arrival["exchange_id"].as_i64().expect("the answer names the exchange");
    let updated_at = Timestamp::parse(arrival["updated_at"].as_str().unwrap()).unwrap();

    let after = api.list_exchanges(&replied()).await.unwrap().items;
    assert_eq!(after[0].id, id, "newest activity first");
    assert_eq!(after[0].updated_at, Some(updated_at));
    assert!(before.iter().all(|e| e.updated_at < Some(updated_at)), "later than anything before");
    assert_eq!(after[0].status.as_str(), arrival["status"].as_str().unwrap());

    let chain = api.email_chain(id).await.unwrap().items;
    let last = chain.last().unwrap();
    assert_eq!(last.from_.as_ref().unwrap().address, after[0].contact.email, "the contact wrote");
    assert_eq!(last.date, Some(updated_at));
    assert!(last.subject.starts_with("Re: "), "{}", last.subject);
    assert!(last.body.html.is_some() || last.body.text.is_some(), "the message has a body");

    let state = admin(&sim, "GET", "/_sim/state", None).await;
    assert_eq!(state["live_replies"], 1);
}

#[tokio::test]
async fn a_reply_can_be_aimed_at_an_exchange_with_a_status() {
    let sim = start().await;
    let api = northwind(&sim);
    let waiting = api.list_exchanges(&replied()).await.unwrap().items;
    let target = waiting.iter().find(|e| e.status == ExchangeStatus::AwaitingReply).unwrap();
    let chain_before = api.email_chain(target.id).await.unwrap().items;

    let body = json!({"exchange_id": target.id, "status": "SCHEDULING_MEETING"});
    let arrival = admin(&sim, "POST", "/_sim/replies", Some(body)).await;
    assert_eq!(arrival["exchange_id"], target.id);
    assert_eq!(arrival["previous_status"], "AWAITING_REPLY");
    assert_eq!(arrival["status"], "SCHEDULING_MEETING");

    let chain = api.email_chain(target.id).await.unwrap().items;
    assert_eq!(chain.len(), chain_before.len() + 1, "one message more");
    assert_eq!(chain[..chain_before.len()], chain_before[..], "the earlier ones unchanged");
    let listed = api.list_exchanges(&replied()).await.unwrap().items;
    assert_eq!((listed[0].id, &listed[0].status), (target.id, &ExchangeStatus::SchedulingMeeting));
}

#[tokio::test]
async fn replies_need_the_admin_key_and_say_what_is_wrong() {
    let sim = start().await;
    let path = "/_sim/replies";
    let (status, _, _) = raw(&sim, "POST", path, None, None).await;
    assert_eq!(status, 401);
    let read_only = sim.orgs[0].read_only_key.clone();
    let (status, _, _) = raw(&sim, "POST", path, Some(&read_only), None).await;
    assert_eq!(status, 403);

    let key = sim.orgs[0].admin_key.clone();
    let (status, _, body) =
        raw(&sim, "POST", path, Some(&key), Some(r#"{"exchange_id": 1}"#)).await;
    assert_eq!(status, 404);
    assert!(body["detail"].as_str().unwrap().contains("exchange 1 does not exist"), "{body}");
    let (status, _, body) =
        raw(&sim, "POST", path, Some(&key), Some(r#"{"status": "LOVE"}"#)).await;
    assert_eq!(status, 400);
    assert!(body["detail"].as_str().unwrap().contains("unknown exchange status 'LOVE'"), "{body}");
    let (status, _, body) = raw(&sim, "POST", path, Some(&key), Some("[")).await;
    assert_eq!(status, 400);
    assert!(body["detail"].as_str().unwrap().contains("exchange_id"), "{body}");

    let vandelay = sim.org("Vandelay").unwrap().admin_key.clone();
    let (status, _, body) = raw(&sim, "POST", path, Some(&vandelay), None).await;
    assert_eq!(status, 400);
    assert!(body["detail"].as_str().unwrap().contains("no conversation"), "{body}");
}

#[tokio::test]
async fn without_live_nothing_arrives_by_itself() {
    let sim = start().await;
    let state = admin(&sim, "GET", "/_sim/state", None).await;
    assert_eq!(state["live_replies"], 0);
    assert!(!common::sim::options().live, "tests' simulators are not live");
}

#[tokio::test]
async fn the_simulators_now_is_the_wall_clock_however_long_seeding_took() {
    // No fixed anchor: the data is generated around the wall clock, as in --demo.
    let options = outreach_tui::sim::SimOptions::default();
    let sim = outreach_tui::sim::spawn(options).await.unwrap();
    let spawned = chrono::Utc::now();
    let arrival = admin(&sim, "POST", "/_sim/replies", None).await;
    let updated_at = Timestamp::parse(arrival["updated_at"].as_str().unwrap()).unwrap();
    // A reply stamped before the moment the simulator was ready would read as older than a
    // client's first look taken after it (the inbox's "new since" compares the two).
    let ready = spawned - chrono::TimeDelta::milliseconds(1);
    assert!(updated_at.0 >= ready, "{} is before {ready}", updated_at.0);
}
