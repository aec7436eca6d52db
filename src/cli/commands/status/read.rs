//! One organisation's status read now: the four lists, the summary, the inbox's numbers
//! (its glance kept), what could not be read, and the exit that makes.

use super::parts::{Gap, Gaps};
use crate::cli::commands::standing::Standing;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit, render_error};
use crate::cli::output::streams::{note, warn};
use crate::glance::Inbox;
use crate::summary::{self, OrgSummary};
use chrono::{Local, Utc};
use serde::Serialize;

/// What the command line asked of `status` that the reading needs.
#[derive(Debug, Clone, Copy)]
pub(super) struct Asked {
    pub check: bool,
    pub quiet: bool,
    pub json: bool,
}

/// The JSON document: the summary, and what it could not see.
#[derive(Serialize)]
pub(super) struct Report<'a> {
    #[serde(flatten)]
    summary: &'a OrgSummary,
    /// New replies, hot replies waiting, what needs you (`null` when the inbox could not be
    /// read).
    inbox: Option<Inbox>,
    #[serde(skip_serializing_if = "<[Gap]>::is_empty")]
    incomplete: &'a [Gap],
}

/// One organisation read now: its summary, its inbox's numbers (unless quiet or unread),
/// what could not be read, and the exit that makes.
pub(super) struct Read {
    pub(super) now: chrono::DateTime<Local>,
    pub(super) summary: OrgSummary,
    pub(super) inbox: Option<Inbox>,
    pub(super) gaps: Gaps,
    pub(super) exit: Exit,
}

impl Read {
    pub(super) fn report(&self) -> Report<'_> {
        Report { summary: &self.summary, inbox: self.inbox, incomplete: &self.gaps.gaps }
    }
}

/// The lists a summary is read from: campaigns, bots, meetings and the inbox.
const PARTS: usize = 4;

/// Reads one organisation and keeps its glance; says on stderr what could not be read (by
/// its profile, in a group).
pub(super) async fn read(context: &Context, args: Asked) -> Result<Read, CliError> {
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
    for gap in gaps.gaps.iter().filter(|gap| !gap.missing) {
        warn(term, &context.named(&gap.problem));
    }
    for failure in &gaps.failures {
        let failure = CliError { message: context.named(&failure.message), ..failure.clone() };
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
