//! `outreach status`: the organisation at a glance, for a quick look over SSH or a cron job.

mod parts;
mod text;

use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit, render_error};
use crate::cli::output::format::json_document;
use crate::cli::output::streams::{note, warn, write_stdout};
use crate::summary::{self, OrgSummary};
use chrono::{Local, Utc};
use clap::Args;
use parts::{Gap, Gaps};
use serde::Serialize;

#[derive(Debug, Clone, Args)]
pub struct StatusArgs {
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
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
    #[serde(skip_serializing_if = "<[Gap]>::is_empty")]
    incomplete: &'a [Gap],
}

pub async fn run(global: &GlobalArgs, args: StatusArgs) -> Result<Exit, CliError> {
    let context = Context::connect(global).await?;
    let client = &context.client;
    let now = Local::now();
    let (reply_query, meeting_query) = summary::queries(now.with_timezone(&Utc));
    let (campaigns, bots, replies, meetings) = tokio::join!(
        client.list_campaigns(),
        client.list_bots(),
        client.list_exchanges(&reply_query),
        client.list_meetings(&meeting_query),
    );
    let mut gaps = Gaps::default();
    let campaigns = gaps.take("campaigns", campaigns);
    let bots = gaps.take("bots", bots);
    let replies = gaps.take("exchanges", replies);
    let meetings = gaps.take("meetings", meetings);
    if let Some(error) = gaps.fatal(4, args.check) {
        return Err(error);
    }
    let term = &context.term;
    let stderr_color = term.stderr_color;
    for gap in gaps.gaps.iter().filter(|gap| !gap.missing) {
        warn(term, &gap.problem);
    }
    for failure in &gaps.failures {
        note(&render_error(failure, stderr_color));
    }
    if args.check && !gaps.gaps.is_empty() {
        let blind = "status --check saw only part of the organisation, so it cannot say \
            \"healthy\" (exit 6)";
        note(&render_error(&CliError::new(Exit::Incomplete, blind), stderr_color));
    }

    let summary = summary::compute(&campaigns, &bots, &replies, &meetings, &now);
    if !args.quiet {
        let text = if args.json {
            json_document(&Report { summary: &summary, incomplete: &gaps.gaps }, term)?
        } else {
            text::render(&summary, &gaps, &context, &now)
        };
        write_stdout(&text)?;
    }
    Ok(gaps.exit(args.check, summary.needs_attention()))
}
