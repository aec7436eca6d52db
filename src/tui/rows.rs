//! What each list shows of an item, as sanitised text per column. The tables draw these
//! cells (for the visible window only) and the filter searches them, so "filter over the
//! visible columns" means exactly what is on screen.

use crate::api::{Bot, Campaign, Contact, Exchange, Meeting, Party, Person};
use crate::clock::{Zone, in_named_zone};
use crate::text::sanitize;

/// `First Last`, or the address when the name is empty.
pub fn party_name(party: &Party) -> String {
    name_or_email(&party.first_name, &party.last_name, &party.email)
}

pub fn person_name(person: Option<&Person>) -> String {
    person.map(|p| name_or_email(&p.first_name, &p.last_name, &p.email)).unwrap_or_default()
}

pub fn name_or_email(first: &str, last: &str, email: &str) -> String {
    let name = format!("{} {}", first.trim(), last.trim());
    let name = name.trim();
    sanitize(if name.is_empty() { email } else { name })
}

/// "email+link", "email", "link" or "off".
pub fn tracking(campaign: &Campaign) -> &'static str {
    match (campaign.email_tracking, campaign.link_tracking) {
        (true, true) => "email+link",
        (true, false) => "email",
        (false, true) => "link",
        (false, false) => "off",
    }
}

pub const CAMPAIGN_COLUMNS: [&str; 4] = ["Name", "Status", "Created", "Tracking"];

pub fn campaign_cells(campaign: &Campaign, zone: &Zone) -> [String; 4] {
    [
        sanitize(&campaign.name),
        sanitize(campaign.status.as_str()),
        campaign.created_at.map(|t| zone.date_time(t.0)).unwrap_or_default(),
        tracking(campaign).to_string(),
    ]
}

pub const EXCHANGE_COLUMNS: [&str; 6] =
    ["Contact", "Organisation", "Bot", "Campaign", "Status", "Updated"];

pub fn exchange_cells(exchange: &Exchange, zone: &Zone, campaign: Option<&str>) -> [String; 6] {
    [
        party_name(&exchange.contact),
        sanitize(&exchange.contact.organisation),
        party_name(&exchange.bot),
        campaign.map(sanitize).unwrap_or_else(|| format!("#{}", exchange.campaign_id)),
        sanitize(exchange.status.as_str()),
        exchange.updated_at.map(|t| zone.date_time(t.0)).unwrap_or_default(),
    ]
}

pub const MEETING_COLUMNS: [&str; 7] =
    ["Day", "Time", "Their time", "Contact", "Bot", "Campaign", "Summary"];

/// The meeting's day in the user's zone, `Mon 2024-05-06`.
pub fn meeting_day(meeting: &Meeting, zone: &Zone) -> String {
    meeting.start.map(|t| zone.format(t.0, "%a %Y-%m-%d")).unwrap_or_else(|| "no date".into())
}

/// Start–end in the user's zone.
pub fn meeting_time(meeting: &Meeting, zone: &Zone) -> String {
    let at = |t: Option<crate::api::Timestamp>| t.map(|t| zone.format(t.0, "%H:%M"));
    match (at(meeting.start), at(meeting.end)) {
        (Some(start), Some(end)) => format!("{start}–{end}"),
        (Some(start), None) => start,
        _ => String::new(),
    }
}

/// Start–end in the meeting's own zone with its abbreviation (`11:00–11:45 EDT`), only when
/// that reads differently from the user's zone.
pub fn meeting_their_time(meeting: &Meeting, zone: &Zone) -> String {
    let (Some(name), Some(start)) = (meeting.iana_timezone.as_deref(), meeting.start) else {
        return String::new();
    };
    let theirs = |t: crate::api::Timestamp, format| in_named_zone(t.0, name.trim(), format);
    let Some(their_start) = theirs(start, "%H:%M") else {
        return String::new();
    };
    if their_start == zone.format(start.0, "%H:%M") {
        return String::new();
    }
    let their_end = meeting
        .end
        .and_then(|end| theirs(end, "%H:%M"))
        .map(|e| format!("–{e}"))
        .unwrap_or_default();
    let abbreviation = theirs(start, "%Z").unwrap_or_default();
    sanitize(&format!("{their_start}{their_end} {abbreviation}"))
}

/// The meeting's own zone and its abbreviation: `America/New_York (EDT)`.
pub fn meeting_zone(meeting: &Meeting) -> String {
    let Some(name) = meeting.iana_timezone.as_deref().map(str::trim) else {
        return String::new();
    };
    match meeting.start.and_then(|start| in_named_zone(start.0, name, "%Z")) {
        Some(abbreviation) => format!("{} ({abbreviation})", sanitize(name)),
        None => sanitize(name),
    }
}

pub fn meeting_cells(meeting: &Meeting, zone: &Zone) -> [String; 7] {
    [
        meeting_day(meeting, zone),
        meeting_time(meeting, zone),
        meeting_their_time(meeting, zone),
        person_name(meeting.contact.as_ref()),
        person_name(meeting.bot.as_ref()),
        meeting.campaign.as_ref().map(|c| sanitize(&c.name)).unwrap_or_default(),
        meeting.summary.as_deref().map(sanitize).unwrap_or_default(),
    ]
}

