//! Keys to intents, for what is open over the pane: the one place a key press becomes an
//! answer to a dialog, a prompt, a picker, a form, the help, the palette's line, the filter
//! being typed or a link's number. The line mode gives the same intents from words.

use crate::tui::command::Command;
use crate::tui::intent::{Intent, Move};
use crate::tui::keymap::{Key, Keymap, Scope};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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
    /// A form, as its focused field takes keys.
    Form(FormFocus),
    /// A write form asking whether to throw away what was typed.
    Discard,
    /// The help: it scrolls with the movement keys as bound, and closes on back, help or
    /// quit.
    Help,
    /// The command palette's line.
    Palette,
    /// The filter being typed over a list.
    Filter,
    /// A link's number asked after copy or open in an e-mail chain.
    Link,
}

/// The intent a key gives in `dialog` (the keys as `keymap` binds them where the user may
/// remap them); `None`: the key means nothing there.
pub fn intent(dialog: Dialog, key: &KeyEvent, keymap: &Keymap) -> Option<Intent> {
    match dialog {
        Dialog::Help => help(keymap, key),
        Dialog::Palette => Some(match key.code {
            KeyCode::Esc => Intent::Cancel,
            KeyCode::Enter => Intent::Submit,
            KeyCode::Tab => Intent::Complete,
            KeyCode::Down => Intent::Next,
            KeyCode::Up => Intent::Previous,
            _ => Intent::Edit(*key),
        }),
        Dialog::Filter => Some(match key.code {
            KeyCode::Enter => Intent::Submit,
            KeyCode::Esc => Intent::Cancel,
            KeyCode::Down => Intent::Move(Move::Down),
            KeyCode::Up => Intent::Move(Move::Up),
            KeyCode::PageDown => Intent::Move(Move::PageDown),
            KeyCode::PageUp => Intent::Move(Move::PageUp),
            _ => Intent::Edit(*key),
        }),
        Dialog::Link => link(key),
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
        Dialog::Form(focus) => form(focus, key),
    }
}

/// What a form's keys depend on: the field in focus and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FormFocus {
    /// The field is a choice: ←/→/space change it.
    pub choice: bool,
    /// The field holds several lines: Alt-Enter and Ctrl-j put a new line in.
    pub lines: bool,
    /// Enter moves on to the next field (a write form, not on its last field) rather
    /// than sending.
    pub advance: bool,
}

/// A form's keys: Enter sends (or moves on, in a write form), Ctrl-S sends, Esc cancels,
/// Tab/↑/↓ move between fields, ←/→/space change a choice, the line editor's keys edit
/// the focused text.
fn form(focus: FormFocus, key: &KeyEvent) -> Option<Intent> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    Some(match key.code {
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Char('s') if ctrl => Intent::Submit,
        KeyCode::Enter if focus.lines && alt => Intent::Insert("\n".into()),
        KeyCode::Char('j') if focus.lines && ctrl => Intent::Insert("\n".into()),
        KeyCode::Enter if focus.advance => Intent::Next,
        KeyCode::Enter => Intent::Submit,
        KeyCode::Tab | KeyCode::Down => Intent::Next,
        KeyCode::BackTab | KeyCode::Up => Intent::Previous,
        KeyCode::Left if focus.choice => Intent::Cycle { forward: false },
        KeyCode::Right | KeyCode::Char(' ') if focus.choice => Intent::Cycle { forward: true },
        _ if focus.choice => return None,
        _ => Intent::Edit(*key),
    })
}

/// The keys a dialog's answers are looked for among, in the order they are named.
const NAMED: [Key; 10] = [
    Key::ch('y'),
    Key::ch('F'),
    Key::ctrl('s'),
    Key::plain(KeyCode::Enter),
    Key::ch('n'),
    Key::plain(KeyCode::Esc),
    Key::plain(KeyCode::Tab),
    Key::plain(KeyCode::Down),
    Key::plain(KeyCode::Up),
    Key::ch('1'),
];

/// The key that gives `wanted` in `dialog`, as [`intent`] reads keys (so a new binding
/// there is named here too); `None` where no key does.
pub fn key_for(dialog: Dialog, wanted: &Intent, keymap: &Keymap) -> Option<String> {
    if *wanted == Intent::OpenEditor {
        return Some("Ctrl-x Ctrl-e".into());
    }
    NAMED
        .iter()
        .find(|key| {
            let event = KeyEvent::new(key.code, key.modifiers);
            intent(dialog, &event, keymap).as_ref() == Some(wanted)
        })
        .map(Key::label)
}

/// The help's keys: the movement commands as bound, and the ones that close it.
fn help(keymap: &Keymap, key: &KeyEvent) -> Option<Intent> {
    Some(match keymap.lookup(key, &[Scope::Movement, Scope::Global])? {
        Command::Back | Command::Help | Command::Quit => Intent::Cancel,
        Command::Down => Intent::Move(Move::Down),
        Command::Up => Intent::Move(Move::Up),
        Command::PageDown => Intent::Move(Move::PageDown),
        Command::PageUp => Intent::Move(Move::PageUp),
        Command::HalfPageDown => Intent::Move(Move::HalfPageDown),
        Command::HalfPageUp => Intent::Move(Move::HalfPageUp),
        Command::Top => Intent::Move(Move::Top),
        Command::Bottom => Intent::Move(Move::Bottom),
        _ => return None,
    })
}

