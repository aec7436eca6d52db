//! Progress on stderr for long writes (DNC lists, imports): a bar on a terminal, nothing
//! when stderr is not one, so logs and pipes stay clean; with `--accessible`, a line with
//! the percentage now and then instead, which a screen reader reads once and a braille
//! display keeps (a bar redrawn in place is noise to both).
//!
//! Drawn here rather than by a progress-bar library: one bar of counts, rate and time left
//! is all the commands show, and the library was 40 KB of the release binary, which is
//! held to a size budget.

use crate::cli::output::streams::note;
use crate::cli::output::terminal::Term;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often at most `--accessible` says how far along the work is.
const SAID_EVERY: Duration = Duration::from_secs(3);

/// How often at most the bar is drawn again: often enough to look alive, rarely enough that
/// a thousand small writes a second do not become a thousand redraws.
const DRAWN_EVERY: Duration = Duration::from_millis(100);

/// The bar's own width in cells.
const BAR_CELLS: u64 = 30;

/// Work counted up to a total, shown as it moves (or not at all: [`Progress::hidden`]).
/// Shared by the tasks doing the work.
pub struct Progress(Option<Mutex<Shown>>);

/// How the work is shown, and what was last shown of it.
struct Shown {
    total: u64,
    done: u64,
    unit: String,
    message: String,
    how: How,
    started: Instant,
    /// When it was last drawn or said, and the count then.
    last: Option<(Instant, u64)>,
}

enum How {
    /// A bar redrawn in place on a terminal `width` cells wide, in colour or not.
    Bar { color: bool, width: usize },
    /// A line now and then (`--accessible`).
    Said,
}

/// A bar counting `unit`s up to `total`, with rate and time left; hidden off a terminal.
pub fn bar(term: &Term, total: u64, unit: &str) -> Progress {
    let how = if term.accessible {
        // Said at the start whether or not stderr is a terminal: the user asked for it,
        // and one line now and then keeps a log clean.
        note(&line(0, total, unit));
        How::Said
    } else if term.stderr_tty {
        How::Bar { color: term.stderr_color, width: term.width.unwrap_or(80) }
    } else {
        return Progress::hidden();
    };
    let now = Instant::now();
    let last = matches!(how, How::Said).then_some((now, 0));
    let unit = unit.to_string();
    let shown = Shown { total, done: 0, unit, message: String::new(), how, started: now, last };
    Progress(Some(Mutex::new(shown)))
}

impl Progress {
    /// Progress shown nowhere.
    pub fn hidden() -> Progress {
        Progress(None)
    }

    /// `n` more done.
    pub fn inc(&self, n: u64) {
        self.with(|shown| shown.moved_to(shown.done + n));
    }

    /// `done` done in all.
    pub fn set_position(&self, done: u64) {
        self.with(|shown| shown.moved_to(done));
    }

    /// A note after the counts (an interruption), drawn at once.
    pub fn set_message(&self, message: &str) {
        self.with(|shown| {
            shown.message = message.to_string();
            shown.draw(Instant::now());
        });
    }

    /// Leaves the bar as last drawn, on a line of its own (the work stops here).
    pub fn abandon(&self) {
        self.with(|shown| {
            if shown.on_screen() {
                let _ = writeln!(std::io::stderr().lock());
            }
        });
    }

    /// Takes the bar off the screen (the work is done; what follows says how it went).
    pub fn finish_and_clear(&self) {
        self.with(|shown| {
            if shown.on_screen() {
                let _ = write!(std::io::stderr().lock(), "\r\x1b[2K");
            }
        });
    }

    fn with(&self, work: impl FnOnce(&mut Shown)) {
        if let Some(shown) = &self.0
            && let Ok(mut shown) = shown.lock()
        {
            work(&mut shown);
        }
    }
}

impl Shown {
    fn moved_to(&mut self, done: u64) {
        self.done = done.min(self.total);
        let now = Instant::now();
        match self.how {
            How::Bar { .. } => {
                let due = self.last.is_none_or(|(at, _)| now.duration_since(at) >= DRAWN_EVERY);
                if due || self.done == self.total {
                    self.draw(now);
                }
            }
            How::Said => {
                if let Some(line) = self.due(now) {
                    note(&line);
                }
            }
        }
    }

    /// The line to say at `now`, if one is due: the work moved since the last, and
    /// [`SAID_EVERY`] has passed.
    fn due(&mut self, now: Instant) -> Option<String> {
        let (at, said) = self.last.unwrap_or((self.started, 0));
        if self.done == said || now.duration_since(at) < SAID_EVERY {
            return None;
        }
        self.last = Some((now, self.done));
        Some(line(self.done, self.total, &self.unit))
    }

    fn on_screen(&self) -> bool {
        matches!(self.how, How::Bar { .. }) && self.last.is_some()
    }

    fn draw(&mut self, now: Instant) {
        let How::Bar { color, width } = self.how else { return };
        let elapsed = now.duration_since(self.started);
        let text =
            bar_line(self.done, self.total, &self.unit, elapsed, &self.message, width, color);
        let _ = write!(std::io::stderr().lock(), "\r{text}\x1b[K");
        self.last = Some((now, self.done));
    }
}

