//! `outreach todo` as cron runs it, against the simulator: the opt-outs it lists are the
//! replies asking to stop whose contact the contact list does not mark do-not-contact
//! (counted here from the API's own lists), one stays handled until its address is added,
//! and `--check`
//! fails while something is due.

use crate::common;

use common::cli::Outreach;
use common::sim::user_client;
use outreach_tui::api::{ExchangeGroup, ExchangeQuery, ExchangeStatus};
use outreach_tui::sim::{self, SimOptions};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

#[tokio::test(flavor = "multi_thread")]
async fn opt_outs_not_on_the_dnc_list_are_listed_until_their_address_is_added() {
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let outreach = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let api = user_client(&sim, &sim.orgs[0].admin_key);
    let dnc: HashMap<i64, bool> =
        api.list_contacts().await.unwrap().items.iter().map(|c| (c.id, c.dnc)).collect();
    let mut expected = HashSet::new();
    for group in [ExchangeGroup::Replied, ExchangeGroup::MeetingBooked] {
        let query = ExchangeQuery { group: Some(group), ..ExchangeQuery::default() };
        for exchange in api.list_exchanges(&query).await.unwrap().items.iter() {
            let asked =
                matches!(exchange.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink);
            if asked && !dnc.get(&exchange.contact.id).copied().unwrap_or(false) {
                expected.insert(exchange.id);
            }
        }
    }
    assert!(!expected.is_empty(), "the seeded data has opt-outs to honour");

    let opt_outs = |items: &Value| -> HashSet<i64> {
        let items = items.as_array().unwrap();
        items
            .iter()
            .filter(|item| item["kind"] == "opt-out")
            .map(|item| item["subject"]["exchange"].as_i64().unwrap())
            .collect()
    };
    let listed = outreach.run(&["todo", "-o", "json"]).await;
    let items = listed.expect(0).json();
    assert_eq!(opt_outs(&items), expected);
    let first = items.as_array().unwrap().iter().find(|i| i["kind"] == "opt-out").unwrap();
    assert!(first["task"].as_str().unwrap().ends_with("to do not contact"), "{first}");
    assert!(first["due"].as_str().is_some(), "an opt-out has a deadline: {first}");

    // Handled on this machine, the address is still not blocked: the item stays.
    let handled = first["subject"]["exchange"].as_i64().unwrap();
    outreach.run(&["replies", "handle", &handled.to_string()]).await.expect(0);
    let after = outreach.run(&["todo", "-o", "json"]).await;
    assert_eq!(opt_outs(&after.expect(0).json()), expected);
    // On the do-not-contact list, it leaves.
    let address = first["address"].as_str().unwrap();
    outreach.run(&["dnc", "add-emails", address]).await.expect(0);
    let after = outreach.run(&["todo", "-o", "json"]).await;
    let mut left = expected.clone();
    left.remove(&handled);
    assert_eq!(opt_outs(&after.expect(0).json()), left);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_check_fails_while_something_is_due_and_says_how_many() {
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let outreach = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let run = outreach.run(&["todo", "--check", "--quiet"]).await;
    run.expect(1);
    assert!(run.stdout.is_empty(), "--quiet prints nothing: {}", run.stdout);
    assert!(run.stderr.contains("due (of"), "{}", run.stderr);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_opt_out_not_checked_against_the_list_is_never_due_nor_told_as_a_fact() {
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let outreach = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    // Only opt-outs left to be due: every other item is handled on this machine.
    let items = outreach.run(&["todo", "-o", "json"]).await.expect(0).json();
    let others: Vec<String> = items
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["kind"] != "opt-out")
        .filter_map(|item| item["subject"]["exchange"].as_i64())
        .map(|id| id.to_string())
        .collect();
    if !others.is_empty() {
        let mut args = vec!["replies", "handle"];
        args.extend(others.iter().map(String::as_str));
        outreach.run(&args).await.expect(0);
    }
    outreach.run(&["todo", "--check", "--quiet"]).await.expect(1);

    // What the contact list said is remembered for minutes: a machine that has not read
    // it yet meets the failure.
    std::fs::remove_file(outreach.path("state/outreach/observed.sqlite3")).unwrap();
    for side in ["observed.sqlite3-wal", "observed.sqlite3-shm"] {
        let _ = std::fs::remove_file(outreach.path(&format!("state/outreach/{side}")));
    }
    common::sim::faults(&sim, "500@GET:/api/v1/contacts").await;
    let run = outreach.run(&["todo", "-o", "json"]).await;
    let items = run.expect(0).json();
    let opt_outs: Vec<&Value> =
        items.as_array().unwrap().iter().filter(|item| item["kind"] == "opt-out").collect();
    assert!(!opt_outs.is_empty());
    for item in &opt_outs {
        assert_eq!(item["unchecked"], true, "{item}");
        assert!(item["due"].is_null(), "an unchecked opt-out is never due: {item}");
        let why = item["why"].as_str().unwrap();
        assert!(!why.contains("is not on the do-not-contact list"), "{why}");
        assert!(why.contains("not checked"), "{why}");
    }
    assert!(run.stderr.contains("contact list could not be read"), "{}", run.stderr);

    let check = outreach.run(&["todo", "--check"]).await;
    check.expect(6);
    assert!(
        check.stderr.contains("not checked against the do-not-contact list"),
        "{}",
        check.stderr
    );
    assert!(!check.stderr.contains("due (of"), "{}", check.stderr);
    let table = outreach.run(&["todo", "-o", "table"]).await;
    assert!(!table.stdout.contains("is not on the do-not-contact list"), "{}", table.stdout);
}
