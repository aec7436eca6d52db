//! The status line's glance through the real binary: `status` saves what it read, `status
//! --format tmux|line|json` prints it with the server gone, and the numbers agree with the
//! CLI's own lists of the same inbox (`replies --new`, `replies --check`, `todo`).

use crate::common;

use common::cli::Outreach;
use common::sim::{admin, user_client};
use outreach_tui::api::{ExchangeGroup, ExchangeQuery, ExchangeStatus};
use outreach_tui::sim::{self, SimOptions};
use serde_json::{Value, json};

fn count(run: &Value) -> usize {
    run.as_array().map_or(0, Vec::len)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_segment_prints_what_status_saw_and_agrees_with_replies_and_todo() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);

    let nothing = cli.run(&["status", "--format", "tmux"]).await;
    nothing.expect(0);
    assert_eq!(nothing.stdout, "", "no glance yet: nothing for the status line");
    assert!(nothing.stderr.contains("No glance of profile"), "{}", nothing.stderr);

    // The first look; then two replies arrive on two conversations waiting for the contact.
    cli.run(&["status"]).await.expect(0);
    let api = user_client(&sim, &sim.orgs[0].admin_key);
    let replied = ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() };
    let listed = api.list_exchanges(&replied).await.unwrap().items;
    let waiting: Vec<i64> = listed
        .iter()
        .filter(|e| e.status == ExchangeStatus::AwaitingReply)
        .map(|e| e.id)
        .take(2)
        .collect();
    assert_eq!(waiting.len(), 2, "the seeded inbox has conversations awaiting a reply");
    for (id, status) in waiting.iter().zip(["INFO_INQUIRY", "DECLINED"]) {
        admin(&sim, "POST", "/_sim/replies", Some(json!({"exchange_id": id, "status": status})))
            .await;
    }

    let report = cli.run(&["status", "--json"]).await;
    let inbox = report.expect(0).json()["inbox"].clone();
    assert_eq!(inbox["new"], 2, "{inbox}");
    let text = cli.run(&["status"]).await;
    let line = text.stdout.lines().find(|l| l.starts_with("Inbox ")).unwrap_or_default();
    assert!(line.starts_with("Inbox      2 new · "), "{}", text.stdout);

    // The same numbers as the CLI's own lists.
    let new = cli.run(&["replies", "--new", "-o", "json"]).await;
    assert_eq!(inbox["new"], count(&new.expect(0).json()), "replies --new");
    let check = cli.run(&["replies", "--check", "-o", "json"]).await;
    let hot = check.json();
    assert_eq!(inbox["hot_waiting"], count(&hot), "replies --check: {}", check.stderr);
    let oldest = hot.as_array().unwrap().iter().filter_map(|r| r["updated_at"].as_str()).min();
    let since = inbox["oldest_hot_since"].as_str().map(|t| t.replace("+00:00", "Z"));
    assert_eq!(
        since.as_deref().and_then(|t| t.get(..19)),
        oldest.and_then(|t| t.get(..19)),
        "the oldest hot reply"
    );
    let todo = cli.run(&["todo", "-o", "json"]).await;
    let items = todo.expect(0).json();
    assert_eq!(inbox["needs_you"], count(&items), "todo");
    let today = chrono::Utc::now().date_naive().to_string();
    let due = items
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["due"].as_str().is_some_and(|due| due <= today.as_str()))
        .count();
    assert_eq!(inbox["due"], due, "todo's due items");
    assert!(inbox["needs_you"].as_u64().unwrap() > 0, "the seeded data needs someone");

    // With the server gone, the segment still prints the last glance: no call is made.
    sim.shutdown().await;
    let glance = cli.run(&["status", "--format", "json"]).await.expect(0).json();
    for field in ["new", "hot_waiting", "needs_you", "due"] {
        assert_eq!(glance[field], inbox[field], "{field}: {glance}");
    }
    assert_eq!(glance["profile"], "default");
    assert_eq!(glance["stale"], false);
    let tmux = cli.run(&["status", "--format", "tmux"]).await;
    let segment = tmux.expect(0).stdout.trim_end().to_string();
    assert!(segment.starts_with("✉2 ⏱"), "{segment:?}");
    assert!(segment.contains(&format!("⚠{}", inbox["needs_you"])), "{segment:?}");
    let ascii = cli.run_env(&["status", "--format", "line"], &[("OUTREACH_ASCII", "1")]).await;
    let ascii = ascii.expect(0).stdout.trim_end().to_string();
    assert!(ascii.starts_with("m2 t") && ascii.contains(" !"), "{ascii:?}");
    assert!(ascii.is_ascii() && !ascii.contains("#["), "{ascii:?}");
    let refused = cli.run(&["status", "--format", "tmux", "--check"]).await;
    refused.expect(2);
}
