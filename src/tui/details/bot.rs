//! A bot's settings, standing and health: warm-up, DNS, CNAME, auth, and its custom data.

use crate::api::Bot;
use crate::bots::{Standing, standing, warmup};
use crate::present::tone;
use crate::text::sanitize;
use crate::tui::details::contact::custom_data_lines;
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
    let theme = &state.theme;
    match warmup(bot, state.now) {
        Some(at) => {
            let style = if at.complete() { theme.positive } else { theme.warning };
            let mut line = styled_field("Warm-up today", at.gauge(10), style, theme);
            line.spans.push(Span::styled(format!(" {}", at.describe()), theme.text));
            line
        }
        None => field("Warm-up today", "not started", theme),
    }
}

fn check(ok: bool, theme: &Theme) -> (&'static str, ratatui::style::Style) {
    if ok { ("valid", theme.positive) } else { ("INVALID", theme.error) }
}

pub fn detail_lines(bot: &Bot, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.theme;
    let n = |v: Option<i64>| v.map_or("not set".to_string(), |v| v.to_string());
    let standing = standing(bot);
    let problems = crate::bots::problems(bot);
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
                .map(|t| state.zone.date_time(t.0))
                .unwrap_or_else(|| "not started".into()),
            theme,
        ),
        warmup_line(bot, state),
        field("Onboarding shown", yes_no(bot.shown_onboarding), theme),
        Line::from(""),
        heading("Health", theme),
    ];
    if problems.is_empty() {
        let overall = match standing {
            Standing::Ending => "ending (scheduled for cancellation, still sending)",
            Standing::Retired => "retired (no longer sends)",
            Standing::Healthy | Standing::Attention => "healthy",
        };
        lines.push(styled_field("  Overall", overall, standing_style(standing, theme), theme));
    } else {
        lines.push(styled_field("  Problems", sanitize(&problems.join(", ")), theme.error, theme));
    }
    match &bot.dns_validation {
        Some(dns) => {
            let (word, style) = check(dns.mx, theme);
            lines.push(styled_field("  DNS MX", word, style, theme));
            let (word, style) = check(dns.spf, theme);
            lines.push(styled_field("  DNS SPF", word, style, theme));
        }
        None => lines.push(field("  DNS", "not reported", theme)),
    }
    match &bot.cname_record {
        Some(cname) => {
            lines.push(field("  CNAME alias", sanitize(&cname.alias), theme));
            let (word, style) = check(cname.valid_record, theme);
            lines.push(styled_field("  CNAME record", word, style, theme));
            let (word, style) = check(cname.valid_ssl, theme);
            lines.push(styled_field("  SSL", word, style, theme));
        }
        None => lines.push(field("  CNAME", "not reported", theme)),
    }
    for auth in &bot.auth_data {
        let (word, style) = check(auth.is_valid, theme);
        let label = format!("  Auth {} {}", sanitize(&auth.provider), sanitize(&auth.auth_type));
        lines.push(styled_field(&label, word, style, theme));
    }
    lines.push(Line::from(""));
    lines.push(heading("Custom data", theme));
    lines.extend(custom_data_lines(&bot.custom_data, state));
    lines
}
