//! Keys to commands, per scope, with the help text the `?` overlay lists. Vim keys and
//! arrow keys both work everywhere.

pub mod intents;
mod names;
mod screens;
pub mod words;

pub use screens::Scope;
pub(crate) use screens::Screen;

use crate::tui::command::Command;
use crate::tui::model::{Pane, Shelf};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// How a front end tells the user what to give: the dashboard names the key as bound, the
/// line mode the word to type ([`words`]). The core's wording asks the state, never a key
/// of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Front {
    #[default]
    Keys,
    Words,
}

/// A key with its modifiers (Shift is part of the character for letters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

impl Key {
    pub(crate) const fn plain(code: KeyCode) -> Key {
        Key { code, modifiers: KeyModifiers::NONE }
    }

    pub(crate) const fn ch(c: char) -> Key {
        Key::plain(KeyCode::Char(c))
    }

    pub(crate) const fn ctrl(c: char) -> Key {
        Key { code: KeyCode::Char(c), modifiers: KeyModifiers::CONTROL }
    }

    /// Whether a pressed key is this one. Shift is ignored for characters (it is already in
    /// the character) and for BackTab (which some terminals report with it, some without).
    pub(crate) fn matches(&self, event: &KeyEvent) -> bool {
        let relevant = KeyModifiers::CONTROL | KeyModifiers::ALT;
        self.code == event.code && (self.modifiers & relevant) == (event.modifiers & relevant)
    }

    /// How the key is written in help: `j`, `↓`, `Ctrl-d`, `PgDn`.
    pub(crate) fn label(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "Shift-Tab".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.modifiers.contains(KeyModifiers::CONTROL) { format!("Ctrl-{base}") } else { base }
    }
}

/// Keys bound to one command in one scope, with what it does in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Binding {
    pub keys: Vec<Key>,
    pub command: Command,
    pub scope: Scope,
    pub help: &'static str,
}

