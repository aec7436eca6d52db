//! The simulator's data as a client sees it: identical for the same seed and anchor,
//! dated around the anchor, realistic and hostile where real inboxes are, large at
//! `--scale 100`, and background work really done after the 202.

use crate::common;

use common::sim::{admin, northwind, raw, start};
use outreach_tui::api::{ExchangeQuery, MeetingQuery};
use outreach_tui::sim::{SimOptions, spawn};
use serde_json::Value;
use std::time::{Duration, Instant};

async fn bodies(sim: &outreach_tui::sim::SimHandle) -> Vec<Value> {
    let key = sim.admin_key();
    let mut out = Vec::new();
    for path in [
        "/api/v1/campaigns",
        "/api/v1/bots",
        "/api/v1/contacts",
        "/api/v1/campaigns/data/replies",
        "/api/v1/meetings",
        "/api/v1/exchanges/200020/emails",
    ] {
        out.push(raw(sim, "GET", path, Some(&key), None).await.2);
    }
    out
}

#[tokio::test]
async fn same_seed_and_anchor_give_identical_answers() {
    let a = start().await;
    let b = start().await;
    assert_eq!(a.admin_key(), b.admin_key());
    let (first, second) = (bodies(&a).await, bodies(&b).await);
    assert!(first[5].as_array().is_some_and(|chain| !chain.is_empty()), "{}", first[5]);
    assert_eq!(first, second);
    let other = spawn(SimOptions { seed: 43, ..common::sim::options() }).await.unwrap();
    assert_ne!(bodies(&other).await[2], first[2], "another seed, other contacts");
}

#[tokio::test]
async fn without_an_anchor_the_data_is_about_now() {
    let sim = spawn(SimOptions { anchor: None, ..common::sim::options() }).await.unwrap();
    let api = northwind(&sim);
    let now = chrono::Utc::now();
    let week = ExchangeQuery {
        start_date: Some((now - chrono::TimeDelta::days(7)).date_naive()),
        ..ExchangeQuery::default()
    };
    assert!(
        api.list_exchanges(&week).await.unwrap().items.len() >= 10,
        "replies in the last 7 days"
    );
    let meetings = api.list_meetings(&MeetingQuery::default()).await.unwrap();
    let near = meetings.items.iter().filter(|m| {
        let start = m.start.unwrap().0;
        start > now - chrono::TimeDelta::hours(12) && start < now + chrono::TimeDelta::hours(12)
    });
    assert!(near.count() >= 1, "a meeting around now");
    let ahead =
        meetings.items.iter().filter(|m| m.start.unwrap().0 > now + chrono::TimeDelta::days(1));
    assert!(ahead.count() >= 3, "meetings in the next days");
}

fn has(text: &str, pick: impl Fn(char) -> bool) -> bool {
    text.chars().any(pick)
}

#[tokio::test]
async fn names_and_mail_are_unicode_rich_and_sometimes_hostile() {
    let sim = start().await;
    let api = northwind(&sim);
    let contacts = api.list_contacts().await.unwrap();
    let names: Vec<String> =
        contacts.items.iter().map(|c| format!("{} {}", c.first_name(), c.last_name())).collect();
    let any = |pick: &dyn Fn(char) -> bool| names.iter().any(|n| has(n, pick));
    assert!(any(&|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "wide CJK names");
    assert!(any(&|c| ('\u{0300}'..='\u{036f}').contains(&c)), "combining marks");
    assert!(any(&|c| ('\u{0590}'..='\u{06ff}').contains(&c)), "right-to-left scripts");
    assert!(any(&|c| c == '\u{1b}'), "ANSI escapes");
    assert!(
        any(&|c| ('\u{202a}'..='\u{202e}').contains(&c) || c == '\u{200b}'),
        "bidi or zero-width"
    );
    // Chains: every kind of message part appears across the organisation.
    let exchanges = admin(&sim, "GET", "/_sim/exchanges", None).await;
    let (mut html_only, mut attachments, mut cc, mut starred, mut quoted, mut hostile) =
        (false, false, false, false, false, false);
    let mut lengths = std::collections::BTreeSet::new();
    for exchange in exchanges.as_array().unwrap() {
        let chain = api.email_chain(exchange["id"].as_i64().unwrap()).await.unwrap();
        lengths.insert(chain.items.len());
        for message in chain.items.iter() {
            html_only |= message.body.text.is_none() && message.body.html.is_some();
            attachments |= !message.attachments.is_empty();
            cc |= !message.cc.is_empty();
            starred |= message.starred;
            let text = message.body.text.clone().unwrap_or_default();
            quoted |= text.contains(" wrote:\n> ");
            hostile |= has(&message.subject, |c| c == '\u{1b}')
                || has(&text, |c| c == '\u{1b}' || c == '\u{7}');
        }
    }
    assert!(html_only && attachments && cc && starred && quoted && hostile);
    assert_eq!(lengths.first(), Some(&0), "outreach not started yet has no e-mail");
    assert_eq!(lengths.last(), Some(&8));
    assert!(lengths.len() >= 7, "{lengths:?}");
}

#[tokio::test]
async fn scale_100_serves_100k_contacts() {
    let started = Instant::now();
    let sim = spawn(SimOptions { scale: 100, ..common::sim::options() }).await.unwrap();
    let generated = started.elapsed();
    let state = admin(&sim, "GET", "/_sim/state", None).await;
    assert!(state["contacts"].as_u64().unwrap() >= 100_000);
    assert!(state["exchanges"].as_u64().unwrap() >= 20_000);
    let contacts = northwind(&sim).list_contacts().await.unwrap();
    assert_eq!(contacts.items.len(), 100_000);
    // Unoptimised test build on a shared machine: a loose bound; release is far quicker.
    assert!(generated < Duration::from_secs(15), "generated in {generated:?}");
}

#[tokio::test]
async fn background_work_lands_after_the_202() {
    let options =
        SimOptions { background_delay: Duration::from_millis(800), ..common::sim::options() };
    let sim = spawn(options).await.unwrap();
    let api = northwind(&sim);
    let reply = api.add_dnc_domains(&["late.example".into()]).await.unwrap();
    assert_eq!(reply.status, 202);
    let state = admin(&sim, "GET", "/_sim/state", None).await;
    assert!(!state["dnc_domains"].as_array().unwrap().contains(&"late.example".into()), "not yet");
    common::sim::eventually("the domain is on the list", || async {
        let state = admin(&sim, "GET", "/_sim/state", None).await;
        state["dnc_domains"].as_array().unwrap().contains(&"late.example".into())
    })
    .await;
}
