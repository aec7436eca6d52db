//! Announcing new replies: the toast's words, and the bytes for the user's own terminal — a
//! bell and a desktop notification (OSC 9, understood by iTerm2, Windows Terminal, kitty,
//! WezTerm…; OSC 777, by foot, Konsole, VTE terminals). Both travel in the terminal stream,
//! so they reach the user's terminal over SSH. Only names and categories go in, sanitised;
//! never a message body.

use crate::text::{osc, sanitize, truncate};
use std::collections::BTreeSet;

/// One arrived reply: who, and its category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrival {
    pub name: String,
    pub category: String,
}

/// How new replies are announced beyond the toast and the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alerts {
    /// A terminal bell.
    pub bell: bool,
    /// A desktop notification through OSC 9 and OSC 777.
    pub desktop: bool,
    /// Inside tmux the notification goes through its passthrough.
    pub wrap: crate::text::Wrap,
}

impl Default for Alerts {
    fn default() -> Self {
        Alerts { bell: true, desktop: true, wrap: crate::text::Wrap::Plain }
    }
}

/// Arrived replies on their way to being announced: an absence notice is known only once
/// its chain is read, so the announcement waits for the chains of what arrived.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Announcing {
    /// Arrived and new, their chain not read yet.
    pub waiting: BTreeSet<i64>,
    /// Read and not an absence: announced together once nothing waits.
    pub ready: Vec<Arrival>,
}

/// Names listed in a toast before "and N more".
const NAMED: usize = 3;
/// Desktop notifications are short: the rest is in the dashboard.
const NOTIFICATION_WIDTH: usize = 120;

/// `2 new replies: Ann Lee (Interested), Bob Stone (Referral)`; names sanitised.
pub(crate) fn headline(arrivals: &[Arrival]) -> String {
    let count = arrivals.len();
    let noun = crate::text::noun(count, "new reply", "new replies");
    let mut who: Vec<String> = arrivals
        .iter()
        .take(NAMED)
        .map(|a| format!("{} ({})", sanitize(&a.name), sanitize(&a.category)))
        .collect();
    if count > NAMED {
        who.push(format!("and {} more", count - NAMED));
    }
    format!("{count} {noun}: {}", who.join(", "))
}

/// The bytes that ring the bell and raise a desktop notification, as `alerts` allows.
pub(crate) fn terminal_bytes(arrivals: &[Arrival], alerts: Alerts) -> Vec<String> {
    let mut out = Vec::new();
    if arrivals.is_empty() {
        return out;
    }
    if alerts.bell {
        out.push("\u{7}".to_string());
    }
    if alerts.desktop {
        // `;` separates OSC 777's fields: none may come from the server's text.
        let text = truncate(&headline(arrivals).replace(';', ","), NOTIFICATION_WIDTH);
        out.push(osc(&format!("9;outreach: {text}"), alerts.wrap));
        out.push(osc(&format!("777;notify;outreach;{text}"), alerts.wrap));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Wrap;

    fn arrival(name: &str, category: &str) -> Arrival {
        Arrival { name: name.into(), category: category.into() }
    }

    #[test]
    fn the_toast_names_who_replied_and_how_many_more() {
        let four = [
            arrival("Ann Lee", "Interested"),
            arrival("Bob", "Referral"),
            arrival("Cy", "Meeting"),
            arrival("Di", "Other"),
        ];
        assert_eq!(headline(&four[..1]), "1 new reply: Ann Lee (Interested)");
        assert_eq!(
            headline(&four),
            "4 new replies: Ann Lee (Interested), Bob (Referral), Cy (Meeting), and 1 more"
        );
    }

    #[test]
    fn bell_and_both_notifications_carry_no_control_or_field_separator_from_the_server() {
        let hostile = [arrival("Eve\u{1b}]52;c;ZXZpbA==\u{7};x", "Interested")];
        let bytes = terminal_bytes(&hostile, Alerts::default()).concat();
        assert!(bytes.starts_with('\u{7}'));
        assert!(bytes.contains("\u{1b}]9;outreach: 1 new reply: Eve"), "{bytes:?}");
        assert!(bytes.contains("\u{1b}]777;notify;outreach;1 new reply: Eve"), "{bytes:?}");
        assert_eq!(bytes.matches('\u{7}').count(), 1, "only our bell: {bytes:?}");
        assert_eq!(bytes.matches('\u{1b}').count(), 4, "two OSC strings, nothing smuggled");
        let quiet = Alerts { bell: false, desktop: false, wrap: Wrap::Plain };
        assert!(terminal_bytes(&hostile, quiet).is_empty());
        let tmux = Alerts { bell: false, desktop: true, wrap: Wrap::Tmux };
        assert!(terminal_bytes(&hostile, tmux)[0].starts_with("\u{1b}Ptmux;"));
    }
}
