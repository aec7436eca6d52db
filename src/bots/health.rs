//! One definition of a bot's health (whether it needs attention), used by the
//! Overview, the Bots pane, `outreach status` and `outreach bots list`.
//!
//! *Retired* bots (DELETED, CANCELLED, INACTIVE) no longer send: they are listed apart and
//! never need attention, whatever their mailbox says. A bot SCHEDULED_FOR_CANCELLATION still
//! sends, so it is *ending*. A bot COOLING_OFF is in a warm-down pause: it is *cooling off*
//! — not healthy (it does not send now, so it is never offered as healthy) yet no alarm by
//! itself (the pause ends on its own). Any other bot is live, and *needs attention* when it
//! cannot send well: its mailbox is not ACTIVE, DNS MX/SPF or its CNAME/SSL is invalid, an
//! authorisation is invalid, or its account is SUSPENDED, PAYMENT_FAILED,
//! PROVISIONING_FAILED (or in a status this client does not know).

use super::checks::{Check, CheckKind, checks};
use crate::api::{Bot, BotStatus};
use serde::{Deserialize, Serialize};

/// Where a bot stands, from worst to best for someone deciding what to look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// Live, but cannot send well: see [`problems`].
    Attention,
    /// COOLING_OFF: paused for a warm-down, not sending until it resumes.
    CoolingOff,
    /// Scheduled for cancellation: still sending, for now.
    Ending,
    /// Live and sending well.
    Healthy,
    /// Deleted, cancelled or inactive: no longer sends.
    Retired,
}

impl Standing {
    /// The word shown next to a bot.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Standing::Attention => "needs attention",
            Standing::CoolingOff => "cooling off",
            Standing::Ending => "ending",
            Standing::Healthy => "healthy",
            Standing::Retired => "retired",
        }
    }

    /// Whether a bot in this standing sends: healthy, or ending (a bot scheduled for
    /// cancellation still sends, for now). "Healthy" itself is one standing only, so the
    /// pre-flight and `status` count the same bots under that word.
    pub fn sends(self) -> bool {
        matches!(self, Standing::Healthy | Standing::Ending)
    }
}

/// Whether a bot in this status no longer sends at all.
pub(crate) fn is_retired(status: &BotStatus) -> bool {
    matches!(status, BotStatus::Deleted | BotStatus::Cancelled | BotStatus::Inactive)
}

/// Where a bot stands.
pub fn standing(bot: &Bot) -> Standing {
    if is_retired(&bot.status) {
        Standing::Retired
    } else if !problems(bot).is_empty() {
        Standing::Attention
    } else if bot.status == BotStatus::ScheduledForCancellation {
        Standing::Ending
    } else if bot.status == BotStatus::CoolingOff {
        Standing::CoolingOff
    } else {
        Standing::Healthy
    }
}

/// What keeps a live bot from sending well, in words; empty for a healthy or retired bot.
/// Read from the failed [`checks`], so the verdict and the checklist agree.
pub fn problems(bot: &Bot) -> Vec<String> {
    if is_retired(&bot.status) {
        return Vec::new();
    }
    let checks = checks(bot);
    let failed = |kind| checks.iter().filter(move |c: &&Check| c.kind == kind && c.failed());
    let mut problems = Vec::new();
    // A status the server left out (null) is said to be unknown, not named as "".
    let stated = |known: &str, unknown: &str, value: &str| match value.trim() {
        "" => unknown.to_string(),
        value => format!("{known} {value}"),
    };
    if failed(CheckKind::Mailbox).next().is_some() {
        problems.push(stated("mailbox", "mailbox status unknown", bot.mailbox_status.as_str()));
    }
    if failed(CheckKind::Status).next().is_some() {
        problems.push(stated("status", "status unknown", bot.status.as_str()));
    }
    let missing: Vec<&str> = [(CheckKind::DnsMx, "MX"), (CheckKind::DnsSpf, "SPF")]
        .into_iter()
        .filter(|(kind, _)| failed(*kind).next().is_some())
        .map(|(_, name)| name)
        .collect();
    if !missing.is_empty() {
        problems.push(format!("DNS {} missing", missing.join("+")));
    }
    // An SSL certificate follows its CNAME record: the record is the thing to fix first.
    if failed(CheckKind::CnameRecord).next().is_some() {
        problems.push("CNAME invalid".into());
    } else if failed(CheckKind::Ssl).next().is_some() {
        problems.push("SSL invalid".into());
    }
    if failed(CheckKind::Auth).next().is_some() {
        problems.push("auth invalid".into());
    }
    problems
}

/// A bot's health in a few words for a table cell: what is wrong with a live bot, or that
/// it is ending or retired; empty when healthy.
pub fn verdict(bot: &Bot) -> String {
    match standing(bot) {
        Standing::Healthy => String::new(),
        Standing::Attention => problems(bot).join(", "),
        other => other.label().to_string(),
    }
}

