//! Profiles from the user's side: `outreach auth list` names each profile with its base
//! URL, where its key lives (never the key) and whether it is read-only; and the dashboard
//! switches profile with `P` without restarting (real binary, pseudo-terminal).

use crate::common;

use common::cli::Outreach;
use common::home::Isolated;
use common::pty::Pty;
use outreach_tui::sim::{self, SimOptions};
use std::time::Duration;

const CONFIG: &str = "default_profile = \"acme\"\n[profiles.acme]\nbase_url = \"https://api.acme.example\"\n[profiles.audit]\nbase_url = \"https://api.audit.example\"\nread_only = true\n";

#[tokio::test(flavor = "multi_thread")]
async fn auth_list_names_each_profile_where_its_key_lives_and_never_the_key() {
    let key = outreach_tui::api::ApiKey::new("sk_test_list_0123456789abcdef");
    let cli = Outreach::new("https://unused.example", &key);
    cli.write_config(CONFIG);
    let run = cli.run(&["auth", "list"]).await;
    run.expect(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["PROFILE", "BASE", "URL", "KEY", "READ-ONLY"]
    );
    let acme = lines.iter().find(|l| l.contains("acme ")).unwrap();
    assert!(acme.starts_with('*'), "the active profile is marked: {acme}");
    assert!(
        acme.contains("https://api.acme.example")
            && acme.contains("OUTREACH_API_KEY (environment)")
    );
    assert!(acme.trim_end().ends_with("no"), "{acme}");
    let audit = lines.iter().find(|l| l.contains("audit")).unwrap();
    assert!(audit.trim_end().ends_with("yes"), "read-only: {audit}");
    assert!(!run.stdout.contains(key.expose()) && !run.stderr.contains(key.expose()));
}

#[tokio::test(flavor = "multi_thread")]
async fn p_switches_profile_in_the_running_dashboard() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let home = Isolated::new();
    let url = &sim.base_url;
    home.write_config(&format!(
        "default_profile = \"first\"\n[profiles.first]\nbase_url = \"{url}\"\n[profiles.second]\nbase_url = \"{url}\"\nread_only = true\n"
    ));
    let key = sim.orgs[0].admin_key.expose().to_string();
    let mut pty = Pty::spawn_in(&home, &[], 100, 30, &[("OUTREACH_API_KEY", &key)]);
    let screen = pty.wait_for("campaigns in all");
    assert!(screen.lines().last().unwrap_or_default().contains("first"), "{screen}");
    pty.send("P");
    let screen = pty.wait_until("the second profile", Duration::from_secs(20), |s| {
        s.lines().last().is_some_and(|bar| bar.contains("second (read-only)"))
            && s.contains("campaigns in all")
    });
    assert!(!screen.contains(&key));
    pty.send(":profile first\r");
    pty.wait_until("the first profile again", Duration::from_secs(20), |s| {
        s.lines().last().is_some_and(|bar| bar.contains("first") && !bar.contains("second"))
    });
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

/// A write from the dashboard is a line of the audit log too, marked `tui`, without the key.
#[test]
fn a_dashboard_write_is_in_the_audit_log() {
    let home = Isolated::new();
    let mut pty = Pty::spawn_in(&home, &["--demo"], 100, 30, &[]);
    pty.wait_for("campaigns in all");
    pty.send("6");
    pty.wait_for("Time zone");
    pty.send("a");
    pty.wait_for("Add a contact");
    pty.send("audited@example.com");
    pty.wait_for("audited@example.com");
    pty.send("\u{13}");
    pty.wait_for("y/Enter yes");
    pty.send("y");
    pty.wait_for("Added contact #");
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);

    let log = home.path().join("state").join("outreach").join("audit.jsonl");
    let text = std::fs::read_to_string(&log).unwrap();
    let line: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(line["operation"], "contact.add");
    assert_eq!(line["source"], "tui");
    assert_eq!(line["profile"], "demo");
    assert_eq!(line["addresses"], serde_json::json!(["audited@example.com"]));
    assert_eq!(line["ok"], true);
    assert!(!text.contains("key"), "nothing key-like is written: {text}");
}
