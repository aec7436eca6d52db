//! `outreach status`: the organisation at a glance, for a quick look over SSH or a cron job.

use super::GlobalArgs;
use super::context::Context;
use super::exit::{CliError, Exit};
use super::output::{json_document, warn_skipped, write_stdout};
use super::table::Tone;
use crate::summary::{self, OrgSummary};
use crate::text::{sanitize, truncate};
use chrono::{DateTime, Local, Utc};
use clap::Args;
use unicode_width::UnicodeWidthStr;

/// Lines never exceed this on a terminal we cannot measure.
const DEFAULT_WIDTH: usize = 80;
/// A bot's address is cut to make room for its problems, but not below this.
const MIN_EMAIL_WIDTH: usize = 12;

#[derive(Debug, Clone, Args)]
pub struct StatusArgs {
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Exit 1 when something needs attention, 0 otherwise (for cron and monitoring).
    #[arg(long)]
    pub check: bool,
    /// Print nothing; with --check, only the exit code tells.
    #[arg(long, short = 'q')]
    pub quiet: bool,
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
    let (campaigns, bots, replies, meetings) = (campaigns?, bots?, replies?, meetings?);
    warn_skipped(&context.term, &campaigns, "campaigns");
    warn_skipped(&context.term, &bots, "bots");
    warn_skipped(&context.term, &replies, "exchanges");
    warn_skipped(&context.term, &meetings, "meetings");

    let summary =
        summary::compute(&campaigns.items, &bots.items, &replies.items, &meetings.items, &now);
    if !args.quiet {
        let text = if args.json {
            json_document(&summary, &context.term)?
        } else {
            render(&summary, &context, &now)
        };
        write_stdout(&text)?;
    }
    Ok(if args.check && summary.needs_attention() { Exit::Failure } else { Exit::Ok })
}

/// The summary as text, each line cut to the terminal width (80 when unknown).
fn render(summary: &OrgSummary, context: &Context, now: &DateTime<Local>) -> String {
    let term = &context.term;
    let width = term.width.unwrap_or(DEFAULT_WIDTH);
    let mut lines = vec![format!(
        "outreach · profile {} · {} · {}",
        sanitize(&context.session.profile),
        sanitize(&context.session.base_url),
        now.format("%Y-%m-%d %H:%M %Z"),
    )];
    lines.extend(body_lines(summary, now, term.color, width));
    let mut out = String::new();
    for line in lines {
        // Only the short "Bots" line carries colour, which `truncate` would count and cut.
        if line.contains('\x1b') {
            out.push_str(&line);
        } else {
            out.push_str(&truncate(&line, width));
        }
        out.push('\n');
    }
    out
}

fn body_lines(
    summary: &OrgSummary,
    now: &DateTime<Local>,
    color: bool,
    width: usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    let by_status: Vec<String> = summary
        .campaigns
        .ordered()
        .iter()
        .map(|(status, count)| format!("{count} {}", sanitize(&status.to_lowercase())))
        .collect();
    lines.push(if by_status.is_empty() {
        "Campaigns  none".to_string()
    } else {
        format!("Campaigns  {}: {}", summary.campaigns.total, by_status.join(", "))
    });
    lines.push(format!(
        "Replies    {} in the last 24 h, {} in the last 7 days",
        summary.replies.last_24h, summary.replies.last_7d
    ));
    lines.push(format!(
        "Meetings   {} today, {} in the next 7 days",
        summary.meetings.today, summary.meetings.next_7d
    ));
    if let Some(next) = &summary.meetings.next {
        let who = match (next.contact_name.is_empty(), next.contact_email.is_empty()) {
            (false, false) => format!("{} <{}>", next.contact_name, next.contact_email),
            (false, true) => next.contact_name.clone(),
            _ => next.contact_email.clone(),
        };
        lines.push(format!("           next {} with {}", when(&next.start.0, now), sanitize(&who)));
    }
    let attention = &summary.bots.needing_attention;
    if attention.is_empty() {
        lines.push(format!(
            "Bots       {}, {}",
            summary.bots.total,
            Tone::Good.paint("all healthy", color)
        ));
    } else {
        let verb = if attention.len() == 1 { "needs" } else { "need" };
        let count = format!("{} {verb} attention:", attention.len());
        lines.push(format!(
            "Bots       {}, {}",
            summary.bots.total,
            Tone::Bad.paint(&count, color)
        ));
        for bot in attention {
            // What is wrong matters more than the whole address: the address gives way first.
            let prefix = format!("  #{} ", bot.id);
            let problems = sanitize(&bot.problems.join(", "));
            let room = width.saturating_sub(prefix.width() + problems.width() + 2);
            let email = truncate(&sanitize(&bot.email), room.max(MIN_EMAIL_WIDTH));
            lines.push(format!("{prefix}{email}: {problems}"));
        }
    }
    lines
}

/// A meeting time relative to today: `today 14:00`, `tomorrow 09:30`, `Tue 14 May 14:00`.
fn when(start: &DateTime<Utc>, now: &DateTime<Local>) -> String {
    let local = start.with_timezone(&now.timezone());
    let days = (local.date_naive() - now.date_naive()).num_days();
    match days {
        0 => local.format("today %H:%M").to_string(),
        1 => local.format("tomorrow %H:%M").to_string(),
        _ => local.format("%a %d %b %H:%M").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::{
        BotAttention, BotHealth, CampaignCounts, MeetingCounts, NextMeeting, ReplyCounts,
    };
    use std::collections::BTreeMap;

    #[test]
    fn the_body_says_what_needs_attention_and_fits_80_columns() {
        let now = Local::now();
        let summary = OrgSummary {
            now: now.with_timezone(&Utc),
            campaigns: CampaignCounts {
                total: 3,
                by_status: BTreeMap::from([("ACTIVE".into(), 2), ("PENDING".into(), 1)]),
            },
            replies: ReplyCounts { last_24h: 1, last_7d: 4 },
            meetings: MeetingCounts {
                today: 1,
                next_7d: 2,
                next: Some(NextMeeting {
                    id: 1,
                    start: crate::api::Timestamp(now.with_timezone(&Utc)),
                    contact_name: "Ann\u{1b}[2J Lee".into(),
                    contact_email: "ann@example.com".into(),
                    campaign: None,
                    iana_timezone: None,
                }),
            },
            bots: BotHealth {
                total: 2,
                needing_attention: vec![BotAttention {
                    id: 7,
                    email: "sam@example.com".into(),
                    name: "Sam".into(),
                    problems: vec!["mailbox PAUSED".into(), "SSL invalid".into()],
                }],
            },
        };
        let lines = body_lines(&summary, &now, false, 80);
        assert_eq!(lines[0], "Campaigns  3: 1 pending, 2 active");
        assert!(lines[3].contains("next today"), "{}", lines[3]);
        assert!(!lines[3].contains('\x1b'));
        assert_eq!(lines[4], "Bots       2, 1 needs attention:");
        assert_eq!(lines[5], "  #7 sam@example.com: mailbox PAUSED, SSL invalid");
        assert!(lines.iter().all(|line| line.chars().count() <= 80));

        let narrow = body_lines(&summary, &now, false, 40);
        assert_eq!(narrow[5], "  #7 sam@example…: mailbox PAUSED, SSL invalid");
    }
}
