//! A campaign's every setting in words (the ten auto-pilot flags as "AI handles" or "asks a
//! human") and its results over the chosen range, with a per-bot table.

use crate::api::{Campaign, CampaignStatus};
use crate::present::settings::{flag_words, unsubscribe_words};
use crate::present::tone;
use crate::results::{Group, Tally, Who};
use crate::text::{sanitize, truncate};
use crate::tui::details::answers::{funnel_lines, heat_lines};
use crate::tui::details::results::result_lines;
use crate::tui::state::AppState;
use crate::tui::theme::Theme;
use crate::tui::widgets::detail::{field, heading, styled_field, yes_no};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

pub fn status_style(status: &CampaignStatus, theme: &Theme) -> Style {
    theme.tone(tone::campaign_status(status))
}

pub fn detail_lines(campaign: &Campaign, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let created = campaign
        .created_at
        .map(|t| state.env.zone.date_time(t.0))
        .unwrap_or_else(|| "unknown".into());
    let duration = campaign.meeting_duration.map_or("not set".to_string(), |d| format!("{d} min"));
    let tracking = |on: bool| if on { "on" } else { "off" };
    let test_mode = if campaign.test_mode { "on: e-mails are not really sent" } else { "off" };
    let mut lines = vec![
        styled_field("Name", sanitize(&campaign.name), theme.title, theme),
        field("Id", campaign.id.to_string(), theme),
        styled_field(
            "Status",
            sanitize(campaign.status.as_str()),
            status_style(&campaign.status, theme),
            theme,
        ),
        field("Created", created, theme),
        Line::from(""),
        heading("Settings", theme),
        field("  E-mail tracking", tracking(campaign.email_tracking), theme),
        field("  Link tracking", tracking(campaign.link_tracking), theme),
        field("  Unsubscribe", unsubscribe_words(&campaign.unsubscribe_mode), theme),
        field("  Meeting duration", duration, theme),
        styled_field(
            "  Test mode",
            test_mode,
            if campaign.test_mode { theme.warning } else { theme.text },
            theme,
        ),
        field("  Auto-enrich", yes_no(campaign.auto_enrich), theme),
        field("  Disclaimer", yes_no(campaign.include_disclaimer), theme),
        Line::from(""),
        heading("Auto-pilot: what the AI handles, what it asks a human about", theme),
    ];
    for (name, automatic) in campaign.auto_pilot_settings.flags() {
        let (word, style) = if automatic {
            ("AI handles", theme.positive)
        } else {
            ("asks a human", theme.warning)
        };
        lines.push(styled_field(&format!("  {}", flag_words(name)), word, style, theme));
    }
    let who = Who::Campaign(campaign.id);
    let (tally, results) = result_lines(who, state);
    lines.extend(results);
    if let Some(tally) = tally {
        lines.extend(funnel_lines(&tally, state));
        lines.extend(heat_lines(campaign.id, state));
        lines.extend(per_bot_lines(campaign.id, state));
    }
    lines
}

/// Replies, Interested and meetings per bot of the campaign, busiest first.
fn per_bot_lines(campaign: i64, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let store = &state.org.store;
    let replies = store.range_replies.items();
    let meetings = store.range_meetings.items();
    let basis = state.results_basis();
    let groups = Tally::grouped(replies, meetings, &basis, Who::Campaign(campaign), Group::Bot);
    let mut rows: Vec<(i64, Tally)> = groups.into_iter().collect();
    crate::sorting::sort_by_key(&mut rows, |(id, t)| {
        (std::cmp::Reverse((t.replies, t.meetings.booked)), *id)
    });
    let mut lines = vec![Line::from(""), heading("  Per bot", theme)];
    if rows.is_empty() {
        lines.push(Line::from(Span::styled("  no replies or meetings in the range", theme.dim)));
        return lines;
    }
    let name_width =
        usize::from(state.env.width.saturating_sub(4)).saturating_sub(33).clamp(12, 40);
    lines.push(Line::from(Span::styled(
        format!("  {:<name_width$} {:>7} {:>10} {:>8}", "Bot", "Replies", "Interested", "Meetings"),
        theme.header,
    )));
    for (id, tally) in rows {
        let name = store
            .bots
            .items()
            .iter()
            .find(|bot| bot.id == id)
            .map_or_else(|| format!("bot {id}"), |bot| sanitize(&bot.email));
        lines.push(Line::from(Span::styled(
            format!(
                "  {:<name_width$} {:>7} {:>10} {:>8}",
                truncate(&name, name_width),
                tally.replies,
                tally.interested(),
                tally.meetings.booked
            ),
            theme.text,
        )));
    }
    lines
}
