//! What each command does, wherever it came from (a key, a click, the palette).

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::input::TextInput;
use crate::tui::model::Slot;
use crate::tui::state::{AppState, Overlay, Palette};
use crate::tui::update::fetch::refresh_current;
use crate::tui::update::first_look;
use crate::tui::update::forms;
use crate::tui::update::jumps;
use crate::tui::update::login::open_login_form;
use crate::tui::update::navigate;
use crate::tui::update::needs;
use crate::tui::update::outside;
use crate::tui::update::query::open_query_form;
use crate::tui::update::team;
use crate::tui::update::triage;

/// Said when a filter is asked of a pane without a list.
pub(crate) const NO_LIST_TO_FILTER: &str = "This pane has no list to filter.";

pub(crate) fn run(state: &mut AppState, command: Command) -> Vec<Effect> {
    if let Some(effects) = super::group::command(state, command) {
        return effects;
    }
    match command {
        Command::Up
        | Command::Down
        | Command::Left
        | Command::Right
        | Command::Top
        | Command::Bottom
        | Command::PageUp
        | Command::PageDown
        | Command::HalfPageUp
        | Command::HalfPageDown => {
            if needs::is_open(state) {
                needs::movement(state, command);
            } else {
                navigate::movement(state, command);
            }
            Vec::new()
        }
        Command::Open if needs::is_open(state) => needs::go(state),
        Command::Open => navigate::open(state),
        Command::Back => leave(state, jumps::back),
        Command::JumpBack => leave(state, jumps::go_back),
        Command::Jump => jumps::jump(state),
        Command::Filter => {
            if state.showing_list() {
                let current =
                    state.current_list().map(|l| l.filter().to_string()).unwrap_or_default();
                state.transient.filter_input = TextInput::new(&current);
                state.transient.filtering = true;
            } else {
                state.transient.notice = Some(NO_LIST_TO_FILTER.into());
            }
            Vec::new()
        }
        Command::Refresh => {
            crate::tui::resource::let_go_before_reading_again(state);
            // The marks too: another process may have set some.
            let mut effects = refresh_current(state);
            effects.extend(super::inbox::reread_marks(state, true));
            effects
        }
        Command::Login => {
            open_login_form(state);
            Vec::new()
        }
        Command::Help => {
            state.transient.overlay = Some(Overlay::Help { scroll: 0 });
            Vec::new()
        }
        Command::Palette => {
            state.transient.overlay = Some(Overlay::Palette(Palette::default()));
            Vec::new()
        }
        // As in less and mail readers: `q` closes what is open, and quits from the top.
        Command::Quit => {
            let mut closed = false;
            let effects = leave(state, |state| {
                closed = navigate::close_view(state);
                Vec::new()
            });
            if closed { effects } else { vec![Effect::Quit] }
        }
        Command::GoTo(pane) => navigate::go_to(state, pane),
        Command::ApplyView(place) => super::saved_view::by_key(state, place),
        Command::NextPane => navigate::go_to(state, state.panes.pane.cycle(1)),
        Command::PrevPane => navigate::go_to(state, state.panes.pane.cycle(-1)),
        Command::EditQuery => {
            open_query_form(state);
            Vec::new()
        }
        Command::ToggleQuotes => navigate::toggle_quotes(state).into_iter().collect(),
        Command::NextMessage => {
            navigate::jump_message(state, true);
            Vec::new()
        }
        Command::PrevMessage => {
            navigate::jump_message(state, false);
            Vec::new()
        }
        Command::StartCampaign
        | Command::AddContact
        | Command::UploadContact
        | Command::AddDnc
        | Command::AddDncDomain
        | Command::LogConversion => forms::open(state, command),
        Command::Copy => outside::copy(state),
        Command::OpenLink => outside::open(state),
        Command::Pipe => outside::page(state),
        Command::SwitchProfile => outside::next_profile(state),
        Command::CycleRange => cycle_range(state),
        Command::CycleSort => super::sort::cycle(state),
        Command::TogglePreview => super::preview::toggle(state),
        Command::Handle
        | Command::Unhandle
        | Command::NextUnhandled
        | Command::PrevUnhandled
        | Command::ToggleHandled
        | Command::MarkRow
        | Command::MarkRange
        | Command::Undo
        | Command::Snooze
        | Command::ShowCategory(_) => triage::run(state, command),
        Command::NeedsYou => navigate::open_needs(state),
        Command::HonourOptOut => needs::honour_opt_outs(state, false),
        Command::HonourOptOuts => needs::honour_opt_outs(state, true),
        Command::PutOldRepliesAway => first_look::put_old_replies_away(state),
        Command::Assign => {
            team::open_picker(state);
            Vec::new()
        }
        Command::AssignToMe => team::assign_to_me(state),
        Command::CycleWhose => team::cycle_whose(state),
    }
}

/// Runs `step` (which may close the chain); a chain closed while loading has its request
/// cancelled, its answer no longer wanted.
fn leave(state: &mut AppState, step: impl FnOnce(&mut AppState) -> Vec<Effect>) -> Vec<Effect> {
    let chain_loading = state.panes.chain.as_ref().is_some_and(|c| c.remote.is_loading());
    let mut effects = step(state);
    if chain_loading && state.panes.chain.is_none() {
        effects.push(Effect::Cancel(Slot::Chain));
    }
    effects
}

/// The next results range; its replies and meetings are fetched again (the old numbers stay
/// until they come, the titles saying they load).
fn cycle_range(state: &mut AppState) -> Vec<Effect> {
    state.panes.range_days = crate::results::next_range(state.panes.range_days);
    [Slot::RangeReplies, Slot::RangeMeetings]
        .into_iter()
        .filter_map(|slot| crate::tui::update::fetch::fetch(state, slot))
        .collect()
}
