//! `outreach replies --snippets`: the chain of each listed reply, four requests at a time,
//! reduced to the first meaningful line of the contact's latest message; and what the one
//! look knows of each reply's chain (who wrote last, an absence), for every listing.

use super::row::Reply;
use crate::cli::context::Context;
use crate::cli::output::streams::warn;
use crate::clock::Zone;
pub(crate) use crate::inbox::chains;
use crate::inbox::snippet::{latest_reply_line, summarise};
use crate::local::Scope;
use crate::look::{self, chains::Budget};

/// Sets each reply's snippet; a chain that cannot be read leaves it empty, with one warning
/// saying how many.
pub(super) async fn fill(context: &Context, replies: &mut [Reply]) {
    let mut failed = 0;
    let chains = chains(&context.client, replies.iter().map(|r| r.exchange.id)).await;
    for reply in replies.iter_mut() {
        match chains.get(&reply.exchange.id) {
            Some(Ok(chain)) => {
                let contact = &reply.exchange.contact.email;
                reply.snippet = Some(latest_reply_line(&chain.items, contact).unwrap_or_default());
                reply.learn(summarise(&chain.items, contact, &Zone::Local).as_ref());
            }
            _ => failed += 1,
        }
    }
    if failed > 0 {
        let what = crate::text::count(failed, "reply", "replies");
        warn(
            &context.term,
            &format!("The e-mails of {what} could not be read: their snippet is empty."),
        );
    }
}

/// What the chains of the replies a look reads say (hot or new, not handled or snoozed),
/// from what is remembered or read now: the same reading as `todo` and `status`, so an
/// absence notice is not new and who waits is known. A chain not known leaves the reply
/// unknown — counted as waiting — with one warning saying how many.
pub(super) async fn read_facts(context: &Context, scope: &Scope, replies: &mut [Reply]) {
    let memory = super::marks::open_memory(context);
    let wanted: Vec<&crate::api::Exchange> = replies
        .iter()
        .filter(|r| look::wants_chain(&r.exchange, r.handled || r.snoozed_until.is_some(), r.new))
        .map(|r| &r.exchange)
        .collect();
    let reading =
        look::chains::read(&context.client, &memory, scope, &wanted, &Zone::Local, Budget::COMMAND)
            .await;
    for reply in replies.iter_mut() {
        if let Some(snippet) = reading.snippets.get(&reply.exchange.id) {
            reply.learn(Some(snippet));
        }
    }
    if reading.unread > 0 {
        let what = crate::text::count(reading.unread, "reply", "replies");
        warn(
            &context.term,
            &format!(
                "The e-mails of {what} could not be read yet: counted as waiting, since who spoke \
                 last is not known."
            ),
        );
    }
}
