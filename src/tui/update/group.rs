//! The group's Overview: a line per organisation read off the UI thread, the cursor on
//! them, `r` to read the line under it again, `Enter` to narrow the whole dashboard to that
//! organisation (the profile switch `P` makes), `Esc` on the Overview or `Backspace` to
//! come back to the group, and `:group NAME` to open another group of the config.

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::group::read::GroupAnswer;
use crate::tui::group::{GroupChoice, GroupState, OrgId};
use crate::tui::model::Pane;
use crate::tui::state::{AppState, Connection};
use crate::tui::update::{
    first_look, group_campaigns, group_inbox, group_lists, group_meetings, group_panes, group_rows,
    group_snippets, group_sort, jumps, navigate, needs, outside,
};
use ratatui::layout::Rect;

/// Reads the lines of every organisation of the group (none when there is no group), and
/// the sorts kept for it.
pub(crate) fn read_all(state: &mut AppState) -> Vec<Effect> {
    let all: Vec<usize> = (0..state.group.orgs.len()).collect();
    let mut effects = read(state, &all);
    effects.extend(group_sort::read(state));
    effects
}

/// Reads the lines when none was ever asked for: at start, beside the first connection (a
/// front end that did not start the dashboard asks once it is connected).
pub(crate) fn never_read(state: &mut AppState) -> Vec<Effect> {
    let asked = (state.group.orgs.iter())
        .any(|entry| entry.reading.is_some() || entry.line.is_some() || entry.error.is_some());
    if asked { Vec::new() } else { read_all(state) }
}

/// The auto-refresh while the lines show: every line not being read already, and the
/// merged agenda's meetings when it shows.
pub(crate) fn refresh(state: &mut AppState) -> Vec<Effect> {
    let idle: Vec<usize> = (state.group.orgs.iter().enumerate())
        .filter(|(_, entry)| entry.reading.is_none())
        .map(|(at, _)| at)
        .collect();
    let mut effects = read(state, &idle);
    effects.extend(group_panes::refresh(state));
    effects
}

fn read(state: &mut AppState, at: &[usize]) -> Vec<Effect> {
    group_rows::read_at(state, at)
}

/// An organisation's line came: kept when it is the read awaited.
pub(crate) fn answered(state: &mut AppState, answer: GroupAnswer) -> Vec<Effect> {
    let Some(entry) = state
        .group
        .orgs
        .iter_mut()
        .find(|entry| entry.org == answer.org && entry.reading == Some(answer.req_id))
    else {
        return Vec::new();
    };
    entry.reading = None;
    match answer.result {
        Ok(read) => {
            entry.line = Some(read.line);
            entry.read_only = read.read_only;
            entry.replies = group_snippets::carried(&entry.replies, read.replies);
            entry.campaigns = read.campaigns;
            entry.bots = read.bots;
            entry.scope = Some(read.scope);
            entry.team = read.team;
            entry.error = None;
        }
        Err(error) => {
            // Its rows leave the merged inbox: its key may be gone, and a write would fail.
            entry.replies = std::sync::Arc::from([]);
            entry.campaigns = Default::default();
            entry.bots = Default::default();
            entry.error = Some(crate::text::sanitize(&error));
        }
    }
    Vec::new()
}

/// A command on the group's lines or its merged inbox, when they show; `None` leaves it to
/// the single organisation's dashboard.
pub(crate) fn command(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    if widens(state, command) {
        return Some(widen(state));
    }
    if !state.group.showing() {
        return None;
    }
    if let Some(pane) = destination(state, command) {
        // The Overview and the panes that merge the group stay on it; another pane shows
        // the organisation connected: narrowed to it, so the way back is told and
        // `Backspace` takes it.
        if pane != Pane::Overview && !state.group.merges(pane) {
            state.group.narrowed = connected(state).map(OrgId);
            first_look::offer_to_put_old_replies_away(state);
        }
        return None;
    }
    match state.panes.pane {
        Pane::Overview => lines(state, command),
        _ => merged(state, command),
    }
}

/// A command on the merged list of the pane on screen, if it merges.
fn merged(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    match state.panes.pane {
        Pane::Exchanges => group_inbox::command(state, command),
        Pane::Campaigns => group_campaigns::command(state, command),
        Pane::Bots => group_campaigns::bots_command(state, command),
        Pane::Meetings | Pane::Contacts => group_meetings::command(state, command),
        Pane::Overview => None,
    }
}

/// A command on the Overview's lines.
fn lines(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    let last = state.group.orgs.len().saturating_sub(1);
    let cursor = state.group.cursor;
    let moved = match command {
        Command::Up | Command::PageUp | Command::HalfPageUp => cursor.saturating_sub(1),
        Command::Down | Command::PageDown | Command::HalfPageDown => (cursor + 1).min(last),
        Command::Top => 0,
        Command::Bottom => last,
        Command::Open => return Some(narrow(state)),
        Command::Refresh => return Some(read(state, &[cursor])),
        _ => return None,
    };
    state.group.cursor = moved;
    Some(Vec::new())
}

