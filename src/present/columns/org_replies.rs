//! A reply of one organisation of a group, as the dashboard's merged inbox lists it beside
//! the other organisations' replies: only what its row shows and what a write on it needs
//! (its id, who wrote, the category, when it moved, the campaign, new / handled / snoozed
//! as that organisation's marks say), never the exchange's whole text. The organisation's
//! own column is drawn by the dashboard, which knows whose row it is.

use crate::api::{Exchange, Timestamp};
use crate::inbox::{Category, Facts};
use crate::present::column::{Cell, Column, Value};
use crate::present::columns::exchanges::{Moved, age};
use crate::present::names::party_name;
use crate::present::tone::Tone;
use crate::text::sanitize;

/// One reply of an organisation, light: its texts already sanitised.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgReply {
    pub id: i64,
    /// The contact's name, else their address.
    pub contact: String,
    pub email: String,
    pub category: Category,
    pub updated_at: Option<Timestamp>,
    /// The campaign's name, else `#ID`.
    pub campaign: String,
    pub new: bool,
    pub handled: bool,
    pub snoozed_until: Option<Timestamp>,
}

impl OrgReply {
    /// The reply as `facts` (its organisation's marks) judge it, in `campaign`.
    pub fn of(exchange: &Exchange, facts: &dyn Facts, campaign: Option<&str>) -> OrgReply {
        OrgReply {
            id: exchange.id,
            contact: sanitize(&party_name(&exchange.contact)),
            email: sanitize(&exchange.contact.email),
            category: Category::of(&exchange.status),
            updated_at: exchange.updated_at,
            campaign: campaign
                .map(sanitize)
                .unwrap_or_else(|| format!("#{}", exchange.campaign_id)),
            new: facts.is_new(exchange),
            handled: facts.is_handled(exchange),
            snoozed_until: facts.snoozed_until(exchange),
        }
    }

    /// Whether `word` is in one of the row's texts, case aside.
    pub fn matches(&self, word: &str) -> bool {
        let word = word.to_lowercase();
        [self.contact.as_str(), &self.email, &self.campaign, self.category.label()]
            .iter()
            .any(|text| text.to_lowercase().contains(&word))
    }
}

impl Moved for OrgReply {
    fn moved_at(&self) -> Option<Timestamp> {
        self.updated_at
    }
}

type Col = Column<OrgReply>;

/// `●` new since the last look, `✓` handled.
fn marker() -> Col {
    Col::new("", "NEW", (2, 2), |r, _| {
        let new = if r.new { ("●", Tone::Accent) } else { (" ", Tone::Plain) };
        let handled = if r.handled { ("✓", Tone::Dim) } else { (" ", Tone::Plain) };
        Cell::new(Value::Parts(vec![(new.0.into(), new.1), (handled.0.into(), handled.1)]))
    })
}

fn contact() -> Col {
    Col::new("Contact", "CONTACT", (14, 24), |r, _| Cell::text(&r.contact))
}

fn category() -> Col {
    Col::new("Category", "CATEGORY", (11, 14), |r, _| {
        let cell = Cell::text(r.category.label()).tone(r.category.tone());
        if r.category == Category::NotInterested { cell.short("Declined") } else { cell }
    })
    .drop(2)
}

fn campaign() -> Col {
    Col::new("Campaign", "CAMPAIGN", (10, 24), |r, _| Cell::text(&r.campaign)).drop(5)
}

fn email() -> Col {
    Col::new("E-mail", "EMAIL", (12, 32), |r, _| Cell::text(&r.email).tone(Tone::Dim)).drop(6)
}

/// The merged inbox's columns after the organisation's, in the single inbox's order.
pub(crate) fn screen() -> Vec<Col> {
    vec![marker(), contact(), category(), age(3), campaign(), email()]
}
