//! Bots: a table with health at a glance (DNS MX/SPF, CNAME record/SSL, auth validity),
//! problems highlighted, and a detail view of every field.

use super::super::rows::{BOT_COLUMNS, bot_cells, health_checks};
use super::super::state::AppState;
use super::super::theme::Theme;
use super::super::widgets::detail::{field, heading, styled_field, yes_no};
use super::super::widgets::table::{Column, cell};
use super::contacts::custom_data_lines;
use super::{list_title, render_detail, render_list};
use crate::api::{Bot, MailboxStatus};
use crate::bots::{Standing, standing, warmup};
use crate::text::sanitize;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Cell;

const COLUMNS: [Column; 8] = [
    Column::new(BOT_COLUMNS[0], 20, 38, 0),
    Column::new(BOT_COLUMNS[1], 10, 24, 7),
    Column::new(BOT_COLUMNS[2], 10, 26, 2),
    Column::new(BOT_COLUMNS[3], 10, 18, 3),
    Column::new(BOT_COLUMNS[4], 10, 14, 5),
    Column::new(BOT_COLUMNS[5], 4, 4, 6),
    Column::new(BOT_COLUMNS[6], 26, 26, 1),
    Column::new(BOT_COLUMNS[7], 12, 60, 4),
];

/// The five checks, each green when passing and red when failing.
fn health_cell(bot: &Bot, theme: &Theme) -> Cell<'static> {
    let mut spans = Vec::new();
    for (index, (name, ok)) in health_checks(bot).into_iter().enumerate() {
        if index > 0 {
            spans.push(Span::raw(" "));
        }
        let (mark, style) = match ok {
            Some(true) => ("✓", theme.positive),
            Some(false) => ("✗", theme.error),
            None => ("-", theme.dim),
        };
        spans.push(Span::styled(format!("{name}{mark}"), style));
    }
    Cell::from(Line::from(spans))
}

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.bots.detail.is_some() {
        return render_detail(frame, area, state, "Bot");
    }
    let theme = &state.theme;
    let remote = &state.store.bots;
    let list = &state.bots.list;
    let count = |wanted| remote.items().iter().filter(|b| standing(b) == wanted).count();
    let (attention, retired) = (count(Standing::Attention), count(Standing::Retired));
    let mut extra = Vec::new();
    if attention > 0 {
        extra.push(Span::styled(format!(" · {attention} need attention"), theme.error));
    }
    if retired > 0 {
        extra.push(Span::styled(format!(" · {retired} retired"), theme.dim));
    }
    let title = list_title(state, "Bots", remote, list, extra);
    render_list(frame, area, state, "bots", remote, list, title, &COLUMNS, |bot, _| {
        let [email, name, status, mailbox, warmup, pool, _, problems] = bot_cells(bot);
        let standing = standing(bot);
        let status_style = standing_style(standing, theme);
        let mailbox_style = mailbox_style(bot, standing, theme);
        let (email_style, text_style) = match standing {
            Standing::Attention => (theme.warning, theme.text),
            Standing::Retired => (theme.dim, theme.dim),
            Standing::Healthy | Standing::Ending => (theme.text, theme.text),
        };
        vec![
            cell(email, email_style),
            cell(name, text_style),
            cell(status, status_style),
            cell(mailbox, mailbox_style),
            cell(warmup, theme.dim),
            cell(pool, text_style),
            health_cell(bot, theme),
            cell(problems, status_style),
        ]
    });
}

/// Healthy green, needing attention red, ending yellow, retired dim.
fn standing_style(standing: Standing, theme: &Theme) -> Style {
    match standing {
        Standing::Healthy => theme.positive,
        Standing::Attention => theme.error,
        Standing::Ending => theme.warning,
        Standing::Retired => theme.dim,
    }
}

/// A mailbox that is not ACTIVE is trouble only for a bot that still sends.
fn mailbox_style(bot: &Bot, standing: Standing, theme: &Theme) -> Style {
    match (standing, bot.mailbox_status == MailboxStatus::Active) {
        (Standing::Retired, _) => theme.dim,
        (_, true) => theme.positive,
        (_, false) => theme.error,
    }
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
