//! `outreach brief` as cron runs it, against the simulator over loopback: nothing to say
//! before a last look, `--mark-seen` starts one, a reply forced and a campaign started after
//! it are told (by category, the hot reply named; the campaign's status change), reading
//! does not move the last look, and `--since` says when it cannot go back that far.

use crate::common;

use common::cli::Outreach;
use common::sim::{admin, user_client};
use outreach_tui::api::{CampaignStatus, ExchangeGroup, ExchangeQuery, ExchangeStatus};
use outreach_tui::sim::{self, SimOptions};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_and_a_campaign_started_since_the_last_look_are_told_until_it_moves() {
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let outreach = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);

    let first = outreach.run(&["brief"]).await;
    first.expect(0);
    assert_eq!(first.stdout, "", "no last look yet: nothing to compare");
    assert!(first.stderr.contains("No last look yet"), "{}", first.stderr);
    let json: Value =
        serde_json::from_str(&outreach.run(&["brief", "-o", "json"]).await.stdout).unwrap();
    assert_eq!(json["brief"], Value::Null, "{json}");

    let seen = outreach.run(&["brief", "--mark-seen"]).await;
    seen.expect(0);
    assert!(seen.stderr.contains("Last look moved to now"), "{}", seen.stderr);
    let quiet = outreach.run(&["brief"]).await;
    quiet.expect(0);
    assert!(quiet.stdout.ends_with("Nothing changed.\n"), "{}", quiet.stdout);

    let api = user_client(&sim, &sim.orgs[0].admin_key);
    let replied = ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() };
    let exchanges = api.list_exchanges(&replied).await.unwrap().items;
    let target = exchanges
        .iter()
        .find(|e| e.status == ExchangeStatus::AwaitingReply)
        .expect("a conversation waits for the contact");
    let body = json!({"exchange_id": target.id, "status": "INFO_INQUIRY"});
    admin(&sim, "POST", "/_sim/replies", Some(body)).await;
    let campaigns = api.list_campaigns().await.unwrap().items;
    let pending = campaigns.iter().find(|c| c.status == CampaignStatus::Pending);
    let started = pending.expect("the seed has a campaign to start").id;
    api.start_campaign(started).await.unwrap();

    let told = outreach.run(&["brief", "-o", "json"]).await;
    told.expect(0);
    let json: Value = serde_json::from_str(&told.stdout).unwrap();
    let brief = &json["brief"];
    assert_eq!(json["from"], "last-look", "{json}");
    let interested =
        brief["replies"].as_array().unwrap().iter().find(|c| c["category"] == "Interested");
    assert!(interested.is_some_and(|c| c["count"].as_u64() >= Some(1)), "{json}");
    let hot = brief["hot"].as_array().unwrap();
    let named = hot.iter().find(|reply| reply["exchange_id"] == target.id).expect("named");
    let contact = named["contact"].as_str().unwrap();
    assert!(!contact.is_empty());
    let changes = brief["campaigns"].as_array().unwrap();
    let change = changes.iter().find(|c| c["id"] == started).expect("the campaign started");
    assert_eq!((change["from"].as_str(), change["to"].as_str()), (Some("PENDING"), Some("ACTIVE")));
    assert!(change["name"].as_str().is_some_and(|name| !name.is_empty()), "{change}");

    let text = outreach.run(&["brief"]).await;
    text.expect(0);
    assert!(text.stdout.contains("Since "), "{}", text.stdout);
    assert!(text.stdout.contains(&format!("Interested · {contact}")), "{}", text.stdout);
    assert!(!text.stdout.contains('\u{1b}'), "no terminal, no escapes");

    // Only --mark-seen moves the last look: read twice, told twice; then nothing.
    let again = outreach.run(&["brief"]).await;
    assert_eq!(again.stdout, text.stdout);
    outreach.run(&["brief", "--mark-seen"]).await.expect(0);
    assert!(outreach.run(&["brief"]).await.stdout.ends_with("Nothing changed.\n"));

    // Kept snapshots are all from the last minutes: 2 days back cannot be reached, and is said.
    let back = outreach.run(&["brief", "--since", "2d"]).await;
    back.expect(0);
    assert!(back.stderr.contains("Nothing kept goes back to"), "{}", back.stderr);
    let wrong = outreach.run(&["brief", "--since", "soon"]).await;
    wrong.expect(2);
    assert!(wrong.stderr.contains("use 8h, 30m, 2d"), "{}", wrong.stderr);
}
