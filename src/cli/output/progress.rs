//! Progress on stderr for long writes (DNC lists, imports): a bar on a terminal, nothing
//! when stderr is not one, so logs and pipes stay clean; with `--accessible`, a line with
//! the percentage now and then instead, which a screen reader reads once and a braille
//! display keeps (a bar redrawn in place is noise to both).

use crate::cli::output::streams::note;
use crate::cli::output::terminal::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often at most `--accessible` says how far along the work is.
const SAID_EVERY: Duration = Duration::from_secs(3);

/// A bar counting `unit`s up to `total`, with rate and ETA; hidden off a terminal.
pub fn bar(term: &Term, total: u64, unit: &str) -> ProgressBar {
    if term.accessible {
        return said_now_and_then(total, unit);
    }
    if !term.stderr_tty {
        return ProgressBar::hidden();
    }
    let bar_part = if term.stderr_color { "{bar:30.cyan/blue}" } else { "{bar:30}" };
    let template = format!("{bar_part} {{pos}}/{{len}} {unit}  {{rate}}  ETA {{eta}}  {{msg}}");
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    match ProgressStyle::with_template(&template) {
        Ok(style) => bar.with_style(
            style
                .with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = write!(out, "{:.0}/s", state.per_sec());
                })
                .progress_chars("█▉▊▋▌▍▎▏ "),
        ),
        Err(_) => bar,
    }
}

/// A bar drawn as a line with its percentage at the start and then, as it moves, at most
/// every [`SAID_EVERY`]. Said on stderr whether or not it is a terminal: the user asked for
/// it, and one line now and then keeps a log clean. The bar's own drawing gives the moments
/// (each time the work moves on), so nothing waits or runs beside the work.
fn said_now_and_then(total: u64, unit: &str) -> ProgressBar {
    note(&line(0, total, unit));
    let said = Said { total, unit: unit.to_string(), last: Mutex::new((Instant::now(), 0)) };
    let bar =
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::term_like(Box::new(said)));
    if let Ok(style) = ProgressStyle::with_template("{pos}") {
        bar.set_style(style);
    }
    bar
}

/// What [`said_now_and_then`]'s bar draws into: its position, as `{pos}`.
#[derive(Debug)]
struct Said {
    total: u64,
    unit: String,
    /// When a line was last said, and the position it said.
    last: Mutex<(Instant, u64)>,
}

impl Said {
    /// The line to say for `done` at `now`, if one is due: the work moved since the last,
    /// and [`SAID_EVERY`] has passed.
    fn due(&self, done: u64, now: Instant) -> Option<String> {
        let mut last = self.last.lock().ok()?;
        let (at, said) = *last;
        if done == said || now.duration_since(at) < SAID_EVERY {
            return None;
        }
        *last = (now, done);
        Some(line(done, self.total, &self.unit))
    }

    fn drawn(&self, text: &str) -> std::io::Result<()> {
        if let Ok(done) = text.trim().parse::<u64>()
            && let Some(line) = self.due(done, Instant::now())
        {
            note(&line);
        }
        Ok(())
    }
}

impl TermLike for Said {
    fn width(&self) -> u16 {
        80
    }
    fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn write_line(&self, text: &str) -> std::io::Result<()> {
        self.drawn(text)
    }
    fn write_str(&self, text: &str) -> std::io::Result<()> {
        self.drawn(text)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        Ok(())
    }
    fn flush(&self) -> std::io::Result<()> {
        Ok(())
    }
}

/// "progress: 40% (400 of 1000 contacts)".
fn line(done: u64, total: u64, unit: &str) -> String {
    let percent = (done.min(total) * 100).checked_div(total).unwrap_or(100);
    format!("progress: {percent}% ({done} of {total} {unit})")
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
        let said = Said { total: 10, unit: "contacts".into(), last: Mutex::new((start, 0)) };
        assert_eq!(said.due(4, start + Duration::from_secs(1)), None, "too soon");
        let later = start + SAID_EVERY;
        assert_eq!(said.due(4, later).as_deref(), Some("progress: 40% (4 of 10 contacts)"));
        assert_eq!(said.due(4, later + SAID_EVERY), None, "it did not move");
        assert_eq!(said.due(5, later + SAID_EVERY / 2), None, "too soon again");
        assert!(said.due(10, later + SAID_EVERY).is_some());
    }
}
