//! The preview of the reply inbox follows its cursor: the chain of the row the cursor
//! rests on is fetched once it stayed there a moment (a key carries no time: the ticks
//! measure the rest), a chain read this session shows at once, and one the cursor left is
//! dropped, its request cancelled. A reply shown there long enough becomes seen; passing
//! over it does not.

use crate::api::Exchange;
use crate::tui::action::Effect;
use crate::tui::group::OrgId;
use crate::tui::model::{Pane, Slot};
use crate::tui::pane_layout::Resting;
use crate::tui::remote::Loaded;
use crate::tui::resource::{self, relayout_chain};
use crate::tui::state::{AppState, ChainPlace, ChainView, View};
use crate::tui::update::fetch::fetch;
use crate::tui::watched::Watched;

/// How long the cursor rests on a row before its chain is fetched: moving through the list
/// asks for nothing.
pub const REST: chrono::Duration = chrono::Duration::milliseconds(150);

/// Shows `exchange`'s chain at `place`: the chain in view when it is that exchange's, else
/// the one read this session at once, else fetched.
pub(crate) fn show_chain(
    state: &mut AppState,
    exchange: Exchange,
    place: ChainPlace,
) -> Vec<Effect> {
    show_chain_of(state, None, exchange, place)
}

/// [`show_chain`] of a reply of `org`, a merged row's (read with its key), or of the
/// connected organisation (`None`).
fn show_chain_of(
    state: &mut AppState,
    org: Option<OrgId>,
    exchange: Exchange,
    place: ChainPlace,
) -> Vec<Effect> {
    let mut effects = Vec::new();
    let kept = state.panes.chain.take().filter(|chain| {
        let (id, whose) = (chain.exchange.id, chain.org.as_ref());
        id == exchange.id && whose == org.as_ref()
    });
    let chain = match kept {
        Some(mut chain) => {
            chain.place = place;
            chain
        }
        None => {
            let mut chain = ChainView::new(exchange, place);
            if org.is_none() {
                chain.remote.data = state.org.read_chains.get(&chain.exchange).cloned();
            }
            chain.org = org;
            chain
        }
    };
    let merged = chain.org.is_some();
    let (read, asked) = (chain.remote.data.is_some(), chain.remote.is_loading());
    state.panes.chain = Some(chain);
    if !read && !asked {
        effects.extend(fetch(state, Slot::Chain));
    } else if read {
        effects.extend(relayout_chain(state, false));
    }
    // The title's "their time" needs the contact's zone, which only the contacts carry:
    // loaded in the background the first time a chain shows (the connected organisation's;
    // a merged row's zone comes from its organisation's contacts once the merged Contacts
    // read them).
    if !merged && resource::status(state, Slot::Contacts) == resource::SlotStatus::default() {
        effects.extend(fetch(state, Slot::Contacts));
    }
    effects
}

/// After every action: the preview's chain follows the inbox's cursor, and the chain in
/// view is laid out for the width it is drawn at.
pub(crate) fn follow(state: &mut AppState) -> Vec<Effect> {
    let mut effects = Vec::new();
    let wanted = previewing_inbox(state).then(|| selected(state)).flatten();
    let shown = state.panes.chain.as_ref().filter(|chain| !chain.is_opened());
    let version =
        |org: &Option<OrgId>, exchange: &Exchange| (org.clone(), exchange.id, exchange.updated_at);
    let previewed = shown.map(|chain| version(&chain.org, &chain.exchange));
    if previewed.is_some() && previewed != wanted.as_ref().map(|(org, e)| version(org, e)) {
        // The cursor moved on, or the reply moved (a new message): what it shows is stale.
        if shown.is_some_and(|chain| chain.remote.is_loading()) {
            effects.push(Effect::Cancel(Slot::Chain));
        }
        state.panes.chain = None;
    }
    let resting = wanted.as_ref().map(|(_, exchange)| exchange.id);
    match wanted {
        Some((org, exchange)) if previewed == Some(version(&org, &exchange)) => rest(state, None),
        Some((None, exchange)) if state.org.read_chains.get(&exchange).is_some() => {
            rest(state, None);
            let place = ChainPlace::Previewed { since: state.env.now, seen: false };
            effects.extend(show_chain(state, exchange, place));
        }
        Some(_) if state.panes.preview.resting.map(|r| r.exchange_id) == resting => {}
        _ => rest(state, resting.map(|exchange_id| Resting { exchange_id, since: None })),
    }
    // Opened from the preview, or back in it: the same chain at another width.
    let width = crate::tui::layout::text_width(state);
    let shown = state.opened_chain().or(state.previewed_chain());
    if shown.is_some_and(|chain| chain.layout_pending.is_none() && chain.layout.width != width) {
        effects.extend(relayout_chain(state, false));
    }
    effects
}

