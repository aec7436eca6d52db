//! `outreach replies`: fetches the inbox (`crate::inbox::fetch`), joins the local marks,
//! filters, prints, and marks seen or checks when asked.

use super::marks;
use super::options::ListArgs;
use super::row::{Reply, columns};
use crate::api::{Exchange, ExchangeGroup, Listed, Timestamp};
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::lists::print_rows;
use crate::cli::orgs::{Orgs, sort_out};
use crate::cli::output::sort::{SortArg, print_items};
use crate::cli::output::streams::{note, warn, warn_left_out};
use crate::cli::output::terminal::Term;
use crate::clock::short_age;
use crate::local::{MarkBook, Scope};
use chrono::Utc;

pub(super) async fn run(global: &GlobalArgs, args: ListArgs) -> Result<Exit, CliError> {
    args.range.check()?;
    // Which columns are shown is known once the team is: the name is checked against all.
    args.sort.chosen(&columns(true, true, true))?;
    if let Some(orgs) = Orgs::chosen(global)? {
        return grouped(global, &orgs, &args).await;
    }
    let context = Context::connect(global).await?;
    let read = read(&context, &args).await?;
    let term = &context.term;
    // Under cron any output is mailed: a check with nothing waiting prints nothing there.
    let silent = args.quiet || (args.check && read.replies.is_empty() && !term.stdout_tty);
    if !silent {
        let columns = columns(args.snippets, args.snoozed, read.team);
        print_items(&read.replies, &columns, &args.output, &read.sort, term)?;
    }
    snoozed_note(read.asleep, &args, term);
    Ok(read.exit)
}

/// The replies of several organisations as one list, each row with its profile.
async fn grouped(global: &GlobalArgs, orgs: &Orgs, args: &ListArgs) -> Result<Exit, CliError> {
    let answers = orgs.read(global, |context| async move { read(&context, args).await }).await;
    let term = global.term();
    let (came, failed) = sort_out(answers, &term);
    let rows: Vec<(&str, &Reply)> = came
        .iter()
        .flat_map(|(org, read)| read.replies.iter().map(move |reply| (org.as_str(), reply)))
        .collect();
    let silent = args.quiet || (args.check && rows.is_empty() && !term.stdout_tty);
    if !silent {
        let columns = columns(args.snippets, args.snoozed, came.iter().any(|(_, r)| r.team));
        print_rows(rows, &columns, &args.output, &args.sort, &term)?;
    }
    snoozed_note(came.iter().map(|(_, read)| read.asleep).sum(), args, &term);
    Ok(came.iter().fold(failed, |worst, (_, read)| worst.worst(read.exit)))
}

/// One organisation's replies as listed, and what its `--check` says.
struct Read {
    replies: Vec<Reply>,
    /// Snoozed replies left out of the list.
    asleep: usize,
    /// Whether the profile shares its marks through a team store (the team's columns).
    team: bool,
    /// The order asked for: the command line's, else the saved view's.
    sort: SortArg,
    exit: Exit,
}

fn snoozed_note(asleep: usize, args: &ListArgs, term: &Term) {
    if asleep > 0 && !args.snoozed && !args.quiet && term.stderr_tty {
        let what = crate::text::count(asleep, "snoozed reply", "snoozed replies");
        note(&format!("{what} not listed until their day: `outreach replies --snoozed`."));
    }
}

/// Reads one organisation's replies with their marks, filtered as asked; marks them seen
/// and checks them when asked.
async fn read(context: &Context, args: &ListArgs) -> Result<Read, CliError> {
    let mut args = args.clone();
    if let Some(name) = args.view.clone() {
        let view = crate::cli::saved_view::resolve(context, &name).await?;
        with_view(&mut args, view)?;
        args.sort.chosen(&columns(true, true, true))?;
    }
    let query = args.range.exchanges(args.campaign, ExchangeGroup::Replied);
    let Listed { items: exchanges, skipped } =
        crate::inbox::fetch(&context.client, &query).await.map_err(|error| {
            let error = CliError::from(error);
            if args.check { blind(error) } else { error }
        })?;
    warn_left_out(&context.term, skipped, "exchanges");
    let (local, scope) = marks::open(context);
    if args.mark_seen {
        marks::kept(&local, "The seen marks")?;
    }
    let now = Timestamp(Utc::now());
    let team = if context.session.team.is_some() {
        // The bots of the listed replies name the organisation; an empty list asks the inbox.
        let inbox = match exchanges.is_empty() {
            true => super::team::inbox(context).await?,
            false => exchanges.clone(),
        };
        super::team::TeamSide::open(context, &scope, &inbox)?
    } else if args.mine || args.unassigned {
        return Err(CliError::usage(format!(
            "--mine and --unassigned need a team store, and profile '{}' has none.",
            context.session.profile
        ))
        .with_hint("Add [profiles.NAME.team] with database and me to the config file."));
    } else {
        None
    };
    let book = crate::look::marks::book(&local, team.as_ref().map(|side| &side.team));
    let mut replies = joined(&exchanges, book, &scope, now, context);
    // A snoozed reply sleeps out of the list (and every count) until its day.
    let asleep = replies.iter().filter(|reply| reply.snoozed_until.is_some()).count();
    replies.retain(|reply| reply.snoozed_until.is_some() == args.snoozed);
    if let Some(side) = &team {
        side.tell_health(context);
        let marks = side.team.marks(&scope).unwrap_or_default();
        for reply in replies.iter_mut() {
            let mark = marks.get(&reply.exchange.id);
            reply.assigned_to = mark.and_then(|m| m.assigned.as_ref()).map(|a| a.to.clone());
            reply.handled_by = mark.and_then(|m| m.handled.as_ref()).map(|h| h.by.clone());
        }
        let me = side.me.as_str();
        replies.retain(|reply| {
            (!args.mine || reply.assigned_to.as_deref() == Some(me))
                && (!args.unassigned || reply.assigned_to.is_none())
        });
    }
    // Who wrote last and an absence, as every surface reads them: an absence notice is not
    // new until the contact is back, and only a reply the contact spoke last in waits.
    super::snippets::read_facts(context, &scope, &mut replies).await;
    replies.retain(|reply| wanted(reply, &args, now));
    if args.check {
        replies.retain(Reply::is_waiting_on_us);
    }
    if args.snippets {
        super::snippets::fill(context, &mut replies).await;
        // A read chain may show an absence notice: not new until the contact is back.
        replies.retain(|reply| !args.new || reply.new);
    }
    if args.mark_seen {
        // Seen as it stands, or as it came back from a snooze or an absence.
        let seen: Vec<(i64, Timestamp)> = replies
            .iter()
            .filter_map(|reply| {
                Some((reply.exchange.id, reply.moved_at.or(reply.exchange.updated_at)?))
            })
            .collect();
        book.mark_seen(&scope, &seen).map_err(|error| CliError::failure(error.to_string()))?;
    }
    let exit = match args.check {
        true => verdict(&replies, &args, skipped, now, context),
        false => Exit::Ok,
    };
    Ok(Read { replies, asleep, team: team.is_some(), sort: args.sort, exit })
}

