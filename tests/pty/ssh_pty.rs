//! The real binary in a pseudo-terminal (`--demo`): `|` suspends the dashboard into a fake
//! `$PAGER` that takes the keys, and comes back to the same screen; `Ctrl-x Ctrl-e` edits a
//! form field in a fake `$EDITOR`; `y` writes OSC 52 (wrapped for tmux inside tmux); links
//! on screen are OSC 8 unless `[ui] hyperlinks = false`.

use crate::common;

use common::home::Isolated;
use common::pty::Pty;
use std::time::Duration;

const ENTER: &str = "\r";

/// A script in `home`, executable.
fn script(home: &Isolated, name: &str, body: &str) -> String {
    let path = home.path().join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path.to_string_lossy().into_owned()
}

/// Every row but the status bar's (its age of the data ticks on).
fn body(screen: &str) -> Vec<String> {
    let mut rows: Vec<String> = screen.lines().map(String::from).collect();
    rows.pop();
    rows
}

fn open_chain(pty: &mut Pty) -> String {
    pty.wait_for("campaigns in all");
    pty.send("3");
    pty.wait_until("the exchanges table", Duration::from_secs(20), |s| {
        s.contains("Category") && s.contains("Latest message") && !s.contains("Loading exchanges")
    });
    let from = pty.transcript.len();
    pty.send(ENTER);
    // The contacts load with the chain, and their arrival puts the contact's time in the
    // title: the chain is whole once it is there.
    pty.wait_until("the chain with the contact's time", Duration::from_secs(20), |s| {
        s.contains("From:") && s.contains("their time")
    });
    // The end of the frame that drew the last of the two (not of an earlier one).
    let last = |needle: &[u8]| pty.transcript.windows(needle.len()).rposition(|w| w == needle);
    let drawn = last(b"From:").max(last(b"their time")).unwrap_or(from);
    pty.wait_for_bytes(drawn, b"\x1b[?2026l");
    pty.screen()
}

/// A `$PAGER` that keeps what it was given in `paged.txt`, asks for a word on the terminal
/// and keeps it in `answer.txt`: it ends at the first Enter.
fn fake_pager(home: &Isolated) -> String {
    script(
        home,
        "pager",
        "cat > \"$HOME/paged.txt\"\nprintf 'FAKE PAGER, type a word: '\nread word < /dev/tty\nprintf '%s' \"$word\" > \"$HOME/answer.txt\"",
    )
}

