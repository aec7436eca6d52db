//! The config file's `[keys]` and `[theme]` reach everything on screen: every key hint
//! comes from the keymap, every accent from the theme.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::config::{Loaded, parse};
use outreach_tui::tui::action::Action;
use outreach_tui::tui::state::{AppState, Connection, UiSettings};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;

const CONFIG: &str =
    "[theme]\naccent = \"#ff8800\"\n[keys]\nquit = \"Q\"\nhelp = \"F1\"\nrefresh = \"F5\"\n";
const ORANGE: Color = Color::Rgb(0xff, 0x88, 0);

fn rebound(width: u16, height: u16) -> AppState {
    let (config, warnings) = parse(CONFIG, std::path::Path::new("config.toml")).unwrap();
    let mut ui = UiSettings::from_config(&Loaded { config, path: None, warnings }, false);
    assert!(ui.notices.is_empty(), "{:?}", ui.notices);
    ui.zone = settings(ui.theme.clone()).zone;
    AppState::new(ui, width, height, now())
}

fn buffer(state: &AppState) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(state.env.width, state.env.height)).unwrap();
    terminal.draw(|frame| outreach_tui::tui::views::render(frame, state)).unwrap();
    terminal.backend().buffer().clone()
}

#[test]
fn the_status_bar_names_the_keys_as_bound() {
    let mut state = rebound(80, 24);
    act(&mut state, Action::Connected(Ok(info())));
    let text = screen(&state);
    let status = text.lines().last().unwrap();
    assert!(status.contains("F1 help  : commands  Q quit"), "{status}");
    assert!(!status.contains("q quit"), "{status}");
}

#[test]
fn the_login_screen_names_the_keys_as_bound() {
    let mut state = rebound(80, 24);
    state.server.connection = Connection::NeedsKey {
        base_url: None,
        profile: "work".into(),
        message: "No API key for profile 'work'.".into(),
    };
    let text = screen(&state);
    assert!(text.contains("L enters a key here · F5 tries again · Q quits"), "{text}");
}

#[test]
fn the_accent_colours_the_active_tab_too() {
    let mut state = rebound(80, 24);
    act(&mut state, Action::Connected(Ok(info())));
    let drawn = buffer(&state);
    // " 1 Overview " is the active tab, at the top left.
    assert_eq!(drawn[(3, 0)].symbol(), "O");
    assert_eq!(drawn[(3, 0)].bg, ORANGE, "the active tab");
    assert_eq!(drawn[(0, 1)].fg, ORANGE, "the focused border");
}

/// A dashboard at 80×24 with `config`, connected.
fn connected_with(config: &str) -> AppState {
    let (config, warnings) = parse(config, std::path::Path::new("config.toml")).unwrap();
    let ui = UiSettings::from_config(&Loaded { config, path: None, warnings }, false);
    let mut state = AppState::new(ui, 80, 24, now());
    act(&mut state, Action::Connected(Ok(info())));
    state
}

#[test]
fn a_failed_pane_names_the_retry_and_login_keys_as_bound() {
    use outreach_tui::api::ApiError;
    use outreach_tui::tui::action::Effect;
    use outreach_tui::tui::update::update;
    let mut state = connected_with("[keys]\nrefresh = \"R\"\nlogin = \"K\"\n");
    for (error, said) in [
        (ApiError::unavailable(503, None), "Press R to retry"),
        (ApiError::Unauthorized { detail: None }, "Press K to enter the current key"),
    ] {
        // The Contacts pane's first load fails.
        state.org.store.contacts = Default::default();
        let effects = update(&mut state, ch('6'));
        let fetch = effects
            .iter()
            .find_map(|effect| match effect {
                Effect::Fetch(fetch) => Some(fetch.clone()),
                _ => None,
            })
            .expect("the Contacts pane loads");
        update(&mut state, fetch.failed(error));
        let text = screen(&state);
        assert!(text.contains(said), "{text}");
        assert!(!text.contains("Press r ") && !text.contains("press r "), "{text}");
        assert!(!text.contains("Press L "), "{text}");
        update(&mut state, ch('1'));
    }
}

#[test]
fn help_follows_a_rebound_handle_and_a_key_given_twice_is_a_start_up_note() {
    let text = "[keys]\nhandle = \"J\"\nadd_contact = \"ctrl-d\"\n";
    let (config, warnings) = parse(text, std::path::Path::new("config.toml")).unwrap();
    let mut ui = UiSettings::from_config(&Loaded { config, path: None, warnings }, false);
    let notes = ui.notices.join(" ");
    assert!(
        // On the Contacts pane its own keys come first: there Ctrl-d adds a contact.
        notes.contains("keys: Ctrl-d does add_contact, not half_page_down (see ?)"),
        "{notes}"
    );
    ui.zone = settings(ui.theme.clone()).zone;
    let mut state = AppState::new(ui, 120, 40, now());
    assert!(
        state.transient.notice.as_deref().unwrap_or_default().contains("Ctrl-d"),
        "shown at start"
    );
    act(&mut state, Action::Connected(Ok(info())));
    act(&mut state, ch('3'));
    act(&mut state, ch('?'));
    let shown = screen(&state);
    assert!(shown.contains("mark: J d D act on the marked rows"), "{shown}");
    // Where both work, help says beside the one it does not do what the key does.
    act(&mut state, key(KeyCode::Esc));
    act(&mut state, ch('6'));
    act(&mut state, ch('?'));
    let mut seen = String::new();
    for _ in 0..10 {
        seen.push_str(&screen(&state));
        act(&mut state, key(KeyCode::PageDown));
    }
    assert!(seen.contains("half a page down (Ctrl-d does add_contact"), "{seen}");
}

#[test]
fn an_empty_filter_names_the_back_key_as_bound() {
    let mut state = connected_with("[keys]\nback = \"b\"\n");
    act(&mut state, ch('6'));
    act(&mut state, ch('/'));
    type_text(&mut state, "zzzz-nobody");
    act(&mut state, key(crossterm::event::KeyCode::Enter));
    let text = screen(&state);
    assert!(text.contains("b clears the filter"), "{text}");
    assert!(!text.contains("Esc clears"), "{text}");
}
