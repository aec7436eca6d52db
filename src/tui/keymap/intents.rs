//! Keys to intents, for what is open over the pane: the one place a key press becomes an
//! answer to a dialog, a prompt, a picker or a write form. The line mode gives the same
//! intents from words.

use crate::tui::intent::Intent;
use crossterm::event::{KeyCode, KeyEvent};

/// What is open, as far as its keys differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    /// The question before a write; `force` when a pre-flight check failed (Enter then
    /// means no).
    Confirm { force: bool },
    /// The snooze prompt; `typed` when its line holds text (←/→ then move the cursor).
    Snooze { typed: bool },
    /// The assign list.
    Assign,
    /// "While you were away".
    Brief,
    /// A write form.
    Form,
    /// A write form asking whether to throw away what was typed.
    Discard,
}

/// The intent a key gives in `dialog`; `None`: the key means nothing there.
pub fn intent(dialog: Dialog, key: &KeyEvent) -> Option<Intent> {
    match dialog {
        Dialog::Confirm { force } => confirm(force, key),
        Dialog::Snooze { typed } => snooze(typed, key),
        Dialog::Assign => assign(key),
        Dialog::Brief => Some(match key.code {
            KeyCode::Enter => Intent::Submit,
            _ => Intent::Cancel,
        }),
        Dialog::Discard => Some(match key.code {
            KeyCode::Char('y' | 'Y') => Intent::Yes,
            _ => Intent::No,
        }),
        Dialog::Form => Some(match key.code {
            KeyCode::Esc => Intent::Cancel,
            _ => Intent::Edit(*key),
        }),
    }
}

fn confirm(force: bool, key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        // The deliberate yes, which also works where nothing failed.
        KeyCode::Char('F') => Intent::YesDespiteChecks,
        KeyCode::Char('y' | 'Y') => Intent::Yes,
        KeyCode::Enter if !force => Intent::Yes,
        KeyCode::Char('n' | 'N' | 'q') | KeyCode::Esc | KeyCode::Enter => Intent::No,
        _ => return None,
    })
}

fn snooze(typed: bool, key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Enter => Intent::Submit,
        // ←/→ move the line's cursor once something is typed.
        KeyCode::Tab => Intent::Next,
        KeyCode::Right if !typed => Intent::Next,
        KeyCode::BackTab => Intent::Previous,
        KeyCode::Left if !typed => Intent::Previous,
        _ => Intent::Edit(*key),
    })
}

fn assign(key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Enter => Intent::Submit,
        KeyCode::Down | KeyCode::Tab | KeyCode::Char('j') => Intent::Next,
        KeyCode::Up | KeyCode::BackTab | KeyCode::Char('k') => Intent::Previous,
        KeyCode::Char(digit @ '1'..='9') => Intent::Pick(usize::from(digit as u8 - b'1')),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn enter_is_yes_unless_a_check_failed() {
        let enter = key(KeyCode::Enter);
        assert_eq!(intent(Dialog::Confirm { force: false }, &enter), Some(Intent::Yes));
        assert_eq!(intent(Dialog::Confirm { force: true }, &enter), Some(Intent::No));
        let f = key(KeyCode::Char('F'));
        assert_eq!(intent(Dialog::Confirm { force: true }, &f), Some(Intent::YesDespiteChecks));
        assert_eq!(intent(Dialog::Confirm { force: false }, &key(KeyCode::Char('x'))), None);
    }

    #[test]
    fn arrows_choose_in_the_snooze_prompt_until_something_is_typed() {
        let right = key(KeyCode::Right);
        assert_eq!(intent(Dialog::Snooze { typed: false }, &right), Some(Intent::Next));
        assert_eq!(intent(Dialog::Snooze { typed: true }, &right), Some(Intent::Edit(right)));
    }

    #[test]
    fn digits_pick_in_the_assign_list() {
        assert_eq!(intent(Dialog::Assign, &key(KeyCode::Char('3'))), Some(Intent::Pick(2)));
        assert_eq!(intent(Dialog::Assign, &key(KeyCode::Char('x'))), None);
    }
}
