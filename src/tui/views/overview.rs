//! The Overview: counts at a glance in four tiles — campaigns by status, replied
//! conversations and meetings booked per calendar day of the results range (7, 30 or 90
//! days, from [`crate::results`]), meetings today and in the next 7 days, bots
//! needing attention — each a shortcut into its pane (Enter, or a click). The numbers come
//! from [`crate::summary`], so they are the ones `outreach status` prints, and each total is
//! the sum of what is drawn under it.

use crate::api::CampaignStatus;
use crate::present::cause::cause;
use crate::present::width::{cut, display_width};
use crate::results::{Who, buckets, series};
use crate::summary::OrgSummary;
use crate::text::{sanitize, truncate};
use crate::tui::command::Command;
use crate::tui::layout::{inbox_line, tile_rects};
use crate::tui::model::Tile;
use crate::tui::state::{AppState, Remote};
use crate::tui::views::pane::fit_spans;
use crate::tui::views::range::{range_label, range_marks};
use crate::tui::views::waiting;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, BorderType, Paragraph};

pub(crate) fn render(frame: &mut Frame, body: Rect, state: &AppState) {
    if let Some(line) = inbox_line(body) {
        super::overview_inbox::line(frame, line, state);
        if state.org.inbox.speed_open {
            let rest = Rect { y: body.y + 1, height: body.height - 1, ..body };
            super::overview_inbox::speed(frame, rest, state);
            return;
        }
    }
    let summary = state.org.summary(state.env.now, state.env.zone);
    for (index, (tile, area)) in Tile::ALL.iter().zip(tile_rects(body)).enumerate() {
        let selected = index == state.panes.overview;
        let theme = &state.env.theme;
        let (title, pane) = match tile {
            Tile::Campaigns => ("Campaigns", "Campaigns"),
            Tile::Replies => ("Replies", "Exchanges"),
            Tile::Meetings => ("Meetings", "Meetings"),
            Tile::Bots => ("Bots", "Bots"),
        };
        let border = if selected { theme.accent } else { theme.border };
        let open = state.env.keymap.key_for(Command::Open).unwrap_or_default();
        let title_style = if selected { theme.tab_active } else { theme.title };
        // Counts by calendar day say whose days they are.
        let (head, zone) = match tile {
            Tile::Replies => (range_label(state), Some(format!(" · days in {}", summary.zone))),
            Tile::Meetings => (title.to_string(), Some(format!(" · days in {}", summary.zone))),
            Tile::Campaigns | Tile::Bots => (title.to_string(), None),
        };
        // A narrow tile drops the zone rather than cut it mid-word.
        let kept = vec![Span::styled(format!(" {head}"), title_style)];
        let zone = zone.map(|zone| Span::styled(zone, title_style)).into_iter().collect();
        let end = vec![Span::styled(" ", title_style)];
        let room = usize::from(area.width.saturating_sub(2));
        // The tile Enter opens is told by its thick border too, not by its colour alone.
        let border_type = if selected { BorderType::Thick } else { BorderType::Plain };
        let block = Block::bordered()
            .border_type(border_type)
            .border_style(border)
            .title(Line::from(fit_spans(kept, zone, end, room)))
            .title_bottom(
                Line::from(Span::styled(format!(" {open} ▸ {pane} "), theme.dim)).right_aligned(),
            );
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if inner.width == 0 || inner.height == 0 {
            continue;
        }
        match tile {
            Tile::Campaigns => campaigns(frame, inner, state, &summary),
            Tile::Replies => replies(frame, inner, state),
            Tile::Meetings => meetings(frame, inner, state, &summary),
            Tile::Bots => bots(frame, inner, state, &summary),
        }
    }
}

