//! The profile's one marks store, as every face takes it: this machine's file for what is
//! personal (seen, first use) and, when the profile names a team store, the team's for what
//! a team shares (handled, snoozed). `status`, `todo`, `watch`, the dashboard and each line
//! of a group read their marks through here, so a teammate's mark counts the same on each.

use crate::api::{Exchange, Timestamp};
use crate::config::TeamConfig;
use crate::credentials::Keyring;
use crate::glance::MarkFacts;
use crate::local::{LocalState, MarkBook, Scope, StateError};
use crate::team::{BlockingTeam, Outbox, Target};
use std::collections::HashMap;

/// Why a profile's team store could not be started, by what the user must change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotStarted {
    /// The `[team]` table itself is wrong (the database's URL, who I am).
    Config(String),
    /// No place on this machine for the outbox where marks wait while the store is away.
    Outbox(String),
    /// The store's thread, or the organisation its marks belong to, could not be had.
    Failed(String),
}

impl std::fmt::Display for NotStarted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotStarted::Config(why) | NotStarted::Outbox(why) | NotStarted::Failed(why) => {
                f.write_str(why)
            }
        }
    }
}

/// Starts the team store of a `[team]` table: its thread connects on its own, so a store
/// that is away costs nothing here.
pub fn start_team(profile: &str, config: &TeamConfig) -> Result<BlockingTeam, NotStarted> {
    start(target(profile, config)?)
}

fn target(profile: &str, config: &TeamConfig) -> Result<Target, NotStarted> {
    Target::new(profile, config).map_err(|error| NotStarted::Config(error.to_string()))
}

fn start(target: Target) -> Result<BlockingTeam, NotStarted> {
    let outbox =
        Outbox::open_default().map_err(|why| NotStarted::Outbox(crate::text::sanitize(&why)))?;
    BlockingTeam::start(target, Keyring::system(), outbox).map_err(NotStarted::Failed)
}

/// The profile's team store, started and bound to the scope's organisation (the config's
/// name, else the one these exchanges' bots carry); `None` when the profile has none.
pub fn team_for(
    profile: &str,
    config: Option<&TeamConfig>,
    scope: &Scope,
    inbox: &[Exchange],
) -> Result<Option<BlockingTeam>, NotStarted> {
    let Some(config) = config else { return Ok(None) };
    let target = target(profile, config)?;
    let org = crate::team::identity::resolve(target.organisation.as_deref(), inbox)
        .map_err(NotStarted::Failed)?;
    let team = start(target)?;
    team.bind(scope.clone(), org);
    Ok(Some(team))
}

/// The book of the marks: the team's store for the shared marks when there is one.
pub fn book<'a>(local: &'a LocalState, team: Option<&'a BlockingTeam>) -> MarkBook<'a> {
    match team {
        Some(team) => MarkBook::shared(local, team),
        None => MarkBook::local(local),
    }
}

/// The marks of the scope as they stand at `now`, for a look (no snippets: a look reads
/// what it needs of the chains itself), or none when they cannot be read — every reply then
/// counts as seen and unhandled, so lists show more, never less — with the error for the
/// caller to say. Blocking: SQLite, and the team store when there is one (its last known
/// marks while it is away).
pub fn facts(book: MarkBook<'_>, scope: &Scope, now: Timestamp) -> (MarkFacts, Option<StateError>) {
    let read = book.first_use(scope).and_then(|first| Ok((first, book.marks(scope)?)));
    match read {
        Ok((first_use, marks)) => {
            (MarkFacts { marks, first_use, snippets: HashMap::new(), now }, None)
        }
        Err(error) => (unread(now), Some(error)),
    }
}

/// No marks at all: what a look counts with when they cannot be read.
pub fn unread(now: Timestamp) -> MarkFacts {
    MarkFacts { marks: HashMap::new(), first_use: now, snippets: HashMap::new(), now }
}
