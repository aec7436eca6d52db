//! What the team shares about one exchange, a change to it, and the rule when two people
//! change it at once.
//!
//! The rule: **the first handler wins**. A reply Bob handled stays Bob's: Ann's "handle" a
//! moment later changes nothing and tells her "Bob handled this a moment ago" — unless the
//! reply moved since Bob handled it (the contact wrote again), when it is open again and
//! Ann's mark is taken. An **assignment** names whom the person saw it assigned to; when
//! someone assigned it meanwhile, it is refused and says to whom ("Bob assigned this to
//! Carl a moment ago"). Unhandling and snoozing are plain: the last word stands. Every
//! change taken is one history row.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Handled, by whom, when, and at which `updated_at` of the exchange.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handled {
    pub by: String,
    pub at: DateTime<Utc>,
    /// `None`: handled whatever moves later.
    pub updated_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assigned {
    pub to: String,
    pub by: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snoozed {
    pub until: DateTime<Utc>,
    pub by: String,
    pub at: DateTime<Utc>,
}

/// The team's marks on one exchange.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamMark {
    pub handled: Option<Handled>,
    pub assigned: Option<Assigned>,
    pub snoozed: Option<Snoozed>,
}

/// What a person does to an exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action")]
pub enum Action {
    /// Handled as the exchange stands at `updated_at`.
    Handle {
        updated_at: Option<DateTime<Utc>>,
    },
    Unhandle,
    /// Assign to `to` (`None`: unassign), having seen it assigned to `seen`.
    Assign {
        to: Option<String>,
        seen: Option<String>,
        /// Made while the store was away, without seeing whom it was assigned to: taken
        /// unless someone assigned or unassigned it after it was made (`TeamStore::apply`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        blind: bool,
    },
    /// Snooze until then (`None`: wake it).
    Snooze {
        until: Option<DateTime<Utc>>,
    },
}

impl Action {
    /// The history's word for it.
    pub fn what(&self) -> &'static str {
        match self {
            Action::Handle { .. } => "handled",
            Action::Unhandle => "unhandled",
            Action::Assign { to: Some(_), .. } => "assigned",
            Action::Assign { to: None, .. } => "unassigned",
            Action::Snooze { until: Some(_) } => "snoozed",
            Action::Snooze { until: None } => "unsnoozed",
        }
    }
}

/// One change, as made by one person, with the id that makes it count once however often
/// it is sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkChange {
    pub id: String,
    pub exchange: i64,
    pub who: String,
    pub made_at: DateTime<Utc>,
    #[serde(flatten)]
    pub action: Action,
}

impl MarkChange {
    /// A change made now by `who`, with a fresh id.
    pub fn new(exchange: i64, who: &str, action: Action) -> MarkChange {
        MarkChange { id: client_id(), exchange, who: who.to_string(), made_at: Utc::now(), action }
    }
}

/// 128 random bits in hex: the standard library's hasher keys are drawn from the operating
/// system's randomness, so no crate is needed for an id no two clients make alike.
fn client_id() -> String {
    use std::hash::{BuildHasher, RandomState};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let high = RandomState::new().hash_one((count, std::process::id()));
    let low = RandomState::new().hash_one((Utc::now().timestamp_nanos_opt(), count));
    format!("{high:016x}{low:016x}")
}

/// Why a change was not taken: someone else was first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub exchange: i64,
    pub by: String,
    pub at: DateTime<Utc>,
    /// `None`: it was handled; `Some(to)`: it was assigned (to nobody: unassigned).
    pub assigned_to: Option<Option<String>>,
}

impl Conflict {
    /// "Bob handled this a moment ago", "Bob assigned this to Carl 5m ago".
    pub fn sentence(&self, now: DateTime<Utc>) -> String {
        let when = match (now - self.at).num_seconds() {
            seconds if seconds < 90 => "a moment ago".to_string(),
            _ => format!("{} ago", crate::clock::short_age(self.at, now)),
        };
        let by = crate::text::sanitize(&self.by);
        match &self.assigned_to {
            None => format!("{by} handled this {when}"),
            Some(Some(to)) => format!("{by} assigned this to {} {when}", crate::text::sanitize(to)),
            Some(None) => format!("{by} unassigned this {when}"),
        }
    }
}

/// What became of a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Taken: the marks moved, one history row was written.
    Applied,
    /// Taken before (the same id came again, from an outbox): nothing more done.
    AlreadyApplied,
    /// The marks already said so: nothing written.
    Unchanged,
    /// Someone else was first.
    Refused(Conflict),
    /// The assignee is not in the team.
    UnknownMember(String),
}

