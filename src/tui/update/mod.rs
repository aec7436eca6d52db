//! `update(&mut AppState, Action) -> Vec<Effect>`: the only place state changes. It never
//! awaits and never does I/O, so it is tested with no terminal and no network.

mod brief;
mod chains;
mod commands;
mod fetch;
mod filter;
mod first_look;
mod forms;
mod glance;
mod group;
mod group_campaigns;
mod group_dnc;
mod group_forms;
mod group_inbox;
mod group_lists;
mod group_marks;
mod group_meetings;
mod group_panes;
mod group_rows;
mod group_snippets;
mod group_sort;
mod group_team;
mod group_triage;
mod in_view;
mod inbox;
mod jumps;
mod keys;
mod loaded;
mod login;
mod mouse;
mod navigate;
mod needs;
mod observe;
mod outside;
mod overlay;
pub mod preview;
mod query;
mod saved_view;
mod search;
mod snooze;
mod sort;
mod team;
mod trends;
mod triage;

use crate::clock::age;
use crate::tui::action::{Action, Effect};
use crate::tui::resource::{current_is_loading, current_loaded_at, laid_out, silences};
use crate::tui::state::{AppState, ClockView, Connection, FrameStamp, RetryWait};
use crate::tui::watched::Watched;
use crossterm::event::KeyEventKind;

/// The last look to keep as the dashboard ends (the runner is gone by then: the caller
/// does it).
pub fn last_look_to_keep(state: &AppState) -> Option<crate::tui::brief::LastLookJob> {
    brief::to_keep(state)
}

/// Effects to run when the dashboard starts (after its first frame is drawn).
pub(crate) fn start(state: &mut AppState) -> Vec<Effect> {
    // Read first: a dashboard just made is connecting already, and its first frame says so.
    if !matches!(state.server.connection, Connection::Connecting) {
        state.server.connection = Connection::Connecting;
    }
    let mut effects = vec![Effect::Connect];
    effects.extend(group::never_read(state));
    effects
}

/// Applies one action and says what the loop must do next: every effect leaves here, in
/// the returned list (none travels in the state). Whether a frame is due is not its to say:
/// see [`needs_frame`].
pub fn update(state: &mut AppState, action: Action) -> Vec<Effect> {
    let chain_read = matches!(action, Action::SnippetRead { .. } | Action::ChainsRead { .. });
    let mut effects = apply(state, action);
    effects.extend(preview::follow(state));
    // Whatever changed the chain's data, width or folding asked for a layout; only the last
    // one asked is awaited, so the others would be work for nothing.
    if let Some(last) = effects.iter().rposition(|effect| matches!(effect, Effect::LayOut(_))) {
        effects = (effects.into_iter().enumerate())
            .filter(|(index, effect)| *index == last || !matches!(effect, Effect::LayOut(_)))
            .map(|(_, effect)| effect)
            .collect();
    }
    // Rows that came into view (a move, a load, a filter) want their snippets.
    effects.extend(chains::read_snippets(state));
    effects.extend(group_snippets::read_in_view(state));
    if chain_read {
        effects.extend(chains::after_reads(state));
    }
    // A bot detail that opened (a key, a jump, going back) wants its history.
    effects.extend(observe::bot_history(state));
    // Campaigns and bots that came into view want their trends.
    effects.extend(trends::in_view(state));
    // An open campaign wants its replies by hour.
    effects.extend(trends::open_campaign_hours(state));
    effects
}

