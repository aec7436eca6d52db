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
    pty.wait_for("Exchanges: ");
    pty.send("quit\n");
    assert_eq!(pty.exit_code(Duration::from_secs(30)), 0);
    let escapes = pty.transcript.windows(2).filter(|pair| pair == b"\x1b[").count();
    assert_eq!(escapes, 0, "no control sequence: {}", String::from_utf8_lossy(&pty.transcript));
}