/// Every binding; scopes listed first win over later ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Default for Keymap {
    fn default() -> Self {
        use Command as C;
        use KeyCode as K;
        use Scope as S;
        let b = |keys: &[Key], command, scope, help| Binding {
            keys: keys.to_vec(),
            command,
            scope,
            help,
        };
        let mut bindings = vec![
            b(&[Key::ch('T')], C::ToggleQuotes, S::Chain, "show or fold quoted history"),
            b(&[Key::ch('n')], C::NextMessage, S::Chain, "next message"),
            b(&[Key::ch('p')], C::PrevMessage, S::Chain, "previous message"),
            b(
                &[Key::ch('e')],
                C::Handle,
                S::Reply,
                "mark handled (shared with a team store), to the next",
            ),
            b(&[Key::ch('E'), Key::ch('U')], C::Unhandle, S::Reply, "not handled after all"),
            b(&[Key::ch('u')], C::UploadContact, S::Reply, "referral: add an address it names"),
            b(&[Key::ch(']')], C::NextUnhandled, S::Inbox, "next unhandled reply"),
            b(&[Key::ch('[')], C::PrevUnhandled, S::Inbox, "previous unhandled reply"),
            b(
                &[Key::ch('H')],
                C::ToggleHandled,
                S::Inbox,
                "handled hidden → shown → only snoozed ones",
            ),
            b(
                &[Key::ch(' ')],
                C::MarkRow,
                S::Inbox,
                "mark: {handle} {add_dnc} {add_dnc_domain} act on the marked rows, {back} clears",
            ),
            b(
                &[Key::ch('V')],
                C::MarkRange,
                S::Inbox,
                "mark a range: {mark_range}, move, {mark_range}",
            ),
            b(&[Key::ch('z')], C::Undo, S::Reply, "undo the last handled/unhandled/snooze"),
            b(&[Key::ch('b')], C::Snooze, S::Reply, "snooze: hide until a day, then back as new"),
            b(&[Key::ch('@')], C::Assign, S::Reply, "assign to someone of the team (a list)"),
            b(&[Key::ch('M')], C::AssignToMe, S::Reply, "assign to me (team store)"),
            b(&[Key::ch('W')], C::CycleWhose, S::Inbox, "list everyone's, mine, unassigned"),
            b(&[Key::ch('A')], C::ShowCategory(Shelf::All), S::Inbox, "all categories"),
            b(&[Key::ch('i')], C::ShowCategory(Shelf::Interested), S::Inbox, "only Interested"),
            b(&[Key::ch('m')], C::ShowCategory(Shelf::Meeting), S::Inbox, "only Meeting"),
            b(&[Key::ch('R')], C::ShowCategory(Shelf::Referral), S::Inbox, "only Referral"),
            b(&[Key::ch('C')], C::ShowCategory(Shelf::Converted), S::Inbox, "only Converted"),
            b(&[Key::ch('N')], C::ShowCategory(Shelf::NotNow), S::Inbox, "only Not now"),
            b(&[Key::ch('w')], C::ShowCategory(Shelf::Waiting), S::Inbox, "only Waiting"),
            b(
                &[Key::ch('x')],
                C::ShowCategory(Shelf::NotInterested),
                S::Inbox,
                "only Not interested",
            ),
            b(&[Key::ch('X')], C::ShowCategory(Shelf::Unsubscribe), S::Inbox, "only Unsubscribe"),
            b(&[Key::ch('O')], C::ShowCategory(Shelf::Other), S::Inbox, "only other statuses"),
            b(&[Key::ch('f')], C::EditQuery, S::QueryList, "edit the server-side filters"),
            b(&[Key::ch('s')], C::StartCampaign, S::Campaign, "start the campaign (asks first)"),
            b(&[Key::ch('u')], C::UploadContact, S::Campaign, "add a contact to the campaign"),
            b(&[Key::ch('a')], C::AddContact, S::Contact, "add a contact"),
            b(&[Key::ch('t')], C::CycleRange, S::Results, "results range: 7, 30 or 90 days"),
            b(&[Key::ch('d')], C::AddDnc, S::Write, "do not contact: addresses, domains"),
            b(&[Key::ch('D')], C::AddDncDomain, S::Write, "do not contact: the contact's domain"),
            b(&[Key::ch('c')], C::LogConversion, S::Write, "log a conversion"),
            b(
                &[Key::ch('d')],
                C::HonourOptOut,
                S::Needs,
                "do not contact: this opt-out (asks first)",
            ),
            b(&[Key::ch('D')], C::HonourOptOuts, S::Needs, "do not contact: every opt-out listed"),
            b(&[Key::plain(K::Enter)], C::Open, S::Needs, "go to what the item is about"),
            b(
                &[Key::ch('H')],
                C::PutOldRepliesAway,
                S::Needs,
                "mark replies quiet 14 days handled",
            ),
            b(&[Key::ch('J')], C::Jump, S::Related, "jump to what this relates to; {back} returns"),
            b(&[Key::plain(K::Enter)], C::Jump, S::Opened, "jump, as {jump} does"),
            b(&[Key::plain(K::Enter)], C::Open, S::Overview, "open the tile's pane"),
            b(&[Key::ch('h'), Key::plain(K::Left)], C::Left, S::Overview, "tile to the left"),
            b(&[Key::ch('l'), Key::plain(K::Right)], C::Right, S::Overview, "tile to the right"),
            b(&[Key::plain(K::Enter)], C::Open, S::List, "open the selected item"),
            b(&[Key::ch('/')], C::Filter, S::List, "filter as you type (fuzzy)"),
            b(&[Key::ch('S')], C::CycleSort, S::List, "sort: next column ▲, ▼, … server's order"),
            b(&[Key::ch('p')], C::TogglePreview, S::List, "preview beside the list: on, off"),
            b(&[Key::ch('j'), Key::plain(K::Down)], C::Down, S::Movement, "down"),
            b(&[Key::ch('k'), Key::plain(K::Up)], C::Up, S::Movement, "up"),
            b(&[Key::ch('g'), Key::plain(K::Home)], C::Top, S::Movement, "to the top"),
            b(&[Key::ch('G'), Key::plain(K::End)], C::Bottom, S::Movement, "to the bottom"),
            b(&[Key::plain(K::PageDown), Key::ctrl('f')], C::PageDown, S::Movement, "page down"),
            b(&[Key::plain(K::PageUp), Key::ctrl('b')], C::PageUp, S::Movement, "page up"),
            b(&[Key::ctrl('d')], C::HalfPageDown, S::Movement, "half a page down"),
            b(&[Key::ctrl('u')], C::HalfPageUp, S::Movement, "half a page up"),
            b(
                &[Key::plain(K::Esc)],
                C::Back,
                S::Global,
                "back: close, clear filter, marks, or jump back",
            ),
            b(
                &[Key::plain(K::Backspace)],
                C::JumpBack,
                S::Global,
                "back from a jump, even where {back} closes first",
            ),
            b(&[Key::ch('r')], C::Refresh, S::Global, "refresh"),
            b(&[Key::ch('L')], C::Login, S::Global, "log in with a new key"),
            b(&[Key::ch('y')], C::Copy, S::Global, "copy selection or chain (then a link number)"),
            b(&[Key::ch('o')], C::OpenLink, S::Global, "open a link (copies it over SSH)"),
            b(&[Key::ch('|')], C::Pipe, S::Global, "show the chain or item in $PAGER"),
            b(&[Key::ch('P')], C::SwitchProfile, S::Global, "switch to the next profile"),
            b(&[Key::plain(K::Tab)], C::NextPane, S::Global, "next pane"),
            b(&[Key::plain(K::BackTab)], C::PrevPane, S::Global, "previous pane"),
        ];
        for (index, pane) in Pane::ALL.into_iter().enumerate() {
            let digit = char::from_digit(index as u32 + 1, 10).unwrap_or('1');
            bindings.push(b(&[Key::ch(digit)], C::GoTo(pane), S::Global, pane.go_to_help()));
        }
        bindings.extend([
            b(&[Key::ch(':')], C::Palette, S::Global, "command palette"),
            b(&[Key::ch('!')], C::NeedsYou, S::Global, "what needs you (the to-do list)"),
            b(&[Key::ch('?')], C::Help, S::Global, "this help"),
            b(
                &[Key::ch('q'), Key::ctrl('c')],
                C::Quit,
                S::Global,
                "quit (closes a chain or detail first)",
            ),
        ]);
        Keymap { bindings }
    }
}

