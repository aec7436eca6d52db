//! A panic on request, to test that a crash gives the terminal back: in a debug build run
//! with `OUTREACH_TEST_PANIC=1`, F12 panics inside the event loop. Release builds and runs
//! without the variable never arm it.

use crossterm::event::{Event, KeyCode, KeyEventKind};

/// The variable that arms the drill (debug builds only).
pub(crate) const VARIABLE: &str = "OUTREACH_TEST_PANIC";

/// Whether this run panics on F12.
pub(crate) fn armed() -> bool {
    cfg!(debug_assertions) && std::env::var_os(VARIABLE).is_some_and(|value| value == "1")
}

/// Panics on F12 when `armed`; any other event passes.
pub(crate) fn check(armed: bool, event: &Event) {
    if let Event::Key(key) = event
        && armed
        && key.code == KeyCode::F(12)
        && key.kind == KeyEventKind::Press
    {
        panic!("panic drill: F12 pressed with {VARIABLE}=1");
    }
}
