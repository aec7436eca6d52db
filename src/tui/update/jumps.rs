//! Jumps between related things and back (`tui::jumps` holds them): `J`, or Enter on an
//! open item, leads from a meeting to its conversation, from a contact to their exchanges,
//! from a campaign or a bot to its replies in the inbox; `Esc` goes back once nothing else
//! claims it, `Backspace` at once. Switching panes (`1`–`6`, Tab) is not a jump.

use crate::api::{ExchangeGroup, ExchangeQuery};
use crate::needs::Subject;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::jumps::{Focus, InboxSpot, Jump, ListSpot, Pending, Place, Related};
use crate::tui::layout::list_rows;
use crate::tui::lists::list::ListState;
use crate::tui::model::{Pane, Shelves, Slot};
use crate::tui::resource::{self, in_view, keep_inbox_rows, relayout_chain};
use crate::tui::state::{AppState, ChainView};
use crate::tui::update::fetch::{ensure_loaded, fetch};
use crate::tui::update::navigate;

/// The inbox as the dashboard opens it: the replies of every campaign, any day.
fn whole_inbox() -> ExchangeQuery {
    ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() }
}

/// `J`: to what the item in view relates.
pub(crate) fn jump(state: &mut AppState) -> Vec<Effect> {
    match in_view::related(state) {
        Some(Related::Conversation { exchange_id, what }) => {
            to_conversation(state, exchange_id, what)
        }
        Some(Related::Replies(focus)) => to_replies(state, focus),
        None => {
            if in_view::leads_to(state).is_some() {
                state.transient.notice = Some("Nothing selected to jump from.".into());
            }
            Vec::new()
        }
    }
}

/// `Esc`: back from the last jump when the user is where it left them, else what `Esc`
/// does without jumps (close, clear the filter, the marks), else back from the last jump.
pub(crate) fn back(state: &mut AppState) -> Vec<Effect> {
    if state.esc_returns() {
        return pop(state);
    }
    let (acted, effect) = navigate::back(state);
    if !acted && !state.panes.jumps.is_empty() {
        return pop(state);
    }
    effect.into_iter().collect()
}

/// `Backspace`: back from the last jump, whatever is open or typed.
pub(crate) fn go_back(state: &mut AppState) -> Vec<Effect> {
    if state.panes.jumps.is_empty() {
        state.transient.notice = Some("No jump to go back from.".into());
        return Vec::new();
    }
    pop(state)
}

/// From "Needs you" to what an item is about, as a jump (`Esc` comes back to the list): a
/// reply's conversation, or a campaign's or a bot's detail. `what` names the item for a note.
pub(crate) fn to_subject(state: &mut AppState, subject: Subject, what: String) -> Vec<Effect> {
    let (pane, slot, id) = match subject {
        Subject::Exchange(id) => return to_conversation(state, id, what),
        Subject::Campaign(id) => (Pane::Campaigns, Slot::Campaigns, id),
        Subject::Bot(id) => (Pane::Bots, Slot::Bots, id),
    };
    push(state);
    let mut effects = navigate::go_to(state, pane);
    let page = list_rows(state);
    let Some(list) = state.current_list_mut() else { return effects };
    if list.select_id(id) {
        list.scroll_into_view(page);
        effects.extend(navigate::open(state));
    } else if list.total() == 0 {
        // Not loaded yet: selected once it is.
        state.panes.reveal = Some((slot, id));
    } else {
        effects.extend(absent(state, format!("{what} is not in the list as filtered.")));
        return effects;
    }
    state.panes.jumps.here = Some(state.spot());
    effects
}

/// A meeting's conversation: its exchange selected in the inbox and its chain opened. When
/// the inbox is not loaded, or is narrowed by filters, the whole inbox loads first.
fn to_conversation(state: &mut AppState, exchange_id: i64, what: String) -> Vec<Effect> {
    let listed = state.org.store.exchanges.items().iter().any(|e| e.id == exchange_id);
    let status = resource::status(state, Slot::Exchanges);
    let whole = state.panes.exchanges.query == whole_inbox();
    if !listed && whole && status.loaded_at.is_some() && !status.loading {
        state.transient.notice = Some(not_in_inbox(&what, exchange_id));
        return Vec::new();
    }
    push(state);
    let query = if listed { state.panes.exchanges.query.clone() } else { whole_inbox() };
    let mut effects = land(state, query, None);
    state.panes.jumps.here = Some(state.spot());
    if !listed {
        state.panes.jumps.pending = Some(Pending::Open { exchange_id, what });
        return effects;
    }
    match open_exchange(state, exchange_id) {
        Some(opened) => {
            effects.extend(opened);
            state.panes.jumps.here = Some(state.spot());
        }
        // Listed but not shown (set aside by a filter of the inbox's own).
        None => effects.extend(absent(state, not_in_inbox(&what, exchange_id))),
    }
    effects
}

