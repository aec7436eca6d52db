//! Reading the e-mail chains of several exchanges, a few at a time: for the snippets of
//! `outreach replies`, who wrote last in a hot reply, and the reply's words a hook asks for
//! (watch and the dashboard alike).

use crate::api::{ApiError, Client, EmailMessage, Listed};
use futures_util::stream::{self, StreamExt};
use std::collections::HashMap;

/// At most this many chains are asked for at once, as the dashboard does.
const IN_FLIGHT: usize = 4;

/// The chains of these exchanges, [`IN_FLIGHT`] requests at a time.
pub async fn chains(
    client: &Client,
    ids: impl Iterator<Item = i64>,
) -> HashMap<i64, Result<Listed<EmailMessage>, ApiError>> {
    let wanted: Vec<i64> = ids.collect();
    stream::iter(wanted)
        .map(|id| async move { (id, client.email_chain(id).await) })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await
}
