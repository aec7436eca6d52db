//! The status line's few characters: `✉3 ⏱42m ⚠1` — new replies, how long the oldest hot
//! reply has waited, things that need you — each left out at zero, nothing at all when
//! there is nothing. A stale glance (its taker stopped, see [`Glance::is_stale`]) starts
//! with `?` and, for tmux, is dimmed; due items are red for tmux.

use super::Glance;
use crate::clock::short_age;
use chrono::{DateTime, Utc};

/// The symbols of the segment: pictographs, or letters for a terminal or font without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbols {
    /// `✉3 ⏱42m ⚠1`
    Unicode,
    /// `m3 t42m !1`
    Ascii,
}

impl Symbols {
    fn marks(self) -> [&'static str; 3] {
        match self {
            Symbols::Unicode => ["✉", "⏱", "⚠"],
            Symbols::Ascii => ["m", "t", "!"],
        }
    }
}

/// The segment of `glance` at `now`; `tmux` adds tmux's style markup (`#[dim]`, `#[fg=red]`),
/// without it the text is plain (starship, polybar). Empty without a glance.
pub fn segment(
    glance: Option<&Glance>,
    now: DateTime<Utc>,
    symbols: Symbols,
    tmux: bool,
) -> String {
    let Some(glance) = glance else { return String::new() };
    let [mail, clock, warning] = symbols.marks();
    let inbox = &glance.inbox;
    let mut parts = Vec::new();
    if inbox.new > 0 {
        parts.push(format!("{mail}{}", inbox.new));
    }
    if inbox.hot_waiting > 0 {
        // Aged to now, not to the glance: as far as anyone knows, it still waits.
        let age = inbox.oldest_hot_since.map_or_else(|| "?".to_string(), |at| short_age(at, now));
        parts.push(format!("{clock}{age}"));
    }
    if inbox.needs_you > 0 {
        let item = format!("{warning}{}", inbox.needs_you);
        parts.push(if tmux && inbox.due > 0 {
            format!("#[fg=red]{item}#[fg=default]")
        } else {
            item
        });
    }
    let text = parts.join(" ");
    if !glance.is_stale(now) {
        return text;
    }
    let text = format!("?{text}");
    if tmux { format!("#[dim]{text}#[nodim]") } else { text }
}
