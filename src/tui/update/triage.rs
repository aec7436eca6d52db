//! Working through replies by keyboard: handled / not handled (one reply, or every marked
//! one after a question naming how many), jumping between unhandled ones, marking rows and
//! ranges, undoing the last triage, and narrowing the list to one category.

use crate::api::Exchange;
use crate::inbox::Facts;
use crate::present::names::party_name;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::inbox::Before;
use crate::tui::layout::list_rows;
use crate::tui::resource::keep_inbox_rows;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Tone};
use crate::tui::update::group_marks::{between, range_started};
use crate::tui::update::in_view::{marked_replies, reply_in_view};
use crate::tui::update::inbox::{apply_handled, apply_snoozed, set_handled};

pub(crate) fn run(state: &mut AppState, command: Command) -> Vec<Effect> {
    match command {
        Command::Handle => handle(state),
        Command::Unhandle => {
            let ids = target_ids(state);
            let single = reply_in_view(state).filter(|_| state.org.inbox.marked.is_empty());
            let effects = set_handled(state, &ids, false);
            match single {
                Some(reply) if !ids.is_empty() => after_one(state, &reply, false),
                _ => after_bulk(state, ids.len(), false),
            }
            effects
        }
        Command::NextUnhandled => {
            jump_unhandled(state, true, false);
            Vec::new()
        }
        Command::PrevUnhandled => {
            jump_unhandled(state, false, false);
            Vec::new()
        }
        Command::ToggleHandled => {
            // Hidden → shown → only the snoozed ones → hidden.
            let inbox = &mut state.org.inbox;
            let notice = match (inbox.hide_handled, inbox.show_snoozed) {
                (true, _) => {
                    (inbox.hide_handled, inbox.show_snoozed) = (false, false);
                    "Handled replies shown (✓)."
                }
                (false, false) => {
                    inbox.show_snoozed = true;
                    "Only snoozed replies, until their day (b then 0 wakes one)."
                }
                (false, true) => {
                    (inbox.hide_handled, inbox.show_snoozed) = (true, false);
                    "Handled and snoozed replies hidden."
                }
            };
            let search = keep_inbox_rows(state);
            state.transient.notice = Some(notice.into());
            search.into_iter().collect()
        }
        Command::Snooze => {
            super::snooze::open_prompt(state);
            Vec::new()
        }
        Command::MarkRow => {
            if let Some(id) = state.panes.exchanges.list.selected_id()
                && !state.org.inbox.marked.remove(&id)
            {
                state.org.inbox.marked.insert(id);
            }
            let page = list_rows(state);
            state.panes.exchanges.list.move_by(1);
            state.panes.exchanges.list.scroll_into_view(page);
            Vec::new()
        }
        Command::MarkRange => {
            mark_range(state);
            Vec::new()
        }
        Command::Undo => undo(state),
        Command::ShowCategory(shelf) => {
            state.org.inbox.shelf = shelf.into();
            keep_inbox_rows(state).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// The marked replies, else the one in view.
fn target_ids(state: &AppState) -> Vec<i64> {
    let marked = marked_replies(state);
    if marked.is_empty() {
        reply_in_view(state).map(|reply| vec![reply.id]).unwrap_or_default()
    } else {
        marked.iter().map(|reply| reply.id).collect()
    }
}

/// `e`: with marked rows, asks first naming how many; else marks the reply in view handled
/// and goes on to the next unhandled one.
fn handle(state: &mut AppState) -> Vec<Effect> {
    let marked = marked_replies(state);
    if !marked.is_empty() {
        let count = marked.len();
        state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
            title: "Mark handled".into(),
            lines: vec![
                format!("Mark the {count} marked replies handled?"),
                format!(
                    "Handled is {}; {} undoes it.",
                    state.org.inbox.kept_where(),
                    state.how(Command::Undo, "z")
                ),
            ],
            warning: None,
            write: None,
            replies: marked.iter().map(|reply| reply.id).collect(),
            error: None,
            ..Confirm::default()
        })));
        return Vec::new();
    }
    let Some(reply) = reply_in_view(state) else { return Vec::new() };
    let effects = set_handled(state, &[reply.id], true);
    after_one(state, &reply, true);
    // A hidden handled row left the selection on the row after it already.
    if !state.chain_open() && state.panes.exchanges.list.selected_id() == Some(reply.id) {
        jump_unhandled(state, true, false);
    }
    effects
}

