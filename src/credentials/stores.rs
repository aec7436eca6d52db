//! The OS credential stores this platform offers, by the names users know them by, and how
//! long a key kept in each one lasts.

use crate::text::count;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// One OS credential store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoreKind {
    /// The freedesktop Secret Service (gnome-keyring, KeePassXC, KWallet) over D-Bus.
    SecretService,
    /// The Linux kernel's key retention service (keyctl): works on headless servers.
    Keyutils,
    MacosKeychain,
    WindowsCredentialManager,
}

impl StoreKind {
    /// Every store, for messages that list the choices.
    pub const ALL: [StoreKind; 4] = [
        StoreKind::SecretService,
        StoreKind::Keyutils,
        StoreKind::MacosKeychain,
        StoreKind::WindowsCredentialManager,
    ];

    /// The stores of this platform in the order they are tried.
    pub fn platform_order() -> &'static [StoreKind] {
        if cfg!(target_os = "linux") {
            &[StoreKind::SecretService, StoreKind::Keyutils]
        } else if cfg!(target_os = "macos") {
            &[StoreKind::MacosKeychain]
        } else if cfg!(target_os = "windows") {
            &[StoreKind::WindowsCredentialManager]
        } else {
            &[]
        }
    }

    /// The name users know the store by.
    pub fn name(self) -> &'static str {
        match self {
            StoreKind::SecretService => "Secret Service",
            StoreKind::Keyutils => "kernel keyutils store",
            StoreKind::MacosKeychain => "macOS Keychain",
            StoreKind::WindowsCredentialManager => "Windows Credential Manager",
        }
    }

    /// The value of `--store` that picks it.
    pub fn id(self) -> &'static str {
        match self {
            StoreKind::SecretService => "secret-service",
            StoreKind::Keyutils => "keyutils",
            StoreKind::MacosKeychain => "keychain",
            StoreKind::WindowsCredentialManager => "windows",
        }
    }
}

impl fmt::Display for StoreKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for StoreKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase();
        let found = StoreKind::ALL.into_iter().find(|kind| kind.id() == wanted);
        match found {
            Some(kind) if StoreKind::platform_order().contains(&kind) => Ok(kind),
            Some(kind) => Err(format!("the {} is not available on this platform", kind.name())),
            None => Err(format!(
                "unknown store '{}'; choose one of: {}",
                crate::text::sanitize(text),
                StoreKind::platform_order().iter().map(|k| k.id()).collect::<Vec<_>>().join(", ")
            )),
        }
    }
}

/// Which store a command may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StoreChoice {
    /// The first store of this platform that works (Linux: the Secret Service when it
    /// answers with an unlocked collection, else kernel keyutils).
    #[default]
    Auto,
    /// Exactly this store, with no fallback.
    Only(StoreKind),
}

/// How long a stored key lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lifetime {
    /// Kept on disk by the OS store until deleted.
    UntilDeleted,
    /// Kernel memory linked to the user's persistent keyring: gone at reboot, and after
    /// `idle_expiry` without use when that is known.
    UntilReboot { idle_expiry: Option<Duration> },
    /// Only in this login session's kernel keyring: gone when the session ends.
    UntilLogout,
}

impl Lifetime {
    /// A sentence for the user, empty for a durable store.
    pub fn warning(self) -> Option<String> {
        match self {
            Lifetime::UntilDeleted => None,
            Lifetime::UntilReboot { idle_expiry } => Some(format!(
                "kernel keyutils keeps the key in kernel memory only: it does not survive a reboot{}. Run `outreach auth login` again then, or set OUTREACH_API_KEY.",
                match idle_expiry {
                    Some(expiry) => format!(
                        " and is dropped after {} unused (the persistent keyring's expiry, /proc/sys/kernel/keys/persistent_keyring_expiry)",
                        human_duration(expiry)
                    ),
                    None => String::new(),
                }
            )),
            Lifetime::UntilLogout => Some(
                "kernel keyutils could not link the key to your persistent keyring, so it lasts only until this login session ends (and never past a reboot). Run `outreach auth login` in each session, or set OUTREACH_API_KEY."
                    .into(),
            ),
        }
    }
}

fn human_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    match seconds {
        s if s >= 86_400 && s % 86_400 == 0 => count(s / 86_400, "day", "days"),
        s if s >= 3_600 && s % 3_600 == 0 => count(s / 3_600, "hour", "hours"),
        s => count(s, "second", "seconds"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_names_parse_and_explain() {
        if cfg!(target_os = "linux") {
            assert_eq!("keyutils".parse::<StoreKind>(), Ok(StoreKind::Keyutils));
            assert_eq!(" Secret-Service ".parse::<StoreKind>(), Ok(StoreKind::SecretService));
            assert!("keychain".parse::<StoreKind>().unwrap_err().contains("not available"));
        }
        let error = "vault".parse::<StoreKind>().unwrap_err();
        assert!(error.contains("unknown store 'vault'"), "{error}");
    }

    #[test]
    fn keyutils_lifetimes_are_told_honestly() {
        let three_days = Lifetime::UntilReboot { idle_expiry: Some(Duration::from_secs(259_200)) };
        let text = three_days.warning().unwrap();
        assert!(text.contains("does not survive a reboot"), "{text}");
        assert!(text.contains("dropped after 3 days unused"), "{text}");
        assert!(Lifetime::UntilLogout.warning().unwrap().contains("until this login session ends"));
        assert_eq!(Lifetime::UntilDeleted.warning(), None);
    }
}