pub const BOT_COLUMNS: [&str; 8] =
    ["E-mail", "Name", "Status", "Mailbox", "Warm-up", "Pool", "Health", "Problems"];

/// `volume/limit +increment`, with `-` for what is missing.
pub fn warmup(bot: &Bot) -> String {
    let n = |v: Option<i64>| v.map_or("-".to_string(), |v| v.to_string());
    format!("{}/{} +{}", n(bot.initial_volume), n(bot.max_daily_limit), n(bot.warmup_increment))
}

/// The five health checks as letters, upper case when passing and `✗`-marked when not:
/// MX, SPF, CNAME record, SSL, auth.
pub fn health_checks(bot: &Bot) -> [(&'static str, Option<bool>); 5] {
    let dns = bot.dns_validation.as_ref();
    let cname = bot.cname_record.as_ref();
    let auth = (!bot.auth_data.is_empty()).then(|| bot.auth_data.iter().all(|a| a.is_valid));
    [
        ("MX", dns.map(|d| d.mx)),
        ("SPF", dns.map(|d| d.spf)),
        ("CNAME", cname.map(|c| c.valid_record)),
        ("SSL", cname.map(|c| c.valid_ssl)),
        ("AUTH", auth),
    ]
}

pub fn health_text(bot: &Bot) -> String {
    health_checks(bot)
        .iter()
        .map(|(name, ok)| match ok {
            Some(true) => format!("{name}✓"),
            Some(false) => format!("{name}✗"),
            None => format!("{name}-"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn bot_cells(bot: &Bot) -> [String; 8] {
    [
        sanitize(&bot.email),
        name_or_email(&bot.first_name, &bot.last_name, ""),
        sanitize(bot.status.as_str()),
        sanitize(bot.mailbox_status.as_str()),
        warmup(bot),
        if bot.in_pool { "yes".into() } else { "no".into() },
        health_text(bot),
        sanitize(&crate::bots::verdict(bot)),
    ]
}

pub const CONTACT_COLUMNS: [&str; 5] = ["E-mail", "Name", "Tags", "Time zone", "DNC"];

pub fn contact_cells(contact: &Contact) -> [String; 5] {
    [
        sanitize(&contact.email),
        name_or_email(&contact.first_name, &contact.last_name, ""),
        sanitize(&contact.tags.join(", ")),
        contact.timezone.as_deref().map(sanitize).unwrap_or_default(),
        if contact.dnc { "DNC".into() } else { String::new() },
    ]
}

/// The filter's text of a row: its cells joined by the column separator.
pub fn haystack<const N: usize>(cells: [String; N]) -> String {
    cells.join(&crate::tui::filter::COLUMN_SEPARATOR.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{CnameRecord, DnsValidation, Timestamp};

    #[test]
    fn meeting_time_in_their_zone_only_when_it_differs() {
        let zone = Zone::Named(chrono_tz::Europe::London);
        let meeting = Meeting {
            id: 1,
            start: Timestamp::parse("2024-05-06T08:30:00"),
            end: Timestamp::parse("2024-05-06T09:00:00"),
            iana_timezone: Some("Europe/Berlin".into()),
            ..Meeting::default()
        };
        assert_eq!(meeting_time(&meeting, &zone), "09:30–10:00");
        assert_eq!(meeting_their_time(&meeting, &zone), "10:30–11:00 CEST");
        assert_eq!(meeting_zone(&meeting), "Europe/Berlin (CEST)");
        assert_eq!(meeting_day(&meeting, &zone), "Mon 2024-05-06");
        let same = Meeting { iana_timezone: Some("Europe/London".into()), ..meeting.clone() };
        assert_eq!(meeting_their_time(&same, &zone), "");
        let unknown = Meeting { iana_timezone: Some("Nowhere/Land".into()), ..meeting };
        assert_eq!(meeting_their_time(&unknown, &zone), "");
    }

    #[test]
    fn bot_health_reads_at_a_glance() {
        let bot = Bot {
            id: 1,
            dns_validation: Some(DnsValidation { mx: true, spf: false }),
            cname_record: Some(CnameRecord {
                valid_record: true,
                valid_ssl: true,
                ..CnameRecord::default()
            }),
            initial_volume: Some(20),
            max_daily_limit: Some(50),
            ..Bot::default()
        };
        assert_eq!(health_text(&bot), "MX✓ SPF✗ CNAME✓ SSL✓ AUTH-");
        assert_eq!(warmup(&bot), "20/50 +-");
    }

    #[test]
    fn names_fall_back_to_the_address_and_are_sanitised() {
        assert_eq!(name_or_email(" ", "", "a@b.c"), "a@b.c");
        assert_eq!(name_or_email("Ann\u{1b}[2J", "Lee", ""), "Ann[2J Lee");
    }
}
