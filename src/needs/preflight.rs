//! The checks before a campaign starts, from what the API shows of it and of the
//! organisation's bots. Starting sends e-mail to real people at once, so every check is said
//! before the question, passed or not. A failed check either blocks (the campaign would
//! reach nobody, or give recipients no way to opt out) or only warns (it would send, less
//! well); either way passing it takes a deliberate `--force` or its dashboard key.

use crate::api::{Bot, Campaign, UnsubscribeMode};
use crate::bots::{Standing, standing};

/// One line of the pre-flight: what was checked, and whether it passed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    pub passed: bool,
    /// Failing it blocks: nothing would reach the contacts, or they could not opt out.
    pub blocks: bool,
    /// Said either way: "Unsubscribe link: one-click" or "Unsubscribe link: off — …".
    pub line: String,
}

fn check(passed: bool, line: String) -> Check {
    Check { passed, blocks: false, line }
}

/// A check whose failure blocks.
fn blocking(passed: bool, line: String) -> Check {
    Check { passed, blocks: true, line }
}

impl Check {
    /// The line as both faces print it: `✓ Test mode: off`, `✗ blocks: Test mode: on — …`,
    /// `! warns: Disclaimer: off — …`.
    pub fn shown(&self) -> String {
        match (self.passed, self.blocks) {
            (true, _) => format!("✓ {}", self.line),
            (false, true) => format!("✗ blocks: {}", self.line),
            (false, false) => format!("! warns: {}", self.line),
        }
    }
}

/// "3 pre-flight checks failed (1 blocks, 2 warn)", "1 pre-flight check failed (1 warns)",
/// or `None` when all passed.
pub fn failed_summary(checks: &[Check]) -> Option<String> {
    let failed = checks.iter().filter(|check| !check.passed).count();
    let blocking = checks.iter().filter(|check| !check.passed && check.blocks).count();
    let warning = failed - blocking;
    let mut kinds = Vec::new();
    if blocking > 0 {
        kinds.push(format!("{blocking} {}", if blocking == 1 { "blocks" } else { "block" }));
    }
    if warning > 0 {
        kinds.push(format!("{warning} {}", if warning == 1 { "warns" } else { "warn" }));
    }
    (failed > 0).then(|| {
        format!(
            "{} failed ({})",
            crate::text::count(failed, "pre-flight check", "pre-flight checks"),
            kinds.join(", ")
        )
    })
}

/// Every check of `campaign` against the organisation's `bots`, in the order they are shown.
pub fn preflight(campaign: &Campaign, bots: &[Bot]) -> Vec<Check> {
    let mut checks = Vec::new();
    checks.push(match &campaign.unsubscribe_mode {
        UnsubscribeMode::Off => blocking(
            false,
            "Unsubscribe: off — recipients get no way to opt out, which anti-spam law requires"
                .into(),
        ),
        mode => blocking(true, format!("Unsubscribe: {}", crate::text::sanitize(mode.as_str()))),
    });
    checks.push(if campaign.include_disclaimer {
        check(true, "Disclaimer: included".into())
    } else {
        check(false, "Disclaimer: off — the e-mails carry no sender disclaimer".into())
    });
    checks.push(if campaign.test_mode {
        blocking(false, "Test mode: on — nothing would reach the contacts".into())
    } else {
        blocking(true, "Test mode: off".into())
    });
    let standings: Vec<Standing> = bots.iter().map(standing).collect();
    let of = |wanted: Standing| standings.iter().filter(|s| **s == wanted).count();
    checks.push(match standings.iter().filter(|s| s.sends()).count() {
        0 => {
            blocking(false, "Bots: none can send in the organisation — nothing would go out".into())
        }
        n => {
            let healthy = crate::text::count(of(Standing::Healthy), "healthy", "healthy");
            let ending = match of(Standing::Ending) {
                0 => String::new(),
                ending => format!(", {ending} ending (scheduled for cancellation)"),
            };
            blocking(
                true,
                format!(
                    "Bots: {} can send: {healthy}{ending}",
                    crate::text::count(n, "bot", "bots")
                ),
            )
        }
    });
    for bot in bots {
        let Some(dns) = &bot.dns_validation else { continue };
        let missing: Vec<&str> = [(dns.mx, "MX"), (dns.spf, "SPF")]
            .into_iter()
            .filter(|(ok, _)| !ok)
            .map(|(_, n)| n)
            .collect();
        if !missing.is_empty() && standing(bot) != Standing::Retired {
            checks.push(check(
                false,
                format!(
                    "Bot {}: DNS {} missing — its mail may land in spam",
                    bot.id,
                    missing.join("+")
                ),
            ));
        }
    }
    checks
}

