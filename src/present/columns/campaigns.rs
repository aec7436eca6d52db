//! Campaigns: name, status, when created; the CLI adds the id and settings a script needs,
//! the dashboard the tracking at a glance.

use crate::api::Campaign;
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::tone;

type Col = Column<Campaign>;

/// "email+link", "email", "link" or "off".
pub(crate) fn tracking(campaign: &Campaign) -> &'static str {
    match (campaign.email_tracking, campaign.link_tracking) {
        (true, true) => "email+link",
        (true, false) => "email",
        (false, true) => "link",
        (false, false) => "off",
    }
}

fn id() -> Col {
    Col::new("Id", "ID", (ANY, ANY), |c, _| Cell::new(Value::Int(c.id))).right()
}

fn name() -> Col {
    Col::new("Name", "NAME", (16, 48), |c, _| Cell::text(&c.name))
}

fn status() -> Col {
    Col::new("Status", "STATUS", (9, 12), |c, _| {
        Cell::text(c.status.as_str()).tone(tone::campaign_status(&c.status))
    })
    .drop(1)
}

fn created() -> Col {
    Col::new("Created", "CREATED", (16, 16), |c, _| Cell::new(Value::Time(c.created_at))).drop(2)
}

fn tracking_column() -> Col {
    Col::new("Tracking", "TRACKING", (10, 10), |c, _| Cell::text(tracking(c))).drop(3)
}

fn meeting_duration() -> Col {
    Col::new("Meeting", "MEETING", (ANY, ANY), |c, _| Cell::new(Value::OptInt(c.meeting_duration)))
        .right()
        .drop(3)
}

fn test_mode() -> Col {
    Col::new("Test mode", "TEST MODE", (ANY, ANY), |c, _| Cell::new(Value::Flag(c.test_mode)))
        .drop(4)
}

fn unsubscribe() -> Col {
    Col::new("Unsubscribe", "UNSUBSCRIBE", (ANY, ANY), |c, _| {
        Cell::text(c.unsubscribe_mode.as_str())
    })
    .drop(5)
}

pub(crate) fn screen() -> Vec<Col> {
    vec![name(), status(), created(), tracking_column()]
}

pub(crate) fn cli() -> Vec<Col> {
    vec![id(), name(), status(), created(), test_mode(), unsubscribe(), meeting_duration()]
}
