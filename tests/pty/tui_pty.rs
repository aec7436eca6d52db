//! The real binary in a pseudo-terminal against `--demo`: open, switch to Exchanges, open an
//! e-mail chain, filter, quit — reading the screen as a user would, and checking the
//! terminal is given back (alternate screen left, cursor shown) on `q` and on SIGTERM; the
//! demo under `--faults`.

use crate::common;

use common::home::Isolated;
use common::pty::Pty;
use std::time::Duration;

const ESC: &str = "\u{1b}";
const ENTER: &str = "\r";

/// The demo with its Overview loaded.
fn demo(cols: u16, rows: u16) -> Pty {
    let mut pty = Pty::spawn(&["--demo"], cols, rows, &[]);
    pty.wait_for("campaigns in all");
    pty
}

/// The words of the first data row of a table (the line under its header).
fn first_row(screen: &str, header: &str) -> String {
    let mut lines = screen.lines().skip_while(|line| !line.contains(header));
    lines
        .nth(1)
        .unwrap_or_default()
        .trim_matches(|c: char| c == '│' || c.is_whitespace())
        .to_string()
}

#[test]
fn browse_exchanges_read_a_chain_filter_and_quit() {
    let mut pty = demo(80, 24);
    assert!(pty.parser.screen().alternate_screen(), "the dashboard uses the alternate screen");

    pty.send("3");
    let table = pty.wait_until("the exchanges table", Duration::from_secs(20), |s| {
        s.contains("Contact") && s.contains("Category") && !s.contains("Loading exchanges")
    });
    assert!(table.contains("Exchanges") && table.contains("replied"), "{table}");

    pty.send(ENTER);
    let chain = pty.wait_for("From:");
    assert!(chain.contains("Subject:") && chain.contains("message "), "{chain}");
    // It opens at the contact's reply; g goes to the first message, n to the next.
    pty.send("g");
    pty.wait_for("message 1/");
    pty.send("n");
    pty.wait_until("the second message", Duration::from_secs(10), |s| {
        s.contains("message 2/") || s.contains("message 1/1")
    });

    pty.send(ESC);
    let table = pty.wait_for("Category");
    let row = first_row(&table, "Contact");
    let word: String = row.chars().take_while(|c| !c.is_whitespace()).collect();
    assert!(!word.is_empty(), "no first row in:\n{table}");

    pty.send("/");
    pty.send(&word);
    let filtered = pty.wait_for(&format!("/{word}"));
    let title = filtered.lines().find(|line| line.contains("┌ Exchanges")).unwrap_or_default();
    assert!(title.contains(" of "), "the count of matches shows in the title:\n{filtered}");
    assert!(filtered.contains(&word));
    pty.send("zzqqxx");
    pty.wait_for("match");
    pty.send(ESC);
    pty.wait_until("the whole list again", Duration::from_secs(10), |s| {
        // The title's count, not a snippet's words ("head of sales").
        s.lines().any(|line| line.contains("┌ Exchanges") && !line.contains(" of "))
    });

    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
    let screen = pty.parser.screen();
    assert!(!screen.alternate_screen(), "the terminal left the alternate screen");
    assert!(!screen.hide_cursor(), "the cursor is visible again");
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut pty = demo(100, 30);
    let pid = pty.process_id().expect("a process id").to_string();
    let status = std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(status.success());
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
    assert!(!pty.parser.screen().alternate_screen());
}

