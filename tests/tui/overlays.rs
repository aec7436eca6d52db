//! What is drawn over the pane stays whole: help scrolls and wraps, a toast never covers an
//! overlay, wide (CJK) names keep every modal's borders in place.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::Listed;
use outreach_tui::tui::action::Effect;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::resource::{Campaigns, loaded};
use outreach_tui::tui::state::{AppState, Overlay};
use outreach_tui::tui::submit::feedback::{Toast, Tone};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use std::sync::Arc;

fn buffer(state: &AppState) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(state.env.width, state.env.height)).unwrap();
    terminal.draw(|frame| outreach_tui::tui::views::render(frame, state)).unwrap();
    terminal.backend().buffer().clone()
}

/// The text of a row of cells, wide characters once.
fn row(buffer: &Buffer, y: u16) -> String {
    (0..buffer.area.width).map(|x| buffer[(x, y)].symbol().to_string()).collect()
}

/// The box whose top border holds `title` has its left and right border on every row, in
/// the columns of its corners: a wide character never pushes or eats one.
/// Gives back the box's rows, borders included.
fn assert_box_whole(buffer: &Buffer, title: &str, screen: &str) -> Vec<String> {
    let top = (0..buffer.area.height)
        .find(|&y| row(buffer, y).contains(title))
        .unwrap_or_else(|| panic!("no box titled {title}:\n{screen}"));
    let line = row(buffer, top);
    let column = |text: &str| line.find(text).map(|i| line[..i].chars().count() as u16);
    let at = column(title).unwrap();
    let corner = |x: u16, symbol: &str| buffer[(x, top)].symbol() == symbol;
    let left = (0..at).rev().find(|&x| corner(x, "┌"));
    let right = (at..buffer.area.width).find(|&x| corner(x, "┐"));
    let (Some(left), Some(right)) = (left, right) else {
        panic!("the top border of {title} lost a corner:\n{screen}")
    };
    let mut y = top + 1;
    while y < buffer.area.height && buffer[(left, y)].symbol() != "└" {
        assert_eq!(buffer[(left, y)].symbol(), "│", "left border of row {y}:\n{screen}");
        assert_eq!(buffer[(right, y)].symbol(), "│", "right border of row {y}:\n{screen}");
        y += 1;
    }
    assert!(y < buffer.area.height, "the box {title} has no bottom:\n{screen}");
    assert_eq!(buffer[(right, y)].symbol(), "┘", "bottom right of {title}:\n{screen}");
    let cells = |y| (left..=right).map(|x| buffer[(x, y)].symbol().to_string()).collect();
    (top..=y).map(cells).collect()
}

/// The campaigns reloaded, each named `name` and its number.
fn rename_campaigns(state: &mut AppState, name: &str) {
    let effects = update(state, ch('r'));
    for effect in effects {
        let Effect::Fetch(fetch) = effect else { continue };
        if fetch.slot == Slot::Campaigns {
            let mut items = campaigns();
            for (index, campaign) in items.iter_mut().enumerate() {
                campaign.name = format!("{name} {index}");
            }
            let listed = Listed { items: Arc::from(items), skipped: 0 };
            act(state, loaded::<Campaigns>(fetch.req_id, Ok(listed)));
        } else {
            answer(state, vec![Effect::Fetch(fetch)]);
        }
    }
}

const WIDE: &str = "製造業の見込み客 First 製造 outreach 製造業の見込み客リスト";

#[test]
fn a_wide_campaign_name_keeps_every_modal_border_in_place() {
    for (width, height) in [(80, 24), (50, 16)] {
        let mut state = connected(width, height, Theme::default());
        act(&mut state, ch('2'));
        rename_campaigns(&mut state, WIDE);
        assert!(screen(&state).contains("製造"), "{}", screen(&state));
        for (key_press, title) in [(ch('u'), " Add a contact"), (ch('s'), " Start campaign ")] {
            act(&mut state, key_press);
            let drawn = buffer(&state);
            let text = screen(&state);
            assert!(state.transient.overlay.is_some(), "{text}");
            assert_box_whole(&drawn, title, &text);
            act(&mut state, key(KeyCode::Esc));
            if state.transient.overlay.is_some() {
                act(&mut state, ch('y'));
            }
        }
    }
}

#[test]
fn a_toast_is_never_drawn_over_the_palette() {
    for (width, height) in [(80, 24), (50, 16)] {
        let mut state = connected(width, height, Theme::default());
        state.transient.toast = Some(Toast {
            text:
                "Added contact #7 <ann@example.com> to Q3 Fintech Outreach: its users are notified."
                    .into(),
            tone: Tone::Success,
            until: now() + chrono::TimeDelta::seconds(6),
        });
        assert!(screen(&state).contains("Added contact"), "{}", screen(&state));
        act(&mut state, ch(':'));
        assert!(matches!(state.transient.overlay, Some(Overlay::Palette(_))));
        let text = screen(&state);
        assert!(text.contains("Command — Tab"), "{text}");
        let palette = assert_box_whole(&buffer(&state), " Command", &text);
        for line in &palette[1..palette.len() - 1] {
            assert!(
                !line.contains('✓') && !line.contains('┐'),
                "a toast over the palette:\n{text}"
            );
        }
    }
}

fn help_open(width: u16, height: u16) -> AppState {
    let mut state = connected(width, height, Theme::default());
    act(&mut state, ch('?'));
    assert!(matches!(state.transient.overlay, Some(Overlay::Help { .. })));
    state
}

#[test]
fn help_wraps_its_mouse_line_and_scrolls_with_the_movement_keys() {
    for (width, height) in [(80, 24), (50, 16)] {
        let mut state = help_open(width, height);
        act(&mut state, ch('G'));
        let text = screen(&state);
        assert!(
            matches!(state.transient.overlay, Some(Overlay::Help { .. })),
            "G closed help:\n{text}"
        );
        assert!(text.contains("Mouse: wheel scrolls"), "{text}");
        assert!(text.contains("switch."), "the Mouse line is cut:\n{text}");
        // Help ends with where the log is, as `--help` does: it is what a bug report needs.
        assert!(text.contains("Log file:") && text.contains("outreach.log"), "{text}");
        assert_box_whole(&buffer(&state), " Keys", &text);
        act(&mut state, ch('g'));
        let top = screen(&state);
        assert!(!top.contains("switch."), "g goes back to the top:\n{top}");
        for keys in [ch('j'), ch('k'), key(KeyCode::PageDown), key(KeyCode::PageUp), ch('x')] {
            act(&mut state, keys);
            assert!(matches!(state.transient.overlay, Some(Overlay::Help { .. })), "help closed");
        }
        act(&mut state, key(KeyCode::PageDown));
        assert_ne!(screen(&state), top, "PgDn scrolls");
    }
    for closing in [key(KeyCode::Esc), ch('?'), ch('q')] {
        let mut state = help_open(80, 24);
        let effects = update(&mut state, closing);
        assert!(state.transient.overlay.is_none());
        assert!(!effects.contains(&Effect::Quit), "q closes help, it does not quit");
    }
}
