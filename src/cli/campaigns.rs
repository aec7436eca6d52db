//! `outreach campaigns list|start`.

use super::GlobalArgs;
use super::context::{Context, confirm};
use super::exit::{CliError, Exit};
use super::output::{OutputArgs, print_listed, write_stdout};
use crate::present::columns::campaigns;
use crate::text::sanitize;
use clap::{Args, Subcommand};

#[derive(Debug, Clone, Subcommand)]
pub enum CampaignsCommand {
    /// List the organisation's campaigns.
    #[command(after_help = "\
Examples:
  outreach campaigns list
  outreach campaigns list -o csv > campaigns.csv
  outreach campaigns list -o json | jq '.[] | select(.status == \"PENDING\") | .id'")]
    List(OutputArgs),

    /// Start a pending campaign (PENDING → ACTIVE); asks to confirm on a terminal.
    #[command(after_help = "\
Examples:
  outreach campaigns start 42          # asks before starting
  outreach campaigns start 42 --yes    # in scripts: no terminal, no question")]
    Start(StartArgs),
}

#[derive(Debug, Clone, Args)]
pub struct StartArgs {
    /// The campaign's id (see `outreach campaigns list`).
    pub id: i64,
    /// Start without asking; required when not on a terminal.
    #[arg(long, short = 'y')]
    pub yes: bool,
}

pub async fn run(global: &GlobalArgs, command: CampaignsCommand) -> Result<Exit, CliError> {
    match command {
        CampaignsCommand::List(output) => list(global, output).await,
        CampaignsCommand::Start(args) => start(global, args).await,
    }
}

async fn list(global: &GlobalArgs, output: OutputArgs) -> Result<Exit, CliError> {
    let context = Context::connect(global).await?;
    let campaigns = context.client.list_campaigns().await?;
    print_listed(&campaigns, "campaigns", &campaigns::cli(), &output, &context.term)
}

async fn start(global: &GlobalArgs, args: StartArgs) -> Result<Exit, CliError> {
    let context = Context::connect_for_write(global, "start a campaign").await?;
    let campaigns = context.client.list_campaigns().await?;
    let Some(campaign) = campaigns.items.iter().find(|c| c.id == args.id) else {
        return Err(CliError::new(
            Exit::NotFound,
            format!("Campaign {} is not in this organisation.", args.id),
        )
        .with_hint("See `outreach campaigns list` for the ids."));
    };
    let name = sanitize(&campaign.name);
    confirm(
        &context.term,
        args.yes,
        &format!(
            "Start campaign {} \"{name}\" ({})?",
            campaign.id,
            sanitize(campaign.status.as_str())
        ),
    )?;
    let reply = context.client.start_campaign(args.id).await?;
    let said = reply.message.map(|m| format!(": {}", sanitize(&m))).unwrap_or_default();
    write_stdout(&format!("Started campaign {} \"{name}\"{said}\n", args.id))?;
    Ok(Exit::Ok)
}