#[test]
fn a_large_terminal_and_no_colour_work_too() {
    let mut pty = Pty::spawn(&["--demo"], 200, 50, &[("NO_COLOR", "1")]);
    pty.wait_for("campaigns in all");
    pty.send("6");
    let contacts = pty.wait_for("Time zone");
    assert!(contacts.contains("E-mail") && contacts.contains("Tags"), "{contacts}");
    let selected = pty.parser.screen().cell(3, 2).map(|cell| cell.inverse());
    assert_eq!(selected, Some(true), "the selection is reverse video without colour");
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

#[test]
fn at_200x50_the_inbox_and_the_chain_under_its_cursor_show_side_by_side() {
    let mut pty = demo(200, 50);
    pty.send("3");
    // The chain of the row under the cursor comes once the cursor rests, on the right.
    let both = pty.wait_until("the list and the chain", Duration::from_secs(20), |s| {
        s.contains("Category") && s.contains("From:")
    });
    let column = |screen: &str, needle: &str| {
        let row = screen.lines().find(|row| row.contains(needle)).unwrap_or_default();
        row.find(needle).map(|at| row[..at].chars().count())
    };
    assert!(column(&both, "Category").is_some_and(|at| at < 100), "{both}");
    assert!(column(&both, "From:").is_some_and(|at| at > 100), "{both}");
    assert!(both.contains("p hides preview"), "{both}");
    // `p` gives the list the whole width; again brings the chain back.
    pty.send("p");
    pty.wait_until("the list alone", Duration::from_secs(10), |s| !s.contains("From:"));
    pty.send("p");
    pty.wait_for("From:");
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_key_the_login_form_shows_and_a_refused_key_is_explained() {
    let sim = outreach_tui::sim::spawn(Default::default()).await.unwrap();
    let base_url = sim.base_url.clone();
    // The pty is read with blocking waits: off the runtime's workers, which serve the simulator.
    let outcome = tokio::task::spawn_blocking(move || {
        let env =
            [("OUTREACH_BASE_URL", base_url.as_str()), ("OUTREACH_PROFILE", "pty-login-test")];
        let mut pty = Pty::spawn(&[], 80, 24, &env);
        let form = pty.wait_for("Log in — profile 'pty-login-test'");
        assert!(form.contains("127.0.0.1"), "the base URL is filled in:\n{form}");
        pty.send("not-the-key");
        let masked = pty.wait_for("•••••••••••");
        assert!(!masked.contains("not-the-key"), "the key is never shown:\n{masked}");
        pty.send(ENTER);
        pty.wait_for("refused this key");
        pty.send(ESC);
        pty.wait_for("outreach auth login");
        pty.send("q");
        let code = pty.exit_code(Duration::from_secs(10));
        (code, pty.parser.screen().alternate_screen())
    })
    .await
    .unwrap();
    assert_eq!(outcome, (0, false));
    sim.shutdown().await;
}

/// The usual SSH case: no key and no Secret Service. The keys to go on come first and the
/// error is short enough to read; the stores' own words go to the log.
#[test]
fn headless_without_a_key_the_login_screen_keeps_its_keys_in_view() {
    for (cols, rows) in [(80, 24), (50, 16)] {
        let home = common::home::Isolated::new();
        let env = [
            ("OUTREACH_BASE_URL", "http://127.0.0.1:9"),
            ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/outreach-test-bus"),
        ];
        let mut pty = Pty::spawn_in(&home, &["--profile", "headless"], cols, rows, &env);
        pty.wait_for("Log in — profile 'headless'");
        pty.send(ESC);
        let screen = pty.wait_until("the login screen", Duration::from_secs(10), |s| {
            s.contains("q quits") && s.contains("details.")
        });
        assert!(screen.contains("L enters a key here · r tries again · q quits"), "{screen}");
        let said = words(&screen);
        assert!(said.contains("the Secret Service is not available"), "what went wrong:\n{screen}");
        assert!(screen.contains("OUTREACH_API_KEY"), "what to do:\n{screen}");
        assert!(!screen.contains("zbus"), "the store's own words go to the log:\n{screen}");
        pty.send("q");
        assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
        assert!(home.log_text().contains("nonexistent/outreach-test-bus"), "{}", home.log_text());
    }
}

#[test]
fn the_demo_runs_under_the_faults_given() {
    let mut pty = Pty::spawn(&["--demo", "--faults", "500@GET:/api/v1/bots"], 100, 30, &[]);
    let screen = pty.wait_until("the Overview with a failure", Duration::from_secs(20), |s| {
        s.contains(" from now to ") && s.contains('✗')
    });
    assert!(screen.contains("✗ server failed (500)"), "the bots tile says why:\n{screen}");
}

#[test]
fn a_panic_gives_the_terminal_back_in_cooked_mode_with_the_message_in_the_log() {
    let home = Isolated::new();
    // The shell's next commands see the terminal as the dashboard left it.
    let script = r#""$OUTREACH" --demo; echo "ended with $?"; stty -a; echo end-of-check"#;
    let mut pty =
        Pty::spawn_script(&home, script, &[("OUTREACH_TEST_PANIC", "1"), ("RUST_BACKTRACE", "0")]);
    pty.wait_for("campaigns in all");
    assert!(pty.parser.screen().alternate_screen());
    pty.send("\u{1b}[24~"); // F12, the drill's key
    let screen = pty.wait_for("end-of-check");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);

    assert!(screen.contains("ended with 101"), "the dashboard panicked:\n{screen}");
    assert!(screen.contains("panic drill"), "the message is on the normal screen:\n{screen}");
    let modes: Vec<&str> = screen.split_whitespace().collect();
    for mode in ["icanon", "echo", "isig"] {
        assert!(modes.contains(&mode), "{mode} is on again (cooked mode):\n{screen}");
        assert!(!modes.contains(&format!("-{mode}").as_str()), "still raw:\n{screen}");
    }
    let terminal = pty.parser.screen();
    assert!(!terminal.alternate_screen(), "the alternate screen was left");
    assert!(!terminal.hide_cursor(), "the cursor is shown");
    assert!(home.log_text().contains("panic drill: F12 pressed"), "log:\n{}", home.log_text());
}

/// Closing the terminal (an SSH drop, `tmux kill-server`) ends the dashboard quietly, either
/// way the news arrives: the SIGHUP alone, or the terminal itself gone (EIO on every read and
/// write, with its SIGHUP). No panic, one line in the log.
#[test]
fn a_closed_terminal_ends_the_dashboard_quietly_with_one_log_line() {
    for close_master in [false, true] {
        let home = Isolated::new();
        let mut pty = Pty::spawn_in(&home, &["--demo"], 80, 24, &[("RUST_BACKTRACE", "0")]);
        pty.wait_for("campaigns in all");
        if close_master {
            pty.close_master();
        } else {
            let pid = pty.process_id().expect("a process id").to_string();
            let status = std::process::Command::new("kill").args(["-HUP", &pid]).status().unwrap();
            assert!(status.success());
        }
        // A bound, not a wait: under a loaded CI machine a demo process shares two cores with
        // twenty others.
        let code = pty.exit_code(Duration::from_secs(30));
        let log = home.log_text();
        assert_ne!(
            code, 101,
            "the dashboard panicked (closing the master: {close_master}):\n{log}"
        );
        assert!(!log.contains("panicked"), "{log}");
        assert!(!log.contains("failed printing"), "{log}");
        let ends = log.lines().filter(|line| line.contains("the dashboard ends")).count();
        assert_eq!(
            ends, 1,
            "one line says why it ended (closing the master: {close_master}):\n{log}"
        );
        assert!(log.contains("SIGHUP") || log.contains("terminal is gone"), "{log}");
        if !close_master {
            assert_eq!(code, 0);
        }
    }
}

/// A terminal that vanishes with no SIGHUP for the dashboard (it runs in a session of its
/// own, so the hang-up signals only the shell's) still ends it within moments, from what
/// its reads of the hung-up terminal say, rather than running on, hooks and all, until a
/// write fails.
#[test]
fn a_terminal_gone_without_sighup_ends_the_dashboard_promptly() {
    let home = Isolated::new();
    // The shell and setsid ignore the hang-up, so only the dashboard can end the script.
    let script = "trap '' HUP; exec setsid --wait \"$OUTREACH\" --demo";
    let mut pty = Pty::spawn_script(&home, script, &[("RUST_BACKTRACE", "0")]);
    pty.wait_for("campaigns in all");
    pty.close_master();
    // A bound, not a wait: a loaded machine shares two cores among many; the dashboard
    // used to run on for about a minute.
    let code = pty.exit_code(Duration::from_secs(15));
    let log = home.log_text();
    assert_ne!(code, 101, "the dashboard panicked:\n{log}");
    assert!(log.contains("terminal is gone"), "{log}");
    assert!(!log.contains("SIGHUP"), "no SIGHUP reached it: {log}");
}

/// The words of a screen as one line, box borders left out: text wrapped in a box reads on.
fn words(screen: &str) -> String {
    let text = screen.replace(['│', '┌', '┐', '└', '┘', '─'], " ");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
