//! The terminal guard: raw mode, alternate screen, clicks and wheel, bracketed paste — and
//! their undoing, always: on drop (quit, error), from the panic hook (before the panic is
//! printed), and so on every signal the loop turns into a quit.

use crate::tui::cell_writer::CellWriter;
use crossterm::event::{DisableBracketedPaste, EnableBracketedPaste};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};
use ratatui::Terminal;
use std::io::{self, Stdout};
use std::mem::ManuallyDrop;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the terminal is in the dashboard's modes and needs restoring.
static ACTIVE: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: Once = Once::new();

/// Mouse reporting of presses and the wheel only (SGR coordinates). Unlike crossterm's
/// `EnableMouseCapture` it does not ask for every pointer motion, which over SSH would
/// send a report per pixel moved.
struct ClickAndWheel(bool);

impl crossterm::Command for ClickAndWheel {
    fn write_ansi(&self, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        if self.0 {
            f.write_str("\x1b[?1000h\x1b[?1006h")
        } else {
            f.write_str("\x1b[?1006l\x1b[?1000l")
        }
    }

    #[cfg(windows)]
    fn execute_winapi(&self) -> io::Result<()> {
        if self.0 {
            crossterm::event::EnableMouseCapture.execute_winapi()
        } else {
            crossterm::event::DisableMouseCapture.execute_winapi()
        }
    }
}

/// Owns the terminal while the dashboard runs; restores it when dropped.
pub struct TerminalGuard {
    /// Dropped by hand: ratatui's own drop shows the cursor and, when that fails (the
    /// terminal is gone), reports it with `eprintln!`, which panics on a dead stderr.
    pub terminal: ManuallyDrop<Terminal<CellWriter<Stdout>>>,
}

impl TerminalGuard {
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let mut stdout = io::stdout();
        if let Err(error) =
            execute!(stdout, EnterAlternateScreen, ClickAndWheel(true), EnableBracketedPaste)
        {
            restore();
            return Err(error);
        }
        match Terminal::new(CellWriter::new(stdout)) {
            Ok(terminal) => Ok(TerminalGuard { terminal: ManuallyDrop::new(terminal) }),
            Err(error) => {
                restore();
                Err(error)
            }
        }
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        if self.terminal.show_cursor().is_ok() {
            // SAFETY: dropped once, here, and never used again.
            unsafe { ManuallyDrop::drop(&mut self.terminal) };
        }
        // Else the terminal is gone: its drop would only fail again, loudly. The process
        // ends next; what it holds goes with it.
        restore();
    }
}

/// Puts the terminal back as it was; does nothing the second time.
pub fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let mut stdout = io::stdout();
        let _ = execute!(
            stdout,
            DisableBracketedPaste,
            ClickAndWheel(false),
            LeaveAlternateScreen,
            cursor::Show
        );
        let _ = disable_raw_mode();
    }
}

/// Hands the terminal to another program (the pager, the editor): as [`restore`] leaves it.
pub fn suspend() {
    restore();
}

/// Takes the terminal back after [`suspend`]: the dashboard's modes again.
pub fn resume() -> io::Result<()> {
    enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    execute!(io::stdout(), EnterAlternateScreen, ClickAndWheel(true), EnableBracketedPaste)
}

/// Restores the terminal before the default hook prints the panic, so the message lands on
/// the normal screen and the shell is usable afterwards; the log keeps the message too
/// (the screen may be cleared by the next program).
fn install_panic_hook() {
    PANIC_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            tracing::error!(%info, "the dashboard panicked");
            previous(info);
        }));
    });
}

/// The signals that end the dashboard: SIGTERM, SIGHUP (the SSH session went away) and
/// SIGINT (Ctrl-C from outside raw mode, `kill -INT`).
pub struct Signals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    hangup: tokio::signal::unix::Signal,
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
}

impl Signals {
    pub fn new() -> io::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(Signals {
                term: signal(SignalKind::terminate())?,
                hangup: signal(SignalKind::hangup())?,
                interrupt: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    /// Resolves when one of the signals arrives, with its name and what it means.
    pub async fn recv(&mut self) -> &'static str {
        #[cfg(unix)]
        tokio::select! {
            _ = self.term.recv() => "SIGTERM (asked to end)",
            _ = self.hangup.recv() => "SIGHUP (the terminal was closed)",
            _ = self.interrupt.recv() => "SIGINT (interrupted)",
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            "Ctrl-C"
        }
    }
}

/// Whether a terminal read or write failed because the terminal is gone (the SSH session
/// dropped, tmux was killed): nothing can be shown any more, so the dashboard leaves
/// quietly instead of reporting to a screen no one has.
pub fn is_gone(error: &io::Error) -> bool {
    #[cfg(unix)]
    const GONE: [i32; 3] = [libc_codes::EIO, libc_codes::ENXIO, libc_codes::EBADF];
    #[cfg(unix)]
    if error.raw_os_error().is_some_and(|code| GONE.contains(&code)) {
        return true;
    }
    matches!(error.kind(), io::ErrorKind::BrokenPipe | io::ErrorKind::UnexpectedEof)
}

/// The POSIX error numbers of a vanished terminal (the same on every Unix this runs on).
#[cfg(unix)]
mod libc_codes {
    pub const EIO: i32 = 5;
    pub const ENXIO: i32 = 6;
    pub const EBADF: i32 = 9;
}
