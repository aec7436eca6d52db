//! Exchanges (bot ↔ contact conversations): who, in which campaign, where it stands, when
//! it last moved. The dashboard shows them as a reply inbox (new marker, contact, category,
//! snippet, who wrote last, age, campaign, bot — dropped from the right on narrow screens);
//! the CLI gives ids and addresses for scripts.

use crate::api::Exchange;
use crate::clock::{SHORT_AGE_WIDTH, short_age};
use crate::inbox::Category;
use crate::inbox::snooze::day_words;
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::names::party_name;
use crate::present::sort::SortKey;
use crate::present::tone::{self, Tone};

type Col = Column<Exchange>;

fn id() -> Col {
    Col::new("Id", "ID", (ANY, ANY), |e, _| Cell::new(Value::Int(e.id))).right()
}

fn contact() -> Col {
    Col::new("Contact", "CONTACT", (14, 28), |e, _| Cell::text(party_name(&e.contact)))
}

fn contact_email() -> Col {
    Col::new("E-mail", "EMAIL", (12, 32), |e, _| Cell::text(&e.contact.email)).drop(3)
}

fn bot_name() -> Col {
    Col::new("Bot", "BOT", (12, 22), |e, _| Cell::text(party_name(&e.bot)).tone(Tone::Dim)).drop(6)
}

fn bot_email() -> Col {
    Col::new("Bot", "BOT", (10, 32), |e, _| Cell::text(&e.bot.email)).drop(4)
}

fn campaign_name() -> Col {
    Col::new("Campaign", "CAMPAIGN", (10, 24), |e, context| {
        Cell::text(
            context
                .campaigns
                .campaign_name(e.campaign_id)
                .map(str::to_string)
                .unwrap_or_else(|| format!("#{}", e.campaign_id)),
        )
    })
    .drop(5)
}

fn campaign_id() -> Col {
    Col::new("Campaign", "CAMPAIGN", (ANY, ANY), |e, _| Cell::new(Value::Int(e.campaign_id)))
        .right()
        .drop(3)
}

fn status() -> Col {
    Col::new("Status", "STATUS", (18, 18), |e, _| {
        Cell::text(e.status.as_str()).tone(tone::exchange_status(&e.status))
    })
    .drop(1)
}

fn updated() -> Col {
    Col::new("Updated", "UPDATED", (16, 16), |e, _| {
        Cell::time(e.updated_at, e.unread.text("updated_at")).tone(Tone::Dim)
    })
    .drop(2)
}

/// `●` new since the last look, `✓` handled on this machine.
fn marker() -> Col {
    Col::new("", "NEW", (2, 2), |e, context| {
        let new = if context.inbox.is_new(e) { ("●", Tone::Accent) } else { (" ", Tone::Plain) };
        let handled =
            if context.inbox.is_handled(e) { ("✓", Tone::Dim) } else { (" ", Tone::Plain) };
        Cell::new(Value::Parts(vec![(new.0.into(), new.1), (handled.0.into(), handled.1)]))
    })
    .not_in_csv()
}

/// The contact's name, then their organisation dimmed.
fn contact_and_organisation() -> Col {
    Col::new("Contact", "CONTACT", (14, 20), |e, _| {
        let mut parts = vec![(party_name(&e.contact), Tone::Plain)];
        if !e.contact.organisation.trim().is_empty() {
            parts.push((format!(" · {}", e.contact.organisation), Tone::Dim));
        }
        Cell::new(Value::Parts(parts))
    })
}

/// With a team store: `✓ bob 2m` handled by a teammate (`✓ you`), else `→ carl` to whom
/// it is assigned.
fn team() -> Col {
    Col::new("Team", "TEAM", (6, 14), |e, context| {
        let name = |who: Option<&str>| who.map_or_else(|| "you".to_string(), str::to_string);
        if let Some((by, at)) = context.inbox.handled_by(e) {
            return Cell::text(format!("✓ {} {}", name(by), short_age(at.0, context.now)))
                .tone(Tone::Dim);
        }
        match context.inbox.assigned_to(e.id) {
            Some(None) => Cell::text("→ you").tone(Tone::Accent),
            Some(to) => Cell::text(format!("→ {}", name(to))),
            None => Cell::text(""),
        }
    })
    .drop(3)
    .only_when(|context| context.inbox.shared())
}

