//! The reply inbox as it changes: whose marks to read once connected, the local state's
//! answer, snippets asked for (the visible rows first, a few at a time) and read, replies
//! becoming seen when opened, new replies announced after a load, and handled marks set.

use crate::api::{Exchange, Timestamp};
use crate::inbox::{Category, Facts};
use crate::local::Scope;
use crate::present::names::party_name;
use crate::tui::action::Effect;
use crate::tui::inbox::jobs::{LocalAnswer, LocalJob, SnippetJob};
use crate::tui::inbox::notify::{Arrival, headline, terminal_bytes};
use crate::tui::inbox::{CachedSnippet, SNIPPETS_IN_FLIGHT};
use crate::tui::layout::list_rows;
use crate::tui::model::Pane;
use crate::tui::resource::keep_inbox_rows;
use crate::tui::state::{AppState, Connection};
use crate::tui::submit::feedback::Tone;
use crate::tui::watched::Watched;

/// Rows beyond the visible ones whose snippets are read ahead, so scrolling finds them.
const READ_AHEAD: usize = 40;

/// Once connected: forget another session's marks and read this one's.
pub(crate) fn on_connected(state: &mut AppState) -> Vec<Effect> {
    let Connection::Ready(info) = &state.server.connection else { return Vec::new() };
    // The scope `outreach replies` uses too: the same marks from the CLI and the dashboard.
    let scope = Scope::new(&info.profile, &info.base_url);
    state.org.inbox = state.org.inbox.for_session(scope.clone());
    vec![Effect::Local(LocalJob::Load(scope))]
}

/// The local state answered: the marks show, and new replies count from now on. When it
/// failed, the session goes on in memory, counting from now.
pub(crate) fn on_local(state: &mut AppState, answer: LocalAnswer) -> Vec<Effect> {
    match answer {
        LocalAnswer::Loaded { scope, first_use, marks } => {
            if state.org.inbox.scope.as_ref() != Some(&scope) {
                return Vec::new();
            }
            state.org.inbox.first_use = Some(first_use);
            state.org.inbox.take_stored_marks(marks);
        }
        LocalAnswer::Marks { scope, version, marks } => {
            if state.org.inbox.scope.as_ref() != Some(&scope) {
                return Vec::new();
            }
            // Read every second: a file's version, and marks that did not change, draw
            // nothing.
            Watched::quietly(&mut state.org).inbox.marks_version = Some(version);
            if !Watched::write_if(&mut state.org, |org| org.inbox.take_reread_marks(marks)) {
                return Vec::new();
            }
        }
        LocalAnswer::Failed(message) => {
            tracing::warn!(%message, "local state");
            state.transient.notice = Some(message);
            state.org.inbox.first_use.get_or_insert(Timestamp(state.env.now));
        }
    }
    let mut effects: Vec<Effect> = keep_inbox_rows(state).into_iter().collect();
    effects.extend(announce_arrivals(state));
    crate::tui::update::first_look::offer_to_put_old_replies_away(state);
    effects
}

/// Asks whether another process (`outreach replies handle`, a second dashboard) changed
/// the marks since they were last read, and for them if so: every second (a cheap check of
/// the file's data version, off the UI thread) and, `whatever` it says, on a refresh.
pub(crate) fn reread_marks(state: &AppState, whatever: bool) -> Vec<Effect> {
    let inbox = &state.org.inbox;
    match (&inbox.scope, inbox.first_use) {
        (Some(scope), Some(_)) => {
            let known = if whatever { None } else { inbox.marks_version };
            vec![Effect::Local(LocalJob::Reread { scope: scope.clone(), known })]
        }
        _ => Vec::new(),
    }
}

/// After the Exchanges list loaded: announce what arrived since the last load.
pub(crate) fn on_exchanges_loaded(state: &mut AppState) -> Vec<Effect> {
    let effects = announce_arrivals(state);
    crate::tui::update::first_look::offer_to_put_old_replies_away(state);
    effects
}

