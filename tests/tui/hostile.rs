//! Hostile strings from the API drawn through the real crossterm backend into a byte buffer:
//! the only escape sequences in the output are the backend's own cursor moves, colours and
//! mode switches, and the dashboard's own OSC 8 links (http, https, mailto) — no other OSC,
//! no DCS, APC, PM or SOS, no BEL, no C1 controls, nothing from the data.

use crate::common;

use common::scenarios::SCENARIOS;
use common::*;
use outreach_tui::tui::model::Pane;
use outreach_tui::tui::theme::Theme;

/// The length of one of the dashboard's own sequences at the start of `bytes`: an OSC 8
/// hyperlink to an http, https or mailto URL of printable ASCII (or its closing `ESC ] 8 ; ;
/// ST`), or saving and restoring the cursor around them (`ESC 7`, `ESC 8`).
fn own_link_or_cursor_save(bytes: &[u8]) -> Option<usize> {
    if matches!(bytes, [0x1b, b'7' | b'8', ..]) {
        return Some(2);
    }
    let rest = bytes.strip_prefix(b"\x1b]8;;")?;
    let end = rest.windows(2).position(|w| w == b"\x1b\\")?;
    let url = &rest[..end];
    let scheme = [&b"https://"[..], b"http://", b"mailto:"].iter().any(|s| url.starts_with(s));
    let printable = url.iter().all(|b| b.is_ascii_graphic());
    (url.is_empty() || (scheme && printable)).then_some(5 + end + 2)
}

/// Checks every escape sequence is a CSI the backend itself writes: cursor position (`H`),
/// a move right (`C`) and blanks erased (`X`) with a number alone, colours and attributes
/// (`m`), and private modes (`?…h` / `?…l`: cursor visibility, synchronized output).
/// Returns what is wrong, if anything.
fn foreign_controls(bytes: &[u8]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        if byte == 0x1b {
            if let Some(length) = own_link_or_cursor_save(&bytes[index..]) {
                index += length;
                continue;
            }
            if bytes.get(index + 1) != Some(&b'[') {
                let next = bytes.get(index + 1).map(|b| *b as char);
                problems.push(format!("ESC not starting a CSI at {index}: ESC {next:?}"));
                index += 1;
                continue;
            }
            let start = index + 2;
            let mut end = start;
            while end < bytes.len() && (0x20..=0x3f).contains(&bytes[end]) {
                end += 1;
            }
            let parameters = String::from_utf8_lossy(&bytes[start..end]).to_string();
            let final_byte = bytes.get(end).copied().unwrap_or(0);
            let private_mode = parameters.starts_with('?') && matches!(final_byte, b'h' | b'l');
            let counted = matches!(final_byte, b'C' | b'X')
                && !parameters.is_empty()
                && parameters.bytes().all(|b| b.is_ascii_digit());
            if !(matches!(final_byte, b'H' | b'm') || private_mode || counted) {
                problems.push(format!(
                    "unexpected CSI {parameters:?} {:?} at {index}",
                    final_byte as char
                ));
            }
            index = end + 1;
            continue;
        }
        if byte < 0x20 || byte == 0x7f {
            problems.push(format!("control byte {byte:#04x} at {index}"));
        }
        index += 1;
    }
    let text = String::from_utf8_lossy(bytes);
    for c in text.chars() {
        if ('\u{80}'..='\u{9f}').contains(&c) {
            problems.push(format!("C1 control {:?}", c));
        }
        // Zero-width joiners (U+200C, U+200D) are kept only where they shape emoji and
        // scripts: never after Latin text (checked below).
        if matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}' | '\u{200e}' | '\u{200f}' | '\u{feff}')
        {
            problems.push(format!("bidi or zero-width control {:?}", c));
        }
        if matches!(c, '\u{34f}' | '\u{e0000}'..='\u{e00ff}' | '\u{fff9}'..='\u{fffb}' | '\u{115f}' | '\u{1160}' | '\u{3164}' | '\u{2060}'..='\u{2064}' | '\u{2028}' | '\u{2029}')
        {
            problems.push(format!("invisible or line-breaking character {:?}", c));
        }
    }
    let chars: Vec<char> = text.chars().collect();
    for pair in chars.windows(2) {
        if matches!(pair[1], '\u{200c}' | '\u{200d}')
            && (pair[0].is_ascii_alphanumeric() || pair[0] == ' ')
        {
            problems.push(format!("joiner after Latin text {:?}", pair[0]));
        }
    }
    problems
}

#[test]
fn the_checker_catches_what_it_is_meant_to() {
    assert!(foreign_controls(b"\x1b[1;1Hok\x1b[38;5;1m\x1b[?25l").is_empty());
    assert!(!foreign_controls(b"\x1b]0;pwned\x07").is_empty(), "OSC and BEL");
    assert!(
        foreign_controls(b"\x1b7\x1b]8;;https://x.example/a\x1b\\ab\x1b]8;;\x1b\\\x1b8").is_empty()
    );
    assert!(!foreign_controls(b"\x1b]8;;javascript:alert(1)\x1b\\").is_empty(), "no other scheme");
    assert!(!foreign_controls(b"\x1b]8;;https://x\x07").is_empty(), "an OSC 8 ended by BEL");
    assert!(!foreign_controls(b"\x1b[2J").is_empty(), "a CSI the backend never writes");
    assert!(!foreign_controls("\u{9b}31m".as_bytes()).is_empty(), "C1 CSI");
    assert!(!foreign_controls(b"\x1bP1$r\x1b\\").is_empty(), "DCS");
    assert!(!foreign_controls("a\u{202e}b".as_bytes()).is_empty(), "bidi override");
    assert!(!foreign_controls("Meeting\u{200c}\u{200d} notes".as_bytes()).is_empty(), "joiners");
    assert!(foreign_controls("👩\u{200d}💻".as_bytes()).is_empty(), "an emoji's joiner");
}

