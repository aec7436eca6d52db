//! `outreach meetings list`.

use super::GlobalArgs;
use super::args::DayRange;
use super::context::Context;
use super::exit::{CliError, Exit};
use super::output::{OutputArgs, print_listed};
use crate::api::MeetingQuery;
use crate::present::columns::meetings;
use clap::{Args, Subcommand};

#[derive(Debug, Clone, Subcommand)]
pub enum MeetingsCommand {
    /// List meetings booked from exchanges.
    #[command(after_help = "\
Examples:
  outreach meetings list --since today --until +7d
  outreach meetings list --since 2024-05-01 -o csv > may.csv

Times are shown in your zone; THEIR TIME is the meeting's own zone.")]
    List(ListArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub range: DayRange,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub async fn run(global: &GlobalArgs, command: MeetingsCommand) -> Result<Exit, CliError> {
    let MeetingsCommand::List(args) = command;
    args.range.check()?;
    let context = Context::connect(global).await?;
    let query = MeetingQuery { start_date: args.range.since, end_date: args.range.until };
    let listed = context.client.list_meetings(&query).await?;
    print_listed(&listed, "meetings", &meetings::cli(), &args.output, &context.term)
}
