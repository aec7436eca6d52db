//! `Keyring`: the stores a key may live in, tried in order, each call off the async workers
//! with a time limit. One key per profile: service `outreach`, user = profile name.

use super::error::{KeyringError, Problem};
use super::offthread::{self, NoAnswer};
use super::stores::{Lifetime, StoreChoice, StoreKind};
use super::{SERVICE, TIMEOUT, system};
use crate::api::ApiKey;
use keyring_core::{CredentialStore, Entry};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// The stores keys are kept in, in the order they are tried.
#[derive(Clone)]
pub struct Keyring {
    backends: Vec<Backend>,
    timeout: Duration,
}

#[derive(Clone)]
struct Backend {
    kind: StoreKind,
    /// A store given by the caller (tests); `None` opens the platform's real store.
    given: Option<Arc<CredentialStore>>,
}

/// A key found in a store.
#[derive(Debug, Clone)]
pub struct Found {
    pub key: ApiKey,
    pub store: StoreKind,
    pub lifetime: Lifetime,
}

/// The result of looking for a profile's key: the key if any store has it, the stores that
/// answered that they hold none, and the stores that could not be asked (worth telling when
/// no key was found).
#[derive(Debug, Clone, Default)]
pub struct Lookup {
    pub found: Option<Found>,
    pub answered: Vec<StoreKind>,
    pub problems: Vec<KeyringError>,
}

/// Where a key was stored, how long it lasts there, and which stores were passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub store: StoreKind,
    pub lifetime: Lifetime,
    /// Stores tried first that could not take the key, each with its reason.
    pub passed_over: Vec<KeyringError>,
    /// Other stores that held an older key for this profile, now removed so it cannot
    /// shadow the new one.
    pub replaced_in: Vec<StoreKind>,
}

/// No store could take the key; one error per store tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoStoreWorked(pub Vec<KeyringError>);

