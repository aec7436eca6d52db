//! The Bots pane when narrow: the problem marker survives, statuses keep distinct labels.

use crate::common;

use common::*;
use outreach_tui::tui::theme::Theme;

/// The screen's line holding `text`.
fn line_with<'a>(screen: &'a str, text: &str) -> &'a str {
    screen.lines().find(|line| line.contains(text)).unwrap_or_else(|| panic!("{text}:\n{screen}"))
}

#[test]
fn a_bot_with_a_problem_is_marked_at_80x24_and_50x16() {
    for (width, height) in [(80, 24), (50, 16)] {
        let mut state = connected(width, height, Theme::default());
        act(&mut state, ch('5'));
        let shown = screen(&state);
        let marked = |email: &str| line_with(&shown, email).contains("│! ");
        assert!(marked("sam@northwind"), "the PAUSED mailbox at {width}x{height}:\n{shown}");
        assert!(marked("lee@northwind"), "{shown}");
        assert!(!marked("ada@northwind"), "a healthy bot has no mark:\n{shown}");
        assert!(line_with(&shown, "sam@northwind").contains("PAUSED"), "{shown}");
    }
}
