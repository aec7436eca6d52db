//! `outreach replies --snippets`: the chain of each listed reply, four requests at a time,
//! reduced to the first meaningful line of the contact's latest message.

use super::super::context::Context;
use super::super::output::warn;
use super::row::Reply;
use crate::api::{Client, EmailMessage, Listed};
use crate::inbox::snippet::latest_reply_line;
use futures_util::stream::{self, StreamExt};
use std::collections::HashMap;

/// At most this many chains are asked for at once, as the dashboard does.
const IN_FLIGHT: usize = 4;

/// Sets each reply's snippet; a chain that cannot be read leaves it empty, with one warning
/// saying how many.
pub(super) async fn fill(context: &Context, replies: &mut [Reply]) {
    let client: &Client = &context.client;
    let wanted: Vec<i64> = replies.iter().map(|reply| reply.exchange.id).collect();
    let chains: HashMap<i64, Result<Listed<EmailMessage>, _>> = stream::iter(wanted)
        .map(|id| async move { (id, client.email_chain(id).await) })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;
    let mut failed = 0;
    for reply in replies.iter_mut() {
        match chains.get(&reply.exchange.id) {
            Some(Ok(chain)) => {
                reply.snippet = Some(
                    latest_reply_line(&chain.items, &reply.exchange.contact.email)
                        .unwrap_or_default(),
                );
            }
            _ => failed += 1,
        }
    }
    if failed > 0 {
        let what = if failed == 1 { "1 reply".to_string() } else { format!("{failed} replies") };
        warn(
            &context.term,
            &format!("The e-mails of {what} could not be read: their snippet is empty."),
        );
    }
}
