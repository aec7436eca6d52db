//! Whether a write deserves a second look before it is sent, and the question to ask: a
//! bot that needs attention (or no longer sends) picked for an upload, a list of domains
//! for do-not-contact (how many contacts it covers, a free-mail provider in it), or any
//! write whose values came from a palette line and were never seen in the form. Each
//! question names what the write does and to whom: the organisation, the campaign, the
//! address, and when e-mail goes out.

use crate::bots::doubt;
use crate::present::dnc::{Coverage, free_mail_warning};
use crate::text::sanitize;
use crate::tui::form::Form;
use crate::tui::state::{AppState, Connection};
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::forms::common::campaign_label;
use crate::tui::update::forms::values::count;

/// The question to ask before sending `write` (then `then`), if any.
pub(crate) fn before_sending(
    state: &AppState,
    form: &Form,
    write: &WriteRequest,
    then: Option<&WriteRequest>,
) -> Option<String> {
    let bot = match write {
        WriteRequest::UploadContact { bot_id: Some(id), .. }
        | WriteRequest::UploadAndStart { bot_id: Some(id), .. } => doubtful_bot(state, *id),
        _ => None,
    };
    let question = match write {
        WriteRequest::DncEmails(_) | WriteRequest::DncDomains(_) => {
            let domains = dnc_domains(write, then);
            (form.ask_first || !domains.is_empty()).then(|| dnc_question(state, write, then))
        }
        _ if form.ask_first || bot.is_some() => contact_question(state, write, bot.is_some()),
        _ => None,
    }?;
    // What is wrong with the bot comes first, where it is read first.
    let question = match bot {
        Some(bot) => format!("{bot} {question}"),
        None => question,
    };
    Some(sanitize(&question))
}

/// "for Acme (profile acme)", or "for profile acme" when the organisation's name is not
/// known (the API does not say it).
pub(crate) fn organisation(state: &AppState) -> String {
    match &state.server.connection {
        Connection::Ready(info) => match &info.organisation {
            Some(name) => format!("for {name} (profile {})", info.profile),
            None => format!("for the organisation of profile {}", info.profile),
        },
        _ => "for this organisation".into(),
    }
}

/// What a contact or conversion write does, as a question: "Add ann@example.com to
/// 'Q2 enterprise' for Acme (profile acme)? The first e-mail goes out immediately." With
/// `anyway`, after a doubt about its bot.
fn contact_question(state: &AppState, write: &WriteRequest, anyway: bool) -> Option<String> {
    let org = organisation(state);
    let email = write.contact_email().unwrap_or_default();
    let anyway = if anyway { " anyway" } else { "" };
    let question = match write {
        WriteRequest::AddContact(_) => format!("Add {email} as a contact {org}?"),
        WriteRequest::UploadContact { campaign_id, notify, .. } => format!(
            "Add {email} to {} {org}{anyway}? {}",
            campaign_label(state, *campaign_id),
            if *notify { "The campaign's users are notified." } else { "Nobody is notified." }
        ),
        WriteRequest::UploadAndStart { campaign_id, start_immediately, .. } => format!(
            "Add {email} to {} {org} and start its outreach{anyway}? {}",
            campaign_label(state, *campaign_id),
            if *start_immediately {
                "The first e-mail goes out immediately."
            } else {
                "The first e-mail goes out at a suitable time."
            }
        ),
        WriteRequest::Conversion(conversion) => {
            let kind = conversion
                .conversion_type
                .as_deref()
                .map(|kind| format!(" '{kind}'"))
                .unwrap_or_default();
            format!("Log a conversion{kind} of {email} {org}?")
        }
        _ => return None,
    };
    Some(question)
}

/// "Bot #5 needs attention (mailbox PAUSED).", or for a retired bot that it no longer
/// sends. A healthy, ending or unknown bot raises no doubt.
fn doubtful_bot(state: &AppState, id: i64) -> Option<String> {
    let bot = state.org.store.bots.items().iter().find(|bot| bot.id == id)?;
    Some(format!("Bot #{id} {}.", doubt(bot)?))
}

/// The domains of a do-not-contact write and the one after it.
fn dnc_domains<'a>(write: &'a WriteRequest, then: Option<&'a WriteRequest>) -> Vec<String> {
    std::iter::once(write)
        .chain(then)
        .filter_map(|step| match step {
            WriteRequest::DncDomains(list) => Some(list.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// "Add 3 addresses and 1 domain to do-not-contact for Acme (profile acme)? gmail.com
/// covers 412 contacts. gmail.com is a free-mail provider: …"
fn dnc_question(state: &AppState, write: &WriteRequest, then: Option<&WriteRequest>) -> String {
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
    let mut question =
        format!("Add {} to do-not-contact {}?", parts.join(" and "), organisation(state));
    let listed = dnc_domains(write, then);
    if listed.is_empty() {
        return question;
    }
    match &state.org.store.contacts.data {
        Some(contacts) => {
            let mut coverage = Coverage::new(&listed);
            for contact in contacts.items.iter() {
                coverage.add(contact.email());
            }
            question.push_str(&format!(" Of the contacts loaded, {}.", coverage.text()));
        }
        None => question
            .push_str(" The contacts are not loaded, so how many this covers is not known here."),
    }
    if let Some(warning) = free_mail_warning(&listed) {
        question.push_str(&format!(" Careful: {warning}."));
    }
    question
}
