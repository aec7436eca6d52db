//! The Overview's inbox line — replies new since the last look, and speed to lead: hot
//! replies (Interested, Referral) not handled and how long the oldest has waited — and, on
//! Enter, speed to lead per campaign and per bot, the longest wait first.

use crate::clock::short_age;
use crate::inbox::speed::Share;
use crate::present::cause::cause;
use crate::present::names::party_name;
use crate::text::count;
use crate::text::{sanitize, truncate};
use crate::tui::command::Command;
use crate::tui::model::Tile;
use crate::tui::state::AppState;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// `Inbox: 4 new · 3 hot replies wait, oldest 5h · Enter: what needs you`.
pub(super) fn line(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.env.theme;
    let selected = state.panes.overview == Tile::INBOX_LINE;
    let mut spans =
        vec![Span::styled(" Inbox", if selected { theme.tab_active } else { theme.title })];
    let remote = &state.org.store.exchanges;
    if remote.data.is_none() {
        // Loading until its request is answered; a failure says its cause and ends it.
        spans.push(match &remote.error {
            Some(error) if !remote.is_loading() => {
                Span::styled(format!(" ✗ {}", cause(error)), theme.error)
            }
            _ => Span::styled(" loading…", theme.dim),
        });
        frame.render_widget(Line::from(spans), area);
        return;
    }
    let new = state.new_replies();
    spans.push(Span::styled(":", if selected { theme.tab_active } else { theme.title }));
    spans.push(Span::styled(format!(" {new} new"), if new > 0 { theme.accent } else { theme.dim }));
    // The same numbers and words as `outreach status`, "at least" while e-mails are read.
    let numbers = state.org.numbers(state.env.now, state.env.zone);
    let waiting = crate::glance::waiting_words(&numbers, state.env.now);
    let tone = if numbers.hot_waiting > 0 { theme.error } else { theme.positive };
    spans.push(Span::styled(format!(" · {waiting}"), tone));
    if numbers.needs_you > 0 {
        let style = if numbers.due > 0 { theme.error } else { theme.warning };
        spans.push(Span::styled(format!(" · {}", crate::glance::needs_words(&numbers)), style));
    }
    if let Some(reading) = crate::glance::reading_words(&numbers) {
        spans.push(Span::styled(format!(" · {reading}"), theme.dim));
    }
    if let Some(team) = &state.org.inbox.team
        && let Some(mine) = team.shares.iter().find(|share| share.person == team.me)
        && mine.waiting > 0
    {
        spans.push(Span::styled(format!(" · assigned to you: {}", mine.waiting), theme.accent));
    }
    if selected {
        let open = state.env.keymap.key_for(Command::Open).unwrap_or_default();
        if !state.org.inbox.speed_open {
            spans.push(Span::styled(format!(" · {open}: what needs you"), theme.dim));
        }
    }
    frame.render_widget(Line::from(spans), area);
}

/// The widths of speed to lead's columns: how many hot replies wait, the oldest's age.
const HOT: usize = 4;
const OLDEST: usize = 6;

/// "Needs you" (a list with a selection: Enter goes to the item, `d`/`D` honour opt-outs),
/// then speed to lead per campaign and per bot: how many hot replies wait, the oldest's age.
pub(super) fn speed(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.env.theme;
    let inbox = &state.org.inbox;
    let speed = inbox.speed(state.org.store.exchanges.data.as_ref().map(|data| &data.items));
    let key = |command, fallback| state.key_label(command, fallback);
    let (open, one, all, back) = (
        key(Command::Open, "Enter"),
        key(Command::HonourOptOut, "d"),
        key(Command::HonourOptOuts, "D"),
        key(Command::Back, "Esc"),
    );
    let mut hints = format!(" {open} goes to it · {one}/{all} do not contact · {back} closes ");
    if crate::text::width(&hints) + 2 > usize::from(area.width) {
        hints = format!(" {open} go · {one}/{all} DNC · {back} ");
    }
    let block = Block::bordered()
        .border_style(theme.accent)
        .title(Span::styled(" Needs you · speed to lead ", theme.title))
        .title_bottom(Line::from(Span::styled(hints, theme.dim)).right_aligned());
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    let row = |name: String, share: &Share| {
        let age = share.waiting.oldest.map(|at| short_age(at, state.env.now)).unwrap_or_default();
        let name = truncate(&sanitize(&name), width.saturating_sub(16).max(4));
        Line::from(vec![
            Span::styled(format!("{:>HOT$} ", share.waiting.count), theme.error),
            Span::styled(format!("{age:>OLDEST$}  "), theme.warning),
            Span::styled(name, theme.text),
        ])
    };
    // The headers are laid out with the rows' own widths, so each stands over its column.
    let header = |what: &str| format!("{:>HOT$} {:>OLDEST$}  {what}", "hot", "oldest");
    // The needs take two thirds of the box; speed to lead keeps the rest.
    let team = team_lines(state, width);
    let needs_room = (usize::from(inner.height) * 2 / 3).saturating_sub(team.len());
    let mut lines = needs_lines(state, width, needs_room);
    lines.extend(team);
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Speed to lead · unhandled Interested and Referral replies",
        theme.header,
    )));
    lines.push(Line::from(Span::styled(header("campaign"), theme.header)));
    if speed.by_campaign.is_empty() {
        lines.push(Line::from(Span::styled(
            "No hot reply waits: every one is handled.",
            theme.positive,
        )));
    }
    for share in &speed.by_campaign {
        let name =
            state.campaign_name(share.id).map_or_else(|| format!("#{}", share.id), str::to_string);
        lines.push(row(name, share));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(header("bot"), theme.header)));
    for share in &speed.by_bot {
        let name = share.bot.as_ref().map(party_name).unwrap_or_default();
        lines.push(row(name, share));
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// With a team store: each person's share — handled today, assigned and waiting, since when
/// the oldest of those waits — the way `outreach team status` counts it.
fn team_lines(state: &AppState, width: usize) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let Some(team) = &state.org.inbox.team else { return Vec::new() };
    let mut lines = vec![
        Line::from(""),
        Line::from(Span::styled(
            "Team · handled today, assigned and waiting, the oldest of those",
            theme.header,
        )),
        Line::from(Span::styled(" done today  waiting  oldest  person", theme.header)),
    ];
    for share in &team.shares {
        let oldest = share.oldest.map(|at| short_age(at, state.env.now)).unwrap_or_default();
        let me = if share.person == team.me { " (you)" } else { "" };
        let name =
            truncate(&format!("{}{me}", sanitize(&share.person)), width.saturating_sub(31).max(4));
        lines.push(Line::from(vec![
            Span::styled(format!("{:>11} ", share.handled_today), theme.positive),
            Span::styled(format!("{:>8} ", share.waiting), theme.warning),
            Span::styled(format!("{oldest:>7}  "), theme.dim),
            Span::styled(name, theme.text),
        ]));
    }
    lines
}

