//! A bot's settings, its health as a checklist with what to do for each failure, the warm-up
//! gauge, what it achieved over the results range and the campaigns it serves, and its
//! custom data.

use crate::api::Bot;
use crate::bots::{Standing, checks, standing, warmup};
use crate::present::graph::gauge;
use crate::present::{Tone, tone};
use crate::results::{Tally, Who};
use crate::text::sanitize;
use crate::tui::detail_line::{DetailLine, Mark, yes_no};
use crate::tui::details::contact::custom_data_lines;
use crate::tui::details::results::result_lines;
use crate::tui::details::warmup_curve::curve_lines;
use crate::tui::observe::BotHistory;
use crate::tui::state::AppState;

/// Where the warm-up stands: `■■■■■■····  day 12 · 34/52 a day` (in the `[ui] graph`
/// style).
fn warmup_line(bot: &Bot, state: &AppState) -> DetailLine {
    match warmup(bot, state.env.now) {
        Some(at) => {
            let tone = if at.complete() { Tone::Good } else { Tone::Warn };
            DetailLine::marked("Warm-up today", gauge(at.ratio(), 10, state.env.graph), tone)
                .then(format!(" {}", at.describe()), Tone::Plain)
        }
        None => DetailLine::field("Warm-up today", "not started"),
    }
}

/// The checklist of [`crate::bots::checks`]: each check passed, failed or not reported,
/// and under each failure what to do (for a bot that still sends).
fn health_lines(bot: &Bot, standing: Standing) -> Vec<DetailLine> {
    let overall = match standing {
        Standing::Attention => "needs attention: fix what is marked ✗",
        Standing::Ending => "ending (scheduled for cancellation, still sending)",
        Standing::CoolingOff => "cooling off (a warm-down pause: not sending until it resumes)",
        Standing::Retired => "retired (no longer sends; its checks no longer matter)",
        Standing::Healthy => "healthy: every check passes",
    };
    let mut lines = vec![
        DetailLine::Blank,
        DetailLine::Heading("Health".into()),
        DetailLine::marked("  Overall", overall, tone::standing(standing)),
    ];
    for check in checks(bot) {
        let (mark, tone) = match check.ok {
            Some(true) => ("✓", Tone::Good),
            Some(false) if standing == Standing::Retired => ("✗", Tone::Dim),
            Some(false) => ("✗", Tone::Alarm),
            None => ("?", Tone::Dim),
        };
        // A long provider name pushes the value right rather than touching it.
        let label = format!("  {mark} {} ", sanitize(&check.label));
        lines.push(DetailLine::marked(&label, sanitize(&check.value), tone));
        if let Some(fix) = check.fix.filter(|_| standing != Standing::Retired) {
            lines.push(DetailLine::text(format!("      → {}", sanitize(&fix)), Tone::Warn));
        }
    }
    lines
}

/// Its health over time, as watch and the dashboard saw it (`crate::observe::history`,
/// read off the UI thread when the detail opened).
fn history_lines(bot: &Bot, state: &AppState) -> Vec<DetailLine> {
    let said = |text: String, tone: Tone| DetailLine::text(format!("  {text}"), tone);
    let mut lines = vec![DetailLine::Blank, DetailLine::Heading("Health over time".into())];
    let read = match &state.org.observed.history {
        Some((id, read)) if *id == bot.id => read.as_ref(),
        _ => None,
    };
    match read {
        Some(BotHistory::Kept(kept)) => {
            lines.extend(kept.iter().map(|line| said(sanitize(line), Tone::Plain)));
        }
        Some(BotHistory::NoneKept) => lines.push(said(
            "no history kept yet (kept while `outreach watch` runs or the dashboard is open)"
                .into(),
            Tone::Dim,
        )),
        Some(BotHistory::Failed(error)) => {
            lines.push(said(format!("not available ({})", sanitize(error)), Tone::Warn));
        }
        None => lines.push(said("reading…".into(), Tone::Dim)),
    }
    lines
}

/// The names of the campaigns a bot's replies and meetings came from.
fn served(tally: &Tally, state: &AppState) -> String {
    if tally.campaigns.is_empty() {
        return "none with replies or meetings in the range".into();
    }
    let names: Vec<String> = tally
        .campaigns
        .iter()
        .map(|id| state.campaign_name(*id).map_or_else(|| format!("campaign {id}"), sanitize))
        .collect();
    names.join(", ")
}

pub fn detail_lines(bot: &Bot, state: &AppState) -> Vec<DetailLine> {
    let n = |v: Option<i64>| v.map_or("not set".to_string(), |v| v.to_string());
    let standing = standing(bot);
    let mut lines = vec![
        DetailLine::marked("E-mail", sanitize(&bot.email), Mark::Name),
        DetailLine::field("Name", sanitize(format!("{} {}", bot.first_name, bot.last_name).trim())),
        DetailLine::field("Id", bot.id.to_string()),
        DetailLine::marked("Status", sanitize(bot.status.as_str()), tone::standing(standing)),
        // A mailbox that is not ACTIVE is trouble only for a bot that still sends.
        DetailLine::marked(
            "Mailbox",
            sanitize(bot.mailbox_status.as_str()),
            tone::mailbox_status(&bot.mailbox_status, standing),
        ),
        DetailLine::field("Source", sanitize(bot.source.as_str())),
        DetailLine::field("In pool", yes_no(bot.in_pool)),
        DetailLine::field("Warm-up volume", n(bot.initial_volume)),
        DetailLine::field("Daily limit", n(bot.max_daily_limit)),
        DetailLine::field("Warm-up increment", n(bot.warmup_increment)),
        DetailLine::field(
            "Warm-up started",
            bot.warmup_started_at
                .map(|t| state.env.zone.date_time(t.0))
                .unwrap_or_else(|| "not started".into()),
        ),
        warmup_line(bot, state),
        DetailLine::field("Onboarding shown", yes_no(bot.shown_onboarding)),
    ];
    lines.extend(health_lines(bot, standing));
    lines.extend(history_lines(bot, state));
    // Below health: what needs fixing comes first on a short screen.
    lines.extend(curve_lines(bot, state));
    let (tally, results) = result_lines(Who::Bot(bot.id), state);
    lines.extend(results);
    if let Some(tally) = tally {
        lines.push(DetailLine::field("  Campaigns it serves", served(&tally, state)));
    }
    lines.push(DetailLine::Blank);
    lines.push(DetailLine::Heading("Custom data".into()));
    lines.extend(custom_data_lines(&bot.custom_data));
    lines
}
