//! `outreach status` as text: one line per part, each wrapped to the terminal width, with
//! the same numbers and words as the Overview.

use super::parts::Gaps;
use crate::cli::context::Context;
use crate::cli::output::table::Paint;
use crate::glance::{Inbox, words};
use crate::present::Tone;
use crate::summary::{BotEntry, OrgSummary};
use crate::text::{sanitize, truncate, wrap_line};
use chrono::{DateTime, Local, Utc};
use unicode_width::UnicodeWidthStr;

/// Lines never exceed this on a terminal we cannot measure.
const DEFAULT_WIDTH: usize = 80;
/// A bot's address is cut to make room for its problems, but not below this.
const MIN_EMAIL_WIDTH: usize = 12;
/// Where a part's numbers start, after its label.
const LABEL: usize = 11;

/// The summary as text, each line wrapped to the terminal width (80 when unknown).
pub fn render(
    summary: &OrgSummary,
    inbox: Option<&Inbox>,
    gaps: &Gaps,
    context: &Context,
    now: &DateTime<Local>,
) -> String {
    let term = &context.term;
    let width = term.width.unwrap_or(DEFAULT_WIDTH);
    let mut lines = vec![format!(
        "outreach · profile {} · {} · {}",
        sanitize(&context.session.profile),
        sanitize(&context.session.base_url),
        now.format("%Y-%m-%d %H:%M %Z"),
    )];
    lines.extend(body_lines(summary, inbox, gaps, now, term.color, width));
    let mut out = String::new();
    for line in lines {
        // Only the short "Bots" line carries colour, which wrapping would count and break.
        let pieces = if line.contains('\x1b') { vec![line] } else { wrapped(&line, width) };
        for piece in pieces {
            out.push_str(&piece);
            out.push('\n');
        }
    }
    out
}

/// A line wider than the terminal wrapped, never cut (a cut would hide a count): it keeps
/// its indent, and its continuation goes under the text after the label when there is
/// room for that.
fn wrapped(line: &str, width: usize) -> Vec<String> {
    if line.width() <= width {
        return vec![line.to_string()];
    }
    let text = line.trim_start();
    let indent = line.len() - text.len();
    let hang = if width >= 2 * LABEL { LABEL.max(indent) } else { indent };
    let pieces = wrap_line(text, width.saturating_sub(indent));
    let mut out = vec![format!("{:indent$}{}", "", pieces[0])];
    let rest = pieces[1..].join(" ");
    if !rest.is_empty() {
        let more = wrap_line(&rest, width.saturating_sub(hang));
        out.extend(more.into_iter().map(|piece| format!("{:hang$}{piece}", "")));
    }
    out
}

/// `Label      text`, or that the part could not be loaded.
fn part(label: &str, missing: bool, text: impl FnOnce() -> String) -> String {
    let text = if missing { "could not be loaded (see the error above)".into() } else { text() };
    format!("{label:<LABEL$}{text}")
}

pub(super) fn body_lines(
    summary: &OrgSummary,
    inbox: Option<&Inbox>,
    gaps: &Gaps,
    now: &DateTime<Local>,
    color: bool,
    width: usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    lines.push(part("Campaigns", gaps.missing("campaigns"), || {
        let by_status: Vec<String> = summary
            .campaigns
            .ordered()
            .iter()
            .map(|(status, count)| format!("{count} {}", sanitize(status).to_lowercase()))
            .collect();
        if by_status.is_empty() {
            "none".to_string()
        } else {
            format!("{}: {}", summary.campaigns.total, by_status.join(", "))
        }
    }));
    let replies = &summary.replies;
    lines.push(part("Replies", gaps.missing("inbox"), || {
        format!(
            "{} conversations replied in 7 days, {} today (days in {})",
            replies.last_7_days,
            replies.today,
            sanitize(&summary.zone)
        )
    }));
    // The inbox's own numbers, as the Overview's inbox line says them.
    let unread = ["inbox", "campaigns", "bots"].iter().any(|part| gaps.missing(part));
    if inbox.is_some() || unread {
        lines.push(part("Inbox", inbox.is_none(), || {
            inbox.map(|inbox| words(inbox, now.with_timezone(&Utc))).unwrap_or_default()
        }));
    }
    let meetings = &summary.meetings;
    lines.push(part("Meetings", gaps.missing("meetings"), || {
        format!(
            "{} today, {} from now to {}",
            meetings.today,
            meetings.next_7_days,
            meetings.through.format("%a %d %b")
        )
    }));
    if let Some(next) = meetings.next.as_ref().filter(|_| !gaps.missing("meetings")) {
        let who = match (next.contact_name.is_empty(), next.contact_email.is_empty()) {
            (false, false) => format!("{} <{}>", next.contact_name, next.contact_email),
            (false, true) => next.contact_name.clone(),
            _ => next.contact_email.clone(),
        };
        let when = when(&next.start.0, now);
        lines.push(format!("{:LABEL$}next {when} with {}", "", sanitize(&who)));
    }
    if gaps.missing("bots") {
        lines.push(part("Bots", true, String::new));
    } else {
        lines.extend(bot_lines(summary, color, width));
    }
    lines
}

