//! Live replies: a contact answers while the simulator runs, so the inbox's new-reply flow
//! (marker, count, toast, bell) can be seen in `--demo` and `outreach sim --live`, and tested
//! through `POST /_sim/replies`. A reply is a new message from the contact at the end of the
//! exchange's chain, its `updated_at` moved to now and, often, a new status; now and then it
//! is the contact's out-of-office notice instead, the status left as it was. Off unless
//! asked, so the data stays the same run to run.

use super::chain::Arrived;
use super::rng::{Rng, salt};
use super::state::SimState;
use super::store::{LiveChain, SimExchange, World};
use crate::api::{ExchangeStatus, Timestamp};
use chrono::{NaiveDate, SubsecRound};
use serde::Serialize;
use std::time::Duration;
use tokio::task::JoinHandle;

/// Seconds between two live replies: one at random in this range.
pub const EVERY_SECONDS: (i64, i64) = (30, 90);

/// One live arrival in this many (in percent) picked at random is an out-of-office notice.
const AWAY_PERCENT: u64 = 12;

/// What arrived, as `POST /_sim/replies` answers it.
#[derive(Debug, Clone, Serialize)]
pub struct Arrival {
    pub exchange_id: i64,
    pub status: ExchangeStatus,
    pub previous_status: ExchangeStatus,
    pub updated_at: Timestamp,
}

/// Why a reply could not arrive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoArrival {
    NoSuchExchange(i64),
    NotStarted(i64),
    NoConversation,
}

impl std::fmt::Display for NoArrival {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoArrival::NoSuchExchange(id) => {
                write!(f, "exchange {id} does not exist in this organisation")
            }
            NoArrival::NotStarted(id) => {
                write!(f, "exchange {id} has not started: there is no e-mail to reply to yet")
            }
            NoArrival::NoConversation => {
                f.write_str("this organisation has no conversation waiting for a reply")
            }
        }
    }
}

/// Makes a reply arrive in organisation `org`: on exchange `target`, or on one picked at
/// random among the conversations waiting for the contact; with `status`, or a status that
/// follows from the one it had.
pub fn arrive(
    world: &mut World,
    org: usize,
    target: Option<i64>,
    status: Option<ExchangeStatus>,
) -> Result<Arrival, NoArrival> {
    arrive_as(world, org, target, status, Away::Maybe)
}

/// Whether an arrival is an out-of-office notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Away {
    /// Now and then, when neither the exchange nor the status was asked for.
    Maybe,
    No,
    /// A notice, naming the day its writer is back when one is given (else one drawn).
    Yes(Option<NaiveDate>),
}

/// [`arrive`], the arrival an out-of-office notice when `away` says so. A notice classifies
/// nothing: it leaves the exchange's status as it was (unless a status is asked for). One
/// that comes unasked for a conversation comes to one already in the inbox, so it is seen.
pub fn arrive_as(
    world: &mut World,
    org: usize,
    target: Option<i64>,
    status: Option<ExchangeStatus>,
    away: Away,
) -> Result<Arrival, NoArrival> {
    let now = world.clock.now();
    let seed = world.seed;
    let Some(organisation) = world.orgs.get_mut(org) else {
        return Err(NoArrival::NoConversation);
    };
    let mut rng =
        Rng::for_item(seed, salt::LIVE, ((org as i64) << 40) | organisation.live_replies as i64);
    let index = match target {
        Some(id) => {
            let index = organisation
                .exchanges
                .iter()
                .position(|e| e.id == id)
                .ok_or(NoArrival::NoSuchExchange(id))?;
            if !has_chain(&organisation.exchanges[index].status) {
                return Err(NoArrival::NotStarted(id));
            }
            index
        }
        None => {
            let waiting: Vec<usize> = (0..organisation.exchanges.len())
                .filter(|&i| next_statuses(&organisation.exchanges[i].status).is_some())
                .collect();
            if waiting.is_empty() {
                return Err(NoArrival::NoConversation);
            }
            *rng.pick(&waiting)
        }
    };
    let (mut away, back) = match away {
        Away::Maybe => (target.is_none() && status.is_none() && rng.percent(AWAY_PERCENT), None),
        Away::No => (false, None),
        Away::Yes(back) => (true, back),
    };
    let mut index = index;
    if away && target.is_none() {
        let replied: Vec<usize> = (0..organisation.exchanges.len())
            .filter(|&i| {
                organisation.exchanges[i].status.in_group(&crate::api::ExchangeGroup::Replied)
            })
            .collect();
        if replied.is_empty() {
            away = false;
        } else {
            index = *rng.pick(&replied);
        }
    }
    let exchange = &mut organisation.exchanges[index];
    let previous_status = exchange.status.clone();
    let status = match status {
        Some(status) => status,
        None if away => previous_status.clone(),
        None => follow(&previous_status, &mut rng),
    };
    // Later than anything before it, even when the simulator's clock is behind the seeded
    // data; to the millisecond, as e-mail dates are, so the message and the exchange agree.
    let later = now.0.max(exchange.updated_at.0 + chrono::TimeDelta::milliseconds(1));
    let at = Timestamp(later.trunc_subsecs(3));
    let kind = if away { crate::sim::chain::AWAY } else { reply_kind(&status) };
    add_reply(exchange, status.clone(), Arrived { at, kind, back: back.filter(|_| away) });
    organisation.live_replies += 1;
    Ok(Arrival { exchange_id: exchange.id, status, previous_status, updated_at: at })
}

