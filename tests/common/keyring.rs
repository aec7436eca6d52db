//! Tests on the real OS key stores: profile names no other test uses, and saying loudly
//! when a store is missing here (a failure in CI); the Secret Service as `secret-tool`
//! (libsecret's own client) sees it.

use outreach_tui::credentials::{Keyring, StoreKind};
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A profile name no other test (or earlier run) uses, so tests can share the real OS stores.
pub fn unique_profile(test: &str) -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().subsec_nanos();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("t-{test}-{}-{nanos}-{n}", std::process::id())
}

/// Says loudly that a test cannot run here: fails in CI, otherwise reports and lets it pass.
/// Returns `false` so callers can `if !available(..) { return; }`.
pub fn unavailable(what: &str, why: &str) -> bool {
    super::skip::skipped(&format!(
        "{what} is not available here: {why}. Run the tests under `.ci/with-keyring` (as `.ci/run` does)."
    ))
}

/// Whether a program is on PATH.
pub fn has_program(name: &str) -> bool {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
        .unwrap_or(false)
}

/// The Secret Service and secret-tool, or a loud reason why not.
pub async fn secret_service_ready(keyring: &Keyring) -> bool {
    if let Err(error) = keyring.writable(StoreKind::SecretService).await {
        return unavailable("A Secret Service with an unlocked collection", &error.to_string());
    }
    if !has_program("secret-tool") {
        return unavailable("secret-tool (package libsecret-tools)", "it is not on PATH");
    }
    true
}

/// What `secret-tool lookup service outreach ATTRIBUTE PROFILE` finds.
pub fn secret_tool_lookup(attribute: &str, profile: &str) -> Option<String> {
    let output = Command::new("secret-tool")
        .args(["lookup", "service", "outreach", attribute, profile])
        .output()
        .unwrap();
    output.status.success().then(|| String::from_utf8(output.stdout).unwrap())
}

/// Stores `key` for `profile` with `secret-tool`, as a user could by hand.
pub fn secret_tool_store(profile: &str, key: &str) {
    let mut child = Command::new("secret-tool")
        .args(["store", "--label", "outreach test", "service", "outreach", "user", profile])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(key.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
}
