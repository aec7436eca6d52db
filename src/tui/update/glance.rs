//! The dashboard's glance for the status line: once the replies and their marks are known,
//! the numbers of the Overview's inbox line are saved for `outreach status --format tmux`
//! (written by the runner, off the UI thread), once every number is counted. Only the whole inbox of a real profile: the
//! demo's organisation is new every run, and a list narrowed to a campaign or to some days
//! would undercount.

use crate::api::ExchangeGroup;
use crate::glance::Glance;
use crate::session::KeySource;
use crate::tui::action::Effect;
use crate::tui::state::{AppState, Connection};

pub(crate) fn take(state: &AppState) -> Option<Effect> {
    let Connection::Ready(info) = &state.server.connection else { return None };
    if info.key_source == KeySource::Demo {
        return None;
    }
    let inbox = &state.org.inbox;
    if !whole_inbox(state) || inbox.first_use.is_none() || inbox.whose() != Default::default() {
        return None;
    }
    state.org.store.exchanges.data.as_ref()?;
    let now = state.env.now;
    let numbers = state.org.numbers(now, state.env.zone);
    // Only what is counted: a reply whose e-mails are not read yet would put a guess on the
    // manager's status line.
    if !numbers.is_counted() {
        return None;
    }
    let glance = Glance {
        profile: info.profile.clone(),
        taken_at: now,
        every_seconds: None,
        inbox: numbers,
    };
    let glance = match state.env.refresh_every.filter(|every| !every.is_zero()) {
        Some(every) => glance.every(every.as_secs()),
        None => glance,
    };
    Some(Effect::SaveGlance(glance))
}

/// Whether the Exchanges list holds the whole reply inbox (not narrowed to a campaign or to
/// some days), as `outreach watch` and `outreach status` read it.
pub(crate) fn whole_inbox(state: &AppState) -> bool {
    let query = &state.panes.exchanges.query;
    query.campaign_id.is_none()
        && query.start_date.is_none()
        && query.end_date.is_none()
        && query.group.as_ref().is_none_or(|group| *group == ExchangeGroup::Replied)
}