/// A campaign's, a contact's or a bot's replies: the inbox narrowed to them, the first one
/// selected once they are loaded.
fn to_replies(state: &mut AppState, focus: Focus) -> Vec<Effect> {
    let query = match &focus {
        Focus::Campaign { id, .. } => ExchangeQuery { campaign_id: Some(*id), ..whole_inbox() },
        Focus::Contact { .. } | Focus::Bot { .. } => whole_inbox(),
    };
    push(state);
    let mut effects = land(state, query, Some(focus));
    state.panes.jumps.here = Some(state.spot());
    if resource::status(state, Slot::Exchanges).loading {
        state.panes.jumps.pending = Some(Pending::Land);
    } else {
        effects.extend(arrive(state));
    }
    effects
}

/// A saved view's inbox: `query` and `focus` as a jump, so `Esc` goes back; the caller
/// narrows the categories and handled replies after.
pub(crate) fn to_view(
    state: &mut AppState,
    query: ExchangeQuery,
    focus: Option<Focus>,
) -> Vec<Effect> {
    push(state);
    let effects = land(state, query, focus);
    state.panes.jumps.here = Some(state.spot());
    effects
}

/// Keeps where the user stands and how the inbox is, to come back to.
fn push(state: &mut AppState) {
    let from = Place {
        pane: state.panes.pane,
        list: spot_of(state.current_list()),
        detail: state.current_detail(),
    };
    let chain = state.panes.chain.take().map(Box::new);
    let exchanges = &mut state.panes.exchanges;
    let inbox = InboxSpot {
        query: exchanges.query.clone(),
        focus: exchanges.focus.clone(),
        shelf: state.org.inbox.shelf,
        hide_handled: state.org.inbox.hide_handled,
        list: spot_of(Some(&exchanges.list)),
        chain,
    };
    state.panes.jumps.push(Jump { from, inbox });
}

fn spot_of(list: Option<&ListState>) -> ListSpot {
    list.map_or_else(ListSpot::default, |list| ListSpot {
        selected: list.selected_id(),
        offset: list.offset(),
        filter: list.filter().to_string(),
    })
}

/// Shows the Exchanges pane under `query` and `focus`, every category and the handled
/// replies too (all that relates, not what the inbox's filters happened to show); the inbox
/// loads again when its server filters changed.
fn land(state: &mut AppState, query: ExchangeQuery, focus: Option<Focus>) -> Vec<Effect> {
    let exchanges = &mut state.panes.exchanges;
    let requery = exchanges.query != query;
    exchanges.query = query;
    exchanges.focus = focus;
    state.panes.chain = None;
    state.org.inbox.shelf = Shelves::ALL;
    state.org.inbox.hide_handled = false;
    state.panes.pane = Pane::Exchanges;
    state.transient.filtering = false;
    let mut effects: Vec<Effect> = navigate::set_filter(state, "").into_iter().collect();
    effects.extend(keep_inbox_rows(state));
    if requery {
        forget_known(state);
    }
    // Never loaded (a failure included): asked for again, the jump waits on it.
    let status = resource::status(state, Slot::Exchanges);
    if requery || (status.loaded_at.is_none() && !status.loading) {
        effects.extend(fetch(state, Slot::Exchanges));
    }
    effects.extend(ensure_loaded(state));
    effects
}

/// Another query's list is not news: the next load only remembers what is there, rather
/// than announcing every reply the narrower list left out as arrived.
fn forget_known(state: &mut AppState) {
    state.org.inbox.known = None;
}

/// Selects the exchange and opens its chain, or says it is not listed.
pub(crate) fn open_row(state: &mut AppState, exchange_id: i64) -> Vec<Effect> {
    open_exchange(state, exchange_id).unwrap_or_else(|| {
        state.transient.notice =
            Some(format!("Reply {exchange_id} is not in this inbox as listed now."));
        Vec::new()
    })
}

/// Selects the exchange and opens its chain; `None` when it is not listed.
fn open_exchange(state: &mut AppState, exchange_id: i64) -> Option<Vec<Effect>> {
    let height = list_rows(state);
    let list = &mut state.panes.exchanges.list;
    if !list.select_id(exchange_id) {
        return None;
    }
    list.scroll_into_view(height);
    Some(navigate::open(state))
}

/// The related replies are loaded: the first selected, and a note saying how many and, for
/// a filter made here, that the API could not make it; none at all returns with a note.
fn arrive(state: &mut AppState) -> Vec<Effect> {
    let Some(focus) = state.panes.exchanges.focus.clone() else { return Vec::new() };
    let count = state.panes.exchanges.list.order().len();
    if count == 0 {
        return absent(state, format!("No replies of {} in the inbox.", focus.label()));
    }
    let height = list_rows(state);
    let list = &mut state.panes.exchanges.list;
    list.top();
    list.scroll_into_view(height);
    let back = state.how(Command::Back, "Esc");
    let replies = crate::text::count(count, "reply", "replies");
    let how = if focus.is_local() {
        " (filtered on this machine: the API filters replies by campaign only)"
    } else {
        ""
    };
    let label = focus.label();
    state.transient.notice = Some(format!("{replies} of {label}{how}; {back} goes back."));
    state.panes.jumps.here = Some(state.spot());
    Vec::new()
}

