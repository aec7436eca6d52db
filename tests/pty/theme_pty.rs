//! `[theme] preset = "auto"` in a real terminal: the dashboard asks the background with
//! OSC 11 once in raw mode, takes the light theme from a white answer, and none of the
//! answer reaches it as keys.

use crate::common;

use common::home::Isolated;
use common::pty::Pty;

/// Whether the program set a magenta foreground (palette 5), as the light theme's headers
/// and keys are and the dark theme never is: `38;5;5` among an SGR sequence's parameters,
/// however the backend groups them.
fn sets_magenta(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.split("\x1b[").any(|sequence| {
        let Some(end) = sequence.find('m') else { return false };
        let params = &sequence[..end];
        let sgr = params.bytes().all(|b| b.is_ascii_digit() || b == b';');
        let params: Vec<&str> = params.split(';').collect();
        sgr && params.windows(3).any(|w| w == ["38", "5", "5"])
    })
}

/// The demo with `preset = "auto"`, in a terminal of `env`; its home is kept with it.
fn auto_demo(env: &[(&str, &str)]) -> (Pty, Isolated) {
    let home = Isolated::new();
    home.write_config("[theme]\npreset = \"auto\"\n");
    let pty = Pty::spawn_in(&home, &["--demo"], 80, 24, env);
    (pty, home)
}

#[test]
fn auto_asks_the_background_and_a_white_one_gets_the_light_theme_without_stray_keys() {
    let (mut pty, _home) = auto_demo(&[]);
    pty.wait_for_bytes(0, b"\x1b]11;?\x07");
    // A white background, then the device attributes: "6" and "2" would be pane keys.
    pty.send("\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c");
    // Only the Overview says this: no "6" or "2" of the answer was read as a key.
    let overview = pty.wait_for("campaigns in all");
    assert!(overview.contains("▸ Campaigns"), "{overview}");
    while !sets_magenta(&pty.transcript) {
        // The next frame, until one draws a light header (or the wait gives up).
        let from = pty.transcript.len();
        pty.wait_for_bytes(from, b"\x1b[?2026l");
    }
    pty.send("q");
}

#[test]
fn a_terminal_that_never_answers_gets_the_dark_theme_and_the_dashboard_starts() {
    let (mut pty, _home) = auto_demo(&[]);
    pty.wait_for_bytes(0, b"\x1b]11;?\x07");
    pty.wait_for("campaigns in all");
    pty.send("2");
    let campaigns = pty.wait_for("Interested");
    assert!(campaigns.contains("Status"), "{campaigns}");
    assert!(!sets_magenta(&pty.transcript), "no answer: dark");
    pty.send("q");
}

#[test]
fn a_dumb_terminal_is_never_asked() {
    // A dumb terminal gets the line mode, which draws no theme at all.
    let (mut pty, _home) = auto_demo(&[("TERM", "dumb")]);
    pty.wait_for("Connected: profile demo");
    assert!(!has(&pty.transcript, b"\x1b]11;"), "TERM=dumb is not asked");
    pty.send("quit\n");
}

fn has(bytes: &[u8], needle: &[u8]) -> bool {
    bytes.windows(needle.len()).any(|window| window == needle)
}
