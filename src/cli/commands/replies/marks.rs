//! The local state as `outreach replies` uses it, `outreach replies handle|unhandle ID…` and
//! `outreach replies snooze|unsnooze ID…`.

use crate::api::Timestamp;
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::{note, warn, write_stdout};
use crate::clock::Zone;
use crate::inbox::snooze::{day_words, snooze_day, snooze_until};
use crate::local::{LocalState, MarkBook, Scope};
use chrono::Utc;
use std::collections::HashMap;

/// The local state and the scope of this session (profile + organisation). A file that
/// could not be used is reported on stderr; the marks then last this run only.
pub(crate) fn open(context: &Context) -> (LocalState, Scope) {
    // Blocking SQLite on the runtime's thread: this command does nothing else meanwhile.
    let (local, warning) = LocalState::open_default();
    if let Some(warning) = warning {
        warn(&context.term, &warning);
    }
    (local, Scope::new(&context.session.profile, &context.session.base_url))
}

/// The observed state, where what the chains said is remembered: a file that cannot be used
/// is said once (the look then reads every chain it wants).
pub(crate) fn open_memory(context: &Context) -> crate::local::ObservedState {
    // Blocking SQLite on the runtime's thread: this command does nothing else meanwhile.
    let (state, warning) = crate::local::ObservedState::open_default();
    if let Some(warning) = warning {
        warn(&context.term, &warning);
    }
    state
}

/// A mark the user asked for must outlive the command: in memory only, it is a failure.
pub(super) fn kept(local: &LocalState, what: &str) -> Result<(), CliError> {
    match local.path() {
        Some(_) => Ok(()),
        None => Err(CliError::failure(format!(
            "{what} could not be kept: the local state file cannot be used (see the warning above)."
        ))
        .with_hint("Close other outreach windows, or move the damaged file aside, and try again.")),
    }
}

pub(super) async fn set_handled(
    global: &GlobalArgs,
    ids: &[i64],
    handled: bool,
) -> Result<Exit, CliError> {
    let context = Context::connect(global).await?;
    let (local, scope) = open(&context);
    let word = if handled { "handled" } else { "unhandled" };
    if context.session.team.is_some() {
        // The team store records who; the inbox names the organisation and the ids.
        let inbox = super::team::inbox(&context).await?;
        let flags = stand(&inbox, ids, handled)?;
        if let Some(side) = super::team::TeamSide::open(&context, &scope, &inbox)? {
            return super::team::set_handled(&context, &side, &scope, &flags, handled);
        }
    }
    kept(&local, &format!("The {word} mark"))?;
    let flags: Vec<(i64, Option<Timestamp>)> = if handled {
        as_they_stand(&context, ids).await?
    } else {
        ids.iter().map(|&id| (id, None)).collect()
    };
    MarkBook::local(&local)
        .set_handled(&scope, &flags, handled)
        .map_err(|error| CliError::failure(error.to_string()))?;
    let lines: String = ids.iter().map(|id| format!("{id} {word}\n")).collect();
    write_stdout(&lines)?;
    let count = crate::text::count(ids.len(), "reply", "replies");
    note(&format!(
        "Marked {count} {word} for profile {} (kept on this machine; the API has no such field).",
        scope.profile
    ));
    Ok(Exit::Ok)
}

/// `snooze ID… --until DAY | --for SPAN`, or `unsnooze ID…` (`when` is `None`): the replies
/// leave the list and every count until the day begins in the user's zone, then come back
/// as new. Kept with the handled marks (shared with a team once there is a team store).
pub(super) async fn set_snoozed(
    global: &GlobalArgs,
    ids: &[i64],
    when: Option<&str>,
) -> Result<Exit, CliError> {
    let zone = Zone::Local;
    let today = zone.date(Utc::now());
    // Bad words are refused before anything is asked of the server.
    let day = when
        .map(|text| {
            snooze_day(text, today).map_err(|message| {
                CliError::usage(message).with_hint(
                    "e.g. `outreach replies snooze 200123 --for 30d` or --until 2026-12-24",
                )
            })
        })
        .transpose()?;
    let context = Context::connect(global).await?;
    let (local, scope) = open(&context);
    let word = if day.is_some() { "snoozed" } else { "unsnoozed" };
    kept(&local, &format!("The {word} mark"))?;
    let inbox = super::team::inbox(&context).await?;
    let stand = stand(&inbox, ids, true)?;
    // A team store keeps the snooze for everyone (the last snooze stands); seen stays here.
    let team = super::team::TeamSide::open(&context, &scope, &inbox)?;
    let book = crate::look::marks::book(&local, team.as_ref().map(|side| &side.team));
    let until = day.map(|day| snooze_until(day, &zone));
    if until.is_some() {
        // Seen as it stands: when it comes back it is new from that moment on.
        let seen: Vec<(i64, Timestamp)> =
            stand.iter().filter_map(|&(id, at)| Some((id, at?))).collect();
        book.mark_seen(&scope, &seen).map_err(|error| CliError::failure(error.to_string()))?;
    }
    book.set_snoozed(&scope, ids, until).map_err(|error| CliError::failure(error.to_string()))?;
    let kept_where = match &team {
        Some(side) if side.team.health().waiting > 0 => {
            "waiting in this machine's outbox: the team store does not answer; the next command that marks sends it once it does"
        }
        Some(_) => "kept in the team store: the team sees it",
        None => "kept on this machine",
    };
    let until_words = day.map(|day| day.format(" until %Y-%m-%d").to_string()).unwrap_or_default();
    let lines: String = ids.iter().map(|id| format!("{id} {word}{until_words}\n")).collect();
    write_stdout(&lines)?;
    let count = crate::text::count(ids.len(), "reply", "replies");
    let what = match day {
        Some(day) => format!(
            "Snoozed {count} until {} (hidden until then, then back as new)",
            day_words(day, today)
        ),
        None => format!("Woke {count}: listed again"),
    };
    note(&format!(
        "{what}, for profile {} ({kept_where}; the API has no such field).",
        scope.profile
    ));
    Ok(Exit::Ok)
}

/// Each reply with its `updated_at` as the server has it now, as the dashboard records it:
/// a reply handled as it stands comes back when it moves, whatever this machine's clock says.
/// An id that is not in the inbox is refused before anything is marked.
async fn as_they_stand(
    context: &Context,
    ids: &[i64],
) -> Result<Vec<(i64, Option<Timestamp>)>, CliError> {
    stand(&super::team::inbox(context).await?, ids, true)
}

/// Each id with its `updated_at` in `inbox` (kept only when `handled`); an id not in the
/// inbox is refused before anything is marked.
fn stand(
    inbox: &[crate::api::Exchange],
    ids: &[i64],
    handled: bool,
) -> Result<Vec<(i64, Option<Timestamp>)>, CliError> {
    let stand: HashMap<i64, Option<Timestamp>> =
        inbox.iter().map(|exchange| (exchange.id, exchange.updated_at)).collect();
    ids.iter()
        .map(|&id| match stand.get(&id) {
            Some(&updated_at) => Ok((id, updated_at.filter(|_| handled))),
            None => Err(CliError::new(
                Exit::NotFound,
                format!("Reply {id} is not in this organisation's inbox; nothing was marked."),
            )
            .with_hint("See `outreach replies` for the ids.")),
        })
        .collect()
}
