//! A bot's health as a checklist: each check the service reports (mailbox, account status,
//! DNS MX and SPF, CNAME record and SSL, each authorisation with its provider), whether it
//! passes, and what to do when it fails. [`super::problems`] is read from this list, so the
//! checklist and the one-line verdict cannot disagree.

use crate::api::{Bot, BotStatus, MailboxStatus};
use serde::Serialize;

/// Which check, for [`super::problems`] to word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    Mailbox,
    Status,
    DnsMx,
    DnsSpf,
    CnameRecord,
    Ssl,
    Auth,
}

/// One line of the checklist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    pub kind: CheckKind,
    /// "Mailbox", "DNS MX", "Auth google oauth2" (server text: sanitise before showing).
    pub label: String,
    /// What the service says: "ACTIVE", "valid", "INVALID", "not reported".
    pub value: String,
    /// `None` when the service did not report it.
    pub ok: Option<bool>,
    /// What to do when it fails.
    pub fix: Option<String>,
}

impl Check {
    pub fn failed(&self) -> bool {
        self.ok == Some(false)
    }
}

fn valid(ok: bool) -> String {
    if ok { "valid" } else { "INVALID" }.to_string()
}

fn check(
    kind: CheckKind,
    label: impl Into<String>,
    ok: Option<bool>,
    value: String,
    fix: &str,
) -> Check {
    let fix = (ok == Some(false)).then(|| fix.to_string());
    Check { kind, label: label.into(), value, ok, fix }
}

/// Whether this account status alone keeps a live bot from sending well. Statuses on the
/// way to sending (CONFIGURING, PROVISIONING, …) are not trouble by themselves; their
/// mailbox and DNS say whether they are.
fn status_is_trouble(status: &BotStatus) -> bool {
    matches!(
        status,
        BotStatus::Suspended
            | BotStatus::PaymentFailed
            | BotStatus::ProvisioningFailed
            | BotStatus::Unknown(_)
    )
}

fn mailbox_fix(status: &MailboxStatus) -> &'static str {
    match status {
        MailboxStatus::PendingConnection => {
            "connect the mailbox in the service's dashboard (sign in to its provider)"
        }
        MailboxStatus::Paused => "resume the mailbox in the service's dashboard",
        MailboxStatus::ConnectionError => {
            "reconnect the mailbox: its password or app access was changed or revoked"
        }
        _ => "check the mailbox's connection in the service's dashboard",
    }
}

fn status_fix(status: &BotStatus) -> &'static str {
    match status {
        BotStatus::Suspended => "ask the service's support why the bot was suspended",
        BotStatus::PaymentFailed => "update the payment method for this bot's subscription",
        BotStatus::ProvisioningFailed => "provision the bot again, or ask the service's support",
        _ => "check the bot's status in the service's dashboard",
    }
}

/// A status as the checklist shows it: "not reported" when the server sent none (null).
fn reported_status(status: &str) -> String {
    if status.trim().is_empty() { "not reported".to_string() } else { status.to_string() }
}

