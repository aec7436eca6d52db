//! Contacts: address, name, do-not-contact, tags, time zone; the CLI adds the id and the
//! custom data.

use crate::api::Contact;
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::names::full_name;
use crate::present::tone::{self, Tone};

type Col = Column<Contact>;

fn id() -> Col {
    Col::new("Id", "ID", (ANY, ANY), |c, _| Cell::new(Value::Int(c.id))).right()
}

fn email() -> Col {
    Col::new("E-mail", "EMAIL", (18, 32), |c, _| Cell::text(c.email()))
}

fn name() -> Col {
    Col::new("Name", "NAME", (14, 28), |c, _| Cell::text(full_name(c.first_name(), c.last_name())))
        .drop(2)
}

/// On screen a mark only where it applies: the rows that are DNC stand out.
fn dnc_mark() -> Col {
    Col::new("DNC", "DNC", (3, 3), |c, _| {
        Cell::text(if c.dnc { "DNC" } else { "" }).tone(tone::dnc(c.dnc))
    })
    .drop(1)
}

/// In the CLI a yes/no a script can read.
fn dnc_flag() -> Col {
    Col::new("DNC", "DNC", (ANY, ANY), |c, _| Cell::new(Value::Flag(c.dnc)).tone(tone::dnc(c.dnc)))
        .drop(1)
}

fn tags() -> Col {
    Col::new("Tags", "TAGS", (10, 48), |c, _| Cell::text(c.tags.join(", ")).tone(Tone::Accent))
        .drop(4)
}

fn timezone() -> Col {
    Col::new("Time zone", "TIMEZONE", (16, 24), |c, _| {
        Cell::text(c.timezone.as_deref().unwrap_or_default()).tone(Tone::Dim)
    })
    .drop(3)
}

fn custom_data() -> Col {
    Col::new("Custom data", "CUSTOM DATA", (10, 60), |c, _| Cell::text(c.custom_data().to_json()))
        .drop(5)
}

pub(crate) fn screen() -> Vec<Col> {
    vec![email(), name(), tags(), timezone(), dnc_mark()]
}

pub(crate) fn cli() -> Vec<Col> {
    vec![id(), email(), name(), dnc_flag(), tags(), timezone(), custom_data()]
}
