//! `:view NAME`: a saved view of the config file applied — its pane, and on the Exchanges
//! pane its categories, campaign or bot, first day and handled replies, then its filter
//! text and sort. Landing on the inbox is a jump, so `Esc` goes back to where the user was.
//! A view naming a campaign or bot that is gone says so rather than showing an empty list.

use crate::api::{ExchangeGroup, ExchangeQuery};
use crate::config::{Handled, View, names_item};
use crate::inbox::Category;
use crate::tui::action::Effect;
use crate::tui::jumps::Focus;
use crate::tui::model::{Connection, Pane, Shelf, Shelves};
use crate::tui::resource::keep_inbox_rows;
use crate::tui::state::AppState;
use crate::tui::update::{jumps, navigate, sort};

/// The view named in the palette, applied; an unknown name lists the views there are.
pub(super) fn from_palette(state: &mut AppState, name: &str) -> Result<Vec<Effect>, String> {
    if name.trim().is_empty() {
        let views = state.env.views.for_profile(profile(state));
        let names: Vec<&str> = views.iter().map(|view| view.name.as_str()).collect();
        return Err(if names.is_empty() {
            "No view is defined: add a [[views]] table to the config file.".into()
        } else {
            format!("view NAME; the views are: {}.", names.join(", "))
        });
    }
    let view = state.env.views.find(profile(state), name)?.clone();
    Ok(apply(state, &view))
}

/// A view's own key: the view of that name for the connected profile (a key of another
/// profile's view says there is none here).
pub(super) fn by_key(state: &mut AppState, place: u8) -> Vec<Effect> {
    let keyed = state.env.views.keyed();
    let Some(name) = keyed.get(usize::from(place)).map(|(name, _)| name.to_string()) else {
        return Vec::new();
    };
    match from_palette(state, &name) {
        Ok(effects) => effects,
        Err(problem) => {
            state.transient.notice = Some(problem);
            Vec::new()
        }
    }
}

/// The profile whose views apply: the connected one.
fn profile(state: &AppState) -> Option<&str> {
    match &state.server.connection {
        Connection::Ready(info) => Some(info.profile.as_str()),
        _ => None,
    }
}

/// Applies `view`, or says in the status bar why it cannot (nothing changes then).
fn apply(state: &mut AppState, view: &View) -> Vec<Effect> {
    let pane = view.pane.as_deref().and_then(Pane::parse).unwrap_or(Pane::Exchanges);
    let mut effects = if pane == Pane::Exchanges {
        match to_inbox(state, view) {
            Ok(effects) => effects,
            Err(problem) => {
                state.transient.notice = Some(format!("view '{}': {problem}", view.name));
                return Vec::new();
            }
        }
    } else {
        navigate::go_to(state, pane)
    };
    let mut notes = Vec::new();
    if let Some(text) = &view.filter {
        effects.extend(navigate::set_filter(state, text));
    }
    if let Some(words) = &view.sort {
        match sort::from_palette(state, words) {
            Ok(sorted) => effects.extend(sorted),
            Err(problem) => notes.push(format!("sort: {problem}")),
        }
    }
    state.panes.jumps.here = Some(state.spot());
    let said = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) };
    state.transient.notice = Some(format!("View '{}'{said}.", view.name));
    effects
}

/// The inbox as the view says, as a jump; a campaign or bot that is not in the loaded lists,
/// or a day that cannot be read, is the error.
fn to_inbox(state: &mut AppState, view: &View) -> Result<Vec<Effect>, String> {
    let campaign = match &view.campaign {
        Some(wanted) => Some(campaign(state, wanted)?),
        None => None,
    };
    let bot = match &view.bot {
        Some(wanted) => Some(bot(state, wanted)?),
        None => None,
    };
    let start_date = match &view.since {
        Some(day) => {
            let today = state.env.zone.date(state.env.now);
            Some(crate::clock::days::parse_day(day, today).map_err(|e| format!("since: {e}"))?)
        }
        None => None,
    };
    let query = ExchangeQuery {
        campaign_id: campaign.as_ref().map(|(id, _)| *id),
        start_date,
        group: Some(ExchangeGroup::Replied),
        ..ExchangeQuery::default()
    };
    let focus = match (bot, campaign) {
        (Some((id, name)), _) => Some(Focus::Bot { id, name }),
        (None, Some((id, name))) => Some(Focus::Campaign { id, name }),
        (None, None) => None,
    };
    let mut effects = jumps::to_view(state, query, focus);
    let inbox = &mut state.org.inbox;
    inbox.shelf = Shelves::only(
        view.categories.iter().filter_map(|word| Category::parse(word)).map(|c| Shelf::of(&c)),
    );
    inbox.hide_handled = view.handled != Some(Handled::Shown);
    inbox.show_snoozed = false;
    effects.extend(keep_inbox_rows(state));
    Ok(effects)
}

/// The campaign a view names, by id (`12`, `#12`) or name, among those loaded.
fn campaign(state: &AppState, wanted: &str) -> Result<(i64, String), String> {
    let remote = &state.org.store.campaigns;
    let found = remote.items().iter().find(|campaign| {
        names_item(wanted, campaign.id, std::slice::from_ref(&campaign.name.as_str()))
    });
    match found {
        Some(campaign) => Ok((campaign.id, crate::text::sanitize(&campaign.name))),
        None => Err(gone("campaign", "campaigns", wanted, remote.loaded_at().is_some())),
    }
}

/// The bot a view names, by id, name or address, among those loaded.
fn bot(state: &AppState, wanted: &str) -> Result<(i64, String), String> {
    let remote = &state.org.store.bots;
    let found = remote.items().iter().find_map(|bot| {
        let name =
            crate::present::names::name_or_email(&bot.first_name, &bot.last_name, &bot.email);
        names_item(wanted, bot.id, &[name.as_str(), bot.email.as_str()]).then_some((bot.id, name))
    });
    match found {
        Some((id, name)) => Ok((id, crate::text::sanitize(&name))),
        None => Err(gone("bot", "bots", wanted, remote.loaded_at().is_some())),
    }
}

/// Why a named campaign or bot is not there: gone, or its list not loaded yet.
fn gone(what: &str, list: &str, wanted: &str, loaded: bool) -> String {
    if loaded {
        format!("{}.", crate::config::gone(what, wanted))
    } else {
        let wanted = crate::text::sanitize(wanted);
        format!("the {list} are not loaded yet to find {what} '{wanted}'; try again in a moment.")
    }
}
