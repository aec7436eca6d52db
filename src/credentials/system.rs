//! This platform's real stores: opening them, asking whether they can take a key without a
//! prompt, and what their entries look like. Every function here blocks: call them only
//! from [`super::offthread`].

use super::SERVICE;
use super::error::{KeyringError, Problem};
use super::stores::{Lifetime, StoreKind};
use keyring_core::{CredentialStore, Entry};
use std::collections::HashMap;
use std::sync::Arc;

/// Opens this platform's store of `kind`.
pub(crate) fn open(kind: StoreKind) -> Result<Arc<CredentialStore>, KeyringError> {
    let opened: keyring_core::Result<Arc<CredentialStore>> =
        match kind {
            #[cfg(target_os = "linux")]
            StoreKind::SecretService => zbus_secret_service_keyring_store::Store::new()
                .map(|store| store as Arc<CredentialStore>),
            #[cfg(target_os = "linux")]
            StoreKind::Keyutils => linux_keyutils_keyring_store::Store::new()
                .map(|store| store as Arc<CredentialStore>),
            #[cfg(target_os = "macos")]
            StoreKind::MacosKeychain => apple_native_keyring_store::keychain::Store::new()
                .map(|store| store as Arc<CredentialStore>),
            #[cfg(target_os = "windows")]
            StoreKind::WindowsCredentialManager => windows_native_keyring_store::Store::new()
                .map(|store| store as Arc<CredentialStore>),
            _ => {
                return Err(KeyringError::new(kind, Problem::Unavailable, "not on this platform"));
            }
        };
    // Failing to open means the store is not there: no session bus, no Secret Service, no keyctl.
    opened.map_err(|error| match error {
        keyring_core::Error::NoStorageAccess(inner)
        | keyring_core::Error::PlatformFailure(inner) => {
            KeyringError::new(kind, Problem::Unavailable, inner)
        }
        other => KeyringError::from_keyring(kind, &other),
    })
}

/// Modifiers for a new entry: a label people recognise in Seahorse or KeePassXC.
pub(crate) fn entry_modifiers(kind: StoreKind, profile: &str) -> HashMap<&'static str, String> {
    let mut modifiers = HashMap::new();
    if kind == StoreKind::SecretService {
        // The team store's password is kept under `team:PROFILE` (crate::team).
        let label = match profile.strip_prefix("team:") {
            Some(team) => format!("outreach team store password (profile {team})"),
            None => format!("outreach API key (profile {profile})"),
        };
        modifiers.insert("label", label);
    }
    modifiers
}

/// Whether the store can take a new key now without raising an unlock prompt.
pub(crate) fn ready_for_writing(kind: StoreKind) -> Result<(), KeyringError> {
    match kind {
        #[cfg(target_os = "linux")]
        StoreKind::SecretService => secret_service_unlocked(),
        _ => Ok(()),
    }
}

/// The Secret Service is usable when its default collection exists and is unlocked.
#[cfg(target_os = "linux")]
fn secret_service_unlocked() -> Result<(), KeyringError> {
    use secret_service::EncryptionType;
    use secret_service::blocking::SecretService;
    let kind = StoreKind::SecretService;
    let service = SecretService::connect(EncryptionType::Plain)
        .map_err(|error| KeyringError::new(kind, Problem::Unavailable, error))?;
    let collection = service.get_default_collection().map_err(|error| {
        KeyringError::new(
            kind,
            Problem::Unavailable,
            format!("it has no default collection ({error})"),
        )
    })?;
    match collection.is_locked() {
        Ok(false) => Ok(()),
        Ok(true) => {
            Err(KeyringError::new(kind, Problem::Locked, "its default collection is locked"))
        }
        Err(error) => Err(KeyringError::new(kind, Problem::Failed, error)),
    }
}

/// After storing: the Secret Service item also gets a `user` attribute, so both
/// `secret-tool lookup service outreach user NAME` and keyring's own `username` find it.
pub(crate) fn after_store(kind: StoreKind, entry: &Entry, profile: &str) {
    if kind == StoreKind::SecretService {
        let attributes = HashMap::from([("user", profile)]);
        if let Err(error) = entry.update_attributes(&attributes) {
            tracing::debug!("could not add the user attribute to the Secret Service item: {error}");
        }
    }
}