/// Whether every check passed.
pub fn passes(checks: &[Check]) -> bool {
    checks.iter().all(|check| check.passed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::DnsValidation;
    use crate::bots::health::healthy_bot;

    fn ready() -> Campaign {
        Campaign {
            id: 101,
            unsubscribe_mode: UnsubscribeMode::OneClick,
            include_disclaimer: true,
            ..Campaign::default()
        }
    }

    #[test]
    fn a_ready_campaign_passes_every_check_and_says_each() {
        let checks = preflight(&ready(), &[healthy_bot(1)]);
        assert!(passes(&checks), "{checks:?}");
        let lines: Vec<&str> = checks.iter().map(|c| c.line.as_str()).collect();
        assert_eq!(
            lines,
            [
                "Unsubscribe: one-click",
                "Disclaimer: included",
                "Test mode: off",
                "Bots: 1 bot can send: 1 healthy"
            ]
        );
    }

    #[test]
    fn healthy_counts_the_healthy_bots_only_as_status_does() {
        let ending =
            Bot { status: crate::api::BotStatus::ScheduledForCancellation, ..healthy_bot(2) };
        let bots = [healthy_bot(1), ending, healthy_bot(3)];
        let checks = preflight(&ready(), &bots);
        let line = &checks[3].line;
        assert_eq!(line, "Bots: 3 bots can send: 2 healthy, 1 ending (scheduled for cancellation)");
        let healthy = bots.iter().filter(|b| standing(b) == Standing::Healthy).count();
        assert!(line.contains(&format!("{healthy} healthy")), "{line}");
    }

    #[test]
    fn each_problem_fails_its_own_line() {
        let campaign = Campaign {
            unsubscribe_mode: UnsubscribeMode::Off,
            include_disclaimer: false,
            test_mode: true,
            ..ready()
        };
        let mut spf_missing = healthy_bot(2);
        spf_missing.dns_validation = Some(DnsValidation { mx: true, spf: false });
        let failed: Vec<String> = preflight(&campaign, &[spf_missing.clone()])
            .into_iter()
            .filter(|c| !c.passed)
            .map(|c| c.line)
            .collect();
        assert_eq!(failed.len(), 5, "{failed:?}");
        assert!(failed[4].starts_with("Bot 2: DNS SPF missing"), "{failed:?}");
        let checks = preflight(&campaign, &[spf_missing]);
        let shown: Vec<String> = checks.iter().map(Check::shown).collect();
        assert!(shown[0].starts_with("✗ blocks: Unsubscribe: off"), "{shown:?}");
        assert!(shown[1].starts_with("! warns: Disclaimer: off"), "{shown:?}");
        assert!(shown[2].starts_with("✗ blocks: Test mode: on"), "{shown:?}");
        assert!(shown[4].starts_with("! warns: Bot 2: DNS SPF missing"), "{shown:?}");
        assert_eq!(
            failed_summary(&checks).as_deref(),
            Some("5 pre-flight checks failed (3 block, 2 warn)")
        );
        assert_eq!(failed_summary(&preflight(&ready(), &[healthy_bot(1)])), None);
        assert!(!passes(&preflight(&ready(), &[])), "no bot: nothing can send");
    }
}
