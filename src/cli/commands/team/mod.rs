//! `outreach team init | status`: the team store a profile shares its triage marks through
//! (`[profiles.NAME.team]`, `crate::team`). `open` is what `outreach replies` uses of it too.

pub mod init;
pub(crate) mod open;
mod status;

use crate::cli::args::GlobalArgs;
use crate::cli::exit::{CliError, Exit};
use clap::Subcommand;
use init::InitArgs;

#[derive(Debug, Subcommand)]
pub enum TeamCommand {
    /// Create the team store's tables, or migrate them to this version (safe to run again).
    #[command(after_help = "\
Examples:
  createdb -h db.example outreach_team
  outreach team init --member bob --member carl

Needs `[profiles.NAME.team] database = \"postgres://host/db\"` and `me = \"ann\"` in the
config file; the password comes from `outreach auth team-login`, PGPASSWORD or ~/.pgpass.")]
    Init(InitArgs),

    /// Where the team store is, its schema version, who is in it, whether it answers, and
    /// how many marks wait in the outbox (exit 1 when it does not answer: for cron).
    #[command(after_help = "\
Examples:
  outreach team status
  outreach team status >/dev/null || alert 'the team store does not answer'   # cron

Marks waiting in this machine's outbox are sent when the store answers.")]
    Status,
}

pub async fn run(global: &GlobalArgs, command: TeamCommand) -> Result<Exit, CliError> {
    match command {
        TeamCommand::Init(args) => init::run(global, args).await,
        TeamCommand::Status => status::run(global).await,
    }
}
