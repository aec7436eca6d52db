//! Moving around: selection and scrolling in lists, details, the e-mail chain and the
//! Overview's tiles; opening and leaving items.

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::layout::{list_rows, text_rows};
use crate::tui::model::{Detail, Pane, Slot, Tile};
use crate::tui::resource::in_view::detail_line_count;
use crate::tui::resource::{self, relayout_chain};
use crate::tui::state::{AppState, ChainPlace};
use crate::tui::update::fetch::{ensure_loaded, fetch};

/// Applies a movement command to whatever the current screen shows.
pub(crate) fn movement(state: &mut AppState, command: Command) {
    if state.panes.pane == Pane::Overview {
        move_tile(state, command);
        return;
    }
    if state.showing_list() {
        let page = list_rows(state);
        if let Some(list) = state.current_list_mut() {
            match command {
                Command::Up => list.move_by(-1),
                Command::Down => list.move_by(1),
                Command::PageUp => list.move_by(-(page as isize)),
                Command::PageDown => list.move_by(page as isize),
                Command::HalfPageUp => list.move_by(-(page as isize / 2).max(1)),
                Command::HalfPageDown => list.move_by((page as isize / 2).max(1)),
                Command::Top => list.top(),
                Command::Bottom => list.bottom(),
                _ => return,
            }
            list.scroll_into_view(page);
        }
        return;
    }
    let page = text_rows(state);
    let delta: isize = match command {
        Command::Up => -1,
        Command::Down => 1,
        Command::PageUp => -(page as isize),
        Command::PageDown => page as isize,
        Command::HalfPageUp => -(page as isize / 2).max(1),
        Command::HalfPageDown => (page as isize / 2).max(1),
        Command::Top => isize::MIN / 2,
        Command::Bottom => isize::MAX / 2,
        _ => return,
    };
    scroll_text(state, delta);
}

/// Scrolls the open detail or chain by `delta` lines, within its length.
pub(crate) fn scroll_text(state: &mut AppState, delta: isize) {
    let page = text_rows(state);
    if let Some(chain) = state.opened_chain_mut() {
        let max = chain.layout.lines.len().saturating_sub(page);
        chain.scroll = chain.scroll.saturating_add_signed(delta).min(max);
        if delta != 0 {
            chain.at_message = None;
        }
        return;
    }
    let max = detail_line_count(state).saturating_sub(page);
    if let Some(Some(detail)) = state.current_detail_mut() {
        detail.scroll = detail.scroll.saturating_add_signed(delta).min(max);
    }
}

fn move_tile(state: &mut AppState, command: Command) {
    let last = Tile::ALL.len() - 1;
    let tile = state.panes.overview;
    state.panes.overview = match command {
        Command::Down if tile == Tile::INBOX_LINE => 0,
        _ if tile == Tile::INBOX_LINE => tile,
        Command::Down if tile + 2 <= last => tile + 2,
        Command::Up if tile >= 2 => tile - 2,
        Command::Up => Tile::INBOX_LINE,
        Command::Right if tile.is_multiple_of(2) && tile < last => tile + 1,
        Command::Left if tile % 2 == 1 => tile - 1,
        Command::Top | Command::PageUp => 0,
        Command::Bottom | Command::PageDown => last,
        _ => tile,
    };
}

