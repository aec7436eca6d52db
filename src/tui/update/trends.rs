//! The trends of the Campaigns and Bots lists: asked for the rows in view once the range's
//! replies are in (again after a reload, a new day, a scroll to rows not counted yet), kept
//! when counted; and the open campaign's replies by hour, for its detail.

use crate::results::Group;
use crate::tui::action::Effect;
use crate::tui::hours::{HoursJob, HoursKey};
use crate::tui::layout::list_rows;
use crate::tui::model::Pane;
use crate::tui::state::AppState;
use crate::tui::trend::{TrendAnswer, TrendJob};
use crate::tui::watched::Watched;
use std::sync::Arc;

/// A count for the campaigns or bots in view that have none for these replies and this day.
pub(super) fn in_view(state: &mut AppState) -> Option<Effect> {
    let group = match state.panes.pane {
        Pane::Campaigns => Group::Campaign,
        Pane::Bots => Group::Bot,
        _ => return None,
    };
    if !state.showing_list() {
        return None;
    }
    let replies = Arc::clone(&state.org.store.range_replies.data.as_ref()?.items);
    let (zone, now) = (state.env.zone, state.env.now);
    let key = (Arc::as_ptr(&replies) as usize, zone.date(now));
    let day = |at: Option<crate::api::Timestamp>| at.map(|at| zone.date(at.0));
    let list = match group {
        Group::Campaign => &state.panes.campaigns.list,
        Group::Bot => &state.panes.bots.list,
    };
    let start = list.offset().min(list.order().len());
    let end = (start + list_rows(state)).min(list.order().len());
    let shown = list.order()[start..end].iter().map(|&index| index as usize);
    let store = &state.org.store;
    // The first day each existed: a campaign's creation, a bot's warm-up start.
    let rows: Vec<(i64, Option<chrono::NaiveDate>)> = match group {
        Group::Campaign => {
            let items = store.campaigns.items();
            shown.filter_map(|i| items.get(i)).map(|c| (c.id, day(c.created_at))).collect()
        }
        Group::Bot => {
            let items = store.bots.items();
            shown.filter_map(|i| items.get(i)).map(|b| (b.id, day(b.warmup_started_at))).collect()
        }
    };
    // Which rows were asked for is bookkeeping the screen does not show.
    let wanted = Watched::quietly(&mut state.org).trends.ask(key, group, rows);
    (!wanted.is_empty()).then_some(Effect::CountTrends(TrendJob {
        key,
        replies,
        zone,
        now,
        group,
        wanted,
    }))
}

/// A count of the open campaign's replies by weekday and hour, when the campaign, the
/// range, the replies or the contact list (their zones) changed since the last.
pub(super) fn open_campaign_hours(state: &mut AppState) -> Option<Effect> {
    if state.panes.pane != Pane::Campaigns {
        return None;
    }
    let campaign = state.panes.campaigns.detail?.id;
    let replies = Arc::clone(&state.org.store.range_replies.data.as_ref()?.items);
    let contacts = state.org.store.contacts.data.as_ref().map(|data| &data.items);
    let key = HoursKey {
        campaign,
        window: state.range_window(),
        replies: Arc::as_ptr(&replies) as usize,
        contacts: contacts.map_or(0, |items| Arc::as_ptr(items) as usize),
    };
    let zones = state.org.inbox.contact_zones(contacts);
    // What was asked is bookkeeping; the count's answer is what is drawn.
    if !Watched::quietly(&mut state.org).hours.ask(key) {
        return None;
    }
    let (zone, now) = (state.env.zone, state.env.now);
    Some(Effect::CountHours(HoursJob { key, replies, zones, zone, now }))
}

/// Keeps what was counted, unless the replies or the day moved on meanwhile.
pub(super) fn on_counted(state: &mut AppState, answer: TrendAnswer) {
    state.org.trends.accept(answer);
}