/// The bulk question was answered yes: the marked replies are handled, the marks cleared.
pub(crate) fn handled_confirmed(state: &mut AppState, ids: &[i64]) -> Vec<Effect> {
    state.transient.overlay = None;
    let effects = set_handled(state, ids, true);
    after_bulk(state, ids.len(), true);
    effects
}

/// After a triage of one reply: a toast names whose (an open chain shows no mark), and how
/// to undo it.
fn after_one(state: &mut AppState, reply: &Exchange, handled: bool) {
    let undo = state.how(Command::Undo, "z");
    let what = if handled { "marked handled" } else { "marked not handled" };
    let name = sanitize(&party_name(&reply.contact));
    state.show_toast(Tone::Success, format!("{name}'s reply {what} ({undo} undoes)."));
}

/// After a triage of several replies: the marks go, a toast says what was done.
fn after_bulk(state: &mut AppState, count: usize, handled: bool) {
    if state.org.inbox.marked.is_empty() || count == 0 {
        return;
    }
    state.org.inbox.marked.clear();
    let undo = state.how(Command::Undo, "z");
    let what = if handled { "marked handled" } else { "marked not handled" };
    state.show_toast(Tone::Success, format!("{count} replies {what} ({undo} undoes)."));
}

/// Selects the next (or previous) unhandled row; `here` counts the selected row itself.
fn jump_unhandled(state: &mut AppState, forward: bool, here: bool) {
    let page = list_rows(state);
    let items = state.org.store.exchanges.items();
    let list = &state.panes.exchanges.list;
    let order = list.order();
    let unhandled = |position: &usize| {
        order
            .get(*position)
            .and_then(|&index| items.get(index as usize))
            .is_some_and(|exchange| !state.org.inbox.is_handled(exchange))
    };
    let current = list.selected();
    let found = if forward {
        let from = if here { current } else { current + 1 };
        (from..order.len()).find(unhandled)
    } else {
        let to = if here { current + 1 } else { current };
        (0..to.min(order.len())).rev().find(unhandled)
    };
    match found {
        Some(position) => {
            let list = &mut state.panes.exchanges.list;
            list.select_position(position);
            list.scroll_into_view(page);
        }
        None => state.transient.notice = Some("No more unhandled replies that way.".into()),
    }
}

/// `V` starts a range at the selection; `V` again marks every row between.
fn mark_range(state: &mut AppState) {
    let list = &state.panes.exchanges.list;
    let Some(here) = list.selected_id() else { return };
    let Some(from) = state.org.inbox.range_from.take() else {
        state.org.inbox.range_from = Some(here);
        return range_started(state);
    };
    let items = state.org.store.exchanges.items();
    let ids: Vec<i64> =
        list.order().iter().filter_map(|&i| items.get(i as usize)).map(|e| e.id).collect();
    let between = between(&ids, &from, &here);
    if between.is_empty() {
        return;
    }
    state.org.inbox.marked.extend(between);
    state.transient.notice = Some(format!("{} rows marked.", state.org.inbox.marked.len()));
}

/// `z`: the last triage undone, each reply back to what it was.
fn undo(state: &mut AppState) -> Vec<Effect> {
    let Some(triage) = state.org.inbox.last_triage.take() else {
        state.transient.notice = Some("Nothing to undo.".into());
        return Vec::new();
    };
    let effects = match triage.before {
        Before::Handled(flags) => apply_handled(state, flags),
        Before::Snoozed(snoozes) => apply_snoozed(state, snoozes),
    };
    state.show_toast(Tone::Success, format!("Undone: {}.", triage.what));
    effects
}
