//! The one road from fetched lists to announced events, for `outreach watch` and the
//! dashboard alike: take a snapshot, diff it with the last one kept, claim each event in
//! the observed state (whoever claims it runs its hook; the other sees it claimed), record
//! bots' transitions and the time observed, keep the new snapshot. Blocking (SQLite): the
//! dashboard calls it off its UI thread.
//!
//! Delivery is at most once: an event is claimed before its hook runs, so a process killed
//! between the claim and the hook loses that one run rather than running it twice (a
//! duplicate message in a team's channel, or a duplicate record in a CRM, is the worse
//! fault, and at-least-once would need a lease that a second claimer could steal). The
//! snapshot is kept after the claims: killed before it, the next run finds the same old
//! snapshot, derives the same ids and finds them claimed, so nothing is told twice and no
//! unclaimed change is missed.
//!
//! The first look at an organisation announces nothing: every reply in the inbox would be
//! "new", as the dashboard's first start would flood without its first-use rule. It keeps
//! the snapshot and the bots' states (their first transitions) and starts observing.

use super::diff::diff;
use super::event::{Event, EventKind};
use super::snapshot::{BotSeen, Snapshot};
use crate::api::names::name_or_email;
use crate::api::{Exchange, Meeting};
use crate::local::{BotTransition, LATEST, ObservedState, Scope, StateError};
use crate::needs::Inputs;
use crate::text::{sanitize, truncate};
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Longest name, address or campaign name handed to a hook or printed.
const MAX_FIELD: usize = 200;

/// How often old announced ids are pruned.
const PRUNE_EVERY: Duration = Duration::hours(1);

/// What one look is made from.
pub struct Lists<'a> {
    /// The lists and marks "Needs you" is made from (inbox, campaigns, bots, do-not-contact,
    /// handled and snoozed, who wrote last, thresholds, the moment).
    pub needs: &'a Inputs<'a>,
    pub meetings: &'a [Meeting],
}

/// What one look found.
#[derive(Debug, Default)]
pub struct Observation {
    /// The events this observer claimed: its to run and tell.
    pub events: Vec<Event>,
    /// Events someone else (a dashboard, another watch) had claimed already.
    pub claimed_elsewhere: usize,
    /// This was the organisation's first look: nothing is announced.
    pub first: bool,
}

/// One profile's organisation, observed by one process. It shares the observed state (a
/// watch of several profiles holds one observer each; the dashboard keeps its own across
/// its blocking tasks).
pub struct Observer {
    state: Arc<ObservedState>,
    scope: Scope,
    /// Who claims ("watch", "dashboard"), kept beside each claim.
    by: &'static str,
    /// How often this observer looks; three of these without a look end an observed span.
    every: Duration,
    pruned: Mutex<Option<DateTime<Utc>>>,
}

impl Observer {
    /// The observed state it keeps its snapshots in (where looks also remember chains).
    pub fn state(&self) -> &ObservedState {
        &self.state
    }

    pub fn new(
        state: Arc<ObservedState>,
        scope: Scope,
        by: &'static str,
        every: std::time::Duration,
    ) -> Observer {
        let every = Duration::from_std(every).unwrap_or(Duration::minutes(1));
        Observer { state, scope, by, every, pruned: Mutex::new(None) }
    }

    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    /// How often this observer looks.
    pub fn every(&self) -> Duration {
        self.every
    }

    /// Looks once: the events this observer claimed, with names filled from the lists.
    pub fn observe(&self, lists: &Lists<'_>) -> Result<Observation, StateError> {
        let now = lists.needs.now;
        let scope = &self.scope;
        let new = Snapshot::take(lists.needs, lists.meetings);
        let old = self.state.snapshot(scope, LATEST)?.and_then(|(taken_at, body)| {
            Snapshot::from_json(&body).map(|snapshot| Snapshot { taken_at, ..snapshot })
        });
        let mut observation = Observation::default();
        // Lists read before the kept snapshot was taken (a dashboard's, while a watch looked
        // meanwhile) would tell the changes since backwards: they are not looked at.
        if old.as_ref().is_some_and(|old| old.taken_at > now) {
            return Ok(observation);
        }
        match &old {
            None => observation.first = true,
            Some(old) => {
                let events = diff(old, &new, now, &lists.needs.thresholds);
                let ids: Vec<&str> = events.iter().map(|event| event.id.as_str()).collect();
                let won = self.state.claim(scope, &ids, now, self.by)?;
                for (event, won) in events.into_iter().zip(won) {
                    if won {
                        observation.events.push(event);
                    } else {
                        observation.claimed_elsewhere += 1;
                    }
                }
            }
        }
        self.record_transitions(old.as_ref(), &new, &observation.events, now)?;
        let changed = old.as_ref().is_none_or(|old| !old.same_as(&new));
        let mut body = changed.then(|| new.to_json());
        self.state.save_snapshot(scope, LATEST, now, body.as_deref())?;
        // The day's first look is kept a while, for `outreach brief --since`: from the same
        // text when there is one (two copies of the whole inbox's would be held at once).
        self.state.keep_day(scope, now, || body.take().unwrap_or_else(|| new.to_json()))?;
        self.state.observed(scope, now, self.every * 3)?;
        self.prune(now)?;
        let named = Names::of(lists);
        for event in &mut observation.events {
            event.profile = scope.profile.clone();
            named.fill(event);
        }
        Ok(observation)
    }

