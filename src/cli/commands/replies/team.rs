//! `outreach replies` with a team store (`[profiles.NAME.team]`): handled marks shared with
//! who made them, assignments (`--mine`, `--unassigned`, `assign`), and the history of a
//! reply. Without a team store these say so and the rest works on this machine's file.

use crate::api::{Exchange, ExchangeGroup, ExchangeQuery};
use crate::cli::commands::team::open as team_open;
use crate::cli::context::{Context, confirm};
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::{note, warn, write_stdout};
use crate::local::Scope;
use crate::look::marks::{NotStarted, team_for};
use crate::present::organisation::for_whom;
use crate::team::{Action, BlockingTeam, MarkChange, OrgName, Outbox, Outcome, Target, flush};
use chrono::{Local, Utc};

/// The team store as `replies` uses it: blocking, with the outbox behind it.
pub(crate) struct TeamSide {
    pub team: BlockingTeam,
    pub me: String,
}

impl TeamSide {
    /// The profile's team store bound to the scope's organisation (named by these
    /// exchanges' bots, or the config); `None` without a team store.
    pub(crate) fn open(
        context: &Context,
        scope: &Scope,
        exchanges: &[Exchange],
    ) -> Result<Option<TeamSide>, CliError> {
        let session = &context.session;
        let team = team_for(&session.profile, session.team.as_ref(), scope, exchanges).map_err(
            |error| match error {
                NotStarted::Config(why) => CliError::usage(why),
                NotStarted::Outbox(why) => CliError::failure(why).with_hint(team_open::NO_OUTBOX),
                NotStarted::Failed(why) => CliError::failure(why),
            },
        )?;
        Ok(team.map(|team| TeamSide { me: team.me().to_string(), team }))
    }

    /// Says when the store is away and marks wait, on stderr.
    pub(crate) fn tell_health(&self, context: &Context) {
        let health = self.team.health();
        if let Some(away) = health.away {
            warn(
                &context.term,
                &format!(
                    "team store offline · {} waiting; showing the marks of this machine's outbox only. {away}",
                    crate::text::count(health.waiting, "mark", "marks")
                ),
            );
        }
        tell_not_taken(context, &self.team.take_not_taken());
    }
}

/// Every reply of the inbox (the replied group), for the ids and the organisation's name.
pub(crate) async fn inbox(context: &Context) -> Result<std::sync::Arc<Vec<Exchange>>, CliError> {
    let everything =
        ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() };
    Ok(crate::inbox::fetch(&context.client, &everything).await?.items)
}

fn needs_team(context: &Context, what: &str) -> CliError {
    CliError::usage(format!(
        "{what} needs a team store, and profile '{}' has none.",
        context.session.profile
    ))
    .with_hint("Add [profiles.NAME.team] with database and me to the config file; see `outreach team init --help`.")
}

fn in_inbox(exchanges: &[Exchange], id: i64) -> Result<(), CliError> {
    if exchanges.iter().any(|exchange| exchange.id == id) {
        return Ok(());
    }
    Err(CliError::new(Exit::NotFound, format!("Reply {id} is not in this organisation's inbox."))
        .with_hint("See `outreach replies` for the ids."))
}

/// A reply of this organisation's inbox, and the team store it is marked in: what `history`
/// and `assign` stand on.
struct Reply {
    context: Context,
    target: Target,
    org: OrgName,
}

/// Connects to the API and checks reply `id` is in the inbox; `what` names the command when
/// the profile has no team store.
async fn reply(
    global: &crate::cli::args::GlobalArgs,
    id: i64,
    what: &str,
) -> Result<Reply, CliError> {
    let context = Context::connect(global).await?;
    let config = context.session.team.clone().ok_or_else(|| needs_team(&context, what))?;
    let target = team_open::target(&context.session.profile, &config)?;
    let exchanges = inbox(&context).await?;
    in_inbox(&exchanges, id)?;
    let org = team_open::organisation(&target, &exchanges)?;
    Ok(Reply { context, target, org })
}

