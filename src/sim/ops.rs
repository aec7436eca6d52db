//! The rules of every write: what an upload, a start, a DNC addition or a conversion
//! changes in the store, and when the service refuses it (400/404 with its reason).

use super::reply::Reject;
use super::store::{
    DuplicateContact, LoggedConversion, Org, SimExchange, StoredContact, World, take,
};
use super::words::words;
use crate::api::intern::{intern, intern_zone};
use crate::api::rules::email_problem;
use crate::api::{
    BotStatus, CampaignStatus, Contact, ContactUpload, ExchangeStatus, MailboxStatus,
    SubmitConversion,
};

/// How a contact enters a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Upload {
    /// Endpoint 4: waits for the campaign's schedule.
    Add,
    /// Endpoint 3: starts the campaign; `immediately` sends the first e-mail right away.
    AndStart { immediately: bool },
}

const DUPLICATE: &str = "Contact already associated with the organisation";

fn contact_from(upload: &ContactUpload, id: i64) -> StoredContact {
    let company = upload
        .custom_data
        .as_ref()
        .and_then(|data| data.get("company"))
        .and_then(|value| value.as_str())
        .unwrap_or_default()
        .to_string();
    // The service enriches a contact's time zone from its city when it knows the city.
    let timezone = upload.city.as_ref().and_then(|city| {
        words()
            .cities
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(city))
            .map(|c| c.timezone.clone())
    });
    let name = |part: &Option<String>| part.clone().unwrap_or_default();
    let mut contact =
        Contact::new(id, &upload.email, &name(&upload.first_name), &name(&upload.last_name))
            .with_custom_data(&upload.custom_data.clone().unwrap_or_default());
    contact.tags = upload.tags.iter().map(|tag| intern(tag)).collect();
    contact.timezone = timezone.map(|zone| intern_zone(&zone));
    StoredContact { contact, company, city: upload.city.clone(), country: upload.country.clone() }
}

/// The bot that takes a new contact: the one asked for, else the campaign's first
/// working bot, else the organisation's.
fn assign_bot(org: &Org, campaign_id: i64, asked: Option<i64>) -> Result<i64, Reject> {
    if org.bots.is_empty() {
        return Err(Reject::bad_request(
            "The organisation has no bots; connect a bot before uploading contacts",
        ));
    }
    if let Some(id) = asked {
        return match org.bot(id) {
            Some(bot) => Ok(bot.id),
            None => {
                Err(Reject::bad_request(format!("Bot {id} does not belong to the organisation")))
            }
        };
    }
    let working = |id: &i64| {
        org.bot(*id).is_some_and(|b| {
            b.status == BotStatus::Active && b.mailbox_status == MailboxStatus::Active
        })
    };
    let campaign_bots = org.campaign(campaign_id).map(|c| c.bot_ids.clone()).unwrap_or_default();
    let all: Vec<i64> = org.bots.iter().map(|b| b.id).collect();
    Ok(campaign_bots
        .iter()
        .find(|id| working(id))
        .or_else(|| all.iter().find(|id| working(id)))
        .or(campaign_bots.first())
        .or(all.first())
        .copied()
        .unwrap_or_default())
}

/// Endpoints 3 and 4: a new contact in a campaign, with its exchange.
pub fn upload_contact(
    world: &mut World,
    org_index: usize,
    campaign_id: i64,
    upload: &ContactUpload,
    bot_id: Option<i64>,
    how: Upload,
) -> Result<i64, Reject> {
    let now = world.clock.now();
    let World { orgs, ids, .. } = world;
    let Some(org) = orgs.get_mut(org_index) else {
        return Err(Reject::not_found("Organisation not found"));
    };
    if org.campaign(campaign_id).is_none() {
        return Err(Reject::not_found("Campaign not found"));
    }
    let bot_id = assign_bot(org, campaign_id, bot_id)?;
    if org.contact_by_email(&upload.email).is_some() {
        return Err(Reject::bad_request(DUPLICATE));
    }
    let contact_id = take(&mut ids.contact);
    org.push_contact(contact_from(upload, contact_id));
    let status = match how {
        Upload::Add => ExchangeStatus::OutreachPending,
        Upload::AndStart { immediately: false } => ExchangeStatus::OutreachQueued,
        Upload::AndStart { immediately: true } => ExchangeStatus::OutreachActive,
    };
    if let Some(campaign) = org.campaign_mut(campaign_id) {
        campaign.contact_ids.push(contact_id);
        if !campaign.bot_ids.contains(&bot_id) {
            campaign.bot_ids.push(bot_id);
        }
        if matches!(how, Upload::AndStart { .. })
            && campaign.campaign.status == CampaignStatus::Pending
        {
            campaign.campaign.status = CampaignStatus::Active;
        }
    }
    let exchange_id = take(&mut ids.exchange);
    org.exchanges.push(SimExchange {
        id: exchange_id,
        campaign_id,
        bot_id,
        contact_id,
        status,
        updated_at: now,
        live: None,
    });
    Ok(contact_id)
}

