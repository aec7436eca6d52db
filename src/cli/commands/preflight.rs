//! What every command that may start a campaign does first (`campaigns start`, `contacts
//! upload --start` into a campaign not yet active): read the campaign and the bots, print
//! each pre-flight check, and refuse when one fails unless `--force` was given.

use crate::api::{Bot, Campaign};
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::needs::preflight::{failed_summary, preflight};
use crate::text::sanitize;

/// The campaign `id` and the organisation's bots, read together.
pub async fn campaign_and_bots(
    context: &Context,
    id: i64,
) -> Result<(Campaign, Vec<Bot>), CliError> {
    let (campaigns, bots) =
        tokio::join!(context.client.list_campaigns(), context.client.list_bots());
    let (campaigns, bots) = (campaigns?, bots?);
    let Some(campaign) = campaigns.items.iter().find(|c| c.id == id) else {
        return Err(CliError::new(
            Exit::NotFound,
            format!("Campaign {id} is not in this organisation."),
        )
        .with_hint("See `outreach campaigns list` for the ids."));
    };
    Ok((campaign.clone(), bots.items.to_vec()))
}

/// `campaign 106 "Spring" (PENDING)`.
pub fn label(campaign: &Campaign) -> String {
    format!(
        "campaign {} \"{}\" ({})",
        campaign.id,
        sanitize(&campaign.name),
        sanitize(campaign.status.as_str())
    )
}

/// Prints the pre-flight of starting `campaign` on stderr, each check passed (✓), blocking
/// (✗) or warning (!); a failed one refuses (exit 2, nothing sent) unless `force`. `doing`
/// says what was refused ("Not starting campaign 106 …").
pub fn check(
    campaign: &Campaign,
    bots: &[Bot],
    whom: &str,
    force: bool,
    doing: &str,
) -> Result<(), CliError> {
    let checks = preflight(campaign, bots);
    let lines: String = checks.iter().map(|check| format!("  {}\n", check.shown())).collect();
    eprint!("Pre-flight of {} {whom}:\n{lines}", label(campaign));
    match failed_summary(&checks) {
        Some(failed) if !force => Err(CliError::usage(format!(
            "Not {doing}: {failed}; nothing was sent."
        ))
        .with_hint(
            "Fix what is marked ✗ (blocks) or ! (warns) and try again, or pass --force to start anyway.",
        )),
        _ => Ok(()),
    }
}
