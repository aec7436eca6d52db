//! Logging to a file, never to the terminal while the TUI owns it (DESIGN §1).

use std::path::PathBuf;
use tracing_subscriber::EnvFilter;

/// `$XDG_STATE_HOME/outreach/outreach.log` (or the platform's equivalent).
pub fn log_path() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .or_else(dirs::state_dir)
        .or_else(dirs::data_local_dir)?;
    Some(state.join("outreach").join("outreach.log"))
}

/// Starts logging to the log file, filtered by `OUTREACH_LOG` (default `warn`).
/// Without a writable state directory the program runs without a log rather than failing.
pub fn init() {
    let Some(path) = log_path() else { return };
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let Ok(file) = std::fs::OpenOptions::new().create(true).append(true).open(&path) else {
        return;
    };
    let filter = EnvFilter::try_from_env("OUTREACH_LOG").unwrap_or_else(|_| EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_writer(std::sync::Mutex::new(file))
        .try_init();
}
