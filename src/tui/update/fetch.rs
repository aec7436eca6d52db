//! Loading: which requests each pane needs, answers applied to the store (stale ones
//! dropped by `req_id`), and the lists re-indexed when their data changes.

use crate::api::listed::left_out;
use crate::tui::action::{Answer, Effect};
use crate::tui::layout::list_rows;
use crate::tui::model::{ConnectFailure, ConnectionInfo, Slot};
use crate::tui::resource::{self, pane_slots};
use crate::tui::state::{AppState, Connection, Problem};

/// Loads what the current pane shows and was never loaded (or tried), and reloads what is
/// older than the auto-refresh period: the timer only refreshes the pane in view, so a pane
/// entered after minutes elsewhere would otherwise show data that old.
pub(crate) fn ensure_loaded(state: &mut AppState) -> Vec<Effect> {
    // A merged pane reads each organisation's list instead of the one connected's, with
    // its own key: whether the one connected answers holds none of them.
    if let Some(effects) = super::group_panes::ensure_read(state) {
        return effects;
    }
    if !matches!(state.server.connection, Connection::Ready(_)) {
        return Vec::new();
    }
    let wanted: Vec<Slot> = pane_slots(state)
        .into_iter()
        .filter(|&slot| {
            let status = resource::status(state, slot);
            status == resource::SlotStatus::default() || is_stale(state, status)
        })
        .collect();
    wanted.into_iter().filter_map(|slot| fetch(state, slot)).collect()
}

/// Loaded longer ago than the auto-refresh period, and not being loaded now.
fn is_stale(state: &AppState, status: resource::SlotStatus) -> bool {
    let Some(every) = state.env.refresh_every.filter(|every| !every.is_zero()) else {
        return false;
    };
    let every = chrono::TimeDelta::from_std(every).unwrap_or(chrono::TimeDelta::MAX);
    !status.loading && status.loaded_at.is_some_and(|at| state.env.now - at > every)
}

/// Reloads everything the current pane shows; before a connection, retries connecting.
pub(crate) fn refresh_current(state: &mut AppState) -> Vec<Effect> {
    reload_shown(state, |_| true)
}

/// Reloads what the current pane shows and `wanted` keeps; before a connection, retries
/// connecting.
fn reload_shown(state: &mut AppState, wanted: fn(Slot) -> bool) -> Vec<Effect> {
    match state.server.connection {
        Connection::Ready(_) => {
            let slots = pane_slots(state);
            (slots.into_iter().filter(|&slot| wanted(slot)))
                .filter_map(|slot| fetch(state, slot))
                .collect()
        }
        Connection::Connecting => Vec::new(),
        Connection::NeedsKey { .. } | Connection::Failed { .. } => {
            state.server.connection = Connection::Connecting;
            vec![Effect::Connect]
        }
    }
}

/// The auto-refresh: the current pane, and the reply inbox wherever the user is, so new
/// replies are noticed (its previous rows stay while it reloads), and what the dashboard's
/// observer looks at — each slot the timer reads ([`Slot::on_the_timer`]).
pub(crate) fn refresh_with_inbox(state: &mut AppState) -> Vec<Effect> {
    let mut effects = reload_shown(state, Slot::on_the_timer);
    // The observer's lists too (the inbox among them): a look compares them all fresh.
    let mut more = vec![Slot::Exchanges];
    for slot in crate::tui::update::observe::slots(state) {
        if !more.contains(&slot) {
            more.push(slot);
        }
    }
    let shown = pane_slots(state);
    for slot in more {
        if !shown.contains(&slot) && !resource::status(state, slot).loading {
            effects.extend(fetch(state, slot));
        }
    }
    effects
}

/// A request for a slot, marked as the one whose answer is awaited.
pub(crate) fn fetch(state: &mut AppState, slot: Slot) -> Option<Effect> {
    let mut fetch = resource::fetch(state, slot)?;
    if slot == Slot::Chain {
        // A merged row's chain is read with its own organisation's key.
        fetch.org = state.panes.chain.as_ref().and_then(|chain| chain.org.clone());
    }
    Some(Effect::Fetch(fetch))
}

