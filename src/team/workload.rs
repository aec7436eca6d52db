//! Each person's share of the inbox, from the team's marks alone (so the dashboard's
//! Overview and `outreach team status` count alike, with or without the API): replies
//! handled today, replies assigned to them and not handled, and since when the oldest of
//! those has been theirs.

use super::marks::TeamMark;
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, HashMap};

/// One person's share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    pub person: String,
    /// Marked handled by them since the start of today.
    pub handled_today: usize,
    /// Assigned to them and not marked handled.
    pub waiting: usize,
    /// When the longest-waiting of those was assigned.
    pub oldest: Option<DateTime<Utc>>,
}

/// The team as it is offered to choose from (whom to assign to): me first, then the others
/// in the store's order.
pub fn me_first(me: &str, members: &[String]) -> Vec<String> {
    let mut people = vec![me.to_string()];
    people.extend(members.iter().filter(|name| *name != me).cloned());
    people
}

/// Every member's share (members with nothing too, so the team is listed whole), then
/// anyone the marks name who is not a member any more; by name.
pub fn shares(
    marks: &HashMap<i64, TeamMark>,
    members: &[String],
    today_began: DateTime<Utc>,
) -> Vec<Share> {
    let mut by_person: BTreeMap<&str, Share> =
        crate::sorting::map_of(members.iter().map(|name| (name.as_str(), empty(name))));
    for mark in marks.values() {
        if let Some(handled) = &mark.handled
            && handled.at >= today_began
        {
            by_person.entry(&handled.by).or_insert_with(|| empty(&handled.by)).handled_today += 1;
        }
        if let (Some(assigned), None) = (&mark.assigned, &mark.handled) {
            let share = by_person.entry(&assigned.to).or_insert_with(|| empty(&assigned.to));
            share.waiting += 1;
            share.oldest = Some(share.oldest.map_or(assigned.at, |at| at.min(assigned.at)));
        }
    }
    by_person.into_values().collect()
}

fn empty(name: &str) -> Share {
    Share { person: name.to_string(), handled_today: 0, waiting: 0, oldest: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::marks::{Assigned, Handled};

    fn at(hour: u32) -> DateTime<Utc> {
        format!("2026-11-26T{hour:02}:00:00Z").parse().unwrap()
    }

    #[test]
    fn handled_today_waiting_and_the_oldest_per_person() {
        let handled = |by: &str, hour| Handled { by: by.into(), at: at(hour), updated_at: None };
        let assigned = |to: &str, hour| Assigned { to: to.into(), by: "ann".into(), at: at(hour) };
        let marks = HashMap::from([
            (1, TeamMark { handled: Some(handled("ann", 9)), ..TeamMark::default() }),
            (2, TeamMark { handled: Some(handled("ann", 1)), ..TeamMark::default() }),
            (3, TeamMark { assigned: Some(assigned("bob", 8)), ..TeamMark::default() }),
            (4, TeamMark { assigned: Some(assigned("bob", 5)), ..TeamMark::default() }),
            (
                5,
                TeamMark {
                    assigned: Some(assigned("bob", 2)),
                    handled: Some(handled("bob", 10)),
                    ..TeamMark::default()
                },
            ),
            (6, TeamMark { assigned: Some(assigned("zed", 7)), ..TeamMark::default() }),
        ]);
        let members = ["ann".to_string(), "bob".to_string(), "carl".to_string()];
        let shares = shares(&marks, &members, at(6));
        fn line(s: &Share) -> (&str, usize, usize, Option<DateTime<Utc>>) {
            (s.person.as_str(), s.handled_today, s.waiting, s.oldest)
        }
        assert_eq!(
            shares.iter().map(line).collect::<Vec<_>>(),
            [
                ("ann", 1, 0, None),
                ("bob", 1, 2, Some(at(5))),
                ("carl", 0, 0, None),
                ("zed", 0, 1, Some(at(7))),
            ]
        );
    }
}