/// `outreach replies history ID`: every change of the reply, oldest first.
pub(super) async fn history(
    global: &crate::cli::args::GlobalArgs,
    id: i64,
) -> Result<Exit, CliError> {
    let Reply { target, org, .. } = reply(global, id, "history").await?;
    let store = team_open::connect(&target).await.map_err(team_open::failed)?;
    let entries = store.history(&org, id).await.map_err(team_open::failed)?;
    if entries.is_empty() {
        note(&format!("Reply {id} has no team history yet."));
        return Ok(Exit::Ok);
    }
    let mut text = String::new();
    for entry in entries {
        let when = entry.at.with_timezone(&Local).format("%Y-%m-%d %H:%M");
        let detail = match (&entry.assigned_to, entry.snoozed_until) {
            (Some(to), _) => format!(" to {}", crate::text::sanitize(to)),
            (None, Some(until)) => {
                format!(" until {}", until.with_timezone(&Local).format("%Y-%m-%d %H:%M"))
            }
            _ => String::new(),
        };
        let late = if (entry.at - entry.made_at).num_seconds() > 60 {
            format!(" (made {}, sent later)", entry.made_at.with_timezone(&Local).format("%H:%M"))
        } else {
            String::new()
        };
        text.push_str(&format!(
            "{when}  {}  {}{detail}{late}\n",
            crate::text::sanitize(&entry.who),
            crate::text::sanitize(&entry.what)
        ));
    }
    write_stdout(&text)?;
    Ok(Exit::Ok)
}

/// `outreach replies assign ID --to NAME | --nobody`: confirmed, then refused when someone
/// assigned it meanwhile (it names what it saw). While the store is away it waits in the
/// outbox, made without seeing the assignment: it is refused when sent if someone changed
/// the assignment after it was made, and said so by whatever sends it.
pub(super) async fn assign(
    global: &crate::cli::args::GlobalArgs,
    id: i64,
    to: Option<String>,
    yes: bool,
) -> Result<Exit, CliError> {
    let reply = reply(global, id, "assign").await?;
    let to = to.map(|name| name.trim().to_string());
    if let Some(name) = &to {
        crate::config::check_member_name(name).map_err(CliError::usage)?;
    }
    let outbox = team_open::outbox()?;
    let store = match team_open::connect(&reply.target).await {
        Ok(store) => store,
        Err(error) if error.is_away() => {
            let whom = for_whom(Some(reply.org.as_str()), &reply.context.session.profile);
            let question = match &to {
                Some(name) => format!(
                    "The team store is away. Assign reply {id} to {name} {whom} when it is back (queued in this machine's outbox)?"
                ),
                None => format!(
                    "The team store is away. Unassign reply {id} {whom} when it is back (queued in this machine's outbox)?"
                ),
            };
            confirm(&reply.context.term, yes, &crate::text::sanitize(&question))?;
            let action = Action::Assign { to: to.clone(), seen: None, blind: true };
            let change = MarkChange::new(id, &reply.target.me, action);
            return queue(&reply, &outbox, &change, &error.to_string());
        }
        Err(error) => return Err(team_open::failed(error)),
    };
    // What waited goes first, so the store takes the marks in the order they were made.
    let url = reply.target.url.as_str();
    match flush(&store, &outbox, url).await {
        Ok(flushed) => tell_not_taken(&reply.context, &flushed.not_taken(Utc::now())),
        Err(error) => return Err(team_open::failed(error)),
    }
    let org = &reply.org;
    let members = store.members(org).await.map_err(team_open::failed)?;
    if let Some(name) = &to
        && !members.contains(name)
    {
        return Err(CliError::usage(format!(
            "'{}' is not in the team of {org}: {}.",
            crate::text::sanitize(name),
            crate::text::sanitize(&members.join(", "))
        ))
        .with_hint("People join when they first use the store, or with `outreach team init --member NAME`."));
    }
    let marks = store.marks(org).await.map_err(team_open::failed)?;
    let seen = marks.get(&id).and_then(|mark| mark.assigned.as_ref()).map(|a| a.to.clone());
    let now =
        seen.as_deref().map_or("unassigned".to_string(), |name| format!("assigned to {name}"));
    let whom = for_whom(Some(org.as_str()), &reply.context.session.profile);
    let question = match &to {
        Some(name) => format!("Assign reply {id} (now {now}) to {name} in the team store {whom}?"),
        None => format!("Unassign reply {id} (now {now}) in the team store {whom}?"),
    };
    confirm(&reply.context.term, yes, &crate::text::sanitize(&question))?;
    let action = Action::Assign { to: to.clone(), seen, blind: false };
    let change = MarkChange::new(id, &reply.target.me, action);
    let outcome = match store.apply(org, &change).await {
        Ok(outcome) => outcome,
        // Gone between the question and the answer: it waits like any mark made offline.
        Err(error) if error.is_away() => {
            return queue(&reply, &outbox, &change, &error.to_string());
        }
        Err(error) => return Err(team_open::failed(error)),
    };
    match outcome {
        Outcome::Applied | Outcome::AlreadyApplied | Outcome::Unchanged => {
            write_stdout(&format!("{id} {}\n", crate::text::sanitize(&assigned_words(&to))))?;
            Ok(Exit::Ok)
        }
        Outcome::Refused(conflict) => Err(CliError::failure(format!(
            "Reply {id} was not assigned: {}.",
            conflict.sentence(Utc::now())
        ))
        .with_hint("Look again with `outreach replies history ID`, then assign knowing it.")),
        Outcome::UnknownMember(name) => {
            Err(CliError::usage(format!("'{}' is not in the team.", crate::text::sanitize(&name))))
        }
    }
}

