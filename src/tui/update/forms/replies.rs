//! Writes from the reply inbox act on the reply in view — `d` / `D` on every marked reply
//! when rows are marked, the form naming how many — and mark those replies handled once
//! they succeed. `u` on a referral opens the upload form on the reply's campaign and bot,
//! offering the addresses the contact gave.

use crate::api::Exchange;
use crate::inbox::Facts;
use crate::present::dnc::listed_as;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::form::Outreach;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Tone;
use crate::tui::update::forms::common::toast;
use crate::tui::update::forms::{contact, conversion, dnc, start};
use crate::tui::update::in_view::{marked_replies, reply_in_view};

pub(super) fn open(state: &mut AppState, command: Command) -> Vec<Effect> {
    let marked = marked_replies(state);
    let bulk = !marked.is_empty() && matches!(command, Command::AddDnc | Command::AddDncDomain);
    let replies: Vec<Exchange> =
        if bulk { marked } else { reply_in_view(state).into_iter().collect() };
    let effects = match command {
        Command::AddDnc | Command::AddDncDomain if bulk => {
            let domain = command == Command::AddDncDomain;
            let entries: Vec<String> = replies
                .iter()
                .map(|reply| {
                    let email = reply.contact.email.trim();
                    listed_as(email, domain).unwrap_or(email).to_string()
                })
                .collect();
            dnc::open(state, domain, Some(&entries.join(", ")))
        }
        Command::AddDnc => dnc::open(state, false, None),
        Command::AddDncDomain => dnc::open(state, true, None),
        Command::LogConversion => conversion::open(state, None, None),
        Command::UploadContact => match replies.first() {
            Some(reply) => referral(state, reply),
            None => {
                toast(state, Tone::Warning, "Select a reply first: u adds an address it names.");
                return Vec::new();
            }
        },
        Command::StartCampaign => start::ask(state, None),
        _ => contact::open(state, None),
    };
    if let Some(Overlay::Form(form)) = state.transient.overlay.as_mut() {
        form.replies = replies.iter().map(|reply| reply.id).collect();
        if bulk {
            form.title = format!("{} · {} marked replies", form.title, replies.len());
        }
    }
    effects
}

/// The upload form on the reply's campaign and bot, the first address the contact's latest
/// reply names (its Cc first, then its text) filled in and the others listed beside it.
fn referral(state: &mut AppState, reply: &Exchange) -> Vec<Effect> {
    let addresses = state
        .org
        .inbox
        .snippet(reply.id)
        .map(|snippet| snippet.referrals.clone())
        .unwrap_or_default();
    let first = addresses.first().map(String::as_str);
    let effects = contact::open_upload(
        state,
        Some(reply.campaign_id),
        first,
        Some(reply.bot.id),
        Outreach::Notify,
    );
    if let Some(Overlay::Form(form)) = state.transient.overlay.as_mut() {
        form.note = Some(match addresses.len() {
            0 => {
                "The latest reply names no other address (in Cc or its text): type the one to add."
                    .to_string()
            }
            1 => "The address the contact's latest reply names (in Cc or its text).".to_string(),
            _ => format!(
                "The latest reply (Cc and text) also names: {} (clear the field to type one).",
                sanitize(&addresses[1..].join(", "))
            ),
        });
    }
    effects
}
