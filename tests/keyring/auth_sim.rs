//! `outreach auth login | status | logout` against the simulator, on the real binary: a good
//! key, a made-up key (401), a read-only key, a key replaced by a newer one; and the key found
//! by later commands and by `session::resolve_with` (what the TUI uses).
#![cfg(target_os = "linux")]

use crate::common;

use common::cli::outputs;
use common::home::Isolated;
use common::keyring::unique_profile;
use common::sim::BlockingSim;
use outreach_tui::config;
use outreach_tui::credentials::{Keyring, StoreChoice};
use outreach_tui::session::{Environment, KeySource, SessionRequest, resolve_with};

/// keyutils explicitly: it needs no session bus, so these tests mean the same everywhere.
const STORE: &[&str] = &["--store", "keyutils"];

fn login(
    home: &Isolated,
    profile: &str,
    base_url: &str,
    key: &str,
    extra: &[&str],
) -> std::process::Output {
    home.outreach()
        .args(["--profile", profile, "auth", "login", "--key-stdin", "--base-url", base_url])
        .args(STORE)
        .args(extra)
        .write_stdin(format!("{key}\n"))
        .output()
        .unwrap()
}

fn status(home: &Isolated, profile: &str) -> std::process::Output {
    home.outreach().args(["--profile", profile, "auth", "status"]).output().unwrap()
}

fn stored_key(sim: &BlockingSim, profile: &str) -> Option<String> {
    let lookup = sim.block_on(Keyring::system().read(profile, StoreChoice::Auto));
    lookup.found.map(|found| found.key.expose().to_string())
}

#[test]
fn a_good_key_is_stored_once_and_found_by_every_later_command() {
    let sim = BlockingSim::start();
    let home = Isolated::new();
    let profile = unique_profile("good");

    let output = login(&home, &profile, sim.base_url(), &sim.admin_key(), &[]);
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!(
            "accepted the key {} for profile '{profile}'",
            &sim.handle.orgs[0].admin_key.masked()
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("The key is in the kernel keyutils store (service 'outreach'"),
        "{stdout}"
    );
    assert!(stderr.contains("does not survive a reboot"), "keyutils must be explained: {stderr}");
    let config_text = home.config_text().unwrap();
    assert!(
        config_text.contains(&format!("[profiles.{profile}]\nbase_url = \"{}\"", sim.base_url())),
        "{config_text}"
    );

    // A later command, in another process, with nothing but the profile name.
    let output = status(&home, &profile);
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("Base URL  {} (from [profiles.{profile}]", sim.base_url())),
        "{stdout}"
    );
    assert!(stdout.contains("from the OS keyring (kernel keyutils store)"), "{stdout}");
    assert!(stdout.contains("API       accepts the key"), "{stdout}");

    // What the TUI does: resolve the session from config and keyring.
    let loaded = config::load_from(&home.config_path()).unwrap();
    let request = SessionRequest { profile: Some(profile.clone()), ..SessionRequest::default() };
    let session = sim
        .block_on(resolve_with(&request, &Environment::default(), &loaded, &Keyring::system()))
        .unwrap();
    assert_eq!(session.key.expose(), sim.admin_key());
    assert_eq!(session.base_url, sim.base_url());
    assert_eq!(session.key_source, KeySource::Keyring("kernel keyutils store".into()));
    assert!(!session.read_only);
    let campaigns = sim.block_on(session.client().unwrap().list_campaigns()).unwrap();
    assert!(!campaigns.items.is_empty());

    let output = home.outreach().args(["--profile", &profile, "auth", "logout"]).output().unwrap();
    assert!(output.status.success());
    assert!(outputs(&output).0.contains("Removed the key of profile"));
    let output = status(&home, &profile);
    assert_eq!(output.status.code(), Some(1));
    assert!(outputs(&output).0.contains("Key       none"));
}

#[test]
fn a_made_up_key_is_refused_and_nothing_is_stored() {
    let sim = BlockingSim::start();
    let home = Isolated::new();
    let profile = unique_profile("bad");
    let output = login(&home, &profile, sim.base_url(), "sk-made-up-key-000000", &[]);
    let (stdout, stderr) = outputs(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("this key is invalid or was replaced by a newer one (401)"),
        "{stderr}"
    );
    assert!(stderr.contains("Nothing was stored"), "{stderr}");
    assert_eq!(stored_key(&sim, &profile), None);
    assert_eq!(home.config_text(), None);
}

