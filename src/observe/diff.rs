//! What happened between two snapshots, with the dashboard's own definitions: a reply is an
//! inbox exchange that moved (or entered the inbox), its category is `crate::inbox`'s, a
//! speed-to-lead breach is a reply that waits on us (`crate::inbox::waits_on_us`) crossing
//! `[needs] hot_reply_hours`, an opt-out is `crate::needs`'s, a bot's state is its health's
//! (`crate::bots`). Pure: the same two snapshots give the same events with the same ids.

use super::event::{Event, EventKind};
use super::snapshot::{ExchangeSeen, Snapshot};
use crate::api::ExchangeStatus;
use crate::inbox::Category;
use crate::needs::Thresholds;
use chrono::{DateTime, Duration, Utc};

/// The events between `old` and `new`, seen at `now`, in a stable order (replies and
/// category changes by exchange, then meetings, then bots).
pub fn diff(
    old: &Snapshot,
    new: &Snapshot,
    now: DateTime<Utc>,
    settings: &Thresholds,
) -> Vec<Event> {
    let target = Duration::hours(i64::from(settings.hot_reply_hours));
    let mut events = Vec::new();
    for (&id, seen) in &new.exchanges {
        let before = old.exchanges.get(&id);
        exchange_events(id, before, seen, old.taken_at, now, target, &mut events);
    }
    meeting_events(old, new, now, &mut events);
    bot_events(old, new, now, &mut events);
    events
}

fn label(status: &str) -> String {
    Category::of(&ExchangeStatus::from_wire(status)).label().to_string()
}

fn micros(at: Option<DateTime<Utc>>) -> i64 {
    at.map_or(0, |at| at.timestamp_micros())
}

fn exchange_event(
    kind: EventKind,
    id: String,
    exchange: i64,
    seen: &ExchangeSeen,
    now: DateTime<Utc>,
) -> Event {
    let mut event = Event::new(kind, id, now);
    event.exchange_id = Some(exchange);
    event.since = seen.updated_at;
    event.status = Some(seen.status.to_string());
    event.category = Some(label(&seen.status));
    event.campaign_id = Some(seen.campaign_id);
    event.bot_id = Some(seen.bot_id);
    event
}

fn exchange_events(
    id: i64,
    before: Option<&ExchangeSeen>,
    seen: &ExchangeSeen,
    then: DateTime<Utc>,
    now: DateTime<Utc>,
    target: Duration,
    events: &mut Vec<Event>,
) {
    let moment = micros(seen.updated_at);
    // A move is a later `updated_at`, as the dashboard's "new" is; an exchange without one
    // has nothing to tell. One that is quiet (handled, snoozed, its writer away) is new to
    // nobody in the inbox, so it is told once it comes back, under the same id.
    let moved = match before {
        None => seen.updated_at.is_some(),
        Some(before) => seen.updated_at > before.updated_at || before.quiet,
    };
    if moved && !seen.quiet {
        let key = format!("reply:{id}:{moment}");
        events.push(exchange_event(EventKind::ReplyReceived, key, id, seen, now));
    }
    if let Some(before) = before
        && before.category != seen.category
    {
        let key = format!("category:{id}:{}:{moment}", seen.status);
        let mut event = exchange_event(EventKind::CategoryChanged, key, id, seen, now);
        event.previous_category = Some(label(&before.status));
        events.push(event);
    }
    let breached_at = |seen: &ExchangeSeen, at: DateTime<Utc>| {
        seen.waits && seen.updated_at.is_some_and(|moved| at - moved >= target)
    };
    let breached_before = before
        .is_some_and(|before| before.updated_at == seen.updated_at && breached_at(before, then));
    if breached_at(seen, now) && !breached_before {
        let key = format!("sla:{id}:{moment}");
        events.push(exchange_event(EventKind::SlaBreached, key, id, seen, now));
    }
    let pending_before =
        before.is_some_and(|before| before.opt_out && before.updated_at == seen.updated_at);
    if seen.opt_out && !pending_before {
        let key = format!("opt-out:{id}:{moment}");
        events.push(exchange_event(EventKind::OptOutPending, key, id, seen, now));
    }
}

