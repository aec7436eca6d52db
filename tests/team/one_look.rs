//! One look at an organisation, the same numbers on every surface. One data set — the
//! simulator keeping meeting-booked apart, a team store on a real PostgreSQL shared by Ann
//! and Bob with both people's handled and assigned marks, absence notices (one back today,
//! one away for days), an opt-out, a snoozed reply — and, for Ann, every surface compared
//! with `status --json`: `todo -o json`, the glance each command keeps (`status --format
//! json`), `watch --once -o json`, `brief -o json`, `digest`, `replies -o json` and the
//! dashboard in a terminal. A difference names the surface and the number.

use super::pg;
use super::surfaces::{self, Inbox, Mismatches};
use crate::common::cli::Outreach;
use crate::common::pty::Pty;
use crate::common::sim::admin;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use serde_json::{Value, json};
use std::time::Duration;

/// Long enough for a slow machine to read the team's marks and every hot reply's chain.
const COUNTED: Duration = Duration::from_secs(40);

/// Someone's command line on the simulator's first organisation with the team store.
fn person(sim: &SimHandle, url: &str, me: &str) -> Outreach {
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    cli.write_config(&format!(
        "[profiles.default]\nbase_url = \"{}\"\n[profiles.default.team]\ndatabase = \"{url}\"\nme = \"{me}\"\n",
        sim.base_url
    ));
    cli
}

/// A message arrives on `exchange` now (`POST /_sim/replies` with `body`'s fields).
pub(super) async fn arrive(sim: &SimHandle, exchange: i64, mut body: Value) -> i64 {
    body["exchange_id"] = json!(exchange);
    let arrival = admin(sim, "POST", "/_sim/replies", Some(body)).await;
    arrival["exchange_id"].as_i64().unwrap_or_else(|| panic!("no arrival: {arrival}"))
}

/// Replies in Ann's inbox that wait on the contact or are no hurry (neither hot nor an
/// opt-out), newest first: what the data set's messages arrive on.
pub(super) fn calm(replies: &Value) -> Vec<i64> {
    let calm = ["AWAITING_REPLY", "INFO_INQUIRY", "FOLLOWUP_LATER", "FOLLOWUP_SENT", "NURTURING"];
    let rows = replies.as_array().unwrap();
    let is_calm = |row: &&Value| calm.iter().any(|status| row["status"] == *status);
    rows.iter().filter(is_calm).map(|row| row["id"].as_i64().unwrap()).collect()
}

/// The data set: Ann has looked once (her baseline: the replies before it are not new, and
/// `brief` and `watch` tell what came after it), then replies arrive and both people mark
/// some. The moment of the baseline with it.
async fn data_set(url: &str) -> (SimHandle, Outreach, String) {
    let options = SimOptions { seed: 42, meeting_booked_apart: true, ..SimOptions::default() };
    let sim = sim::spawn(options).await.unwrap();
    let (ann, bob) = (person(&sim, url, "ann"), person(&sim, url, "bob"));
    bob.run(&["team", "init", "--member", "ann"]).await.expect(0);
    ann.run(&["status", "--json"]).await.expect(0);
    ann.run(&["brief", "--mark-seen"]).await.expect(0);
    ann.run(&["watch", "--once"]).await.expect(0);
    let baseline = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true);

    let before = ann.run(&["replies", "-o", "json"]).await.expect(0).json();
    let mut calm = calm(&before).into_iter();
    let mut next = || calm.next().expect("enough calm replies");
    let hot = json!({"status": "SCHEDULING_MEETING"});
    // New and hot; booked (the meeting-booked group only); an opt-out.
    arrive(&sim, next(), hot.clone()).await;
    arrive(&sim, next(), json!({"status": "MEETING_BOOKED"})).await;
    arrive(&sim, next(), json!({"status": "UNSUB_REQUEST"})).await;
    // Absence notices: one back today (new again), one away for ten days (quiet).
    arrive(&sim, next(), json!({"away": true, "back": "today"})).await;
    let later = chrono::Utc::now().date_naive() + chrono::Days::new(10);
    arrive(&sim, next(), json!({"away": true, "back": later.to_string()})).await;
    // Marks: Bob handles one and gives one to Ann; Ann handles one, gives one to Bob and
    // snoozes one.
    let bob_handles = arrive(&sim, next(), hot.clone()).await.to_string();
    let to_ann = arrive(&sim, next(), hot.clone()).await.to_string();
    let ann_handles = arrive(&sim, next(), hot.clone()).await.to_string();
    let to_bob = arrive(&sim, next(), hot.clone()).await.to_string();
    let snoozed = arrive(&sim, next(), hot).await.to_string();
    bob.run(&["replies", "handle", &bob_handles]).await.expect(0);
    bob.run(&["replies", "assign", &to_ann, "--to", "ann", "--yes"]).await.expect(0);
    ann.run(&["replies", "handle", &ann_handles]).await.expect(0);
    ann.run(&["replies", "assign", &to_bob, "--to", "bob", "--yes"]).await.expect(0);
    ann.run(&["replies", "snooze", &snoozed, "--for", "30d"]).await.expect(0);
    (sim, ann, baseline)
}

