//! The store goes away: marks wait in the outbox, the last known marks still read, and when
//! the server is back every mark arrives once, in the order made. The server is really
//! stopped (`pg_ctl stop`), on a cluster of its own so the other tests go on.

use super::outage::{Turn, eventually};
use super::pg;
use outreach_tui::api::Timestamp;
use outreach_tui::local::{Scope, TriageStore};
use outreach_tui::team::{BlockingTeam, Outbox, TeamStore};
use std::time::Duration;

#[test]
fn marks_made_while_the_server_is_down_arrive_once_in_order_when_it_is_back() {
    let Some(mut outage) = Turn::take() else { return };
    let server = outage.server();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let url = runtime.block_on(async {
        let url = pg::fresh_database(server).await;
        TeamStore::init(&pg::target(&url, "ann"), &pg::no_keyring()).await.unwrap();
        url
    });
    let dir = tempfile::tempdir().unwrap();
    let outbox = Outbox::open_at(&dir.path().join("team-outbox.sqlite3")).unwrap();
    let team = BlockingTeam::start(pg::target(&url, "ann"), pg::no_keyring(), outbox).unwrap();
    let scope = Scope::new("ann-profile", "https://api.example.com");
    team.bind(scope.clone(), pg::northwind());
    let at = Timestamp::parse("2026-03-02T09:00:00").unwrap();

    team.set_handled(&scope, &[(1, Some(at))], true).unwrap();
    assert_eq!(team.health().waiting, 0, "sent at once while the store answers");

    outage.stop();
    let queued: Vec<(i64, Option<Timestamp>)> = (2..=21).map(|id| (id, Some(at))).collect();
    team.set_handled(&scope, &queued, true).unwrap();
    team.set_handled(&scope, &[(1, None)], false).unwrap();
    let health = team.health();
    assert_eq!(health.waiting, 21, "{health:?}");
    assert!(health.away.is_some(), "{health:?}");
    // The dashboard goes on with the last known marks and its own queued ones.
    let shown = team.handled(&scope).unwrap();
    assert!(!shown.contains_key(&1) && (2..=21).all(|id| shown.contains_key(&id)), "{shown:?}");

    outage.start();
    // Sent, and no longer said to be away: the two are kept apart, and the listener's
    // refusal from just before the server came back may be the last said for a moment.
    assert!(
        eventually(Duration::from_secs(30), || {
            let health = team.health();
            health.waiting == 0 && health.away.is_none()
        }),
        "the outbox is sent and the store no longer away once the server is back: {:?}",
        team.health()
    );

    let (marks, histories) = runtime.block_on(async {
        let store = pg::person(&url, "bob").await;
        let marks = store.marks(&pg::northwind()).await.unwrap();
        let mut histories = Vec::new();
        for id in 1..=21 {
            histories.push(store.history(&pg::northwind(), id).await.unwrap());
        }
        (marks, histories)
    });
    assert!(!marks.contains_key(&1), "unhandled after it was handled: sent in order");
    for id in 2..=21 {
        assert_eq!(marks[&id].handled.as_ref().map(|h| h.by.as_str()), Some("ann"));
    }
    let what = |id: usize| histories[id - 1].iter().map(|h| h.what.as_str()).collect::<Vec<_>>();
    assert_eq!(what(1), ["handled", "unhandled"]);
    for id in 2..=21 {
        assert_eq!(what(id), ["handled"], "exchange {id}: exactly once");
    }
}
