//! Once the store is back, a mark goes to it at once, with what waited before it: whoever
//! marks next sends the outbox first (a cron job that only marks is the only process that
//! runs), and a connection held from before the outage is made again instead of queueing.

use super::cli::{ids, person};
use super::outage::Turn;
use super::pg;
use outreach_tui::api::Timestamp;
use outreach_tui::local::{Scope, TriageStore};
use outreach_tui::sim::{self, SimOptions};
use outreach_tui::team::{BlockingTeam, OrgName, Outbox, TeamStore};

#[tokio::test]
async fn the_first_mark_from_the_cli_after_a_restart_is_in_the_history_at_once() {
    let Some(mut outage) = Turn::take() else { return };
    let url = pg::fresh_database(outage.server()).await;
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let ann = person(&sim, &url, "ann");
    ann.run(&["team", "init"]).await.expect(0);
    let listed = ids(&ann.run(&["replies", "-o", "json"]).await.expect(0).json());
    let [first, second, third] = [listed[0], listed[1], listed[2]].map(|id| id.to_string());

    outage.stop();
    let queued = ann.run(&["replies", "handle", &first]).await;
    assert_eq!(queued.expect(0).stdout, format!("{first} handled\n"));
    assert!(
        queued.stderr.contains("The team store does not answer: 1 mark waits in this machine's outbox, sent by the next command that marks"),
        "{}",
        queued.stderr
    );
    assert!(queued.stderr.contains("only this machine sees it"), "{}", queued.stderr);

    outage.start();
    let back = ann.run(&["replies", "handle", &second]).await;
    assert_eq!(back.expect(0).stdout, format!("{second} handled\n"));
    assert!(
        back.stderr
            .contains("Sent 1 mark that waited in this machine's outbox to the team store first."),
        "{}",
        back.stderr
    );
    assert!(
        back.stderr.contains("Marked 1 reply handled in the team store as ann: the team sees it."),
        "{}",
        back.stderr
    );
    assert!(!back.stderr.contains("does not answer"), "{}", back.stderr);
    let snoozed = ann.run(&["replies", "snooze", &third, "--for", "3d"]).await;
    snoozed.expect(0);
    assert!(
        snoozed.stderr.contains("kept in the team store: the team sees it"),
        "{}",
        snoozed.stderr
    );

    // Nothing else ran in between: no dashboard, no `team status`.
    let store = pg::person(&url, "bob").await;
    let org = OrgName::new(&sim.orgs[0].name).unwrap();
    for (id, what) in [(&first, "handled"), (&second, "handled"), (&third, "snoozed")] {
        let history = store.history(&org, id.parse().unwrap()).await.unwrap();
        let whats: Vec<_> = history.iter().map(|h| (h.who.as_str(), h.what.as_str())).collect();
        assert_eq!(whats, [("ann", what)], "reply {id}");
    }
    let status = ann.run(&["team", "status"]).await;
    assert!(status.expect(0).stdout.contains("nothing waiting"), "{}", status.stdout);
}

#[test]
fn a_dashboard_holding_a_connection_from_before_the_outage_sends_its_next_mark_at_once() {
    let Some(mut outage) = Turn::take() else { return };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let url = runtime.block_on(async {
        let url = pg::fresh_database(outage.server()).await;
        TeamStore::init(&pg::target(&url, "ann"), &pg::no_keyring()).await.unwrap();
        url
    });
    let team = BlockingTeam::start(
        pg::target(&url, "ann"),
        pg::no_keyring(),
        Outbox::in_memory().unwrap(),
    )
    .unwrap();
    let scope = Scope::new("ann-profile", "https://api.example.com");
    team.bind(scope.clone(), pg::northwind());
    let at = Timestamp::parse("2026-03-02T09:00:00").unwrap();
    team.set_handled(&scope, &[(1, Some(at))], true).unwrap();
    assert_eq!(team.health().waiting, 0);

    // The held connection dies with the server; nothing is marked while it is down.
    outage.stop();
    outage.start();
    team.set_handled(&scope, &[(2, Some(at))], true).unwrap();
    assert_eq!(team.health().waiting, 0, "sent, not queued: {:?}", team.health());
    let history = runtime.block_on(async {
        pg::person(&url, "bob").await.history(&pg::northwind(), 2).await.unwrap()
    });
    assert_eq!(history.len(), 1, "{history:?}");
}
