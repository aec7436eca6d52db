//! The dashboard observes as `outreach watch` does (`crate::tui::observe`): the lists a
//! look needs are fetched with each refresh; once every one of them was read again, a look
//! is asked for; a failing hook and an observed state that cannot be kept are said; a bot's
//! history is read when its detail opens, and again after each look while it stays open.

use crate::session::KeySource;
use crate::tui::action::Effect;
use crate::tui::model::{Pane, Slot};
use crate::tui::observe::{HistoryJob, ObserveAnswer, ObserveJob};
use crate::tui::pane_layout::View;
use crate::tui::resource;
use crate::tui::state::{AppState, Connection};
use crate::tui::update::glance::whole_inbox;
use crate::tui::watched::Watched;
use std::sync::Arc;

/// What a look is made from: the inbox, the campaigns, the bots and every meeting.
const LISTS: [Slot; 4] = [Slot::Exchanges, Slot::Campaigns, Slot::Bots, Slot::AllMeetings];

/// Whether this dashboard observes: connected to a real profile (the demo's organisation is
/// new every run, and no watch shares it).
fn observes(state: &AppState) -> bool {
    matches!(&state.server.connection, Connection::Ready(info) if info.key_source != KeySource::Demo)
}

/// The lists a look needs, for a refresh to fetch; none when this dashboard does not observe.
pub(crate) fn slots(state: &AppState) -> Vec<Slot> {
    if observes(state) { LISTS.to_vec() } else { Vec::new() }
}

/// A look, once each list it needs was read again since the last one (and the marks are
/// known, and the inbox is the whole inbox: a narrowed list would tell replies leaving and
/// coming back). The lists, the marks and the chains go as they are held (`Arc`s): nothing
/// is gathered row by row here.
pub(crate) fn take(state: &mut AppState) -> Option<Effect> {
    let inbox = &state.org.inbox;
    if !observes(state) || state.org.observed.looking || inbox.first_use.is_none() {
        return None;
    }
    if !whole_inbox(state) {
        return None;
    }
    let scope = inbox.scope.clone()?;
    let mut at = None;
    for slot in LISTS {
        let status = resource::status(state, slot);
        if status.loading {
            return None;
        }
        let loaded = status.loaded_at?;
        at = Some(at.map_or(loaded, |at: chrono::DateTime<chrono::Utc>| at.min(loaded)));
    }
    let at = at?;
    if state.org.observed.looked.is_some_and(|looked| at <= looked) {
        return None;
    }
    let meetings = Arc::clone(&state.org.store.all_meetings.data.as_ref()?.items);
    let job = ObserveJob {
        scope,
        every: state.env.refresh_every.unwrap_or(std::time::Duration::from_secs(60)),
        org: state.org.now(meetings, at, state.env.zone)?,
    };
    // Bookkeeping the screen does not show.
    let observed = &mut Watched::quietly(&mut state.org).observed;
    observed.looked = Some(at);
    observed.looking = true;
    Some(Effect::Observe(job))
}

/// A look, a hook, a history read or the observed state's file answered.
pub(crate) fn on_answer(state: &mut AppState, answer: ObserveAnswer) -> Vec<Effect> {
    let ours = |state: &AppState, scope: &crate::local::Scope| {
        state.org.inbox.scope.as_ref() == Some(scope)
    };
    match answer {
        ObserveAnswer::Looked { scope, result, .. } => {
            if !ours(state, &scope) {
                return Vec::new();
            }
            Watched::quietly(&mut state.org).observed.looking = false;
            if let Err(error) = result {
                state.transient.notice = Some(format!(
                    "What the dashboard observes could not be kept ({}); hooks and bot history wait until it can.",
                    crate::text::sanitize(&error)
                ));
            }
            let mut effects: Vec<Effect> = take(state).into_iter().collect();
            // An open bot detail shows what this look added to its history.
            effects.extend(history_job(state));
            effects
        }
        ObserveAnswer::HookRan(outcome) => {
            // `crate::hooks` logged it, with its whole stderr.
            if let Some(failure) = outcome.failure() {
                state.transient.notice = Some(failure);
            }
            Vec::new()
        }
        ObserveAnswer::History { scope, bot, history } => {
            let asked = state.org.observed.history.as_ref().is_some_and(|(id, _)| *id == bot);
            if ours(state, &scope) && asked {
                state.org.observed.history = Some((bot, Some(history)));
            }
            Vec::new()
        }
        ObserveAnswer::Warning(warning) => {
            tracing::warn!(%warning, "observed state");
            state.transient.notice = Some(warning);
            Vec::new()
        }
    }
}

/// The bot whose detail is in view: opened, or under the cursor with the preview beside
/// the list.
fn shown_bot(state: &AppState) -> Option<i64> {
    if state.panes.pane != Pane::Bots {
        return None;
    }
    if let Some(detail) = state.panes.bots.detail {
        return Some(detail.id);
    }
    let previewed =
        state.pane_layout().preview.is_some_and(|(_, view)| view == View::Detail(Pane::Bots));
    previewed.then(|| state.panes.bots.list.selected_id()).flatten()
}

/// After any action: a bot detail just shown (opened, or previewed) asks for its history (read off the UI thread:
/// the observed state is SQLite).
pub(crate) fn bot_history(state: &mut AppState) -> Option<Effect> {
    let bot = shown_bot(state)?;
    if state.org.observed.history.as_ref().is_some_and(|(asked, _)| *asked == bot) {
        return None;
    }
    state.org.inbox.scope.as_ref()?;
    state.org.observed.history = Some((bot, None));
    history_job(state)
}

/// A read of the open bot's history, which keeps showing what it had until the answer.
fn history_job(state: &AppState) -> Option<Effect> {
    let bot = shown_bot(state)?;
    let scope = state.org.inbox.scope.clone()?;
    let (now, zone) = (state.env.now, state.env.zone);
    Some(Effect::ReadBotHistory(HistoryJob { scope, bot, now, zone }))
}
