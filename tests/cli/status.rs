//! `outreach status`: the summary against the simulator, `--check` both ways, retired bots
//! apart, and a check that could not see everything never passing as healthy.

use crate::common;

use chrono::{DateTime, Utc};
use common::cli::{Outreach, width};
use common::sim::{fault_rules, serve_raw_once, user_client};
use outreach_tui::bots::{Standing, standing};
use outreach_tui::sim::{self, SimOptions};
use outreach_tui::summary;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn check_fails_for_an_org_with_a_broken_bot_and_passes_for_a_healthy_one() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let northwind = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let globex = Outreach::new(&sim.base_url, &sim.orgs[1].admin_key);

    let broken = northwind.run(&["status", "--check"]).await;
    broken.expect(1);
    assert!(broken.stdout.contains("need attention"), "{}", broken.stdout);
    northwind.run(&["status", "--check", "--quiet"]).await.expect(1);
    assert!(northwind.run(&["status", "--check", "--quiet"]).await.stdout.is_empty());

    // Globex has a retired (INACTIVE) bot: gone on purpose, no reason for an alert.
    let healthy = globex.run(&["status", "--check"]).await;
    healthy.expect(0);
    assert!(healthy.stdout.contains("all healthy"), "{}", healthy.stdout);
    assert!(healthy.stdout.contains("1 retired"), "{}", healthy.stdout);
    assert!(healthy.stdout.contains(": retired (INACTIVE)"), "{}", healthy.stdout);
    assert!(!healthy.stdout.contains("attention"), "{}", healthy.stdout);

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
    let listed = |id: i64| run.stdout.lines().find(|l| l.starts_with(&format!("  #{id} ")));
    let of = |wanted: Standing| bots.items.iter().filter(move |bot| standing(bot) == wanted);
    let attention: Vec<_> = of(Standing::Attention).collect();
    assert!(!attention.is_empty());
    let headline = format!("{} need attention", attention.len());
    assert!(run.stdout.contains(&headline), "{headline}:\n{}", run.stdout);
    for bot in attention {
        assert!(listed(bot.id).is_some(), "bot {} missing:\n{}", bot.id, run.stdout);
    }
    for bot in of(Standing::Retired) {
        let line = listed(bot.id).unwrap_or_else(|| panic!("retired bot {} missing", bot.id));
        assert!(line.contains(": retired ("), "{line}");
    }
    for bot in of(Standing::Ending) {
        assert!(listed(bot.id).is_some_and(|l| l.contains(": ending")), "{}", run.stdout);
    }
    for bot in of(Standing::Healthy) {
        assert!(listed(bot.id).is_none(), "healthy bot {} listed", bot.id);
    }
    assert!(run.stdout.lines().any(|l| l.starts_with("Campaigns  ")), "{}", run.stdout);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("Replies    ") && l.contains("conversations replied in 7 days")),
        "{}",
        run.stdout
    );
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
    let mut json = run.json();
    // The inbox's numbers are held to `replies` and `todo` in `glance.rs`.
    let inbox = json.as_object_mut().unwrap().remove("inbox").expect("an inbox object");
    assert!(inbox["needs_you"].as_u64().is_some_and(|n| n > 0), "{inbox}");
    let now: DateTime<Utc> = serde_json::from_value(json["now"].clone()).unwrap();

    // The same computation over everything the API holds, at the instant the CLI reported
    // (TZ=UTC for the binary, so "today" is the UTC day here too, named by its offset as
    // the local zone is).
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
    let expected = summary::compute(
        &campaigns.items,
        &bots.items,
        &replies.items,
        &meetings.items,
        &now.fixed_offset(),
    );
    assert_eq!(json, serde_json::to_value(&expected).unwrap());
    assert!(expected.replies.last_7_days > 0, "the demo data has recent replies");
    assert!(expected.meetings.next.is_some(), "the demo data has an upcoming meeting");
    assert!(json.get("incomplete").is_none(), "nothing was left out");
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreadable_bot_is_said_in_words_and_blinds_the_check() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let globex = Outreach::new(&sim.base_url, &sim.orgs[1].admin_key);
    let healthy = json!({"id": 1, "email": "ok@globex.example", "status": "ACTIVE", "mailbox_status": "ACTIVE"});
    serve_raw_once(&sim, "/api/v1/bots", json!([healthy, {"id": "not a number"}])).await;

    let run = globex.run(&["status", "--check"]).await;
    run.expect(6);
    assert!(run.stderr.contains("1 bot could not be read and was left out"), "{}", run.stderr);
    assert!(run.stderr.contains("cannot say \"healthy\""), "{}", run.stderr);

    // Every bot unreadable: not "Bots 0, all healthy" with exit 0.
    serve_raw_once(&sim, "/api/v1/bots", json!(["junk", 7, {"id": null}])).await;
    let blind = globex.run(&["status", "--check", "--json"]).await;
    blind.expect(6);
    assert!(
        blind.stderr.contains("3 bots could not be read and were left out"),
        "{}",
        blind.stderr
    );
    assert_eq!(blind.json()["incomplete"][0]["part"], "bots");
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_part_that_cannot_be_loaded_is_named_and_the_check_exits_6() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let globex = Outreach::new(&sim.base_url, &sim.orgs[1].admin_key);
    let refusal = json!({"detail": "Organisation not found"});
    let rule = json!([{"kind": "raw", "path": "/api/v1/bots", "times": 2, "status": 404, "json": refusal}]);
    fault_rules(&sim, rule).await;

    let run = globex.run(&["status", "--check"]).await;
    run.expect(6);
    assert!(run.stderr.contains("bots could not be loaded"), "{}", run.stderr);
    assert!(run.stdout.contains("Bots       could not be loaded"), "{}", run.stdout);
    assert!(!run.stdout.contains("all healthy"), "{}", run.stdout);
    assert!(
        run.stdout.lines().any(|l| l.starts_with("Campaigns  3: ")),
        "the rest still shows:\n{}",
        run.stdout
    );

    // Without --check the command fails with the failure's own code (404: not found).
    globex.run(&["status"]).await.expect(5);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_organisation_without_bots_needs_attention_for_no_bot_can_send() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let vandelay = sim.orgs.iter().find(|org| org.name == "Vandelay").expect("Vandelay");
    assert!(user_client(&sim, &vandelay.admin_key).list_bots().await.unwrap().items.is_empty());
    let cli = Outreach::new(&sim.base_url, &vandelay.admin_key);

    let check = cli.run(&["status", "--check"]).await;
    check.expect(1);
    assert!(check.stdout.contains("Bots       none: no bot can send"), "{}", check.stdout);
    cli.run(&["status", "--check", "--quiet"]).await.expect(1);
    // Without --check it is said, but no failure.
    cli.run(&["status"]).await.expect(0);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn at_50_columns_the_text_wraps_and_keeps_every_number() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let json = cli.run(&["status", "--json"]).await.json();
    let run = cli.run_env(&["status"], &[("COLUMNS", "50")]).await;
    run.expect(0);
    for line in run.stdout.lines() {
        assert!(width(line) <= 50, "wider than 50 columns: {line:?}");
        // A bot's line gives way in its address, on purpose; every other line wraps.
        let bot = line.starts_with("  #");
        assert!(bot || !line.contains('…'), "cut instead of wrapped: {line:?}\n{}", run.stdout);
    }
    let text = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    let replies = &json["replies"];
    let said = format!(
        "{} conversations replied in 7 days, {} today",
        replies["last_7_days"], replies["today"]
    );
    assert!(text.contains(&said), "{said}:\n{}", run.stdout);
    let meetings = &json["meetings"];
    let said = format!("{} today, {} from now to", meetings["today"], meetings["next_7_days"]);
    assert!(text.contains(&said), "{said}:\n{}", run.stdout);
    sim.shutdown().await;
}