/// The exchanges with their marks. When the marks cannot be read, every reply shows as seen
/// and unhandled, with a warning: a list is still worth having.
fn joined(
    exchanges: &[Exchange],
    book: MarkBook<'_>,
    scope: &Scope,
    now: Timestamp,
    context: &Context,
) -> Vec<Reply> {
    let read = book.first_use(scope).and_then(|first| Ok((first, book.marks(scope)?)));
    let (first_use, marks) = read.unwrap_or_else(|error| {
        warn(&context.term, &error.to_string());
        (now, Default::default())
    });
    exchanges
        .iter()
        .map(|exchange| Reply::new(exchange.clone(), marks.get(&exchange.id), first_use, now))
        .collect()
}

/// The view's settings where the command line left them unsaid.
fn with_view(args: &mut ListArgs, view: crate::cli::saved_view::Resolved) -> Result<(), CliError> {
    if args.category.is_empty() {
        args.category = super::options::wanted(&view.categories)?;
    }
    args.campaign = args.campaign.or(view.campaign_id);
    args.bot = view.bot_id;
    args.range.since = args.range.since.or(view.since);
    args.range.check()?;
    args.unhandled |= view.handled == Some(crate::config::Handled::Hidden);
    if args.sort.sort.is_none() {
        args.sort.sort = view.sort;
    }
    Ok(())
}

fn wanted(reply: &Reply, args: &ListArgs, now: Timestamp) -> bool {
    args.bot.is_none_or(|bot| reply.exchange.bot.id == bot)
        && (!args.new || reply.new)
        && (!args.unhandled || !reply.handled)
        && (args.category.is_empty() || args.category.iter().any(|w| w.matches(&reply.category)))
        && (!args.check || overdue(reply, args, now))
}

/// A `--check` that could not read the inbox exits 6, as `status --check` does.
fn blind(error: CliError) -> CliError {
    let mut error = error.blind_check();
    if error.exit == Exit::Incomplete {
        // The server's words often end without a full stop ("Internal Server Error").
        error.message = crate::present::cause::sentences(
            &error.message,
            "replies --check could not read the inbox, so it cannot say that nothing waits (exit 6).",
        );
    }
    error
}

/// For `--check`: an unhandled Interested or Referral reply older than `--older-than`.
fn overdue(reply: &Reply, args: &ListArgs, now: Timestamp) -> bool {
    let waited = reply.exchange.updated_at.map(|at| (now.0 - at.0).to_std().unwrap_or_default());
    reply.is_waiting_on_us()
        && waited.is_some_and(|waited| args.older_than.is_none_or(|limit| waited > limit))
}

/// The exit of `--check`: 1 when a reply waits too long, 6 when part of the inbox could not
/// be read (a blind check never says "nothing waits"), 0 otherwise. The rows are printed.
/// That nothing waits is said on a terminal only: cron mails whatever a job prints.
fn verdict(
    overdue: &[Reply],
    args: &ListArgs,
    skipped: usize,
    now: Timestamp,
    context: &Context,
) -> Exit {
    let limit = args.older_than.map(|limit| format!(" longer than {}", age_words(limit)));
    let limit = limit.unwrap_or_default();
    if let Some(oldest) = overdue.iter().filter_map(|reply| reply.exchange.updated_at).min() {
        let count = match overdue.len() {
            1 => "1 Interested or Referral reply has".to_string(),
            n => format!("{n} Interested or Referral replies have"),
        };
        note(&context.named(&format!(
            "{count} waited{limit} (the oldest {}): answer, then `outreach replies handle ID…`.",
            short_age(oldest.0, now.0)
        )));
        return Exit::Failure;
    }
    if skipped > 0 {
        note(
            &context
                .named("Some replies could not be read: the check cannot say that nothing waits."),
        );
        return Exit::Incomplete;
    }
    if context.term.stderr_tty {
        note(
            &context
                .named(&format!("No unhandled Interested or Referral reply has waited{limit}.")),
        );
    }
    Exit::Ok
}

fn age_words(limit: std::time::Duration) -> String {
    let seconds = limit.as_secs();
    match seconds {
        s if s >= 86_400 && s % 86_400 == 0 => format!("{}d", s / 86_400),
        s if s >= 3600 && s % 3600 == 0 => format!("{}h", s / 3600),
        s if s >= 60 && s % 60 == 0 => format!("{}m", s / 60),
        s => format!("{s}s"),
    }
}