/// "loading…" (then what is awaited, once that takes long) or the failure's cause when a
/// tile's data is not there; `true` when it is. The cause only: what to do is said once, in
/// the status bar, and the whole text in `?` help, so a refused key is not said four times.
fn ready<T>(
    frame: &mut Frame,
    area: Rect,
    (remote, what): (&Remote<T>, &str),
    state: &AppState,
) -> bool {
    let line = match (&remote.data, &remote.error) {
        (Some(_), _) => return true,
        _ if remote.is_loading() => {
            let text = waiting::words(state, remote, what).unwrap_or("loading…".into());
            Line::from(Span::styled(text, state.env.theme.dim))
        }
        (None, Some(error)) => {
            Line::from(Span::styled(format!("✗ {}", cause(error)), state.env.theme.error))
        }
        (None, None) => Line::from(Span::styled("loading…", state.env.theme.dim)),
    };
    frame.render_widget(Paragraph::new(line).wrap(ratatui::widgets::Wrap { trim: true }), area);
    false
}

/// The shortest bar room kept beside a cut label, so a long label never takes the bars.
const MIN_BAR_ROOM: usize = 4;

/// `LABEL  count ■■■■` per row (`####` where `[ui] graph` is ASCII): every label padded to
/// the longest (cut with `…` past half the tile), the counts right-aligned in one column
/// and the bar scaled
/// so the largest count fills the rest. Equal counts draw equal bars whatever their labels,
/// and no label pushes its count out of view.
fn count_lines(
    rows: &[(String, usize, Style)],
    width: u16,
    state: &AppState,
) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let (mark, _) = crate::present::graph::marks(state.env.graph);
    let width = usize::from(width);
    let largest = rows.iter().map(|(_, count, _)| *count).max().unwrap_or(0);
    let count_width = largest.to_string().len();
    let longest = rows.iter().map(|(label, _, _)| display_width(label)).max().unwrap_or(0);
    // A long label is cut to half the tile (the known statuses fit in 12) so the bars
    // keep room to tell counts apart.
    let label_width =
        longest.min((width / 2).max(12)).min(width.saturating_sub(count_width + 2 + MIN_BAR_ROOM));
    let room = width.saturating_sub(label_width + count_width + 2);
    rows.iter()
        .map(|(label, count, style)| {
            let label = cut(label, label_width);
            let pad = " ".repeat(label_width.saturating_sub(display_width(&label)));
            let bar = if largest == 0 { 0 } else { (count * room).div_ceil(largest).min(room) };
            Line::from(vec![
                Span::styled(format!("{label}{pad} "), *style),
                Span::styled(format!("{count:>count_width$} "), theme.text),
                Span::styled(mark.to_string().repeat(bar), *style),
            ])
        })
        .collect()
}

fn campaigns(frame: &mut Frame, area: Rect, state: &AppState, summary: &OrgSummary) {
    if !ready(frame, area, (&state.org.store.campaigns, "campaigns"), state) {
        return;
    }
    let theme = &state.env.theme;
    let rows: Vec<(String, usize, Style)> = summary
        .campaigns
        .ordered()
        .iter()
        .map(|(status, count)| {
            let style = theme
                .tone(crate::present::tone::campaign_status(&CampaignStatus::from_wire(status)));
            (sanitize(status), *count, style)
        })
        .collect();
    let mut lines = count_lines(&rows, area.width, state);
    let total = summary.campaigns.total;
    lines.push(Line::from(Span::styled(format!("{total} campaigns in all"), theme.dim)));
    frame.render_widget(Paragraph::new(lines), area);
}

