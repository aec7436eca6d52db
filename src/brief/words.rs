//! A brief in words, the same for the dashboard's overlay and `outreach brief`: a title with
//! the span ("Since Tue 18:02, 14h ago") and one line per kind of change, the hot replies
//! named beneath theirs. Every name and state is sanitised here, whatever the caller did.

use super::{Brief, MeetingChange, Reply, StateChange};
use crate::clock::{Zone, age};
use crate::text::{count, sanitize};
use chrono::{DateTime, Duration, Utc};

/// How many hot replies are named; the rest are counted.
const HOT_NAMED: usize = 5;

/// How many of the other changes of a kind are named on its line.
const NAMED_ON_A_LINE: usize = 3;

/// "Since Tue 18:02, 14h ago" (the day's date too when it is six days or more away).
pub fn title(brief: &Brief, zone: &Zone) -> String {
    format!("Since {}, {}", moment(brief.since, brief.until, zone), age(brief.since, brief.until))
}

fn moment(at: DateTime<Utc>, now: DateTime<Utc>, zone: &Zone) -> String {
    let format = if (now - at).abs() < Duration::days(6) { "%a %H:%M" } else { "%a %d %b %H:%M" };
    zone.format(at, format)
}

/// One line per kind that changed (the hot replies named on lines of their own, indented);
/// "Nothing changed." when nothing did.
pub fn lines(brief: &Brief, zone: &Zone) -> Vec<String> {
    if brief.is_empty() {
        return vec!["Nothing changed.".to_string()];
    }
    let mut lines = Vec::new();
    let total = brief.new_replies();
    if total == 0 {
        lines.push("No new replies.".to_string());
    } else {
        let by: Vec<String> = brief
            .replies
            .iter()
            .map(|c| format!("{} {}", c.count, sanitize(&c.category)))
            .collect();
        lines.push(format!("{}: {}", count(total, "new reply", "new replies"), by.join(", ")));
        for reply in brief.hot.iter().take(HOT_NAMED) {
            lines.push(format!("  {}", hot_reply(reply)));
        }
        if brief.hot.len() > HOT_NAMED {
            let all = count(brief.hot.len(), "hot reply", "hot replies");
            lines.push(format!("  … and more: {all} in all"));
        }
    }
    if !brief.recategorised.is_empty() {
        let named = named(&brief.recategorised, |reply| {
            let from = reply.previous_category.as_deref().map(sanitize).unwrap_or_default();
            format!("{} {from} → {}", who(reply.contact.as_deref()), sanitize(&reply.category))
        });
        let changed = count(brief.recategorised.len(), "reply", "replies");
        lines.push(format!("{changed} changed category: {named}"));
    }
    let mut meetings = Vec::new();
    if !brief.meetings_booked.is_empty() {
        let named = named(&brief.meetings_booked, |m| meeting(m, brief.until, zone));
        meetings.push(format!("{} booked ({named})", brief.meetings_booked.len()));
    }
    if !brief.meetings_cancelled.is_empty() {
        let named = named(&brief.meetings_cancelled, |m| meeting(m, brief.until, zone));
        meetings.push(format!("{} cancelled ({named})", brief.meetings_cancelled.len()));
    }
    if !meetings.is_empty() {
        lines.push(format!("Meetings: {}", meetings.join(", ")));
    }
    if !brief.bots.is_empty() {
        lines.push(format!("Bots: {}", named(&brief.bots, change)));
    }
    if !brief.campaigns.is_empty() {
        lines.push(format!("Campaigns: {}", named(&brief.campaigns, change)));
    }
    lines
}

/// The first few of `items` in words, then how many more.
fn named<T>(items: &[T], say: impl Fn(&T) -> String) -> String {
    let mut said: Vec<String> = items.iter().take(NAMED_ON_A_LINE).map(say).collect();
    if items.len() > NAMED_ON_A_LINE {
        said.push(format!("{} more", items.len() - NAMED_ON_A_LINE));
    }
    said.join("; ")
}

fn who(name: Option<&str>) -> String {
    name.map(sanitize).unwrap_or_else(|| "someone".to_string())
}

/// "Interested · Ann Lee · Q4 outreach".
fn hot_reply(reply: &Reply) -> String {
    let mut words = vec![sanitize(&reply.category), who(reply.contact.as_deref())];
    words.extend(reply.campaign.as_deref().map(sanitize));
    words.join(" · ")
}

/// "Ann Lee Thu 14:00".
fn meeting(meeting: &MeetingChange, now: DateTime<Utc>, zone: &Zone) -> String {
    match meeting.start {
        Some(start) => format!("{} {}", who(meeting.contact.as_deref()), moment(start, now, zone)),
        None => who(meeting.contact.as_deref()),
    }
}

/// "sam@acme.io CONNECTION_ERROR → ACTIVE", or "Spring new (DRAFT)".
fn change(change: &StateChange) -> String {
    let name = match &change.name {
        Some(name) => sanitize(name),
        None => format!("#{}", change.id),
    };
    match &change.from {
        Some(from) => format!("{name} {} → {}", sanitize(from), sanitize(&change.to)),
        None => format!("{name} new ({})", sanitize(&change.to)),
    }
}