pub(crate) fn on_connected(
    state: &mut AppState,
    result: Result<ConnectionInfo, ConnectFailure>,
) -> Vec<Effect> {
    match result {
        Ok(info) => {
            if !info.warnings.is_empty() {
                state.transient.notice = Some(info.warnings.join(" "));
            }
            state.server.connection = Connection::Ready(info);
            state.transient.last_error = None;
            // The Overview's data (the reply inbox's counts too), and whatever the current
            // pane shows (fresh after a new login, even if an older session had loaded it).
            let mut effects = crate::tui::update::inbox::on_connected(state);
            let mut slots =
                vec![Slot::Campaigns, Slot::Bots, Slot::RecentReplies, Slot::UpcomingMeetings];
            slots.extend(
                pane_slots(state)
                    .into_iter()
                    .filter(|slot| !slots.contains(slot))
                    .collect::<Vec<_>>(),
            );
            for slot in crate::tui::update::observe::slots(state) {
                if !slots.contains(&slot) {
                    slots.push(slot);
                }
            }
            if !slots.contains(&Slot::Exchanges) {
                slots.push(Slot::Exchanges);
            }
            effects.extend(slots.into_iter().filter_map(|slot| fetch(state, slot)));
            effects
        }
        Err(failure) => {
            state.transient.last_error =
                Some(Problem { slot: None, message: failure.message.clone() });
            if failure.needs_key {
                state.server.connection = Connection::NeedsKey {
                    base_url: failure.base_url,
                    profile: failure.profile,
                    message: failure.message,
                };
                crate::tui::update::login::open_login_form(state);
            } else {
                state.server.connection = Connection::Failed { message: failure.message };
            }
            Vec::new()
        }
    }
}

/// Applies an answer. A stale one (not the latest request of its slot) changes nothing.
pub(crate) fn on_loaded(
    state: &mut AppState,
    answer: &dyn Answer,
    counted: Option<(&crate::tui::census::Census, &mut crate::tui::census::Replaced)>,
) -> Vec<Effect> {
    let mut announced = false;
    let Some(mut effects) = answer.store(state) else { return Vec::new() };
    let slot = answer.slot();
    state.server.retries.retain(|wait| wait.slot != slot);
    match answer.result() {
        Ok(skipped) => {
            if state.transient.last_error.as_ref().is_some_and(|p| p.slot == Some(slot)) {
                state.transient.last_error = None;
            }
            // The pane's title and the status bar say it until a load reads every item.
            if let Some(warning) = left_out(skipped, "items") {
                let message = format!("{}: {warning} (the log says why).", slot.label());
                state.transient.last_error = Some(Problem { slot: Some(slot), message });
            }
            // What a worker counted of a large inbox: its arrivals, then its counts and rows.
            if let Some((census, replaced)) = counted {
                if let Some(arrivals) = crate::tui::census::arrivals(state, census) {
                    announced = true;
                    effects.extend(crate::tui::update::inbox::announce(state, arrivals));
                }
                crate::tui::census::take(state, census, replaced);
            }
            effects.extend(resource::reindex(state, slot));
            reveal(state, slot);
            if slot == Slot::Exchanges {
                effects.extend(crate::tui::update::inbox::on_exchanges_loaded(state, announced));
            }
            effects.extend(crate::tui::update::observe::take(state));
        }
        Err(error) => {
            // The log keeps what the status bar cuts short; an ApiError never holds the key.
            tracing::warn!(slot = slot.label(), %error, "loading failed");
            let message = format!("Loading {} failed: {error}", slot.label());
            state.transient.last_error = Some(Problem { slot: Some(slot), message });
        }
    }
    effects
}

/// Selects the item waiting to be shown in this slot's list (a contact just added, the
/// subject of a "Needs you" item).
fn reveal(state: &mut AppState, slot: Slot) {
    let Some((_, id)) = state.panes.reveal.take_if(|(waiting, _)| *waiting == slot) else { return };
    let height = list_rows(state);
    let list = match slot {
        Slot::Contacts => &mut state.panes.contacts.list,
        Slot::Campaigns => &mut state.panes.campaigns.list,
        Slot::Bots => &mut state.panes.bots.list,
        Slot::Exchanges => &mut state.panes.exchanges.list,
        _ => return,
    };
    if list.select_id(id) {
        list.scroll_into_view(height);
    }
}