    /// Bots first seen (claimed once by name, so a dashboard beside a watch records them
    /// once) and the changes this observer claimed.
    fn record_transitions(
        &self,
        old: Option<&Snapshot>,
        new: &Snapshot,
        won: &[Event],
        now: DateTime<Utc>,
    ) -> Result<(), StateError> {
        let unseen: Vec<(i64, &BotSeen)> = new
            .bots
            .iter()
            .filter(|(id, _)| old.is_none_or(|old| !old.bots.contains_key(id)))
            .map(|(&id, seen)| (id, seen))
            .collect();
        let keys: Vec<String> = unseen.iter().map(|(id, _)| format!("bot-seen:{id}")).collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let first = self.state.claim(&self.scope, &keys, now, self.by)?;
        let mut transitions: Vec<BotTransition> = unseen
            .iter()
            .zip(first)
            .filter(|(_, won)| *won)
            .map(|((id, seen), _)| BotTransition {
                bot: *id,
                at: now,
                from: None,
                to: seen.word(),
                sending: seen.sending(),
            })
            .collect();
        for event in won.iter().filter(|event| event.kind == EventKind::BotChanged) {
            let Some(seen) = event.bot_id.and_then(|id| new.bots.get(&id)) else { continue };
            transitions.push(BotTransition {
                bot: event.bot_id.unwrap_or_default(),
                at: now,
                from: event.from.clone(),
                to: seen.word(),
                sending: seen.sending(),
            });
        }
        self.state.record_transitions(&self.scope, &transitions)
    }

    fn prune(&self, now: DateTime<Utc>) -> Result<(), StateError> {
        let mut last = self.pruned.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.is_some_and(|last| now - last < PRUNE_EVERY) {
            return Ok(());
        }
        *last = Some(now);
        self.state.prune(now).map(|_| ())
    }
}

/// Names and addresses from the lists, for the ids an event carries (and a brief's lines).
pub(crate) struct Names<'a> {
    exchanges: HashMap<i64, &'a Exchange>,
    meetings: HashMap<i64, &'a Meeting>,
    campaigns: HashMap<i64, &'a str>,
    bots: HashMap<i64, &'a str>,
}

fn field(text: &str) -> Option<String> {
    let clean = truncate(sanitize(text).trim(), MAX_FIELD);
    (!clean.is_empty()).then_some(clean)
}

