//! `outreach replies --snippets`: the chain of each listed reply, four requests at a time,
//! reduced to the first meaningful line of the contact's latest message; and for
//! `--check`, who wrote last in each hot reply.

use super::row::Reply;
use crate::cli::context::Context;
use crate::cli::output::streams::warn;
use crate::clock::Zone;
use crate::inbox::Snippet;
pub(crate) use crate::inbox::chains;
use crate::inbox::snippet::{latest_reply_line, summarise};

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
                learn(reply, summarise(&chain.items, contact, &Zone::Local));
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

/// For `--check`: who wrote last in each hot reply not handled, from its chain (a reply our
/// bot answered last waits on the contact, not on us). A chain that cannot be read leaves
/// it unknown — counted as waiting — with one warning saying how many.
pub(super) async fn fill_last_writer(context: &Context, replies: &mut [Reply]) {
    let wanted = replies.iter().filter(|r| r.category.is_hot() && !r.handled);
    let chains = chains(&context.client, wanted.map(|r| r.exchange.id)).await;
    let mut failed = 0;
    for reply in replies.iter_mut() {
        match chains.get(&reply.exchange.id) {
            Some(Ok(chain)) => {
                let contact = &reply.exchange.contact.email;
                learn(reply, summarise(&chain.items, contact, &Zone::Local));
            }
            Some(Err(_)) => failed += 1,
            None => {}
        }
    }
    if failed > 0 {
        let what = crate::text::count(failed, "reply", "replies");
        warn(
            &context.term,
            &format!(
                "The e-mails of {what} could not be read: counted as waiting, since who spoke \
                 last is not known."
            ),
        );
    }
}

/// What a read chain tells of a reply: who wrote last, and, for an absence notice, that it
/// is quiet until the contact is back (in the user's zone: `replies` does not read the
/// contact list for the contacts' own).
fn learn(reply: &mut Reply, summary: Option<Snippet>) {
    reply.last = summary.as_ref().map(|snippet| snippet.last);
    reply.judge(summary.and_then(|snippet| snippet.back));
}