/// Entries saved by other tools under `service outreach user NAME` (Secret Service only),
/// consulted when keyring's own `username` attribute finds nothing.
pub(crate) fn other_entries(
    kind: StoreKind,
    store: &CredentialStore,
    profile: &str,
) -> keyring_core::Result<Vec<Entry>> {
    if kind != StoreKind::SecretService {
        return Ok(Vec::new());
    }
    store.search(&HashMap::from([("service", SERVICE), ("user", profile)]))
}

/// Gets the calling thread ready to use the store. keyutils: a process started without a
/// login session keyring (Debian and Ubuntu over SSH, containers, cron) only has the per-user
/// default one, from which the store cannot link its key to the persistent keyring (EACCES);
/// such a thread joins a fresh session keyring first, and the key then lives in the user's
/// persistent keyring.
pub(crate) fn prepare(kind: StoreKind) -> Result<(), KeyringError> {
    #[cfg(target_os = "linux")]
    if kind == StoreKind::Keyutils {
        return keyutils_session::prepare();
    }
    let _ = kind;
    Ok(())
}

/// How long a key kept in this store lasts; `None` when it would vanish with this process
/// (keyutils with neither a persistent keyring nor a login session keyring).
pub(crate) fn lifetime(kind: StoreKind, entry: &Entry) -> Option<Lifetime> {
    #[cfg(target_os = "linux")]
    if kind == StoreKind::Keyutils {
        let linked = entry
            .as_any()
            .downcast_ref::<linux_keyutils_keyring_store::Cred>()
            .map(|cred| cred.persistent.is_some())
            .unwrap_or(false);
        return if linked {
            Some(Lifetime::UntilReboot { idle_expiry: persistent_keyring_expiry() })
        } else if keyutils_session::joined() {
            None
        } else {
            Some(Lifetime::UntilLogout)
        };
    }
    let _ = (kind, entry);
    Some(Lifetime::UntilDeleted)
}

#[cfg(target_os = "linux")]
mod keyutils_session {
    use super::StoreKind;
    use crate::credentials::error::{KeyringError, Problem};
    use linux_keyutils::{KeyRing, KeyRingIdentifier};
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Set once this process made a session keyring of its own, which ends with it.
    static JOINED: AtomicBool = AtomicBool::new(false);

    pub(super) fn joined() -> bool {
        JOINED.load(Ordering::Relaxed)
    }

    pub(super) fn prepare() -> Result<(), KeyringError> {
        let failed = |error: linux_keyutils::KeyError| {
            KeyringError::new(StoreKind::Keyutils, Problem::Unavailable, format!("keyctl: {error}"))
        };
        let session =
            KeyRing::from_special_id(KeyRingIdentifier::Session, false).map_err(failed)?;
        let user_default =
            KeyRing::from_special_id(KeyRingIdentifier::UserSession, false).map_err(failed)?;
        if session == user_default {
            // With `create`, the kernel replaces the per-user default by a new session keyring.
            KeyRing::from_special_id(KeyRingIdentifier::Session, true).map_err(failed)?;
            JOINED.store(true, Ordering::Relaxed);
        }
        Ok(())
    }
}

#[cfg(target_os = "linux")]
fn persistent_keyring_expiry() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/sys/kernel/keys/persistent_keyring_expiry").ok()?;
    text.trim().parse().ok().map(std::time::Duration::from_secs)
}

/// The lifetime a store other than this platform's (a test store) declares.
pub(crate) fn declared_lifetime(store: &CredentialStore) -> Lifetime {
    match store.persistence() {
        keyring_core::CredentialPersistence::UntilReboot => {
            Lifetime::UntilReboot { idle_expiry: None }
        }
        keyring_core::CredentialPersistence::UntilLogout => Lifetime::UntilLogout,
        _ => Lifetime::UntilDeleted,
    }
}
