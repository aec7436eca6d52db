//! Exchanges (bot ↔ contact conversations): who, in which campaign, where it stands, when
//! it last moved. The dashboard names the campaign and bot; the CLI gives their ids and
//! addresses for scripts.

use crate::api::Exchange;
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::names::party_name;
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

fn organisation() -> Col {
    Col::new("Organisation", "ORGANISATION", (12, 26), |e, _| Cell::text(&e.contact.organisation))
        .drop(5)
}

fn bot_name() -> Col {
    Col::new("Bot", "BOT", (14, 26), |e, _| Cell::text(party_name(&e.bot)).tone(Tone::Dim)).drop(4)
}

fn bot_email() -> Col {
    Col::new("Bot", "BOT", (10, 32), |e, _| Cell::text(&e.bot.email)).drop(4)
}

fn campaign_name() -> Col {
    Col::new("Campaign", "CAMPAIGN", (14, 28), |e, context| {
        Cell::text(
            context
                .campaigns
                .campaign_name(e.campaign_id)
                .map(str::to_string)
                .unwrap_or_else(|| format!("#{}", e.campaign_id)),
        )
    })
    .drop(3)
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
        Cell::new(Value::Time(e.updated_at)).tone(Tone::Dim)
    })
    .drop(2)
}

pub(crate) fn screen() -> Vec<Col> {
    vec![contact(), organisation(), bot_name(), campaign_name(), status(), updated()]
}

pub(crate) fn cli() -> Vec<Col> {
    vec![id(), updated(), status(), campaign_id(), contact(), contact_email(), bot_email()]
}
