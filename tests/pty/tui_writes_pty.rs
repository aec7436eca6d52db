//! The real binary in a pseudo-terminal at 80×24 against a simulator started by the test:
//! start a pending campaign and see it ACTIVE, add a contact and find it in Contacts (Esc
//! on a filled form asks first), and a read-only key's 403 said in words.

use crate::common;

use common::pty::Pty;
use common::sim::{admin, start};
use outreach_tui::api::ApiKey;
use std::time::Duration;

const ESC: &str = "\u{1b}";
const ENTER: &str = "\r";
const CTRL_S: &str = "\u{13}";

/// The dashboard on the simulator with this key, its Overview loaded.
fn dashboard(base_url: &str, key: &ApiKey) -> Pty {
    let env = [
        ("OUTREACH_BASE_URL", base_url),
        ("OUTREACH_API_KEY", key.expose()),
        ("OUTREACH_PROFILE", "pty-writes"),
    ];
    let mut pty = Pty::spawn(&[], 80, 24, &env);
    pty.wait_for("campaigns in all");
    pty
}

/// Runs `drive` on the dashboard with `key`, then quits it and checks it exited cleanly.
/// The pty is read with blocking waits: off the runtime's workers, which serve the simulator.
async fn with_dashboard(
    base_url: String,
    key: ApiKey,
    drive: impl FnOnce(&mut Pty) + Send + 'static,
) {
    tokio::task::spawn_blocking(move || {
        let mut pty = dashboard(&base_url, &key);
        drive(&mut pty);
        pty.send("q");
        assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
    })
    .await
    .unwrap();
}

/// The table row that starts with `text`.
fn row_of(screen: &str, text: &str) -> String {
    // The name column may cut a long name with "…" at 80 columns: its start is enough.
    let start = format!("│{}", text.chars().take(20).collect::<String>());
    screen.lines().find(|line| line.starts_with(&start)).unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starting_a_pending_campaign_shows_it_active() {
    let sim = start().await;
    let state = admin(&sim, "GET", "/_sim/state", None).await;
    let campaign = state["campaigns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["status"] == "PENDING" && c["contacts"] != 0 && c["bot_ids"] != serde_json::json!([])
        })
        .cloned()
        .expect("a campaign that can start");
    let name = campaign["name"].as_str().unwrap().to_string();
    with_dashboard(sim.base_url.clone(), sim.orgs[0].admin_key.clone(), move |pty| {
        pty.send("2");
        pty.wait_for("Last activity");
        pty.send("/");
        pty.send(&name);
        pty.send(ENTER);
        let listed = pty.wait_for(" of ");
        assert!(row_of(&listed, &name).contains("PENDING"), "{listed}");
        pty.send("s");
        let asked = pty.wait_for("exchanges begin shortly after");
        assert!(asked.contains("Start campaign") && asked.contains("PENDING"), "{asked}");
        // F: the deliberate yes, whether or not a pre-flight check failed.
        pty.send("F");
        pty.wait_until("the campaign ACTIVE", Duration::from_secs(20), |screen| {
            row_of(screen, &name).contains("ACTIVE") && screen.contains("✓ Started '")
        });
    })
    .await;
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_added_contact_is_found_in_contacts_and_esc_asks_before_discarding() {
    let sim = start().await;
    with_dashboard(sim.base_url.clone(), sim.orgs[0].admin_key.clone(), |pty| {
        pty.send("6");
        pty.wait_for("Time zone");
        pty.send("a");
        pty.wait_for("Add a contact");
        pty.send("pty.zoe@example.com\tZoë\t");
        pty.wait_for("Zoë");
        pty.send(ESC);
        pty.wait_for("Discard what you typed?");
        pty.send("n");
        let kept = pty.wait_until("the form again", Duration::from_secs(10), |s| {
            !s.contains("Discard what you typed?")
        });
        assert!(kept.contains("pty.zoe@example.com"), "nothing lost:\n{kept}");
        pty.send(CTRL_S);
        let asked = pty.wait_for("y/Enter yes");
        assert!(asked.contains("Add pty.zoe@example.com as a contact for"), "{asked}");
        pty.send("y");
        pty.wait_for("Added contact #");
        pty.send("/");
        pty.send("pty.zoe");
        pty.send(ENTER);
        let found = pty.wait_for("Contacts 1 of 1001 /pty.zoe");
        assert!(row_of(&found, "pty.zoe@example.com").contains("Zoë"), "{found}");
    })
    .await;
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_key_gets_the_403_in_words() {
    let sim = start().await;
    with_dashboard(sim.base_url.clone(), sim.orgs[0].read_only_key.clone(), |pty| {
        pty.send("2");
        pty.wait_for("Last activity");
        pty.send("s");
        pty.wait_for("Start campaign");
        pty.send("F");
        // The whole dialog: a frame can be read while it is still being written.
        let refused = pty.wait_until("the refusal and its keys", Duration::from_secs(20), |s| {
            s.contains("(403)") && s.contains("n/Esc c")
        });
        // What happened and the server's words, wherever the dialog wraps them.
        assert!(refused.contains("lacks the rights"), "{refused}");
        assert!(refused.contains("for that (403)"), "{refused}");
        assert!(refused.contains("Not enough permissions"), "the server's words: {refused}");
        assert!(refused.contains("API key is read-only"), "the server's words: {refused}");
        pty.send("q");
        pty.wait_until("the dialog closed", Duration::from_secs(10), |s| !s.contains("(403)"));
    })
    .await;
    sim.shutdown().await;
}