/// What needs a person, most pressing first: when it is due, since when it waits, the key
/// that does it, what to do and why (the list `outreach todo` prints). The selected row is kept in view; only the
/// rows that fit are made (at scale the list holds thousands).
fn needs_lines(state: &AppState, width: usize, rows: usize) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let needs = state.org.needs(state.env.now, state.env.zone);
    let context = crate::tui::resource::context(state);
    let selected = state.panes.needs_row.min(needs.len().saturating_sub(1));
    let heading = 2 + usize::from(state.org.old_replies_offer.is_some());
    let room = rows.saturating_sub(heading).max(1);
    let offset = (selected + 1).saturating_sub(room);
    let end = (offset + room).min(needs.len());
    let position = if needs.len() > room {
        format!(" · {} of {}", selected + 1, needs.len())
    } else {
        String::new()
    };
    let unread = state.org.numbers(state.env.now, state.env.zone).needs_unread;
    let counting = match unread {
        0 => String::new(),
        n => format!(" · {n} not known yet, counting…"),
    };
    let mut lines = vec![Line::from(Span::styled(
        truncate(
            &format!("Needs you · {}{counting}{position}", count(needs.len(), "item", "items")),
            width,
        ),
        theme.header,
    ))];
    if let Some(old) = state.org.old_replies_offer {
        let key = state.key_label(Command::PutOldRepliesAway, "H");
        lines.push(Line::from(Span::styled(
            truncate(
                &format!(
                    "{key}: mark {} with no news for 14+ days handled (a first look)",
                    count(old, "reply", "replies")
                ),
                width,
            ),
            theme.warning,
        )));
    }
    let open = state.key_label(Command::Open, "Enter");
    let honour = state.key_label(Command::HonourOptOut, "d");
    let key_width = crate::text::width(&open).max(crate::text::width(&honour));
    if needs.is_empty() {
        lines.push(Line::from(Span::styled("Nothing needs you now.", theme.positive)));
    } else {
        let header = format!(" {:>9} {:>4} {:<key_width$} what to do · why", "due", "wait", "key");
        lines.push(Line::from(Span::styled(truncate(&header, width), theme.header)));
    }
    for (index, need) in needs.iter().enumerate().take(end).skip(offset) {
        let (due, tone) = crate::present::columns::needs::due_words(need, &context);
        let key = if need.kind == crate::needs::Kind::OptOut { &honour } else { &open };
        let marker = if index == selected { "▸" } else { " " };
        // How long it has waited: the data's own time of the item, when it has one.
        let since = need.since.map(|at| short_age(at, state.env.now)).unwrap_or_default();
        let lead = format!("{marker}{due:>9} {since:>4} {key:<key_width$} ");
        let lead_width = crate::text::width(&lead);
        let task = truncate(&sanitize(&need.task), width.saturating_sub(lead_width).max(8));
        let why_room = width.saturating_sub(lead_width + crate::text::width(&task) + 3);
        let text_style = if index == selected { theme.selected } else { theme.text };
        let mut spans = vec![Span::styled(lead, theme.tone(tone)), Span::styled(task, text_style)];
        if why_room > 8 {
            spans.push(Span::styled(
                format!(" · {}", truncate(&sanitize(&need.why), why_room)),
                theme.dim,
            ));
        }
        lines.push(Line::from(spans));
    }
    lines
}
