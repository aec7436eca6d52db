//! The line mode in a real terminal: it leaves the screen as a terminal's own lines — no
//! alternate screen, no cursor moves, no colours — and reads a line typed as a command.

use crate::common;

use common::home::Isolated;
use common::pty::Pty;
use std::time::Duration;

#[test]
fn the_line_mode_writes_lines_and_never_takes_the_screen() {
    let home = Isolated::new();
    let mut pty = Pty::spawn_in(&home, &["--accessible", "--demo"], 80, 24, &[]);
    pty.wait_for("Connected: profile demo");
    pty.send("inbox\n");
    pty.wait_for("more: type more.");
    pty.send("quit\n");
    assert_eq!(pty.exit_code(Duration::from_secs(30)), 0);
    let escapes = pty.transcript.windows(2).filter(|pair| pair == b"\x1b[").count();
    assert_eq!(escapes, 0, "no control sequence: {}", String::from_utf8_lossy(&pty.transcript));
}

#[test]
fn a_reply_that_arrives_is_said_in_one_line() {
    let sim = common::sim::BlockingSim::start();
    let home = Isolated::new();
    // A refresh every second, so the arrival is seen soon after it comes.
    home.write_config("[ui]\nrefresh_seconds = 1\n");
    let key = sim.admin_key();
    let env = [("OUTREACH_BASE_URL", sim.base_url()), ("OUTREACH_API_KEY", key.as_str())];
    let mut pty = Pty::spawn_in(&home, &["--accessible"], 100, 30, &env);
    pty.wait_for("Connected: profile");
    pty.send("inbox\n");
    pty.wait_for("more: type more.");
    let arrival = sim.block_on(common::sim::admin(&sim.handle, "POST", "/_sim/replies", None));
    assert!(arrival["exchange_id"].is_i64(), "{arrival}");
    let screen = pty.wait_for("1 new reply: ");
    let said = screen.lines().find(|line| line.starts_with("1 new reply: ")).unwrap_or_default();
    assert!(said.ends_with(')'), "who and the category, in one line: {said}");
    pty.send("quit\n");
    assert_eq!(pty.exit_code(Duration::from_secs(30)), 0);
}
