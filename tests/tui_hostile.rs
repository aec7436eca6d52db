//! Hostile strings from the API drawn through the real crossterm backend into a byte buffer:
//! the only escape sequences in the output are the backend's own cursor moves, colours and
//! mode switches — no OSC, DCS, APC, PM or SOS, no BEL, no C1 controls, nothing from the data.

mod common;

use common::scenarios::SCENARIOS;
use common::*;
use outreach_tui::tui::theme::Theme;

/// Checks every escape sequence is a CSI the backend itself writes: cursor position (`H`),
/// colours and attributes (`m`), and private modes (`?…h` / `?…l`: cursor visibility,
/// synchronized output). Returns what is wrong, if anything.
fn foreign_controls(bytes: &[u8]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        if byte == 0x1b {
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
            if !(matches!(final_byte, b'H' | b'm') || private_mode) {
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
        if matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}'..='\u{200f}' | '\u{feff}')
        {
            problems.push(format!("bidi or zero-width control {:?}", c));
        }
    }
    problems
}

#[test]
fn the_checker_catches_what_it_is_meant_to() {
    assert!(foreign_controls(b"\x1b[1;1Hok\x1b[38;5;1m\x1b[?25l").is_empty());
    assert!(!foreign_controls(b"\x1b]0;pwned\x07").is_empty(), "OSC and BEL");
    assert!(!foreign_controls(b"\x1b[2J").is_empty(), "a CSI the backend never writes");
    assert!(!foreign_controls("\u{9b}31m".as_bytes()).is_empty(), "C1 CSI");
    assert!(!foreign_controls(b"\x1bP1$r\x1b\\").is_empty(), "DCS");
    assert!(!foreign_controls("a\u{202e}b".as_bytes()).is_empty(), "bidi override");
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
    assert!(text.contains("osc8]8;;https://e"), "the visible rest of the hostile name is shown");
    assert!(text.contains("evilgnp.exe"), "the bidi override is gone, the text stays in order");
}