/// Replies and meetings booked over the results range, a pair of bars per day (or per few
/// days when the range is wider than the tile). The headline is the sum of the bars.
fn replies(frame: &mut Frame, area: Rect, state: &AppState) {
    let store = &state.org.store;
    let (replies, meetings) = (&store.range_replies, &store.range_meetings);
    // Either list alone draws its bars: a failure of one never blanks the other's.
    if replies.data.is_none() && meetings.data.is_none() {
        if replies.error.is_none() && meetings.error.is_some() {
            ready(frame, area, (meetings, "meetings"), state);
        } else {
            ready(frame, area, (replies, "replies"), state);
        }
        return;
    }
    let theme = &state.env.theme;
    let days = series(replies.items(), meetings.items(), &state.results_basis(), Who::All);
    let (replied, booked) = days.iter().fold((0, 0), |(r, m), d| (r + d.replies, m + d.meetings));
    let mut headline: Vec<Span> = Vec::new();
    for (remote_missing, count, noun, style, symbol) in [
        (replies.data.is_none().then_some(&replies.error), replied, "replied", theme.positive, "█"),
        (
            meetings.data.is_none().then_some(&meetings.error),
            booked,
            "meetings",
            theme.accent,
            MEETING_BAR,
        ),
    ] {
        let lead = if headline.is_empty() { "" } else { " " };
        match remote_missing {
            None => headline.extend([
                Span::styled(format!("{lead}{count}"), style),
                Span::styled(format!(" {noun} "), theme.text),
                Span::styled(symbol, style),
            ]),
            Some(Some(error)) => headline
                .push(Span::styled(format!("{lead}{noun}: ✗ {}", cause(error)), theme.error)),
            Some(None) => headline.push(Span::styled(format!("{lead}{noun}: loading…"), theme.dim)),
        }
    }
    headline.extend(range_marks(state));
    // A failure's words are cut at the tile's edge with `…`, not mid-word by the border.
    let headline = fit_spans(headline, Vec::new(), Vec::new(), usize::from(area.width));
    frame.render_widget(Line::from(headline), Rect { height: 1, ..area });
    if area.height < 4 {
        return;
    }
    let chart_area = Rect { y: area.y + 1, height: area.height - 1, ..area };
    // A pair of bars and a gap per bucket: at least three cells each.
    let buckets = buckets(&days, usize::from(chart_area.width / 3));
    let count = buckets.len().max(1) as u16;
    let bar_width = ((chart_area.width / count).saturating_sub(1) / 2).clamp(1, 6);
    let daily = buckets.iter().all(|b| b.first == b.last);
    let chart = buckets.iter().fold(BarChart::default(), |chart, bucket| {
        let label = if daily && bar_width >= 2 {
            bucket.last.format("%a")
        } else {
            bucket.last.format("%d")
        };
        let bar = |value: usize, style| {
            let text = if bar_width >= 2 { value.to_string() } else { String::new() };
            Bar::default().value(value as u64).text_value(text).style(style)
        };
        chart.data(
            BarGroup::default()
                .label(Line::from(label.to_string()))
                .bars(&[bar(bucket.replies, theme.positive), bar(bucket.meetings, theme.accent)]),
        )
    });
    let chart = chart.bar_width(bar_width).bar_gap(0).group_gap(GROUP_GAP).value_style(theme.text);
    frame.render_widget(chart, chart_area);
    hatch_meetings(frame.buffer_mut(), chart_area, buckets.len(), bar_width);
}

/// What a meetings bar is filled with: the replies' bars are solid, so the two series
/// differ by more than their colours.
const MEETING_BAR: &str = "▒";

/// The top of a meetings bar that fills part of its cell: a lighter shade, not the eighths
/// the replies' bars end in.
const MEETING_BAR_TOP: &str = "░";

/// The cells between one day's pair of bars and the next's.
const GROUP_GAP: u16 = 1;

/// Fills the meetings bar (the second) of each of `groups` pairs with [`MEETING_BAR`]
/// where the chart drew a whole cell and [`MEETING_BAR_TOP`] where it drew part of one;
/// the row of day labels under the bars is left alone.
fn hatch_meetings(buffer: &mut ratatui::buffer::Buffer, area: Rect, groups: usize, bar_width: u16) {
    let rows = area.y..area.bottom().saturating_sub(1);
    let groups = u16::try_from(groups).unwrap_or(u16::MAX);
    for group in 0..groups {
        let left =
            area.x.saturating_add(group.saturating_mul(2 * bar_width + GROUP_GAP)) + bar_width;
        for x in left..left.saturating_add(bar_width).min(area.right()) {
            for y in rows.clone() {
                let cell = &mut buffer[(x, y)];
                match cell.symbol() {
                    "█" => cell.set_symbol(MEETING_BAR),
                    "▁" | "▂" | "▃" | "▄" | "▅" | "▆" | "▇" => {
                        cell.set_symbol(MEETING_BAR_TOP)
                    }
                    _ => cell,
                };
            }
        }
    }
}