/// A meeting new to the list and not cancelled is booked; one that was not cancelled and
/// now is, cancelled. (A meeting booked and cancelled between two looks is told as
/// neither: it never stood.)
fn meeting_events(old: &Snapshot, new: &Snapshot, now: DateTime<Utc>, events: &mut Vec<Event>) {
    for (&id, seen) in &new.meetings {
        let before = old.meetings.get(&id);
        let kind = match before {
            None if !seen.cancelled => EventKind::MeetingBooked,
            Some(before) if !before.cancelled && seen.cancelled => EventKind::MeetingCancelled,
            _ => continue,
        };
        let key = match kind {
            EventKind::MeetingBooked => format!("meeting-booked:{id}"),
            _ => format!("meeting-cancelled:{id}"),
        };
        let mut event = Event::new(kind, key, now);
        event.meeting_id = Some(id);
        event.exchange_id = Some(seen.exchange_id);
        event.campaign_id = seen.campaign_id;
        event.since = seen.start;
        events.push(event);
    }
}

/// A bot whose state word or standing changed. Its id names the earlier snapshot's moment:
/// the change happened after it, and that snapshot stays the same until the change is
/// claimed, so a restart sees the same id.
fn bot_events(old: &Snapshot, new: &Snapshot, now: DateTime<Utc>, events: &mut Vec<Event>) {
    for (&id, seen) in &new.bots {
        let Some(before) = old.bots.get(&id) else { continue };
        let (from, to) = (before.word(), seen.word());
        if from == to && before.standing == seen.standing {
            continue;
        }
        let key = format!("bot:{id}:{}:{from}>{to}", old.taken_at.timestamp_micros());
        let mut event = Event::new(EventKind::BotChanged, key, now);
        event.bot_id = Some(id);
        event.from = Some(from);
        event.to = Some(to);
        event.status = Some(seen.status.to_string());
        events.push(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Standing;
    use crate::observe::snapshot::{BotSeen, MeetingSeen};
    use std::collections::BTreeMap;

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        chrono::NaiveDate::from_ymd_opt(2026, 3, 2)
            .and_then(|d| d.and_hms_opt(hour, minute, 0))
            .map(|t| t.and_utc())
            .unwrap()
    }

    fn reply(status: &str, moved: DateTime<Utc>) -> ExchangeSeen {
        let category = Category::of(&ExchangeStatus::from_wire(status));
        ExchangeSeen {
            status: status.into(),
            category: category.slug().as_str().into(),
            updated_at: Some(moved),
            campaign_id: 10,
            bot_id: 7,
            waits: category.is_hot(),
            opt_out: false,
            quiet: false,
        }
    }

    fn snapshot(taken_at: DateTime<Utc>) -> Snapshot {
        Snapshot {
            taken_at,
            exchanges: BTreeMap::new(),
            meetings: BTreeMap::new(),
            bots: BTreeMap::new(),
            campaigns: BTreeMap::new(),
        }
    }

    fn kinds(events: &[Event]) -> Vec<(EventKind, &str)> {
        events.iter().map(|e| (e.kind, e.id.as_str())).collect()
    }

    const HOURS: Thresholds = Thresholds { unsubscribe_days: 10, hot_reply_hours: 24 };

    #[test]
    fn a_new_or_moved_reply_is_announced_with_its_category_and_an_unmoved_one_is_not() {
        let mut old = snapshot(at(9, 0));
        old.exchanges.insert(1, reply("AWAITING_REPLY", at(8, 0)));
        old.exchanges.insert(2, reply("DECLINED", at(8, 0)));
        let mut new = snapshot(at(9, 1));
        new.exchanges.insert(1, reply("INFO_INQUIRY", at(9, 0)));
        new.exchanges.insert(2, reply("DECLINED", at(8, 0)));
        new.exchanges.insert(3, reply("PROVIDED_REFERRAL", at(8, 59)));
        let events = diff(&old, &new, at(9, 1), &HOURS);
        let moved = at(9, 0).timestamp_micros();
        assert_eq!(
            kinds(&events),
            [
                (EventKind::ReplyReceived, format!("reply:1:{moved}").as_str()),
                (EventKind::CategoryChanged, format!("category:1:INFO_INQUIRY:{moved}").as_str()),
                (
                    EventKind::ReplyReceived,
                    format!("reply:3:{}", at(8, 59).timestamp_micros()).as_str()
                ),
            ]
        );
        assert_eq!(events[0].category.as_deref(), Some("Interested"));
        assert_eq!(events[1].previous_category.as_deref(), Some("Waiting"));
        assert_eq!(events[0].age_seconds(), 60);
        assert_eq!(diff(&old, &new, at(9, 1), &HOURS), events, "the same ids every time");
        assert!(diff(&new, &new, at(9, 2), &HOURS).is_empty(), "nothing moved");
    }

    #[test]
    fn a_reply_waiting_past_the_target_breaches_once_and_a_handled_one_never() {
        let moved = at(9, 0) - Duration::hours(24) + Duration::minutes(1);
        let mut old = snapshot(at(9, 0));
        old.exchanges.insert(1, reply("INFO_INQUIRY", moved));
        old.exchanges.insert(2, ExchangeSeen { waits: false, ..reply("INFO_INQUIRY", moved) });
        let mut new = old.clone();
        new.taken_at = at(9, 1);
        let events = diff(&old, &new, at(9, 1), &HOURS);
        assert_eq!(
            kinds(&events),
            [(EventKind::SlaBreached, format!("sla:1:{}", moved.timestamp_micros()).as_str())]
        );
        assert_eq!(events[0].age_seconds(), 24 * 3600);
        let later = Snapshot { taken_at: at(9, 2), ..new.clone() };
        assert!(diff(&new, &later, at(9, 2), &HOURS).is_empty(), "breached before: not again");
    }

    #[test]
    fn an_opt_out_not_honoured_is_announced_when_it_appears() {
        let old = snapshot(at(9, 0));
        let mut new = snapshot(at(9, 1));
        new.exchanges.insert(4, ExchangeSeen { opt_out: true, ..reply("UNSUB_REQUEST", at(8, 0)) });
        let events = diff(&old, &new, at(9, 1), &HOURS);
        let kinds: Vec<EventKind> = events.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [EventKind::ReplyReceived, EventKind::OptOutPending]);
        assert!(diff(&new, &new, at(9, 2), &HOURS).is_empty(), "still pending: told once");
    }

    #[test]
    fn a_quiet_reply_is_told_once_it_comes_back_and_not_while_it_is_quiet() {
        let old = snapshot(at(9, 0));
        let mut quiet = snapshot(at(9, 1));
        quiet.exchanges.insert(1, ExchangeSeen { quiet: true, ..reply("INFO_INQUIRY", at(9, 0)) });
        assert!(diff(&old, &quiet, at(9, 1), &HOURS).is_empty(), "handled, snoozed or away");
        let mut back = quiet.clone();
        back.exchanges.insert(1, reply("INFO_INQUIRY", at(9, 0)));
        let moved = at(9, 0).timestamp_micros();
        let told = diff(&quiet, &back, at(9, 2), &HOURS);
        let expected = format!("reply:1:{moved}");
        assert_eq!(kinds(&told), [(EventKind::ReplyReceived, expected.as_str())]);
        assert!(diff(&back, &back, at(9, 3), &HOURS).is_empty(), "told once");
    }

    #[test]
    fn meetings_booked_and_cancelled() {
        let meeting = |cancelled| MeetingSeen {
            exchange_id: 1,
            cancelled,
            start: Some(at(15, 0)),
            campaign_id: Some(10),
        };
        let mut old = snapshot(at(9, 0));
        old.meetings.insert(5, meeting(false));
        let mut new = snapshot(at(9, 1));
        new.meetings.insert(5, meeting(true));
        new.meetings.insert(6, meeting(false));
        new.meetings.insert(7, meeting(true));
        let events = diff(&old, &new, at(9, 1), &HOURS);
        assert_eq!(
            kinds(&events),
            [
                (EventKind::MeetingCancelled, "meeting-cancelled:5"),
                (EventKind::MeetingBooked, "meeting-booked:6"),
            ]
        );
    }

    #[test]
    fn a_bots_change_names_both_states_and_a_new_bot_is_no_change() {
        let bot = |mailbox: &str, standing| BotSeen {
            status: "ACTIVE".into(),
            mailbox: mailbox.into(),
            standing,
            problem: String::new(),
        };
        let mut old = snapshot(at(2, 14));
        old.bots.insert(7, bot("CONNECTION_ERROR", Standing::Attention));
        let mut new = snapshot(at(4, 40));
        new.bots.insert(7, bot("ACTIVE", Standing::Healthy));
        new.bots.insert(8, bot("ACTIVE", Standing::Healthy));
        let events = diff(&old, &new, at(4, 40), &HOURS);
        assert_eq!(events.len(), 1, "{events:?}");
        assert_eq!(events[0].from.as_deref(), Some("CONNECTION_ERROR"));
        assert_eq!(events[0].to.as_deref(), Some("ACTIVE"));
        assert_eq!(
            events[0].id,
            format!("bot:7:{}:CONNECTION_ERROR>ACTIVE", at(2, 14).timestamp_micros())
        );
    }
}
