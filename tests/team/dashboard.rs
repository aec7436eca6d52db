//! The dashboard on a team store, the real binary in a terminal: a teammate's assignment
//! and handled mark show within moments, with who; the whose view lists mine; the assign
//! list sends one to a teammate; each person's share reads the same on the Overview and in
//! `outreach team status`.

use super::pg;
use crate::common::cli::Outreach;
use crate::common::home::Isolated;
use crate::common::pty::Pty;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use std::time::Duration;

/// Long enough for a slow machine; the marks are read every second.
const SHOWN: Duration = Duration::from_secs(20);

/// Bob on the command line and Ann's dashboard in a terminal, on the Exchanges pane, one team
/// store at `url` (its schema made by Bob, Ann in the team); the replies as Bob lists them,
/// newest first, with their contacts' first names. Bind every field: the simulator and the
/// home must live as long as the test.
struct Two {
    _sim: SimHandle,
    _home: Isolated,
    bob: Outreach,
    ann: Pty,
    replies: Vec<(i64, String)>,
}

async fn two_people(url: &str) -> Two {
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let team = format!("[profiles.default.team]\ndatabase = \"{url}\"\nme = \"{{me}}\"\n");
    let bob = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    bob.write_config(&team.replace("{me}", "bob"));
    bob.run(&["team", "init", "--member", "ann"]).await.expect(0);
    let listed = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
    let replies = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_i64().unwrap(), r["contact"]["first_name"].as_str().unwrap().into()))
        .collect();
    // One reply Bob's before Ann starts: once her dashboard shows it, it has read the team's
    // marks, and what Bob does next reaches her as a change (with its toast), never as the
    // state she started from. Then it is nobody's again, as the tests expect to begin.
    let known = listed.as_array().unwrap()[3]["id"].as_i64().unwrap().to_string();
    bob.run(&["replies", "assign", &known, "--to", "bob", "--yes"]).await.expect(0);
    let home = Isolated::new();
    home.write_config(&format!(
        "[profiles.default]\nbase_url = \"{}\"\n{}",
        sim.base_url,
        team.replace("{me}", "ann")
    ));
    let key = sim.orgs[0].admin_key.expose().to_string();
    let mut ann = Pty::spawn_in(&home, &[], 120, 40, &[("OUTREACH_API_KEY", &key)]);
    ann.wait_for("campaigns in all");
    ann.send("3");
    ann.wait_for("Team");
    ann.wait_for("→ bob");
    bob.run(&["replies", "assign", &known, "--nobody", "--yes"]).await.expect(0);
    ann.wait_until("the reply nobody's again", SHOWN, |s| !s.contains("→ bob"));
    Two { _sim: sim, _home: home, bob, ann, replies }
}

