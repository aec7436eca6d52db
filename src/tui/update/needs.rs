//! The "Needs you" list on the Overview: moving in it, going to what an item is about, and
//! honouring opt-outs (one, or all listed, in one confirmed write).

use crate::needs::{Kind, Need, Subject};
use crate::text::{count, sanitize};
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::layout::list_rows;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Tone};
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::forms::organisation;

/// How many addresses a do-not-contact question names before "and N more".
const NAMED_ADDRESSES: usize = 3;

pub(crate) use crate::tui::update::in_view::needs_open as is_open;
use crate::tui::update::in_view::selected_need as selected;

/// Moves the selection of the open list.
pub(crate) fn movement(state: &mut AppState, command: Command) {
    let len = state.org.needs(state.env.now, state.env.zone).len();
    let page = list_rows(state).max(1) as isize;
    let row = state.panes.needs_row.min(len.saturating_sub(1)) as isize;
    let moved = match command {
        Command::Up => row - 1,
        Command::Down => row + 1,
        Command::PageUp => row - page,
        Command::PageDown => row + page,
        Command::HalfPageUp => row - (page / 2).max(1),
        Command::HalfPageDown => row + (page / 2).max(1),
        Command::Top => 0,
        Command::Bottom => len as isize - 1,
        _ => return,
    };
    let moved = moved.clamp(0, (len as isize - 1).max(0)) as usize;
    // Reads before it writes: a key at either end draws nothing.
    if moved != state.panes.needs_row {
        state.panes.needs_row = moved;
    }
}

/// Enter: goes to what the selected item is about — a reply opens its conversation, a
/// campaign or a bot its detail — as a jump, so `Esc` comes back to the list.
pub(crate) fn go(state: &mut AppState) -> Vec<Effect> {
    let Some(need) = selected(state) else { return Vec::new() };
    let what = format!("'{}'", sanitize(&need.task));
    crate::tui::update::jumps::to_subject(state, need.subject, what)
}

/// `d` (the selected opt-out) or `D` (every opt-out listed): asks to add the addresses to
/// do not contact, naming them and the organisation; on yes the write goes out and the
/// replies are marked handled.
pub(crate) fn honour_opt_outs(state: &mut AppState, all: bool) -> Vec<Effect> {
    let needs = state.org.needs(state.env.now, state.env.zone);
    let chosen: Vec<Need> = if all {
        needs.iter().filter(|need| need.kind == Kind::OptOut).cloned().collect()
    } else {
        selected(state).into_iter().filter(|need| need.kind == Kind::OptOut).collect()
    };
    let mut addresses: Vec<String> = Vec::new();
    let mut replies = Vec::new();
    for need in &chosen {
        if let (Some(address), Subject::Exchange(id)) = (&need.address, need.subject) {
            if !addresses.contains(address) {
                addresses.push(address.clone());
            }
            replies.push(id);
        }
    }
    if addresses.is_empty() {
        let text = if all {
            "No opt-out waits: every contact who asked to stop is on do not contact."
        } else {
            "Only an opt-out is added to do not contact here: select one (D adds them all)."
        };
        state.show_toast(Tone::Warning, text);
        return Vec::new();
    }
    let named: Vec<String> =
        addresses.iter().take(NAMED_ADDRESSES).map(|address| sanitize(address)).collect();
    let more = addresses.len().saturating_sub(named.len());
    let listed =
        if more > 0 { format!("{} and {more} more", named.join(", ")) } else { named.join(", ") };
    let today = state.env.zone.date(state.env.now);
    let due = chosen.iter().filter(|need| need.is_due(today)).count();
    let whom = if addresses.len() == 1 {
        listed.clone()
    } else {
        count(addresses.len(), "address", "addresses")
    };
    let mut lines = vec![format!("Add {whom} to do-not-contact {}?", organisation(state))];
    if addresses.len() > 1 {
        lines.push(listed);
    }
    lines.push(match (addresses.len(), due) {
        (1, 0) => "They asked to stop; the deadline has not come yet.".to_string(),
        (1, _) => "They asked to stop; the deadline has come or passed.".to_string(),
        (_, 0) => "They asked to stop; no deadline has come yet.".to_string(),
        (_, due) => format!("They asked to stop; for {due} the deadline has come or passed."),
    });
    lines.push("Their replies are marked handled once the addresses are added.".into());
    state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
        title: "Do not contact".into(),
        lines,
        warning: None,
        write: Some(WriteRequest::DncEmails(addresses)),
        replies,
        error: None,
        ..Confirm::default()
    })));
    Vec::new()
}
