//! One row of `outreach replies`: an exchange with what the inbox knows of it (category, new,
//! handled, snippet), and the table and CSV columns of such rows. JSON gives the API's
//! exchange with those fields added. The dashboard draws its inbox with columns of its own.

use crate::api::{Exchange, Timestamp};
use crate::clock::{SHORT_AGE_WIDTH, short_age};
use crate::inbox::{Category, Writer, waits_on_us};
use crate::local::{self, Mark};
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::names::party_name;
use crate::present::tone::Tone;
use serde::{Serialize, Serializer};

/// A reply as `outreach replies` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct Reply {
    #[serde(flatten)]
    pub exchange: Exchange,
    /// The category's name as `--category` takes it (`interested`, `not-now` …).
    #[serde(serialize_with = "slug")]
    pub category: Category,
    /// Moved since the user last looked (`--mark-seen`, or opened in the dashboard).
    pub new: bool,
    /// Marked handled (on this machine, or in the team store).
    pub handled: bool,
    /// Who handled it, with a team store.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handled_by: Option<String>,
    /// The teammate it is assigned to, with a team store.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assigned_to: Option<String>,
    /// With `--snippets`: the first meaningful line of the contact's latest message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<String>,
    /// Who wrote the latest message, when its chain was read (`--check` reads it).
    #[serde(skip)]
    pub last: Option<Writer>,
}

fn slug<S: Serializer>(category: &Category, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&category.slug())
}

impl Reply {
    pub fn new(exchange: Exchange, mark: Option<&Mark>, first_use: Timestamp) -> Reply {
        Reply {
            category: Category::of(&exchange.status),
            new: local::is_new(mark, exchange.updated_at, first_use),
            handled: mark.is_some_and(|mark| mark.handled_at(exchange.updated_at)),
            handled_by: None,
            assigned_to: None,
            snippet: None,
            last: None,
            exchange,
        }
    }

    /// An unhandled Interested or Referral reply in which the contact spoke last: one that
    /// loses value by the hour ([`waits_on_us`], as the dashboard counts them).
    pub fn is_waiting_on_us(&self) -> bool {
        waits_on_us(&self.category, self.handled, self.last)
    }
}

type Col = Column<Reply>;

fn id() -> Col {
    Col::new("Id", "ID", (ANY, ANY), |r, _| Cell::new(Value::Int(r.exchange.id))).right()
}

fn new() -> Col {
    Col::new("New", "NEW", (3, 3), |r, _| {
        if r.new { Cell::text("new").tone(Tone::Accent) } else { Cell::text("") }
    })
}

fn handled() -> Col {
    Col::new("Handled", "HANDLED", (7, 7), |r, _| {
        Cell::text(if r.handled { "handled" } else { "" }).tone(Tone::Dim)
    })
    .drop(3)
}

fn category() -> Col {
    Col::new("Category", "CATEGORY", (8, 14), |r, _| {
        Cell::text(r.category.label()).tone(r.category.tone())
    })
}

/// `12m`, `3h`, `2d` since the last activity; CSV gets the time itself.
fn age() -> Col {
    Col::new("Age", "AGE", (SHORT_AGE_WIDTH, SHORT_AGE_WIDTH), |r, context| {
        Cell::text(r.exchange.updated_at.map(|at| short_age(at.0, context.now)).unwrap_or_default())
            .tone(Tone::Dim)
    })
    .right()
    .not_in_csv()
}

fn updated() -> Col {
    Col::new("Updated", "UPDATED", (ANY, ANY), |r, _| {
        Cell::time(r.exchange.updated_at, r.exchange.unread.text("updated_at"))
    })
    .drop(9)
}

fn contact() -> Col {
    Col::new("Contact", "CONTACT", (14, 28), |r, _| Cell::text(party_name(&r.exchange.contact)))
}

fn contact_email() -> Col {
    Col::new("E-mail", "EMAIL", (12, 32), |r, _| Cell::text(&r.exchange.contact.email)).drop(6)
}

fn campaign() -> Col {
    Col::new("Campaign", "CAMPAIGN", (ANY, ANY), |r, _| {
        Cell::new(Value::Int(r.exchange.campaign_id))
    })
    .right()
    .drop(4)
}

fn bot() -> Col {
    Col::new("Bot", "BOT", (10, 32), |r, _| Cell::text(&r.exchange.bot.email)).drop(5)
}

/// With a team store: to whom the reply is assigned.
fn assigned() -> Col {
    Col::new("Assigned", "ASSIGNED", (4, 16), |r, _| {
        Cell::text(r.assigned_to.clone().unwrap_or_default())
    })
    .drop(7)
}

/// Never left out: it was asked for; on a narrow terminal it is cut instead.
fn snippet() -> Col {
    Col::new("Latest reply", "SNIPPET", (16, 80), |r, _| {
        Cell::text(r.snippet.clone().unwrap_or_default())
    })
}

/// The columns of the table and CSV; the snippet only when asked for (it costs a request
/// per reply). The UPDATED time is for CSV: a table is given only as wide as the terminal,
/// where AGE says it in four characters.
pub fn columns(snippets: bool, team: bool) -> Vec<Col> {
    let mut columns = vec![id(), new(), handled(), category(), age(), contact()];
    if team {
        columns.insert(3, assigned());
    }
    if snippets {
        columns.push(snippet());
    }
    columns.extend([campaign(), bot(), contact_email(), updated()]);
    columns
}
