//! The small prompt the snooze key opens: whose reply, the presets (`1d`, `3d`, `1w`,
//! `30d`) chosen with ←/→ or Tab, a day typed instead (`2026-12-24`, `monday`), and —
//! when the reply sleeps already — "wake now" among the choices.

use crate::inbox::snooze::PRESETS;
use crate::tui::input::TextInput;
use crate::tui::intent::Intent;

/// The choice offered first: the leftmost, "tomorrow", so that → moves to the next one as
/// the row reads (starting on the last, the first → wrapped round to "1d" and seemed lost).
const FIRST_CHOICE: usize = 0;

/// The snooze prompt over the inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnoozePrompt {
    /// The replies it snoozes (the marked ones, else the one in view).
    pub replies: Vec<i64>,
    /// "Snooze Ann Lee's reply", "Snooze 3 marked replies".
    pub title: String,
    /// "Snoozed until Thu 24 Dec" when a reply it snoozes sleeps already: "wake now" is
    /// then offered after the presets.
    pub asleep: Option<String>,
    /// The choice Enter takes when nothing is typed: a preset, or past them "wake now".
    pub selected: usize,
    pub input: TextInput,
    /// Why the last day typed could not be taken.
    pub error: Option<String>,
    /// Rows of a group's organisations it snoozes (the merged inbox's), each organisation's
    /// in its own marks; empty: `replies`, the organisation connected's.
    pub rows: Vec<(crate::tui::group::OrgId, Vec<i64>)>,
}

/// What a key in the prompt asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromptKey {
    /// Snooze until the day these words name.
    Snooze(String),
    /// Wake the replies now.
    Wake,
    Close,
    /// The line or the choice changed (or the key means nothing here).
    Edited,
}

impl SnoozePrompt {
    pub fn new(replies: Vec<i64>, title: String, asleep: Option<String>) -> SnoozePrompt {
        SnoozePrompt {
            replies,
            title,
            asleep,
            selected: FIRST_CHOICE,
            input: TextInput::default(),
            error: None,
            rows: Vec::new(),
        }
    }

    /// The choices in order: the presets, then "wake now" for a sleeping reply.
    pub fn choices(&self) -> Vec<&'static str> {
        let mut choices = PRESETS.to_vec();
        if self.asleep.is_some() {
            choices.push("wake now");
        }
        choices
    }

    fn choose(&mut self, step: usize, count: usize) -> PromptKey {
        self.selected = (self.selected + step) % count;
        PromptKey::Edited
    }

    /// Next and previous move among the choices; Submit takes the line typed, else the
    /// choice; a pick takes that choice at once.
    pub fn handle(&mut self, intent: Intent) -> PromptKey {
        let count = self.choices().len();
        match intent {
            Intent::Cancel | Intent::No => PromptKey::Close,
            Intent::Submit | Intent::Yes | Intent::YesDespiteChecks => {
                let typed = self.input.value().trim();
                if !typed.is_empty() {
                    return PromptKey::Snooze(typed.to_string());
                }
                match PRESETS.get(self.selected) {
                    Some(preset) => PromptKey::Snooze((*preset).to_string()),
                    None => PromptKey::Wake,
                }
            }
            Intent::Next => self.choose(1, count),
            Intent::Previous => self.choose(count - 1, count),
            Intent::Pick(choice) if choice < count => {
                self.selected = choice;
                self.input = TextInput::default();
                self.handle(Intent::Submit)
            }
            Intent::Pick(_) => PromptKey::Edited,
            Intent::Type(text) => {
                self.error = None;
                self.input = TextInput::new(&text);
                PromptKey::Edited
            }
            Intent::Edit(key) => {
                self.error = None;
                self.input.handle_key(&key);
                PromptKey::Edited
            }
            Intent::Insert(text) => {
                self.error = None;
                self.input.insert(&text);
                PromptKey::Edited
            }
            Intent::Move(_) | Intent::Cycle { .. } | Intent::Complete | Intent::OpenEditor => {
                PromptKey::Edited
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keymap::intents::{Dialog, intent};
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    /// A key as the dashboard gives it to the prompt.
    trait Press {
        fn handle_key(&mut self, key: &KeyEvent) -> PromptKey;
    }

    impl Press for SnoozePrompt {
        fn handle_key(&mut self, key: &KeyEvent) -> PromptKey {
            let dialog = Dialog::Snooze { typed: !self.input.value().is_empty() };
            intent(dialog, key, &crate::tui::keymap::Keymap::default())
                .map_or(PromptKey::Edited, |intent| self.handle(intent))
        }
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn enter_takes_the_chosen_preset_or_the_day_typed() {
        let mut prompt = SnoozePrompt::new(vec![7], "Snooze".into(), None);
        assert_eq!(prompt.handle_key(&key(KeyCode::Enter)), PromptKey::Snooze("1d".into()));
        prompt.handle_key(&key(KeyCode::Right));
        assert_eq!(
            prompt.handle_key(&key(KeyCode::Enter)),
            PromptKey::Snooze("3d".into()),
            "the first → goes to the next choice"
        );
        prompt.handle_key(&key(KeyCode::BackTab));
        prompt.handle_key(&key(KeyCode::BackTab));
        assert_eq!(prompt.selected, 3, "round, backwards");
        for c in "2026-12-24".chars() {
            prompt.handle_key(&key(KeyCode::Char(c)));
        }
        assert_eq!(prompt.input.value(), "2026-12-24", "digits are typed");
        assert_eq!(prompt.handle_key(&key(KeyCode::Enter)), PromptKey::Snooze("2026-12-24".into()));
        assert_eq!(prompt.handle_key(&key(KeyCode::Esc)), PromptKey::Close);
    }

    #[test]
    fn a_sleeping_reply_may_be_woken() {
        let mut prompt = SnoozePrompt::new(vec![7], "Snooze".into(), Some("Snoozed".into()));
        assert_eq!(prompt.choices(), ["1d", "3d", "1w", "30d", "wake now"]);
        prompt.handle_key(&key(KeyCode::BackTab));
        assert_eq!(prompt.handle_key(&key(KeyCode::Enter)), PromptKey::Wake);
    }

    #[test]
    fn a_line_front_end_picks_and_types() {
        let mut prompt = SnoozePrompt::new(vec![7], "Snooze".into(), Some("Snoozed".into()));
        assert_eq!(prompt.handle(Intent::Pick(2)), PromptKey::Snooze("1w".into()));
        assert_eq!(prompt.handle(Intent::Pick(4)), PromptKey::Wake);
        prompt.handle(Intent::Type("monday".into()));
        assert_eq!(prompt.handle(Intent::Submit), PromptKey::Snooze("monday".into()));
    }
}
