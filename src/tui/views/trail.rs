//! Where a jump came from, in the titles and hints: `Exchanges · campaign Q3 Fintech ◂
//! Campaigns` on the pane jumps land on, and where `Esc` goes from an open item.

use crate::text::{truncate, width};
use crate::tui::command::Command;
use crate::tui::resource::in_view;
use crate::tui::state::AppState;

/// Room a list title keeps beside the breadcrumb for its count (` 12 of 340`).
const COUNT_ROOM: usize = 10;

/// The pane the last jump came from, while going back leads there from here: on the pane
/// jumps land on, and wherever `Esc` returns from a jump.
pub(super) fn origin(state: &AppState) -> Option<&'static str> {
    let jump = state.panes.jumps.last()?;
    (state.on_inbox() || state.esc_returns()).then(|| jump.from.pane.title())
}

/// A list's name with what a jump narrowed it to and where it came from, cut so that a
/// title `title_width` cells wide keeps its name and count: the origin stays whole while it
/// can, the narrowing (a campaign's or a contact's name) is cut first.
pub(super) fn list_name(state: &AppState, name: &str, title_width: u16) -> String {
    let focus = state.panes.exchanges.focus.as_ref().filter(|_| state.on_inbox());
    let label = focus.map(|focus| format!(" · {}", focus.label())).unwrap_or_default();
    let tail = origin(state).map(|origin| format!(" ◂ {origin}")).unwrap_or_default();
    if label.is_empty() && tail.is_empty() {
        return name.to_string();
    }
    let room = usize::from(title_width.saturating_sub(4)).saturating_sub(width(name) + COUNT_ROOM);
    let crumb = if width(&label) + width(&tail) <= room {
        format!("{label}{tail}")
    } else if width(&tail) + 6 <= room {
        format!("{}{tail}", truncate(&label, room - width(&tail)))
    } else {
        truncate(&format!("{label}{tail}"), room)
    };
    format!("{name}{crumb}")
}

/// The `Esc` hint of a chain's or a detail's title: back from the jump, or just back.
pub(super) fn esc_hint(state: &AppState) -> String {
    match state.panes.jumps.last().filter(|_| state.esc_returns()) {
        Some(jump) => format!(" · Esc ◂ {}", jump.from.pane.title()),
        None => " · Esc back".into(),
    }
}

/// The status bar's hints for this place: where `J` leads, the way back from a jump, and
/// the preview's key where a list could have one.
pub(super) fn hints(state: &AppState) -> Vec<String> {
    let mut hints = Vec::new();
    if let Some(key) = state.env.keymap.key_for(Command::TogglePreview)
        && state.showing_list()
    {
        let preview = &state.panes.preview;
        let room = crate::tui::state::PreviewState { on: true, ..preview.clone() };
        if state.pane_layout().preview.is_some() {
            hints.push(format!("{key} hides preview"));
        } else if preview.setting != crate::config::Preview::Off
            && room.place(state.env.width, state.env.height).is_some()
        {
            hints.push(format!("{key} preview"));
        }
    }
    if let Some(leads) = in_view::leads_to(state)
        && let Some(key) = state.env.keymap.key_for(Command::Jump)
    {
        hints.push(format!("{key} {leads}"));
    }
    if let Some(origin) = origin(state) {
        let back = if state.esc_returns() { Command::Back } else { Command::JumpBack };
        if let Some(key) = state.env.keymap.key_for(back) {
            hints.push(format!("{key} ◂ {origin}"));
        }
    } else if state.group.narrowed.is_some() {
        // Narrowed to one organisation of a group: the way back to its lines.
        let on_overview = state.panes.pane == crate::tui::model::Pane::Overview;
        let back = if on_overview { Command::Back } else { Command::JumpBack };
        if let Some(key) = state.env.keymap.key_for(back) {
            hints.push(format!("{key} ◂ {}", state.group.title()));
        }
    }
    hints
}
