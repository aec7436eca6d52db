//! `outreach todo`: what needs a person, from the same definitions as the dashboard's "Needs
//! you" (`crate::needs`) — for a look over SSH and for cron.

use crate::api::{Contact, Exchange, ExchangeGroup, ExchangeStatus, Timestamp};
use crate::cli::args::{DayRange, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::list_writer::print_list;
use crate::cli::output::streams::{note, warn};
use crate::clock::Zone;
use crate::inbox::{Category, Writer, quiet, snippet::summarise};
use crate::local::{MarkBook, Scope};
use crate::needs::{Inputs, Need, ReplyFacts, Thresholds, needs};
use crate::present::columns::needs::cli;
use chrono::{Duration, Utc};
use clap::Args;
use std::collections::{HashMap, HashSet};

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
    let context = Context::connect(global).await?;
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

    let (local, scope) = super::replies::marks::open(&context);
    let now = Utc::now();
    let (handled, snoozed) =
        set_aside(&inbox.items, MarkBook::local(&local), &scope, now, &context);
    let unhandled: Vec<&Exchange> =
        inbox.items.iter().filter(|e| !handled.contains(&e.id)).collect();
    let thresholds: Thresholds = context.session.needs;
    let everything: Vec<&Exchange> = inbox.items.iter().collect();
    let dnc = on_dnc(&context, &everything).await;
    let writers = last_writers(&context, &unhandled, thresholds, now).await;

    let on_dnc = |party: &crate::api::Party| dnc.as_ref().map(|dnc| dnc.contains(&party.id));
    let reply = |exchange: &Exchange| ReplyFacts {
        handled: handled.contains(&exchange.id),
        snoozed: snoozed.contains(&exchange.id),
        last: writers.get(&exchange.id).copied(),
    };
    let zone = Zone::Local;
    let list = needs(&Inputs {
        exchanges: &inbox.items,
        campaigns: &campaigns.items,
        bots: &bots.items,
        on_dnc: &on_dnc,
        reply: &reply,
        now,
        zone,
        thresholds,
    });
    let today = zone.date(now);
    let due = crate::needs::due_count(&list, today);
    let silent = args.quiet || (args.check && due == 0 && !context.term.stdout_tty);
    if !silent {
        print_list(&list, &cli(), &args.output, &context.term)?;
    }
    if !args.check {
        return Ok(Exit::Ok);
    }
    Ok(verdict(&list, due, skipped, &context))
}

/// The exit of `--check`: 1 when something is due, 6 when part of the data could not be
/// read (a blind check never says "nothing due"), 0 otherwise.
fn verdict(list: &[Need], due: usize, skipped: usize, context: &Context) -> Exit {
    if due > 0 {
        note(&format!(
            "{} due (of {} to do): see `outreach todo`.",
            crate::text::count(due, "item is", "items are"),
            list.len()
        ));
        return Exit::Failure;
    }
    if skipped > 0 {
        note("Some elements could not be read: the check cannot say that nothing is due.");
        return Exit::Incomplete;
    }
    if context.term.stderr_tty {
        note(&format!(
            "Nothing is due ({} to do).",
            crate::text::count(list.len(), "item", "items")
        ));
    }
    Exit::Ok
}

/// The replies marked handled as they stand now, and those snoozed until later; when the
/// marks cannot be read, none (with a warning): the list then shows more, never less.
pub(super) fn set_aside(
    inbox: &[Exchange],
    book: MarkBook<'_>,
    scope: &Scope,
    now: chrono::DateTime<Utc>,
    context: &Context,
) -> (HashSet<i64>, HashSet<i64>) {
    match book.marks(scope) {
        Ok(marks) => {
            let ids = |keep: &dyn Fn(&crate::local::Mark, &Exchange) -> bool| {
                let marked = inbox.iter().filter(|e| marks.get(&e.id).is_some_and(|m| keep(m, e)));
                marked.map(|e| e.id).collect()
            };
            let asleep = |mark: &crate::local::Mark, _: &Exchange| {
                quiet::is_quiet(mark.snoozed_until, Timestamp(now))
            };
            (ids(&|mark, e| mark.handled_at(e.updated_at)), ids(&asleep))
        }
        Err(error) => {
            warn(&context.term, &format!("The handled marks could not be read ({error})."));
            (HashSet::new(), HashSet::new())
        }
    }
}

/// The contacts of opt-outs (handled or not: a handled one stays until its address is
/// listed) that are on the do-not-contact list. The contact list is read only when there is
/// an opt-out to check; `None` when it could not be read (the items then say so rather than
/// guess).
pub(super) async fn on_dnc(context: &Context, replies: &[&Exchange]) -> Option<HashSet<i64>> {
    let asked: HashSet<i64> = replies
        .iter()
        .filter(|e| matches!(e.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink))
        .map(|e| e.contact.id)
        .collect();
    if asked.is_empty() {
        return Some(HashSet::new());
    }
    let mut listed = HashSet::new();
    let read = context
        .client
        .stream_contacts(|contact: &Contact| {
            if contact.dnc && asked.contains(&contact.id) {
                listed.insert(contact.id);
            }
            true
        })
        .await;
    match read {
        Ok(_) => Some(listed),
        Err(error) => {
            warn(
                &context.term,
                &format!(
                    "The contact list could not be read ({error}): opt-outs are listed unchecked."
                ),
            );
            None
        }
    }
}

/// Who wrote last in each hot reply old enough to be past the target (its chain says; an
/// absence notice reads as away). A chain that cannot be read leaves it unknown: counted as
/// waiting, as `replies --check` counts it.
pub(super) async fn last_writers(
    context: &Context,
    unhandled: &[&Exchange],
    thresholds: Thresholds,
    now: chrono::DateTime<Utc>,
) -> HashMap<i64, Writer> {
    let target = Duration::hours(i64::from(thresholds.hot_reply_hours));
    let old_enough = |at: Option<Timestamp>| at.is_some_and(|at| now - at.0 >= target);
    let wanted: Vec<&Exchange> = unhandled
        .iter()
        .copied()
        .filter(|e| Category::of(&e.status).is_hot() && old_enough(e.updated_at))
        .collect();
    let contacts: HashMap<i64, &str> =
        wanted.iter().map(|e| (e.id, e.contact.email.as_str())).collect();
    let chains =
        super::replies::snippets::chains(&context.client, wanted.iter().map(|e| e.id)).await;
    chains
        .into_iter()
        .filter_map(|(id, chain)| {
            let contact = contacts.get(&id)?;
            Some((id, summarise(&chain.ok()?.items, contact, &Zone::Local)?.last))
        })
        .collect()
}
