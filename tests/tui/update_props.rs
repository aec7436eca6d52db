//! Random key sequences and resizes at random terminal sizes, applied through `update` with
//! the fixture organisation answering: nothing panics, every frame draws, and every list's
//! selection stays on a row it shows.

use crate::common;

use common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use outreach_tui::tui::action::Action;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use proptest::prelude::*;

/// A key a user might press: letters and digits (every pane and most commands), the
/// movement and editing keys, and a few with Ctrl or Alt.
fn key_press() -> impl Strategy<Value = Action> {
    let code = prop_oneof![
        4 => prop::char::range('a', 'z').prop_map(KeyCode::Char),
        1 => prop::char::range('A', 'Z').prop_map(KeyCode::Char),
        2 => prop::char::range('0', '9').prop_map(KeyCode::Char),
        1 => prop::sample::select(vec!['/', ':', '?', ' ', '@', '.', '-', 'é', '😀']).prop_map(KeyCode::Char),
        3 => prop::sample::select(vec![
            KeyCode::Enter, KeyCode::Esc, KeyCode::Tab, KeyCode::BackTab, KeyCode::Up,
            KeyCode::Down, KeyCode::Left, KeyCode::Right, KeyCode::PageUp, KeyCode::PageDown,
            KeyCode::Home, KeyCode::End, KeyCode::Backspace, KeyCode::Delete,
        ]),
    ];
    let modifiers = prop_oneof![
        8 => Just(KeyModifiers::NONE),
        1 => Just(KeyModifiers::CONTROL),
        1 => Just(KeyModifiers::ALT),
    ];
    (code, modifiers).prop_map(|(code, modifiers)| Action::Key(KeyEvent::new(code, modifiers)))
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        12 => key_press(),
        1 => (1u16..=220, 1u16..=70).prop_map(|(width, height)| Action::Resize { width, height }),
    ]
}

/// Every list's selection is on one of its shown rows (or at 0 when it shows none).
fn selections_in_range(state: &AppState) -> Result<(), TestCaseError> {
    let lists = [
        ("campaigns", &state.panes.campaigns.list),
        ("exchanges", &state.panes.exchanges.list),
        ("meetings", &state.panes.meetings.list),
        ("bots", &state.panes.bots.list),
        ("contacts", &state.panes.contacts.list),
    ];
    for (name, list) in lists {
        let rows = list.order().len();
        prop_assert!(
            list.selected() < rows.max(1),
            "{name}: row {} selected of {rows}",
            list.selected()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_keys_at_random_sizes_never_panic_and_keep_selections_in_range(
        width in 1u16..=220,
        height in 1u16..=70,
        actions in prop::collection::vec(action(), 1..60),
    ) {
        let mut state = connected(width, height, Theme::default());
        for action in actions {
            act(&mut state, action);
            selections_in_range(&state)?;
            screen(&state);
        }
    }
}