impl fmt::Display for NoStoreWorked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [] => f.write_str(
                "No OS credential store exists on this platform; set OUTREACH_API_KEY instead.",
            ),
            [only] => write!(f, "{only}"),
            all => {
                f.write_str("No OS credential store could keep the key:")?;
                for error in all {
                    write!(f, "\n  - {error}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for NoStoreWorked {}

/// What a logout removed.
#[derive(Debug, Clone, Default)]
pub struct Removal {
    pub removed_from: Vec<StoreKind>,
    pub problems: Vec<KeyringError>,
}

impl fmt::Debug for Keyring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Keyring").field("stores", &self.kinds()).finish()
    }
}

impl Keyring {
    /// This platform's stores (Linux: Secret Service, then kernel keyutils).
    pub fn system() -> Self {
        let backends =
            StoreKind::platform_order().iter().map(|&kind| Backend { kind, given: None }).collect();
        Keyring { backends, timeout: TIMEOUT }
    }

    /// Given stores standing in for the named kinds, in this order (tests use
    /// `keyring_core::mock` stores here).
    pub fn with_stores(stores: Vec<(StoreKind, Arc<CredentialStore>)>) -> Self {
        let backends =
            stores.into_iter().map(|(kind, store)| Backend { kind, given: Some(store) }).collect();
        Keyring { backends, timeout: TIMEOUT }
    }

    /// The same stores with another time limit per store call.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The kinds of store tried, in order.
    pub fn kinds(&self) -> Vec<StoreKind> {
        self.backends.iter().map(|backend| backend.kind).collect()
    }

    fn chosen(&self, choice: StoreChoice) -> Result<Vec<Backend>, NoStoreWorked> {
        match choice {
            StoreChoice::Auto => Ok(self.backends.clone()),
            StoreChoice::Only(kind) => {
                let only: Vec<Backend> =
                    self.backends.iter().filter(|b| b.kind == kind).cloned().collect();
                if only.is_empty() {
                    let detail = "not on this platform";
                    return Err(NoStoreWorked(vec![KeyringError::new(
                        kind,
                        Problem::Unavailable,
                        detail,
                    )]));
                }
                Ok(only)
            }
        }
    }

    /// Whether the store of `kind` could take a key now without an unlock prompt (the
    /// Secret Service: it answers and its default collection is unlocked).
    pub async fn writable(&self, kind: StoreKind) -> Result<(), KeyringError> {
        let Some(backend) = self.backends.iter().find(|b| b.kind == kind) else {
            return Err(KeyringError::new(kind, Problem::Unavailable, "not on this platform"));
        };
        if backend.given.is_some() {
            return Ok(());
        }
        self.call(kind, move || {
            system::ready_for_writing(kind)?;
            system::open(kind).map(drop)
        })
        .await
    }

    /// Looks for the profile's key in the chosen stores, first hit wins.
    pub async fn read(&self, profile: &str, choice: StoreChoice) -> Lookup {
        let backends = match self.chosen(choice) {
            Ok(backends) => backends,
            Err(NoStoreWorked(problems)) => return Lookup { problems, ..Lookup::default() },
        };
        let mut lookup = Lookup::default();
        for backend in backends {
            let kind = backend.kind;
            let profile = profile.to_string();
            match self.call(kind, move || backend.get(&profile)).await {
                Ok(Some((key, lifetime))) => {
                    lookup.found = Some(Found { key, store: kind, lifetime });
                    return lookup;
                }
                Ok(None) => lookup.answered.push(kind),
                Err(error) => lookup.problems.push(error),
            }
        }
        lookup
    }

    /// Stores the profile's key in the first chosen store that takes it, then removes older
    /// keys of the profile from the other stores so they cannot shadow it.
    pub async fn store(
        &self,
        profile: &str,
        key: &ApiKey,
        choice: StoreChoice,
    ) -> Result<Stored, NoStoreWorked> {
        let mut passed_over = Vec::new();
        let mut stored = None;
        for backend in self.chosen(choice)? {
            let kind = backend.kind;
            let (profile, key) = (profile.to_string(), key.clone());
            match self.call(kind, move || backend.set(&profile, &key)).await {
                Ok(lifetime) => {
                    stored = Some((kind, lifetime));
                    break;
                }
                Err(error) => passed_over.push(error),
            }
        }
        let Some((store, lifetime)) = stored else { return Err(NoStoreWorked(passed_over)) };
        let mut replaced_in = Vec::new();
        // Stores passed over are not asked again: a locked one would raise an unlock prompt.
        let skip: Vec<StoreKind> = passed_over.iter().map(|e| e.store).chain([store]).collect();
        for other in self.backends.iter().filter(|b| !skip.contains(&b.kind)).cloned() {
            let kind = other.kind;
            let profile = profile.to_string();
            match self.call(kind, move || other.remove(&profile)).await {
                Ok(true) => replaced_in.push(kind),
                Ok(false) => {}
                // The new key is stored; a store that cannot be asked holds no usable key.
                Err(error) => tracing::debug!("not cleaning {kind}: {error}"),
            }
        }
        Ok(Stored { store, lifetime, passed_over, replaced_in })
    }

    /// Removes the profile's key from the chosen stores.
    pub async fn remove(&self, profile: &str, choice: StoreChoice) -> Removal {
        let backends = match self.chosen(choice) {
            Ok(backends) => backends,
            Err(NoStoreWorked(problems)) => return Removal { removed_from: Vec::new(), problems },
        };
        let mut removal = Removal::default();
        for backend in backends {
            let kind = backend.kind;
            let profile = profile.to_string();
            match self.call(kind, move || backend.remove(&profile)).await {
                Ok(true) => removal.removed_from.push(kind),
                Ok(false) => {}
                // A store that is not there holds no key: no Secret Service on a headless
                // server is not a failure of `logout` there.
                Err(error)
                    if choice == StoreChoice::Auto && error.problem == Problem::Unavailable =>
                {
                    tracing::debug!("{error}");
                }
                Err(error) => removal.problems.push(error),
            }
        }
        removal
    }

    async fn call<T: Send + 'static>(
        &self,
        kind: StoreKind,
        call: impl FnOnce() -> Result<T, KeyringError> + Send + 'static,
    ) -> Result<T, KeyringError> {
        match offthread::run(self.timeout, call).await {
            Ok(result) => result,
            Err(NoAnswer::TimedOut) => {
                Err(KeyringError::new(kind, Problem::TimedOut(self.timeout), "no answer"))
            }
            Err(NoAnswer::Crashed(detail)) => Err(KeyringError::new(kind, Problem::Failed, detail)),
        }
    }
}

