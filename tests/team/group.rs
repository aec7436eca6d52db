//! A group's line counts with the team's marks, as `status --group` does: one profile of
//! the group has a team store on a real PostgreSQL, a hot reply arrives, Bob handles it on
//! his machine, and Ann's dashboard opened on the group counts it no longer waiting on her
//! line — the same numbers `status --profiles … --json` gives — though her own file never
//! heard of the mark.

use super::one_look::{arrive, calm};
use super::pg;
use crate::common::agency::{Agency, counted, numbers, row_of};
use crate::common::cli::Outreach;
use crate::common::pty::Pty;
use crate::common::sim::eventually;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use serde_json::{Value, json};
use std::time::Duration;

/// Long enough for a slow machine to read both organisations and the team's marks.
const READ: Duration = Duration::from_secs(40);

// Many threads: the simulator answers while the test waits on the terminal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teammates_handled_mark_lowers_the_group_line_as_it_lowers_status_group() {
    let Some(url) = pg::database().await else { return };
    let Agents { sim, agency, north, globex, bob } = agents(&url).await;

    // A hot reply arrives: it waits on North.
    let replies = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
    let hot = json!({"status": "SCHEDULING_MEETING"});
    let waiting = arrive(&sim, calm(&replies)[0], hot).await.to_string();
    let listed = format!("{north},{globex}");
    let hot_waiting = |entries: &[Value]| entries[0]["inbox"]["hot_waiting"].as_u64().unwrap();
    let before = hot_waiting(&status(&agency, &listed).await);
    assert!(before > 0, "the arrived reply waits on North");

    // Bob handles it: in the team store only, never in Ann's file.
    bob.run(&["replies", "handle", &waiting]).await.expect(0);
    let entries = status(&agency, &listed).await;
    assert_eq!(hot_waiting(&entries), before - 1, "status --group counts Bob's mark");

    let mut pty = Pty::spawn_in(&agency.home, &["--profiles", &listed], 160, 30, &[]);
    let profiles = [&north, &globex];
    let screen = pty.wait_until("both organisations' lines", READ, |s| {
        profiles.iter().all(|p| row_of(s, p).is_some_and(|row| !row.contains("reading")))
    });
    for (at, profile) in profiles.iter().enumerate() {
        let row = row_of(&screen, profile).unwrap();
        assert_eq!(numbers(row), counted(&entries[at]), "{profile}:\n{screen}");
    }
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

/// Two organisations on one simulator: Ann's North profile shares its marks through the
/// team store at `url` with Bob; Globex has none.
struct Agents {
    sim: SimHandle,
    agency: Agency,
    north: String,
    globex: String,
    bob: Outreach,
}

async fn agents(url: &str) -> Agents {
    let sim = sim::spawn(SimOptions { seed: 42, orgs: 2, ..SimOptions::default() }).await.unwrap();
    let mut agency = Agency::new();
    let north = agency.login("north", &sim.base_url, &sim.orgs[0].admin_key).await;
    let globex = agency.login("globex", &sim.base_url, &sim.orgs[1].admin_key).await;
    // Ann's North profile shares its marks through the team store; Globex has none.
    let config = std::fs::read_to_string(agency.home.config_path()).unwrap();
    agency.home.write_config(&format!(
        "{config}\n[profiles.{north}.team]\ndatabase = \"{url}\"\nme = \"ann\"\n"
    ));
    let bob = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    bob.write_config(&format!(
        "[profiles.default]\nbase_url = \"{}\"\n[profiles.default.team]\ndatabase = \"{url}\"\nme = \"bob\"\n",
        sim.base_url
    ));
    bob.run(&["team", "init", "--member", "ann"]).await.expect(0);
    Agents { sim, agency, north, globex, bob }
}

/// Ann's dashboard on Globex and North (Globex first: the panes connect to it, and North is
/// only a line and merged rows), once both lines are read: `keys` typed, then the merged
/// list filtered to North's rows.
fn north_merged(agency: &Agency, globex: &str, north: &str, keys: &str) -> Pty {
    let listed = format!("{globex},{north}");
    let mut pty = Pty::spawn_in(&agency.home, &["--profiles", &listed], 160, 30, &[]);
    pty.wait_until("both organisations' lines", READ, |s| {
        [globex, north].iter().all(|p| row_of(s, p).is_some_and(|row| !row.contains("reading")))
    });
    pty.send(keys);
    pty.send(&format!("/org:{north}\r"));
    pty
}

