//! Choosing the order of the current pane's list: `S` cycles through its columns (each
//! ascending, then descending, then the server's order after the last), `:sort NAME [desc]`
//! names one. The status bar says what the list is sorted by, since a narrow screen may
//! leave the marked column out. The sorts are read once connected and kept at each change,
//! per profile ([`crate::tui::sorts`]); the demo keeps none.

use crate::present::sort::SortBy;
use crate::session::KeySource;
use crate::tui::action::Effect;
use crate::tui::model::Connection;
use crate::tui::resource::sort::{choose, names};
use crate::tui::sorts::{Sorts, SortsJob, next, parse, said};
use crate::tui::state::AppState;

/// The profile whose sorts are kept: the connected one, never the demo's.
fn profile(state: &AppState) -> Option<String> {
    let Connection::Ready(info) = &state.server.connection else { return None };
    (info.key_source != KeySource::Demo).then(|| info.profile.clone())
}

/// Once connected: read the profile's kept sorts.
pub(super) fn on_connected(state: &AppState) -> Option<Effect> {
    profile(state).map(|profile| Effect::Sorts(SortsJob::Read { profile }))
}

/// The kept sorts were read: each pane the user has not sorted in this session yet takes
/// its kept one (a sort read for another profile, before a switch, is dropped).
pub(super) fn on_read(state: &mut AppState, profile: &str, kept: Sorts) -> Vec<Effect> {
    if self::profile(state).as_deref() != Some(profile) {
        return Vec::new();
    }
    let mut effects = Vec::new();
    for (pane, sort) in kept.iter() {
        if state.panes.sorts.get(pane).is_none() {
            effects.extend(choose(state, pane, Some(sort.clone())));
        }
    }
    effects
}

/// Chooses the pane's sort and keeps the profile's sorts.
fn choose_and_keep(
    state: &mut AppState,
    pane: crate::tui::model::Pane,
    sort: Option<SortBy>,
) -> Vec<Effect> {
    let mut effects = choose(state, pane, sort);
    if let Some(profile) = profile(state) {
        effects.push(Effect::Sorts(SortsJob::Keep { profile, sorts: state.panes.sorts.clone() }));
    }
    effects
}

/// The next sort of the current pane's list.
pub(super) fn cycle(state: &mut AppState) -> Vec<Effect> {
    let pane = state.panes.pane;
    let names = names(state, pane);
    let next = next(&names, state.panes.sorts.get(pane));
    say(state, next.as_ref());
    choose_and_keep(state, pane, next)
}

/// `:sort age`, `:sort age desc`, `:sort age:desc`; `:sort` or `:sort off`: the server's
/// order. An unknown name is answered with the names there are. A group's merged list
/// takes its own.
pub(super) fn from_palette(state: &mut AppState, words: &str) -> Result<Vec<Effect>, String> {
    let pane = state.panes.pane;
    if state.group.merges(pane) {
        return super::group_sort::from_palette(state, words);
    }
    let sort = parse(words, &names(state, pane))?;
    say(state, sort.as_ref());
    Ok(choose_and_keep(state, pane, sort))
}

/// What the list is sorted by now, for the status bar.
fn say(state: &mut AppState, sort: Option<&SortBy>) {
    state.transient.notice = Some(said(sort, "In the server's order"));
}
