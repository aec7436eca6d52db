//! Logging to a file, never to the terminal: a line written there while the TUI owns the
//! screen would tear what it drew. The file is rotated daily (`outreach.YYYY-MM-DD.log`, UTC
//! dates) and the last week is kept.

use chrono::{NaiveDate, Utc};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
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
    // Silently no log when the directory cannot be made.
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let Some(log) = DailyLog::open(dir) else { return };
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
    let format = tracing_subscriber::fmt::layer().with_ansi(false).with_writer(Arc::new(log));
    let _ = tracing_subscriber::registry().with(format).with(filter).try_init();
}

/// Today's log file, opened again when the UTC date changes, the oldest files beyond
/// [`KEPT_DAYS`] deleted then. Written to directly (one `write` per event line, no buffer),
/// as a rolling appender would, without the date-parsing library one brings.
struct DailyLog {
    dir: PathBuf,
    today: Mutex<Option<(NaiveDate, File)>>,
}

impl DailyLog {
    /// Today's file opened (created if needed) and old ones pruned; `None` when it cannot be
    /// opened, and the program then runs without a log.
    fn open(dir: PathBuf) -> Option<DailyLog> {
        let log = DailyLog { dir, today: Mutex::new(None) };
        let date = Utc::now().date_naive();
        let file = log.start(date)?;
        *log.today.lock().ok()? = Some((date, file));
        Some(log)
    }

    fn start(&self, date: NaiveDate) -> Option<File> {
        let name = format!("outreach.{}.log", date.format("%Y-%m-%d"));
        let file = OpenOptions::new().create(true).append(true).open(self.dir.join(name)).ok()?;
        self.prune();
        Some(file)
    }

    /// Deletes all but the newest [`KEPT_DAYS`] files named `outreach.YYYY-MM-DD.log`
    /// (ISO dates sort as text); nothing else in the directory is touched.
    fn prune(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return };
        let mut dated: Vec<String> = entries
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| {
                name.strip_prefix("outreach.")
                    .and_then(|rest| rest.strip_suffix(".log"))
                    .is_some_and(|date| {
                        date.len() == 10
                            && date.bytes().enumerate().all(|(at, byte)| {
                                if at == 4 || at == 7 {
                                    byte == b'-'
                                } else {
                                    byte.is_ascii_digit()
                                }
                            })
                    })
            })
            .collect();
        crate::sorting::sort_by(&mut dated, |a, b| b.cmp(a));
        for old in dated.iter().skip(KEPT_DAYS) {
            let _ = std::fs::remove_file(self.dir.join(old));
        }
    }
}

impl Write for &DailyLog {
    /// A line that cannot be written is dropped: an error here would be printed on the
    /// terminal by the formatter, over the dashboard.
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        let Ok(mut today) = self.today.lock() else { return Ok(line.len()) };
        let date = Utc::now().date_naive();
        if today.as_ref().is_none_or(|(opened, _)| *opened != date) {
            *today = self.start(date).map(|file| (date, file));
        }
        if let Some((_, file)) = today.as_mut() {
            let _ = file.write_all(line);
        }
        Ok(line.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_day_keeps_the_last_week_and_nothing_else_is_touched() {
        let dir = tempfile::tempdir().unwrap();
        let others = ["outreach.sqlite3", "audit.jsonl", "outreach.notes.log", "outreach.log"];
        for name in others {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        for day in 1..=9 {
            std::fs::write(dir.path().join(format!("outreach.2020-01-0{day}.log")), "").unwrap();
        }
        let log = DailyLog::open(dir.path().to_path_buf()).unwrap();
        writeln!(&log, "a line").unwrap();
        let today = log_path().unwrap();
        let today = today.file_name().unwrap().to_str().unwrap();
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        let mut expected: Vec<String> = others.iter().map(|name| name.to_string()).collect();
        expected.extend((4..=9).map(|day| format!("outreach.2020-01-0{day}.log")));
        expected.push(today.to_string());
        expected.sort();
        assert_eq!(left, expected);
        let text = std::fs::read_to_string(dir.path().join(today)).unwrap();
        assert_eq!(text, "a line\n");
    }
}
