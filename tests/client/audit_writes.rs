//! The audit log: every write the CLI makes, success or failure, is one line of
//! `$XDG_STATE_HOME/outreach/audit.jsonl` (never the key), and `outreach audit` reads it back.
//! The client reports every write request to one observer, whichever face sent it.

use crate::common;

use common::cli::Outreach;
use common::sim::user_client;
use outreach_tui::api::{CampaignStatus, ClientOptions, ContactUpload, WriteObserver, WriteTarget};
use outreach_tui::sim::{self, SimOptions};
use serde_json::Value;
use std::sync::{Arc, Mutex};

fn audit_lines(cli: &Outreach) -> Vec<Value> {
    let path = cli.home.path().join("state").join("outreach").join("audit.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines().map(|line| serde_json::from_str(line).expect("each line is JSON")).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_cli_write_is_one_audit_line_and_none_holds_the_key() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let campaigns = api.list_campaigns().await.unwrap().items;
    let campaign = campaigns[0].id.to_string();
    let active = campaigns.iter().find(|c| c.status == CampaignStatus::Active).unwrap().id;

    cli.run(&["contacts", "add", "--email", "audit-add@example.org"]).await.expect(0);
    cli.run(&[
        "contacts",
        "upload",
        "--campaign",
        &campaign,
        "--no-notify",
        "--email",
        "up@example.org",
    ])
    .await
    .expect(0);
    cli.run(&[
        "contacts",
        "upload",
        "--campaign",
        &campaign,
        "--start",
        "--email",
        "go@example.org",
    ])
    .await
    .expect(0);
    cli.run(&["dnc", "add-emails", "a@example.org", "b@example.org"]).await.expect(0);
    cli.run(&["dnc", "add-domains", "one.example", "two.example", "three.example"]).await.expect(0);
    cli.run(&["conversions", "log", "--email", "audit-add@example.org"]).await.expect(0);
    // A write the server refuses is recorded too, with its status.
    let refused = cli.run(&["campaigns", "start", &active.to_string(), "--yes", "--force"]).await;
    assert_ne!(refused.code, 0, "{}", refused.stderr);

    let lines = audit_lines(&cli);
    let operations: Vec<&str> = lines.iter().map(|l| l["operation"].as_str().unwrap()).collect();
    assert_eq!(
        operations,
        [
            "contact.add",
            "contact.upload",
            "contact.upload_and_start",
            "dnc.emails",
            "dnc.domains",
            "conversion.log",
            "campaign.start"
        ]
    );
    for line in &lines {
        assert_eq!(line["source"], "cli", "{line}");
        assert_eq!(line["host"], "127.0.0.1", "{line}");
        assert!(line["profile"].is_string() && line["time"].is_string(), "{line}");
    }
    assert_eq!(lines[1]["campaign_id"].to_string(), campaign);
    assert_eq!(lines[1]["addresses"], serde_json::json!(["up@example.org"]));
    assert_eq!(lines[2]["addresses"], serde_json::json!(["go@example.org"]));
    assert_eq!(lines[3]["addresses"], serde_json::json!(["a@example.org", "b@example.org"]));
    assert_eq!(lines[4]["domain_count"], 3);
    assert!(lines[4].get("addresses").is_none(), "domains are counted, not kept");
    assert_eq!((&lines[0]["ok"], &lines[0]["status"]), (&Value::Bool(true), &Value::from(200)));
    let failed = &lines[6];
    assert_eq!((&failed["ok"], &failed["status"]), (&Value::Bool(false), &Value::from(400)));
    assert_eq!(failed["campaign_id"], active);
    assert!(failed["error"].as_str().unwrap().contains("only a PENDING campaign"), "{failed}");

    let path = cli.home.path().join("state").join("outreach").join("audit.jsonl");
    let raw = std::fs::read_to_string(path).unwrap();
    assert!(!raw.contains(key.expose()), "the key is never in the audit log");

    // `outreach audit` reads it back, as JSON, CSV or a table.
    let json = cli.run(&["audit", "-o", "json"]).await;
    json.expect(0);
    assert_eq!(json.json().as_array().map(Vec::len), Some(7));
    let csv = cli.run(&["audit", "-o", "csv"]).await;
    csv.expect(0);
    assert!(csv.stdout.starts_with("TIME,PROFILE,HOST,SOURCE,OPERATION,TARGET,STATUS,ERROR\n"));
    assert!(csv.stdout.contains("dnc.domains,3 domains,202,"), "{}", csv.stdout);
    let refusal = format!("campaign.start,campaign {active},400,The server rejected");
    assert!(csv.stdout.contains(&refusal), "{}", csv.stdout);
    let table = cli.env("COLUMNS", "160").run(&["audit", "--since", "-7d", "-o", "table"]).await;
    table.expect(0);
    assert!(table.stdout.contains("a@example.org and 1 more"), "{}", table.stdout);
    assert!(!table.stdout.contains(key.expose()));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_audit_since_a_later_day_is_empty() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    cli.run(&["dnc", "add-domains", "later.example"]).await.expect(0);
    let all = cli.run(&["audit", "-o", "json"]).await;
    assert_eq!(all.json().as_array().map(Vec::len), Some(1));
    let later = cli.run(&["audit", "--since", "tomorrow", "-o", "json"]).await;
    later.expect(0);
    assert_eq!(later.json(), serde_json::json!([]));
}

/// One write as the observer heard it: operation, target, status.
type Heard = (String, WriteTarget, Option<u16>);

/// The dashboard's writes go through the same client: its observer hears each request.
#[tokio::test(flavor = "multi_thread")]
async fn the_client_reports_each_write_request_and_no_read() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let heard: Arc<Mutex<Vec<Heard>>> = Arc::default();
    let sink = heard.clone();
    let observer = WriteObserver::new(move |event| {
        let entry = (event.endpoint.operation.to_string(), event.target.clone(), event.status);
        sink.lock().unwrap().push(entry);
    });
    let options = ClientOptions { on_write: Some(observer), ..ClientOptions::default() };
    let client =
        outreach_tui::api::Client::new(&sim.base_url, &sim.orgs[0].admin_key, options).unwrap();
    client.list_campaigns().await.unwrap();
    let contact = ContactUpload { email: "seen@example.org".into(), ..ContactUpload::default() };
    client.add_contact(&contact).await.unwrap();
    let domains: Vec<String> = (0..10_001).map(|n| format!("d{n}.example")).collect();
    client.add_dnc_domains_chunked(&domains, |_, _| {}).await.unwrap();

    let heard = heard.lock().unwrap().clone();
    let summary: Vec<(&str, Option<usize>, Option<u16>)> = heard
        .iter()
        .map(|(op, target, status)| (op.as_str(), target.domain_count, *status))
        .collect();
    assert_eq!(
        summary,
        [
            ("contact.add", None, Some(200)),
            ("dnc.domains", Some(10_000), Some(202)),
            ("dnc.domains", Some(1), Some(202))
        ]
    );
    assert_eq!(heard[0].1.addresses, ["seen@example.org"]);
}
