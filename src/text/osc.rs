//! Terminal control strings outreach emits on purpose: OSC 52 (clipboard), OSC 8 (links) and
//! OSC 9 / OSC 777 (desktop notifications). Every other control string is removed by the
//! sanitiser; these are built here, from text the caller has already sanitised, and this
//! module removes any control character again so a payload can never end the string early
//! and smuggle its own sequence.
//!
//! Inside tmux a sequence only reaches the user's own terminal when wrapped in tmux's
//! passthrough (`ESC P tmux; … ESC \`, every ESC inside doubled), and only when tmux allows
//! it (`set -g allow-passthrough on`); [`Wrap::detect`] decides from `$TMUX`.

/// How an OSC string is framed for the terminal it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrap {
    /// Straight to the terminal.
    Plain,
    /// Inside tmux's DCS passthrough.
    Tmux,
}

impl Wrap {
    /// Tmux passthrough when running inside tmux (`$TMUX` set), plain otherwise.
    pub fn detect() -> Wrap {
        Wrap::from_env(std::env::var_os("TMUX").is_some())
    }

    /// For tests and callers that already know.
    pub fn from_env(inside_tmux: bool) -> Wrap {
        if inside_tmux { Wrap::Tmux } else { Wrap::Plain }
    }
}

const ESC: char = '\u{1b}';
/// String terminator (ESC \), understood by every terminal that understands OSC.
const ST: &str = "\u{1b}\\";

/// `ESC ] body ST`, framed for `wrap`. Control characters in `body` are dropped, so the
/// string always ends where this function ends it.
pub fn osc(body: &str, wrap: Wrap) -> String {
    let clean: String = body.chars().filter(|c| !c.is_control()).collect();
    let sequence = format!("{ESC}]{clean}{ST}");
    match wrap {
        Wrap::Plain => sequence,
        Wrap::Tmux => {
            let doubled = sequence.replace(ESC, "\u{1b}\u{1b}");
            format!("{ESC}Ptmux;{doubled}{ST}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_osc_is_framed_with_string_terminator() {
        assert_eq!(osc("9;hello", Wrap::Plain), "\u{1b}]9;hello\u{1b}\\");
    }

    #[test]
    fn tmux_passthrough_doubles_every_inner_escape() {
        assert_eq!(osc("9;hi", Wrap::Tmux), "\u{1b}Ptmux;\u{1b}\u{1b}]9;hi\u{1b}\u{1b}\\\u{1b}\\");
    }

    #[test]
    fn a_payload_cannot_end_the_string_or_start_its_own() {
        let hostile = "9;x\u{1b}\\\u{1b}]52;c;ZXZpbA==\u{7}\u{9c}";
        let framed = osc(hostile, Wrap::Plain);
        assert_eq!(framed.matches('\u{1b}').count(), 2, "{framed:?}");
        assert!(!framed.contains('\u{7}') && !framed.contains('\u{9c}'));
    }
}
