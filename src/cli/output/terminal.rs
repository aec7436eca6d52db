//! What the command's streams are connected to (terminals or pipes), how wide the
//! terminal is and whether to colour: detected once per command, read by every output.

use clap::ValueEnum;
use std::io::{self, IsTerminal};

/// `--color`: whether to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and NO_COLOR is not set.
    #[default]
    Auto,
    /// Colour even when piped.
    Always,
    /// No colour.
    Never,
}

impl ColorChoice {
    /// Whether a stream that is (or is not) a terminal gets colour.
    pub fn enabled(self, is_terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                let dumb = std::env::var("TERM").is_ok_and(|term| term == "dumb");
                is_terminal && !no_color && !dumb
            }
        }
    }
}

/// What the streams are connected to, detected once per command.
#[derive(Debug, Clone)]
pub struct Term {
    pub stdin_tty: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
    /// Colour on stdout.
    pub color: bool,
    /// Colour on stderr.
    pub stderr_color: bool,
    /// The width tables must fit: `COLUMNS`, else the terminal's, else none (piped).
    pub width: Option<usize>,
    /// `--accessible`: nothing redrawn in place (no bars, no spinners) and lists as
    /// `field: value` lines, which a screen reader reads in order.
    pub accessible: bool,
}

impl Term {
    pub fn detect(choice: ColorChoice) -> Term {
        let stdout_tty = io::stdout().is_terminal();
        let stderr_tty = io::stderr().is_terminal();
        let columns = std::env::var("COLUMNS").ok().and_then(|v| v.trim().parse::<usize>().ok());
        let width = columns.filter(|w| *w > 0).or_else(|| {
            stdout_tty
                .then(crossterm::terminal::size)
                .and_then(Result::ok)
                .map(|(cols, _)| usize::from(cols))
                .filter(|w| *w > 0)
        });
        Term {
            stdin_tty: io::stdin().is_terminal(),
            stdout_tty,
            stderr_tty,
            color: choice.enabled(stdout_tty),
            stderr_color: choice.enabled(stderr_tty),
            width,
            accessible: false,
        }
    }

    /// The same streams, written for a screen reader or not.
    pub fn accessible(self, accessible: bool) -> Term {
        Term { accessible, ..self }
    }
}

/// How a script runs the CLI: no terminal anywhere, no colour, no width.
#[cfg(test)]
pub fn piped() -> Term {
    Term {
        stdin_tty: false,
        stdout_tty: false,
        stderr_tty: false,
        color: false,
        stderr_color: false,
        width: None,
        accessible: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_choice() {
        assert!(ColorChoice::Always.enabled(false));
        assert!(!ColorChoice::Never.enabled(true));
        assert!(!ColorChoice::Auto.enabled(false));
    }
}
