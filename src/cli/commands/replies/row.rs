//! One row of `outreach replies`: an exchange with what the inbox knows of it (category, new,
//! handled, snippet), and the table and CSV columns of such rows. JSON gives the API's
//! exchange with those fields added. The dashboard draws its inbox with columns of its own.

use crate::api::{Exchange, Timestamp};
use crate::clock::{SHORT_AGE_WIDTH, short_age};
use crate::inbox::snooze::day_words;
use crate::inbox::{Category, Writer, quiet, waits_on_us};
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
    /// Interested or Referral: a reply that loses value by the hour.
    pub hot: bool,
    /// Hot, not handled or snoozed, and the contact spoke last (or who did is not known
    /// yet): it waits on us, as the dashboard and `status` count it.
    pub waiting: bool,
    /// Who wrote the latest message, once its chain was read (`contact`, `bot`, or `away`
    /// for the contact's automatic absence notice); null while not known.
    #[serde(rename = "last_writer", serialize_with = "writer")]
    pub last: Option<Writer>,
    /// The latest message is the contact's automatic absence notice.
    pub away: bool,
    /// For an absence notice, the day the contact is back (the reply is new again then).
    pub back_on: Option<chrono::NaiveDate>,
    /// Snoozed: hidden until this moment (UTC), then back as new (listed with `--snoozed`).
    #[serde(serialize_with = "zoned")]
    pub snoozed_until: Option<Timestamp>,
    /// Who handled it, with a team store (null without one, or when not handled).
    pub handled_by: Option<String>,
    /// The teammate it is assigned to, with a team store.
    pub assigned_to: Option<String>,
    /// With `--snippets`: the first meaningful line of the contact's latest message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<String>,
    /// The moment the reply counts as having moved (its `updated_at`, or when it came back
    /// from a snooze or an absence): what `--mark-seen` records.
    #[serde(skip)]
    pub moved_at: Option<Timestamp>,
    #[serde(skip)]
    judged: Judged,
}

/// What "new" is judged from, kept to judge it again once an absence is read.
#[derive(Debug, Clone, Copy)]
struct Judged {
    mark: Option<Mark>,
    first_use: Timestamp,
    now: Timestamp,
}

fn writer<S: Serializer>(last: &Option<Writer>, serializer: S) -> Result<S::Ok, S::Error> {
    match last {
        Some(Writer::Them) => serializer.serialize_str("contact"),
        Some(Writer::Bot) => serializer.serialize_str("bot"),
        Some(Writer::Away) => serializer.serialize_str("away"),
        None => serializer.serialize_none(),
    }
}

/// A moment of ours (not the server's naive time), with its zone: `2026-12-24T00:00:00Z`.
fn zoned<S: Serializer>(at: &Option<Timestamp>, serializer: S) -> Result<S::Ok, S::Error> {
    match at {
        Some(at) => {
            serializer.serialize_str(&at.0.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        }
        None => serializer.serialize_none(),
    }
}

fn slug<S: Serializer>(category: &Category, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&category.slug())
}

impl Reply {
    /// A reply with its mark, judged at `now`: new since the user's last look, handled,
    /// snoozed ([`crate::inbox::quiet`]: a snooze that ended brings it back as new).
    pub fn new(
        exchange: Exchange,
        mark: Option<&Mark>,
        first_use: Timestamp,
        now: Timestamp,
    ) -> Reply {
        let snoozed = mark.and_then(|mark| mark.snoozed_until);
        let mut reply = Reply {
            category: Category::of(&exchange.status),
            new: false,
            handled: mark.is_some_and(|mark| mark.handled_at(exchange.updated_at)),
            hot: Category::of(&exchange.status).is_hot(),
            waiting: false,
            away: false,
            back_on: None,
            snoozed_until: quiet::is_quiet(snoozed, now).then_some(snoozed).flatten(),
            handled_by: None,
            assigned_to: None,
            snippet: None,
            last: None,
            moved_at: None,
            judged: Judged { mark: mark.copied(), first_use, now },
            exchange,
        };
        reply.judge(None);
        reply
    }

    /// What its chain says (who wrote last, an absence and when the contact is back),
    /// from the one look's reading: "new" and "waiting" are judged again from it.
    pub fn learn(&mut self, snippet: Option<&crate::inbox::Snippet>) {
        self.last = snippet.map(|snippet| snippet.last);
        self.away = self.last == Some(Writer::Away);
        self.back_on = snippet.and_then(|snippet| snippet.away).map(|away| away.back_on);
        self.judge(snippet.and_then(|snippet| snippet.back));
    }

    /// Judges "new" and "waiting" again knowing when the contact is `back` from an absence
    /// (its chain read): quiet until then, new from then.
    pub fn judge(&mut self, back: Option<Timestamp>) {
        let Judged { mark, first_use, now } = self.judged;
        let snoozed = mark.and_then(|mark| mark.snoozed_until);
        let until = quiet::quiet_until(snoozed, back);
        self.moved_at = quiet::moved_at(self.exchange.updated_at, until, now);
        self.new = local::is_new(mark.as_ref(), self.moved_at, first_use);
        self.waiting = self.is_waiting_on_us();
    }

    /// An unhandled Interested or Referral reply in which the contact spoke last: one that
    /// loses value by the hour ([`waits_on_us`], as the dashboard counts them).
    pub fn is_waiting_on_us(&self) -> bool {
        self.snoozed_until.is_none() && waits_on_us(&self.category, self.handled, self.last)
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
    .sort_by(|r, context| crate::present::sort::SortKey::age(r.exchange.updated_at, context.now))
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

/// Until when a snoozed reply sleeps, as a day in the user's zone ("Thu 24 Dec").
fn snoozed() -> Col {
    Col::new("Snoozed until", "SNOOZED_UNTIL", (ANY, ANY), |r, context| {
        let day = r.snoozed_until.map(|until| context.zone.date(until.0));
        Cell::text(
            day.map(|day| day_words(day, context.zone.date(context.now))).unwrap_or_default(),
        )
    })
}

/// The columns of the table and CSV; the snippet only when asked for (it costs a request
/// per reply), the snooze's day when the snoozed replies are listed, who a reply is assigned
/// to with a team store. The UPDATED time is for CSV: a table is given only as wide as the
/// terminal, where AGE says it in four characters.
pub fn columns(snippets: bool, snoozed_list: bool, team: bool) -> Vec<Col> {
    let mut columns = vec![id(), new(), handled(), category(), age(), contact()];
    if team {
        columns.insert(3, assigned());
    }
    if snoozed_list {
        columns.insert(3, snoozed());
    }
    if snippets {
        columns.push(snippet());
    }
    columns.extend([campaign(), bot(), contact_email(), updated()]);
    columns
}