/// Replies that are new and arrived (or moved) since the last load: a toast naming them,
/// and the bell and desktop notification (the effects). The first load only remembers what
/// is there.
fn announce_arrivals(state: &mut AppState) -> Vec<Effect> {
    let inbox = &state.org.inbox;
    if inbox.first_use.is_none() || state.org.store.exchanges.data.is_none() {
        return Vec::new();
    }
    let org = &mut *state.org;
    let items = org.store.exchanges.items();
    let now: std::collections::HashMap<i64, Option<Timestamp>> =
        items.iter().map(|e| (e.id, e.updated_at)).collect();
    let Some(before) = org.inbox.known.replace(now) else { return Vec::new() };
    let moved: Vec<&Exchange> =
        items.iter().filter(|e| before.get(&e.id) != Some(&e.updated_at)).collect();
    for exchange in &moved {
        org.inbox.note_arrival(exchange.id, exchange.updated_at);
    }
    let arrivals: Vec<Arrival> = moved
        .into_iter()
        .filter(|e| org.inbox.is_new(e))
        .map(|e| Arrival {
            name: party_name(&e.contact),
            category: Category::of(&e.status).label().to_string(),
        })
        .collect();
    if arrivals.is_empty() {
        return Vec::new();
    }
    state.show_toast(Tone::Success, headline(&arrivals));
    terminal_bytes(&arrivals, state.org.inbox.alerts).into_iter().map(Effect::Announce).collect()
}

/// Asks for the snippets of the rows in view (then a few beyond), then — in any pane — of
/// the hot replies not handled (who spoke last decides whether one waits on us), at most
/// [`SNIPPETS_IN_FLIGHT`] chains at a time; rows whose snippet is current are skipped.
pub(crate) fn read_snippets(state: &mut AppState) -> Vec<Effect> {
    let room = SNIPPETS_IN_FLIGHT.saturating_sub(state.org.inbox.reading.len());
    if room == 0 || !matches!(state.server.connection, Connection::Ready(_)) {
        return Vec::new();
    }
    let items = state.org.store.exchanges.items();
    let in_view: &[u32] = if state.panes.pane == Pane::Exchanges && state.showing_list() {
        let list = &state.panes.exchanges.list;
        let start = list.offset().min(list.order().len());
        let end = (start + list_rows(state) + READ_AHEAD).min(list.order().len());
        &list.order()[start..end]
    } else {
        &[]
    };
    let hot =
        state.org.inbox.hot_unhandled(state.org.store.exchanges.data.as_ref().map(|d| &d.items));
    let mut asked = std::collections::HashSet::new();
    let jobs: Vec<SnippetJob> = in_view
        .iter()
        .map(|&index| index as usize)
        .chain(hot.iter().copied())
        .filter_map(|index| items.get(index))
        .filter(|exchange| state.org.inbox.wants_snippet(exchange) && asked.insert(exchange.id))
        .take(room)
        .map(|exchange| SnippetJob {
            exchange_id: exchange.id,
            updated_at: exchange.updated_at,
            contact: exchange.contact.email.clone(),
        })
        .collect();
    jobs.into_iter()
        .map(|job| {
            // Work in flight is not drawn.
            Watched::quietly(&mut state.org).inbox.reading.insert(job.exchange_id);
            Effect::ReadSnippet(job)
        })
        .collect()
}

/// A chain was read: its snippet shows (a failure is not asked again until the exchange
/// moves), and the local state notes when it was read.
pub(crate) fn on_snippet(
    state: &mut AppState,
    job: SnippetJob,
    result: Result<Option<crate::inbox::Snippet>, crate::api::ApiError>,
) -> Vec<Effect> {
    state.org.inbox.reading.remove(&job.exchange_id);
    let snippet = match result {
        Ok(snippet) => snippet,
        Err(error) => {
            tracing::warn!(exchange = job.exchange_id, %error, "reading a snippet failed");
            None
        }
    };
    let read = snippet.is_some();
    state
        .org
        .inbox
        .snippets
        .insert(job.exchange_id, CachedSnippet { updated_at: job.updated_at, snippet });
    match (&state.org.inbox.scope, job.updated_at, read) {
        (Some(scope), Some(at), true) => {
            vec![Effect::Local(LocalJob::SnippetRead(scope.clone(), job.exchange_id, at))]
        }
        _ => Vec::new(),
    }
}