/// On each tick: the chain of a row the cursor rested on long enough is fetched, and a
/// reply shown long enough in the preview becomes seen.
pub(crate) fn on_tick(state: &mut AppState) -> Vec<Effect> {
    let now = state.env.now;
    let mut effects = Vec::new();
    if let Some(resting) = state.panes.preview.resting {
        match resting.since {
            None => rest(state, Some(Resting { since: Some(now), ..resting })),
            Some(since) if now - since >= REST => {
                rest(state, None);
                let row = selected(state).filter(|(_, e)| e.id == resting.exchange_id);
                if let Some((org, exchange)) = row {
                    let place = ChainPlace::Previewed { since: now, seen: false };
                    effects.extend(show_chain_of(state, org, exchange, place));
                }
            }
            Some(_) => {}
        }
    }
    let seen_after = state.panes.preview.seen_after;
    let Some(chain) = state.previewed_chain() else { return effects };
    let ChainPlace::Previewed { since, seen: false } = chain.place else { return effects };
    if chain.remote.data.is_none() {
        // Counted from when its text shows, not from when it was asked for.
        if let Some(chain) = Watched::quietly(&mut state.panes).chain.as_mut() {
            chain.place = ChainPlace::Previewed { since: now, seen: false };
        }
    } else if now - since >= seen_after {
        let (org, exchange) = (chain.org.clone(), chain.exchange.clone());
        if let Some(chain) = state.panes.chain.as_mut() {
            chain.place = ChainPlace::Previewed { since, seen: true };
        }
        effects.extend(match org {
            Some(org) => crate::tui::update::group_rows::seen(state, &org, &exchange),
            None => crate::tui::update::inbox::seen(state, &exchange),
        });
    }
    effects
}

/// Scrolls the chain in the preview by `delta` lines, within its length.
pub(crate) fn scroll(state: &mut AppState, delta: isize) {
    let rows = crate::tui::layout::pane_areas(state)
        .1
        .map_or(1, |area| usize::from(crate::tui::layout::inner(area).height));
    if state.previewed_chain().is_none() {
        return;
    }
    if let Some(chain) = state.panes.chain.as_mut() {
        let max = chain.layout.lines.len().saturating_sub(rows);
        chain.scroll = chain.scroll.saturating_add_signed(delta).min(max);
        chain.at_message = None;
    }
}

/// A chain read for a row's snippet: kept, so the preview shows it without asking (it is
/// drawn only once the cursor comes to it: keeping it draws nothing).
pub(crate) fn keep_read(
    state: &mut AppState,
    exchange_id: i64,
    updated_at: Option<crate::api::Timestamp>,
    chain: crate::api::Listed<crate::api::EmailMessage>,
) {
    let now = state.env.now;
    let loaded = Loaded { items: chain.items, at: now, skipped: chain.skipped };
    Watched::quietly(&mut state.org).read_chains.keep(exchange_id, updated_at, loaded);
}

/// Whether the loop should tick fast: a cursor rests, waiting for its chain.
pub fn waits(state: &AppState) -> bool {
    state.panes.preview.resting.is_some()
}

/// `p`: the preview on or off; said when the screen has no room for it.
pub(crate) fn toggle(state: &mut AppState) -> Vec<Effect> {
    if state.pane_layout().preview.is_some() {
        state.panes.preview.on = false;
        return Vec::new();
    }
    let (width, height) = (state.env.width, state.env.height);
    let wanted = crate::tui::state::PreviewState { on: true, ..state.panes.preview.clone() };
    if wanted.place(width, height).is_some() {
        state.panes.preview.on = true;
    } else {
        let needs = wanted.needs();
        state.transient.notice =
            Some(format!("The preview needs {needs}; this is {width}×{height}."));
    }
    Vec::new()
}

/// Whether the preview beside the current pane shows e-mail chains (the inbox's list).
fn previewing_inbox(state: &AppState) -> bool {
    matches!(state.pane_layout().preview, Some((_, View::Chain)))
}

/// The reply under the inbox's cursor, with its organisation when it is a merged row.
fn selected(state: &AppState) -> Option<(Option<OrgId>, Exchange)> {
    if state.group.merges(Pane::Exchanges) {
        let row = state.group.inbox.selected(&state.group.orgs, &state.merged_context())?;
        return Some((Some(row.org_id().clone()), row.reply.exchange.clone()));
    }
    let index = state.panes.exchanges.list.selected_index()?;
    state.org.store.exchanges.items().get(index).cloned().map(|exchange| (None, exchange))
}

/// Notes the row waiting for its chain; bookkeeping the screen does not show.
fn rest(state: &mut AppState, resting: Option<Resting>) {
    if state.panes.preview.resting != resting {
        Watched::quietly(&mut state.panes).preview.resting = resting;
    }
}
