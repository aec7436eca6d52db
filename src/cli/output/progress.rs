//! Progress bars on stderr for long writes (DNC lists, imports); nothing when stderr is
//! not a terminal, so logs and pipes stay clean.

use crate::cli::output::terminal::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A bar counting `unit`s up to `total`, with rate and ETA; hidden off a terminal.
pub fn bar(term: &Term, total: u64, unit: &str) -> ProgressBar {
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
