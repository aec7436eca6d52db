//! Where output goes: data on stdout (a list in large pieces, a closed pipe no error),
//! messages for the user on stderr.
//!
//! A message may quote the server, whose text is untrusted: messages on stderr are always
//! sanitised, on a terminal and on a pipe alike.

use crate::api::Listed;
use crate::api::listed::left_out;
use crate::cli::exit::CliError;
use crate::cli::output::table::Paint;
use crate::cli::output::terminal::Term;
use crate::present::Tone;
use crate::text::sanitize_multiline;
use std::io::{self, Write};

/// Stdout for a list, to be written in large pieces (the list writer gathers them), not
/// line by line: without std's line buffering, which searches each large piece for its
/// last line break and splits it there (a 24 MB list searched through for nothing). Only
/// for output nothing else writes to meanwhile.
#[cfg(unix)]
pub fn stdout() -> Box<dyn Write> {
    use std::os::fd::AsFd;
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => Box::new(std::fs::File::from(fd)),
        Err(_) => Box::new(io::stdout()),
    }
}

#[cfg(not(unix))]
pub fn stdout() -> Box<dyn Write> {
    Box::new(io::stdout())
}

/// Warns on stderr when elements of a list could not be read and were left out.
pub fn warn_skipped<T>(term: &Term, listed: &Listed<T>, what: &str) {
    warn_left_out(term, listed.skipped, what);
}

/// Warns on stderr that `skipped` of `what` could not be read, if any.
pub fn warn_left_out(term: &Term, skipped: usize, what: &str) {
    if let Some(warning) = left_out(skipped, what) {
        warn(term, &warning);
    }
}

/// Writes to stdout. A closed pipe (`| head`) is not an error: the reader has what it wanted.
pub fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(CliError::failure(format!("Could not write to stdout: {error}"))),
    }
}

/// A message for the user on stderr (never data). It may quote the server, so it is
/// sanitised, on a terminal and on a pipe alike.
pub fn note(message: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", sanitize_multiline(message));
}

/// A warning on stderr, yellow when stderr takes colour; sanitised as [`note`] is.
pub fn warn(term: &Term, message: &str) {
    let label = Tone::Warn.paint("warning:", term.stderr_color);
    let _ = writeln!(io::stderr().lock(), "{label} {}", sanitize_multiline(message));
}
