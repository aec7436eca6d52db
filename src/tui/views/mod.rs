//! Drawing: a pure function of the state. One file per pane; the frame around them (tabs,
//! status bar, overlays) is put together here.

mod bots;
mod campaigns;
mod chain;
mod contacts;
mod exchanges;
mod failures;
mod group;
mod group_bots;
mod group_campaigns;
mod group_contacts;
mod group_inbox;
mod group_meetings;
mod login;
mod meetings;
mod merged;
mod overview;
mod overview_inbox;
mod pane;
mod preview;
mod range;
mod trail;
mod waiting;

use crate::clock::age;
use crate::tui::layout::areas;
use crate::tui::model::Pane;
use crate::tui::pane_layout::{View, split};
use crate::tui::resource::{current_loaded_at, help_view, loading_labels};
use crate::tui::state::{AppState, Connection, Overlay};
use crate::tui::widgets::status_bar::{GroupWords, StatusBar};
use crate::tui::widgets::{confirm, form, help, palette, status_bar, tabs, toast};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};

/// Draws the whole screen.
pub fn render(frame: &mut Frame, state: &AppState) {
    let regions = areas(frame.area(), state.transient.filtering);
    tabs::render(frame, regions.tabs, state.panes.pane, state.new_replies(), &state.env.theme);
    let login_form_open =
        matches!(&state.transient.overlay, Some(Overlay::Form(f)) if f.is_login());
    match &state.server.connection {
        Connection::Ready(_) => render_pane(frame, regions.body, state),
        // The login form says it all; the advice beneath shows when it is closed.
        _ if login_form_open => {}
        // A group's lines are read apart from the organisation the panes connect to: they
        // show while it connects or fails (its own line says so too).
        _ if state.group_lines_shown() => group::render(frame, regions.body, state),
        // So do its merged lists: each organisation's rows are read with its own key.
        _ if state.group.merges(state.panes.pane) => render_pane(frame, regions.body, state),
        other => login::render(frame, regions.body, state, other),
    }
    if let Some(area) = regions.input {
        render_filter_input(frame, area, state);
    }
    status_bar::render(frame, regions.status, &status_bar_view(state));
    let covered = match &state.transient.overlay {
        Some(Overlay::Help { scroll }) => {
            Some(help::render(frame, regions.body, &help_view(state), *scroll))
        }
        Some(Overlay::Palette(p)) => {
            Some(palette::render(frame, regions.body, p, &state.env.theme))
        }
        Some(Overlay::Form(f)) => {
            Some(form::render(frame, regions.body, f, &state.env.theme, sending(state).as_deref()))
        }
        Some(Overlay::Confirm(c)) => Some(confirm::render(
            frame,
            regions.body,
            c,
            &state.env.theme,
            sending(state).as_deref(),
        )),
        Some(Overlay::Snooze(prompt)) => {
            Some(crate::tui::widgets::snooze::render(frame, regions.body, prompt, &state.env.theme))
        }
        Some(Overlay::Assign(picker)) => {
            Some(crate::tui::widgets::assign::render(frame, regions.body, picker, &state.env.theme))
        }
        Some(Overlay::Brief(view)) => {
            Some(crate::tui::widgets::brief::render(frame, regions.body, view, &state.env.theme))
        }
        None => None,
    };
    if let Some(note) = &state.transient.toast {
        // Never over what the user is typing into or reading: it shows once that closes.
        toast::render(frame, regions.body, note, &state.env.theme, covered);
    }
    underlay(frame.buffer_mut(), state.env.theme.text);
}

/// A theme whose text has colours of its own (high contrast) puts them wherever the
/// terminal's own would show, overlays and cleared cells too; the others leave the
/// terminal's.
fn underlay(buffer: &mut ratatui::buffer::Buffer, text: ratatui::style::Style) {
    use ratatui::style::Color;
    if text.fg.is_none() && text.bg.is_none() {
        return;
    }
    for cell in &mut buffer.content {
        if let Some(bg) = text.bg.filter(|_| cell.bg == Color::Reset) {
            cell.bg = bg;
        }
        if let Some(fg) = text.fg.filter(|_| cell.fg == Color::Reset) {
            cell.fg = fg;
        }
    }
}