/// A line picked by its place (the line mode's `open 2`), when the lines show: the cursor
/// goes there. Whether it was taken.
pub(crate) fn pick(state: &mut AppState, at: usize) -> bool {
    if !state.group_lines_shown() {
        return false;
    }
    state.group.cursor = at.min(state.group.orgs.len().saturating_sub(1));
    true
}

/// A click on the group's lines (drawn from the top of `body`: the title, the heading,
/// then a line per organisation): it chooses a line, and on the line chosen narrows to it,
/// as a click on a list's row does; on the merged inbox, the same with its rows. `None`
/// when neither shows.
pub(crate) fn click(
    state: &mut AppState,
    body: Rect,
    (column, row): (u16, u16),
) -> Option<Vec<Effect>> {
    if state.group.merges(state.panes.pane) {
        // Only on the merged list itself: a click must not reach the list of the
        // organisation connected, which is not on screen, nor choose a row from the preview.
        let list = crate::tui::layout::pane_areas(state).0;
        let on_list = list.contains(ratatui::layout::Position { x: column, y: row });
        let chooses = on_list && !state.transient.filtering;
        if chooses && group_lists::click(state, list, row) {
            return Some(merged(state, Command::Open).unwrap_or_default());
        }
        return Some(Vec::new());
    }
    if !state.group_lines_shown() {
        return None;
    }
    let first = body.y + 2;
    let at = usize::from(row.checked_sub(first)?);
    if at >= state.group.orgs.len() {
        return Some(Vec::new());
    }
    if at == state.group.cursor {
        return Some(narrow(state));
    }
    state.group.cursor = at;
    Some(Vec::new())
}

/// The profile connected, whose data the panes show.
fn connected(state: &AppState) -> Option<String> {
    match &state.server.connection {
        Connection::Ready(info) => Some(info.profile.clone()),
        _ => None,
    }
}

/// The pane `command` leaves the current one for, if it does.
fn destination(state: &AppState, command: Command) -> Option<Pane> {
    let pane = match command {
        Command::GoTo(pane) => pane,
        Command::NextPane => state.panes.pane.cycle(1),
        Command::PrevPane => state.panes.pane.cycle(-1),
        _ => return None,
    };
    (pane != state.panes.pane).then_some(pane)
}

/// Whether `command` goes back from a narrowed organisation to the group: `Backspace` with
/// no jump to go back from, or `Esc` on the Overview with nothing open.
fn widens(state: &AppState, command: Command) -> bool {
    if state.group.narrowed.is_none() || !state.panes.jumps.is_empty() {
        return false;
    }
    match command {
        Command::JumpBack => true,
        Command::Back => {
            state.panes.pane == Pane::Overview
                && !needs::is_open(state)
                && !state.org.inbox.speed_open
                && state.transient.overlay.is_none()
        }
        _ => false,
    }
}

/// `Enter` on a line: the whole dashboard on that organisation, its profile connected as
/// `P` connects one (unless it is the one connected already).
fn narrow(state: &mut AppState) -> Vec<Effect> {
    let Some(org) = state.group.current().map(|entry| entry.org.clone()) else {
        return Vec::new();
    };
    state.group.narrowed = Some(org.clone());
    if connected(state).is_some_and(|profile| profile == org.profile()) {
        first_look::offer_to_put_old_replies_away(state);
        return navigate::go_to(state, Pane::Overview);
    }
    outside::switch_profile(state, org.profile())
}

/// Back to the group's lines, read again (the organisation may have moved meanwhile).
fn widen(state: &mut AppState) -> Vec<Effect> {
    state.group.narrowed = None;
    state.group.inbox.opening = None;
    state.group.opening = None;
    jumps::forget(state);
    let mut effects = navigate::go_to(state, Pane::Overview);
    effects.extend(read_all(state));
    effects
}

/// `:group` back to the group open, `:group NAME` to a group of the config.
pub(crate) fn from_palette(state: &mut AppState, name: &str) -> Result<Vec<Effect>, String> {
    if name.is_empty() {
        if !state.group.is_group() {
            return Err(no_group(state, "No group is open"));
        }
        return Ok(widen(state));
    }
    let Some(profiles) = state.outside.settings.groups.get(name).cloned() else {
        let shown = crate::text::sanitize(name);
        return Err(no_group(state, &format!("No group '{shown}'")));
    };
    let choice = GroupChoice {
        name: Some(name.to_string()),
        profiles,
        base_url: None,
        allow_http: state.group.choice.allow_http,
    };
    *state.group = GroupState::of(Some(choice));
    let mut effects = navigate::go_to(state, Pane::Overview);
    effects.extend(read_all(state));
    Ok(effects)
}

/// "No group 'x': the groups are a, b." or how to define one.
fn no_group(state: &AppState, said: &str) -> String {
    let groups = &state.outside.settings.groups;
    if groups.is_empty() {
        return format!(
            "{said}: the config has no [groups]; add one as clients = [\"acme\", \"globex\"], or open one with outreach --profiles acme,globex."
        );
    }
    let names: Vec<&str> = groups.keys().map(String::as_str).collect();
    format!("{said}; the groups are {}.", names.join(", "))
}