/// [`north_merged`], once the merged list shows North's rows only.
fn norths_rows_only(agency: &Agency, globex: &str, north: &str, keys: &str) -> Pty {
    let mut pty = north_merged(agency, globex, north, keys);
    pty.wait_until("north's rows only", READ, |s| {
        s.contains("filter: org:")
            // Above the status bar, which names the profile connected: Globex.
            && !s.lines().rev().skip(1).any(|line| line.contains(&globex[..12]))
    });
    pty
}

/// Waits until Bob's `replies -o json` says `field` of the reply `id` is `value`.
async fn bob_sees(bob: &Outreach, id: i64, field: &str, value: &str) {
    eventually(&format!("Bob sees {field} {value}"), || async {
        let rows = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
        let rows = rows.as_array().unwrap().clone();
        rows.iter().any(|row| row["id"] == id && row[field] == value)
    })
    .await;
}

/// `status --profiles LISTED --json`: an entry per organisation.
async fn status(agency: &Agency, listed: &str) -> Vec<Value> {
    let run = agency.run(&["status", "--profiles", listed, "--json"]).await;
    run.expect(0).json().as_array().unwrap().clone()
}

/// A reply handled on a merged row of an organisation the panes are not connected to goes to
/// that organisation's team store, where its line and its teammates read their marks from.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_handled_on_a_merged_row_reaches_its_organisations_team_store() {
    let Some(url) = pg::database().await else { return };
    let Agents { sim, agency, north, globex, bob } = agents(&url).await;
    let replies = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
    let waiting = arrive(&sim, calm(&replies)[0], json!({"status": "SCHEDULING_MEETING"})).await;

    let mut pty = norths_rows_only(&agency, &globex, &north, "3");
    // The reply that arrived is the newest: the cursor is on it.
    pty.send("e");
    pty.wait_until("the toast", READ, |s| s.contains(&format!("{north}: 1 reply marked handled")));
    bob_sees(&bob, waiting, "handled_by", "ann").await;
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

/// With a team store, the merged inbox's rows of that organisation say to whom a reply is
/// assigned, as the single inbox's team column does, and `z` on a reply handled there takes
/// the mark back in the team store, where Bob reads it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_merged_row_shows_its_teams_assignment_and_z_takes_a_handled_mark_back() {
    let Some(url) = pg::database().await else { return };
    let Agents { sim, agency, north, globex, bob } = agents(&url).await;
    let replies = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
    let waiting = arrive(&sim, calm(&replies)[0], json!({"status": "SCHEDULING_MEETING"})).await;
    let id = waiting.to_string();
    bob.run(&["replies", "assign", &id, "--to", "bob", "--yes"]).await.expect(0);

    // The list alone, its preview off: room for every column.
    let mut pty = north_merged(&agency, &globex, &north, "3p");
    // The reply that arrived is the newest: the cursor is on it, its team column says Bob's.
    pty.wait_until("north's rows, the team column", READ, |s| {
        s.contains("filter: org:")
            && s.contains("Team")
            && s.lines().any(|line| line.starts_with('›') && line.contains("→ bob"))
    });
    pty.send("e");
    pty.wait_until("the toast", READ, |s| s.contains(&format!("{north}: 1 reply marked handled")));
    let handled_by = || async {
        let rows = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
        let rows = rows.as_array().unwrap().clone();
        rows.iter().find(|row| row["id"] == waiting).map(|row| row["handled_by"].clone())
    };
    eventually("Bob sees Ann's mark", || async { handled_by().await == Some(json!("ann")) }).await;
    pty.send("z");
    pty.wait_until("the undo's toast", READ, |s| s.contains("undone: 1 reply marked handled"));
    eventually("Bob sees it taken back", || async {
        handled_by().await.is_some_and(|by| by.is_null())
    })
    .await;
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

/// `M` on a merged row of an organisation the panes are not connected to assigns the reply
/// to me in that organisation's team store, where Bob reads it; the toast names the
/// organisation first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn assign_on_a_merged_row_goes_to_its_organisations_team_store() {
    let Some(url) = pg::database().await else { return };
    let Agents { sim, agency, north, globex, bob } = agents(&url).await;
    let replies = bob.run(&["replies", "-o", "json"]).await.expect(0).json();
    let waiting = arrive(&sim, calm(&replies)[0], json!({"status": "SCHEDULING_MEETING"})).await;

    let mut pty = norths_rows_only(&agency, &globex, &north, "3p");
    // The reply that arrived is the newest: the cursor is on it.
    pty.send("M");
    pty.wait_until("the toast", READ, |s| s.contains(&format!("{north}: 1 reply assigned to you")));
    bob_sees(&bob, waiting, "assigned_to", "ann").await;
    pty.wait_until("the row says it", READ, |s| {
        s.lines().any(|line| line.starts_with('›') && line.contains("→ you"))
    });
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}