/// The blocking work on one store; runs on a keyring thread.
impl Backend {
    fn store(&self) -> Result<Arc<CredentialStore>, KeyringError> {
        match &self.given {
            Some(store) => Ok(store.clone()),
            None => {
                system::prepare(self.kind)?;
                system::open(self.kind)
            }
        }
    }

    fn entry(&self, store: &CredentialStore, profile: &str) -> Result<Entry, KeyringError> {
        let modifiers = if self.given.is_some() {
            HashMap::new()
        } else {
            system::entry_modifiers(self.kind, profile)
        };
        let modifiers: HashMap<&str, &str> =
            modifiers.iter().map(|(name, value)| (*name, value.as_str())).collect();
        let modifiers = Some(&modifiers).filter(|m| !m.is_empty());
        store.build(SERVICE, profile, modifiers).map_err(|error| self.error(&error))
    }

    fn lifetime(&self, store: &CredentialStore, entry: &Entry) -> Option<Lifetime> {
        match &self.given {
            Some(_) => Some(system::declared_lifetime(store)),
            None => system::lifetime(self.kind, entry),
        }
    }

    fn error(&self, error: &keyring_core::Error) -> KeyringError {
        KeyringError::from_keyring(self.kind, error)
    }

    fn get(&self, profile: &str) -> Result<Option<(ApiKey, Lifetime)>, KeyringError> {
        let store = self.store()?;
        let entry = self.entry(&*store, profile)?;
        let password = match entry.get_password() {
            Ok(password) => password,
            Err(keyring_core::Error::NoEntry) => match self.other_entry(&*store, profile)? {
                Some(other) => other,
                None => return Ok(None),
            },
            Err(error) => return Err(self.error(&error)),
        };
        let key = ApiKey::new(password);
        if key.is_empty() {
            return Ok(None);
        }
        // Found means it outlived the process that stored it, so it is not process-bound.
        let lifetime = self.lifetime(&*store, &entry).unwrap_or(Lifetime::UntilLogout);
        Ok(Some((key, lifetime)))
    }

    /// A key saved by another tool under the Secret Service's `user` attribute.
    fn other_entry(
        &self,
        store: &CredentialStore,
        profile: &str,
    ) -> Result<Option<String>, KeyringError> {
        if self.given.is_some() {
            return Ok(None);
        }
        let entries =
            system::other_entries(self.kind, store, profile).map_err(|e| self.error(&e))?;
        match entries.as_slice() {
            [] => Ok(None),
            [only] => only.get_password().map(Some).map_err(|error| self.error(&error)),
            several => Err(KeyringError::new(
                self.kind,
                Problem::Failed,
                format!(
                    "{} entries match service '{SERVICE}' and user '{profile}'; remove the extra ones (`secret-tool clear service {SERVICE} user {profile}` removes them all)",
                    several.len()
                ),
            )),
        }
    }

    fn set(&self, profile: &str, key: &ApiKey) -> Result<Lifetime, KeyringError> {
        if self.given.is_none() {
            system::ready_for_writing(self.kind)?;
        }
        let store = self.store()?;
        let entry = self.entry(&*store, profile)?;
        entry.set_password(key.expose()).map_err(|error| self.error(&error))?;
        if self.given.is_none() {
            system::after_store(self.kind, &entry, profile);
        }
        match self.lifetime(&*store, &entry) {
            Some(lifetime) => Ok(lifetime),
            None => {
                let _ = entry.delete_credential();
                Err(KeyringError::new(
                    self.kind,
                    Problem::Unavailable,
                    "the kernel offers no persistent keyring and this process has no login session keyring, so the key would vanish when the command ends",
                ))
            }
        }
    }

    fn remove(&self, profile: &str) -> Result<bool, KeyringError> {
        let store = self.store()?;
        let entry = self.entry(&*store, profile)?;
        let mut removed = match entry.delete_credential() {
            Ok(()) => true,
            Err(keyring_core::Error::NoEntry) => false,
            Err(error) => return Err(self.error(&error)),
        };
        if self.given.is_none() {
            let others =
                system::other_entries(self.kind, &*store, profile).map_err(|e| self.error(&e))?;
            for other in others {
                other.delete_credential().map_err(|error| self.error(&error))?;
                removed = true;
            }
        }
        Ok(removed)
    }
}
