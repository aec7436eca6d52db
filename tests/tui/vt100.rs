//! What the dashboard means to draw against what a terminal shows: names with invisible
//! characters, separators and leading combining marks are drawn on ratatui's TestBackend,
//! and the bytes the real backend writes for the same frame are fed to a terminal emulator
//! (vt100). Every cell must agree, or borders shift and marks stick to the wrong cell.

use crate::common;

use common::*;
use outreach_tui::api::{Contact, Listed};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::resource::{Contacts, loaded};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;

/// Names that hide text or make a terminal draw something other than what was laid out.
const NAMES: &[(&str, &str)] = &[
    ("\u{301}\u{301}\u{301}ada", "Lovelace"),
    ("Ann\u{2028}Marie", "Lee\u{2029}Smith"),
    ("Eve\u{fff9}annotated\u{fffa}x\u{fffb}", "Lee"),
    ("tag\u{e0041}\u{e0042}\u{e007f}", "Chars"),
    ("\u{3164}\u{115f}Han\u{1160}", "\u{3164}"),
    ("f\u{2061}x\u{2062}y\u{2063}z\u{2064}", "Ops"),
    ("C\u{34f}G\u{34f}J", "\u{301}Mark"),
    ("Zoë\u{200b}\u{ad}", "李小龙"),
];

fn hostile_contacts() -> Vec<Contact> {
    NAMES
        .iter()
        .enumerate()
        .map(|(index, (first, last))| {
            let mut contact =
                Contact::new(100 + index as i64, &format!("{first}@x.test"), first, last);
            contact.tags = [format!("{last}\u{2028}tag").into()].into();
            contact.timezone = Some("Europe/Berlin".into());
            contact
        })
        .collect()
}

/// Runs an action, answering the contact list with the hostile names and the rest with
/// the fixtures.
fn act_hostile(state: &mut AppState, action: Action) {
    let mut queue: Vec<Effect> = update(state, action);
    while let Some(effect) = queue.pop() {
        if let Effect::Fetch(fetch) = effect {
            let answer = match fetch.slot {
                Slot::Contacts => {
                    let hostile = Listed { items: Arc::from(hostile_contacts()), skipped: 0 };
                    loaded::<Contacts>(fetch.req_id, Ok(hostile))
                }
                _ => answer_for(&fetch),
            };
            queue.extend(update(state, answer));
        }
    }
}

/// The frame as ratatui means it, cell by cell.
fn drawn(state: &AppState) -> ratatui::buffer::Buffer {
    let mut drawn = Terminal::new(TestBackend::new(state.env.width, state.env.height)).unwrap();
    drawn.draw(|frame| outreach_tui::tui::views::render(frame, state)).unwrap();
    drawn.backend().buffer().clone()
}

fn differences(state: &AppState) -> Vec<String> {
    compare(state, &drawn(state), &frame_bytes(state))
}

fn emulator(state: &AppState) -> vt100::Parser {
    let size = |n| std::num::NonZeroU16::new(n).unwrap();
    vt100::Parser::new(size(state.env.height), size(state.env.width), 0)
}

/// The cells where what ratatui drew and what vt100 shows after `bytes` differ.
fn compare(state: &AppState, buffer: &ratatui::buffer::Buffer, bytes: &[u8]) -> Vec<String> {
    let mut terminal = emulator(state);
    terminal.process(bytes);
    cells_apart(state, buffer, terminal.screen())
}

fn cells_apart(
    state: &AppState,
    buffer: &ratatui::buffer::Buffer,
    shown: &vt100::Screen,
) -> Vec<String> {
    let mut problems = Vec::new();
    for row in 0..state.env.height {
        for col in 0..state.env.width {
            let Some(cell) = shown.cell(row, col) else { continue };
            if cell.is_wide_continuation() {
                continue;
            }
            let on_screen = if cell.contents().is_empty() { " " } else { cell.contents() };
            let meant = buffer[(col, row)].symbol();
            if on_screen != meant {
                problems.push(format!("row {row} col {col}: drawn {meant:?}, shown {on_screen:?}"));
            }
        }
    }
    problems
}

#[test]
fn hostile_names_look_on_a_terminal_as_they_were_drawn() {
    for (width, height) in [(80, 24), (160, 48), (50, 16)] {
        let mut state = connected(width, height, Theme::default());
        act_hostile(&mut state, ch('6'));
        let problems = differences(&state);
        assert!(problems.is_empty(), "contacts at {width}x{height}: {problems:#?}");
        for _ in NAMES {
            act_hostile(&mut state, key(crossterm::event::KeyCode::Enter));
            let problems = differences(&state);
            assert!(problems.is_empty(), "contact detail at {width}x{height}: {problems:#?}");
            act_hostile(&mut state, key(crossterm::event::KeyCode::Esc));
            act_hostile(&mut state, ch('j'));
        }
    }
}

