//! Loading: which requests each pane needs, answers applied to the store (stale ones
//! dropped by `req_id`), and the lists re-indexed when their data changes.

use super::super::action::{ConnectFailure, ConnectionInfo, Effect, Fetched, ReqId, Request, Slot};
use super::super::layout::list_rows;
use super::super::rows;
use super::super::state::{AppState, Connection, Pane, Problem, sorted};
use crate::api::{ApiError, Listed};
use chrono::{DateTime, Utc};

/// The data a pane shows. The Exchanges pane also wants campaign names.
fn pane_slots(state: &AppState) -> Vec<Slot> {
    match state.pane {
        Pane::Overview => {
            vec![Slot::Campaigns, Slot::Bots, Slot::RecentReplies, Slot::UpcomingMeetings]
        }
        Pane::Campaigns => vec![Slot::Campaigns],
        Pane::Exchanges if state.exchanges.chain.is_some() => vec![Slot::Chain],
        Pane::Exchanges => vec![Slot::Exchanges, Slot::Campaigns],
        Pane::Meetings => vec![Slot::Meetings],
        Pane::Bots => vec![Slot::Bots],
        Pane::Contacts => vec![Slot::Contacts],
    }
}

/// What a slot is called in messages.
pub fn slot_label(slot: Slot) -> &'static str {
    match slot {
        Slot::Campaigns => "campaigns",
        Slot::Bots => "bots",
        Slot::Exchanges => "exchanges",
        Slot::Contacts => "contacts",
        Slot::Meetings => "meetings",
        Slot::Chain => "e-mail chain",
        Slot::RecentReplies => "recent replies",
        Slot::UpcomingMeetings => "upcoming meetings",
    }
}

/// Answers with what each slot knows: loaded at, loading, failed.
pub(super) fn slot_status(state: &AppState, slot: Slot) -> (Option<DateTime<Utc>>, bool, bool) {
    macro_rules! status {
        ($remote:expr) => {{
            let remote = $remote;
            (remote.loaded_at(), remote.is_loading(), remote.error.is_some())
        }};
    }
    match slot {
        Slot::Campaigns => status!(&state.store.campaigns),
        Slot::Bots => status!(&state.store.bots),
        Slot::Exchanges => status!(&state.store.exchanges),
        Slot::Contacts => status!(&state.store.contacts),
        Slot::Meetings => status!(&state.store.meetings),
        Slot::RecentReplies => status!(&state.store.recent_replies),
        Slot::UpcomingMeetings => status!(&state.store.upcoming_meetings),
        Slot::Chain => match &state.exchanges.chain {
            Some(chain) => status!(&chain.remote),
            None => (None, false, false),
        },
    }
}

/// When the current pane's data was loaded (the oldest part of it).
pub fn current_loaded_at(state: &AppState) -> Option<DateTime<Utc>> {
    pane_slots(state).into_iter().filter_map(|slot| slot_status(state, slot).0).min()
}

pub fn current_is_loading(state: &AppState) -> bool {
    pane_slots(state).into_iter().any(|slot| slot_status(state, slot).1)
}

/// What is loading now, in words, for the status bar.
pub fn loading_labels(state: &AppState) -> Vec<&'static str> {
    let all = [
        Slot::Campaigns,
        Slot::Bots,
        Slot::Exchanges,
        Slot::Contacts,
        Slot::Meetings,
        Slot::Chain,
        Slot::RecentReplies,
        Slot::UpcomingMeetings,
    ];
    all.into_iter().filter(|&slot| slot_status(state, slot).1).map(slot_label).collect()
}

/// Loads what the current pane shows and was never loaded (or tried).
pub fn ensure_loaded(state: &mut AppState) -> Vec<Effect> {
    if !matches!(state.connection, Connection::Ready(_)) {
        return Vec::new();
    }
    let missing: Vec<Slot> = pane_slots(state)
        .into_iter()
        .filter(|&slot| slot_status(state, slot) == (None, false, false))
        .collect();
    missing.into_iter().filter_map(|slot| fetch(state, slot)).collect()
}

/// Reloads everything the current pane shows; before a connection, retries connecting.
pub fn refresh_current(state: &mut AppState) -> Vec<Effect> {
    match state.connection {
        Connection::Ready(_) => {
            let slots = pane_slots(state);
            slots.into_iter().filter_map(|slot| fetch(state, slot)).collect()
        }
        Connection::Connecting => Vec::new(),
        Connection::NeedsKey { .. } | Connection::Failed { .. } => {
            state.connection = Connection::Connecting;
            vec![Effect::Connect]
        }
    }
}

