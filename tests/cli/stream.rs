//! `contacts list` streams, so its cost tracks the transfer: piped JSON is the server's own
//! text, element by element; a broken element is left out and told on stderr; a list cut
//! short is never written as a whole one.

use crate::common;

use common::cli::Outreach;
use common::sim::{contacts_as_sent, fault_rules, faults, start};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread")]
async fn piped_json_is_the_list_as_the_server_sent_it() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    let sent = contacts_as_sent(&sim).await;
    let json = cli.run(&["contacts", "list", "-o", "json"]).await;
    json.expect(0);
    assert_eq!(json.stdout, format!("{sent}\n"), "byte for byte, then a newline");
    assert!(json.stderr.is_empty(), "{}", json.stderr);

    let jsonl = cli.run(&["contacts", "list", "-o", "jsonl"]).await;
    jsonl.expect(0);
    let elements: Vec<String> =
        serde_json::from_str::<Vec<Box<serde_json::value::RawValue>>>(&sent)
            .unwrap()
            .iter()
            .map(|element| format!("{}\n", element.get()))
            .collect();
    assert!(elements.len() > 10);
    assert_eq!(jsonl.stdout, elements.concat(), "one element as sent per line");
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_broken_contact_is_left_out_and_told_in_every_format() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    let all =
        serde_json::from_str::<Vec<serde_json::Value>>(&contacts_as_sent(&sim).await).unwrap();
    for format in ["json", "jsonl", "csv", "table"] {
        faults(&sim, "bad-element@GET:/api/v1/contacts#1").await;
        let run = cli.run(&["contacts", "list", "-o", format]).await;
        run.expect(0);
        assert!(
            run.stderr.contains("warning: 1 contact could not be read and was left out"),
            "{format}: {}",
            run.stderr
        );
        let rows = match format {
            "json" => run.json().as_array().unwrap().len(),
            "jsonl" | "table" | "csv" => {
                run.stdout.lines().count() - usize::from(format != "jsonl")
            }
            _ => unreachable!(),
        };
        assert_eq!(rows, all.len() - 1, "{format}: the others are listed");
    }
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_list_cut_short_fails_and_is_not_closed_as_if_whole() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    faults(&sim, "truncate@GET:/api/v1/contacts").await;
    let run = cli.run(&["contacts", "list", "-o", "json"]).await;
    run.expect(1);
    assert!(run.stderr.contains("could not be read"), "{}", run.stderr);
    assert!(run.stdout.starts_with("[{"), "what arrived was written: {}", run.stdout);
    assert!(serde_json::from_str::<serde_json::Value>(&run.stdout).is_err(), "{}", run.stdout);
    sim.shutdown().await;
}

/// A list laid out over many lines, with escapes, non-ASCII text and one element that is
/// not a contact, as a server other than ours might send it.
const PRETTY: &str = r#"[
  {
    "id": 1,
    "email": "ann@example.com",
    "first_name": "Ann \"The\" \u00c5se\n",
    "custom_data": {"note": "line\r\nbreak", "n": 1.50, "deep": [{"x": null}]},
    "tags": [ "a" ,
      "b" ]
  },
  {"id": "two", "email": "not a contact"},
  {"id": 3, "first_name": "Dvořák", "timezone": null, "extra": {"k": [true]}}
]"#;

#[tokio::test(flavor = "multi_thread")]
async fn a_list_over_many_lines_passes_through_as_sent_and_jsonl_keeps_one_per_line() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    let sent: Vec<Value> = serde_json::from_str(PRETTY).unwrap();
    let contacts = [sent[0].clone(), sent[2].clone()];
    let serve = json!([{"kind": "raw", "path": "/api/v1/contacts", "times": 1, "body": PRETTY}]);

    fault_rules(&sim, serve.clone()).await;
    let json = cli.run(&["contacts", "list", "-o", "json"]).await;
    json.expect(0);
    assert_eq!(json.json(), json!(contacts), "{}", json.stdout);
    assert!(json.stdout.contains("\"n\": 1.50"), "numbers as sent: {}", json.stdout);
    assert!(
        json.stderr.contains("1 contact could not be read and was left out"),
        "{}",
        json.stderr
    );

    fault_rules(&sim, serve).await;
    let jsonl = cli.run(&["contacts", "list", "-o", "jsonl"]).await;
    jsonl.expect(0);
    let lines: Vec<Value> =
        jsonl.stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines, contacts, "one contact per line: {}", jsonl.stdout);
    assert!(jsonl.stdout.contains(r#""n":1.50"#), "numbers as sent: {}", jsonl.stdout);
    assert!(jsonl.stderr.contains("1 contact could not be read"), "{}", jsonl.stderr);
    sim.shutdown().await;
}
