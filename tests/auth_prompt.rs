//! `outreach auth login` on a terminal: the base URL is asked visibly, the key hidden.
#![cfg(unix)]

mod auth_support;

use auth_support::Isolated;
use auth_support::pty::Terminal;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn the_typed_key_is_never_shown() {
    let home = Isolated::new();
    let secret = "sk-typed-secret-0042";
    let mut terminal =
        Terminal::spawn(&home, &["auth", "login", "--base-url", "https://127.0.0.1:9"], &[]);
    terminal.wait_for("API key for profile 'default' (input hidden): ", WAIT);
    terminal.type_text(&format!("{secret}\r"));
    let screen = terminal.wait_for("Nothing was stored", WAIT);
    assert!(screen.contains("Could not check the key against https://127.0.0.1:9"), "{screen}");
    assert_eq!(terminal.exit_code(WAIT), 1);
    let transcript = String::from_utf8_lossy(&terminal.transcript);
    assert!(!transcript.contains("sk-typed"), "the key was echoed:\n{transcript}");
    assert!(!home.log_text().contains(secret));
}

#[test]
fn the_base_url_is_asked_for_and_plain_http_refused_before_the_key() {
    let home = Isolated::new();
    let mut terminal = Terminal::spawn(&home, &["auth", "login"], &[]);
    terminal.wait_for("Base URL of the Outreach API for profile 'default': ", WAIT);
    terminal.type_text("http://api.example.com\r");
    let screen = terminal.wait_for("--allow-http", WAIT);
    assert!(screen.contains("plain http"), "{screen}");
    assert!(!screen.contains("API key for profile"), "{screen}");
    assert_eq!(terminal.exit_code(WAIT), 1);
}

#[test]
fn escape_cancels_and_stores_nothing() {
    let home = Isolated::new();
    let mut terminal =
        Terminal::spawn(&home, &["auth", "login", "--base-url", "https://127.0.0.1:9"], &[]);
    terminal.wait_for("(input hidden): ", WAIT);
    terminal.type_text("sk-half\x1b");
    terminal.wait_for("Cancelled; nothing was stored.", WAIT);
    assert_eq!(terminal.exit_code(WAIT), 1);
    assert_eq!(home.config_text(), None);
}

#[test]
fn a_key_typed_on_the_terminal_is_checked_and_stored() {
    let sim = auth_support::Sim::start();
    let home = Isolated::new();
    let profile = auth_support::unique_profile("typed");
    let mut terminal = Terminal::spawn(
        &home,
        &["--profile", &profile, "auth", "login", "--store", "keyutils"],
        &[],
    );
    terminal.wait_for(&format!("Base URL of the Outreach API for profile '{profile}': "), WAIT);
    terminal.type_text(&format!("{}\r", sim.base_url()));
    terminal.wait_for("(input hidden): ", WAIT);
    terminal.type_text(&format!("{}\r", sim.admin_key()));
    let screen = terminal.wait_for("Base URL saved", WAIT);
    assert!(screen.contains("Logged in"), "{screen}");
    assert_eq!(terminal.exit_code(WAIT), 0);
    let transcript = String::from_utf8_lossy(&terminal.transcript);
    assert!(!transcript.contains(&sim.admin_key()), "the key was echoed:\n{transcript}");

    let status = home.outreach().args(["--profile", &profile, "auth", "status"]).output().unwrap();
    assert!(status.status.success(), "{:?}", auth_support::outputs(&status));
    let removal = sim.block_on(
        outreach_tui::credentials::Keyring::system()
            .remove(&profile, outreach_tui::credentials::StoreChoice::Auto),
    );
    assert_eq!(removal.removed_from.len(), 1);
}
