//! Snoozing replies from the dashboard: the key's prompt (presets, a day typed, `0` to
//! wake), `:snooze 30d` and `:unsnooze` in the palette. The marked replies, else the one in
//! view; the day read as `outreach replies snooze` reads it ([`crate::inbox::snooze`]).

use crate::api::{Exchange, Timestamp};
use crate::inbox::Facts;
use crate::inbox::snooze::{snooze_day, snooze_until};
use crate::present::names::party_name;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::intent::Intent;
use crate::tui::snooze_prompt::{PromptKey, SnoozePrompt};
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Tone;
use crate::tui::update::group_triage;
use crate::tui::update::in_view::{marked_replies, reply_in_view};
use crate::tui::update::inbox::set_snoozed;
use chrono::NaiveDate;

/// The snooze key: the prompt for the marked replies, else the one in view.
pub(crate) fn open_prompt(state: &mut AppState) {
    let Some((replies, whose)) = targets(state) else {
        state.transient.notice = Some(nothing_to_snooze());
        return;
    };
    let asleep = replies.iter().find_map(|reply| state.org.inbox.snoozed_until(reply));
    let asleep = asleep.map(|until| format!("Snoozed until {}", day_words(state, until)));
    let ids = replies.iter().map(|reply| reply.id).collect();
    state.transient.overlay =
        Some(Overlay::Snooze(SnoozePrompt::new(ids, format!("Snooze {whose}"), asleep)));
}

pub(crate) fn on_prompt(
    state: &mut AppState,
    mut prompt: SnoozePrompt,
    intent: Intent,
) -> Vec<Effect> {
    let when = match prompt.handle(intent) {
        PromptKey::Close => return Vec::new(),
        PromptKey::Edited => {
            state.transient.overlay = Some(Overlay::Snooze(prompt));
            return Vec::new();
        }
        PromptKey::Wake => None,
        PromptKey::Snooze(words) => Some(words),
    };
    if !prompt.rows.is_empty() {
        // Rows of the merged inbox: each organisation's marks.
        return match until_of(state, when.as_deref()) {
            Ok((until, words)) => {
                let change = group_triage::Change::Snoozed(until);
                group_triage::triage(state, &prompt.rows, change, &words)
            }
            Err(message) => {
                prompt.error = Some(message);
                state.transient.overlay = Some(Overlay::Snooze(prompt));
                Vec::new()
            }
        };
    }
    let replies: Vec<Exchange> = {
        let items = state.org.store.exchanges.items();
        items.iter().filter(|e| prompt.replies.contains(&e.id)).cloned().collect()
    };
    match snooze(state, &replies, when.as_deref()) {
        Ok(effects) => effects,
        Err(message) => {
            prompt.error = Some(message);
            state.transient.overlay = Some(Overlay::Snooze(prompt));
            Vec::new()
        }
    }
}

/// `:snooze WHEN` (or `:unsnooze`: `None`); an error goes back to the palette's line.
pub(crate) fn from_palette(
    state: &mut AppState,
    when: Option<&str>,
) -> Result<Vec<Effect>, String> {
    let Some((replies, _)) = targets(state) else { return Err(nothing_to_snooze()) };
    snooze(state, &replies, when)
}

/// Snoozes `replies` until the day `when` names (or wakes them), with a toast saying until
/// when and how to undo; the marks are cleared after a bulk snooze.
fn snooze(
    state: &mut AppState,
    replies: &[Exchange],
    when: Option<&str>,
) -> Result<Vec<Effect>, String> {
    let (until, words) = until_of(state, when)?;
    let ids: Vec<i64> = replies.iter().map(|reply| reply.id).collect();
    let whose = match replies {
        [one] => format!("{}'s reply", sanitize(&party_name(&one.contact))),
        many => crate::text::count(many.len(), "reply", "replies"),
    };
    let done = format!("{whose} {words}");
    let effects = set_snoozed(state, &ids, until, done.clone());
    state.org.inbox.marked.clear();
    let undo = state.how(Command::Undo, "z");
    state.show_toast(Tone::Success, format!("{done} ({undo} undoes)."));
    Ok(effects)
}

/// The moment the day `when` names begins (`None` wakes), and what is done in words
/// ("snoozed until Thu 24 Dec", "woken").
fn until_of(state: &AppState, when: Option<&str>) -> Result<(Option<Timestamp>, String), String> {
    let today = state.env.zone.date(state.env.now);
    let day: Option<NaiveDate> = when.map(|words| snooze_day(words, today)).transpose()?;
    let until = day.map(|day| snooze_until(day, &state.env.zone));
    let words = match until {
        Some(until) => format!("snoozed until {}", day_words(state, until)),
        None => "woken".to_string(),
    };
    Ok((until, words))
}

/// The marked replies, else the one in view, and whose they are in words.
fn targets(state: &AppState) -> Option<(Vec<Exchange>, String)> {
    let marked = marked_replies(state);
    if !marked.is_empty() {
        let whose = format!("{} marked replies", marked.len());
        return Some((marked, whose));
    }
    let reply = reply_in_view(state)?;
    let whose = format!("{}'s reply", sanitize(&party_name(&reply.contact)));
    Some((vec![reply], whose))
}

fn nothing_to_snooze() -> String {
    "Snooze works on a reply: select one in Exchanges (3).".into()
}

/// "Thu 24 Dec": the day a snooze ends, in the user's zone.
fn day_words(state: &AppState, until: crate::api::Timestamp) -> String {
    let today = state.env.zone.date(state.env.now);
    crate::inbox::snooze::day_words(state.env.zone.date(until.0), today)
}
