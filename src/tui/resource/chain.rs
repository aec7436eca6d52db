//! The e-mail chain of the exchange in view, opened or previewed (endpoint 11), laid out for
//! the width once per change.

use crate::api::{ApiError, Client, EmailMessage, Listed};
use crate::tui::action::Effect;
use crate::tui::chain::{ChainLayout, LayoutJob};
use crate::tui::command::Command;
use crate::inbox::snippet::reply_position;
use crate::tui::layout::text_width;
use crate::tui::model::ReqId;
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::shape::ListResource;
use crate::tui::state::AppState;
use std::sync::Arc;

pub struct Chain;

impl ListResource for Chain {
    type Item = EmailMessage;
    /// The exchange whose messages are asked for.
    type Query = i64;
    const SLOT: Slot = Slot::Chain;

    fn query(state: &AppState) -> Option<i64> {
        Some(state.panes.chain.as_ref()?.exchange.id)
    }

    fn remote(state: &AppState) -> Option<&Remote<EmailMessage>> {
        Some(&state.panes.chain.as_ref()?.remote)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<EmailMessage>> {
        Some(&mut state.panes.chain.as_mut()?.remote)
    }

    async fn fetch(client: &Client, exchange_id: &i64) -> Result<Listed<EmailMessage>, ApiError> {
        client.email_chain(*exchange_id).await
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        if let Some(chain) = &state.panes.chain
            && chain.org.is_none()
            && let Some(data) = &chain.remote.data
        {
            let exchange = &chain.exchange;
            state.org.read_chains.keep(exchange.id, exchange.updated_at, data.clone());
        }
        relayout_chain(state, true).into_iter().collect()
    }
}

/// Asks for the chain to be laid out again (off the UI thread: the effect) when its data,
/// the width or the folding changed.
pub(crate) fn relayout_chain(state: &mut AppState, data_changed: bool) -> Option<Effect> {
    let width = text_width(state);
    let zone = state.env.zone;
    let hint = format!("{} shows them", state.how(Command::ToggleQuotes, "T"));
    let req_id = state.server.next_req_id;
    let chain = state.panes.chain.as_mut()?;
    let wanted = (width, chain.unfolded);
    if !data_changed
        && chain.layout_pending.is_none()
        && (chain.layout.width, chain.layout.unfolded) == wanted
    {
        return None;
    }
    let data = chain.remote.data.as_ref()?;
    state.server.next_req_id += 1;
    chain.layout_pending = Some(req_id);
    let messages = Arc::clone(&data.items);
    Some(Effect::LayOut(LayoutJob { req_id, messages, width, unfolded: chain.unfolded, hint, zone }))
}

/// Shows a finished layout if it is the awaited one; the message at the top of the view
/// stays at the top (also across a refresh of the chain). A chain just opened shows the
/// contact's latest message at the top.
pub(crate) fn laid_out(state: &mut AppState, req_id: ReqId, layout: Arc<ChainLayout>) -> bool {
    // Read first: a layout no longer awaited writes nothing (and so draws nothing).
    if state.panes.chain.as_ref().and_then(|chain| chain.layout_pending) != Some(req_id)
    {
        return false;
    }
    let Some(chain) = state.panes.chain.as_mut() else { return false };
    chain.layout_pending = None;
    let top_message = if chain.layout.lines.is_empty() {
        // The first layout of a chain: it opens at the contact's latest message, the reply.
        let messages = chain.remote.items();
        chain.at_message = reply_position(messages, &chain.exchange.contact.email);
        chain.at_message
    } else {
        chain.current_message()
    };
    chain.layout = Arc::unwrap_or_clone(layout);
    chain.scroll =
        top_message.and_then(|index| chain.layout.starts.get(index).copied()).unwrap_or(0);
    true
}
