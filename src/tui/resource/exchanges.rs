//! Exchanges (endpoint 9) under the pane's server-side filters, most recently updated first:
//! the reply inbox, narrowed by its category and handled filters.

use crate::api::{ApiError, Client, Exchange, ExchangeQuery, Items, Listed};
use crate::present::{self, columns};
use crate::tui::action::Effect;
use crate::tui::layout::list_rows;
use crate::tui::model::{Pane, Slot};
use crate::tui::remote::{Remote, sorted};
use crate::tui::resource::shape::{ListResource, PaneList, pane_state};
use crate::tui::resource::rows::reindex_list;
use crate::api::ExchangeGroup;
use crate::text::sanitize;
use crate::tui::form::{DayRange, ExchangeQueryFields, Fields, Form};
use crate::tui::state::AppState;

pub struct Exchanges;

impl ListResource for Exchanges {
    type Item = Exchange;
    type Query = ExchangeQuery;
    const SLOT: Slot = Slot::Exchanges;

    fn query(state: &AppState) -> Option<ExchangeQuery> {
        Some(state.panes.exchanges.query.clone())
    }

    fn remote(state: &AppState) -> Option<&Remote<Exchange>> {
        Some(&state.org.store.exchanges)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Exchange>> {
        Some(&mut state.org.store.exchanges)
    }

    /// The inbox as `outreach replies` asks for it (both groups, [`crate::inbox::GROUPS`]),
    /// or the one group the pane's filters narrow it to.
    async fn fetch(client: &Client, query: &ExchangeQuery) -> Result<Listed<Exchange>, ApiError> {
        crate::inbox::fetch(client, query).await
    }

    fn order(items: Items<Exchange>) -> Items<Exchange> {
        sorted(items, |a, b| b.updated_at.cmp(&a.updated_at).then(a.id.cmp(&b.id)))
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        let mut effects = reindex_list::<Self>(state);
        effects.extend(keep_inbox_rows(state));
        effects
    }
}

/// Lists only the replies the inbox's category and handled filters let through, keeping
/// the selection on its reply when it stays (else on the next one); a large list is
/// searched off the UI thread (the effect).
pub(crate) fn keep_inbox_rows(state: &mut AppState) -> Option<Effect> {
    let focus = state.panes.exchanges.focus.as_ref();
    let list = state.org.store.exchanges.data.as_ref().map(|data| &data.items);
    let keep = state.org.inbox.kept(list, focus);
    show_kept(state, keep.as_deref())
}

/// Lists the rows `keep` keeps (all with `None`), the selection kept on its reply.
pub(crate) fn show_kept(state: &mut AppState, keep: Option<&[bool]>) -> Option<Effect> {
    let height = list_rows(state);
    let panes = &mut *state.panes;
    let list = &mut panes.exchanges.list;
    let job = list.keep_only(keep, &mut panes.engine);
    list.scroll_into_view(height);
    Effect::search(Pane::Exchanges, job)
}

impl PaneList for Exchanges {
    const PANE: Pane = Pane::Exchanges;
    fn columns() -> Vec<present::Column<Exchange>> {
        columns::exchanges::screen()
    }

    fn id(exchange: &Exchange) -> i64 {
        exchange.id
    }

    pane_state!(exchanges, list only);

    /// The exchange of the open chain, else the one selected.
    fn in_view(state: &AppState) -> Option<&Exchange> {
        match state.opened_chain() {
            Some(chain) => Some(&chain.exchange),
            None => Self::find(state, state.panes.exchanges.list.selected_id()?),
        }
    }

    fn copied(exchange: &Exchange) -> (&'static str, String) {
        ("exchange id", exchange.id.to_string())
    }

    /// The exchange in a few lines: it has no detail view, its chain is paged whole.
    fn paged(exchange: &Exchange, _: &AppState) -> Option<String> {
        let party = |p: &crate::api::Party| {
            sanitize(&format!("{} {} <{}>", p.first_name, p.last_name, p.email))
        };
        Some(format!(
            "Exchange {}\nCampaign {}\nStatus   {}\nContact  {}\nBot      {}\n",
            exchange.id,
            exchange.campaign_id,
            sanitize(exchange.status.as_str()),
            party(&exchange.contact),
            party(&exchange.bot),
        ))
    }

    fn contact_address(exchange: &Exchange) -> Option<String> {
        Some(exchange.contact.email.clone())
    }

    fn query_form(state: &AppState) -> Option<Form> {
        let query = &state.panes.exchanges.query;
        let campaigns =
            state.org.store.campaigns.items().iter().map(|c| (c.id, sanitize(&c.name)));
        let fields = ExchangeQueryFields::new(
            query.group.as_ref().unwrap_or(&ExchangeGroup::Replied),
            query.campaign_id,
            campaigns.collect::<Vec<_>>(),
            DayRange::new(query.start_date, query.end_date),
        );
        Some(Form::new("Exchange filters", Fields::ExchangeQuery(Box::new(fields))))
    }
}