// Many threads: the simulator answers while the test waits on the terminal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teammates_marks_reach_the_open_dashboard_and_assignments_go_both_ways() {
    let Some(url) = pg::database().await else { return };
    let Two { _sim, _home, bob, mut ann, replies } = two_people(&url).await;
    let (first, second) = (replies[0].0.to_string(), replies[1].0.to_string());

    bob.run(&["replies", "assign", &first, "--to", "ann", "--yes"]).await.expect(0);
    let screen = ann.wait_until("the assignment", SHOWN, |s| s.contains("→ you"));
    assert!(screen.contains("bob assigned"), "a toast says who: {screen}");
    bob.run(&["replies", "handle", &second]).await.expect(0);
    let screen = ann.wait_until("bob's handled mark", SHOWN, |s| s.contains("bob handled"));
    assert!(screen.contains(&replies[1].1), "the toast names whose reply: {screen}");

    ann.send("W");
    ann.wait_until("only mine", SHOWN, |s| s.contains("Exchanges 1 of") && s.contains("mine [W]"));
    ann.send("WW");
    ann.wait_until("everyone's again", SHOWN, |s| !s.contains("[W]"));
    // The unassigned view moved the selection off the reply assigned to ann; back up to it.
    // The assign list: ann (me) first, then bob; `2` gives the reply in view to bob.
    ann.send("k@");
    // The whole list, not a frame half drawn.
    ann.wait_until("the assign list", SHOWN, |s| {
        s.contains("nobody") && s.contains("ann (me)") && s.contains("Now assigned to you")
    });
    ann.send("2");
    ann.wait_until("the assignment to bob", SHOWN, |s| s.contains("assigned to bob"));
    let mine = bob.run(&["replies", "--mine", "-o", "json"]).await.expect(0).json();
    let mine: Vec<i64> =
        mine.as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert_eq!(mine, [replies[0].0], "the dashboard's assignment is in the store");

    // One count of each person's share, on the Overview and on the command line.
    let status = bob.run(&["team", "status"]).await.expect(0).stdout.clone();
    assert!(status.contains("bob: 1 handled today · 1 assigned waiting"), "{status}");
    assert!(status.contains("ann: 0 handled today · 0 assigned waiting"), "{status}");
    ann.send("1!");
    // A person's row of the team's shares: its two counts, from the line that names them
    // as a whole word (a reply's contact may be called Bobby).
    fn row(screen: &str, who: &str) -> Vec<String> {
        let named = |line: &&str| line.split_whitespace().any(|word| word == who);
        let line = screen.lines().filter(|line| line.contains("│")).find(named).unwrap_or_default();
        let counts = line.split_whitespace().filter(|word| word.parse::<usize>().is_ok());
        counts.take(2).map(str::to_string).collect()
    }
    // Both rows drawn (a frame can be read while it is still being written), with the
    // assignment made a moment ago: the marks are read again as soon as it is answered.
    let screen = ann.wait_until("the team's shares", SHOWN, |s| {
        s.contains("done today") && row(s, "bob") == ["1", "1"] && row(s, "(you)").len() == 2
    });
    assert_eq!(row(&screen, "bob"), ["1", "1"], "{screen}");
    assert_eq!(row(&screen, "(you)"), ["0", "0"], "{screen}");
    ann.send("\x1b");
    ann.wait_until("the panel closed", SHOWN, |s| !s.contains("done today"));
    ann.send("q");
    assert_eq!(ann.exit_code(Duration::from_secs(10)), 0);
}

/// The store stops while a dashboard and the command line work: the dashboard says it is
/// offline with its marks waiting, both keep marking, and when the server is back every
/// mark is in the store exactly once (its history one row each).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn marks_made_in_the_dashboard_and_the_cli_during_an_outage_arrive_once() {
    let Some(mut outage) = super::outage::Turn::take() else { return };
    let url = pg::fresh_database(outage.server()).await;
    let Two { _sim, _home, bob, mut ann, replies } = two_people(&url).await;
    let ids: Vec<String> = replies.iter().map(|(id, _)| id.to_string()).collect();

    outage.stop();
    // The first row is the newest reply: ids[0].
    ann.send("e");
    ann.wait_until("the outbox in the status bar", SHOWN, |s| {
        s.contains("team store offline · 1 mark waiting")
    });
    let queued = bob.run(&["replies", "handle", &ids[2]]).await;
    queued.expect(0);
    assert!(queued.stderr.contains("The team store does not answer"), "{}", queued.stderr);

    outage.start();
    ann.wait_until("the store back", Duration::from_secs(30), |s| !s.contains("offline"));
    bob.run(&["team", "status"]).await.expect(0);
    for (id, who) in [(&ids[0], "ann"), (&ids[2], "bob")] {
        let history = bob.run(&["replies", "history", id]).await.expect(0).stdout.clone();
        let lines: Vec<&str> = history.lines().collect();
        assert_eq!(lines.len(), 1, "one row for reply {id}: {history}");
        assert!(lines[0].contains(&format!("{who}  handled")), "{history}");
    }
    ann.send("q");
    assert_eq!(ann.exit_code(Duration::from_secs(10)), 0);
}
