//! `outreach replies`: the reply inbox on the command line — replied exchanges, newest
//! activity first, with their category, whether they are new since the last look and
//! whether they are handled (both kept on this machine, in the local state), for scripts,
//! cron and quick looks over SSH.

mod list;
pub(crate) mod marks;
pub mod options;
mod row;
pub(crate) mod snippets;
pub(crate) mod team;

use crate::cli::args::GlobalArgs;
use crate::cli::exit::{CliError, Exit};
use clap::{Args, Subcommand};
use options::ListArgs;

/// `outreach replies [OPTIONS]` lists; `outreach replies handle|unhandle|snooze|unsnooze ID…`
/// marks.
#[derive(Debug, Clone, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct RepliesArgs {
    #[command(subcommand)]
    pub action: Option<RepliesAction>,
    #[command(flatten)]
    pub list: ListArgs,
}

#[derive(Debug, Clone, Subcommand)]
pub enum RepliesAction {
    /// Mark replies handled: in the team store when the profile has one (the whole team
    /// sees who and when), else on this machine (the API has no such field).
    #[command(after_help = "\
Examples:
  outreach replies handle 200123 200456
  outreach replies --category interested -o json | jq '.[].id' | xargs outreach replies handle")]
    Handle(MarkArgs),

    /// Make replies unhandled again.
    #[command(after_help = "\
Examples:
  outreach replies unhandle 200123")]
    Unhandle(MarkArgs),

    /// Remind me later: hide replies from the list and every count until a day, then bring
    /// them back as new (kept with the handled marks).
    #[command(after_help = "\
Examples:
  outreach replies snooze 200123 --for 30d
  outreach replies snooze 200123 200456 --until 2026-12-24
  outreach replies snooze 200123 --until monday
  outreach replies --snoozed          # what is snoozed, and until when")]
    Snooze(SnoozeArgs),

    /// Bring snoozed replies back at once.
    #[command(after_help = "\
Examples:
  outreach replies unsnooze 200123")]
    Unsnooze(MarkArgs),

    /// Every change of a reply in the team store: who handled, assigned or snoozed it, when.
    #[command(after_help = "\
Examples:
  outreach replies history 200123")]
    History(HistoryArgs),

    /// Assign a reply to a person of the team (asks first; --yes for scripts).
    #[command(after_help = "\
Examples:
  outreach replies assign 200123 --to bob
  outreach replies assign 200123 --nobody --yes

Refused when someone assigned it meanwhile: the message says to whom.")]
    Assign(AssignArgs),
}

#[derive(Debug, Clone, Args)]
pub struct SnoozeArgs {
    /// Exchange ids (see `outreach replies`).
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<i64>,

    /// The day they come back (as it begins in your zone): 2026-12-24, tomorrow, monday.
    #[arg(long, value_name = "DAY", required_unless_present = "span", conflicts_with = "span")]
    pub until: Option<String>,

    /// How long they sleep: 1d, 3d, 1w, 30d (back as that day begins).
    #[arg(long = "for", value_name = "SPAN")]
    pub span: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct HistoryArgs {
    /// The exchange id (see `outreach replies`).
    #[arg(value_name = "ID")]
    pub id: i64,
}

#[derive(Debug, Clone, Args)]
pub struct AssignArgs {
    /// The exchange id (see `outreach replies`).
    #[arg(value_name = "ID")]
    pub id: i64,
    /// The teammate, by the name the team knows them by.
    #[arg(long, value_name = "NAME", required_unless_present = "nobody")]
    pub to: Option<String>,
    /// Take the assignment away.
    #[arg(long, conflicts_with = "to")]
    pub nobody: bool,
    /// Do not ask.
    #[arg(long, short = 'y')]
    pub yes: bool,
}

#[derive(Debug, Clone, Args)]
pub struct MarkArgs {
    /// Exchange ids (see `outreach replies`).
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<i64>,
}

pub async fn run(global: &GlobalArgs, args: RepliesArgs) -> Result<Exit, CliError> {
    match args.action {
        Some(RepliesAction::Handle(marks)) => marks::set_handled(global, &marks.ids, true).await,
        Some(RepliesAction::Unhandle(marks)) => marks::set_handled(global, &marks.ids, false).await,
        Some(RepliesAction::Snooze(snooze)) => {
            let when = snooze.until.as_deref().or(snooze.span.as_deref());
            // clap requires one of the two: `when` is never empty here.
            marks::set_snoozed(global, &snooze.ids, Some(when.unwrap_or_default())).await
        }
        Some(RepliesAction::Unsnooze(marks)) => marks::set_snoozed(global, &marks.ids, None).await,
        Some(RepliesAction::History(args)) => team::history(global, args.id).await,
        Some(RepliesAction::Assign(args)) => {
            let to = if args.nobody { None } else { args.to };
            team::assign(global, args.id, to, args.yes).await
        }
        None => list::run(global, args.list).await,
    }
}