fn not_in_inbox(what: &str, exchange_id: i64) -> String {
    format!("The conversation of {what} (exchange {exchange_id}) is not in the reply inbox.")
}

/// Nothing to land on: back where the jump came from (if the user is still where it left
/// them), with a note rather than a wrong row.
fn absent(state: &mut AppState, note: String) -> Vec<Effect> {
    let effects = if state.esc_returns() { pop(state) } else { Vec::new() };
    state.transient.notice = Some(note);
    effects
}

/// An answer arrived: a jump that waited for the inbox lands (or says it cannot).
pub(crate) fn on_loaded(state: &mut AppState, slot: Slot) -> Vec<Effect> {
    // Read first: most loads have no jump waiting, and write nothing here. A stale answer
    // leaves the awaited one loading: the jump waits on.
    let awaited = state.org.store.exchanges.is_loading();
    if slot != Slot::Exchanges || awaited || state.panes.jumps.pending.is_none() {
        return Vec::new();
    }
    let Some(pending) = state.panes.jumps.pending.take() else { return Vec::new() };
    // A failure shows in the pane and the status bar; the jump does not land.
    if state.org.store.exchanges.error.is_some() {
        return Vec::new();
    }
    match pending {
        Pending::Land => arrive(state),
        Pending::Open { exchange_id, what } => {
            let listed = state.org.store.exchanges.items().iter().any(|e| e.id == exchange_id);
            if listed && !state.esc_returns() {
                // The user went elsewhere meanwhile: nothing opens behind their back.
                return Vec::new();
            }
            match open_exchange(state, exchange_id).filter(|_| listed) {
                Some(effects) => {
                    state.panes.jumps.here = Some(state.spot());
                    effects
                }
                None => absent(state, not_in_inbox(&what, exchange_id)),
            }
        }
    }
}

/// Forgets every jump, for another organisation whose ids they do not name: the inbox's
/// own filters (server filters, category, handled) come back as they were before any.
pub(crate) fn forget(state: &mut AppState) {
    let Some(first) = state.panes.jumps.first() else { return };
    let (query, shelf, hide_handled) =
        (first.inbox.query.clone(), first.inbox.shelf, first.inbox.hide_handled);
    state.panes.exchanges.query = query;
    state.panes.exchanges.focus = None;
    state.org.inbox.shelf = shelf;
    state.org.inbox.hide_handled = hide_handled;
    state.panes.jumps.clear();
}

/// Back from the last jump: the inbox as it was, then the place it came from.
fn pop(state: &mut AppState) -> Vec<Effect> {
    let Some(jump) = state.panes.jumps.pop() else { return Vec::new() };
    let mut effects = restore_inbox(state, jump.inbox);
    effects.extend(restore_place(state, jump.from));
    state.panes.jumps.here = Some(state.spot());
    effects
}

fn restore_inbox(state: &mut AppState, inbox: InboxSpot<ChainView>) -> Vec<Effect> {
    let exchanges = &mut state.panes.exchanges;
    let requery = exchanges.query != inbox.query;
    exchanges.query = inbox.query;
    exchanges.focus = inbox.focus;
    state.panes.chain = inbox.chain.map(|chain| *chain);
    state.org.inbox.shelf = inbox.shelf;
    state.org.inbox.hide_handled = inbox.hide_handled;
    let mut effects: Vec<Effect> = keep_inbox_rows(state).into_iter().collect();
    effects.extend(restore_list(state, Pane::Exchanges, &inbox.list));
    if requery {
        forget_known(state);
        effects.extend(fetch(state, Slot::Exchanges));
    }
    // A chain whose answer or layout was awaited when the jump left it asks again.
    let chain = state.panes.chain.as_ref();
    if chain.is_some_and(|chain| chain.remote.data.is_none() || chain.remote.is_loading()) {
        effects.extend(fetch(state, Slot::Chain));
    } else {
        effects.extend(relayout_chain(state, false));
    }
    effects
}

fn restore_place(state: &mut AppState, place: Place) -> Vec<Effect> {
    let mut effects = navigate::go_to(state, place.pane);
    effects.extend(restore_list(state, place.pane, &place.list));
    if let Some(detail) = state.current_detail_mut() {
        *detail = place.detail;
    }
    effects
}

/// A list's filter, selection and first row as they were.
fn restore_list(state: &mut AppState, pane: Pane, spot: &ListSpot) -> Option<Effect> {
    let height = list_rows(state);
    let (list, engine) = state.list_and_engine(pane)?;
    let search =
        if list.filter() == spot.filter { None } else { list.set_filter(&spot.filter, engine) };
    if let Some(id) = spot.selected {
        list.select_id(id);
    }
    list.scroll_by(spot.offset as isize - list.offset() as isize, height);
    list.scroll_into_view(height);
    Effect::search(pane, search)
}
