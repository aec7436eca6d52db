//! Progress on stderr for long writes (DNC lists, imports): a bar on a terminal, nothing
//! when stderr is not one, so logs and pipes stay clean; with `--accessible`, a line with
//! the percentage now and then instead, which a screen reader reads once and a braille
//! display keeps (a bar redrawn in place is noise to both).

use crate::cli::output::streams::note;
use crate::cli::output::terminal::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::time::Duration;

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

/// A bar that draws nothing but counts; a line says its percentage at the start and then
/// every [`SAID_EVERY`] while it moved, until it is finished. Said on stderr whether or not
/// it is a terminal: the user asked for it, and one line now and then keeps a log clean.
fn said_now_and_then(total: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::hidden();
    bar.set_length(total);
    let watched = bar.clone();
    let unit = unit.to_string();
    note(&line(0, total, &unit));
    let spawned = std::thread::Builder::new().name("progress".into()).spawn(move || {
        let mut said = 0;
        loop {
            std::thread::sleep(SAID_EVERY);
            let done = watched.position();
            if watched.is_finished() {
                break;
            }
            if said != done {
                note(&line(done, total, &unit));
                said = done;
            }
        }
    });
    if let Err(error) = spawned {
        tracing::warn!(%error, "no thread to say the progress");
    }
    bar
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
}
