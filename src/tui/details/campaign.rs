//! A campaign's every setting in words (the ten auto-pilot flags as "AI handles" or "asks a
//! human") and its results over the chosen range, with a per-bot table.

use crate::api::Campaign;
use crate::present::Tone;
use crate::present::settings::{flag_words, unsubscribe_words};
use crate::present::tone;
use crate::results::{Group, Tally, Who};
use crate::text::{sanitize, truncate};
use crate::tui::detail_line::{DetailLine, Mark, yes_no};
use crate::tui::details::answers::{funnel_lines, heat_lines};
use crate::tui::details::results::result_lines;
use crate::tui::state::AppState;

pub fn detail_lines(campaign: &Campaign, state: &AppState) -> Vec<DetailLine> {
    let created = campaign
        .created_at
        .map(|t| state.env.zone.date_time(t.0))
        .unwrap_or_else(|| "unknown".into());
    let duration = campaign.meeting_duration.map_or("not set".to_string(), |d| format!("{d} min"));
    let tracking = |on: bool| if on { "on" } else { "off" };
    let test_mode = if campaign.test_mode { "on: e-mails are not really sent" } else { "off" };
    let mut lines = vec![
        DetailLine::marked("Name", sanitize(&campaign.name), Mark::Name),
        DetailLine::field("Id", campaign.id.to_string()),
        DetailLine::marked(
            "Status",
            sanitize(campaign.status.as_str()),
            tone::campaign_status(&campaign.status),
        ),
        DetailLine::field("Created", created),
        DetailLine::Blank,
        DetailLine::Heading("Settings".into()),
        DetailLine::field("  E-mail tracking", tracking(campaign.email_tracking)),
        DetailLine::field("  Link tracking", tracking(campaign.link_tracking)),
        DetailLine::field("  Unsubscribe", unsubscribe_words(&campaign.unsubscribe_mode)),
        DetailLine::field("  Meeting duration", duration),
        DetailLine::marked(
            "  Test mode",
            test_mode,
            if campaign.test_mode { Tone::Warn } else { Tone::Plain },
        ),
        DetailLine::field("  Auto-enrich", yes_no(campaign.auto_enrich)),
        DetailLine::field("  Disclaimer", yes_no(campaign.include_disclaimer)),
        DetailLine::Blank,
        DetailLine::Heading("Auto-pilot: what the AI handles, what it asks a human about".into()),
    ];
    for (name, automatic) in campaign.auto_pilot_settings.flags() {
        let (word, tone) =
            if automatic { ("AI handles", Tone::Good) } else { ("asks a human", Tone::Warn) };
        lines.push(DetailLine::marked(&format!("  {}", flag_words(name)), word, tone));
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
fn per_bot_lines(campaign: i64, state: &AppState) -> Vec<DetailLine> {
    let store = &state.org.store;
    let replies = store.range_replies.items();
    let meetings = store.range_meetings.items();
    let basis = state.results_basis();
    let groups = Tally::grouped(replies, meetings, &basis, Who::Campaign(campaign), Group::Bot);
    let mut rows: Vec<(i64, Tally)> = groups.into_iter().collect();
    crate::sorting::sort_by_key(&mut rows, |(id, t)| {
        (std::cmp::Reverse((t.replies, t.meetings.booked)), *id)
    });
    let mut lines = vec![DetailLine::Blank, DetailLine::Heading("  Per bot".into())];
    if rows.is_empty() {
        lines.push(DetailLine::text("  no replies or meetings in the range", Tone::Dim));
        return lines;
    }
    let name_width =
        usize::from(state.env.width.saturating_sub(4)).saturating_sub(33).clamp(12, 40);
    lines.push(DetailLine::text(
        format!("  {:<name_width$} {:>7} {:>10} {:>8}", "Bot", "Replies", "Interested", "Meetings"),
        Tone::Heading,
    ));
    for (id, tally) in rows {
        let name = store
            .bots
            .items()
            .iter()
            .find(|bot| bot.id == id)
            .map_or_else(|| format!("bot {id}"), |bot| sanitize(&bot.email));
        lines.push(DetailLine::text(
            format!(
                "  {:<name_width$} {:>7} {:>10} {:>8}",
                truncate(&name, name_width),
                tally.replies,
                tally.interested(),
                tally.meetings.booked
            ),
            Tone::Plain,
        ));
    }
    lines
}
