//! The real Secret Service (gnome-keyring under `dbus-run-session`, see `.ci/with-keyring`):
//! what outreach stores, `secret-tool` finds, and the reverse.
#![cfg(target_os = "linux")]

mod common;

use outreach_tui::api::ApiKey;
use outreach_tui::credentials::{Keyring, Lifetime, StoreChoice, StoreKind};
use std::io::Write;
use std::process::{Command, Stdio};

const ONLY_SECRET_SERVICE: StoreChoice = StoreChoice::Only(StoreKind::SecretService);

/// The Secret Service and secret-tool, or a loud reason why not.
async fn secret_service_ready(keyring: &Keyring) -> bool {
    if let Err(error) = keyring.writable(StoreKind::SecretService).await {
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

fn secret_tool_lookup(attribute: &str, profile: &str) -> Option<String> {
    let output = Command::new("secret-tool")
        .args(["lookup", "service", "outreach", attribute, profile])
        .output()
        .unwrap();
    output.status.success().then(|| String::from_utf8(output.stdout).unwrap())
}

fn secret_tool_store(profile: &str, key: &str) {
    let mut child = Command::new("secret-tool")
        .args(["store", "--label", "outreach test", "service", "outreach", "user", profile])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(key.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
}

#[tokio::test]
async fn a_key_stored_by_outreach_is_found_by_secret_tool() {
    let keyring = Keyring::system();
    if !secret_service_ready(&keyring).await {
        return;
    }
    let profile = common::keyring::unique_profile("ss-out");
    let key = ApiKey::new(format!("sk-ss-{profile}"));
    let stored = keyring.store(&profile, &key, ONLY_SECRET_SERVICE).await.unwrap();
    assert_eq!((stored.store, stored.lifetime), (StoreKind::SecretService, Lifetime::UntilDeleted));

    assert_eq!(secret_tool_lookup("user", &profile).as_deref(), Some(key.expose()));
    assert_eq!(secret_tool_lookup("username", &profile).as_deref(), Some(key.expose()));
    let found = keyring.read(&profile, StoreChoice::Auto).await.found.unwrap();
    assert_eq!((found.key.expose(), found.store), (key.expose(), StoreKind::SecretService));

    let removal = keyring.remove(&profile, StoreChoice::Auto).await;
    assert_eq!(removal.removed_from, vec![StoreKind::SecretService]);
    assert_eq!(secret_tool_lookup("user", &profile), None);
}

#[tokio::test]
async fn a_key_stored_by_secret_tool_is_found_by_outreach() {
    let keyring = Keyring::system();
    if !secret_service_ready(&keyring).await {
        return;
    }
    let profile = common::keyring::unique_profile("ss-in");
    let key = format!("sk-from-secret-tool-{profile}");
    secret_tool_store(&profile, &key);

    let found = keyring.read(&profile, StoreChoice::Auto).await.found.unwrap();
    assert_eq!((found.key.expose(), found.store), (key.as_str(), StoreKind::SecretService));

    let removal = keyring.remove(&profile, ONLY_SECRET_SERVICE).await;
    assert_eq!(removal.removed_from, vec![StoreKind::SecretService]);
    assert_eq!(secret_tool_lookup("user", &profile), None);
    assert!(keyring.read(&profile, StoreChoice::Auto).await.found.is_none());
}

#[tokio::test]
async fn automatic_choice_prefers_the_secret_service_when_it_is_unlocked() {
    let keyring = Keyring::system();
    if !secret_service_ready(&keyring).await {
        return;
    }
    let profile = common::keyring::unique_profile("ss-auto");
    let stored =
        keyring.store(&profile, &ApiKey::new("sk-auto-1234"), StoreChoice::Auto).await.unwrap();
    assert_eq!(stored.store, StoreKind::SecretService);
    assert!(stored.passed_over.is_empty());
    keyring.remove(&profile, StoreChoice::Auto).await;
}
