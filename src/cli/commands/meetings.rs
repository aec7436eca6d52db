//! `outreach meetings list`.

use crate::api::MeetingQuery;
use crate::cli::args::DayRange;
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::{Orgs, lists};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::sort::{SortArg, print_sorted};
use crate::cli::output::streamed::{StreamedList, as_sent};
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
    #[command(flatten)]
    pub sort: SortArg,
}

pub async fn run(global: &GlobalArgs, command: MeetingsCommand) -> Result<Exit, CliError> {
    let MeetingsCommand::List(args) = command;
    args.range.check()?;
    let columns = meetings::cli();
    args.sort.chosen(&columns)?;
    let query = MeetingQuery { start_date: args.range.since, end_date: args.range.until };
    if let Some(orgs) = Orgs::chosen(global)? {
        let query = &query;
        let answers =
            orgs.read(global, |c| async move { Ok(c.client.list_meetings(query).await?) });
        let (output, sort, term) = (&args.output, &args.sort, global.term());
        return lists::print_listed(answers.await, "meetings", &columns, output, sort, &term);
    }
    let context = Context::connect(global).await?;
    if !args.sort.is_set() && as_sent(&args.output, &context.term) {
        let mut list = StreamedList::new(&columns, &args.output, &context.term)?;
        let read = context.client.meetings_as_sent(&query, |sent| list.sent(sent)).await;
        return list.finish(read, &context.term, "meetings");
    }
    let listed = context.client.list_meetings(&query).await?;
    print_sorted(&listed, "meetings", &columns, &args.output, &args.sort, &context.term, None)
}
