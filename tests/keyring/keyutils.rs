//! The real Linux kernel keyutils store: store, read back (also from another process),
//! delete.
#![cfg(target_os = "linux")]

use crate::common;

use outreach_tui::api::ApiKey;
use outreach_tui::credentials::{Keyring, Lifetime, StoreChoice, StoreKind};
use std::process::Command;

const ONLY_KEYUTILS: StoreChoice = StoreChoice::Only(StoreKind::Keyutils);

#[tokio::test]
async fn a_key_is_stored_read_back_and_deleted() {
    let profile = common::keyring::unique_profile("keyutils");
    let key = ApiKey::new(format!("sk-keyutils-{profile}"));
    let keyring = Keyring::system();

    let stored = match keyring.store(&profile, &key, ONLY_KEYUTILS).await {
        Ok(stored) => stored,
        Err(error) => {
            common::keyring::unavailable("The kernel keyutils store", &error.to_string());
            return;
        }
    };
    assert_eq!(stored.store, StoreKind::Keyutils);
    // Kernel memory never survives a reboot, and the user must be told so.
    assert_ne!(stored.lifetime, Lifetime::UntilDeleted);
    assert!(stored.lifetime.warning().unwrap().contains("reboot"));

    let found = keyring.read(&profile, ONLY_KEYUTILS).await.found.unwrap();
    assert_eq!((found.key.expose(), found.store), (key.expose(), StoreKind::Keyutils));

    // Another process in a new session keyring finds it through the persistent keyring, as
    // a later SSH login does.
    if common::keyring::has_program("keyctl") {
        let script = format!(
            "keyctl get_persistent @s >/dev/null && keyctl pipe '%user:keyring:{profile}@outreach'"
        );
        let other =
            Command::new("keyctl").args(["session", "-", "sh", "-c", &script]).output().unwrap();
        assert!(other.status.success(), "keyctl: {}", String::from_utf8_lossy(&other.stderr));
        assert_eq!(other.stdout, key.expose().as_bytes());
    } else {
        common::keyring::unavailable("keyctl (package keyutils)", "it is not on PATH");
    }

    let removal = keyring.remove(&profile, ONLY_KEYUTILS).await;
    assert_eq!(removal.removed_from, vec![StoreKind::Keyutils]);
    assert!(removal.problems.is_empty(), "{:?}", removal.problems);
    // The kernel drops an invalidated key from its keyrings in its garbage collector, a
    // moment after the call: wait for that, with a deadline.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        if keyring.read(&profile, ONLY_KEYUTILS).await.found.is_none() {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the key is still there after removal");
        tokio::task::yield_now().await;
    }
}