/// One terminal kept across frames: each step draws the state, feeds what was written to
/// the emulator and fails on any cell whose letter or style is not the one drawn.
fn session(width: u16, height: u16) -> impl FnMut(&AppState, &str) {
    let (mut terminal, captured) = byte_terminal(width, height);
    let size = |n| std::num::NonZeroU16::new(n).unwrap();
    let mut screen = vt100::Parser::new(size(height), size(width), 0);
    let mut fed = 0;
    move |state: &AppState, what: &str| {
        outreach_tui::tui::draw(&mut terminal, state).unwrap();
        let bytes = captured.0.borrow();
        screen.process(&bytes[fed..]);
        fed = bytes.len();
        let meant = drawn(state);
        let mut problems = cells_apart(state, &meant, screen.screen());
        problems.extend(styles_apart(&meant, screen.screen()));
        assert!(problems.is_empty(), "{width}x{height} {what}: {problems:#?}");
    }
}

/// One terminal kept across frames, as in a session: ratatui writes only what changed,
/// so a cell it believes blank but the terminal still shows would stay on screen (letters
/// of the list left in the detail view).
#[test]
fn going_from_list_to_detail_and_back_leaves_nothing_behind() {
    let mut state = connected(100, 30, Theme::default());
    let mut step = session(100, 30);
    act_hostile(&mut state, ch('6'));
    step(&state, "contacts");
    for (index, _) in NAMES.iter().enumerate() {
        act_hostile(&mut state, key(crossterm::event::KeyCode::Enter));
        step(&state, &format!("detail of name {index}"));
        act_hostile(&mut state, key(crossterm::event::KeyCode::Esc));
        step(&state, &format!("list after name {index}"));
        act_hostile(&mut state, ch('j'));
        step(&state, &format!("list moved past name {index}"));
    }
}

#[test]
fn the_comparison_sees_a_mark_stuck_to_a_border() {
    let state = connected(40, 10, Theme::default());
    let mut bytes = frame_bytes(&state);
    assert!(compare(&state, &drawn(&state), &bytes).is_empty());
    // A combining mark written just right of the left border, as a raw one would be.
    bytes.extend_from_slice("\u{1b}[3;2H\u{301}".as_bytes());
    let problems = compare(&state, &drawn(&state), &bytes);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("row 2 col 0"), "{problems:?}");
}

/// A colour as the terminal emulator reports what the backend wrote for it.
fn shown_colour(colour: ratatui::style::Color) -> vt100::Color {
    use ratatui::style::Color::*;
    match colour {
        Reset => vt100::Color::Default,
        Indexed(index) => vt100::Color::Idx(index),
        Rgb(r, g, b) => vt100::Color::Rgb(r, g, b),
        named => {
            let order = [
                Black,
                Red,
                Green,
                Yellow,
                Blue,
                Magenta,
                Cyan,
                Gray,
                DarkGray,
                LightRed,
                LightGreen,
                LightYellow,
                LightBlue,
                LightMagenta,
                LightCyan,
                White,
            ];
            vt100::Color::Idx(order.iter().position(|c| *c == named).unwrap() as u8)
        }
    }
}

/// The cells whose style on screen is not the one drawn (a blank's letter colour and
/// weight cannot be seen, so they are not compared).
fn styles_apart(buffer: &ratatui::buffer::Buffer, shown: &vt100::Screen) -> Vec<String> {
    use ratatui::style::Modifier;
    let mut problems = Vec::new();
    let area = buffer.area;
    for row in 0..area.height {
        for col in 0..area.width {
            let Some(cell) = shown.cell(row, col) else { continue };
            if cell.is_wide_continuation() {
                continue;
            }
            let meant = &buffer[(col, row)];
            let blank = meant.symbol() == " ";
            let has = |modifier| meant.modifier.contains(modifier);
            let ok = shown_colour(meant.bg) == cell.bgcolor()
                && has(Modifier::REVERSED) == cell.inverse()
                && has(Modifier::UNDERLINED) == cell.underline()
                && (blank
                    || (shown_colour(meant.fg) == cell.fgcolor()
                        && has(Modifier::BOLD) == cell.bold()
                        && has(Modifier::DIM) == cell.dim()
                        && has(Modifier::ITALIC) == cell.italic()));
            if !ok {
                problems.push(format!("row {row} col {col}: drawn {meant:?}, shown {cell:?}"));
            }
        }
    }
    problems
}

/// The backend writes only what changed, and little of it (short gaps written again from
/// what it remembers, blanks erased, one style sequence): over a session of moves with the
/// preview beside the list, every cell on a terminal has the letter and the style drawn.
#[test]
fn moves_with_the_preview_on_show_every_letter_and_style_as_drawn() {
    for (width, height) in [(200, 50), (160, 40)] {
        let ui = outreach_tui::tui::state::UiSettings {
            preview: outreach_tui::config::Preview::Auto,
            ..settings(Theme::default())
        };
        let mut state = AppState::new(ui, width, height, now());
        act_hostile(&mut state, Action::Connected(Ok(info())));
        let mut step = session(width, height);
        for pane in ['6', '2', '3', '4'] {
            act_hostile(&mut state, ch(pane));
            step(&state, &format!("pane {pane}"));
            for (index, _) in NAMES.iter().enumerate() {
                act_hostile(&mut state, ch('j'));
                step(&state, &format!("pane {pane}, move {index} down"));
            }
            act_hostile(&mut state, ch('k'));
            step(&state, &format!("pane {pane}, a move up"));
        }
    }
}