/// Opens the selection: a tile's pane, an item's detail, an exchange's e-mail chain.
pub(crate) fn open(state: &mut AppState) -> Vec<Effect> {
    match state.panes.pane {
        // The inbox line opens "Needs you" (and speed to lead).
        Pane::Overview if state.panes.overview == Tile::INBOX_LINE => open_needs(state),
        Pane::Overview => {
            let tile = Tile::ALL.get(state.panes.overview).copied().unwrap_or(Tile::Campaigns);
            go_to(state, tile.pane())
        }
        _ if state.inbox_list_shown() => {
            let Some(index) = state.panes.exchanges.list.selected_index() else {
                return Vec::new();
            };
            let Some(exchange) = state.org.store.exchanges.items().get(index).cloned() else {
                return Vec::new();
            };
            let mut effects = crate::tui::update::inbox::seen(state, &exchange);
            effects.extend(crate::tui::update::preview::show_chain(
                state,
                exchange,
                ChainPlace::Opened,
            ));
            effects
        }
        _ if state.showing_list() => {
            let id = state.current_list().and_then(|list| list.selected_id());
            if let (Some(id), Some(detail)) = (id, state.current_detail_mut()) {
                *detail = Some(Detail { id, scroll: 0 });
            }
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// `!` from anywhere, or Enter on the Overview's inbox line: the Overview with its "Needs
/// you" list open. The contacts are loaded when they are not, since only they say whether
/// an opt-out is already on the do-not-contact list.
pub(crate) fn open_needs(state: &mut AppState) -> Vec<Effect> {
    let mut effects = go_to(state, Pane::Overview);
    state.panes.overview = Tile::INBOX_LINE;
    state.org.inbox.speed_open = true;
    if resource::status(state, Slot::Contacts) == resource::SlotStatus::default() {
        effects.extend(fetch(state, Slot::Contacts));
    }
    effects
}

/// The reply inbox, loading it the first time.
pub(crate) fn go_to_inbox(state: &mut AppState) -> Vec<Effect> {
    go_to(state, Pane::Exchanges)
}

/// Switches pane, loading its data the first time.
pub(crate) fn go_to(state: &mut AppState, pane: Pane) -> Vec<Effect> {
    state.panes.pane = pane;
    state.transient.filtering = false;
    let page = list_rows(state);
    if let Some(list) = state.current_list_mut() {
        list.scroll_into_view(page);
    }
    ensure_loaded(state)
}

/// Closes the chain, the detail or the Overview's speed panel in view. `false` when none
/// was open (the top of the pane).
pub(crate) fn close_view(state: &mut AppState) -> bool {
    if state.chain_open() {
        let now = state.env.now;
        let previewed = ChainPlace::Previewed { since: now, seen: true };
        // Back to the list, the chain stays in its preview when there is one.
        let keep = state.pane_layout().preview.is_some();
        match state.panes.chain.as_mut() {
            Some(chain) if keep => chain.place = previewed,
            _ => state.panes.chain = None,
        }
        return true;
    }
    if state.panes.pane == Pane::Overview && state.org.inbox.speed_open {
        state.org.inbox.speed_open = false;
        return true;
    }
    state.current_detail_mut().is_some_and(|detail| detail.take().is_some())
}

/// Leaves the chain or detail, else clears the filter (a large list is searched again off
/// the UI thread: the effect), else the inbox's marks. `false` when there was none of them.
pub(crate) fn back(state: &mut AppState) -> (bool, Option<Effect>) {
    if close_view(state) {
        return (true, None);
    }
    let page = list_rows(state);
    if state.current_list().is_some_and(|list| !list.filter().is_empty()) {
        let search = set_filter(state, "");
        if let Some(list) = state.current_list_mut() {
            list.scroll_into_view(page);
        }
        return (true, search);
    }
    let marks = &state.org.inbox;
    if state.on_inbox() && (!marks.marked.is_empty() || marks.range_from.is_some()) {
        let marks = &mut state.org.inbox;
        let count = marks.marked.len();
        marks.marked.clear();
        marks.range_from = None;
        state.transient.notice =
            Some(format!("Marks cleared ({}).", crate::text::count(count, "row", "rows")));
        return (true, None);
    }
    (false, None)
}

/// Keeps selections visible and the chain wrapped for a new terminal size.
pub(crate) fn after_resize(state: &mut AppState) -> Option<Effect> {
    let page = list_rows(state);
    let panes = &mut *state.panes;
    for list in [
        &mut panes.campaigns.list,
        &mut panes.exchanges.list,
        &mut panes.meetings.list,
        &mut panes.bots.list,
        &mut panes.contacts.list,
    ] {
        list.scroll_into_view(page);
    }
    let layout = relayout_chain(state, false);
    scroll_text(state, 0);
    layout
}

/// Jumps to the next or previous message of the chain.
pub(crate) fn jump_message(state: &mut AppState, forward: bool) {
    let page = text_rows(state);
    let Some(chain) = state.opened_chain_mut() else { return };
    let current = chain.current_message().unwrap_or(0);
    let starts = &chain.layout.starts;
    let target = if forward {
        (current + 1 < starts.len()).then_some(current + 1)
    } else {
        current.checked_sub(1).filter(|_| !starts.is_empty())
    };
    if let Some(index) = target {
        let max = chain.layout.lines.len().saturating_sub(page);
        chain.scroll = starts[index].min(max);
        chain.at_message = Some(index);
    }
}

/// Shows or folds the chain's quoted history.
pub(crate) fn toggle_quotes(state: &mut AppState) -> Option<Effect> {
    if let Some(chain) = state.opened_chain_mut() {
        chain.unfolded = !chain.unfolded;
    }
    relayout_chain(state, false)
}

/// Narrows the current list to the filter being typed.
pub(crate) fn apply_filter(state: &mut AppState) -> Option<Effect> {
    let text = state.transient.filter_input.value().to_string();
    let page = list_rows(state);
    let search = set_filter(state, &text);
    if let Some(list) = state.current_list_mut() {
        list.scroll_into_view(page);
    }
    search
}

/// Changes the current list's filter; a search too large for the UI thread is the effect
/// that sends it to a worker.
pub(crate) fn set_filter(state: &mut AppState, text: &str) -> Option<Effect> {
    let pane = state.panes.pane;
    let job = state.list_and_engine(pane).and_then(|(list, engine)| list.set_filter(text, engine));
    Effect::search(pane, job)
}

/// Selects the row at `position` of the list in view (as a click or a line mode's number
/// does), and brings it into view.
pub(crate) fn select_row(state: &mut AppState, position: usize) {
    let page = list_rows(state);
    if let Some(list) = state.current_list_mut()
        && list.select_position(position)
    {
        list.scroll_into_view(page);
    }
}
