//! Whether a write deserves a second look before it is sent, and the question to ask: a
//! bot that needs attention (or no longer sends) picked for an upload, or a do-not-contact
//! list that came from a palette line and was never seen in the form.

use crate::bots::{Standing, problems, standing};
use crate::text::sanitize;
use crate::tui::form::Form;
use crate::tui::state::AppState;
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::forms::values::count;

/// The question to ask before sending `write` (then `then`), if any.
pub(crate) fn before_sending(
    state: &AppState,
    form: &Form,
    write: &WriteRequest,
    then: Option<&WriteRequest>,
) -> Option<String> {
    match write {
        WriteRequest::UploadContact { bot_id: Some(id), .. }
        | WriteRequest::UploadAndStart { bot_id: Some(id), .. } => doubtful_bot(state, *id),
        WriteRequest::DncEmails(_) | WriteRequest::DncDomains(_) if form.ask_first => {
            Some(dnc_question(write, then))
        }
        _ => None,
    }
}

/// "Bot #5 needs attention (mailbox PAUSED). Send with it anyway?", or for a retired bot
/// that it no longer sends. A healthy, ending or unknown bot needs no question.
fn doubtful_bot(state: &AppState, id: i64) -> Option<String> {
    let bot = state.store.bots.items().iter().find(|bot| bot.id == id)?;
    let why = match standing(bot) {
        Standing::Attention => format!("needs attention ({})", problems(bot).join(", ")),
        Standing::Retired => format!("is retired ({}): it no longer sends", bot.status),
        Standing::CoolingOff => "is cooling off (paused): e-mail waits until it resumes".into(),
        Standing::Healthy | Standing::Ending => return None,
    };
    Some(sanitize(&format!("Bot #{id} {why}. Send with it anyway?")))
}

/// "Add 3 addresses and 1 domain to do-not-contact?"
fn dnc_question(write: &WriteRequest, then: Option<&WriteRequest>) -> String {
    let (mut emails, mut domains) = (0, 0);
    for step in std::iter::once(write).chain(then) {
        match step {
            WriteRequest::DncEmails(list) => emails += list.len(),
            WriteRequest::DncDomains(list) => domains += list.len(),
            _ => {}
        }
    }
    let mut parts = Vec::new();
    if emails > 0 {
        parts.push(count(emails, "address", "addresses"));
    }
    if domains > 0 {
        parts.push(count(domains, "domain", "domains"));
    }
    format!("Add {} to do-not-contact?", parts.join(" and "))
}
