//! The Overview's numbers agree with what is drawn under them, read off the screen as a user
//! would: the replies headline is the sum of its bars, "N from now to …" is the number of
//! meetings listed (or listed plus "… k more"), and retired bots are no one's attention.

use crate::common;

use common::*;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;

/// The screen's rows as characters, without the quotes `screen` puts around each.
fn rows(width: u16, height: u16) -> Vec<Vec<char>> {
    rows_of(&connected(width, height, Theme::default()))
}

fn rows_of(state: &AppState) -> Vec<Vec<char>> {
    screen(state)
        .lines()
        .filter_map(|line| line.strip_prefix('"'))
        .map(|line| line.split('"').next().unwrap_or_default().chars().collect())
        .collect()
}

/// The inside of one half of the screen on a row (between the tile's borders).
fn half(row: &[char], right: bool) -> String {
    let middle = row.len() / 2;
    let (from, to) = if right { (middle + 1, row.len() - 1) } else { (1, middle - 1) };
    row[from..to].iter().collect()
}

fn numbers(text: &str) -> Vec<usize> {
    text.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect()
}

#[test]
fn the_replies_headline_is_the_sum_of_its_bars() {
    // Over the last 7 days (t: 30 → 90 → 7) a bar a day is wide enough to carry its value.
    for (width, height) in [(160, 48), (100, 30)] {
        let mut state = connected(width, height, Theme::default());
        act(&mut state, ch('t'));
        act(&mut state, ch('t'));
        let rows = rows_of(&state);
        let tile: Vec<String> = rows.iter().map(|row| half(row, true)).collect();
        assert!(tile.iter().any(|l| l.contains("last 7 days (t)")), "{}", tile.join("\n"));
        let headline = tile.iter().position(|l| l.contains(" replied █ ")).unwrap();
        let told = numbers(&tile[headline]);
        let labels = tile.iter().position(|l| l.contains("Mon") && l.contains("Tue")).unwrap();
        // The value of each bar is written at its foot, on the row above the day labels:
        // replies and meetings, a pair a day.
        let bars: usize = numbers(&tile[labels - 1].replace(['█', '▒'], " ")).iter().sum();
        assert_eq!(bars, told[0] + told[1], "{width}x{height}:\n{}", tile.join("\n"));
        assert!(told[0] > 0);
    }
}

#[test]
fn the_chart_takes_the_range_and_counts_what_the_campaigns_list_counts() {
    let mut state = connected(80, 24, Theme::default());
    for days in [30, 90, 7] {
        let rows = rows_of(&state);
        let tile: Vec<String> = rows.iter().map(|row| half(row, true)).collect();
        let title = format!("last {days} days (t)");
        assert!(tile.iter().any(|l| l.contains(&title)), "{}", tile.join("\n"));
        let headline = tile.iter().find(|l| l.contains(" replied █ ")).unwrap();
        let total = &state.org.results.total;
        assert_eq!(numbers(headline)[..2], [total.replies, total.meetings.booked], "{days}");
        act(&mut state, ch('t'));
    }
}

#[test]
fn the_meetings_counted_are_the_meetings_listed() {
    for (width, height) in [(80, 24), (160, 48), (80, 14)] {
        let rows = rows(width, height);
        let tile: Vec<String> = rows.iter().map(|row| half(row, false)).collect();
        let counted = tile.iter().position(|l| l.contains(" from now to ")).unwrap();
        let count = numbers(&tile[counted])[0];
        let below: Vec<&String> = tile[counted + 2..]
            .iter()
            .take_while(|l| !l.contains('─'))
            .filter(|l| !l.trim().is_empty())
            .collect();
        let more = below.iter().find(|l| l.starts_with("… ")).map_or(0, |l| numbers(l)[0]);
        let listed = below.iter().filter(|l| !l.starts_with("… ")).count();
        assert_eq!(listed + more, count, "{width}x{height}:\n{}", tile.join("\n"));
        assert!(count > 0);
    }
}

#[test]
fn retired_bots_are_apart_from_those_needing_attention() {
    let rows = rows(80, 24);
    let tile: Vec<String> = rows.iter().map(|row| half(row, true)).collect();
    let text = tile.join("\n");
    // Five bots: one healthy, three in trouble, one deleted.
    assert!(text.contains("3 of 4 live bots need attention"), "{text}");
    assert!(text.contains("1 retired"), "{text}");
    assert!(!text.contains("old:"), "the retired bot is not listed as a problem:\n{text}");
}

/// The Overview connected, with these campaigns instead of the fixture's.
fn with_campaigns(width: u16, height: u16, statuses: &[(&str, usize)]) -> AppState {
    use outreach_tui::api::{Campaign, CampaignStatus, Listed};
    use outreach_tui::tui::action::{Action, Effect};
    use outreach_tui::tui::model::Slot;
    use outreach_tui::tui::resource::{Campaigns, loaded};
    use outreach_tui::tui::update::update;
    let mut campaigns = Vec::new();
    for (status, count) in statuses {
        for _ in 0..*count {
            let id = campaigns.len() as i64 + 1;
            let status = CampaignStatus::from_wire(status);
            campaigns.push(Campaign { id, name: format!("c{id}"), status, ..Campaign::default() });
        }
    }
    let campaigns: Listed<Campaign> = Listed { items: campaigns.into(), skipped: 0 };
    let mut state = AppState::new(settings(Theme::default()), width, height, now());
    let mut queue = update(&mut state, Action::Connected(Ok(info())));
    while let Some(effect) = queue.pop() {
        if let Effect::Fetch(fetch) = effect {
            let answer = match fetch.slot {
                Slot::Campaigns => loaded::<Campaigns>(fetch.req_id, Ok(campaigns.clone())),
                _ => answer_for(&fetch),
            };
            queue.extend(update(&mut state, answer));
        }
    }
    state
}

