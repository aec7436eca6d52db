//! `outreach status`: the organisation at a glance, for a quick look over SSH or a cron job;
//! and, with `--format tmux|line|json`, the status line's segment from the last glance
//! saved (`segment.rs`: no network, no keyring, no runtime).

mod group;
mod parts;
pub(crate) mod segment;
mod text;

use super::standing::Standing;
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit, render_error};
use crate::cli::orgs::Orgs;
use crate::cli::output::format::json_document;
use crate::cli::output::streams::{note, warn, write_stdout};
use crate::glance::Inbox;
use crate::summary::{self, OrgSummary};
use chrono::{Local, Utc};
use clap::{Args, ValueEnum};
use parts::{Gap, Gaps};
use serde::Serialize;

/// What `status` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The summary as text, read from the server now (the default).
    Text,
    /// The status-line segment from the last glance, with tmux's style markup.
    Tmux,
    /// The same segment as plain text (starship, polybar, i3blocks).
    Line,
    /// The last glance as one JSON object.
    Json,
}

impl Format {
    /// Printed from the last glance saved, with no call to the server.
    pub fn from_glance(self) -> bool {
        self != Format::Text
    }
}

#[derive(Debug, Clone, Args)]
pub struct StatusArgs {
    /// Print the summary read from the server now as one JSON object (with an `inbox`
    /// object). Not the same as --format json, which prints the last glance.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// text: the summary, read from the server now. tmux, line, json: the status-line
    /// segment (`✉3 ⏱42m ⚠1`) or the glance as JSON, from what `status`, `todo`, `watch` or
    /// the dashboard last saw, with no call to the server (a few milliseconds).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// With --format tmux|line: letters for terminals without the symbols (`m3 t42m !1`);
    /// also OUTREACH_ASCII=1.
    #[arg(long)]
    pub ascii: bool,
    /// Exit 1 when a live bot needs attention or no bot can send (none at all, or only
    /// retired, cooling-off or broken ones), 6 when part of the data could not be read or
    /// loaded, 0 otherwise (for cron and monitoring).
    #[arg(long)]
    pub check: bool,
    /// Print nothing on stdout; with --check, only the exit code (and stderr) tells.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The JSON document: the summary, and what it could not see.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    summary: &'a OrgSummary,
    /// New replies, hot replies waiting, what needs you (`null` when the inbox could not be
    /// read).
    inbox: Option<Inbox>,
    #[serde(skip_serializing_if = "<[Gap]>::is_empty")]
    incomplete: &'a [Gap],
}

pub async fn run(global: &GlobalArgs, args: StatusArgs) -> Result<Exit, CliError> {
    if let Some(orgs) = Orgs::chosen(global)? {
        return group::run(global, &orgs, &args).await;
    }
    let context = Context::connect(global).await?;
    let read = read(&context, &args, false).await?;
    if !args.quiet {
        let term = &context.term;
        let text = if args.json {
            json_document(&read.report(), term)?
        } else {
            text::render(&read.summary, read.inbox.as_ref(), &read.gaps, &context, &read.now)
        };
        write_stdout(&text)?;
    }
    Ok(read.exit)
}

/// One organisation read now: its summary, its inbox's numbers (unless quiet or unread),
/// what could not be read, and the exit that makes.
struct Read {
    now: chrono::DateTime<Local>,
    summary: OrgSummary,
    inbox: Option<Inbox>,
    gaps: Gaps,
    exit: Exit,
}

impl Read {
    fn report(&self) -> Report<'_> {
        Report { summary: &self.summary, inbox: self.inbox.clone(), incomplete: &self.gaps.gaps }
    }
}

/// The lists a summary is read from: campaigns, bots, meetings and the inbox.
const PARTS: usize = 4;

/// Reads one organisation and keeps its glance; says on stderr what could not be read (by
/// its profile, when `grouped`).
async fn read(context: &Context, args: &StatusArgs, grouped: bool) -> Result<Read, CliError> {
    let client = &context.client;
    let now = Local::now();
    let (_, meeting_query) = summary::queries(now.with_timezone(&Utc));
    let inbox_query =
        crate::cli::args::DayRange::default().exchanges(None, crate::api::ExchangeGroup::Replied);
    // The replies of the last days are counted from the inbox (both of its groups, each
    // reply once), so `status` counts what the inbox lists on a server that keeps
    // meeting-booked apart too, and asks for the exchanges once.
    let (campaigns, bots, meetings, inbox) = tokio::join!(
        client.list_campaigns(),
        client.list_bots(),
        client.list_meetings(&meeting_query),
        crate::inbox::fetch(client, &inbox_query),
    );
    let mut gaps = Gaps::default();
    let campaigns = gaps.take("campaigns", campaigns);
    let bots = gaps.take("bots", bots);
    let meetings = gaps.take("meetings", meetings);
    let inbox = gaps.take("inbox", inbox);
    if let Some(error) = gaps.fatal(PARTS, args.check) {
        return Err(error);
    }
    let term = &context.term;
    let stderr_color = term.stderr_color;
    let profile = &context.session.profile;
    let named = |text: &str| if grouped { format!("{profile}: {text}") } else { text.to_string() };
    for gap in gaps.gaps.iter().filter(|gap| !gap.missing) {
        warn(term, &named(&gap.problem));
    }
    for failure in &gaps.failures {
        let failure = match grouped {
            true => crate::cli::orgs::named_error(profile, failure.clone()),
            false => failure.clone(),
        };
        note(&render_error(&failure, stderr_color));
    }
    if args.check && !gaps.gaps.is_empty() {
        let blind = "status --check saw only part of the organisation, so it cannot say \
            \"healthy\" (exit 6)";
        note(&render_error(&CliError::new(Exit::Incomplete, blind), stderr_color));
    }

    let summary = summary::compute(&campaigns, &bots, &inbox, &meetings, &now);
    // The inbox's numbers need the inbox, and "Needs you" the campaigns and bots too. They
    // cost a chain read per hot reply and, with opt-outs, the contact list: a quiet run (a
    // cron `--check --quiet`, which prints nothing) is spared them.
    let unread = ["inbox", "campaigns", "bots"].iter().any(|part| gaps.missing(part));
    let inbox = if args.quiet || unread {
        None
    } else {
        let standing = Standing::read(context, &inbox, &campaigns, &bots).await;
        if !standing.look.is_whole() {
            // Said on stderr by the look; the JSON names it, and a check cannot be sure.
            gaps.gaps.push(Gap {
                part: "inbox",
                problem: "part of the inbox is unknown (replies' e-mails not read yet, or the contact list unread)".into(),
                missing: false,
            });
        }
        Some(standing.save_glance(context).inbox)
    };
    let exit = gaps.exit(args.check, summary.needs_attention());
    Ok(Read { now, summary, inbox, gaps, exit })
}
