//! How each opt-out stands against its deadline (`[needs] unsubscribe_days` business days
//! from the exchange's last move, as "Needs you" counts it): honoured in time, honoured
//! late, honoured at a time not known, pending, or not checked.
//!
//! Whether an address is on the do-not-contact list comes from the contact list; *when* it
//! went on comes only from this machine's writes (the audit log's do-not-contact additions):
//! the API keeps no such time. An address on the list with no write of ours is in time
//! while its deadline has not passed, and "when not known" after — never guessed late or
//! in time.

use crate::api::{Exchange, ExchangeStatus};
use crate::clock::{Zone, add_business_days};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use std::collections::HashMap;

/// Where one opt-out stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    InTime,
    Late,
    /// On the list, added by no write of this machine, after its deadline passed.
    WhenUnknown,
    Pending,
    /// The contact list could not be read.
    Unchecked,
}

/// What an opt-out's standing is read from, besides the exchange.
pub struct Deadline<'a> {
    pub zone: &'a Zone,
    pub today: NaiveDate,
    /// Business days to honour an opt-out.
    pub days: u32,
    /// When each address (lower case) was first added to do not contact from this machine.
    pub listed_at: &'a HashMap<String, DateTime<Utc>>,
}

/// One opt-out: the day it was asked, its deadline and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptOutStanding {
    pub asked: NaiveDate,
    pub due: NaiveDate,
    pub standing: Standing,
}

impl Deadline<'_> {
    /// `None` for an exchange that is no opt-out or whose day is not known; `on_list` is
    /// whether its contact is on the do-not-contact list (`None`: not known).
    pub fn of(&self, exchange: &Exchange, on_list: Option<bool>) -> Option<OptOutStanding> {
        if !matches!(exchange.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink) {
            return None;
        }
        let asked = self.zone.date(exchange.updated_at?.0);
        let due = add_business_days(asked, self.days);
        let standing = match on_list {
            None => Standing::Unchecked,
            Some(false) => Standing::Pending,
            Some(true) => {
                let address = exchange.contact.email.trim().to_lowercase();
                match self.listed_at.get(&address) {
                    Some(at) if self.zone.date(*at) <= due => Standing::InTime,
                    Some(_) => Standing::Late,
                    None if self.today <= due => Standing::InTime,
                    None => Standing::WhenUnknown,
                }
            }
        };
        Some(OptOutStanding { asked, due, standing })
    }
}

/// The opt-outs asked over a window, by where they stand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct OptOutTally {
    /// Asked over the window.
    pub asked: usize,
    pub honoured_in_time: usize,
    pub honoured_late: usize,
    /// On the list, but when it was added is not known (not from this machine).
    pub honoured_when_unknown: usize,
    /// Not on the list yet.
    pub pending: usize,
    /// Of the pending, those past their deadline.
    pub overdue: usize,
    /// Their contact's do-not-contact state could not be read.
    pub unchecked: usize,
}

impl OptOutTally {
    /// Counts one opt-out asked over the window, as it stands `today`.
    pub fn add(&mut self, opt_out: &OptOutStanding, today: NaiveDate) {
        self.asked += 1;
        match opt_out.standing {
            Standing::InTime => self.honoured_in_time += 1,
            Standing::Late => self.honoured_late += 1,
            Standing::WhenUnknown => self.honoured_when_unknown += 1,
            Standing::Unchecked => self.unchecked += 1,
            Standing::Pending => {
                self.pending += 1;
                if opt_out.due < today {
                    self.overdue += 1;
                }
            }
        }
    }

