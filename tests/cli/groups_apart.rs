//! Every count of replies is the same on a server that keeps meeting-booked apart (the
//! replied group without MEETING_BOOKED, the simulator's `meeting_booked_apart`) as on one
//! whose replied group holds them: `report`, `campaigns show`, `bots show`, `status`'
//! Replies line, `digest`, `brief`, and the dashboard's Overview and results read both
//! groups, each exchange once, as the inbox does.

use crate::common;

use common::cli::Outreach;
use common::{info, settings};
use outreach_tui::api::{Client, ClientOptions};
use outreach_tui::results::Results;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use outreach_tui::summary::OrgSummary;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::model::ConnectionInfo;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use serde_json::Value;
use std::collections::VecDeque;

/// Two simulators with the same data, one serving the groups apart.
async fn both() -> (SimHandle, SimHandle) {
    let options = SimOptions { anchor: Some(chrono::Utc::now()), ..common::sim::options() };
    let nested = sim::spawn(options.clone()).await.unwrap();
    let apart = sim::spawn(SimOptions { meeting_booked_apart: true, ..options }).await.unwrap();
    (nested, apart)
}

/// What `args` prints on each server: on the one whose groups nest, then apart.
async fn on_both(sims: &(SimHandle, SimHandle), args: &[&str]) -> (String, String) {
    let mut said = Vec::new();
    for sim in [&sims.0, &sims.1] {
        let run = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key).run(args).await;
        run.expect(0);
        said.push(run.stdout.clone());
    }
    (said.remove(0), said.remove(0))
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_results_count_booked_replies_whichever_way_the_server_reads_the_groups() {
    let sims = both().await;
    let booked = |rows: &Value| -> u64 {
        rows.as_array().unwrap().iter().map(|row| row["replies"].as_u64().unwrap()).sum()
    };
    for args in
        [&["report", "-o", "json"][..], &["report", "--by", "bot", "--since", "-90d", "-o", "json"]]
    {
        let (nested, apart) = on_both(&sims, args).await;
        assert!(booked(&json(&nested)) > 0, "{args:?}: replies counted");
        assert_eq!(json(&apart), json(&nested), "{args:?}: apart, then nested");
    }
    let report = json(&on_both(&sims, &["report", "-o", "json"]).await.0);
    let campaign = report[0]["id"].as_i64().unwrap().to_string();
    let (nested, apart) = on_both(&sims, &["campaigns", "show", &campaign]).await;
    assert_eq!(apart, nested, "campaigns show {campaign}");
    let by_bot = json(&on_both(&sims, &["report", "--by", "bot", "-o", "json"]).await.0);
    let bot = by_bot[0]["id"].as_i64().unwrap().to_string();
    let (nested, apart) = on_both(&sims, &["bots", "show", &bot]).await;
    assert_eq!(apart, nested, "bots show {bot}");
}

#[tokio::test(flavor = "multi_thread")]
async fn status_digest_and_brief_count_booked_replies_whichever_way_the_server_reads_the_groups() {
    let sims = both().await;
    let (nested, apart) = on_both(&sims, &["status", "--json"]).await;
    let (nested, apart) = (json(&nested), json(&apart));
    assert!(nested["replies"]["last_7_days"].as_u64().unwrap() > 0, "{nested}");
    assert_eq!(apart["replies"], nested["replies"], "status --json: replies");
    assert_eq!(apart["inbox"], nested["inbox"], "status --json: inbox");
    let (nested, apart) = on_both(&sims, &["digest", "--since", "-7d"]).await;
    assert_eq!(apart, nested, "digest --since -7d");
    let (nested, apart) = on_both(&sims, &["brief", "-o", "json"]).await;
    assert_eq!(json(&apart), json(&nested), "brief -o json");
}

/// The dashboard connected to `sim`, every fetch of the Overview run with the real client as
/// the runner runs it: its summary of the last days (the Replies headline and bars) and the
/// results of its range (the chart, the Campaigns and Bots panes).
async fn dashboard(sim: &SimHandle) -> (OrgSummary, Results) {
    let key = &sim.orgs[0].admin_key;
    let client = Client::new(&sim.base_url, key, ClientOptions::default()).unwrap();
    let mut state = AppState::new(settings(Theme::default()), 100, 30, chrono::Utc::now());
    let info = ConnectionInfo { base_url: sim.base_url.clone(), ..info() };
    let mut queue: VecDeque<Effect> = update(&mut state, Action::Connected(Ok(info))).into();
    while let Some(effect) = queue.pop_front() {
        if let Effect::Fetch(fetch) = effect {
            let answer = fetch.perform(client.clone()).await;
            queue.extend(update(&mut state, answer));
        }
    }
    let store = &state.org.store;
    assert!(store.recent_replies.data.is_some() && store.range_replies.data.is_some());
    let summary = outreach_tui::summary::compute(
        store.campaigns.items(),
        store.bots.items(),
        store.recent_replies.items(),
        store.upcoming_meetings.items(),
        &state.env.now,
    );
    (summary, state.org.results.clone())
}

#[tokio::test(flavor = "multi_thread")]
async fn the_overview_and_the_results_panes_count_booked_replies_whichever_way_the_groups_are_read()
{
    let sims = both().await;
    let (nested, apart) = (dashboard(&sims.0).await, dashboard(&sims.1).await);
    assert!(nested.0.replies.last_7_days > 0, "replies in the last days");
    assert_eq!(apart.0.replies, nested.0.replies, "the Overview's Replies, apart then nested");
    assert!(nested.1 != Results::default(), "results counted");
    assert_eq!(apart.1, nested.1, "the range's results, apart then nested");
}
