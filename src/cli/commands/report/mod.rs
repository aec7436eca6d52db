//! `outreach report`: how each campaign or bot did over a range of days, for a spreadsheet;
//! and the fetching and wording `campaigns show` and `bots show` share with it. The numbers
//! are [`crate::results`]'s, the dashboard's own.

mod files;
mod rows;

use rows::rows;
pub use rows::{By, Fetched};

use crate::api::{ApiError, Bot, Campaign, Listed};
use crate::cli::args::GlobalArgs;
use crate::cli::args::parse_day;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::lists::print_rows;
use crate::cli::orgs::{Orgs, sort_out};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::list_writer::print_listed;
use crate::cli::output::sort::SortArg;
use crate::clock::Zone;
use crate::present::columns::results;
use crate::results::{DayPoint, Tally, Window};
use crate::text::sanitize;
use chrono::{Local, NaiveDate};
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;

/// `--since`: the first calendar day counted, today the last.
#[derive(Debug, Clone, Args)]
pub struct SinceArg {
    /// Count from this day to today (YYYY-MM-DD, yesterday, -7d …) in your local zone;
    /// -7d: the last 7 days, today included (as `status` and the dashboard count them).
    #[arg(long, value_name = "DATE", value_parser = parse_day, allow_hyphen_values = true, default_value = "-30d")]
    pub since: NaiveDate,
}

impl SinceArg {
    /// The window from `--since` to today; refused when it starts after today.
    pub fn window(&self) -> Result<Window, CliError> {
        let today = Local::now().date_naive();
        Window::between(self.since, today).ok_or_else(|| {
            CliError::usage(format!(
                "--since {} is after today; nothing would be counted.",
                self.since
            ))
        })
    }
}

#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub since: SinceArg,
    /// One row per campaign or per bot.
    #[arg(long, value_enum, default_value_t = By::Campaign)]
    pub by: By,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Write files into this directory instead of printing: one per organisation and
    /// format (with --group, one per client), and an index across them.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With --out: the files' formats, comma-separated.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "md,csv,html",
        default_value = "md",
        requires = "out"
    )]
    pub format: Vec<files::FileFormat>,
    /// With --out: replace files of the same names (as gh's --clobber); without it, nothing
    /// is written while one is there.
    #[arg(long, requires = "out")]
    pub clobber: bool,
}

/// What `campaigns show` and `bots show` read, at once: the campaigns and the bots (the one
/// shown must be there; the other only names things, so its failure is kept, not raised) and
/// the range's replies and meetings.
pub struct ShowData {
    pub context: Context,
    pub window: Window,
    pub campaigns: Result<Listed<Campaign>, ApiError>,
    pub bots: Result<Listed<Bot>, ApiError>,
    pub fetched: Fetched,
}

impl ShowData {
    pub async fn load(global: &GlobalArgs, since: &SinceArg) -> Result<ShowData, CliError> {
        let window = since.window()?;
        let context = Context::connect(global).await?;
        let (campaigns, bots, fetched) = tokio::join!(
            context.client.list_campaigns(),
            context.client.list_bots(),
            Fetched::load(&context, window),
        );
        Ok(ShowData { window, campaigns, bots, fetched: fetched?, context })
    }
}

/// An id that is not in this organisation, with the command that lists the ids.
pub fn not_in_organisation(what: &str, id: i64, list: &str) -> CliError {
    CliError::new(Exit::NotFound, format!("{what} {id} is not in this organisation."))
        .with_hint(format!("See `outreach {list} list` for the ids."))
}

pub async fn run(global: &GlobalArgs, args: ReportArgs) -> Result<Exit, CliError> {
    let window = args.since.window()?;
    let orgs = Orgs::chosen(global)?;
    if let Some(out) = &args.out {
        return files::write(global, orgs.as_ref(), (&args.format, args.clobber), out, window)
            .await;
    }
    let columns = results::cli();
    if let Some(orgs) = orgs {
        let by = args.by;
        let answers = orgs.read(global, |context| async move { rows(&context, window, by).await });
        let term = global.term();
        let (came, failed) = sort_out(answers.await, &term);
        let rows =
            came.iter().flat_map(|(org, rows)| rows.iter().map(move |row| (org.as_str(), row)));
        print_rows(rows.collect(), &columns, &args.output, &SortArg::default(), &term)?;
        return Ok(failed);
    }
    let context = Context::connect(global).await?;
    let rows = rows(&context, window, args.by).await?;
    let listed = Listed { items: Arc::from(rows), skipped: 0 };
    print_listed(&listed, "rows", &columns, &args.output, &context.term)
}

/// The results block of `campaigns show` and `bots show`: the numbers the dashboard's
/// detail shows, as `label  value` lines.
pub fn tally_text(tally: &Tally, window: &Window) -> String {
    let today = Local::now().date_naive();
    let m = &tally.meetings;
    let mut lines = vec![
        format!("Results · {} (local days)", window.describe(today)),
        format!("  {:<20}{}", "Replies", tally.replies),
    ];
    for (category, n) in tally.categories() {
        lines.push(format!("    {:<18}{n}", sanitize(category.label())));
    }
    lines.push(format!(
        "  {:<20}{} · {} held · {} upcoming · {} cancelled",
        "Meetings booked", m.booked, m.held, m.upcoming, m.cancelled
    ));
    lines.push(format!("  {:<20}{}", "Reply → meeting", tally.rate_text()));
    let last = tally
        .last_activity
        .map_or_else(|| "none in the range".into(), |t| Zone::Local.date_time(t.0));
    lines.push(format!("  {:<20}{last}", "Last activity"));
    lines.join("\n") + "\n"
}

/// The days with replies or meetings: `2024-05-06  3 replies  1 meeting`.
pub fn days_text(days: &[DayPoint]) -> String {
    let busy: Vec<String> = days
        .iter()
        .filter(|d| d.replies > 0 || d.meetings > 0)
        .map(|d| {
            // "reply" padded so the meetings column lines up.
            let replies = crate::text::noun(d.replies, "reply  ", "replies");
            let meetings = crate::text::noun(d.meetings, "meeting", "meetings");
            format!("  {}  {:>3} {replies}  {:>3} {meetings}", d.date, d.replies, d.meetings)
        })
        .collect();
    if busy.is_empty() {
        return "Per day: nothing in the range\n".to_string();
    }
    format!("Per day (days with activity)\n{}\n", busy.join("\n"))
}

#[cfg(test)]
mod grammar_tests {
    use super::*;

    #[test]
    fn one_reply_and_one_meeting_read_singular() {
        let day = |replies, meetings| DayPoint {
            date: chrono::NaiveDate::from_ymd_opt(2024, 5, 6).unwrap(),
            replies,
            meetings,
        };
        let text = days_text(&[day(1, 1), day(3, 2)]);
        assert!(text.contains("  1 reply      1 meeting"), "{text}");
        assert!(text.contains("  3 replies    2 meetings"), "{text}");
    }
}
