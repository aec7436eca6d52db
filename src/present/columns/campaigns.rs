//! Campaigns: name, status, when created; the CLI adds the id and settings a script needs,
//! the dashboard the tracking at a glance and the results of the chosen range (replies,
//! Interested, meetings booked, last activity) from [`crate::results`].

use super::{results, trend};
use crate::api::Campaign;
use crate::inbox::Category;
use crate::present::column::{ANY, Cell, Column, Context, Value};
use crate::present::tone::{self, Tone};
use crate::results::{Group, Tally};

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
    Col::new("Created", "CREATED", (16, 16), |c, _| {
        Cell::time(c.created_at, c.unread.text("created_at"))
    })
    .drop(2)
}

fn tracking_column() -> Col {
    Col::new("Tracking", "TRACKING", (10, 10), |c, _| Cell::text(tracking(c))).drop(3)
}

/// The length of the meetings the campaign books. The spec gives no unit; minutes, as the
/// values (15 to 60) and the simulator's bookings read them. Not "MEETING": that read as
/// a count of meetings.
fn meeting_duration() -> Col {
    Col::new("Meeting minutes", "MTG MIN", (ANY, ANY), |c, _| {
        Cell::new(Value::OptInt(c.meeting_duration))
    })
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

/// A count of the campaign's results ([`results::count_cell`]).
fn result_cell(
    campaign: &Campaign,
    context: &Context,
    count: fn(&Tally) -> usize,
    tone: Tone,
) -> Cell {
    results::count_cell(context.results.map(|r| r.campaign(campaign.id)), count, tone)
}

fn replies() -> Col {
    Col::new("Replies", "REPLIES", (7, 7), |c, context| {
        result_cell(c, context, |t| t.replies, Tone::Plain)
    })
    .right()
}

fn interested() -> Col {
    Col::new("Interested", "INTERESTED", (10, 10), |c, context| {
        result_cell(c, context, Tally::interested, Category::Interested.tone())
    })
    .right()
    .drop(2)
}

fn meetings() -> Col {
    Col::new("Meetings", "MEETINGS", (8, 8), |c, context| {
        result_cell(c, context, |t| t.meetings.booked, Tone::Good)
    })
    .right()
    .drop(1)
}

fn last_activity() -> Col {
    Col::new("Last activity", "LAST ACTIVITY", (16, 16), |c, context| {
        let last = context.results.and_then(|r| r.campaign(c.id)).and_then(|t| t.last_activity);
        Cell::new(Value::Time(last)).tone(Tone::Dim)
    })
    .drop(4)
}

/// Replies a day over the last 14 days.
fn trend_column() -> Col {
    trend::column(
        |c, context| trend::cell(Group::Campaign, c.id, context),
        |c, context| trend::total(Group::Campaign, c.id, context),
    )
}

pub(crate) fn screen() -> Vec<Col> {
    vec![
        name(),
        status(),
        trend_column(),
        replies(),
        interested(),
        meetings(),
        last_activity(),
        created().drop(5),
        tracking_column().drop(6),
    ]
}

/// A group's merged Campaigns: what each organisation's read brings (no results).
pub(crate) fn merged() -> Vec<Col> {
    vec![name(), status(), created().drop(5), tracking_column().drop(6)]
}

pub(crate) fn cli() -> Vec<Col> {
    vec![
        id(),
        name(),
        status(),
        trend_column(),
        created(),
        test_mode(),
        unsubscribe(),
        meeting_duration(),
    ]
}