    /// `4 — 2 honoured within the deadline, 1 honoured late, 1 pending (1 past the
    /// deadline)`, parts that are zero left out; `none` when none was asked.
    pub fn describe(&self) -> String {
        if self.asked == 0 {
            return "none".to_string();
        }
        let mut parts = Vec::new();
        if self.honoured_in_time > 0 {
            parts.push(format!("{} honoured within the deadline", self.honoured_in_time));
        }
        if self.honoured_late > 0 {
            parts.push(format!("{} honoured late", self.honoured_late));
        }
        if self.honoured_when_unknown > 0 {
            parts.push(format!(
                "{} honoured, when not known (not added from this machine)",
                self.honoured_when_unknown
            ));
        }
        if self.pending > 0 {
            let overdue = match self.overdue {
                0 => String::new(),
                n => format!(" ({n} past the deadline)"),
            };
            parts.push(format!("{} pending{overdue}", self.pending));
        }
        if self.unchecked > 0 {
            parts.push(format!("{} not checked", self.unchecked));
        }
        format!("{} — {}", self.asked, parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Party, Timestamp};

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn opt_out(email: &str, at: &str) -> Exchange {
        Exchange {
            status: ExchangeStatus::UnsubRequest,
            contact: Party { email: email.into(), ..Party::default() },
            updated_at: Some(Timestamp(format!("{at}T10:00:00Z").parse().unwrap())),
            ..Exchange::default()
        }
    }

    #[test]
    fn an_opt_out_is_late_in_time_or_unknown_by_when_this_machine_listed_it() {
        // Asked Monday 2026-11-02: ten business days make Monday 2026-11-16 the deadline.
        let listed_at: HashMap<String, DateTime<Utc>> = [
            ("in@a.com".to_string(), "2026-11-16T09:00:00Z".parse().unwrap()),
            ("late@a.com".to_string(), "2026-11-17T09:00:00Z".parse().unwrap()),
        ]
        .into();
        let zone = Zone::named("UTC").unwrap();
        let deadline =
            |today| Deadline { zone: &zone, today: day(today), days: 10, listed_at: &listed_at };
        let at = "2026-11-02";
        let standing = |email: &str, on_list, today| {
            deadline(today).of(&opt_out(email, at), on_list).unwrap().standing
        };
        assert_eq!(
            deadline("2026-11-20").of(&opt_out("x@a.com", at), None).unwrap().due,
            day("2026-11-16")
        );
        assert_eq!(standing("IN@a.com ", Some(true), "2026-11-20"), Standing::InTime);
        assert_eq!(standing("late@a.com", Some(true), "2026-11-20"), Standing::Late);
        assert_eq!(standing("elsewhere@a.com", Some(true), "2026-11-16"), Standing::InTime);
        assert_eq!(standing("elsewhere@a.com", Some(true), "2026-11-17"), Standing::WhenUnknown);
        assert_eq!(standing("waits@a.com", Some(false), "2026-11-17"), Standing::Pending);
        assert_eq!(standing("waits@a.com", None, "2026-11-17"), Standing::Unchecked);
        let mut reply = opt_out("x@a.com", at);
        reply.status = ExchangeStatus::InfoInquiry;
        assert_eq!(deadline("2026-11-17").of(&reply, Some(false)), None);
    }

    #[test]
    fn the_tally_says_each_part_and_the_pending_past_their_deadline() {
        let today = day("2026-11-20");
        let mut tally = OptOutTally::default();
        assert_eq!(tally.describe(), "none");
        let one =
            |standing, due| OptOutStanding { asked: day("2026-11-01"), due: day(due), standing };
        tally.add(&one(Standing::InTime, "2026-11-16"), today);
        tally.add(&one(Standing::Late, "2026-11-16"), today);
        tally.add(&one(Standing::Pending, "2026-11-16"), today);
        tally.add(&one(Standing::Pending, "2026-11-30"), today);
        assert_eq!(
            tally,
            OptOutTally {
                asked: 4,
                honoured_in_time: 1,
                honoured_late: 1,
                pending: 2,
                overdue: 1,
                ..OptOutTally::default()
            }
        );
        assert_eq!(
            tally.describe(),
            "4 — 1 honoured within the deadline, 1 honoured late, 2 pending (1 past the deadline)"
        );
    }
}
