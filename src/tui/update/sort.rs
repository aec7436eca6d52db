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
use crate::tui::sorts::{Sorts, SortsJob};
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

/// After `current`: its other direction, else the next column ascending; `None` after the
/// last column descending (the server's order).
fn next(names: &[String], current: Option<&SortBy>) -> Option<SortBy> {
    let at = current.and_then(|sort| names.iter().position(|name| *name == sort.name));
    let ascending = |name: &String| SortBy { name: name.clone(), descending: false };
    match (current, at) {
        (Some(sort), Some(_)) if !sort.descending => {
            Some(SortBy { name: sort.name.clone(), descending: true })
        }
        (_, Some(at)) => names.get(at + 1).map(ascending),
        (_, None) => names.first().map(ascending),
    }
}

/// `:sort age`, `:sort age desc`, `:sort age:desc`; `:sort` or `:sort off`: the server's
/// order. An unknown name is answered with the names there are.
pub(super) fn from_palette(state: &mut AppState, words: &str) -> Result<Vec<Effect>, String> {
    let pane = state.panes.pane;
    let names = names(state, pane);
    if names.is_empty() {
        return Err("This pane has no list to sort.".into());
    }
    let words = words.trim();
    let sort = match words.split_whitespace().collect::<Vec<_>>().as_slice() {
        [] | ["off"] => None,
        [name] => Some(SortBy::parse(name)),
        [name, direction @ ("asc" | "desc")] => Some(SortBy::parse(&format!("{name}:{direction}"))),
        _ => return Err(format!("sort NAME [asc|desc]; NAME one of: {}", names.join(", "))),
    };
    if let Some(sort) = &sort
        && !names.contains(&sort.name)
    {
        return Err(format!("No column '{}' here; one of: {}", sort.name, names.join(", ")));
    }
    say(state, sort.as_ref());
    Ok(choose_and_keep(state, pane, sort))
}

/// What the list is sorted by now, for the status bar.
fn say(state: &mut AppState, sort: Option<&SortBy>) {
    state.transient.notice = Some(match sort {
        Some(sort) => format!("Sorted by {} {}", sort.name, sort.arrow()),
        None => "In the server's order".into(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_goes_up_down_then_on_and_back_to_none() {
        let names = ["name".to_string(), "age".to_string()];
        let mut seen = Vec::new();
        let mut sort = None;
        for _ in 0..5 {
            sort = next(&names, sort.as_ref());
            seen.push(sort.as_ref().map(SortBy::words));
        }
        let words = ["name:asc", "name:desc", "age:asc", "age:desc"].map(|w| Some(w.to_string()));
        assert_eq!(seen[..4], words);
        assert_eq!(seen[4], None, "after the last: the server's order");
    }
}