/// Every check of a bot, in the order a person would fix them.
pub fn checks(bot: &Bot) -> Vec<Check> {
    let mailbox = &bot.mailbox_status;
    let mut checks = vec![
        check(
            CheckKind::Mailbox,
            "Mailbox",
            Some(*mailbox == MailboxStatus::Active),
            reported_status(mailbox.as_str()),
            mailbox_fix(mailbox),
        ),
        check(
            CheckKind::Status,
            "Status",
            Some(!status_is_trouble(&bot.status)),
            reported_status(bot.status.as_str()),
            status_fix(&bot.status),
        ),
    ];
    let dns = bot.dns_validation.as_ref();
    let reported = |ok: Option<bool>| ok.map_or_else(|| "not reported".to_string(), valid);
    let (mx, spf) = (dns.map(|d| d.mx), dns.map(|d| d.spf));
    checks.push(check(
        CheckKind::DnsMx,
        "DNS MX",
        mx,
        reported(mx),
        "add the sending domain's MX record at its DNS host",
    ));
    checks.push(check(
        CheckKind::DnsSpf,
        "DNS SPF",
        spf,
        reported(spf),
        "include the service's senders in the domain's SPF (TXT) record",
    ));
    let cname = bot.cname_record.as_ref();
    let alias = cname.map(|c| c.alias.as_str()).filter(|a| !a.is_empty()).unwrap_or("the alias");
    let (record, ssl) = (cname.map(|c| c.valid_record), cname.map(|c| c.valid_ssl));
    checks.push(check(
        CheckKind::CnameRecord,
        "CNAME record",
        record,
        reported(record),
        &format!("point {alias} at the service with a CNAME record at the DNS host"),
    ));
    checks.push(check(
        CheckKind::Ssl,
        "SSL",
        ssl,
        reported(ssl),
        &format!(
            "the service issues {alias}'s certificate once its CNAME is valid; still failing an \
             hour after, ask its support"
        ),
    ));
    for auth in &bot.auth_data {
        let label = format!("Auth {} {}", auth.provider, auth.auth_type);
        let fix = format!("sign in to {} again to renew the bot's authorisation", auth.provider);
        checks.push(check(
            CheckKind::Auth,
            label.trim(),
            Some(auth.is_valid),
            valid(auth.is_valid),
            &fix,
        ));
    }
    checks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{AuthData, CnameRecord, DnsValidation};
    use crate::bots::health::healthy_bot;

    #[test]
    fn a_healthy_bot_passes_every_check_and_needs_no_fix() {
        let checks = checks(&healthy_bot(1));
        assert_eq!(checks.len(), 7);
        assert!(checks.iter().all(|c| c.ok == Some(true) && c.fix.is_none()));
    }

    #[test]
    fn each_failure_says_what_to_do_and_each_auth_names_its_provider() {
        let bot = Bot {
            mailbox_status: MailboxStatus::ConnectionError,
            status: BotStatus::PaymentFailed,
            dns_validation: Some(DnsValidation { mx: false, spf: true }),
            cname_record: Some(CnameRecord {
                alias: "track.acme.io".into(),
                valid_record: false,
                valid_ssl: false,
                ..CnameRecord::default()
            }),
            auth_data: vec![
                AuthData {
                    provider: "google".into(),
                    auth_type: "oauth2".into(),
                    is_valid: false,
                    ..AuthData::default()
                },
                AuthData {
                    provider: "smtp".into(),
                    auth_type: "password".into(),
                    is_valid: true,
                    ..AuthData::default()
                },
            ],
            ..healthy_bot(1)
        };
        let checks = checks(&bot);
        let failed: Vec<(&str, &str)> = checks
            .iter()
            .filter(|c| c.failed())
            .map(|c| (c.label.as_str(), c.fix.as_deref().unwrap_or_default()))
            .collect();
        assert_eq!(failed.len(), 6, "{failed:?}");
        assert!(failed.iter().all(|(_, fix)| !fix.is_empty()));
        assert!(failed.contains(&(
            "Mailbox",
            "reconnect the mailbox: its password or app access was changed or revoked"
        )));
        assert!(
            failed
                .iter()
                .any(|(label, fix)| *label == "CNAME record" && fix.contains("track.acme.io"))
        );
        assert!(
            failed
                .iter()
                .any(|(label, fix)| *label == "Auth google oauth2" && fix.contains("google"))
        );
        assert!(checks.iter().any(|c| c.label == "Auth smtp password" && c.ok == Some(true)));
    }

    #[test]
    fn unreported_dns_is_neither_pass_nor_fail() {
        let bot = Bot { dns_validation: None, cname_record: None, ..healthy_bot(1) };
        let checks = checks(&bot);
        let dns: Vec<&Check> = checks.iter().filter(|c| c.ok.is_none()).collect();
        assert_eq!(dns.len(), 4);
        assert!(dns.iter().all(|c| c.value == "not reported" && c.fix.is_none()));
    }
}