#[test]
fn every_screen_with_hostile_data_writes_only_the_backends_own_sequences() {
    for (width, height) in [(80, 24), (160, 48)] {
        for (name, scenario) in SCENARIOS {
            for theme in [Theme::default(), Theme::monochrome()] {
                let mut state = connected(width, height, theme);
                scenario(&mut state);
                let bytes = frame_bytes(&state);
                let problems = foreign_controls(&bytes);
                assert!(problems.is_empty(), "{name} at {width}x{height}: {problems:?}");
            }
        }
    }
}

#[test]
fn hostile_text_is_drawn_as_harmless_characters() {
    let mut state = connected(160, 48, Theme::default());
    act(&mut state, ch('6'));
    let bytes = frame_bytes(&state);
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("osc8link"), "the visible rest of the hostile name is shown");
    assert!(!text.contains("]8;;"), "no debris of the link's sequence");
    assert!(text.contains("evilgnp.exe"), "the bidi override is gone, the text stays in order");
}

/// The dashboard fed by the simulator over HTTP, as `--demo` is, without a terminal.
mod live {
    use super::*;
    use outreach_tui::api::{Client, ClientOptions};
    use outreach_tui::sim::{self, SimOptions};
    use outreach_tui::tui::action::{Action, Effect, Fetch};
    use outreach_tui::tui::state::AppState;
    use outreach_tui::tui::update::update;

    /// Performs a fetch as the runner does; every read must succeed.
    async fn perform(client: &Client, fetch: &Fetch) -> Action {
        let action = fetch.perform(client.clone()).await;
        if let Action::Loaded(answer) = &action {
            assert!(answer.result().is_ok(), "the simulator answers every read: {answer:?}");
        }
        action
    }

    /// Runs an action and answers its fetches from the simulator.
    async fn act_live(state: &mut AppState, client: &Client, action: Action) {
        let mut queue = update(state, action);
        while let Some(effect) = queue.pop() {
            match effect {
                Effect::Fetch(fetch) => {
                    let answer = perform(client, &fetch).await;
                    queue.extend(update(state, answer));
                }
                Effect::LayOut(job) => queue.extend(update(state, laid_out(&job))),
                Effect::Search(job) => {
                    let mut works = Vec::new();
                    job.perform(&mut |work| works.push(work));
                    for work in works {
                        queue.extend(update(state, Action::Searched(work)));
                    }
                }
                _ => {}
            }
        }
    }

    fn check(state: &AppState, what: &str) {
        let problems = foreign_controls(&frame_bytes(state));
        assert!(problems.is_empty(), "{what}: {problems:?}");
    }

    /// Every page of the current list, and every item's detail where the list has one.
    async fn every_page_and_detail(state: &mut AppState, client: &Client, pane: Pane) {
        act_live(state, client, ch(char::from(b'1' + pane.index() as u8))).await;
        let rows = state.current_list().map_or(0, |l| l.order().len());
        for row in 0..rows {
            check(state, &format!("{pane:?} row {row}"));
            act_live(state, client, key(crossterm::event::KeyCode::Enter)).await;
            check(state, &format!("{pane:?} detail of row {row}"));
            if pane == Pane::Exchanges {
                act_live(state, client, ch('T')).await;
                check(state, &format!("{pane:?} unfolded chain of row {row}"));
            }
            act_live(state, client, key(crossterm::event::KeyCode::Esc)).await;
            act_live(state, client, ch('j')).await;
        }
    }

    #[tokio::test]
    async fn the_simulators_hostile_strings_render_harmlessly() {
        let anchor = chrono::DateTime::parse_from_rfc3339("2025-03-14T15:00:00Z").unwrap().to_utc();
        let sim =
            sim::spawn(SimOptions { anchor: Some(anchor), ..SimOptions::default() }).await.unwrap();
        let client =
            Client::new(&sim.base_url, &sim.admin_key(), ClientOptions::default()).unwrap();
        let mut state = connected(100, 30, Theme::default());
        act_live(&mut state, &client, Action::Connected(Ok(info()))).await;
        check(&state, "Overview");
        for pane in [Pane::Campaigns, Pane::Exchanges, Pane::Meetings, Pane::Bots] {
            every_page_and_detail(&mut state, &client, pane).await;
        }
        // Contacts are many: every page, and the detail of those the simulator made hostile.
        act_live(&mut state, &client, ch('6')).await;
        let contacts = state.org.store.contacts.items().to_vec();
        // Debug output escapes control, bidi and zero-width characters as `\u{…}`.
        let hostile: Vec<i64> =
            contacts.iter().filter(|c| format!("{c:?}").contains("\\u{")).map(|c| c.id).collect();
        assert!(!hostile.is_empty(), "the simulator's contacts carry hostile strings");
        loop {
            check(&state, "contacts page");
            let before = state.panes.contacts.list.offset();
            act_live(&mut state, &client, key(crossterm::event::KeyCode::PageDown)).await;
            if state.panes.contacts.list.offset() == before {
                break;
            }
        }
        for id in hostile {
            state.panes.contacts.list.select_id(id);
            act_live(&mut state, &client, key(crossterm::event::KeyCode::Enter)).await;
            check(&state, &format!("contact {id}"));
            act_live(&mut state, &client, key(crossterm::event::KeyCode::Esc)).await;
        }
        sim.shutdown().await;
    }
}