fn assigned_words(to: &Option<String>) -> String {
    to.as_ref().map_or("unassigned".to_string(), |name| format!("assigned to {name}"))
}

/// Puts an assignment in the outbox while the store is away, and says so.
fn queue(
    reply: &Reply,
    outbox: &Outbox,
    change: &MarkChange,
    away: &str,
) -> Result<Exit, CliError> {
    let Action::Assign { to, .. } = &change.action else { return Ok(Exit::Ok) };
    outbox
        .push(reply.target.url.as_str(), &reply.org, change)
        .map_err(|error| CliError::failure(crate::text::sanitize(&error)))?;
    let what = match to {
        Some(name) => format!("the assignment to {name}"),
        None => "the unassignment".to_string(),
    };
    note(&format!(
        "team store offline: {what} waits in this machine's outbox and is sent when the store is back ({} waiting; the next command that marks, or `outreach team status`, sends them). {away}",
        crate::text::count(outbox.count(reply.target.url.as_str()), "mark", "marks")
    ));
    write_stdout(&format!("{} {}\n", change.exchange, crate::text::sanitize(&assigned_words(to))))?;
    Ok(Exit::Ok)
}

/// Says which marks that waited in the outbox were not taken when sent, on stderr.
pub(crate) fn tell_not_taken(context: &Context, sentences: &[String]) {
    for sentence in sentences {
        warn(&context.term, &format!("a mark that waited in this machine's outbox: {sentence}."));
    }
}

/// Handled (or not) through the team store: who is recorded; a reply someone else handled
/// first is said so; marks wait in the outbox while the store is away.
pub(super) fn set_handled(
    context: &Context,
    side: &TeamSide,
    scope: &Scope,
    flags: &[(i64, Option<crate::api::Timestamp>)],
    handled: bool,
) -> Result<Exit, CliError> {
    let word = if handled { "handled" } else { "unhandled" };
    let (mut lines, mut queued, mut refused) = (String::new(), 0, 0);
    for (id, updated_at) in flags {
        let action = if handled {
            Action::Handle { updated_at: updated_at.map(|at| at.0) }
        } else {
            Action::Unhandle
        };
        let change = MarkChange::new(*id, &side.me, action);
        match side.team.change(scope, change).map_err(|e| CliError::failure(e.to_string()))? {
            Some(Outcome::Refused(conflict)) => {
                refused += 1;
                note(&format!("{id}: {}.", conflict.sentence(Utc::now())));
            }
            Some(_) => lines.push_str(&format!("{id} {word}\n")),
            None => {
                queued += 1;
                lines.push_str(&format!("{id} {word}\n"));
            }
        }
    }
    write_stdout(&lines)?;
    let sent = side.team.take_sent();
    if sent > 0 {
        note(&format!(
            "Sent {} that waited in this machine's outbox to the team store first.",
            crate::text::count(sent, "mark", "marks")
        ));
    }
    tell_not_taken(context, &side.team.take_not_taken());
    let taken = flags.len() - queued - refused;
    if taken > 0 {
        note(&format!(
            "Marked {} {word} in the team store as {}: the team sees it.",
            crate::text::count(taken, "reply", "replies"),
            crate::text::sanitize(&side.me)
        ));
    }
    if queued > 0 {
        let health = side.team.health();
        let why = health.away.map(|away| format!(" {away}")).unwrap_or_default();
        note(&format!(
            "The team store does not answer: {} in this machine's outbox, sent by the next command that marks (or `outreach team status`) once it answers; until then only this machine sees {}.{why}",
            crate::text::count(health.waiting, "mark waits", "marks wait"),
            if queued == 1 { "it" } else { "them" }
        ));
    }
    Ok(if refused > 0 { Exit::Failure } else { Exit::Ok })
}
