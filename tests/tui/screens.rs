//! Every screen drawn on ratatui's TestBackend at 80×24 and 160×48 and compared with its
//! snapshot (fixed clock and zone), and drawn at 1×1 and 20×5 without panicking.

use crate::common;

use common::scenarios::{SCENARIOS, keys};
use common::*;
use crossterm::event::KeyCode;
use outreach_tui::tui::action::Action;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use ratatui::style::Modifier;

fn scenario_state(width: u16, height: u16, scenario: fn(&mut AppState)) -> AppState {
    let mut state = connected(width, height, Theme::default());
    scenario(&mut state);
    state
}

#[test]
fn every_screen_at_80x24() {
    for (name, scenario) in SCENARIOS {
        let state = scenario_state(80, 24, *scenario);
        insta::assert_snapshot!(format!("{name}_80x24"), screen(&state));
    }
}

#[test]
fn every_screen_at_160x48() {
    for (name, scenario) in SCENARIOS {
        let state = scenario_state(160, 48, *scenario);
        insta::assert_snapshot!(format!("{name}_160x48"), screen(&state));
    }
}

#[test]
fn tiny_terminals_do_not_panic() {
    for (width, height) in [(1, 1), (20, 5), (2, 3), (80, 2)] {
        for (_, scenario) in SCENARIOS {
            let state = scenario_state(width, height, *scenario);
            screen(&state);
        }
    }
}

#[test]
fn resizing_from_tiny_to_large_keeps_working() {
    let mut state = scenario_state(20, 5, |s| keys(s, &[ch('3'), key(KeyCode::Enter)]));
    act(&mut state, Action::Resize { width: 80, height: 24 });
    assert!(screen(&state).contains("From:"));
}

#[test]
fn without_colour_the_selection_is_reverse_video() {
    let mut state = connected(80, 24, Theme::monochrome());
    act(&mut state, ch('6'));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| outreach_tui::tui::views::render(frame, &state)).unwrap();
    let buffer = terminal.backend().buffer();
    // Row 3 is the first contact (tab bar, border, header above it).
    let cell = &buffer[(2, 3)];
    assert!(cell.modifier.contains(Modifier::REVERSED), "{cell:?}");
    let colours = buffer
        .content()
        .iter()
        .any(|c| c.fg != ratatui::style::Color::Reset || c.bg != ratatui::style::Color::Reset);
    assert!(!colours, "NO_COLOR: no cell has a colour");
}

#[test]
fn a_narrow_chain_title_leaves_out_the_hint_and_the_bot_before_where_the_reader_is() {
    let chain = |s: &mut AppState| keys(s, &[ch('3'), key(KeyCode::Enter)]);
    let title =
        |width| screen(&scenario_state(width, 16, chain)).lines().nth(1).unwrap().to_string();
    assert!(
        title(100).contains(
            "#101 Ann Smith ↔ Ada Bot · MEETING_BOOKED · message 2/3 · their time 14:00, Wed · Esc back"
        ),
        "{}",
        title(100)
    );
    assert!(
        title(80).contains("#101 Ann Smith · MEETING_BOOKED · message 2/3 · their time 14:00, Wed"),
        "{}",
        title(80)
    );
    assert!(
        title(56).contains("#101 Ann Smith · message 2/3 · their time 14:00, Wed "),
        "{}",
        title(56)
    );
    assert!(title(50).contains("#101 Ann Smith · message 2/3 ─"), "{}", title(50));
    assert!(title(40).contains("#101 Ann Smith · message 2/3 ─"), "{}", title(40));
}

#[test]
fn the_chain_title_gives_the_contacts_time_without_a_visit_to_contacts() {
    // Opening a chain loads the contacts (their zones) in the background when they never were.
    let state = scenario_state(160, 48, |s| keys(s, &[ch('3'), key(KeyCode::Enter)]));
    let title = screen(&state).lines().nth(1).unwrap().to_string();
    assert!(title.contains("#101 Ann Smith"), "{title}");
    assert!(title.contains("their time "), "{title}");
}