/// A live bot every check passes, for the tests here and in `summary`.
#[cfg(test)]
pub(crate) fn healthy_bot(id: i64) -> Bot {
    use crate::api::{AuthData, CnameRecord, DnsValidation, MailboxStatus};
    Bot {
        id,
        email: format!("bot{id}@example.com"),
        mailbox_status: MailboxStatus::Active,
        status: BotStatus::Active,
        dns_validation: Some(DnsValidation { mx: true, spf: true }),
        cname_record: Some(CnameRecord {
            valid_record: true,
            valid_ssl: true,
            ..CnameRecord::default()
        }),
        auth_data: vec![AuthData { is_valid: true, ..AuthData::default() }],
        ..Bot::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{AuthData, CnameRecord, DnsValidation, MailboxStatus};

    fn healthy() -> Bot {
        healthy_bot(1)
    }

    #[test]
    fn retired_bots_never_need_attention_whatever_their_mailbox() {
        for status in [BotStatus::Deleted, BotStatus::Cancelled, BotStatus::Inactive] {
            let bot = Bot {
                status: status.clone(),
                mailbox_status: MailboxStatus::Paused,
                dns_validation: Some(DnsValidation { mx: false, spf: false }),
                ..healthy()
            };
            assert_eq!(standing(&bot), Standing::Retired, "{status}");
            assert!(problems(&bot).is_empty(), "{status}");
            assert_eq!(verdict(&bot), "retired");
        }
    }

    #[test]
    fn a_bot_scheduled_for_cancellation_is_ending_unless_it_cannot_send_well() {
        let ending = Bot { status: BotStatus::ScheduledForCancellation, ..healthy() };
        assert_eq!(standing(&ending), Standing::Ending);
        assert_eq!(verdict(&ending), "ending");
        let broken = Bot {
            cname_record: Some(CnameRecord { valid_record: true, ..CnameRecord::default() }),
            ..ending
        };
        assert_eq!(standing(&broken), Standing::Attention);
        assert_eq!(problems(&broken), vec!["SSL invalid".to_string()]);
    }

    #[test]
    fn live_bots_that_cannot_send_well_need_attention() {
        assert_eq!(standing(&healthy()), Standing::Healthy);
        assert_eq!(verdict(&healthy()), "");
        let cases: Vec<(Bot, &str)> = vec![
            (Bot { mailbox_status: MailboxStatus::Paused, ..healthy() }, "mailbox PAUSED"),
            (
                Bot { mailbox_status: MailboxStatus::ConnectionError, ..healthy() },
                "mailbox CONNECTION_ERROR",
            ),
            (Bot { status: BotStatus::Suspended, ..healthy() }, "status SUSPENDED"),
            (Bot { status: BotStatus::PaymentFailed, ..healthy() }, "status PAYMENT_FAILED"),
            (
                Bot { status: BotStatus::ProvisioningFailed, ..healthy() },
                "status PROVISIONING_FAILED",
            ),
            (Bot { status: BotStatus::Unknown("QUANTUM".into()), ..healthy() }, "status QUANTUM"),
            (Bot { status: BotStatus::default(), ..healthy() }, "status unknown"),
            (
                Bot { mailbox_status: MailboxStatus::default(), ..healthy() },
                "mailbox status unknown",
            ),
            (
                Bot { dns_validation: Some(DnsValidation { mx: false, spf: true }), ..healthy() },
                "DNS MX missing",
            ),
            (
                Bot { dns_validation: Some(DnsValidation { mx: false, spf: false }), ..healthy() },
                "DNS MX+SPF missing",
            ),
            (Bot { cname_record: Some(CnameRecord::default()), ..healthy() }, "CNAME invalid"),
            (Bot { auth_data: vec![AuthData::default()], ..healthy() }, "auth invalid"),
        ];
        for (bot, problem) in cases {
            assert_eq!(standing(&bot), Standing::Attention, "{problem}");
            assert_eq!(problems(&bot), vec![problem.to_string()]);
        }
    }

    #[test]
    fn statuses_on_the_way_to_sending_are_no_trouble_by_themselves() {
        for status in
            [BotStatus::Configuring, BotStatus::ConnectionPending, BotStatus::Provisioning]
        {
            assert_eq!(standing(&Bot { status: status.clone(), ..healthy() }), Standing::Healthy);
        }
    }

    #[test]
    fn a_bot_cooling_off_is_neither_healthy_nor_an_alarm() {
        let cooling = Bot { status: BotStatus::CoolingOff, ..healthy() };
        assert_eq!(standing(&cooling), Standing::CoolingOff);
        assert!(problems(&cooling).is_empty(), "no problem to fix: the pause ends by itself");
        assert_eq!(verdict(&cooling), "cooling off");
        let broken = Bot { mailbox_status: MailboxStatus::Paused, ..cooling };
        assert_eq!(standing(&broken), Standing::Attention, "a real problem still wins");
    }
}
