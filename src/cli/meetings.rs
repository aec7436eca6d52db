//! `outreach meetings list`.

use super::GlobalArgs;
use super::args::parse_day;
use super::context::Context;
use super::exchanges::check_range;
use super::exit::{CliError, Exit};
use super::output::{Cell, Column, OutputArgs, full_name, print_list, warn};
use super::table::Tone;
use crate::api::{Meeting, MeetingQuery};
use chrono::NaiveDate;
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
    /// Meetings on or after this day (YYYY-MM-DD, today, -Nd, +Nd …).
    #[arg(long, value_name = "DATE", value_parser = parse_day, allow_hyphen_values = true)]
    pub since: Option<NaiveDate>,
    /// Meetings on or before this day.
    #[arg(long, value_name = "DATE", value_parser = parse_day, allow_hyphen_values = true)]
    pub until: Option<NaiveDate>,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub async fn run(global: &GlobalArgs, command: MeetingsCommand) -> Result<Exit, CliError> {
    let MeetingsCommand::List(args) = command;
    check_range(args.since, args.until)?;
    let context = Context::connect(global).await?;
    let query = MeetingQuery { start_date: args.since, end_date: args.until };
    let meetings = context.client.list_meetings(&query).await?;
    if let Some(warning) = meetings.warning("meetings") {
        warn(&context.term, &warning);
    }
    print_list(&meetings.items, &columns(), args.output.format(&context.term), &context.term)?;
    Ok(Exit::Ok)
}

/// The start in the meeting's own zone: `09:30 Europe/Paris`.
fn their_time(meeting: &Meeting) -> String {
    let (Some(start), Some(zone)) = (meeting.start, meeting.iana_timezone.as_deref()) else {
        return String::new();
    };
    match zone.parse::<chrono_tz::Tz>() {
        Ok(tz) => format!("{} {zone}", start.0.with_timezone(&tz).format("%H:%M")),
        Err(_) => String::new(),
    }
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
