//! The small list the assign key opens: whose reply, whom it is assigned to now, the team
//! (me first, then the others by name, "nobody" last) chosen with ↑/↓ or its number.

use crate::tui::intent::Intent;

/// The assign list over the inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignPicker {
    /// The replies it assigns (the marked ones, else the one in view).
    pub replies: Vec<i64>,
    /// "Assign Ann Lee's reply", "Assign 3 marked replies".
    pub title: String,
    /// "Now assigned to bob." for one reply; empty for several.
    pub now: String,
    /// The people, me first; "nobody" is offered after them.
    pub people: Vec<String>,
    /// Who I am (shown as "me").
    pub me: String,
    pub selected: usize,
    /// The organisation of a group whose replies they are (rows of the merged inbox): its
    /// own team store assigns them; `None`: the organisation connected.
    pub org: Option<crate::tui::group::OrgId>,
    /// Marked replies of several organisations of a group, each organisation's ids (then
    /// `replies` is empty): each assigned in its own team store.
    pub rows: Vec<(crate::tui::group::OrgId, Vec<i64>)>,
}

/// What a key in the picker asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickerKey {
    /// Assign to this person (`None`: to nobody).
    Assign(Option<String>),
    Close,
    /// The choice moved (or the key means nothing here).
    Moved,
}

impl AssignPicker {
    pub fn new(
        replies: Vec<i64>,
        title: String,
        now: String,
        people: Vec<String>,
        me: &str,
    ) -> AssignPicker {
        let me = me.to_string();
        AssignPicker { replies, title, now, people, me, selected: 0, org: None, rows: Vec::new() }
    }

    /// The lines of the list: each person ("ann (me)"), then "nobody".
    pub fn choices(&self) -> Vec<String> {
        let mut choices: Vec<String> = self
            .people
            .iter()
            .map(|name| if *name == self.me { format!("{name} (me)") } else { name.clone() })
            .collect();
        choices.push("nobody".into());
        choices
    }

    /// Next and previous move round; Submit takes the choice; a pick takes that line at
    /// once.
    pub fn handle(&mut self, intent: Intent) -> PickerKey {
        let count = self.people.len() + 1;
        match intent {
            Intent::Cancel | Intent::No => PickerKey::Close,
            Intent::Submit | Intent::Yes | Intent::YesDespiteChecks => {
                PickerKey::Assign(self.people.get(self.selected).cloned())
            }
            Intent::Next => {
                self.selected = (self.selected + 1) % count;
                PickerKey::Moved
            }
            Intent::Previous => {
                self.selected = (self.selected + count - 1) % count;
                PickerKey::Moved
            }
            Intent::Pick(index) if index < count => {
                self.selected = index;
                PickerKey::Assign(self.people.get(index).cloned())
            }
            Intent::Pick(_)
            | Intent::Type(_)
            | Intent::Edit(_)
            | Intent::Move(_)
            | Intent::Insert(_)
            | Intent::Cycle { .. }
            | Intent::Complete
            | Intent::OpenEditor => PickerKey::Moved,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keymap::intents::{Dialog, intent};
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    /// A key as the dashboard gives it to the picker.
    trait Press {
        fn handle_key(&mut self, key: &KeyEvent) -> PickerKey;
    }

    impl Press for AssignPicker {
        fn handle_key(&mut self, key: &KeyEvent) -> PickerKey {
            intent(Dialog::Assign, key, &crate::tui::keymap::Keymap::default())
                .map_or(PickerKey::Moved, |intent| self.handle(intent))
        }
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn the_choice_moves_round_and_enter_takes_it_nobody_last() {
        let people = vec!["ann".to_string(), "bob".to_string()];
        let mut picker = AssignPicker::new(vec![7], "Assign".into(), String::new(), people, "ann");
        assert_eq!(picker.choices(), ["ann (me)", "bob", "nobody"]);
        assert_eq!(picker.handle_key(&key(KeyCode::Enter)), PickerKey::Assign(Some("ann".into())));
        picker.handle_key(&key(KeyCode::Up));
        assert_eq!(picker.handle_key(&key(KeyCode::Enter)), PickerKey::Assign(None), "nobody");
        picker.handle_key(&key(KeyCode::Down));
        picker.handle_key(&key(KeyCode::Down));
        assert_eq!(picker.handle_key(&key(KeyCode::Enter)), PickerKey::Assign(Some("bob".into())));
        assert_eq!(
            picker.handle_key(&key(KeyCode::Char('1'))),
            PickerKey::Assign(Some("ann".into()))
        );
        assert_eq!(picker.handle_key(&key(KeyCode::Char('9'))), PickerKey::Moved, "no ninth");
        assert_eq!(picker.handle_key(&key(KeyCode::Esc)), PickerKey::Close);
    }
}
