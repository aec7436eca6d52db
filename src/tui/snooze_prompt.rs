//! The small prompt the snooze key opens: whose reply, the presets a digit picks at once
//! (`1d`, `3d`, `1w`, `30d`), a day typed instead (`2026-12-24`, `monday`), and — when the
//! reply sleeps already — `0` to wake it now.

use crate::inbox::snooze::PRESETS;
use crate::tui::input::TextInput;
use crossterm::event::{KeyCode, KeyEvent};

/// The snooze prompt over the inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnoozePrompt {
    /// The replies it snoozes (the marked ones, else the one in view).
    pub replies: Vec<i64>,
    /// "Snooze Ann Lee's reply", "Snooze 3 marked replies".
    pub title: String,
    /// "Snoozed until Thu 24 Dec" when a reply it snoozes sleeps already: `0` wakes it.
    pub asleep: Option<String>,
    pub input: TextInput,
    /// Why the last day typed could not be taken.
    pub error: Option<String>,
}

/// What a key in the prompt asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromptKey {
    /// Snooze until the day these words name.
    Snooze(String),
    /// Wake the replies now.
    Wake,
    Close,
    /// The line was edited (or the key means nothing here).
    Edited,
}

impl SnoozePrompt {
    pub fn new(replies: Vec<i64>, title: String, asleep: Option<String>) -> SnoozePrompt {
        SnoozePrompt { replies, title, asleep, input: TextInput::default(), error: None }
    }

    /// A digit on an empty line picks its preset (or `0` wakes); Enter takes the line.
    pub fn handle_key(&mut self, key: &KeyEvent) -> PromptKey {
        let empty = self.input.value().trim().is_empty();
        match key.code {
            KeyCode::Esc => PromptKey::Close,
            KeyCode::Enter => PromptKey::Snooze(self.input.value().trim().to_string()),
            KeyCode::Char('0') if empty && self.asleep.is_some() => PromptKey::Wake,
            KeyCode::Char(digit @ '1'..='9') if empty => {
                match digit.to_digit(10).and_then(|n| PRESETS.get(n as usize - 1)) {
                    Some(preset) => PromptKey::Snooze((*preset).to_string()),
                    None => PromptKey::Edited,
                }
            }
            _ => {
                self.error = None;
                self.input.handle_key(key);
                PromptKey::Edited
            }
        }
    }

    /// `1 1d · 2 3d · 3 1w · 4 30d`: the presets with the digit that picks each.
    pub fn presets(&self) -> String {
        let picks: Vec<String> =
            PRESETS.iter().enumerate().map(|(at, preset)| format!("{} {preset}", at + 1)).collect();
        picks.join(" · ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn a_digit_picks_a_preset_and_typing_names_a_day() {
        let mut prompt = SnoozePrompt::new(vec![7], "Snooze".into(), None);
        assert_eq!(prompt.handle_key(&key(KeyCode::Char('4'))), PromptKey::Snooze("30d".into()));
        assert_eq!(prompt.handle_key(&key(KeyCode::Char('0'))), PromptKey::Edited, "awake");
        let mut prompt = SnoozePrompt::new(vec![7], "Snooze".into(), Some("Thu".into()));
        assert_eq!(prompt.handle_key(&key(KeyCode::Char('0'))), PromptKey::Wake);
        for c in "2026-12-24".chars() {
            prompt.handle_key(&key(KeyCode::Char(c)));
        }
        assert_eq!(prompt.input.value(), "2026-12-24", "digits after the first are typed");
        assert_eq!(prompt.handle_key(&key(KeyCode::Enter)), PromptKey::Snooze("2026-12-24".into()));
        assert_eq!(prompt.handle_key(&key(KeyCode::Esc)), PromptKey::Close);
        assert_eq!(prompt.presets(), "1 1d · 2 3d · 3 1w · 4 30d");
    }
}
