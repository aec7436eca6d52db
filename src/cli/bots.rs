//! `outreach bots list`.

use super::GlobalArgs;
use super::context::Context;
use super::exit::{CliError, Exit};
use super::output::{OutputArgs, print_listed};
use crate::present::columns::bots;
use clap::Subcommand;

#[derive(Debug, Clone, Subcommand)]
pub enum BotsCommand {
    /// List the organisation's bots (sending mailboxes) with what needs attention.
    #[command(after_help = "\
Examples:
  outreach bots list
  outreach bots list -o json | jq '.[] | select(.mailbox_status != \"ACTIVE\") | .email'")]
    List(OutputArgs),
}

pub async fn run(global: &GlobalArgs, command: BotsCommand) -> Result<Exit, CliError> {
    match command {
        BotsCommand::List(output) => {
            let context = Context::connect(global).await?;
            let listed = context.client.list_bots().await?;
            print_listed(&listed, "bots", &bots::cli(), &output, &context.term)
        }
    }
}