/// A request for a slot, marked as the one whose answer is awaited.
pub fn fetch(state: &mut AppState, slot: Slot) -> Option<Effect> {
    let request = match slot {
        Slot::Campaigns => Request::Campaigns,
        Slot::Bots => Request::Bots,
        Slot::Contacts => Request::Contacts,
        Slot::Exchanges => Request::Exchanges(state.exchanges.query.clone()),
        Slot::Meetings => Request::Meetings(state.meetings.query.clone()),
        // The same ranges `outreach status` asks for, wide enough for any zone.
        Slot::RecentReplies => Request::Exchanges(crate::summary::queries(state.now).0),
        Slot::UpcomingMeetings => Request::Meetings(crate::summary::queries(state.now).1),
        Slot::Chain => Request::Chain { exchange_id: state.exchanges.chain.as_ref()?.exchange.id },
    };
    let req_id = state.take_req_id();
    let store = &mut state.store;
    match slot {
        Slot::Campaigns => store.campaigns.pending = Some(req_id),
        Slot::Bots => store.bots.pending = Some(req_id),
        Slot::Exchanges => store.exchanges.pending = Some(req_id),
        Slot::Contacts => store.contacts.pending = Some(req_id),
        Slot::Meetings => store.meetings.pending = Some(req_id),
        Slot::RecentReplies => store.recent_replies.pending = Some(req_id),
        Slot::UpcomingMeetings => store.upcoming_meetings.pending = Some(req_id),
        Slot::Chain => state.exchanges.chain.as_mut()?.remote.pending = Some(req_id),
    }
    Some(Effect::Fetch { req_id, slot, request })
}

pub fn on_connected(
    state: &mut AppState,
    result: Result<ConnectionInfo, ConnectFailure>,
) -> Vec<Effect> {
    match result {
        Ok(info) => {
            if !info.warnings.is_empty() {
                state.notice = Some(info.warnings.join(" "));
            }
            state.connection = Connection::Ready(info);
            state.last_error = None;
            // The Overview's data, and whatever the current pane shows (fresh after a new
            // login, even if an older session had loaded it).
            let mut slots =
                vec![Slot::Campaigns, Slot::Bots, Slot::RecentReplies, Slot::UpcomingMeetings];
            slots.extend(
                pane_slots(state)
                    .into_iter()
                    .filter(|slot| !slots.contains(slot))
                    .collect::<Vec<_>>(),
            );
            slots.into_iter().filter_map(|slot| fetch(state, slot)).collect()
        }
        Err(failure) => {
            state.last_error = Some(Problem { slot: None, message: failure.message.clone() });
            if failure.needs_key {
                state.connection = Connection::NeedsKey {
                    base_url: failure.base_url,
                    profile: failure.profile,
                    message: failure.message,
                };
                super::login::open_login_form(state);
            } else {
                state.connection = Connection::Failed { message: failure.message };
            }
            Vec::new()
        }
    }
}

fn wrong_answer(slot: Slot) -> ApiError {
    ApiError::Decode {
        reason: format!("an answer of the wrong kind for {}", slot_label(slot)),
        body_start: String::new(),
    }
}

/// Applies an answer. A stale one (not the latest request of its slot) changes nothing.
pub fn on_loaded(
    state: &mut AppState,
    req_id: ReqId,
    slot: Slot,
    result: Result<Fetched, ApiError>,
) -> Vec<Effect> {
    macro_rules! take {
        ($variant:ident) => {
            result.clone().and_then(|fetched| match fetched {
                Fetched::$variant(listed) => Ok(listed),
                _ => Err(wrong_answer(slot)),
            })
        };
    }
    let now = state.now;
    let (accepted, skipped) = match slot {
        Slot::Campaigns => {
            let result = take!(Campaigns);
            let skipped = skipped_of(&result);
            let accepted = state.store.campaigns.finish(req_id, result, now, |items| {
                sorted(items, |a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)))
            });
            (accepted, skipped)
        }
        Slot::Bots => {
            let result = take!(Bots);
            (
                state.store.bots.finish(req_id, result.clone(), now, |items| items),
                skipped_of(&result),
            )
        }
        Slot::Exchanges => {
            let result = take!(Exchanges);
            let skipped = skipped_of(&result);
            let accepted = state.store.exchanges.finish(req_id, result, now, |items| {
                sorted(items, |a, b| b.updated_at.cmp(&a.updated_at).then(a.id.cmp(&b.id)))
            });
            (accepted, skipped)
        }
        Slot::RecentReplies => {
            let result = take!(Exchanges);
            (
                state.store.recent_replies.finish(req_id, result.clone(), now, |items| items),
                skipped_of(&result),
            )
        }
        Slot::Contacts => {
            let result = take!(Contacts);
            (
                state.store.contacts.finish(req_id, result.clone(), now, |items| items),
                skipped_of(&result),
            )
        }
        Slot::Meetings | Slot::UpcomingMeetings => {
            let result = take!(Meetings);
            let skipped = skipped_of(&result);
            let remote = match slot {
                Slot::Meetings => &mut state.store.meetings,
                _ => &mut state.store.upcoming_meetings,
            };
            let accepted = remote.finish(req_id, result, now, |items| {
                sorted(items, |a, b| a.start.cmp(&b.start).then(a.id.cmp(&b.id)))
            });
            (accepted, skipped)
        }
        Slot::Chain => {
            let result = take!(Chain);
            let skipped = skipped_of(&result);
            let accepted = match state.exchanges.chain.as_mut() {
                Some(chain) => chain.remote.finish(req_id, result, now, |items| items),
                None => false,
            };
            (accepted, skipped)
        }
    };
    if !accepted {
        return Vec::new();
    }
    state.dirty = true;
    match result {
        Ok(_) => {
            if state.last_error.as_ref().is_some_and(|p| p.slot == Some(slot)) {
                state.last_error = None;
            }
            if skipped > 0 {
                let noun = if skipped == 1 { "item" } else { "items" };
                state.notice = Some(format!(
                    "{skipped} {noun} of the {} could not be read and were left out",
                    slot_label(slot)
                ));
            }
            reindex(state, slot);
            reveal(state, slot);
        }
        Err(error) => {
            // The log keeps what the status bar cuts short; an ApiError never holds the key.
            tracing::warn!(slot = slot_label(slot), %error, "loading failed");
            let message = format!("Loading {} failed: {error}", slot_label(slot));
            state.last_error = Some(Problem { slot: Some(slot), message });
        }
    }
    Vec::new()
}

