//! Copying into the clipboard of the machine the terminal runs on: OSC 52, which travels
//! over SSH with the rest of the output. Inside tmux the sequence goes twice: wrapped in
//! tmux's passthrough (reaches the outer terminal when `allow-passthrough` is on) and plain
//! (tmux's own `set-clipboard` takes it and forwards it), so one of them lands whichever
//! way tmux is set.

use crate::config::Osc52;
use crate::text::{Wrap, osc, sanitize_multiline};

/// The bytes that put `text` on the clipboard. `text` is sanitised first: only what the
/// screen could show is ever copied.
pub fn osc52(text: &str, wrap: Wrap) -> String {
    let body = format!("52;c;{}", base64(sanitize_multiline(text).as_bytes()));
    match wrap {
        Wrap::Plain => osc(&body, Wrap::Plain),
        Wrap::Tmux => osc(&body, Wrap::Tmux) + &osc(&body, Wrap::Plain),
    }
}

/// Whether `y` copies, as `[clipboard] osc52` and `$TERM` say.
pub fn enabled(mode: Osc52, term: Option<&str>) -> bool {
    match mode {
        Osc52::Always => true,
        Osc52::Never => false,
        // The Linux console and dumb terminals print the sequence's payload as text.
        Osc52::Auto => !matches!(term.map(str::trim), None | Some("" | "dumb" | "linux")),
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (RFC 4648), what OSC 52 carries.
fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648() {
        for (plain, encoded) in
            [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg==")]
        {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn osc52_bytes_plain_and_through_tmux() {
        assert_eq!(osc52("ann@x.com", Wrap::Plain), "\u{1b}]52;c;YW5uQHguY29t\u{1b}\\");
        assert_eq!(
            osc52("ann@x.com", Wrap::Tmux),
            "\u{1b}Ptmux;\u{1b}\u{1b}]52;c;YW5uQHguY29t\u{1b}\u{1b}\\\u{1b}\\\u{1b}]52;c;YW5uQHguY29t\u{1b}\\"
        );
    }

    #[test]
    fn only_sanitised_text_is_copied() {
        let hostile = "ann\u{1b}]52;c;evil\u{7}@x.com";
        let clean = sanitize_multiline(hostile);
        assert!(!clean.contains(['\u{1b}', '\u{7}']), "{clean:?}");
        let framed = osc52(hostile, Wrap::Plain);
        assert_eq!(framed, format!("\u{1b}]52;c;{}\u{1b}\\", base64(clean.as_bytes())));
    }

    #[test]
    fn auto_stays_off_where_the_payload_would_be_printed() {
        assert!(enabled(Osc52::Auto, Some("xterm-256color")));
        assert!(!enabled(Osc52::Auto, Some("linux")));
        assert!(!enabled(Osc52::Auto, None));
        assert!(enabled(Osc52::Always, None));
        assert!(!enabled(Osc52::Never, Some("xterm")));
    }
}
