//! What reaches the terminal (budgets in docs/PERFORMANCE.md): a selection move is a small
//! diff, and redrawing an unchanged screen writes nothing but the synchronized-output
//! markers.

use crate::common;

use common::*;
use outreach_tui::tui::draw;
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

#[test]
fn an_unchanged_screen_writes_only_the_frame_markers() {
    let written = bytes_after(80, 24, &['3'], &[]);
    // Begin/end synchronized update, ratatui's closing style reset, cursor hide: no cell.
    // (The loop does not even draw then: no state change, no frame.)
    assert!(written <= 48, "{written} bytes for a frame that changed nothing");
}