/// `Bots       17: 11 healthy, 3 need attention:`, those bots, then the ending and retired.
fn bot_lines(summary: &OrgSummary, color: bool, width: usize) -> Vec<String> {
    let bots = &summary.bots;
    let attention = &bots.needing_attention;
    let mut counts = vec![format!("{} healthy", bots.healthy)];
    if !attention.is_empty() {
        let verb = if attention.len() == 1 { "needs" } else { "need" };
        counts.push(Tone::Bad.paint(&format!("{} {verb} attention", attention.len()), color));
    }
    for (list, what) in
        [(&bots.ending, "ending"), (&bots.cooling_off, "cooling off"), (&bots.retired, "retired")]
    {
        if !list.is_empty() {
            counts.push(format!("{} {what}", list.len()));
        }
    }
    // No bot that can send is an alarm of its own: nothing uploaded would go out.
    let none_sends = Tone::Bad.paint("no bot can send: that needs attention", color);
    let headline = if bots.total == 0 {
        format!("none: {none_sends}")
    } else if bots.sending() == 0 {
        format!("{}: {}; {none_sends}", bots.total, counts.join(", "))
    } else if attention.is_empty() && bots.ending.is_empty() && bots.cooling_off.is_empty() {
        let healthy = Tone::Good.paint("all healthy", color);
        match bots.retired.len() {
            0 => format!("{}, {healthy}", bots.total),
            retired => {
                format!("{}: {} live, {healthy}; {retired} retired", bots.total, bots.live())
            }
        }
    } else {
        format!("{}: {}", bots.total, counts.join(", "))
    };
    let mut lines = vec![format!("{:<LABEL$}{headline}", "Bots")];
    for bot in attention {
        lines.push(bot_line(bot, &bot.problems.join(", "), width));
    }
    for bot in &bots.ending {
        lines.push(bot_line(bot, "ending (scheduled for cancellation)", width));
    }
    for bot in &bots.cooling_off {
        lines.push(bot_line(bot, "cooling off (a warm-down pause, not sending)", width));
    }
    for bot in &bots.retired {
        lines.push(bot_line(bot, &format!("retired ({})", bot.status), width));
    }
    lines
}

/// `  #7 sam@example.com: mailbox PAUSED`: what is said of a bot matters more than its
/// whole address, so the address gives way first.
fn bot_line(bot: &BotEntry, said: &str, width: usize) -> String {
    let prefix = format!("  #{} ", bot.id);
    let said = sanitize(said);
    let room = width.saturating_sub(prefix.width() + said.width() + 2);
    let email = truncate(&sanitize(&bot.email), room.max(MIN_EMAIL_WIDTH));
    format!("{prefix}{email}: {said}")
}

