//! Two people on the command line, one team store: `team init|status`, `replies handle`
//! recording who (the second told who was first), `assign`, `--mine`, `history`.

use super::pg;
use crate::common::cli::Outreach;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use serde_json::Value;

/// Someone's `outreach`, against the simulator's first organisation, with the team store.
pub(super) fn person(sim: &SimHandle, url: &str, me: &str) -> Outreach {
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    cli.write_config(&format!("[profiles.default.team]\ndatabase = \"{url}\"\nme = \"{me}\"\n"));
    cli
}

pub(super) fn ids(replies: &Value) -> Vec<i64> {
    replies.as_array().unwrap().iter().map(|reply| reply["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn two_people_share_handled_and_assigned_marks_through_the_cli() {
    let Some(url) = pg::database().await else { return };
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let (ann, bob) = (person(&sim, &url, "ann"), person(&sim, &url, "bob"));

    let status = bob.run(&["team", "status"]).await;
    status.expect(1);
    assert!(status.stdout.contains("outreach team init"), "{}", status.stdout);
    let init = ann.run(&["team", "init"]).await;
    init.expect(0);
    assert!(init.stdout.contains("created at schema version 1"), "{}", init.stdout);
    // Again, naming a teammate: a no-op for the tables; the organisation is named by the
    // inbox's bots, as no `organisation` is configured.
    let again = ann.run(&["team", "init", "--member", "carl"]).await;
    assert!(again.expect(0).stdout.contains("nothing to do"), "{}", again.stdout);
    assert!(again.stdout.contains("ann, carl"), "{}", again.stdout);

    let listed = ann.run(&["replies", "-o", "json"]).await;
    let number = ids(&listed.expect(0).json())[0];
    let id = number.to_string();
    ann.run(&["replies", "handle", &id]).await.expect(0);
    let second = bob.run(&["replies", "handle", &id]).await;
    second.expect(1);
    assert!(second.stderr.contains("ann handled this a moment ago"), "{}", second.stderr);
    let seen_by_bob = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
    let reply =
        seen_by_bob.as_array().unwrap().iter().find(|r| r["id"].as_i64() == Some(number)).unwrap();
    assert_eq!(
        (reply["handled"].as_bool(), reply["handled_by"].as_str()),
        (Some(true), Some("ann"))
    );

    let assigned = ann.run(&["replies", "assign", &id, "--to", "bob", "--yes"]).await;
    assert_eq!(assigned.expect(0).stdout, format!("{id} assigned to bob\n"));
    let unknown = ann.run(&["replies", "assign", &id, "--to", "zed", "--yes"]).await;
    unknown.expect(2);
    assert!(
        unknown.stderr.contains("not in the team") && unknown.stderr.contains("ann, bob"),
        "{}",
        unknown.stderr
    );
    let mine = bob.run(&["replies", "--mine", "-o", "json"]).await.expect(0).json();
    assert_eq!(ids(&mine), [number]);
    let not_mine = ann.run(&["replies", "--mine", "-o", "json"]).await.expect(0).json();
    assert!(ids(&not_mine).is_empty());
    let unassigned = ann.run(&["replies", "--unassigned", "-o", "json"]).await.expect(0).json();
    assert!(!ids(&unassigned).contains(&number));

    let history = ann.run(&["replies", "history", &id]).await;
    let lines: Vec<&str> = history.expect(0).stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].ends_with("ann  handled") && lines[1].ends_with("ann  assigned to bob"),
        "{lines:?}"
    );

    let status = bob.run(&["team", "status"]).await;
    status.expect(0);
    for said in
        ["Answers:      yes", "Schema:       version 1", "ann, bob", "nothing waiting", &url]
    {
        assert!(status.stdout.contains(said), "{said}: {}", status.stdout);
    }
}
