//! `outreach meetings list`.

use super::GlobalArgs;
use super::args::DayRange;
use super::context::Context;
use super::exit::{CliError, Exit};
use super::output::{Cell, Column, OutputArgs, full_name, print_listed};
use super::table::Tone;
use crate::api::{Meeting, MeetingQuery};
use crate::clock::in_named_zone;
use clap::{Args, Subcommand};

#[derive(Debug, Clone, Subcommand)]
pub enum MeetingsCommand {
    /// List meetings booked from exchanges.
    #[command(after_help = "\
Examples:
  outreach meetings list --since today --until +7d
  outreach meetings list --since 2024-05-01 -o csv > may.csv

Times are shown in your zone; THEIR TIME is the meeting's own zone.")]
    List(ListArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub range: DayRange,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub async fn run(global: &GlobalArgs, command: MeetingsCommand) -> Result<Exit, CliError> {
    let MeetingsCommand::List(args) = command;
    args.range.check()?;
    let context = Context::connect(global).await?;
    let query = MeetingQuery { start_date: args.range.since, end_date: args.range.until };
    let meetings = context.client.list_meetings(&query).await?;
    print_listed(&meetings, "meetings", &columns(), &args.output, &context.term)
}

/// The start in the meeting's own zone: `09:30 Europe/Paris`.
fn their_time(meeting: &Meeting) -> String {
    let (Some(start), Some(zone)) = (meeting.start, meeting.iana_timezone.as_deref()) else {
        return String::new();
    };
    in_named_zone(start.0, zone, "%H:%M").map(|time| format!("{time} {zone}")).unwrap_or_default()
}

fn person_name(person: &Option<crate::api::Person>) -> String {
    person.as_ref().map(|p| full_name(&p.first_name, &p.last_name)).unwrap_or_default()
}

fn columns() -> Vec<Column<Meeting>> {
    type Col = Column<Meeting>;
    let dim_if_cancelled = |m: &Meeting| if m.cancelled { Tone::Dim } else { Tone::Plain };
    vec![
        Col::new("ID", |m| Cell::Int(m.id)),
        Col::new("START", |m| Cell::Time(m.start)).tone(dim_if_cancelled),
        Col::new("STATUS", |m| Cell::Text(if m.cancelled { "cancelled" } else { "booked" }.into()))
            .tone(|m| if m.cancelled { Tone::Dim } else { Tone::Good }),
        Col::new("CONTACT", |m| Cell::Text(person_name(&m.contact))).shrink(8),
        Col::new("EMAIL", |m| {
            Cell::Text(m.contact.as_ref().map(|c| c.email.clone()).unwrap_or_default())
        })
        .shrink(12)
        .optional(3),
        Col::new("CAMPAIGN", |m| {
            Cell::Text(m.campaign.as_ref().map(|c| c.name.clone()).unwrap_or_default())
        })
        .shrink(8)
        .optional(2),
        Col::new("THEIR TIME", |m| Cell::Text(their_time(m))).optional(4),
        Col::new("END", |m| Cell::Time(m.end)).optional(6),
        Col::new("LINK", |m| Cell::Text(m.meeting_link.clone().unwrap_or_default()))
            .shrink(10)
            .optional(5),
    ]
}
