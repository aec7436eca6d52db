//! `outreach watch --once` as cron runs it, against the simulator over loopback: the first
//! look announces nothing, a reply forced in between is announced once (a line on stdout,
//! its hook run with the event and without the key), a failing hook is said and the run
//! still succeeds, and the next look announces nothing again.

use crate::common;

use common::cli::Outreach;
use common::sim::{admin, user_client};
use outreach_tui::api::{ExchangeGroup, ExchangeQuery, ExchangeStatus};
use outreach_tui::sim::{self, SimOptions};
use serde_json::{Value, json};

fn lines_of(text: &str) -> Vec<Value> {
    text.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_forced_between_two_looks_is_announced_once_and_its_hook_run_once() {
    let sim = sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap();
    let outreach = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let log = outreach.path("replies.log");
    outreach.write_config(&format!(
        "[hooks]\n\
         reply_received = 'echo \"$OUTREACH_EVENT $OUTREACH_EXCHANGE_ID $OUTREACH_CATEGORY ${{OUTREACH_API_KEY:-no-key}}\" >> {log}; cat >> {log}.json'\n\
         category_changed = 'echo \"cannot reach the CRM\" >&2; exit 3'\n\
         timeout_seconds = 5\n",
        log = log.display()
    ));

    let first = outreach.run(&["watch", "--once", "-o", "json"]).await;
    first.expect(0);
    assert_eq!(first.stdout, "", "a first look announces nothing");
    assert!(first.stderr.contains("first look"), "{}", first.stderr);
    assert!(!log.exists(), "no hook ran on the first look");

    let api = user_client(&sim, &sim.orgs[0].admin_key);
    let replied = ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() };
    let exchanges = api.list_exchanges(&replied).await.unwrap().items;
    let target = exchanges
        .iter()
        .find(|e| e.status == ExchangeStatus::AwaitingReply)
        .expect("a conversation waits for the contact")
        .id;
    let body = json!({"exchange_id": target, "status": "INFO_INQUIRY"});
    let arrival = admin(&sim, "POST", "/_sim/replies", Some(body)).await;
    assert_eq!(arrival["exchange_id"], target);

    let second = outreach.run(&["watch", "--once", "-o", "json"]).await;
    second.expect(0);
    let events = lines_of(&second.stdout);
    let about = |kind: &str| -> Vec<&Value> {
        events.iter().filter(|e| e["event"] == kind && e["exchange_id"] == target).collect()
    };
    let replies = about("reply_received");
    assert_eq!(replies.len(), 1, "{}", second.stdout);
    assert_eq!(replies[0]["category"], "Interested");
    assert!(replies[0]["contact_email"].as_str().is_some_and(|e| e.contains('@')));
    assert_eq!(about("category_changed").len(), 1, "AWAITING_REPLY → INFO_INQUIRY");
    assert!(
        second.stderr.contains("The category_changed hook failed with exit code 3")
            && second.stderr.contains("cannot reach the CRM"),
        "a failing hook is said, and the run goes on: {}",
        second.stderr
    );
    let hooked = std::fs::read_to_string(&log).unwrap();
    let mine: Vec<&str> =
        hooked.lines().filter(|l| l.starts_with(&format!("reply_received {target} "))).collect();
    assert_eq!(mine, [format!("reply_received {target} Interested no-key").as_str()], "{hooked}");
    let stdin = std::fs::read_to_string(format!("{}.json", log.display())).unwrap();
    let handed = lines_of(&stdin);
    assert!(handed.iter().any(|e| e["exchange_id"] == target && e["event"] == "reply_received"));
    assert!(!stdin.contains(sim.orgs[0].admin_key.expose()), "never the key");

    let third = outreach.run(&["watch", "--once", "-o", "json"]).await;
    third.expect(0);
    assert!(
        lines_of(&third.stdout).iter().all(|e| e["exchange_id"] != target),
        "announced once, never again: {}",
        third.stdout
    );
    assert_eq!(std::fs::read_to_string(&log).unwrap(), hooked, "no hook ran twice");

    // Each look keeps the inbox's numbers for the status line, as `status` counts them.
    let kept = outreach.run(&["status", "--format", "json"]).await.expect(0).json();
    assert_eq!((kept["every_seconds"].as_u64(), kept["stale"].as_bool()), (Some(60), Some(false)));
    let counted = outreach.run(&["status", "--json"]).await.expect(0).json();
    for field in ["new", "hot_waiting", "needs_you", "due"] {
        assert_eq!(kept[field], counted["inbox"][field], "{field}: {kept}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn several_profiles_are_for_watch_only() {
    let outreach = Outreach::new("http://127.0.0.1:9", &outreach_tui::api::ApiKey::new("k"));
    let run = outreach.run(&["status", "--profile", "a", "--profile", "b"]).await;
    run.expect(2);
    assert!(
        run.stderr.contains("only `outreach watch` watches several profiles"),
        "{}",
        run.stderr
    );
}
