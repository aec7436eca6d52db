//! Meaning never in colour alone, and presets that keep to their colours: every screen
//! drawn on a TestBackend and read cell by cell.

use crate::common;

use common::fixtures;
use common::scenarios::SCENARIOS;
use common::*;
use outreach_tui::config::ThemePreset;
use outreach_tui::term::background::Shade;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Style};
use std::collections::BTreeSet;

/// Every screen of the scenarios, drawn with `theme` at `width`×`height`.
fn drawn(theme: &Theme, width: u16, height: u16) -> Vec<(&'static str, Buffer)> {
    SCENARIOS
        .iter()
        .map(|(name, scenario)| {
            let mut state = connected(width, height, theme.clone());
            scenario(&mut state);
            (*name, buffer(&state))
        })
        .collect()
}

fn buffer(state: &AppState) -> Buffer {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(
        state.env.width,
        state.env.height,
    ))
    .unwrap();
    terminal.draw(|frame| outreach_tui::tui::views::render(frame, state)).unwrap();
    terminal.backend().buffer().clone()
}

#[test]
fn the_ansi_preset_draws_only_the_named_colours_and_the_terminals_own() {
    let named = |colour: Color| !matches!(colour, Color::Rgb(..) | Color::Indexed(_));
    let theme = Theme::preset(ThemePreset::Ansi, Shade::Dark);
    for (width, height) in [(80, 24), (160, 48)] {
        for (name, buffer) in drawn(&theme, width, height) {
            for (at, cell) in buffer.content().iter().enumerate() {
                assert!(
                    named(cell.fg) && named(cell.bg),
                    "{name} {width}x{height} cell {at}: {cell:?}"
                );
                // Black, white and grey assume a background: the user's scheme decides.
                let assumed = [Color::Black, Color::White, Color::Gray];
                assert!(
                    !assumed.contains(&cell.fg) && !assumed.contains(&cell.bg),
                    "{name}: {cell:?}"
                );
            }
        }
    }
}

#[test]
fn high_contrast_dims_nothing_and_light_writes_nothing_pale_on_the_background() {
    use ratatui::style::Modifier;
    let high = Theme::preset(ThemePreset::HighContrast, Shade::Dark);
    for (name, buffer) in drawn(&high, 80, 24) {
        // A wide character's second cell is drawn by the first.
        let cells = buffer.content();
        let covered = |at: usize| at > 0 && cells[at - 1].symbol().chars().any(|c| c > '\u{2e80}');
        for (_, cell) in cells.iter().enumerate().filter(|(at, _)| !covered(*at)) {
            assert!(!cell.modifier.contains(Modifier::DIM), "{name}: {cell:?}");
            assert_ne!(cell.fg, Color::DarkGray, "{name}: {cell:?}");
            assert_ne!(cell.bg, Color::Reset, "{name}: the black is under everything: {cell:?}");
        }
    }
    let light = Theme::preset(ThemePreset::Auto, Shade::Light);
    assert_eq!(light, Theme::preset(ThemePreset::Light, Shade::Dark), "auto on white is light");
    for (name, buffer) in drawn(&light, 80, 24) {
        for cell in buffer.content().iter().filter(|cell| cell.bg == Color::Reset) {
            let pale = [Color::White, Color::Yellow, Color::LightYellow, Color::Gray];
            assert!(!pale.contains(&cell.fg) || cell.symbol() == " ", "{name}: {cell:?}");
        }
    }
}