fn meetings(frame: &mut Frame, area: Rect, state: &AppState, summary: &OrgSummary) {
    if !ready(frame, area, (&state.org.store.upcoming_meetings, "meetings"), state) {
        return;
    }
    let theme = &state.env.theme;
    let zone = &state.env.zone;
    let counts = &summary.meetings;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("{:>3}", counts.today), theme.positive),
            Span::styled(" today (not cancelled)", theme.text),
        ]),
        Line::from(vec![
            Span::styled(format!("{:>3}", counts.next_7_days), theme.positive),
            Span::styled(format!(" from now to {}", counts.through.format("%a %d %b")), theme.text),
        ]),
        Line::from(""),
    ];
    // Exactly the meetings counted above; when they do not fit, the last line says how
    // many more there are.
    let room = usize::from(area.height.saturating_sub(3));
    let shown = if counts.upcoming.len() > room { room.saturating_sub(1) } else { room };
    for meeting in counts.upcoming.iter().take(shown) {
        let end = meeting.end.map(|end| zone.format(end.0, "–%H:%M")).unwrap_or_default();
        let text = format!(
            "{}{end} {}",
            zone.format(meeting.start.0, "%a %d %H:%M"),
            sanitize(&meeting.contact_name)
        );
        lines.push(Line::from(Span::styled(truncate(&text, usize::from(area.width)), theme.text)));
    }
    let hidden = counts.upcoming.len().saturating_sub(shown);
    if hidden > 0 && room > 0 {
        lines.push(Line::from(Span::styled(format!("… {hidden} more"), theme.dim)));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

fn bots(frame: &mut Frame, area: Rect, state: &AppState, summary: &OrgSummary) {
    if !ready(frame, area, (&state.org.store.bots, "bots"), state) {
        return;
    }
    let theme = &state.env.theme;
    let health = &summary.bots;
    let live = health.live();
    let mut lines = vec![if health.total == 0 {
        Line::from(Span::styled("No bots: nothing can be sent (needs attention)", theme.error))
    } else if health.sending() == 0 {
        Line::from(Span::styled("No bot can send now (needs attention)", theme.error))
    } else if health.needing_attention.is_empty() && health.cooling_off.is_empty() {
        Line::from(Span::styled(format!("All {live} live bots send well"), theme.positive))
    } else if health.needing_attention.is_empty() {
        let sending = health.sending();
        Line::from(Span::styled(format!("{sending} of {live} live bots send"), theme.text))
    } else {
        Line::from(vec![
            Span::styled(format!("{}", health.needing_attention.len()), theme.error),
            Span::styled(format!(" of {live} live bots need attention"), theme.text),
        ])
    }];
    let apart: Vec<String> = [
        (health.ending.len(), "ending"),
        (health.cooling_off.len(), "cooling off"),
        (health.retired.len(), "retired"),
    ]
    .iter()
    .filter(|(count, _)| *count > 0)
    .map(|(count, what)| format!("{count} {what}"))
    .collect();
    if !apart.is_empty() {
        lines.push(Line::from(Span::styled(apart.join(" · "), theme.dim)));
    }
    let room = usize::from(area.height).saturating_sub(lines.len());
    for bot in health.needing_attention.iter().take(room) {
        // The mailbox's local part is enough to tell bots apart and leaves room for why.
        let name = bot.email.split('@').next().unwrap_or_default();
        let text = format!("{}: {}", sanitize(name), sanitize(&bot.problems.join(", ")));
        lines.push(Line::from(Span::styled(
            truncate(&text, usize::from(area.width)),
            theme.warning,
        )));
    }
    frame.render_widget(Paragraph::new(lines), area);
}
