//! Bots (endpoint 8), by health: those needing attention first, then ending, healthy and
//! retired, each group in the server's order.

use crate::api::{ApiError, Bot, Client, Items, Listed};
use crate::present::{self, columns};
use crate::tui::action::Effect;
use crate::tui::model::{Pane, Slot};
use crate::bots::standing;
use crate::tui::remote::{Remote, sorted};
use crate::tui::resource::shape::{ListResource, PaneList, pane_state};
use crate::tui::resource::rows::reindex_list;
use crate::text::sanitize;
use crate::tui::details;
use crate::tui::jumps::{Focus, Related};
use crate::tui::detail_line::DetailLine;
use crate::tui::state::AppState;

pub struct Bots;

impl ListResource for Bots {
    type Item = Bot;
    type Query = ();
    const SLOT: Slot = Slot::Bots;

    fn query(_: &AppState) -> Option<()> {
        Some(())
    }

    fn remote(state: &AppState) -> Option<&Remote<Bot>> {
        Some(&state.org.store.bots)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Bot>> {
        Some(&mut state.org.store.bots)
    }

    async fn fetch(client: &Client, _: &()) -> Result<Listed<Bot>, ApiError> {
        client.list_bots().await
    }

    fn order(items: Items<Bot>) -> Items<Bot> {
        sorted(items, |a, b| standing(a).cmp(&standing(b)))
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        reindex_list::<Self>(state)
    }
}

impl PaneList for Bots {
    const PANE: Pane = Pane::Bots;
    fn columns() -> Vec<present::Column<Bot>> {
        columns::bots::screen()
    }

    fn id(bot: &Bot) -> i64 {
        bot.id
    }

    pane_state!(bots);

    fn detail_lines(bot: &Bot, state: &AppState) -> Option<Vec<DetailLine>> {
        Some(details::bot::detail_lines(bot, state))
    }

    fn copied(bot: &Bot) -> (&'static str, String) {
        ("address", sanitize(&bot.email))
    }

    /// The replies to its e-mails in the inbox.
    fn related(bot: &Bot) -> Option<Related> {
        let name = crate::present::names::name_or_email(&bot.first_name, &bot.last_name, &bot.email);
        Some(Related::Replies(Focus::Bot { id: bot.id, name: sanitize(&name) }))
    }
    const LEADS_TO: Option<&'static str> = Some("replies");
}
