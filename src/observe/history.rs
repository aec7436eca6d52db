//! A bot's health over time, from the transitions watch and the dashboard saw: a timeline
//! ("CONNECTION_ERROR 02:14 → ACTIVE 04:40") and uptime over 7 and 30 days.
//!
//! Uptime is the share of *observed* time the bot spent in a sending state (healthy, or
//! ending: `BotSeen::sending`). Observed time is the time something was looking: the spans
//! a watch or a dashboard polled without a gap of more than three of its intervals. While
//! nothing watched, the bot's state is not known, so that time counts neither for nor
//! against it; the line says how much time was observed, so 100 % of an hour reads as such.

use crate::clock::Zone;
use crate::local::{BotTransition, ObservedState, Scope, Span, StateError};
use chrono::{DateTime, Duration, Utc};

/// How many of the latest transitions the timeline shows.
const SHOWN: usize = 8;

/// The share of observed time between `since` and `now` the bot was sending, and the
/// observed time; `None` when nothing was observed (or its state was never seen).
/// `transitions` are oldest first and include the last one before `since`.
pub fn uptime(
    transitions: &[BotTransition],
    spans: &[Span],
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<(f64, Duration)> {
    let mut observed = Duration::zero();
    let mut sending = Duration::zero();
    for (i, transition) in transitions.iter().enumerate() {
        let start = transition.at.max(since);
        let end = transitions.get(i + 1).map_or(now, |next| next.at).min(now);
        if end <= start {
            continue;
        }
        let watched = overlap(spans, start, end);
        observed += watched;
        if transition.sending {
            sending += watched;
        }
    }
    if observed <= Duration::zero() {
        return None;
    }
    let share = sending.num_milliseconds() as f64 / observed.num_milliseconds() as f64;
    Some((share, observed))
}

/// How much of `start..end` the spans cover.
fn overlap(spans: &[Span], start: DateTime<Utc>, end: DateTime<Utc>) -> Duration {
    spans
        .iter()
        .map(|span| span.ended.min(end) - span.started.max(start))
        .filter(|covered| *covered > Duration::zero())
        .sum()
}

/// The bot's timeline and uptime, as the lines `bots show` prints and the dashboard's bot
/// detail shows.
pub fn lines(
    transitions: &[BotTransition],
    spans: &[Span],
    now: DateTime<Utc>,
    zone: &Zone,
) -> Vec<String> {
    let month = now - Duration::days(30);
    let recent: Vec<&BotTransition> = transitions.iter().filter(|t| t.at >= month).collect();
    let today = zone.date(now);
    let when = |at: DateTime<Utc>| {
        if zone.date(at) == today {
            zone.format(at, "%H:%M")
        } else {
            zone.format(at, "%d %b %H:%M")
        }
    };
    let timeline = if recent.is_empty() {
        "none seen yet (kept while `outreach watch` runs or the dashboard is open)".to_string()
    } else {
        let shown = &recent[recent.len().saturating_sub(SHOWN)..];
        let steps: Vec<String> = shown
            .iter()
            .map(|t| format!("{} {}", crate::text::sanitize(&t.to), when(t.at)))
            .collect();
        let earlier = recent.len() - shown.len();
        let more = if earlier > 0 { format!("… {earlier} earlier, ") } else { String::new() };
        format!("{more}{}", steps.join(" → "))
    };
    let share = |days: i64| match uptime(transitions, spans, now - Duration::days(days), now) {
        Some((share, observed)) => {
            format!("{:.1}% over {days} days (of {} observed)", share * 100.0, span_words(observed))
        }
        None => format!("not observed in the last {days} days"),
    };
    vec![format!("History: {timeline}"), format!("Uptime: {}; {}", share(7), share(30))]
}

/// The lines of [`lines`] for one bot, read from the observed state.
pub fn for_bot(
    state: &ObservedState,
    scope: &Scope,
    bot: i64,
    now: DateTime<Utc>,
    zone: &Zone,
) -> Result<Vec<String>, StateError> {
    let kept = kept_for_bot(state, scope, bot, now, zone)?;
    Ok(kept.unwrap_or_else(|| lines(&[], &[], now, zone)))
}

/// [`for_bot`], or `None` when nothing of the bot was ever kept (no watch or dashboard saw
/// it in the last 30 days): the dashboard's bot detail then says so in a few words.
pub fn kept_for_bot(
    state: &ObservedState,
    scope: &Scope,
    bot: i64,
    now: DateTime<Utc>,
    zone: &Zone,
) -> Result<Option<Vec<String>>, StateError> {
    let since = now - Duration::days(30);
    let transitions = state.transitions(scope, bot, since)?;
    if transitions.is_empty() {
        return Ok(None);
    }
    let spans = state.spans(scope, since)?;
    Ok(Some(lines(&transitions, &spans, now, zone)))
}

/// "3d 4h", "2h 5m", "40m": how long, to two units.
fn span_words(length: Duration) -> String {
    let minutes = length.num_minutes();
    let (days, hours, minutes) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    match (days, hours) {
        (0, 0) => format!("{minutes}m"),
        (0, _) => format!("{hours}h {minutes}m"),
        _ => format!("{days}d {hours}h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: i64, minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_772_409_600 + hour * 3600 + minute * 60, 0).unwrap()
    }

    fn to(word: &str, when: DateTime<Utc>, sending: bool) -> BotTransition {
        BotTransition { bot: 7, at: when, from: None, to: word.into(), sending }
    }

    #[test]
    fn uptime_counts_only_observed_time_in_a_sending_state() {
        // Up from 00:00, down 02:00-04:00, up again; watched 00:00-03:00 and 05:00-06:00.
        let transitions = [
            to("ACTIVE", at(0, 0), true),
            to("CONNECTION_ERROR", at(2, 0), false),
            to("ACTIVE", at(4, 0), true),
        ];
        let spans = [
            Span { started: at(0, 0), ended: at(3, 0) },
            Span { started: at(5, 0), ended: at(6, 0) },
        ];
        let (share, observed) = uptime(&transitions, &spans, at(0, 0), at(6, 0)).unwrap();
        assert_eq!(observed, Duration::hours(4), "3h + 1h watched; 3:00-5:00 unknown");
        assert!((share - 0.75).abs() < 1e-9, "{share}: 3h of 4h sending");
        assert_eq!(uptime(&transitions, &[], at(0, 0), at(6, 0)), None, "never watched");
    }

    #[test]
    fn the_timeline_names_each_state_with_its_time() {
        let transitions = [to("CONNECTION_ERROR", at(2, 14), false), to("ACTIVE", at(4, 40), true)];
        let spans = [Span { started: at(2, 14), ended: at(6, 14) }];
        let lines = lines(&transitions, &spans, at(6, 14), &Zone::named("UTC").unwrap());
        assert_eq!(lines[0], "History: CONNECTION_ERROR 02:14 → ACTIVE 04:40");
        assert!(
            lines[1].starts_with("Uptime: 39.2% over 7 days (of 4h 0m observed)"),
            "{}",
            lines[1]
        );
    }
}