/// Every word of the fixture organisation's names and addresses, as the screen shows them.
fn identities() -> BTreeSet<String> {
    let keys = ["name", "first_name", "last_name", "email", "organisation", "alias"];
    let mut values = Vec::new();
    let json = serde_json::json!([
        fixtures::campaigns(),
        fixtures::bots(),
        fixtures::exchanges(),
        fixtures::contacts(),
        fixtures::meetings()
    ]);
    collect(&json, &keys, &mut values);
    values
        .iter()
        .flat_map(|value| {
            let shown = outreach_tui::text::sanitize(value);
            shown
                .split(|c: char| c.is_whitespace() || "@.·,".contains(c))
                .filter(|word| word.chars().count() >= 2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

fn collect(value: &serde_json::Value, keys: &[&str], into: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                match value.as_str() {
                    Some(text) if keys.contains(&key.as_str()) => into.push(text.to_string()),
                    _ => collect(value, keys, into),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| collect(item, keys, into)),
        _ => {}
    }
}

/// A row's cells: each symbol and style, or `None` where it is left out.
type Row = Vec<Option<(String, Style)>>;

/// One row: its cells' symbols and styles, names and figures left out (`None`: they tell
/// items apart, not states).
fn row(buffer: &Buffer, y: u16, names: &BTreeSet<String>) -> Row {
    let width = buffer.area.width;
    let cells: Vec<(String, Style)> = (0..width)
        .map(|x| {
            let cell = &buffer[(x, y)];
            (cell.symbol().to_string(), cell.style())
        })
        .collect();
    let text: String =
        cells.iter().map(|(symbol, _)| symbol.chars().next().unwrap_or(' ')).collect();
    let chars: Vec<char> = text.chars().collect();
    let mut blank = vec![false; chars.len()];
    for name in names {
        let word: Vec<char> = name.chars().collect();
        for start in 0..chars.len().saturating_sub(word.len() - 1) {
            if chars[start..start + word.len()] == word[..] {
                blank[start..start + word.len()].iter_mut().for_each(|b| *b = true);
            }
        }
    }
    for (at, c) in chars.iter().enumerate() {
        if c.is_ascii_digit() {
            blank[at] = true;
        }
    }
    cells
        .into_iter()
        .enumerate()
        .map(|(at, cell)| (!blank.get(at).copied().unwrap_or(false)).then_some(cell))
        .collect()
}

/// Whether two rows differ in colour where both show something: a fill anywhere, a
/// foreground where a symbol is drawn.
fn coloured_apart(a: &[Option<(String, Style)>], b: &[Option<(String, Style)>]) -> bool {
    let colour = |c: Option<Color>| c.unwrap_or(Color::Reset);
    a.iter().zip(b).any(|pair| match pair {
        (Some((symbol_a, a)), Some((symbol_b, b))) => {
            colour(a.bg) != colour(b.bg)
                || (symbol_a.trim() != "" && symbol_b.trim() != "" && colour(a.fg) != colour(b.fg))
        }
        _ => false,
    })
}

/// The first pair of rows of `coloured` that `plain` draws alike, where `coloured` tells
/// them apart by colour alone.
fn alike_without_colour(coloured: &Buffer, plain: &Buffer) -> Option<String> {
    let names = identities();
    let rows: Vec<(Row, String)> = (0..coloured.area.height)
        .map(|y| {
            let text: String = row(plain, y, &names)
                .into_iter()
                .map(|cell| cell.map_or(" ".to_string(), |(symbol, _)| symbol))
                .collect();
            (row(coloured, y, &names), text)
        })
        .collect();
    rows.iter().enumerate().find_map(|(a, (colours_a, text_a))| {
        rows[a + 1..]
            .iter()
            .any(|(colours_b, text_b)| text_a == text_b && coloured_apart(colours_a, colours_b))
            .then(|| text_a.clone())
    })
}

/// The default theme and `NO_COLOR`'s, neither marking the selected row: its fill is no
/// state of the row it is on.
fn themes() -> (Theme, Theme) {
    let coloured = Theme { selected: Style::new(), ..Theme::default() };
    let plain = Theme { selected: Style::new(), ..Theme::monochrome() };
    (coloured, plain)
}

#[test]
fn two_rows_drawn_alike_without_colour_mean_the_same_with_it() {
    let (coloured, plain) = themes();
    for (width, height) in [(80, 24), (160, 48)] {
        let with = drawn(&coloured, width, height);
        let without = drawn(&plain, width, height);
        for ((name, coloured), (_, plain)) in with.iter().zip(&without) {
            if let Some(row) = alike_without_colour(coloured, plain) {
                panic!(
                    "{name} at {width}x{height}: rows alike without colour, apart with it:\n{row}"
                );
            }
        }
    }
}

#[test]
fn new_seen_handled_and_not_replies_differ_without_colour() {
    use crate::inbox::{inbox_drawn_with, run};
    use outreach_tui::local::LocalState;
    let (coloured, plain) = themes();
    let drawn = |theme: Theme| {
        let local = LocalState::in_memory();
        let (mut state, _) = inbox_drawn_with(&local, theme);
        // Two handled, shown beside the rest; new ones among both.
        for key in ['e', 'e', 'H'] {
            run(&mut state, &local, ch(key));
        }
        buffer(&state)
    };
    let (with, without) = (drawn(coloured), drawn(plain));
    let shown: String = without.content().iter().map(|cell| cell.symbol()).collect();
    assert!(shown.contains('●') && shown.contains('✓'), "new and handled rows are there");
    if let Some(row) = alike_without_colour(&with, &without) {
        panic!("the inbox: rows alike without colour, apart with it:\n{row}");
    }
}

#[test]
fn the_overview_chart_tells_replies_from_meetings_by_their_fill() {
    let (_, plain) = themes();
    let (_, overview) = drawn(&plain, 80, 24).remove(0);
    let text: String = overview.content().iter().map(|cell| cell.symbol()).collect();
    assert!(text.contains("replied █") && text.contains("meetings ▒"), "the legend says which");
    let bars = |fill: &str| overview.content().iter().filter(|cell| cell.symbol() == fill).count();
    assert!(bars("█") > 0 && bars("▒") > 0, "both series are drawn, each its own fill");
}
