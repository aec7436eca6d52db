//! `[hooks]`: a shell command per event that `outreach watch` (and the dashboard) announces,
//! with a timeout and whether the message text goes with it. `[profiles.NAME.hooks]` may
//! name other commands for one profile: its keys replace the top table's, one by one.

use std::collections::BTreeMap;
use std::time::Duration;

/// The events a hook can be set for, as the config names them. `crate::observe::EventKind`
/// names its kinds with these words (a test there holds the two together).
pub const HOOK_EVENTS: [&str; 7] = [
    "reply_received",
    "category_changed",
    "meeting_booked",
    "meeting_cancelled",
    "bot_changed",
    "sla_breached",
    "opt_out_pending",
];

/// A hook that has not finished in this long is killed; a minute is already a stuck one.
pub const DEFAULT_HOOK_TIMEOUT: Duration = Duration::from_secs(10);

/// Longer than ten minutes is a typo: watch waits for each hook before the next poll.
pub const HOOK_TIMEOUT_SECONDS: std::ops::RangeInclusive<u64> = 1..=600;

/// `[hooks]` as it applies to one profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HooksConfig {
    /// The command (run with `sh -c`) by event name, from [`HOOK_EVENTS`].
    pub commands: BTreeMap<String, String>,
    /// How long a hook may run before its process group is killed.
    pub timeout: Duration,
    /// Whether the reply's text (its first meaningful line) is handed to the hook; off by
    /// default, so a hook posting to a chat channel cannot leak a contact's words unasked.
    pub include_text: bool,
}

impl Default for HooksConfig {
    fn default() -> Self {
        HooksConfig {
            commands: BTreeMap::new(),
            timeout: DEFAULT_HOOK_TIMEOUT,
            include_text: false,
        }
    }
}

impl HooksConfig {
    /// The command set for `event`, if any (an empty command is none).
    pub fn command(&self, event: &str) -> Option<&str> {
        self.commands.get(event).map(|c| c.trim()).filter(|c| !c.is_empty())
    }

    /// These settings with a profile's own table laid over them: its commands replace
    /// these one by one, its timeout and `include_text` where it sets them.
    pub fn with(&self, profile: &ProfileHooks) -> HooksConfig {
        let mut merged = self.clone();
        for (event, command) in &profile.commands {
            merged.commands.insert(event.clone(), command.clone());
        }
        if let Some(timeout) = profile.timeout {
            merged.timeout = timeout;
        }
        if let Some(include) = profile.include_text {
            merged.include_text = include;
        }
        merged
    }
}

/// `[profiles.NAME.hooks]`: what one profile changes of `[hooks]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileHooks {
    pub commands: BTreeMap<String, String>,
    pub timeout: Option<Duration>,
    pub include_text: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profiles_table_replaces_commands_one_by_one() {
        let top = HooksConfig {
            commands: BTreeMap::from([
                ("reply_received".into(), "notify-send reply".into()),
                ("bot_changed".into(), "notify-send bot".into()),
            ]),
            ..HooksConfig::default()
        };
        let profile = ProfileHooks {
            commands: BTreeMap::from([("reply_received".into(), "./crm.sh".into())]),
            timeout: Some(Duration::from_secs(3)),
            include_text: None,
        };
        let merged = top.with(&profile);
        assert_eq!(merged.command("reply_received"), Some("./crm.sh"));
        assert_eq!(merged.command("bot_changed"), Some("notify-send bot"));
        assert_eq!(merged.command("sla_breached"), None);
        assert_eq!(merged.timeout, Duration::from_secs(3));
        assert!(!merged.include_text);
    }
}
