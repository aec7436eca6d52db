//! What a pane says while its answer is awaited: "loading" for the first seconds, then what
//! it waits for, from whom and for how long — and, when a request went unanswered and was
//! sent again, that it was, so a second wait as long is never silent.

use crate::tui::model::ReqId;
use crate::tui::remote::Remote;
use crate::tui::state::{AppState, Connection};
use crate::tui::widgets::status_bar::host_of;

/// Where the awaited answer comes from: the host of the connection.
fn host(state: &AppState) -> String {
    match &state.server.connection {
        Connection::Ready(info) => host_of(&info.base_url),
        _ => "the server".into(),
    }
}

/// The wait of a slot's awaited request in words, or `None` while it is short (the pane
/// says "loading"). `what` names the data ("bots", "the e-mail chain").
pub(super) fn words<T>(state: &AppState, remote: &Remote<T>, what: &str) -> Option<String> {
    if let Some(words) = retry_words(state, remote.pending) {
        return Some(words);
    }
    let seconds = remote.silent_for(state.env.now)?;
    Some(format!("waiting for {what} from {} for {seconds} s", host(state)))
}

/// A request tried again: the countdown to the next try, then that it was asked again.
fn retry_words(state: &AppState, pending: Option<ReqId>) -> Option<String> {
    let wait = state.server.retries.iter().find(|wait| pending == Some(wait.req_id))?;
    let left = (wait.until - state.env.now).num_seconds();
    Some(if left > 0 {
        format!("{}; trying again in {left} s (r: now)", wait.reason)
    } else {
        format!("{} — asked again, waiting {} s", wait.reason, -left)
    })
}