/// Endpoint 5: a contact of the organisation, outside any campaign. A duplicate is a
/// 400 or the existing id, as the simulator is switched.
pub fn add_contact(
    world: &mut World,
    org_index: usize,
    upload: &ContactUpload,
) -> Result<i64, Reject> {
    let mode = world.duplicate_contact;
    let World { orgs, ids, .. } = world;
    let Some(org) = orgs.get_mut(org_index) else {
        return Err(Reject::not_found("Organisation not found"));
    };
    if let Some(existing) = org.contact_by_email(&upload.email) {
        return match mode {
            DuplicateContact::Reject400 => Err(Reject::bad_request(DUPLICATE)),
            DuplicateContact::ReturnExisting => Ok(existing.contact.id),
        };
    }
    let id = take(&mut ids.contact);
    org.push_contact(contact_from(upload, id));
    Ok(id)
}

/// Endpoint 6: adds addresses to the DNC list; answers how many are contacts.
pub fn add_dnc_emails(
    world: &mut World,
    org_index: usize,
    emails: &[String],
) -> Result<usize, Reject> {
    if let Some((address, reason)) =
        emails.iter().find_map(|e| email_problem(e).map(|reason| (e, reason)))
    {
        return Err(Reject::bad_request(format!("Invalid email address '{address}': {reason}")));
    }
    let Some(org) = world.orgs.get_mut(org_index) else {
        return Err(Reject::not_found("Organisation not found"));
    };
    let mut distinct: Vec<String> = emails.iter().map(|e| e.trim().to_lowercase()).collect();
    crate::sorting::sort(&mut distinct);
    distinct.dedup();
    let contacts = distinct.iter().filter(|e| org.contact_by_email(e).is_some()).count();
    org.dnc_emails.extend(distinct);
    org.refresh_dnc();
    Ok(contacts)
}

/// Endpoint 1, in the background: adds domains to the DNC list.
pub fn add_dnc_domains(world: &mut World, org_index: usize, domains: &[String]) {
    if let Some(org) = world.orgs.get_mut(org_index) {
        let cleaned = domains.iter().map(|d| d.trim().trim_start_matches('@').to_lowercase());
        org.dnc_domains.extend(cleaned);
        org.refresh_dnc();
    }
}

/// Endpoint 2, at request time: the contact the conversion belongs to, if any.
pub fn conversion_contact(world: &World, org_index: usize, email: &str) -> Option<i64> {
    world.orgs.get(org_index)?.contact_by_email(email).map(|c| c.contact.id)
}

/// Endpoint 2, in the background: records the conversion.
pub fn log_conversion(
    world: &mut World,
    org_index: usize,
    contact_id: i64,
    conversion: SubmitConversion,
) {
    let now = world.clock.now();
    if let Some(org) = world.orgs.get_mut(org_index) {
        org.conversions.push(LoggedConversion {
            email: conversion.email,
            contact_id,
            conversion_type: conversion.conversion_type,
            conversion_data: conversion.conversion_data,
            logged_at: now,
        });
    }
}

/// Endpoint 13: PENDING → ACTIVE when the campaign has contacts and a bot; its waiting
/// exchanges are queued.
pub fn start_campaign(world: &mut World, org_index: usize, campaign_id: i64) -> Result<(), Reject> {
    let now = world.clock.now();
    let Some(org) = world.orgs.get_mut(org_index) else {
        return Err(Reject::not_found("Organisation not found"));
    };
    let Some(campaign) = org.campaign_mut(campaign_id) else {
        return Err(Reject::not_found("Campaign not found"));
    };
    if campaign.campaign.status != CampaignStatus::Pending {
        return Err(Reject::bad_request(format!(
            "Campaign is {}; only a PENDING campaign can be started",
            campaign.campaign.status
        )));
    }
    if campaign.contact_ids.is_empty() {
        return Err(Reject::bad_request(
            "Campaign has no contacts; add contacts before starting it",
        ));
    }
    if campaign.bot_ids.is_empty() {
        return Err(Reject::bad_request(
            "Campaign has no bot assigned; assign a bot before starting it",
        ));
    }
    campaign.campaign.status = CampaignStatus::Active;
    for exchange in org.exchanges.iter_mut().filter(|e| e.campaign_id == campaign_id) {
        if exchange.status == ExchangeStatus::OutreachPending {
            exchange.status = ExchangeStatus::OutreachQueued;
            exchange.updated_at = now;
        }
    }
    Ok(())
}

/// `/_sim/rotate-key`: a new admin key; the old one stops working at once.
pub fn rotate_key(world: &mut World, org_index: usize) -> Option<String> {
    let key = world.new_key(org_index, "admin");
    let org = world.orgs.get_mut(org_index)?;
    org.admin_key = key.clone();
    Some(key)
}
