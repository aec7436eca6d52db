//! A bot's settings, its health as a checklist with what to do for each failure, the warm-up
//! gauge, what it achieved over the results range and the campaigns it serves, and its
//! custom data.

use crate::api::Bot;
use crate::bots::{Standing, checks, standing, warmup};
use crate::present::tone;
use crate::results::{Tally, Who};
use crate::text::sanitize;
use crate::tui::details::contact::custom_data_lines;
use crate::tui::details::results::result_lines;
use crate::tui::details::warmup_curve::curve_lines;
use crate::tui::observe::BotHistory;
use crate::tui::state::AppState;
use crate::tui::theme::Theme;
use crate::tui::widgets::detail::{field, heading, styled_field, yes_no};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Healthy green, needing attention red, ending yellow, retired dim.
pub fn standing_style(standing: Standing, theme: &Theme) -> Style {
    theme.tone(tone::standing(standing))
}

/// A mailbox that is not ACTIVE is trouble only for a bot that still sends.
pub fn mailbox_style(bot: &Bot, standing: Standing, theme: &Theme) -> Style {
    theme.tone(tone::mailbox_status(&bot.mailbox_status, standing))
}

/// Where the warm-up stands: `■■■■■■····  day 12 · 34/52 a day`.
fn warmup_line(bot: &Bot, state: &AppState) -> Line<'static> {
    let theme = &state.env.theme;
    match warmup(bot, state.env.now) {
        Some(at) => {
            let style = if at.complete() { theme.positive } else { theme.warning };
            let mut line = styled_field("Warm-up today", at.gauge(10), style, theme);
            line.spans.push(Span::styled(format!(" {}", at.describe()), theme.text));
            line
        }
        None => field("Warm-up today", "not started", theme),
    }
}

/// The checklist of [`crate::bots::checks`]: each check passed, failed or not reported,
/// and under each failure what to do (for a bot that still sends).
fn health_lines(bot: &Bot, standing: Standing, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let overall = match standing {
        Standing::Attention => "needs attention: fix what is marked ✗",
        Standing::Ending => "ending (scheduled for cancellation, still sending)",
        Standing::CoolingOff => "cooling off (a warm-down pause: not sending until it resumes)",
        Standing::Retired => "retired (no longer sends; its checks no longer matter)",
        Standing::Healthy => "healthy: every check passes",
    };
    let mut lines = vec![
        Line::from(""),
        heading("Health", theme),
        styled_field("  Overall", overall, standing_style(standing, theme), theme),
    ];
    for check in checks(bot) {
        let (mark, style) = match check.ok {
            Some(true) => ("✓", theme.positive),
            Some(false) if standing == Standing::Retired => ("✗", theme.dim),
            Some(false) => ("✗", theme.error),
            None => ("?", theme.dim),
        };
        // A long provider name pushes the value right rather than touching it.
        let label = format!("  {mark} {} ", sanitize(&check.label));
        lines.push(styled_field(&label, sanitize(&check.value), style, theme));
        if let Some(fix) = check.fix.filter(|_| standing != Standing::Retired) {
            lines.push(Line::from(Span::styled(
                format!("      → {}", sanitize(&fix)),
                theme.warning,
            )));
        }
    }
    lines
}

/// Its health over time, as watch and the dashboard saw it (`crate::observe::history`,
/// read off the UI thread when the detail opened).
fn history_lines(bot: &Bot, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let said = |text: String, style: Style| Line::from(Span::styled(format!("  {text}"), style));
    let mut lines = vec![Line::from(""), heading("Health over time", theme)];
    let read = match &state.org.observed.history {
        Some((id, read)) if *id == bot.id => read.as_ref(),
        _ => None,
    };
    match read {
        Some(BotHistory::Kept(kept)) => {
            lines.extend(kept.iter().map(|line| said(sanitize(line), theme.text)));
        }
        Some(BotHistory::NoneKept) => lines.push(said(
            "no history kept yet (kept while `outreach watch` runs or the dashboard is open)"
                .into(),
            theme.dim,
        )),
        Some(BotHistory::Failed(error)) => {
            lines.push(said(format!("not available ({})", sanitize(error)), theme.warning));
        }
        None => lines.push(said("reading…".into(), theme.dim)),
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

pub fn detail_lines(bot: &Bot, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let n = |v: Option<i64>| v.map_or("not set".to_string(), |v| v.to_string());
    let standing = standing(bot);
    let mut lines = vec![
        styled_field("E-mail", sanitize(&bot.email), theme.title, theme),
        field("Name", sanitize(format!("{} {}", bot.first_name, bot.last_name).trim()), theme),
        field("Id", bot.id.to_string(), theme),
        styled_field(
            "Status",
            sanitize(bot.status.as_str()),
            standing_style(standing, theme),
            theme,
        ),
        styled_field(
            "Mailbox",
            sanitize(bot.mailbox_status.as_str()),
            mailbox_style(bot, standing, theme),
            theme,
        ),
        field("Source", sanitize(bot.source.as_str()), theme),
        field("In pool", yes_no(bot.in_pool), theme),
        field("Warm-up volume", n(bot.initial_volume), theme),
        field("Daily limit", n(bot.max_daily_limit), theme),
        field("Warm-up increment", n(bot.warmup_increment), theme),
        field(
            "Warm-up started",
            bot.warmup_started_at
                .map(|t| state.env.zone.date_time(t.0))
                .unwrap_or_else(|| "not started".into()),
            theme,
        ),
        warmup_line(bot, state),
        field("Onboarding shown", yes_no(bot.shown_onboarding), theme),
    ];
    lines.extend(health_lines(bot, standing, state));
    lines.extend(history_lines(bot, state));
    // Below health: what needs fixing comes first on a short screen.
    lines.extend(curve_lines(bot, state));
    let (tally, results) = result_lines(Who::Bot(bot.id), state);
    lines.extend(results);
    if let Some(tally) = tally {
        lines.push(field("  Campaigns it serves", served(&tally, state), theme));
    }
    lines.push(Line::from(""));
    lines.push(heading("Custom data", theme));
    lines.extend(custom_data_lines(&bot.custom_data, state));
    lines
}