#[test]
fn a_read_only_key_logs_in_and_the_profile_can_be_marked_read_only() {
    let sim = BlockingSim::start();
    let home = Isolated::new();
    let profile = unique_profile("ro");
    let output = login(&home, &profile, sim.base_url(), &sim.read_only_key(), &["--read-only"]);
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("(marked read-only)"), "{stdout}");
    assert!(home.config_text().unwrap().contains("read_only = true"));

    let output = status(&home, &profile);
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("Profile   {profile} (read-only: writes are refused)")),
        "{stdout}"
    );

    let loaded = config::load_from(&home.config_path()).unwrap();
    let request = SessionRequest { profile: Some(profile.clone()), ..SessionRequest::default() };
    let session = sim
        .block_on(resolve_with(&request, &Environment::default(), &loaded, &Keyring::system()))
        .unwrap();
    assert!(session.read_only);
    assert_eq!(session.key.expose(), sim.read_only_key());
    sim.block_on(Keyring::system().remove(&profile, StoreChoice::Auto));
}

#[test]
fn a_key_replaced_by_a_newer_one_is_reported_as_such() {
    let sim = BlockingSim::start();
    let home = Isolated::new();
    let profile = unique_profile("rotated");
    assert!(login(&home, &profile, sim.base_url(), &sim.admin_key(), &[]).status.success());
    let new_key = sim.rotate_key();

    let output = status(&home, &profile);
    let (stdout, stderr) = outputs(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("API       refuses the key"), "{stdout}");
    assert!(stderr.contains("invalid or was replaced by a newer one"), "{stderr}");
    assert!(stderr.contains("outreach auth login"), "{stderr}");

    // Logging in again with the new key fixes it.
    assert!(login(&home, &profile, sim.base_url(), &new_key, &[]).status.success());
    assert!(status(&home, &profile).status.success());
    sim.block_on(Keyring::system().remove(&profile, StoreChoice::Auto));
}

#[test]
fn the_environment_beats_the_keyring_for_ci_and_ssh() {
    let sim = BlockingSim::start();
    let home = Isolated::new();
    let output = home
        .outreach()
        .args(["auth", "status"])
        .env("OUTREACH_API_KEY", sim.admin_key())
        .env("OUTREACH_BASE_URL", sim.base_url())
        .output()
        .unwrap();
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("from the OUTREACH_API_KEY environment variable"), "{stdout}");
    assert!(stdout.contains("(from --base-url or OUTREACH_BASE_URL)"), "{stdout}");
}

/// Without a Secret Service, keyutils answers for every profile: one whose key is there
/// shows its store, one without a key shows none (not "no store answered"), and the error of
/// a command run with the keyless profile names the store that was asked.
#[test]
fn auth_list_and_a_missing_key_name_the_store_that_answered() {
    let sim = BlockingSim::start();
    let home = Isolated::new();
    let (keyed, keyless) = (unique_profile("listed"), unique_profile("keyless"));
    let no_bus = ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/outreach-test-bus");
    assert!(login(&home, &keyed, sim.base_url(), &sim.admin_key(), &[]).status.success());
    let config = home.config_text().unwrap_or_default();
    home.write_config(&format!(
        "{config}\n[profiles.{keyless}]\nbase_url = \"{}\"\n",
        sim.base_url()
    ));

    let output = home.outreach().args(["auth", "list"]).env(no_bus.0, no_bus.1).output().unwrap();
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    let row = |name: &str| stdout.lines().find(|line| line.contains(name)).unwrap_or_default();
    assert!(row(&keyed).contains("kernel keyutils store"), "{stdout}");
    assert!(row(&keyless).contains("none (outreach auth login)"), "{stdout}");
    assert!(!stdout.contains("no key store answered"), "{stdout}");

    let output = home
        .outreach()
        .args(["--profile", &keyless, "campaigns", "list"])
        .env(no_bus.0, no_bus.1)
        .output()
        .unwrap();
    let (_, stderr) = outputs(&output);
    let expected = format!("No API key for profile '{keyless}' in the kernel keyutils store.");
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(stderr.contains("The Secret Service is not available"), "{stderr}");
    sim.block_on(Keyring::system().remove(&keyed, StoreChoice::Auto));
}
