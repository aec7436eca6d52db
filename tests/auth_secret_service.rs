//! `outreach auth login` into the real Secret Service, read back with `secret-tool`, and
//! the reverse (see `.ci/with-keyring`).
#![cfg(target_os = "linux")]

mod common;

use common::cli::outputs;
use common::home::Isolated;
use common::keyring::unique_profile;
use common::sim::BlockingSim;
use outreach_tui::credentials::{Keyring, StoreKind};
use std::io::Write;
use std::process::{Command, Stdio};

fn ready(sim: &BlockingSim) -> bool {
    if let Err(error) = sim.block_on(Keyring::system().writable(StoreKind::SecretService)) {
        return common::keyring::unavailable(
            "A Secret Service with an unlocked collection",
            &error.to_string(),
        );
    }
    if !common::keyring::has_program("secret-tool") {
        return common::keyring::unavailable(
            "secret-tool (package libsecret-tools)",
            "it is not on PATH",
        );
    }
    true
}

fn lookup(profile: &str) -> Option<String> {
    let output = Command::new("secret-tool")
        .args(["lookup", "service", "outreach", "user", profile])
        .output()
        .unwrap();
    output.status.success().then(|| String::from_utf8(output.stdout).unwrap())
}

#[test]
fn auth_login_stores_in_the_secret_service_and_secret_tool_reads_it() {
    let sim = BlockingSim::start();
    if !ready(&sim) {
        return;
    }
    let home = Isolated::new();
    let profile = unique_profile("cli-ss");
    let output = home
        .outreach()
        .args(["--profile", &profile, "auth", "login", "--key-stdin", "--base-url", sim.base_url()])
        .write_stdin(sim.admin_key())
        .output()
        .unwrap();
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("The key is in the Secret Service"), "automatic choice: {stdout}");
    assert_eq!(lookup(&profile), Some(sim.admin_key()));

    let output = home.outreach().args(["--profile", &profile, "auth", "logout"]).output().unwrap();
    assert!(outputs(&output).0.contains("from the Secret Service"));
    assert_eq!(lookup(&profile), None);
}

#[test]
fn a_key_stored_with_secret_tool_is_used_by_outreach() {
    let sim = BlockingSim::start();
    if !ready(&sim) {
        return;
    }
    let home = Isolated::new();
    let profile = unique_profile("cli-ss-in");
    let mut child = Command::new("secret-tool")
        .args(["store", "--label", "outreach test", "service", "outreach", "user", &profile])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(sim.admin_key().as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());

    let output = home
        .outreach()
        .args(["--profile", &profile, "--base-url", sim.base_url(), "auth", "status"])
        .output()
        .unwrap();
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("from the OS keyring (Secret Service)"), "{stdout}");
    assert!(stdout.contains("API       accepts the key"), "{stdout}");

    assert!(
        home.outreach()
            .args(["--profile", &profile, "auth", "logout"])
            .output()
            .unwrap()
            .status
            .success()
    );
    assert_eq!(lookup(&profile), None);
}