/// A meeting time relative to today: `today 14:00`, `tomorrow 09:30`, `Tue 14 May 14:00`
/// (`Fri 19 Dec 2027 10:00` more than about six months away).
fn when(start: &DateTime<Utc>, now: &DateTime<Local>) -> String {
    let local = start.with_timezone(&now.timezone());
    let days = (local.date_naive() - now.date_naive()).num_days();
    match days {
        0 => local.format("today %H:%M").to_string(),
        1 => local.format("tomorrow %H:%M").to_string(),
        _ => format!(
            "{} {}",
            crate::clock::short_day(local.date_naive(), now.date_naive()),
            local.format("%H:%M")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meeting_more_than_six_months_away_names_its_year() {
        use chrono::TimeZone;
        let now = Local.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap();
        let at = |y, m, d| Local.with_ymd_and_hms(y, m, d, 12, 0, 0).unwrap().with_timezone(&Utc);
        assert_eq!(when(&at(2027, 12, 19), &now), "Sun 19 Dec 2027 12:00");
        assert_eq!(when(&at(2026, 12, 19), &now), "Sat 19 Dec 12:00");
    }
    use crate::summary::{
        BotCounts, CampaignCounts, DayCount, MeetingCounts, NextMeeting, ReplyCounts,
    };
    use std::collections::BTreeMap;

    fn entry(id: i64, email: &str, status: &str, problems: &[&str]) -> BotEntry {
        BotEntry {
            id,
            email: email.into(),
            name: String::new(),
            status: status.into(),
            problems: problems.iter().map(|p| p.to_string()).collect(),
        }
    }

    fn summary(now: &DateTime<Local>) -> OrgSummary {
        let today = now.date_naive();
        let next = NextMeeting {
            id: 1,
            start: crate::api::Timestamp(now.with_timezone(&Utc)),
            end: None,
            contact_name: "Ann\u{1b}[2J Lee".into(),
            contact_email: "ann@example.com".into(),
            campaign: None,
            iana_timezone: None,
        };
        OrgSummary {
            now: now.with_timezone(&Utc),
            zone: "CEST".into(),
            campaigns: CampaignCounts {
                total: 3,
                by_status: BTreeMap::from([("ACTIVE".into(), 2), ("PENDING".into(), 1)]),
            },
            replies: ReplyCounts {
                days: vec![DayCount { date: today, count: 1 }],
                today: 1,
                last_7_days: 4,
            },
            meetings: MeetingCounts {
                today: 1,
                next_7_days: 2,
                through: today + chrono::Days::new(6),
                upcoming: vec![next.clone()],
                next: Some(next),
            },
            bots: BotCounts {
                total: 5,
                healthy: 1,
                needing_attention: vec![entry(
                    7,
                    "sam@example.com",
                    "ACTIVE",
                    &["mailbox PAUSED", "SSL invalid"],
                )],
                ending: vec![entry(8, "eve@example.com", "SCHEDULED_FOR_CANCELLATION", &[])],
                cooling_off: Vec::new(),
                retired: vec![
                    entry(9, "old@example.com", "DELETED", &[]),
                    entry(10, "gone@example.com", "INACTIVE", &[]),
                ],
            },
        }
    }

    #[test]
    fn the_body_says_what_needs_attention_lists_retired_apart_and_fits_80_columns() {
        let now = Local::now();
        let summary = summary(&now);
        let lines = body_lines(&summary, None, &Gaps::default(), &now, false, 80);
        assert_eq!(lines[0], "Campaigns  3: 1 pending, 2 active");
        assert_eq!(
            lines[1],
            "Replies    4 conversations replied in 7 days, 1 today (days in CEST)"
        );
        assert!(lines[2].starts_with("Meetings   1 today, 2 from now to "), "{}", lines[2]);
        assert!(lines[3].contains("next today"), "{}", lines[3]);
        assert!(!lines[3].contains('\x1b'));
        assert_eq!(lines[4], "Bots       5: 1 healthy, 1 needs attention, 1 ending, 2 retired");
        assert_eq!(lines[5], "  #7 sam@example.com: mailbox PAUSED, SSL invalid");
        assert_eq!(lines[6], "  #8 eve@example.com: ending (scheduled for cancellation)");
        assert_eq!(lines[7], "  #9 old@example.com: retired (DELETED)");
        assert_eq!(lines[8], "  #10 gone@example.com: retired (INACTIVE)");
        assert!(lines.iter().all(|line| line.chars().count() <= 80));

        let narrow = body_lines(&summary, None, &Gaps::default(), &now, false, 40);
        assert_eq!(narrow[5], "  #7 sam@example…: mailbox PAUSED, SSL invalid");
    }

    #[test]
    fn retired_bots_leave_the_live_ones_all_healthy() {
        let now = Local::now();
        let mut summary = summary(&now);
        summary.bots.needing_attention.clear();
        summary.bots.ending.clear();
        summary.bots.total = 3;
        let lines = body_lines(&summary, None, &Gaps::default(), &now, false, 80);
        assert_eq!(lines[4], "Bots       3: 1 live, all healthy; 2 retired");
        summary.bots.retired.clear();
        summary.bots.total = 1;
        let lines = body_lines(&summary, None, &Gaps::default(), &now, false, 80);
        assert_eq!(lines[4], "Bots       1, all healthy");
        summary.bots.healthy = 0;
        summary.bots.total = 0;
        let lines = body_lines(&summary, None, &Gaps::default(), &now, false, 80);
        assert_eq!(
            lines[4], "Bots       none: no bot can send: that needs attention",
            "no bots is not \"all healthy\""
        );
    }

    #[test]
    fn a_part_that_could_not_be_loaded_says_so_instead_of_zero() {
        let now = Local::now();
        let mut gaps = Gaps::default();
        let down =
            crate::api::ApiError::Network { url: "http://x/".into(), reason: "refused".into() };
        gaps.take("bots", Err::<crate::api::Listed<crate::api::Bot>, _>(down));
        let lines = body_lines(&summary(&now), None, &gaps, &now, false, 80);
        // The inbox's numbers need the bots too ("Needs you" names the troubled ones).
        assert_eq!(lines[2], "Inbox      could not be loaded (see the error above)");
        assert_eq!(lines[5], "Bots       could not be loaded (see the error above)");
        assert_eq!(lines.len(), 6);
    }

    #[test]
    fn the_inbox_line_says_what_the_overview_says() {
        let now = Local::now();
        let inbox = Inbox {
            new: 4,
            hot_waiting: 3,
            oldest_hot_since: Some((now - chrono::Duration::minutes(42)).with_timezone(&Utc)),
            needs_you: 5,
            due: 1,
            ..Inbox::default()
        };
        let lines = body_lines(&summary(&now), Some(&inbox), &Gaps::default(), &now, false, 80);
        assert_eq!(
            lines[2],
            "Inbox      4 new · 3 hot replies wait, oldest 42m · needs you: 5 (1 due)"
        );
        assert!(lines[3].starts_with("Meetings "), "{}", lines[3]);
    }
}