/// Starts the timer of the live demo: a reply arrives in organisation `org` every 30 to 90
/// seconds (tokio time, so a test can pause and advance it). Aborting the task stops it.
pub fn start(state: SimState, org: usize) -> JoinHandle<()> {
    crate::tasks::spawn(async move {
        let seed = state.world().seed;
        let mut rng = Rng::for_item(seed, salt::LIVE, -1 - org as i64);
        loop {
            let (low, high) = EVERY_SECONDS;
            let wait = Duration::from_secs(rng.between(low, high).unsigned_abs());
            tokio::time::sleep(wait).await;
            match arrive(&mut state.world(), org, None, None) {
                Ok(arrival) => {
                    tracing::debug!(exchange = arrival.exchange_id, "a live reply arrived")
                }
                Err(reason) => tracing::debug!(%reason, "no live reply this time"),
            }
        }
    })
}

fn add_reply(exchange: &mut SimExchange, status: ExchangeStatus, arrived: Arrived) {
    let live = exchange.live.get_or_insert_with(|| {
        Box::new(LiveChain {
            seeded_status: exchange.status.clone(),
            seeded_updated_at: exchange.updated_at,
            replies: Vec::new(),
        })
    });
    exchange.status = status;
    exchange.updated_at = arrived.at;
    live.replies.push(arrived);
}

/// Whether the exchange's outreach started, so there is a chain to answer.
fn has_chain(status: &ExchangeStatus) -> bool {
    !matches!(status, ExchangeStatus::OutreachPending | ExchangeStatus::OutreachQueued)
}

/// The statuses a reply may lead to from `status`, with weights; `None` for a conversation
/// that is not waiting for the contact (not started, bounced, closed).
fn next_statuses(status: &ExchangeStatus) -> Option<&'static [(ExchangeStatus, u64)]> {
    use ExchangeStatus::*;
    match status {
        // A first answer to the outreach.
        OutreachActive | NoResponse => Some(&[
            (InfoInquiry, 30),
            (SchedulingMeeting, 20),
            (ProvidedReferral, 15),
            (FollowupLater, 15),
            (Declined, 12),
            (UnsubRequest, 8),
        ]),
        // The contact writes again after the bot's answer: sometimes the status stays.
        AwaitingReply => Some(&[(SchedulingMeeting, 40), (InfoInquiry, 30), (AwaitingReply, 30)]),
        FollowupSent | FollowupLater => {
            Some(&[(SchedulingMeeting, 30), (InfoInquiry, 30), (FollowupLater, 40)])
        }
        Nurturing => Some(&[(SchedulingMeeting, 30), (Nurturing, 70)]),
        _ => None,
    }
}