/// The reply opened: seen at its present `updated_at`.
pub(crate) fn seen(state: &mut AppState, exchange: &Exchange) -> Vec<Effect> {
    let Some(at) = exchange.updated_at else { return Vec::new() };
    let mark = state.org.inbox.mark_mut(exchange.id);
    mark.seen_updated_at = Some(at);
    match &state.org.inbox.scope {
        Some(scope) => {
            vec![Effect::Local(LocalJob::MarkSeen(scope.clone(), vec![(exchange.id, at)]))]
        }
        None => Vec::new(),
    }
}

/// Marks replies handled (or not) on this machine and lists them again under the handled
/// filter; remembered for `z`.
pub(crate) fn set_handled(state: &mut AppState, ids: &[i64], handled: bool) -> Vec<Effect> {
    if ids.is_empty() {
        return Vec::new();
    }
    let items = state.org.store.exchanges.items();
    let before: Vec<(i64, bool)> = ids
        .iter()
        .map(|&id| {
            let handled =
                items.iter().find(|e| e.id == id).is_some_and(|e| state.org.inbox.is_handled(e));
            (id, handled)
        })
        .collect();
    let what = format!(
        "{} {}",
        crate::text::count(ids.len(), "reply", "replies"),
        if handled { "marked handled" } else { "marked not handled" }
    );
    state.org.inbox.last_triage = Some(crate::tui::inbox::Triage { before, what });
    apply_handled(state, ids.iter().map(|&id| (id, handled)).collect())
}

/// Sets handled flags as given, lists the rows again and writes them down.
pub(crate) fn apply_handled(state: &mut AppState, flags: Vec<(i64, bool)>) -> Vec<Effect> {
    // Handled as each reply stands now: one that moves later comes back.
    let items = state.org.store.exchanges.items();
    let at = |id: i64| items.iter().find(|e| e.id == id).and_then(|e| e.updated_at);
    let flags: Vec<(i64, bool, Option<Timestamp>)> =
        flags.into_iter().map(|(id, handled)| (id, handled, at(id))).collect();
    for &(id, handled, updated_at) in &flags {
        let mark = state.org.inbox.mark_mut(id);
        mark.handled = handled;
        mark.handled_updated_at = updated_at.filter(|_| handled);
    }
    let search = keep_inbox_rows(state);
    let Some(scope) = state.org.inbox.scope.clone() else { return search.into_iter().collect() };
    // One write per flag value: the store sets many ids at once.
    let writes = [true, false].into_iter().filter_map(|handled| {
        let these: Vec<(i64, Option<Timestamp>)> = flags
            .iter()
            .filter(|(_, flag, _)| *flag == handled)
            .map(|(id, _, at)| (*id, *at))
            .collect();
        (!these.is_empty())
            .then(|| Effect::Local(LocalJob::SetHandled(scope.clone(), these, handled)))
    });
    search.into_iter().chain(writes).collect()
}

/// The reply in view: the open chain's, else the selected row's.
pub(crate) fn reply_in_view(state: &AppState) -> Option<Exchange> {
    if state.panes.pane != Pane::Exchanges {
        return None;
    }
    if let Some(chain) = &state.panes.exchanges.chain {
        return Some(chain.exchange.clone());
    }
    let index = state.panes.exchanges.list.selected_index()?;
    state.org.store.exchanges.items().get(index).cloned()
}

/// The marked rows still in the list, in its order (none while a chain is open).
pub(crate) fn marked_replies(state: &AppState) -> Vec<Exchange> {
    if state.panes.pane != Pane::Exchanges || state.panes.exchanges.chain.is_some() {
        return Vec::new();
    }
    let items = state.org.store.exchanges.items();
    state
        .panes
        .exchanges
        .list
        .order()
        .iter()
        .filter_map(|&index| items.get(index as usize))
        .filter(|exchange| state.org.inbox.marked.contains(&exchange.id))
        .cloned()
        .collect()
}