#[test]
fn equal_counts_draw_equal_bars_and_a_long_status_keeps_its_count_in_view() {
    let long = "AWAITING_COMPLIANCE_REVIEW_BY_LEGAL";
    for (width, height) in [(80, 24), (160, 48), (100, 30)] {
        let state = with_campaigns(width, height, &[("ACTIVE", 3), (long, 3), ("PAUSED", 1)]);
        let rows = rows_of(&state);
        let tile: Vec<String> = rows.iter().map(|row| half(row, false)).collect();
        let line = |start: &str| {
            tile.iter()
                .find(|l| l.trim_start().starts_with(start))
                .unwrap_or_else(|| panic!("{start} at {width}x{height}:\n{}", tile.join("\n")))
                .clone()
        };
        let (active, awaiting, paused) = (line("ACTIVE"), line("AWAITING"), line("PAUSED"));
        let bar = |l: &str| l.matches('■').count();
        assert!(bar(&active) > 0, "{active}");
        assert_eq!(bar(&active), bar(&awaiting), "equal counts, equal bars:\n{active}\n{awaiting}");
        assert!(bar(&paused) < bar(&active), "{paused}");
        for l in [&active, &awaiting] {
            assert_eq!(numbers(l.split('■').next().unwrap()), [3], "the count in view: {l}");
        }
        // The bars start in one column, whatever the label's length.
        let start = |l: &str| l.chars().position(|c| c == '■');
        assert_eq!(start(&active), start(&awaiting), "{active}\n{awaiting}");
    }
}

/// One rule for where a meeting stands: cancelled if cancelled; else held once its end is
/// past; else upcoming. The detail says it (not "scheduled" for one that ended two hours
/// ago at 09:30), and so does the agenda of the Meetings pane.
#[test]
fn a_meeting_that_ended_reads_held_in_its_detail_and_in_the_agenda() {
    use crossterm::event::KeyCode;
    let mut state = connected(160, 30, Theme::default());
    act(&mut state, ch('4'));
    let agenda = screen(&state);
    let row = |summary: &str| agenda.lines().find(|l| l.contains(summary)).unwrap().to_string();
    assert!(row("Intro call").contains("held · Intro call"), "{agenda}");
    assert!(row("Cancelled by contact").contains("cancelled · "), "{agenda}");
    assert!(!row("Pricing questions").contains(" · Pricing"), "upcoming says nothing: {agenda}");

    // Each meeting's detail, opened as a user does: select it, Enter, read, Esc.
    let mut seen = 0;
    for _ in 0..meetings().len() {
        let id = state.panes.meetings.list.selected_id().unwrap();
        act(&mut state, key(KeyCode::Enter));
        let detail = screen(&state);
        let status = detail.lines().find(|l| l.contains("│Status ")).unwrap().to_string();
        let word = match id {
            1 | 6 => "held",
            3 => "cancelled",
            _ => "upcoming",
        };
        assert!(status.contains(&format!(" {word} ")), "meeting {id}: {status}");
        assert!(!status.contains("scheduled"), "{status}");
        seen += 1;
        act(&mut state, key(KeyCode::Esc));
        act(&mut state, ch('j'));
    }
    assert_eq!(seen, meetings().len());
}

/// The Overview says how much needs the user, and Enter on its inbox line lists it — the
/// same items `outreach todo` prints for the same data, most pressing first.
#[test]
fn what_needs_you_is_counted_on_the_inbox_line_and_listed_on_enter() {
    let mut state = connected(120, 40, Theme::default());
    let line = screen(&state).lines().nth(1).unwrap_or_default().to_string();
    assert!(
        line.contains("needs you: ≥ 2 (0 due) · 1 being read"),
        "a hot reply's e-mails are not read yet: {line}"
    );
    read_chains(&mut state, outreach_tui::inbox::Writer::Them);
    let needs = state.org.needs(state.env.now, state.env.zone);
    assert!(!needs.is_empty(), "the fixtures hold something to do");
    let hot = |need: &&outreach_tui::needs::Need| need.kind == outreach_tui::needs::Kind::HotReply;
    assert!(needs.iter().filter(hot).all(|need| !need.unchecked), "{needs:?}");
    let today = state.env.zone.date(state.env.now);
    let due = needs.iter().filter(|need| need.is_due(today)).count();
    let line = screen(&state).lines().nth(1).unwrap_or_default().to_string();
    assert!(line.contains(&format!("needs you: {} ({due} due)", needs.len())), "{line}");
    act(&mut state, key(crossterm::event::KeyCode::Up));
    act(&mut state, key(crossterm::event::KeyCode::Enter));
    let shown = screen(&state);
    assert!(shown.contains(&format!("Needs you · {} item", needs.len())), "{shown}");
    let first = shown.find(&needs[0].task).unwrap_or_else(|| panic!("{}\n{shown}", needs[0].task));
    if let Some(last) = needs.last().filter(|_| needs.len() > 1) {
        let at = shown.find(&last.task).unwrap_or_else(|| panic!("{}\n{shown}", last.task));
        assert!(first < at, "most pressing first:\n{shown}");
    }
}