/// What the status bar shows: who, how fresh the pane's data is, what loads, what failed.
fn status_bar_view(state: &AppState) -> StatusBar<'_> {
    StatusBar {
        connection: &state.server.connection,
        age: current_loaded_at(state).map(|at| age(at, state.env.now)),
        loading: loading_labels(state),
        error: failures::status_line(state),
        notice: state.transient.notice.as_deref(),
        filtering: state.transient.filtering,
        team: team_words(state),
        group: group_words(state),
        place_hints: trail::hints(state),
        keymap: &state.env.keymap,
        theme: &state.env.theme,
    }
}

/// The group on screen: all of it, or the organisation it is narrowed to.
fn group_words(state: &AppState) -> Option<GroupWords> {
    let group = &state.group;
    if !group.is_group() {
        return None;
    }
    Some(match &group.narrowed {
        None => GroupWords::Showing { words: group.counted(), short: group.counted_short() },
        Some(org) => {
            GroupWords::Narrowed { group: group.title(), org: crate::text::sanitize(org.profile()) }
        }
    })
}

/// "team store offline · 3 marks waiting" while the team store does not answer; nothing
/// while it does.
fn team_words(state: &AppState) -> Option<String> {
    let team = state.org.inbox.team.as_ref()?;
    if team.health.away.is_none() {
        // Answers, but cannot be used yet: the reason says what to run.
        return team.health.unusable.as_ref().map(|why| crate::text::sanitize(why));
    }
    let waiting = team.health.waiting;
    Some(match waiting {
        0 => "team store offline".to_string(),
        n => format!("team store offline · {} waiting", crate::text::count(n, "mark", "marks")),
    })
}

/// The spinner and progress of the write in flight, if any.
fn sending(state: &AppState) -> Option<String> {
    state.transient.submission.as_ref().map(|submission| submission.status(state.transient.spinner))
}

fn render_pane(frame: &mut Frame, area: Rect, state: &AppState) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let layout = state.pane_layout();
    let (main, beside) = split(area, layout.preview.map(|(place, _)| place));
    match layout.main {
        View::Tiles if state.group.showing() => group::render(frame, main, state),
        View::Tiles => overview::render(frame, main, state),
        View::Chain => {
            if let Some(view) = &state.panes.chain {
                chain::render(frame, main, state, view);
            }
        }
        View::List(pane) | View::Detail(pane) => match pane {
            Pane::Overview => overview::render(frame, main, state),
            Pane::Campaigns if state.group.merges(pane) => {
                group_campaigns::render(frame, main, state);
            }
            Pane::Campaigns => campaigns::render(frame, main, state),
            Pane::Exchanges if state.group.merges(pane) => group_inbox::render(frame, main, state),
            Pane::Exchanges => exchanges::render(frame, main, state),
            Pane::Meetings if state.group.merges(pane) => {
                group_meetings::render(frame, main, state)
            }
            Pane::Meetings => meetings::render(frame, main, state),
            Pane::Bots if state.group.merges(pane) => group_bots::render(frame, main, state),
            Pane::Contacts if state.group.merges(pane) => {
                group_contacts::render(frame, main, state)
            }
            Pane::Bots => bots::render(frame, main, state),
            Pane::Contacts => contacts::render(frame, main, state),
        },
    }
    if let (Some(area), Some((_, view))) = (beside, layout.preview) {
        preview::render(frame, area, state, view);
    }
}

fn render_filter_input(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.env.theme;
    let line = Line::from(vec![
        Span::styled("/", theme.key),
        Span::raw(state.transient.filter_input.value().to_string()),
    ]);
    frame.render_widget(line, area);
    let x = area.x + 1 + state.transient.filter_input.cursor_chars() as u16;
    frame.set_cursor_position(Position { x: x.min(area.right().saturating_sub(1)), y: area.y });
}