/// What to do with `action` by `who` on an exchange whose marks are `current`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Decision {
    Write,
    Unchanged,
    Refuse(Conflict),
}

/// The two-people rule (see the module's comment).
pub(crate) fn decide(current: &TeamMark, exchange: i64, who: &str, action: &Action) -> Decision {
    match action {
        Action::Handle { updated_at } => match &current.handled {
            Some(handled) if handled.by == who && handled.updated_at == *updated_at => {
                Decision::Unchanged
            }
            Some(handled) if handled.by != who && covers(handled.updated_at, *updated_at) => {
                Decision::Refuse(Conflict {
                    exchange,
                    by: handled.by.clone(),
                    at: handled.at,
                    assigned_to: None,
                })
            }
            _ => Decision::Write,
        },
        Action::Unhandle if current.handled.is_none() => Decision::Unchanged,
        Action::Unhandle => Decision::Write,
        Action::Assign { to, seen, .. } => {
            let now = current.assigned.as_ref().map(|assigned| &assigned.to);
            if now == to.as_ref() {
                Decision::Unchanged
            } else if now != seen.as_ref() {
                let (by, at) = match &current.assigned {
                    Some(assigned) => (assigned.by.clone(), assigned.at),
                    None => (String::from("someone"), Utc::now()),
                };
                Decision::Refuse(Conflict { exchange, by, at, assigned_to: Some(now.cloned()) })
            } else {
                Decision::Write
            }
        }
        Action::Snooze { until } => {
            if current.snoozed.as_ref().map(|snoozed| snoozed.until) == *until {
                Decision::Unchanged
            } else {
                Decision::Write
            }
        }
    }
}

/// Whether a handled mark made at `handled` still covers the exchange as it stands at
/// `now`: it does unless the exchange moved past it.
fn covers(handled: Option<DateTime<Utc>>, now: Option<DateTime<Utc>>) -> bool {
    match (handled, now) {
        (Some(handled), Some(now)) => now <= handled,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minute: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-03-02T09:{minute:02}:00Z")).unwrap().into()
    }

    fn handled_by(by: &str, updated: u32) -> TeamMark {
        TeamMark {
            handled: Some(Handled { by: by.into(), at: at(30), updated_at: Some(at(updated)) }),
            ..TeamMark::default()
        }
    }

    #[test]
    fn the_first_handler_wins_until_the_reply_moves() {
        let bobs = handled_by("bob", 10);
        let handle = |minute| Action::Handle { updated_at: Some(at(minute)) };
        let Decision::Refuse(conflict) = decide(&bobs, 7, "ann", &handle(10)) else { panic!() };
        assert_eq!(
            conflict.sentence(at(30) + chrono::Duration::seconds(20)),
            "bob handled this a moment ago"
        );
        assert_eq!(conflict.sentence(at(35)), "bob handled this 5m ago");
        assert_eq!(
            decide(&bobs, 7, "ann", &handle(11)),
            Decision::Write,
            "moved since: open again"
        );
        assert_eq!(decide(&bobs, 7, "bob", &handle(10)), Decision::Unchanged);
        assert_eq!(decide(&TeamMark::default(), 7, "ann", &handle(10)), Decision::Write);
        assert_eq!(decide(&bobs, 7, "ann", &Action::Unhandle), Decision::Write);
        assert_eq!(decide(&TeamMark::default(), 7, "ann", &Action::Unhandle), Decision::Unchanged);
    }

    #[test]
    fn an_assignment_names_what_it_saw() {
        let to_carl = TeamMark {
            assigned: Some(Assigned { to: "carl".into(), by: "bob".into(), at: at(30) }),
            ..TeamMark::default()
        };
        let assign = |to: &str, seen: Option<&str>| Action::Assign {
            to: Some(to.into()),
            seen: seen.map(String::from),
            blind: false,
        };
        let Decision::Refuse(conflict) = decide(&to_carl, 7, "ann", &assign("dora", None)) else {
            panic!()
        };
        assert_eq!(conflict.sentence(at(31)), "bob assigned this to carl a moment ago");
        assert_eq!(decide(&to_carl, 7, "ann", &assign("dora", Some("carl"))), Decision::Write);
        assert_eq!(decide(&to_carl, 7, "ann", &assign("carl", None)), Decision::Unchanged);
        assert_eq!(decide(&TeamMark::default(), 7, "ann", &assign("carl", None)), Decision::Write);
    }

    #[test]
    fn client_ids_differ() {
        let ids: std::collections::HashSet<String> = (0..1000).map(|_| client_id()).collect();
        assert_eq!(ids.len(), 1000);
        assert!(ids.iter().all(|id| id.len() == 32));
    }
}
