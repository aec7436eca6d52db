//! The team's side of the inbox, when the profile names a team store: who handled each reply
//! and when, to whom it is assigned, who is in the team, whether the store answers — and the
//! work that reads and writes it off the UI thread (`TeamJob`, performed against a
//! [`BlockingTeam`], whose own thread holds the connection and hears teammates' changes).

use crate::api::{Exchange, Timestamp};
use crate::local::Scope;
use crate::team::{Action, BlockingTeam, Health, MarkChange, OrgName, Outcome, TeamMark};
use std::collections::HashMap;

/// Whose replies the inbox lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Whose {
    #[default]
    Everyone,
    /// Assigned to me.
    Mine,
    /// Assigned to nobody.
    Unassigned,
}

impl Whose {
    /// The next view of the key that cycles them.
    pub fn next(self) -> Whose {
        match self {
            Whose::Everyone => Whose::Mine,
            Whose::Mine => Whose::Unassigned,
            Whose::Unassigned => Whose::Everyone,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Whose::Everyone => "everyone's",
            Whose::Mine => "mine",
            Whose::Unassigned => "unassigned",
        }
    }
}

/// The team store as the inbox holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamView {
    /// Who I am in the team.
    pub me: String,
    /// The organisation's name from the config, if it gives one.
    pub organisation: Option<String>,
    /// The marks are bound to an organisation and read from the store.
    pub bound: bool,
    pub members: Vec<String>,
    pub marks: HashMap<i64, TeamMark>,
    pub health: Health,
    /// The store's version when its marks were last read.
    pub version: Option<i64>,
    pub whose: Whose,
    /// Each person's share (handled today, assigned and waiting), made when the marks are
    /// read, not per frame.
    pub shares: Vec<crate::team::workload::Share>,
}

impl TeamView {
    pub fn new(me: String, organisation: Option<String>, whose: Whose) -> TeamView {
        TeamView {
            me,
            organisation,
            bound: false,
            members: Vec::new(),
            marks: HashMap::new(),
            health: Health { away: None, unusable: None, waiting: 0 },
            version: None,
            whose,
            shares: Vec::new(),
        }
    }

    /// To whom the reply is assigned, by name.
    pub fn assignee(&self, id: i64) -> Option<&str> {
        Some(self.marks.get(&id)?.assigned.as_ref()?.to.as_str())
    }

    /// Whether the reply passes the whose-replies view.
    pub fn lets_through(&self, id: i64) -> bool {
        match self.whose {
            Whose::Everyone => true,
            Whose::Mine => self.assignee(id) == Some(self.me.as_str()),
            Whose::Unassigned => self.assignee(id).is_none(),
        }
    }

    /// `None` for me, else the name: how the rows say who.
    pub fn named<'a>(&self, name: &'a str) -> Option<&'a str> {
        (name != self.me).then_some(name)
    }

    /// Who handled the reply and when, if the team's mark says so.
    pub fn handler(&self, exchange: &Exchange) -> Option<(&str, Timestamp)> {
        let handled = self.marks.get(&exchange.id)?.handled.as_ref()?;
        Some((handled.by.as_str(), Timestamp(handled.at)))
    }

    /// The people to assign to, me first, then the others by name.
    pub fn people(&self) -> Vec<String> {
        crate::team::workload::me_first(&self.me, &self.members)
    }
}

/// Work on the team store, done off the UI thread in the order asked (with the marks' other
/// jobs: a read after a write sees it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamJob {
    /// The scope's marks belong to this organisation; then they are read.
    Bind(Scope, OrgName),
    /// The marks, the team and the store's health again when any moved since `known`.
    Read { scope: Scope, known: Option<(i64, Health)> },
    /// Assign these replies (each with whom it was seen assigned to) to `to` (`None`:
    /// nobody).
    Assign { scope: Scope, replies: Vec<(i64, Option<String>)>, to: Option<String> },
}

