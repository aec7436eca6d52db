//! The e-mail chain of the exchange open in the Exchanges pane (endpoint 11), laid out for
//! the width once per change.

use crate::api::{ApiError, Client, EmailMessage, Listed};
use crate::tui::chain::layout;
use crate::tui::layout::text_width;
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::shape::ListResource;
use crate::tui::state::AppState;

pub struct Chain;

impl ListResource for Chain {
    type Item = EmailMessage;
    /// The exchange whose messages are asked for.
    type Query = i64;
    const SLOT: Slot = Slot::Chain;

    fn query(state: &AppState) -> Option<i64> {
        Some(state.exchanges.chain.as_ref()?.exchange.id)
    }

    fn remote(state: &AppState) -> Option<&Remote<EmailMessage>> {
        Some(&state.exchanges.chain.as_ref()?.remote)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<EmailMessage>> {
        Some(&mut state.exchanges.chain.as_mut()?.remote)
    }

    async fn fetch(client: &Client, exchange_id: &i64) -> Result<Listed<EmailMessage>, ApiError> {
        client.email_chain(*exchange_id).await
    }

    fn reindex(state: &mut AppState) {
        relayout_chain(state, true);
    }
}

/// Lays the chain out again when its data, the width or the folding changed; the message
/// at the top of the view stays at the top.
pub fn relayout_chain(state: &mut AppState, data_changed: bool) {
    let width = text_width(state);
    let zone = state.zone;
    let Some(chain) = state.exchanges.chain.as_mut() else { return };
    if !data_changed && chain.layout.width == width && chain.layout.unfolded == chain.unfolded {
        return;
    }
    let top_message = chain.layout.starts.iter().rposition(|&start| start <= chain.scroll);
    chain.layout = layout(chain.remote.items(), width, chain.unfolded, &zone);
    // The same message stays at the top (also across a refresh of the chain).
    chain.scroll =
        top_message.and_then(|index| chain.layout.starts.get(index).copied()).unwrap_or(0);
}
