//! `outreach status`: the summary against the simulator, and `--check` both ways.

mod common;

use chrono::{DateTime, Utc};
use common::cli::{Outreach, width};
use common::sim::user_client;
use outreach_tui::sim::{self, SimOptions};
use outreach_tui::summary;

#[tokio::test(flavor = "multi_thread")]
async fn check_fails_for_an_org_with_a_broken_bot_and_passes_for_a_healthy_one() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let northwind = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let globex = Outreach::new(&sim.base_url, &sim.orgs[1].admin_key);

    let broken = northwind.run(&["status", "--check"]).await;
    broken.expect(1);
    assert!(broken.stdout.contains("attention:"), "{}", broken.stdout);
    northwind.run(&["status", "--check", "--quiet"]).await.expect(1);
    assert!(northwind.run(&["status", "--check", "--quiet"]).await.stdout.is_empty());

    let healthy = globex.run(&["status", "--check"]).await;
    healthy.expect(0);
    assert!(healthy.stdout.contains("all healthy"), "{}", healthy.stdout);

    // Without --check, attention is reported but is no failure.
    northwind.run(&["status"]).await.expect(0);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_text_fits_80_columns_and_names_each_bot_needing_attention() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let bots = user_client(&sim, key).list_bots().await.unwrap();

    let run = cli.run(&["status"]).await;
    run.expect(0);
    for line in run.stdout.lines() {
        assert!(width(line) <= 80, "wider than 80 columns: {line:?}");
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
    let broken: Vec<_> = bots.items.iter().filter(|bot| !bot.problems().is_empty()).collect();
    assert!(!broken.is_empty());
    for bot in broken {
        assert!(
            run.stdout.contains(&format!("  #{} ", bot.id)),
            "bot {} missing:\n{}",
            bot.id,
            run.stdout
        );
    }
    for bot in bots.items.iter().filter(|bot| bot.problems().is_empty()) {
        assert!(!run.stdout.contains(&format!("  #{} ", bot.id)), "healthy bot {} listed", bot.id);
    }
    assert!(run.stdout.lines().any(|l| l.starts_with("Campaigns  ")), "{}", run.stdout);
    assert!(run.stdout.lines().any(|l| l.starts_with("Replies    ")), "{}", run.stdout);
    assert!(run.stdout.lines().any(|l| l.starts_with("Meetings   ")), "{}", run.stdout);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn json_matches_the_summary_of_what_the_api_holds() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);

    let run = cli.run(&["status", "--json"]).await;
    run.expect(0);
    let json = run.json();
    let now: DateTime<Utc> = serde_json::from_value(json["now"].clone()).unwrap();

    // The same computation over everything the API holds, at the instant the CLI reported
    // (TZ=UTC for the binary, so "today" is the UTC day here too).
    let campaigns = api.list_campaigns().await.unwrap();
    let bots = api.list_bots().await.unwrap();
    let replies = api
        .list_exchanges(&outreach_tui::api::ExchangeQuery {
            group: Some(outreach_tui::api::ExchangeGroup::Replied),
            ..Default::default()
        })
        .await
        .unwrap();
    let meetings = api.list_meetings(&Default::default()).await.unwrap();
    let expected =
        summary::compute(&campaigns.items, &bots.items, &replies.items, &meetings.items, &now);
    assert_eq!(json, serde_json::to_value(&expected).unwrap());
    assert!(expected.replies.last_7d > 0, "the demo data has recent replies");
    assert!(expected.meetings.next.is_some(), "the demo data has an upcoming meeting");
    sim.shutdown().await;
}