impl<'a> Names<'a> {
    pub(crate) fn of(lists: &Lists<'a>) -> Names<'a> {
        Names {
            exchanges: lists.needs.exchanges.iter().map(|e| (e.id, e)).collect(),
            meetings: lists.meetings.iter().map(|m| (m.id, m)).collect(),
            campaigns: lists.needs.campaigns.iter().map(|c| (c.id, c.name.as_str())).collect(),
            bots: lists.needs.bots.iter().map(|b| (b.id, b.email.as_str())).collect(),
        }
    }

    /// A campaign's name, sanitised and bounded.
    pub(crate) fn campaign(&self, id: i64) -> Option<String> {
        self.campaigns.get(&id).and_then(|name| field(name))
    }

    pub(crate) fn fill(&self, event: &mut Event) {
        if let Some(exchange) = event.exchange_id.and_then(|id| self.exchanges.get(&id)) {
            let contact = &exchange.contact;
            event.contact_name =
                field(&name_or_email(&contact.first_name, &contact.last_name, &contact.email));
            event.contact_email = field(&contact.email);
            event.bot_id = event.bot_id.or(Some(exchange.bot.id));
        } else if let Some(meeting) = event.meeting_id.and_then(|id| self.meetings.get(&id))
            && let Some(contact) = &meeting.contact
        {
            event.contact_name =
                field(&name_or_email(&contact.first_name, &contact.last_name, &contact.email));
            event.contact_email = field(&contact.email);
        }
        if let Some(name) = event.campaign_id.and_then(|id| self.campaigns.get(&id)) {
            event.campaign = field(name);
        }
        if let Some(email) = event.bot_id.and_then(|id| self.bots.get(&id)) {
            event.bot_email = field(email);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Exchange, ExchangeStatus, Party, Timestamp};
    use crate::clock::Zone;
    use crate::needs::{ReplyFacts, Thresholds};

    fn at(minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_772_409_600 + minute * 60, 0).unwrap()
    }

    fn reply(id: i64, status: ExchangeStatus, moved: i64) -> Exchange {
        Exchange {
            id,
            campaign_id: 10,
            status,
            updated_at: Some(Timestamp(at(moved))),
            contact: Party { id: id + 100, email: format!("c{id}@acme.tech"), ..Party::default() },
            ..Exchange::default()
        }
    }

    /// One look at `inbox` at minute `now`.
    fn look(observer: &Observer, inbox: &[Exchange], now: i64) -> Observation {
        let on_dnc = |_: &Party| Some(false);
        let reply = |_: &Exchange| ReplyFacts::default();
        let inputs = Inputs {
            exchanges: inbox,
            campaigns: &[],
            bots: &[],
            on_dnc: &on_dnc,
            reply: &reply,
            now: at(now),
            zone: Zone::Local,
            thresholds: Thresholds::default(),
        };
        observer.observe(&Lists { needs: &inputs, meetings: &[] }).unwrap()
    }

    #[test]
    fn a_restart_before_the_snapshot_was_kept_announces_nothing_twice_and_misses_nothing() {
        let state = Arc::new(ObservedState::in_memory());
        let scope = Scope::new("work", "https://api.example");
        let every = std::time::Duration::from_secs(60);
        let watch = Observer::new(Arc::clone(&state), scope.clone(), "watch", every);
        let before =
            [reply(1, ExchangeStatus::AwaitingReply, 0), reply(2, ExchangeStatus::Declined, 0)];
        let first = look(&watch, &before, 1);
        assert!(first.first && first.events.is_empty(), "a first look announces nothing");
        let kept = state.snapshot(&scope, LATEST).unwrap().unwrap();

        let after =
            [reply(1, ExchangeStatus::InfoInquiry, 2), reply(2, ExchangeStatus::Declined, 0)];
        let seen = look(&watch, &after, 3);
        let kinds: Vec<EventKind> = seen.events.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [EventKind::ReplyReceived, EventKind::CategoryChanged]);
        assert_eq!(seen.events[0].profile, "work");
        assert_eq!(seen.events[0].contact_email.as_deref(), Some("c1@acme.tech"));

        // Killed after the claims, before the snapshot was kept: the old one is still there.
        state.save_snapshot(&scope, LATEST, kept.0, Some(&kept.1)).unwrap();
        let restarted = Observer::new(Arc::clone(&state), scope.clone(), "watch", every);
        let again = look(&restarted, &after, 4);
        assert!(again.events.is_empty(), "nothing twice: {:?}", again.events);
        assert_eq!(again.claimed_elsewhere, 2);

        // A dashboard beside it sees the next move claimed by whoever looked first.
        let dashboard = Observer::new(Arc::clone(&state), scope.clone(), "dashboard", every);
        let moved =
            [reply(1, ExchangeStatus::InfoInquiry, 5), reply(2, ExchangeStatus::Declined, 0)];
        let by_dashboard = look(&dashboard, &moved, 6);
        let by_watch = look(&restarted, &moved, 6);
        assert_eq!(by_dashboard.events.len() + by_watch.events.len(), 1, "run once, by one");
    }

    #[test]
    fn lists_read_before_the_kept_snapshot_tell_nothing_backwards() {
        let state = Arc::new(ObservedState::in_memory());
        let scope = Scope::new("work", "https://api.example");
        let every = std::time::Duration::from_secs(60);
        let watch = Observer::new(Arc::clone(&state), scope.clone(), "watch", every);
        let dashboard = Observer::new(Arc::clone(&state), scope.clone(), "dashboard", every);
        let waiting = [reply(1, ExchangeStatus::AwaitingReply, 0)];
        let answered = [reply(1, ExchangeStatus::InfoInquiry, 5)];
        look(&watch, &waiting, 1);
        assert_eq!(look(&watch, &answered, 6).events.len(), 2, "a reply and its category");
        // The dashboard's lists were read at minute 4, before the watch's look at 6.
        let late = look(&dashboard, &waiting, 4);
        assert!(late.events.is_empty(), "nothing told backwards: {:?}", late.events);
        assert_eq!(state.snapshot(&scope, LATEST).unwrap().unwrap().0, at(6), "kept as it was");
        assert!(look(&watch, &answered, 7).events.is_empty());
    }
}