#[test]
fn the_pager_takes_the_terminal_and_the_screen_comes_back() {
    let home = Isolated::new();
    let paged = home.path().join("paged.txt");
    let pager = fake_pager(&home);
    let mut pty = Pty::spawn_in(&home, &["--demo"], 100, 30, &[("PAGER", &pager)]);
    let before = open_chain(&mut pty);

    pty.send("|");
    pty.wait_for("FAKE PAGER");
    assert!(!pty.parser.screen().alternate_screen(), "the pager has the normal screen");
    pty.send("hello");
    let from = pty.transcript.len();
    pty.send(ENTER);
    pty.wait_until("the dashboard again", Duration::from_secs(20), |s| !s.contains("FAKE PAGER"));
    pty.wait_for_bytes(from, b"\x1b[?2026l");
    // The screen as it was, row for row (the status bar's age aside).
    assert_eq!(body(&pty.screen()), body(&before), "the screen is restored exactly");
    assert!(pty.parser.screen().alternate_screen(), "back on the dashboard's screen");

    let text = std::fs::read_to_string(&paged).unwrap();
    assert!(text.contains("From:") && text.contains("Subject:"), "the chain was paged:\n{text}");
    let answer = std::fs::read_to_string(home.path().join("answer.txt")).unwrap();
    assert_eq!(answer, "hello", "the keys went to the pager, none to the dashboard");

    // The first `q` closes the chain, the second quits from the top.
    pty.send("q");
    pty.wait_until("the chain closed", Duration::from_secs(10), |s| !s.contains("From:"));
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

#[test]
fn keys_typed_ahead_as_the_pager_ends_reach_the_dashboard() {
    // The word for the pager and the dashboard's `q` in one write, as a quick typist sends
    // them: the pager takes its line, the `q` waits in the terminal for the dashboard.
    let home = Isolated::new();
    let pager = fake_pager(&home);
    let mut pty = Pty::spawn_in(&home, &["--demo"], 100, 30, &[("PAGER", &pager)]);
    open_chain(&mut pty);
    pty.send("|");
    pty.wait_for("FAKE PAGER");
    pty.send("hello\rq");
    pty.wait_until("the chain closed after the pager", Duration::from_secs(20), |s| {
        !s.contains("FAKE PAGER") && !s.contains("From:") && s.contains("Category")
    });
    let answer = std::fs::read_to_string(home.path().join("answer.txt")).unwrap();
    assert_eq!(answer, "hello", "the pager took its word and no more");
}

#[test]
fn the_editor_edits_a_form_field_and_its_text_comes_back() {
    let home = Isolated::new();
    let editor = script(&home, "editor", "printf 'edited@example.org' > \"$1\"");
    let mut pty = Pty::spawn_in(&home, &["--demo"], 100, 30, &[("EDITOR", &editor)]);
    pty.wait_for("campaigns in all");
    pty.send("d");
    pty.wait_for("Do not contact");
    pty.send("typed@example.org");
    pty.wait_for("typed@example.org");
    pty.send("\u{18}\u{5}");
    let form = pty.wait_for("edited@example.org");
    assert!(form.contains("Do not contact"), "the form is still open:\n{form}");
    assert!(!form.contains("typed@example.org"), "{form}");
    assert!(pty.parser.screen().alternate_screen());
}

#[test]
fn y_writes_osc52_plain_and_through_tmux() {
    for (tmux, expected) in [
        (None, "\u{1b}]52;c;"),
        (Some("/tmp/tmux-1000/default,1,0"), "\u{1b}Ptmux;\u{1b}\u{1b}]52;c;"),
    ] {
        let env: Vec<(&str, &str)> = tmux.map(|t| ("TMUX", t)).into_iter().collect();
        let mut pty = Pty::spawn(&["--demo"], 100, 30, &env);
        open_chain(&mut pty);
        pty.send("y");
        pty.wait_for("Copied the e-mail chain");
        let transcript = String::from_utf8_lossy(&pty.transcript).into_owned();
        assert!(transcript.contains(expected), "tmux {tmux:?}: no {expected:?}");
        assert_eq!(transcript.contains("\u{1b}Ptmux;"), tmux.is_some());
    }
}

#[test]
fn meeting_links_are_osc8_hyperlinks_unless_turned_off() {
    for (config, linked) in [("", true), ("[ui]\nhyperlinks = false\n", false)] {
        let home = Isolated::new();
        home.write_config(config);
        let mut pty = Pty::spawn_in(&home, &["--demo"], 160, 30, &[]);
        pty.wait_for("campaigns in all");
        pty.send("4");
        pty.wait_until("the meetings table", Duration::from_secs(20), |s| {
            s.contains("Their time") && !s.contains("Loading")
        });
        let from = pty.transcript.len();
        pty.send(ENTER);
        let screen = pty.wait_for("https://");
        // The frame that shows the link has ended (links are drawn over it before the end).
        let drawn = pty.transcript.windows(8).rposition(|w| w == b"https://").unwrap_or(from);
        pty.wait_for_bytes(drawn, b"\x1b[?2026l");
        let transcript = String::from_utf8_lossy(&pty.transcript).into_owned();
        assert_eq!(transcript.contains("\u{1b}]8;;https://"), linked, "{config:?}\n{screen}");
        if linked {
            assert!(transcript.contains("\u{1b}]8;;\u{1b}\\"), "every link is closed");
        }
    }
}

#[test]
fn the_palette_remembers_lines_from_the_last_run() {
    let home = Isolated::new();
    let mut pty = Pty::spawn_in(&home, &["--demo"], 100, 30, &[]);
    pty.wait_for("campaigns in all");
    pty.send(":bots\r");
    pty.wait_for("Mailbox");
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);

    let mut pty = Pty::spawn_in(&home, &["--demo"], 100, 30, &[]);
    pty.wait_for("campaigns in all");
    pty.send(":");
    pty.send("\u{1b}[A");
    pty.wait_for(":bots");
}