impl Keymap {
    /// The command of a key in the active scopes, most specific scope first.
    pub(crate) fn lookup(&self, key: &KeyEvent, scopes: &[Scope]) -> Option<Command> {
        scopes.iter().find_map(|scope| {
            self.bindings
                .iter()
                .filter(|binding| binding.scope == *scope)
                .find(|binding| binding.keys.iter().any(|k| k.matches(key)))
                .map(|binding| binding.command)
        })
    }

    /// The bindings of the active scopes, in the order help lists them.
    pub(crate) fn active(&self, scopes: &[Scope]) -> Vec<&Binding> {
        scopes
            .iter()
            .flat_map(|scope| self.bindings.iter().filter(move |b| b.scope == *scope))
            .collect()
    }

    /// Every command a key gives, each once, in the order of the bindings.
    pub fn commands(&self) -> Vec<Command> {
        let mut commands: Vec<Command> = Vec::new();
        for binding in &self.bindings {
            if !commands.contains(&binding.command) {
                commands.push(binding.command);
            }
        }
        commands
    }

    /// The first key bound to a command, for hints in the status bar.
    pub(crate) fn key_for(&self, command: Command) -> Option<String> {
        self.bindings
            .iter()
            .find(|b| b.command == command)
            .and_then(|b| b.keys.first())
            .map(Key::label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn vim_and_arrow_keys_do_the_same() {
        let keymap = Keymap::default();
        let scopes = [Scope::List, Scope::Movement, Scope::Global];
        let j = keymap.lookup(&press(KeyCode::Char('j'), KeyModifiers::NONE), &scopes);
        let down = keymap.lookup(&press(KeyCode::Down, KeyModifiers::NONE), &scopes);
        assert_eq!((j, down), (Some(Command::Down), Some(Command::Down)));
        let shifted_g = keymap.lookup(&press(KeyCode::Char('G'), KeyModifiers::SHIFT), &scopes);
        assert_eq!(shifted_g, Some(Command::Bottom));
        let ctrl_d = keymap.lookup(&press(KeyCode::Char('d'), KeyModifiers::CONTROL), &scopes);
        assert_eq!(ctrl_d, Some(Command::HalfPageDown));
        let back_tab = keymap.lookup(&press(KeyCode::BackTab, KeyModifiers::SHIFT), &scopes);
        assert_eq!(back_tab, Some(Command::PrevPane));
    }

    #[test]
    fn scoped_keys_only_work_in_their_scope() {
        let keymap = Keymap::default();
        let t = press(KeyCode::Char('T'), KeyModifiers::SHIFT);
        assert_eq!(keymap.lookup(&t, &[Scope::Movement, Scope::Global]), None);
        assert_eq!(keymap.lookup(&t, &[Scope::Chain, Scope::Global]), Some(Command::ToggleQuotes));
        let digit = press(KeyCode::Char('3'), KeyModifiers::NONE);
        assert_eq!(keymap.lookup(&digit, &[Scope::Global]), Some(Command::GoTo(Pane::ALL[2])));
    }

    #[test]
    fn labels_read_like_help() {
        assert_eq!(Key::ctrl('d').label(), "Ctrl-d");
        assert_eq!(Key::plain(KeyCode::PageDown).label(), "PgDn");
        assert_eq!(Keymap::default().key_for(Command::Help).as_deref(), Some("?"));
    }
}
