//! `outreach auth login` on a terminal: the base URL is asked visibly, the key hidden.
#![cfg(unix)]

use crate::common;

use common::home::Isolated;
use common::pty::Pty;
use common::sim::BlockingSim;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn the_typed_key_is_never_shown() {
    let home = Isolated::new().log_everything();
    let secret = "sk-typed-secret-0042";
    let mut terminal =
        Pty::spawn_in(&home, &["auth", "login", "--base-url", "https://127.0.0.1:9"], 80, 24, &[]);
    terminal.wait_for("API key for profile 'default' (input hidden): ");
    terminal.send(&format!("{secret}\r"));
    let screen = terminal.wait_for("Nothing was stored");
    assert!(screen.contains("Could not check the key against https://127.0.0.1:9"), "{screen}");
    assert_eq!(terminal.exit_code(WAIT), 1);
    let transcript = String::from_utf8_lossy(&terminal.transcript);
    assert!(!transcript.contains("sk-typed"), "the key was echoed:\n{transcript}");
    assert!(!home.log_text().contains(secret));
}

#[test]
fn the_base_url_is_asked_for_and_plain_http_refused_before_the_key() {
    let home = Isolated::new().log_everything();
    let mut terminal = Pty::spawn_in(&home, &["auth", "login"], 80, 24, &[]);
    terminal.wait_for("Base URL of the Outreach API for profile 'default': ");
    terminal.send("http://api.example.com\r");
    let screen = terminal.wait_for("--allow-http");
    assert!(screen.contains("plain http"), "{screen}");
    assert!(!screen.contains("API key for profile"), "{screen}");
    assert_eq!(terminal.exit_code(WAIT), 1);
}

#[test]
fn escape_cancels_and_stores_nothing() {
    let home = Isolated::new().log_everything();
    let mut terminal =
        Pty::spawn_in(&home, &["auth", "login", "--base-url", "https://127.0.0.1:9"], 80, 24, &[]);
    terminal.wait_for("(input hidden): ");
    terminal.send("sk-half\x1b");
    terminal.wait_for("Cancelled; nothing was stored.");
    assert_eq!(terminal.exit_code(WAIT), 1);
    assert_eq!(home.config_text(), None);
}

#[test]
fn a_key_typed_on_the_terminal_is_checked_and_stored() {
    let sim = BlockingSim::start();
    let home = Isolated::new().log_everything();
    let profile = common::keyring::unique_profile("typed");
    let mut terminal = Pty::spawn_in(
        &home,
        &["--profile", &profile, "auth", "login", "--store", "keyutils"],
        80,
        24,
        &[],
    );
    terminal.wait_for(&format!("Base URL of the Outreach API for profile '{profile}': "));
    terminal.send(&format!("{}\r", sim.base_url()));
    terminal.wait_for("(input hidden): ");
    terminal.send(&format!("{}\r", sim.admin_key()));
    let screen = terminal.wait_for("Base URL saved");
    assert!(screen.contains("Logged in"), "{screen}");
    assert_eq!(terminal.exit_code(WAIT), 0);
    let transcript = String::from_utf8_lossy(&terminal.transcript);
    assert!(!transcript.contains(&sim.admin_key()), "the key was echoed:\n{transcript}");

    let status = home.outreach().args(["--profile", &profile, "auth", "status"]).output().unwrap();
    assert!(status.status.success(), "{:?}", common::cli::outputs(&status));
    let removal = sim.block_on(
        outreach_tui::credentials::Keyring::system()
            .remove(&profile, outreach_tui::credentials::StoreChoice::Auto),
    );
    assert_eq!(removal.removed_from.len(), 1);
}
