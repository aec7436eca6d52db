//! `replies assign` while the store is away: the assignment waits in the outbox (and `team
//! status` counts it), is taken when the store is back unless someone changed the reply's
//! assignment after it was made — then the one who made it is told who was first.

use super::cli::{ids, person};
use super::outage::Turn;
use super::pg;
use outreach_tui::sim::{self, SimOptions};
use outreach_tui::team::OrgName;

#[tokio::test]
async fn an_assignment_made_while_the_store_is_away_waits_and_a_later_change_wins() {
    let Some(mut outage) = Turn::take() else { return };
    let url = pg::fresh_database(outage.server()).await;
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let (ann, bob) = (person(&sim, &url, "ann"), person(&sim, &url, "bob"));
    ann.run(&["team", "init", "--member", "bob", "--member", "carl", "--member", "dora"])
        .await
        .expect(0);
    let listed = ids(&ann.run(&["replies", "-o", "json"]).await.expect(0).json());
    let [free, contested, quiet] = [listed[0], listed[1], listed[2]].map(|id| id.to_string());
    // Assigned before the outage, and left alone: ann's blind assignment replaces it.
    bob.run(&["replies", "assign", &quiet, "--to", "carl", "--yes"]).await.expect(0);
    bob.run(&["replies", "assign", &contested, "--to", "carl", "--yes"]).await.expect(0);

    outage.stop();
    let queued = ann.run(&["replies", "assign", &free, "--to", "bob", "--yes"]).await;
    assert_eq!(queued.expect(0).stdout, format!("{free} assigned to bob\n"));
    assert!(
        queued.stderr.contains(
            "team store offline: the assignment to bob waits in this machine's outbox and is sent when the store is back"
        ),
        "{}",
        queued.stderr
    );
    ann.run(&["replies", "assign", &contested, "--to", "dora", "--yes"]).await.expect(0);
    ann.run(&["replies", "assign", &quiet, "--to", "dora", "--yes"]).await.expect(0);
    let away = ann.run(&["team", "status"]).await;
    assert!(away.expect(1).stdout.contains("Outbox:       3 marks waiting"), "{}", away.stdout);

    outage.start();
    // Bob changes the contested reply after ann's assignment was made, before it is sent.
    bob.run(&["replies", "assign", &contested, "--to", "bob", "--yes"]).await.expect(0);
    let back = ann.run(&["team", "status"]).await;
    back.expect(0);
    for said in [
        "Outbox:       sent 2 marks that waited, 1 not taken:".to_string(),
        format!("reply {contested} was not taken: bob assigned this to bob a moment ago"),
    ] {
        assert!(back.stdout.contains(&said), "{said}: {}", back.stdout);
    }
    let again = ann.run(&["team", "status"]).await;
    assert!(again.expect(0).stdout.contains("nothing waiting"), "{}", again.stdout);

    let store = pg::person(&url, "carl").await;
    let org = OrgName::new(&sim.orgs[0].name).unwrap();
    let marks = store.marks(&org).await.unwrap();
    let to = |id: &str| {
        let id: i64 = id.parse().unwrap();
        marks[&id].assigned.as_ref().map(|assigned| (assigned.to.clone(), assigned.by.clone()))
    };
    assert_eq!(to(&free), Some(("bob".into(), "ann".into())));
    assert_eq!(to(&contested), Some(("bob".into(), "bob".into())), "the later change stands");
    assert_eq!(to(&quiet), Some(("dora".into(), "ann".into())));
    let history = store.history(&org, contested.parse().unwrap()).await.unwrap();
    let whats: Vec<_> =
        history.iter().map(|h| (h.who.as_str(), h.assigned_to.as_deref())).collect();
    assert_eq!(whats, [("bob", Some("carl")), ("bob", Some("bob"))], "ann's was never taken");
}