/// A status the reply leads to; the same status when nothing follows from it.
fn follow(status: &ExchangeStatus, rng: &mut Rng) -> ExchangeStatus {
    let Some(choices) = next_statuses(status) else { return status.clone() };
    let total: u64 = choices.iter().map(|(_, weight)| weight).sum();
    let mut roll = rng.below(total);
    for (next, weight) in choices {
        if roll < *weight {
            return next.clone();
        }
        roll -= weight;
    }
    status.clone()
}

/// What the contact writes for a status (a snippet category of the chain generator).
fn reply_kind(status: &ExchangeStatus) -> &'static str {
    use ExchangeStatus::*;
    match status {
        SchedulingMeeting | MeetingBooked => "positive",
        ProvidedReferral | OutreachReferral => "referral",
        FollowupLater | FollowupSent => "later",
        Declined => "decline",
        UnsubRequest | UnsubLink => "unsub",
        Nurturing => "nurture",
        OtherConversion => "conversion",
        _ => "info",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::chain::email_chain;
    use crate::sim::faults::FaultBook;
    use crate::sim::seed;
    use crate::sim::store::DuplicateContact;
    use chrono::{DateTime, Utc};

    fn world() -> World {
        let anchor =
            DateTime::parse_from_rfc3339("2025-03-14T15:09:26Z").unwrap().with_timezone(&Utc);
        seed::generate(42, 1, anchor, DuplicateContact::Reject400)
    }

    #[test]
    fn a_reply_ends_the_chain_from_the_contact_and_moves_the_exchange() {
        let mut world = world();
        let arrival = arrive(&mut world, 0, None, None).unwrap();
        let exchange = world.orgs[0].exchange(arrival.exchange_id).unwrap().clone();
        assert_eq!(exchange.updated_at, arrival.updated_at);
        assert_eq!(exchange.status, arrival.status);
        let newest = world.orgs[0].exchanges.iter().map(|e| e.updated_at).max().unwrap();
        assert_eq!(newest, arrival.updated_at, "the newest activity of the organisation");

        let chain = email_chain(&world.chain_context(0, exchange.id).unwrap());
        let last = chain.last().unwrap();
        let contact = world.orgs[0].contact_by_id(exchange.contact_id).unwrap();
        assert_eq!(
            last.from_.as_ref().unwrap().address,
            contact.contact.email(),
            "from the contact"
        );
        assert_eq!(last.date, Some(arrival.updated_at));

        let again =
            arrive(&mut world, 0, Some(exchange.id), Some(ExchangeStatus::MeetingBooked)).unwrap();
        let longer = email_chain(&world.chain_context(0, exchange.id).unwrap());
        assert_eq!(longer.len(), chain.len() + 1);
        assert_eq!(longer[..chain.len()], chain[..], "earlier e-mails stay as they were");
        assert_eq!(again.previous_status, arrival.status);
        assert_eq!(
            world.orgs[0].exchange(exchange.id).unwrap().status,
            ExchangeStatus::MeetingBooked
        );
        assert_eq!(world.orgs[0].live_replies, 2);
    }

    #[test]
    fn replies_come_to_conversations_that_can_have_one() {
        let mut world = world();
        let pending =
            world.orgs[0].exchanges.iter().find(|e| !has_chain(&e.status)).map(|e| e.id).unwrap();
        assert_eq!(
            arrive(&mut world, 0, Some(pending), None).unwrap_err(),
            NoArrival::NotStarted(pending)
        );
        assert_eq!(arrive(&mut world, 0, Some(1), None).unwrap_err(), NoArrival::NoSuchExchange(1));
        let vandelay = world.orgs.iter().position(|o| o.exchanges.is_empty()).unwrap();
        assert_eq!(
            arrive(&mut world, vandelay, None, None).unwrap_err(),
            NoArrival::NoConversation
        );
        for _ in 0..20 {
            let arrival = arrive(&mut world, 0, None, None).unwrap();
            assert!(
                arrival.status.in_group(&crate::api::ExchangeGroup::Replied),
                "every reply lands in the inbox: {:?}",
                arrival.status
            );
        }
    }

    #[test]
    fn an_absence_notice_arrives_now_and_then_and_leaves_the_status_be() {
        let mut world = world();
        let id = world.orgs[0]
            .exchanges
            .iter()
            .find(|e| e.status == ExchangeStatus::InfoInquiry)
            .map(|e| e.id)
            .unwrap();
        let arrival = arrive_as(&mut world, 0, Some(id), None, Away::Yes(None)).unwrap();
        assert_eq!(arrival.status, ExchangeStatus::InfoInquiry, "a notice classifies nothing");
        let chain = email_chain(&world.chain_context(0, id).unwrap());
        let last = chain.last().unwrap();
        let text = last.body.text.as_deref().unwrap_or_default();
        let sent = arrival.updated_at.0.date_naive();
        let read = crate::absence::detect(&last.subject, text, sent);
        assert!(read.is_some(), "an absence notice: {} / {text}", last.subject);
        assert_eq!(last.date, Some(arrival.updated_at));
        // Until no conversation waits for the contact any more.
        while arrive(&mut world, 0, None, None).is_ok() {}
        let kinds: Vec<&str> = (world.orgs[0].exchanges.iter())
            .filter_map(|e| e.live.as_ref())
            .flat_map(|live| live.replies.iter().map(|arrived| arrived.kind))
            .collect();
        let away = kinds.iter().filter(|kind| **kind == crate::sim::chain::AWAY).count();
        let share = away as f64 / kinds.len() as f64;
        assert!((0.05..0.25).contains(&share), "about one in eight: {away} of {}", kinds.len());
        // Each conversation a notice ended reads as one.
        for exchange in &world.orgs[0].exchanges {
            let Some(live) = exchange.live.as_ref() else { continue };
            if live.replies.last().map(|arrived| arrived.kind) != Some(crate::sim::chain::AWAY) {
                continue;
            }
            let chain = email_chain(&world.chain_context(0, exchange.id).unwrap());
            let last = chain.last().unwrap();
            let text = last.body.text.as_deref().unwrap_or_default();
            let sent = exchange.updated_at.0.date_naive();
            assert!(crate::absence::detect(&last.subject, text, sent).is_some(), "{text}");
            assert!(exchange.status.in_group(&crate::api::ExchangeGroup::Replied));
        }
    }

    #[test]
    fn an_absence_notice_asked_for_never_changes_the_status() {
        let mut world = world();
        let outside = world.orgs[0]
            .exchanges
            .iter()
            .find(|e| {
                has_chain(&e.status) && !e.status.in_group(&crate::api::ExchangeGroup::Replied)
            })
            .map(|e| (e.id, e.status.clone()))
            .unwrap();
        let arrival = arrive_as(&mut world, 0, Some(outside.0), None, Away::Yes(None)).unwrap();
        assert_eq!(arrival.status, outside.1);
        assert_eq!(world.orgs[0].exchange(outside.0).unwrap().status, outside.1);
        for _ in 0..10 {
            let arrival = arrive_as(&mut world, 0, None, None, Away::Yes(None)).unwrap();
            assert_eq!(arrival.status, arrival.previous_status, "a notice classifies nothing");
            assert!(arrival.status.in_group(&crate::api::ExchangeGroup::Replied));
        }
    }

    #[tokio::test(start_paused = true)]
    async fn the_timer_brings_a_reply_every_30_to_90_seconds() {
        let state = SimState::new(world(), FaultBook::default(), Duration::from_millis(1));
        let timer = start(state.clone(), 0);
        let arrived = |state: &SimState| state.world().orgs[0].live_replies;
        tokio::time::sleep(Duration::from_secs(29)).await;
        assert_eq!(arrived(&state), 0, "none before 30 s");
        tokio::time::sleep(Duration::from_secs(62)).await;
        assert!(arrived(&state) >= 1, "one by 90 s");
        tokio::time::sleep(Duration::from_secs(900 - 91)).await;
        let count = arrived(&state);
        assert!((10..=30).contains(&count), "15 minutes bring 10 to 30 replies: {count}");
        timer.abort();
    }
}
