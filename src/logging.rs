//! Logging to a file, never to the terminal: a line written there while the TUI owns the
//! screen would tear what it drew. The file is rotated daily (`outreach.YYYY-MM-DD.log`, UTC
//! dates) and the last week is kept.

use std::path::PathBuf;
use tracing_appender::rolling::{Builder, Rotation};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Days of log kept; older files are deleted when a new day's file starts.
const KEPT_DAYS: usize = 7;

/// The filter of `--debug`: our own debug lines, and only warnings from the libraries.
const DEBUG_FILTER: &str = "warn,outreach_tui=debug,outreach=debug";

/// `$XDG_STATE_HOME/outreach` (or the platform's equivalent), where the log files live.
/// The same directory as the local state file.
pub fn log_dir() -> Option<PathBuf> {
    crate::local::dir()
}

/// Today's log file, the one this run writes to.
pub fn log_path() -> Option<PathBuf> {
    let today = chrono::Utc::now().format("%Y-%m-%d");
    Some(log_dir()?.join(format!("outreach.{today}.log")))
}

/// One line for `--help` and the dashboard's `?` help: where the log is, and how to get
/// more in it.
pub fn help_line() -> String {
    match log_path() {
        Some(path) => format!(
            "Log file: {} (one per day, a week kept; --debug for detail, or OUTREACH_LOG=debug).",
            path.display()
        ),
        None => "Log file: none (no state directory could be found).".into(),
    }
}

/// Starts logging to today's log file: at debug level with `debug` (`--debug`), else as
/// `OUTREACH_LOG` says (default `warn`). Without a writable state directory the program
/// runs without a log rather than failing.
pub fn init(debug: bool) {
    let Some(dir) = log_dir() else { return };
    // The appender lists the directory to prune old files before it creates it, and prints
    // "Error reading the log directory" on a first run; create it first (silently no log if
    // that fails).
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let Ok(appender) = Builder::new()
        .rotation(Rotation::DAILY)
        .filename_prefix("outreach")
        .filename_suffix("log")
        .max_log_files(KEPT_DAYS)
        .build(&dir)
    else {
        return;
    };
    let wanted = if debug {
        Some(DEBUG_FILTER.to_string())
    } else {
        std::env::var("OUTREACH_LOG").ok().filter(|text| !text.trim().is_empty())
    };
    // `Targets` (a level, or `target=level` pairs) rather than `EnvFilter`: the latter's
    // regex engine was 0.3 MB of the binary, for span and field filters no one uses here.
    let filter = wanted
        .and_then(|text| text.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(tracing::Level::WARN));
    let format = tracing_subscriber::fmt::layer().with_ansi(false).with_writer(appender);
    let _ = tracing_subscriber::registry().with(format).with(filter).try_init();
}
