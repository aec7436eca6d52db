//! `outreach todo`: what needs a person, from the same definitions as the dashboard's "Needs
//! you" (`crate::needs`) — for a look over SSH and for cron.

use super::standing::Standing;
use crate::api::ExchangeGroup;
use crate::cli::args::{DayRange, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::lists::print_rows;
use crate::cli::orgs::{Orgs, sort_out};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::list_writer::print_list;
use crate::cli::output::sort::SortArg;
use crate::cli::output::streams::note;
use crate::cli::output::terminal::Term;
use crate::needs::{Kind, Need};
use crate::present::columns::needs::cli;
use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct TodoArgs {
    /// For cron: exit 1 when something is due (an opt-out at or past its deadline, a hot
    /// reply past the target) and list everything; 6 when part of the data could not be
    /// read. When nothing is due and stdout is not a terminal, nothing is printed.
    #[arg(long)]
    pub check: bool,

    /// Print nothing on stdout; with --check, only the exit code (and stderr) tells.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    #[command(flatten)]
    pub output: OutputArgs,
}

pub async fn run(global: &GlobalArgs, args: TodoArgs) -> Result<Exit, CliError> {
    if let Some(orgs) = Orgs::chosen(global)? {
        let args = &args;
        let answers = orgs.read(global, |context| async move { read(&context, args).await });
        let term = global.term();
        let (came, failed) = sort_out(answers.await, &term);
        let due: usize = came.iter().map(|(_, read)| read.due).sum();
        if !silent(args, due, &term) {
            let rows = came
                .iter()
                .flat_map(|(org, read)| read.needs.iter().map(move |need| (org.as_str(), need)));
            print_rows(rows.collect(), &cli(), &args.output, &SortArg::default(), &term)?;
        }
        return Ok(came.iter().fold(failed, |worst, (_, read)| worst.worst(read.exit)));
    }
    let context = Context::connect(global).await?;
    let read = read(&context, &args).await?;
    if !silent(&args, read.due, &context.term) {
        print_list(&read.needs, &cli(), &args.output, &context.term)?;
    }
    Ok(read.exit)
}

/// Under cron any output is mailed: a check with nothing due prints nothing there.
fn silent(args: &TodoArgs, due: usize, term: &Term) -> bool {
    args.quiet || (args.check && due == 0 && !term.stdout_tty)
}

/// One organisation's list, how much of it is due, and what `--check` says of it.
struct Read {
    needs: Vec<Need>,
    due: usize,
    exit: Exit,
}

/// Reads one organisation's "Needs you" (its glance kept, as the dashboard's is).
async fn read(context: &Context, args: &TodoArgs) -> Result<Read, CliError> {
    let blind = |error: CliError| if args.check { error.blind_check() } else { error };
    let client = &context.client;
    let query = DayRange::default().exchanges(None, ExchangeGroup::Replied);
    let (inbox, campaigns, bots) = tokio::join!(
        crate::inbox::fetch(client, &query),
        client.list_campaigns(),
        client.list_bots()
    );
    let inbox = inbox.map_err(|e| blind(e.into()))?;
    let campaigns = campaigns.map_err(|e| blind(e.into()))?;
    let bots = bots.map_err(|e| blind(e.into()))?;
    let skipped = inbox.skipped + campaigns.skipped + bots.skipped;

    let standing = Standing::read(context, &inbox.items, &campaigns.items, &bots.items).await;
    standing.save_glance(context);
    let today = standing.look.zone.date(standing.now());
    let needs = standing.needs;
    let due = crate::needs::due_count(&needs, today);
    let exit = match args.check {
        true => verdict(&needs, due, skipped, context),
        false => Exit::Ok,
    };
    Ok(Read { needs, due, exit })
}

/// The exit of `--check`: 1 when something is due, 6 when part of the data could not be
/// read (elements of a list, or the contact list an opt-out is checked against: a blind
/// check never says "nothing due"), 0 otherwise.
fn verdict(list: &[Need], due: usize, skipped: usize, context: &Context) -> Exit {
    if due > 0 {
        note(&context.named(&format!(
            "{} due (of {} to do): see `outreach todo`.",
            crate::text::count(due, "item is", "items are"),
            list.len()
        )));
        return Exit::Failure;
    }
    if skipped > 0 {
        note(
            &context.named(
                "Some elements could not be read: the check cannot say that nothing is due.",
            ),
        );
        return Exit::Incomplete;
    }
    let unchecked = |kind| list.iter().filter(|need| need.unchecked && need.kind == kind).count();
    let (opt_outs, replies) = (unchecked(Kind::OptOut), unchecked(Kind::HotReply));
    if opt_outs > 0 {
        note(&context.named(&format!(
            "{} not checked against the do-not-contact list (the contact list could not be read): the check cannot say that nothing is due.",
            crate::text::count(opt_outs, "opt-out was", "opt-outs were")
        )));
    }
    // The look said already which replies' e-mails are not read yet.
    if opt_outs + replies > 0 {
        return Exit::Incomplete;
    }
    if context.term.stderr_tty {
        note(&context.named(&format!(
            "Nothing is due ({} to do).",
            crate::text::count(list.len(), "item", "items")
        )));
    }
    Exit::Ok
}