/// What the team store answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamAnswer {
    Marks {
        scope: Scope,
        version: i64,
        marks: HashMap<i64, TeamMark>,
        members: Vec<String>,
        health: Health,
    },
    Assigned {
        /// Whose replies: the organisation connected's, or another of a group's.
        scope: Scope,
        to: Option<String>,
        /// Taken by the store now.
        taken: Vec<i64>,
        /// Waiting in the outbox: the store is away.
        queued: Vec<i64>,
        /// Not taken, with why ("Bob assigned this to Carl a moment ago").
        refused: Vec<(i64, String)>,
    },
    /// The marks could not be read at this version and health: asked again once either
    /// moves, not every second.
    Unread {
        version: i64,
        health: Health,
        message: String,
    },
    Failed(String),
}

/// What an assignment of `done` replies to `to` did, in words ("2 replies assigned to you;
/// the team store is away: …; Ann Lee's reply: Bob assigned this to Carl a moment ago.");
/// `me` is who I am in its team, `refused` each reply not taken with why.
pub fn assigned_words(
    to: Option<&str>,
    me: Option<&str>,
    done: usize,
    queued: bool,
    refused: &[String],
) -> String {
    let whom = match to {
        None => "nobody".to_string(),
        Some(name) if Some(name) == me => "you".to_string(),
        Some(name) => crate::text::sanitize(name),
    };
    let mut said = Vec::new();
    if done > 0 {
        said.push(format!("{} assigned to {whom}", crate::text::count(done, "reply", "replies")));
    }
    if queued {
        said.push("the team store is away: it waits in this machine's outbox".into());
    }
    said.extend(refused.iter().cloned());
    format!("{}.", said.join("; "))
}

impl TeamJob {
    /// Whose marks the job is on.
    pub fn scope(&self) -> &Scope {
        match self {
            TeamJob::Bind(scope, _)
            | TeamJob::Read { scope, .. }
            | TeamJob::Assign { scope, .. } => scope,
        }
    }

    /// Performs the job (blocking: run it off the UI thread); `None` when there is nothing
    /// to say.
    pub fn perform(self, team: &BlockingTeam) -> Option<TeamAnswer> {
        match self {
            TeamJob::Bind(scope, org) => {
                team.bind(scope.clone(), org);
                TeamJob::Read { scope, known: None }.perform(team)
            }
            TeamJob::Read { scope, known } => {
                let version = crate::local::TriageStore::version(team).ok()?;
                let health = team.health();
                if known.as_ref() == Some(&(version, health.clone())) {
                    return None;
                }
                let read = team.marks(&scope).and_then(|marks| Ok((marks, team.members(&scope)?)));
                Some(match read {
                    Ok((marks, members)) => {
                        TeamAnswer::Marks { scope, version, marks, members, health: team.health() }
                    }
                    Err(error) => TeamAnswer::Unread {
                        version,
                        health,
                        message: format!("The team's marks could not be read ({error})."),
                    },
                })
            }
            TeamJob::Assign { scope, replies, to } => {
                let (mut taken, mut queued, mut refused) = (Vec::new(), Vec::new(), Vec::new());
                // While the store is away the assignments seen are the last known: it is
                // queued as made without seeing, taken unless someone assigned it after.
                let blind = team.health().away.is_some();
                for (id, seen) in replies {
                    let action = Action::Assign { to: to.clone(), seen, blind };
                    match team.change(&scope, MarkChange::new(id, team.me(), action)) {
                        Ok(Some(Outcome::Refused(conflict))) => {
                            refused.push((id, conflict.sentence(chrono::Utc::now())));
                        }
                        Ok(Some(Outcome::UnknownMember(name))) => refused.push((
                            id,
                            format!("{} is not in the team", crate::text::sanitize(&name)),
                        )),
                        Ok(Some(_)) => taken.push(id),
                        Ok(None) => queued.push(id),
                        Err(error) => {
                            return Some(TeamAnswer::Failed(format!(
                                "The assignment could not be made ({error})."
                            )));
                        }
                    }
                }
                Some(TeamAnswer::Assigned { scope, to, taken, queued, refused })
            }
        }
    }
}