/// Selects the item waiting to be shown in this slot's list (a contact just added).
fn reveal(state: &mut AppState, slot: Slot) {
    let Some((_, id)) = state.reveal.take_if(|(waiting, _)| *waiting == slot) else { return };
    let height = list_rows(state);
    let list = match slot {
        Slot::Contacts => &mut state.contacts.list,
        Slot::Campaigns => &mut state.campaigns.list,
        _ => return,
    };
    if list.select_id(id) {
        list.scroll_into_view(height);
    }
}

fn skipped_of<T>(result: &Result<Listed<T>, ApiError>) -> usize {
    result.as_ref().map_or(0, |listed| listed.skipped)
}

/// Rebuilds what depends on a slot's data: list order and searchable text, chain layout.
pub fn reindex(state: &mut AppState, slot: Slot) {
    let zone = state.zone;
    let height = list_rows(state);
    match slot {
        Slot::Campaigns => {
            let items = state.store.campaigns.items();
            let haystack =
                items.iter().map(|c| rows::haystack(rows::campaign_cells(c, &zone))).collect();
            let ids = items.iter().map(|c| c.id).collect();
            state.campaigns.list.set_rows(haystack, ids, &mut state.engine);
            state.campaigns.list.scroll_into_view(height);
            reindex(state, Slot::Exchanges);
        }
        Slot::Exchanges => {
            let items = state.store.exchanges.items();
            let haystack = items
                .iter()
                .map(|e| {
                    rows::haystack(rows::exchange_cells(
                        e,
                        &zone,
                        state.campaign_name(e.campaign_id),
                    ))
                })
                .collect();
            let ids = items.iter().map(|e| e.id).collect();
            state.exchanges.list.set_rows(haystack, ids, &mut state.engine);
            state.exchanges.list.scroll_into_view(height);
        }
        Slot::Meetings => {
            let first_load = state.meetings.list.total() == 0;
            let today = zone.date(state.now);
            let items = state.store.meetings.items();
            // The agenda opens at today, not at the oldest meeting of the range.
            let upcoming = items
                .iter()
                .find(|m| m.start.is_some_and(|s| zone.date(s.0) >= today))
                .map(|m| m.id);
            let haystack =
                items.iter().map(|m| rows::haystack(rows::meeting_cells(m, &zone))).collect();
            let ids = items.iter().map(|m| m.id).collect();
            state.meetings.list.set_rows(haystack, ids, &mut state.engine);
            if let Some(id) = upcoming.filter(|_| first_load) {
                state.meetings.list.select_id(id);
            }
            state.meetings.list.scroll_into_view(height);
        }
        Slot::Bots => {
            let items = state.store.bots.items();
            let haystack = items.iter().map(|b| rows::haystack(rows::bot_cells(b))).collect();
            let ids = items.iter().map(|b| b.id).collect();
            state.bots.list.set_rows(haystack, ids, &mut state.engine);
            state.bots.list.scroll_into_view(height);
        }
        Slot::Contacts => {
            let items = state.store.contacts.items();
            let haystack = items.iter().map(|c| rows::haystack(rows::contact_cells(c))).collect();
            let ids = items.iter().map(|c| c.id).collect();
            state.contacts.list.set_rows(haystack, ids, &mut state.engine);
            state.contacts.list.scroll_into_view(height);
        }
        Slot::Chain => super::navigate::relayout_chain(state, true),
        Slot::RecentReplies | Slot::UpcomingMeetings => {}
    }
}