/// A link's number, a digit at a time; Enter takes the digits typed, Esc none.
fn link(key: &KeyEvent) -> Option<Intent> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return None;
    }
    Some(match key.code {
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Enter => Intent::Submit,
        KeyCode::Char(digit @ '0'..='9') => Intent::Type(digit.to_string()),
        _ => return None,
    })
}

/// Ctrl-C: leave at once, whatever is open.
pub fn interrupts(key: &KeyEvent) -> bool {
    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
}

/// Ctrl-x, the first key of Ctrl-x Ctrl-e in a form: the second is waited for.
pub fn starts_editor(key: &KeyEvent) -> bool {
    key.code == KeyCode::Char('x') && key.modifiers.contains(KeyModifiers::CONTROL)
}

/// Ctrl-e after Ctrl-x in a form: the focused field in the editor.
pub fn finishes_editor(key: &KeyEvent) -> Option<Intent> {
    let ctrl_e = key.code == KeyCode::Char('e') && key.modifiers.contains(KeyModifiers::CONTROL);
    ctrl_e.then_some(Intent::OpenEditor)
}

fn confirm(force: bool, key: &KeyEvent) -> Option<Intent> {
    Some(match key.code {
        // The deliberate yes, which also works where nothing failed.
        KeyCode::Char('F') => Intent::YesDespiteChecks,
        KeyCode::Char('y' | 'Y') => Intent::Yes,
        KeyCode::Enter if !force => Intent::Yes,
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Char('n' | 'N' | 'q') | KeyCode::Enter => Intent::No,
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

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn intent(dialog: Dialog, key: &KeyEvent) -> Option<Intent> {
        super::intent(dialog, key, &Keymap::default())
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
    fn the_help_scrolls_with_the_movement_keys_as_bound() {
        assert_eq!(intent(Dialog::Help, &key(KeyCode::Char('j'))), Some(Intent::Move(Move::Down)));
        assert_eq!(
            intent(Dialog::Help, &key(KeyCode::Char('G'))),
            Some(Intent::Move(Move::Bottom))
        );
        assert_eq!(intent(Dialog::Help, &key(KeyCode::Char('?'))), Some(Intent::Cancel));
        assert_eq!(intent(Dialog::Help, &key(KeyCode::Char('x'))), None);
    }

    #[test]
    fn the_palette_and_the_filter_take_their_line_as_edits() {
        let a = key(KeyCode::Char('a'));
        assert_eq!(intent(Dialog::Palette, &a), Some(Intent::Edit(a)));
        assert_eq!(intent(Dialog::Palette, &key(KeyCode::Tab)), Some(Intent::Complete));
        assert_eq!(intent(Dialog::Filter, &a), Some(Intent::Edit(a)));
        assert_eq!(intent(Dialog::Filter, &key(KeyCode::Down)), Some(Intent::Move(Move::Down)));
        assert_eq!(intent(Dialog::Filter, &key(KeyCode::Enter)), Some(Intent::Submit));
    }

    #[test]
    fn a_links_number_comes_a_digit_at_a_time() {
        assert_eq!(intent(Dialog::Link, &key(KeyCode::Char('2'))), Some(Intent::Type("2".into())));
        assert_eq!(intent(Dialog::Link, &key(KeyCode::Char('x'))), None);
        let ctrl_e = KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL);
        assert_eq!(finishes_editor(&ctrl_e), Some(Intent::OpenEditor));
        assert!(!starts_editor(&ctrl_e));
    }

    #[test]
    fn an_answers_key_is_found_as_the_dialog_reads_keys() {
        let keymap = Keymap::default();
        let force = Dialog::Confirm { force: true };
        assert_eq!(key_for(force, &Intent::YesDespiteChecks, &keymap).as_deref(), Some("F"));
        assert_eq!(key_for(force, &Intent::Yes, &keymap).as_deref(), Some("y"));
        assert_eq!(
            key_for(Dialog::Form(FormFocus::default()), &Intent::Submit, &keymap).as_deref(),
            Some("Ctrl-s")
        );
        assert_eq!(
            key_for(Dialog::Form(FormFocus::default()), &Intent::Cancel, &keymap).as_deref(),
            Some("Esc")
        );
        assert_eq!(key_for(Dialog::Assign, &Intent::Pick(0), &keymap).as_deref(), Some("1"));
        assert_eq!(key_for(Dialog::Brief, &Intent::Complete, &keymap), None);
    }

    #[test]
    fn digits_pick_in_the_assign_list() {
        assert_eq!(intent(Dialog::Assign, &key(KeyCode::Char('3'))), Some(Intent::Pick(2)));
        assert_eq!(intent(Dialog::Assign, &key(KeyCode::Char('x'))), None);
    }
}