/// "progress: 40% (400 of 1000 contacts)".
fn line(done: u64, total: u64, unit: &str) -> String {
    let percent = (done.min(total) * 100).checked_div(total).unwrap_or(100);
    format!("progress: {percent}% ({done} of {total} {unit})")
}

/// The bar and after it "400/1000 contacts  80/s  ETA 7s  note", cut to `width` cells less
/// one (a line as wide as the terminal wraps, and the next draw would then start a line
/// below); the filled part in cyan when `color`.
fn bar_line(
    done: u64,
    total: u64,
    unit: &str,
    elapsed: Duration,
    message: &str,
    width: usize,
    color: bool,
) -> String {
    // Eighths of a cell, for a bar that moves smoothly.
    const PARTS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let eighths = (done * BAR_CELLS * 8).checked_div(total).unwrap_or(BAR_CELLS * 8);
    let full = (eighths / 8) as usize;
    let mut filled = "█".repeat(full);
    if full < BAR_CELLS as usize {
        filled.push(PARTS[(eighths % 8) as usize]);
    }
    let empty = " ".repeat((BAR_CELLS as usize).saturating_sub(full + 1));
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 { done as f64 / seconds } else { 0.0 };
    let left = if rate > 0.0 { Some((total - done.min(total)) as f64 / rate) } else { None };
    let eta = left.map_or_else(|| "?".to_string(), |left| time_words(left as u64));
    let mut counts = format!(" {done}/{total} {unit}  {rate:.0}/s  ETA {eta}");
    if !message.is_empty() {
        counts.push_str("  ");
        counts.push_str(message);
    }
    let room = width.saturating_sub(BAR_CELLS as usize + 1);
    let counts = crate::present::width::cut(&counts, room);
    if color {
        format!("\x1b[36m{filled}\x1b[0m{empty}{counts}")
    } else {
        format!("{filled}{empty}{counts}")
    }
}

/// "7s", "3m", "2h": the time left, in its largest unit.
fn time_words(seconds: u64) -> String {
    match seconds {
        0..60 => format!("{seconds}s"),
        60..3600 => format!("{}m", seconds / 60),
        _ => format!("{}h", seconds / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_the_percentage_and_the_count() {
        assert_eq!(line(0, 1000, "contacts"), "progress: 0% (0 of 1000 contacts)");
        assert_eq!(line(400, 1000, "contacts"), "progress: 40% (400 of 1000 contacts)");
        assert_eq!(line(0, 0, "emails"), "progress: 100% (0 of 0 emails)");
    }

    #[test]
    fn a_line_is_said_only_when_the_work_moved_and_the_wait_has_passed() {
        let start = Instant::now();
        let mut said = Shown {
            total: 10,
            done: 0,
            unit: "contacts".into(),
            message: String::new(),
            how: How::Said,
            started: start,
            last: Some((start, 0)),
        };
        said.done = 4;
        assert_eq!(said.due(start + Duration::from_secs(1)), None, "too soon");
        let later = start + SAID_EVERY;
        assert_eq!(said.due(later).as_deref(), Some("progress: 40% (4 of 10 contacts)"));
        assert_eq!(said.due(later + SAID_EVERY), None, "it did not move");
        said.done = 5;
        assert_eq!(said.due(later + SAID_EVERY / 2), None, "too soon again");
        said.done = 10;
        assert!(said.due(later + SAID_EVERY).is_some());
    }

    #[test]
    fn the_bar_fills_by_eighths_and_says_the_counts_the_rate_and_the_time_left() {
        let second = Duration::from_secs(1);
        let plain = bar_line(410, 1000, "contacts", second * 5, "", 100, false);
        assert_eq!(
            plain,
            format!("{}▎{} 410/1000 contacts  82/s  ETA 7s", "█".repeat(12), " ".repeat(17))
        );
        let done = bar_line(1000, 1000, "contacts", second * 5, "", 100, false);
        assert!(done.starts_with(&"█".repeat(30)) && done.contains("ETA 0s"), "{done}");
        let none = bar_line(0, 0, "emails", Duration::ZERO, "", 100, false);
        assert!(none.starts_with(&"█".repeat(30)) && none.contains("ETA ?"), "{none}");
        let colored = bar_line(400, 1000, "contacts", second * 5, "", 100, true);
        assert!(colored.starts_with("\x1b[36m█") && colored.contains("\x1b[0m"), "{colored}");
    }

    #[test]
    fn the_bar_keeps_within_the_terminal_and_its_note_comes_last() {
        let long = "interrupted: finishing the requests in flight (Ctrl-C again to stop now)";
        let wide = bar_line(3, 10, "contacts", Duration::from_secs(1), long, 200, false);
        assert!(wide.ends_with(long), "{wide}");
        let narrow = bar_line(3, 10, "contacts", Duration::from_secs(1), long, 60, false);
        assert!(unicode_width::UnicodeWidthStr::width(narrow.as_str()) <= 59, "{narrow}");
        assert_eq!(time_words(59), "59s");
        assert_eq!(time_words(150), "2m");
        assert_eq!(time_words(7300), "2h");
    }
}
