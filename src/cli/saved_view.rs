//! `--view NAME` of `outreach replies`: a saved view of the config file (`[[views]]`, or the
//! profile's own) read for the command line, its campaign and bot looked up on the server so
//! a view naming one that is gone says so rather than listing nothing.

use crate::cli::context::Context;
use crate::cli::exit::CliError;
use crate::config::{Handled, View, gone, names_item};
use chrono::NaiveDate;

/// A view as the command line applies it: ids found, the first day read.
#[derive(Debug, Clone, Default)]
pub struct Resolved {
    pub campaign_id: Option<i64>,
    pub bot_id: Option<i64>,
    pub since: Option<NaiveDate>,
    pub categories: Vec<String>,
    pub handled: Option<Handled>,
    pub sort: Option<String>,
}

/// The profile's view named `name`, resolved against the server's campaigns and bots.
pub async fn resolve(context: &Context, name: &str) -> Result<Resolved, CliError> {
    let loaded = crate::config::load().map_err(|error| CliError::usage(error.to_string()))?;
    let profile = Some(context.session.profile.as_str());
    let view = loaded.config.views.find(profile, name).map_err(CliError::usage)?.clone();
    let said = |problem: String| {
        CliError::usage(format!("view '{}': {problem}.", view.name))
            .with_hint("Fix or remove the view in the config file.")
    };
    let campaign_id = match &view.campaign {
        Some(wanted) => {
            let campaigns = context.client.list_campaigns().await?;
            let found = campaigns.items.iter().find(|c| names_item(wanted, c.id, &[&c.name]));
            Some(found.map(|c| c.id).ok_or_else(|| said(gone("campaign", wanted)))?)
        }
        None => None,
    };
    let bot_id = match &view.bot {
        Some(wanted) => {
            let bots = context.client.list_bots().await?;
            let found = bots.items.iter().find(|bot| {
                let name = crate::present::names::name_or_email(
                    &bot.first_name,
                    &bot.last_name,
                    &bot.email,
                );
                names_item(wanted, bot.id, &[&name, &bot.email])
            });
            Some(found.map(|bot| bot.id).ok_or_else(|| said(gone("bot", wanted)))?)
        }
        None => None,
    };
    let since = match &view.since {
        Some(day) => Some(
            crate::cli::args::parse_day(day)
                .map_err(|problem| said(format!("since: {problem}")))?,
        ),
        None => None,
    };
    let View { categories, handled, sort, .. } = view;
    Ok(Resolved { campaign_id, bot_id, since, categories, handled, sort })
}
