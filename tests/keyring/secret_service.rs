//! The real Secret Service (gnome-keyring under `dbus-run-session`, see `.ci/with-keyring`):
//! what outreach stores, `secret-tool` finds, and the reverse.
#![cfg(target_os = "linux")]

use crate::common;

use common::keyring::{
    secret_service_ready, secret_tool_lookup, secret_tool_store, unique_profile,
};
use outreach_tui::api::ApiKey;
use outreach_tui::credentials::{Keyring, Lifetime, StoreChoice, StoreKind};

const ONLY_SECRET_SERVICE: StoreChoice = StoreChoice::Only(StoreKind::SecretService);

#[tokio::test]
async fn a_key_stored_by_outreach_is_found_by_secret_tool() {
    let keyring = Keyring::system();
    if !secret_service_ready(&keyring).await {
        return;
    }
    let profile = unique_profile("ss-out");
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
    let profile = unique_profile("ss-in");
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
    let profile = unique_profile("ss-auto");
    let stored =
        keyring.store(&profile, &ApiKey::new("sk-auto-1234"), StoreChoice::Auto).await.unwrap();
    assert_eq!(stored.store, StoreKind::SecretService);
    assert!(stored.passed_over.is_empty());
    keyring.remove(&profile, StoreChoice::Auto).await;
}
