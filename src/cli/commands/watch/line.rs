//! One line per event on stdout: words for a person (a terminal, a log) or one JSON object
//! (`-o json`, the same object a hook reads on stdin). Names were sanitised when the event
//! was made, but statuses are the server's own words (an unknown one as it came): the line
//! is sanitised whole as it leaves, whatever filled it; the JSON is cleaned on its way out
//! by `hooks::env::json`.

use crate::clock::{Zone, short_age};
use crate::observe::{Event, EventKind};
use crate::text::sanitize;

/// The event in words: when, which profile, what, about whom.
pub fn text(event: &Event, zone: &Zone) -> String {
    let who = match (&event.contact_name, &event.contact_email) {
        (Some(name), Some(email)) if name != email => format!("{name} <{email}>"),
        (Some(name), _) => name.clone(),
        (None, Some(email)) => email.clone(),
        (None, None) => String::new(),
    };
    let campaign = event.campaign.as_ref().map(|name| format!("'{name}'"));
    let category = event.category.clone().unwrap_or_default();
    let exchange = event.exchange_id.map(|id| format!("exchange {id}"));
    let parts: Vec<Option<String>> = match event.kind {
        EventKind::ReplyReceived => vec![exchange, Some(category), Some(who), campaign],
        EventKind::CategoryChanged => {
            let before = event.previous_category.clone().unwrap_or_default();
            vec![exchange, Some(format!("{before} → {category}")), Some(who), campaign]
        }
        EventKind::MeetingBooked | EventKind::MeetingCancelled => vec![
            event.meeting_id.map(|id| format!("meeting {id}")),
            Some(who),
            event.since.map(|start| format!("starts {}", zone.date_time(start))),
            campaign,
        ],
        EventKind::BotChanged => vec![
            event.bot_id.map(|id| format!("bot {id}")),
            event.bot_email.clone(),
            Some(format!(
                "{} → {}",
                event.from.as_deref().unwrap_or("?"),
                event.to.as_deref().unwrap_or("?")
            )),
        ],
        EventKind::SlaBreached => vec![
            exchange,
            Some(match event.since {
                Some(since) => format!("{category}, waiting {}", short_age(since, event.at)),
                None => category,
            }),
            Some(who),
            campaign,
        ],
        EventKind::OptOutPending => vec![
            exchange,
            Some(format!("{who} asked to stop and is not on do-not-contact")),
            campaign,
        ],
    };
    let details: Vec<String> = parts.into_iter().flatten().filter(|p| !p.is_empty()).collect();
    sanitize(&format!(
        "{}  {}  {}  {}",
        zone.date_time(event.at),
        event.profile,
        event.kind.name(),
        details.join(" · ")
    ))
}