fn apply(state: &mut AppState, action: Action) -> Vec<Effect> {
    match action {
        Action::Key(key) => {
            if key.kind == KeyEventKind::Release {
                return Vec::new();
            }
            brief::touched(state);
            keys::on_key(state, key)
        }
        Action::Mouse(event) => {
            if !matches!(event.kind, crossterm::event::MouseEventKind::Moved) {
                brief::touched(state);
            }
            mouse::on_mouse(state, event)
        }
        Action::Paste(text) => {
            brief::touched(state);
            keys::on_paste(state, &text).into_iter().collect()
        }
        Action::Resize { width, height } => {
            state.env.width = width;
            state.env.height = height;
            navigate::after_resize(state).into_iter().collect()
        }
        Action::Tick(now) => {
            // The time alone draws nothing: what it shows is the clock's view, compared in
            // `needs_frame`.
            Watched::quietly(&mut state.env).now = now;
            let mut effects = forms::on_tick(state);
            effects.extend(inbox::on_tick(state));
            effects.extend(chains::settle(state));
            effects.extend(preview::on_tick(state));
            effects.extend(inbox::reread_marks(state, false));
            effects
        }
        Action::AutoRefresh if state.group.showing() => group::refresh(state),
        Action::AutoRefresh => {
            if matches!(state.server.connection, Connection::Ready(_)) && !current_is_loading(state)
            {
                let mut effects = fetch::refresh_with_inbox(state);
                effects.extend(inbox::reread_marks(state, true));
                return effects;
            }
            Vec::new()
        }
        Action::SnippetRead { job, result } => chains::on_snippet(state, job, result),
        Action::ChainRead { exchange_id, updated_at, chain } => {
            preview::keep_read(state, exchange_id, updated_at, chain);
            Vec::new()
        }
        Action::DncChecked { scope, result } => inbox::on_dnc_checked(state, &scope, result),
        Action::ChainsRead { scope, read } => chains::on_chains_read(state, &scope, read),
        Action::ChainsRecalled { scope, facts } => chains::on_recalled(state, &scope, facts),
        Action::GroupRead(answer) => group::answered(state, answer),
        Action::GroupListRead(answer) => group_panes::answered(state, answer),
        Action::ContactsFound(found) => {
            group_panes::found(state, found);
            Vec::new()
        }
        Action::GroupSnippetRead { org, job, result } => {
            group_snippets::on_read(state, org, job, result)
        }
        Action::Local(answer) => inbox::on_local(state, answer),
        Action::Observed(answer) => observe::on_answer(state, answer),
        Action::Team(answer) => team::on_answer(state, answer),
        Action::Connected(result) => {
            outside::switch_landed(state);
            let mut effects = fetch::on_connected(state, result);
            effects.extend(brief::on_connected(state));
            effects.extend(sort::on_connected(state));
            effects.extend(group::never_read(state));
            effects
        }
        Action::Loaded(answer) => match chains::count_before_shown(state, &answer) {
            Some(effect) => vec![effect],
            None => loaded::loaded(state, &*answer, None),
        },
        Action::SortsRead { profile, sorts } => {
            match group_sort::on_read(state, &profile, &sorts) {
                Some(effects) => effects,
                None => sort::on_read(state, &profile, sorts),
            }
        }
        Action::LastLook { scope, found } => brief::on_found(state, &scope, found),
        Action::LoggedIn(result) => login::on_logged_in(state, result),
        Action::Command(command) => {
            said_again(state);
            commands::run(state, command)
        }
        Action::Intent(intent) => {
            brief::touched(state);
            said_again(state);
            match outside::before_intent(state, &intent) {
                Some(effects) => effects,
                None => overlay::on_intent(state, intent),
            }
        }
        Action::Line(line) => {
            brief::touched(state);
            said_again(state);
            overlay::run_line(state, &line)
        }
        Action::Written { req_id, result } => forms::on_written(state, req_id, result),
        Action::WriteProgress { req_id, sent, total } => {
            forms::on_progress(state, req_id, sent, total);
            Vec::new()
        }
        Action::Spin => {
            forms::on_spin(state);
            Vec::new()
        }
        Action::LaidOut { req_id, layout } => {
            if laid_out(state, req_id, layout) {
                navigate::scroll_text(state, 0);
            }
            Vec::new()
        }
        Action::Outside(done) => outside::on_done(state, done),
        Action::Searched(work) => search::on_searched(state, work).into_iter().collect(),
        Action::Counted { census, loaded } => chains::on_counted(state, census, loaded),
        Action::ResultsCounted(counted) => crate::tui::resource::take_results(state, &counted),
        Action::Trended(answer) => {
            trends::on_counted(state, answer);
            Vec::new()
        }
        Action::HoursCounted(answer) => {
            state.org.hours.accept(*answer);
            Vec::new()
        }
        Action::Waiting { slot, req_id, reason, until } => {
            state.server.retries.retain(|wait| wait.slot != slot);
            state.server.retries.push(RetryWait { slot, req_id, reason, until });
            Vec::new()
        }
    }
}

/// A remark goes with the next thing the user says, as with the next key (read first: an
/// answer that does nothing draws nothing).
fn said_again(state: &mut AppState) {
    if state.transient.notice.is_some() {
        state.transient.notice = None;
    }
}

/// Whether the screen must be drawn: the one place that decides it. A frame is due when a
/// shown part of the state was written since the last frame (its generation moved: see
/// [`crate::tui::watched`]) or when the clock's view changed (an age, the date, a
/// countdown). Nothing else asks for frames, so no change can forget to.
pub fn needs_frame(state: &AppState) -> bool {
    state.drawn.as_ref() != Some(&stamp(state))
}

/// Notes that a frame showing the state as it is now was drawn.
pub fn frame_drawn(state: &mut AppState) {
    state.drawn = Some(stamp(state));
}

fn stamp(state: &AppState) -> FrameStamp {
    FrameStamp { generation: state.generation(), clock: clock_view(state) }
}

/// What the clock shows: the age of the current pane's data, today's date, the seconds
/// left of any retry wait, how long unanswered requests have been silent, and the minute
/// while the Needs you panel shows ages.
fn clock_view(state: &AppState) -> ClockView {
    let now = state.env.now;
    let waits = state.server.retries.iter().map(|wait| (wait.until - now).num_seconds()).collect();
    ClockView {
        age: current_loaded_at(state).map(|at| age(at, now)),
        today: state.env.zone.date(now),
        waits,
        silences: silences(state),
        minute: crate::tui::update::needs::is_open(state).then(|| now.timestamp() / 60),
    }
}
