//! The real binary in a pseudo-terminal, end to end. Apart from `tui` not because they
//! interfere but because each spawns the binary and waits on its screen: `cargo test --test
//! tui` stays a quick in-process run.

#[path = "../common/mod.rs"]
mod common;

mod group_pty;
mod line_pty;
mod ssh_profiles;
mod ssh_pty;
mod theme_pty;
mod tui_inbox_pty;
mod tui_pty;
mod tui_writes_pty;
