//! Whether the terminal's background is light or dark, asked with OSC 11. The question is
//! followed by a request for the device attributes (DA1), which every terminal answers:
//! one that does not know OSC 11 answers only that, so the wait ends at once instead of at
//! the deadline. Both answers are read here, before anything else reads the keyboard, so
//! neither reaches the dashboard as keys.

use std::time::Duration;

/// What the terminal's background is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shade {
    Light,
    Dark,
}

/// How long the dashboard waits for the answer before its first frame.
pub const WAIT: Duration = Duration::from_millis(150);

/// OSC 11 asking the background colour, then DA1.
const QUESTION: &[u8] = b"\x1b]11;?\x07\x1b[c";

/// Whether the terminal may be asked: not a `dumb` one (it would print the question) and
/// only when the keyboard is a terminal (else no answer can come back, and the bytes read
/// would be someone's input).
pub fn may_ask(term: Option<&str>, stdin_is_terminal: bool) -> bool {
    stdin_is_terminal && term.is_some_and(|term| !term.is_empty() && term != "dumb")
}

/// The background's shade from what the terminal answered: `ESC ] 11 ; rgb:R/G/B` ended by
/// BEL or ST, each channel 1 to 4 hex digits. Light when its luminance is over half.
pub fn shade_of(answer: &[u8]) -> Option<Shade> {
    let text = String::from_utf8_lossy(answer);
    let start = text.find("\x1b]11;")? + "\x1b]11;".len();
    let rest = &text[start..];
    let end = rest.find(['\x07', '\x1b'])?;
    let colour = rest[..end].strip_prefix("rgb:").or_else(|| rest[..end].strip_prefix("rgba:"))?;
    let mut channels = colour.split('/').map(channel);
    let (red, green, blue) = (channels.next()??, channels.next()??, channels.next()??);
    let luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
    Some(if luminance > 0.5 { Shade::Light } else { Shade::Dark })
}

/// One channel, 1 to 4 hex digits, as a fraction of its largest value.
fn channel(digits: &str) -> Option<f64> {
    if digits.is_empty() || digits.len() > 4 {
        return None;
    }
    let value = u32::from_str_radix(digits, 16).ok()?;
    let largest = (1u32 << (4 * digits.len())) - 1;
    Some(f64::from(value) / f64::from(largest))
}

/// Whether the answer read so far is complete: the DA1 reply (`ESC [ ? … c`) comes last.
fn answered(read: &[u8]) -> bool {
    read.windows(3)
        .enumerate()
        .any(|(at, window)| window == b"\x1b[?" && read[at + 3..].contains(&b'c'))
}

/// Asks the terminal on stdout and reads its answer from stdin for at most `within`. Call
/// it in raw mode, before the event reader starts. `None`: no answer in time, or no
/// colour in it.
#[cfg(unix)]
pub fn ask(within: Duration) -> Option<Shade> {
    use std::io::{IsTerminal, Write};
    let term = std::env::var("TERM").ok();
    if !may_ask(term.as_deref(), std::io::stdin().is_terminal()) {
        return None;
    }
    let mut stdout = std::io::stdout();
    stdout.write_all(QUESTION).and_then(|()| stdout.flush()).ok()?;
    let deadline = std::time::Instant::now() + within;
    let mut read = Vec::new();
    while !answered(&read) {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() || !readable(left) {
            break;
        }
        let mut buffer = [0u8; 256];
        // SAFETY: reads into a buffer of the length given; fd 0 stays open for the process.
        let count = unsafe { libc::read(0, buffer.as_mut_ptr().cast(), buffer.len()) };
        let Ok(count) = usize::try_from(count) else { break };
        if count == 0 {
            break;
        }
        read.extend_from_slice(&buffer[..count]);
    }
    let shade = shade_of(&read);
    tracing::debug!(?shade, answered = answered(&read), "the terminal's background");
    shade
}

/// Elsewhere the terminal is not asked.
#[cfg(not(unix))]
pub fn ask(_within: Duration) -> Option<Shade> {
    None
}

/// Whether stdin has bytes within `left`.
#[cfg(unix)]
fn readable(left: Duration) -> bool {
    let millis = i32::try_from(left.as_millis()).unwrap_or(i32::MAX).max(1);
    let mut poll = libc::pollfd { fd: 0, events: libc::POLLIN, revents: 0 };
    // SAFETY: one pollfd, owned here, for the duration of the call.
    let ready = unsafe { libc::poll(&mut poll, 1, millis) };
    ready > 0 && poll.revents & libc::POLLIN != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_gives_the_shade_whichever_the_digits_and_the_end() {
        let white = b"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;22c";
        assert_eq!(shade_of(white), Some(Shade::Light));
        assert_eq!(shade_of(b"\x1b]11;rgb:1e1e/1e1e/2e2e\x1b\\"), Some(Shade::Dark));
        assert_eq!(shade_of(b"\x1b]11;rgb:fd/f6/e3\x07"), Some(Shade::Light), "solarized light");
        assert_eq!(shade_of(b"\x1b]11;rgb:0/2/3\x07"), Some(Shade::Dark));
        // Pure blue is bright to no eye: dark.
        assert_eq!(shade_of(b"\x1b]11;rgb:0000/0000/ffff\x07"), Some(Shade::Dark));
    }

    #[test]
    fn no_colour_in_the_answer_gives_nothing() {
        assert_eq!(shade_of(b"\x1b[?62;22c"), None, "only DA1: OSC 11 unknown");
        assert_eq!(shade_of(b""), None);
        assert_eq!(shade_of(b"\x1b]11;rgb:ffff/ffff\x07"), None);
        assert_eq!(shade_of(b"\x1b]11;rgb:fffff/0/0\x07"), None);
        assert_eq!(shade_of(b"\x1b]11;rgb:ffff/ffff/ffff"), None, "cut short");
    }

    #[test]
    fn the_reading_ends_at_the_device_attributes() {
        assert!(!answered(b"\x1b]11;rgb:ffff/ffff/ffff\x07"));
        assert!(!answered(b"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;2"));
        assert!(answered(b"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;22c"));
        assert!(answered(b"\x1b[?1;2c"));
    }

    #[test]
    fn dumb_terminals_and_a_keyboard_that_is_no_terminal_are_not_asked() {
        assert!(may_ask(Some("xterm-256color"), true));
        assert!(!may_ask(Some("dumb"), true));
        assert!(!may_ask(None, true));
        assert!(!may_ask(Some("xterm"), false));
    }
}
