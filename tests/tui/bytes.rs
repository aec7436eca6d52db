//! What reaches the terminal (budgets in docs/PERFORMANCE.md): a selection move is a small
//! diff, and redrawing an unchanged screen writes nothing but the synchronized-output
//! markers.

use crate::common;

use common::*;
use outreach_tui::config::Preview;
use outreach_tui::tui::action::Action;
use outreach_tui::tui::draw;
use outreach_tui::tui::state::{AppState, UiSettings};
use outreach_tui::tui::theme::Theme;

/// Bytes written by the frame after `keys`, on a terminal that already shows the state.
fn bytes_after(width: u16, height: u16, setup: &[char], keys: &[char]) -> usize {
    let mut state = connected(width, height, Theme::default());
    for c in setup {
        act(&mut state, ch(*c));
    }
    let (mut terminal, captured) = byte_terminal(width, height);
    draw(&mut terminal, &state).unwrap();
    captured.0.borrow_mut().clear();
    for c in keys {
        act(&mut state, ch(*c));
    }
    draw(&mut terminal, &state).unwrap();
    captured.0.borrow().len()
}

#[test]
fn a_selection_move_writes_under_half_a_kilobyte() {
    for (width, height) in [(80, 24), (200, 50)] {
        let written = bytes_after(width, height, &['6'], &['j']);
        assert!(written <= 512, "{width}x{height}: {written} bytes for one move");
    }
}

/// With the preview on (the default from 160 columns) a move also redraws the selected
/// item's detail beside the list: only the letters that differ, in as few bytes.
#[test]
fn a_selection_move_with_the_preview_on_writes_under_half_a_kilobyte() {
    for (width, height) in [(200, 50), (160, 40)] {
        let ui = UiSettings { preview: Preview::Auto, ..settings(Theme::default()) };
        let mut state = AppState::new(ui, width, height, now());
        act(&mut state, Action::Connected(Ok(info())));
        act(&mut state, ch('6'));
        let (mut terminal, captured) = byte_terminal(width, height);
        draw(&mut terminal, &state).unwrap();
        for step in 0..4 {
            captured.0.borrow_mut().clear();
            act(&mut state, ch(if step == 3 { 'k' } else { 'j' }));
            draw(&mut terminal, &state).unwrap();
            let written = captured.0.borrow().len();
            assert!(written <= 512, "{width}x{height}, move {step}: {written} bytes");
        }
    }
}

#[test]
fn an_unchanged_screen_writes_only_the_frame_markers() {
    let written = bytes_after(80, 24, &['3'], &[]);
    // Begin/end synchronized update, ratatui's closing style reset, cursor hide: no cell.
    // (The loop does not even draw then: no state change, no frame.)
    assert!(written <= 48, "{written} bytes for a frame that changed nothing");
}
