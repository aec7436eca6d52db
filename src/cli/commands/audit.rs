//! `outreach audit`: the writes made from this machine, as the audit log recorded them.

use crate::api::{Listed, Timestamp};
use crate::audit::{self, Record};
use crate::cli::args::GlobalArgs;
use crate::cli::args::parse_day;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::list_writer::print_listed;
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::tone::Tone;
use chrono::{DateTime, Local, NaiveDate, Utc};
use clap::Args;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  outreach audit                      # every write recorded
  outreach audit --since -7d          # the last week's
  outreach audit --since today -o csv > writes.csv

Every write (start a campaign, add or upload a contact, DNC lists, conversions), from the
dashboard or the CLI, success or failure, is one line of $XDG_STATE_HOME/outreach/audit.jsonl:
time, profile, host, operation, what it named, HTTP status, tui or cli. Never the key.")]
pub struct AuditArgs {
    /// Writes on or after this day (YYYY-MM-DD, today, yesterday, -Nd …), in your zone.
    #[arg(long, value_name = "DATE", value_parser = parse_day, allow_hyphen_values = true)]
    pub since: Option<NaiveDate>,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub fn run(global: &GlobalArgs, args: AuditArgs) -> Result<Exit, CliError> {
    let term = global.term();
    let Some(path) = audit::path() else {
        return Err(CliError::failure(
            "No state directory was found, so there is no audit log. Set XDG_STATE_HOME.",
        ));
    };
    let since = args.since.map(start_of_day);
    let (records, unreadable) = audit::read_since(&path, since).map_err(|error| {
        CliError::failure(format!("Could not read the audit log {}: {error}", path.display()))
    })?;
    let listed = Listed { items: records.into(), skipped: unreadable };
    print_listed(&listed, "audit lines", &columns(), &args.output, &term)
}

/// Local midnight of `day`, as a UTC instant.
fn start_of_day(day: NaiveDate) -> DateTime<Utc> {
    let midnight = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    midnight
        .and_local_timezone(Local)
        .earliest()
        .map(|local| local.with_timezone(&Utc))
        .unwrap_or_else(|| midnight.and_utc())
}

type Col = Column<Record>;

fn columns() -> Vec<Col> {
    vec![
        Col::new("Time", "TIME", (16, ANY), |r, _| Cell::new(Value::Time(Some(Timestamp(r.time))))),
        Col::new("Profile", "PROFILE", (7, 20), |r, _| Cell::text(r.profile.as_str())).drop(3),
        Col::new("Host", "HOST", (8, 30), |r, _| Cell::text(r.host.as_str())).drop(2),
        Col::new("Source", "SOURCE", (3, 3), |r, _| Cell::text(r.source.as_str())).drop(4),
        Col::new("Operation", "OPERATION", (9, 24), |r, _| Cell::text(r.operation.as_str())),
        Col::new("Target", "TARGET", (10, 40), |r, _| Cell::text(r.target())),
        Col::new("Status", "STATUS", (6, 6), |r, _| {
            Cell::new(Value::OptInt(r.status.map(i64::from))).tone(status_tone(r))
        })
        .right(),
        Col::new("Error", "ERROR", (5, 60), |r, _| {
            Cell::text(r.error.clone().unwrap_or_default()).tone(Tone::Bad)
        })
        .drop(1),
    ]
}

fn status_tone(record: &Record) -> Tone {
    if record.ok { Tone::Good } else { Tone::Bad }
}