fn category() -> Col {
    Col::new("Category", "CATEGORY", (11, 14), |e, _| {
        let category = Category::of(&e.status);
        let cell = Cell::text(category.label()).tone(category.tone());
        // The one label longer than the narrow column, said as the API says it.
        if category == Category::NotInterested { cell.short("Declined") } else { cell }
    })
    .drop(1)
}

/// The first meaningful line of the latest message, once its chain has been read; for an
/// automatic absence notice, until when the contact is away; for a snoozed reply (listed
/// with the snoozed ones), until when it sleeps.
fn snippet() -> Col {
    Col::new("Latest message", "SNIPPET", (18, 40), |e, context| {
        if let Some(until) = context.inbox.snoozed_until(e) {
            let today = context.zone.date(context.now);
            let day = day_words(context.zone.date(until.0), today);
            return Cell::text(format!("Snoozed until {day}")).tone(Tone::Dim);
        }
        match context.inbox.snippet(e.id) {
            Some(snippet) => match snippet.away {
                Some(away) => Cell::text(away_words(away.back)).tone(Tone::Dim),
                None => Cell::text(snippet.line.clone()),
            },
            None => Cell::text("…").tone(Tone::Dim),
        }
    })
    .drop(2)
}

/// Who wrote last: `them` (our move) or `bot`.
fn last_writer() -> Col {
    Col::new("Last", "LAST", (4, 4), |e, context| match context.inbox.snippet(e.id) {
        Some(snippet) if snippet.last == crate::inbox::Writer::Them => {
            Cell::text(snippet.last.label()).tone(Tone::Warn)
        }
        Some(snippet) => Cell::text(snippet.last.label()).tone(Tone::Dim),
        None => Cell::text(""),
    })
    .drop(3)
}

/// How long ago the reply moved (`3h`), sorted by the moment; left out at `drop`.
fn age(drop: u8) -> Col {
    Col::new("Age", "AGE", (SHORT_AGE_WIDTH, SHORT_AGE_WIDTH), |e, context| {
        Cell::text(e.updated_at.map(|at| short_age(at.0, context.now)).unwrap_or_default())
            .tone(Tone::Dim)
    })
    .sort_by(|e, context| SortKey::age(e.updated_at, context.now))
    .right()
    .drop(drop)
}

pub(crate) fn screen() -> Vec<Col> {
    vec![
        marker(),
        contact_and_organisation(),
        category(),
        team(),
        snippet(),
        last_writer(),
        age(4),
        campaign_name(),
        bot_name(),
    ]
}

pub(crate) fn cli() -> Vec<Col> {
    vec![id(), updated(), status(), campaign_id(), contact(), contact_email(), bot_email()]
}

/// "Away, back Mon 7 Dec": the day the contact is back, which is what the user acts on (not
/// the last day away the notice may name); "Away (no return date)" when it gives none.
pub(crate) fn away_words(back: Option<chrono::NaiveDate>) -> String {
    match back {
        Some(day) => format!("Away, back {}", day.format("%a %-d %b")),
        None => "Away (no return date)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::away_words;
    use chrono::NaiveDate;

    #[test]
    fn an_absence_says_the_day_the_contact_is_back() {
        let sent = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        let notice = "I am out of the office until Friday 4 December.";
        let away = crate::absence::detect("Automatic reply: hi", notice, sent).unwrap();
        assert_eq!(away_words(away.back), "Away, back Mon 7 Dec");
        assert_eq!(away_words(None), "Away (no return date)");
    }
}
