//! The Overview's numbers agree with what is drawn under them, read off the screen as a user
//! would: the replies headline is the sum of its bars, "N from now to …" is the number of
//! meetings listed (or listed plus "… k more"), and retired bots are no one's attention.

mod common;

use common::*;
use outreach_tui::tui::theme::Theme;

/// The screen's rows as characters, without the quotes `screen` puts around each.
fn rows(width: u16, height: u16) -> Vec<Vec<char>> {
    rows_of(&connected(width, height, Theme::default()))
}

fn rows_of(state: &outreach_tui::tui::state::AppState) -> Vec<Vec<char>> {
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
        let headline = tile.iter().position(|l| l.contains(" replied ■ ")).unwrap();
        let told = numbers(&tile[headline]);
        let labels = tile.iter().position(|l| l.contains("Mon") && l.contains("Tue")).unwrap();
        // The value of each bar is written at its foot, on the row above the day labels:
        // replies and meetings, a pair a day.
        let bars: usize = numbers(&tile[labels - 1].replace('█', " ")).iter().sum();
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
        let headline = tile.iter().find(|l| l.contains(" replied ■ ")).unwrap();
        let total = &state.results.total;
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