// Many threads: the simulator answers while the test waits on the terminal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_surface_counts_the_same_inbox_for_ann() {
    let Some(url) = pg::database().await else { return };
    let (sim, ann, baseline) = data_set(&url).await;
    let mut differ = Mismatches::default();

    let status = ann.run(&["status", "--json"]).await.expect(0).json();
    let truth = Inbox::of_status(&status["inbox"]);
    assert!(truth.whole, "status read every chain: {}", status["inbox"]);
    assert!(truth.new > 0 && truth.hot_waiting > 0 && truth.needs_you > 0, "{truth:?}");
    differ.check("the glance after status", &truth, &surfaces::glance(&ann).await);

    let todo = ann.run(&["todo", "-o", "json"]).await.expect(0).json();
    differ.check_needs("todo -o json", &truth, &surfaces::todo(&todo));
    differ.check("the glance after todo", &truth, &surfaces::glance(&ann).await);

    let replies = ann.run(&["replies", "-o", "json"]).await.expect(0).json();
    differ.check_inbox("replies -o json", &truth, &surfaces::replies(&replies));

    let brief = ann.run(&["brief", "-o", "json"]).await.expect(0).json();
    differ.same("brief -o json", "new replies", truth.new, surfaces::brief(&brief));

    let digest = ann.run(&["digest"]).await.expect(0).stdout.clone();
    let opt_outs = surfaces::opt_outs(&todo, "");
    differ.same("digest", "opt-outs pending", opt_outs, surfaces::digest_opt_outs(&digest));

    let watch = ann.run(&["watch", "--once", "-o", "json"]).await.expect(0).stdout.clone();
    let events = surfaces::watch_events(&watch);
    differ.same("watch --once -o json", "new replies", truth.new, events.replies);
    let since = surfaces::opt_outs(&todo, &baseline);
    differ.same(
        "watch --once -o json",
        "opt-outs pending since its last look",
        since,
        events.opt_outs,
    );
    differ.check("the glance after watch", &truth, &surfaces::glance(&ann).await);

    let key = sim.orgs[0].admin_key.expose().to_string();
    let mut dashboard = Pty::spawn_in(&ann.home, &[], 160, 40, &[("OUTREACH_API_KEY", &key)]);
    let line = surfaces::overview(&mut dashboard, &truth, COUNTED);
    differ.check("the dashboard's Overview", &truth, &line);
    dashboard.send("q");
    assert_eq!(dashboard.exit_code(Duration::from_secs(10)), 0);
    differ.check("the glance the dashboard kept", &truth, &surfaces::glance(&ann).await);
    differ.assert_none();
}
