//! `outreach auth login` into the real Secret Service, read back with `secret-tool`, and
//! the reverse (see `.ci/with-keyring`).
#![cfg(target_os = "linux")]

use crate::common;

use common::cli::outputs;
use common::home::Isolated;
use common::keyring::{
    secret_service_ready, secret_tool_lookup, secret_tool_store, unique_profile,
};
use common::sim::BlockingSim;
use outreach_tui::credentials::Keyring;

#[test]
fn auth_login_stores_in_the_secret_service_and_secret_tool_reads_it() {
    let sim = BlockingSim::start();
    if !sim.block_on(secret_service_ready(&Keyring::system())) {
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
    assert_eq!(secret_tool_lookup("user", &profile), Some(sim.admin_key()));

    let output = home.outreach().args(["--profile", &profile, "auth", "logout"]).output().unwrap();
    assert!(outputs(&output).0.contains("from the Secret Service"));
    assert_eq!(secret_tool_lookup("user", &profile), None);
}

#[test]
fn a_key_stored_with_secret_tool_is_used_by_outreach() {
    let sim = BlockingSim::start();
    if !sim.block_on(secret_service_ready(&Keyring::system())) {
        return;
    }
    let home = Isolated::new();
    let profile = unique_profile("cli-ss-in");
    secret_tool_store(&profile, &sim.admin_key());

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
    assert_eq!(secret_tool_lookup("user", &profile), None);
}
