//! The question before a form's write, asked in the one confirmation dialog (`confirm`):
//! what the write does and to whom — the organisation and the profile, the campaign, the
//! address, when e-mail goes out — a bot that needs attention (or no longer sends) picked
//! for an upload, how many contacts a do-not-contact domain covers, and for an
//! upload-and-start into a campaign not yet active, that it starts the whole campaign,
//! with that campaign's pre-flight.

use crate::api::CampaignStatus;
use crate::bots::doubt;
use crate::present::dnc::{Coverage, free_mail_warning};
use crate::text::sanitize;
use crate::tui::form::Form;
use crate::tui::state::AppState;
use crate::tui::submit::feedback::Confirm;
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::forms::common::{campaign_label, organisation};
use crate::tui::update::forms::preflight;
use crate::tui::update::forms::values::count;

/// The confirmation before sending `write` (then `then`) read from `form`; `seen` says the
/// form was on screen (a no goes back to it) rather than filled in by a palette line.
pub(crate) fn before_sending(
    state: &AppState,
    form: Form,
    mut write: WriteRequest,
    then: Option<WriteRequest>,
    seen: bool,
) -> Confirm {
    let bot = match &write {
        WriteRequest::UploadContact { bot_id: Some(id), .. }
        | WriteRequest::UploadAndStart { bot_id: Some(id), .. } => doubtful_bot(state, *id),
        _ => None,
    };
    let whom = match &form.org {
        Some(org) => format!("for {}", crate::tui::update::group_rows::org_name(org)),
        None => organisation(state),
    };
    let question = match &write {
        WriteRequest::DncEmails(_) | WriteRequest::DncDomains(_) => {
            dnc_question(state, &write, then.as_ref())
        }
        _ => contact_question(state, &write, bot.is_some(), &whom),
    };
    let mut lines = vec![question];
    let mut warnings: Vec<String> = bot.into_iter().collect();
    let mut force = false;
    if let WriteRequest::UploadAndStart { campaign_id, campaign_was, .. } = &mut write {
        let campaign = state.org.store.campaigns.items().iter().find(|c| c.id == *campaign_id);
        match campaign {
            Some(campaign) if campaign.status == CampaignStatus::Pending => {
                lines.push(format!(
                    "This also starts campaign #{campaign_id} '{}' (PENDING): it becomes ACTIVE and its outreach begins.",
                    campaign.name
                ));
                let (checks, failed) = preflight::checks(state, campaign);
                lines.extend(checks);
                force = failed.is_some();
                warnings.extend(failed);
                *campaign_was = Some(CampaignStatus::Pending);
            }
            Some(_) => {}
            None => lines.push(format!(
                "Campaign #{campaign_id} is not loaded here, so whether this also starts it (a PENDING campaign becomes ACTIVE) is not known."
            )),
        }
    }
    let form_org = form.org.clone();
    Confirm {
        title: form.title.clone(),
        lines: lines.iter().map(|line| sanitize(line)).collect(),
        warning: (!warnings.is_empty()).then(|| sanitize(&warnings.join(" "))),
        write: Some(write),
        then: then.map(Box::new),
        replies: form.replies.clone(),
        form: Some(Box::new(form)),
        back_to_form: seen,
        force,
        org: form_org,
        ..Confirm::default()
    }
}

/// What a contact or conversion write does, as a question: "Add ann@example.com to
/// 'Q2 enterprise' for Acme (profile acme)? The first e-mail goes out immediately." With
/// `anyway`, after a doubt about its bot.
fn contact_question(state: &AppState, write: &WriteRequest, anyway: bool, org: &str) -> String {
    let email = write.contact_email().unwrap_or_default();
    let anyway = if anyway { " anyway" } else { "" };
    match write {
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
        WriteRequest::StartCampaign { campaign_id } => {
            format!("Start {} {org}?", campaign_label(state, *campaign_id))
        }
        WriteRequest::DncEmails(_) | WriteRequest::DncDomains(_) => {
            dnc_question(state, write, None)
        }
    }
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
