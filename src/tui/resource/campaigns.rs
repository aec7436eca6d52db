//! Campaigns (endpoint 7), newest first.

use crate::api::{ApiError, Campaign, Client, Items, Listed};
use crate::present::{self, columns};
use crate::tui::action::Effect;
use crate::tui::model::{Pane, Slot};
use crate::tui::remote::{Remote, sorted};
use crate::tui::resource::exchanges::Exchanges;
use crate::tui::resource::shape::{ListResource, PaneList, pane_state};
use crate::tui::resource::rows::reindex_list;
use crate::tui::details;
use crate::tui::jumps::{Focus, Related};
use crate::tui::detail_line::DetailLine;
use crate::tui::state::AppState;

pub struct Campaigns;

impl ListResource for Campaigns {
    type Item = Campaign;
    type Query = ();
    const SLOT: Slot = Slot::Campaigns;

    fn query(_: &AppState) -> Option<()> {
        Some(())
    }

    fn remote(state: &AppState) -> Option<&Remote<Campaign>> {
        Some(&state.org.store.campaigns)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Campaign>> {
        Some(&mut state.org.store.campaigns)
    }

    async fn fetch(client: &Client, _: &()) -> Result<Listed<Campaign>, ApiError> {
        client.list_campaigns().await
    }

    fn order(items: Items<Campaign>) -> Items<Campaign> {
        sorted(items, |a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)))
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        let mut effects = reindex_list::<Self>(state);
        // The exchanges' rows show campaign names. Through the inbox's own reindex, which
        // applies its category and handled filters again (the bare list rebuild brought
        // every hidden handled reply back on each refresh).
        effects.extend(Exchanges::reindex(state));
        effects
    }
}

impl PaneList for Campaigns {
    const PANE: Pane = Pane::Campaigns;
    fn columns() -> Vec<present::Column<Campaign>> {
        columns::campaigns::screen()
    }

    fn id(campaign: &Campaign) -> i64 {
        campaign.id
    }

    pane_state!(campaigns);

    fn detail_lines(campaign: &Campaign, state: &AppState) -> Option<Vec<DetailLine>> {
        Some(details::campaign::detail_lines(campaign, state))
    }

    fn copied(campaign: &Campaign) -> (&'static str, String) {
        ("campaign id", campaign.id.to_string())
    }

    fn campaign_id(campaign: &Campaign) -> Option<i64> {
        Some(campaign.id)
    }

    /// Its replies in the inbox, narrowed by the server.
    fn related(campaign: &Campaign) -> Option<Related> {
        Some(Related::Replies(Focus::Campaign {
            id: campaign.id,
            name: crate::text::sanitize(&campaign.name),
        }))
    }
    const LEADS_TO: Option<&'static str> = Some("replies");
}
