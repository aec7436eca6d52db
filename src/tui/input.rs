//! The one line editor of the dashboard: the filter, the palette and every form field edit
//! their text here, with the same keys everywhere ([`EDITING_KEYS`], listed once in `?`
//! help). Form fields of several lines keep `\n` in the value; everything else stays on
//! one line.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The editing keys, as `?` help lists them (keys, then what they do).
pub const EDITING_KEYS: &[(&str, &str)] = &[
    ("←/→ Ctrl-←/→", "move by character, by word (Alt-b/f too)"),
    ("Home End", "to the start, to the end (Ctrl-a/e too)"),
    ("Bksp Delete", "delete before, under the cursor"),
    ("Ctrl-w", "delete the word before the cursor"),
    ("Ctrl-u Ctrl-k", "delete to the start, to the end"),
];

/// The text being typed and where the cursor is (a byte offset on a character boundary).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextInput {
    value: String,
    cursor: usize,
}

impl TextInput {
    pub fn new(value: &str) -> Self {
        TextInput { value: value.to_string(), cursor: value.len() }
    }

    pub fn value(&self) -> &str {
        &self.value
    }

    /// The cursor as a byte offset into the value.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The cursor as a count of characters from the start.
    pub fn cursor_chars(&self) -> usize {
        self.value[..self.cursor].chars().count()
    }

    /// Inserts typed or pasted text; control characters (a pasted newline, an escape) and
    /// invisible or reordering characters (bidi controls, zero-width) never enter the value.
    pub fn insert(&mut self, text: &str) {
        let clean: String = text.chars().filter(|c| !c.is_control()).collect();
        self.insert_clean(&crate::text::sanitize(&clean));
    }

    /// Inserts text that may span lines (a pasted list): line breaks are kept as `\n`, tabs
    /// become spaces, and the rest is cleaned as [`TextInput::insert`] does.
    pub fn insert_lines(&mut self, text: &str) {
        let clean = crate::text::sanitize_multiline(text).replace('\t', " ");
        self.insert_clean(&clean);
    }

    fn insert_clean(&mut self, clean: &str) {
        self.value.insert_str(self.cursor, clean);
        self.cursor += clean.len();
    }

    pub fn backspace(&mut self) {
        if let Some(c) = self.value[..self.cursor].chars().next_back() {
            self.cursor -= c.len_utf8();
            self.value.remove(self.cursor);
        }
    }

    pub fn delete(&mut self) {
        if self.cursor < self.value.len() {
            self.value.remove(self.cursor);
        }
    }

    pub fn left(&mut self) {
        if let Some(c) = self.value[..self.cursor].chars().next_back() {
            self.cursor -= c.len_utf8();
        }
    }

    pub fn right(&mut self) {
        if let Some(c) = self.value[self.cursor..].chars().next() {
            self.cursor += c.len_utf8();
        }
    }

    /// To the start of the cursor's line (of the value, for one-line text).
    pub fn home(&mut self) {
        self.cursor = self.line_start();
    }

    /// To the end of the cursor's line.
    pub fn end(&mut self) {
        self.cursor = self.line_end();
    }

    fn line_start(&self) -> usize {
        self.value[..self.cursor].rfind('\n').map_or(0, |i| i + 1)
    }

    fn line_end(&self) -> usize {
        self.value[self.cursor..].find('\n').map_or(self.value.len(), |i| self.cursor + i)
    }

    /// Start of the word before the cursor (words are separated by white space).
    fn word_start(&self) -> usize {
        let before = self.value[..self.cursor].trim_end();
        // After the space, which may be wider than a byte (a no-break space).
        before.char_indices().rfind(|(_, c)| c.is_whitespace()).map_or(0, |(i, c)| i + c.len_utf8())
    }

    /// Moves to the start of the previous word (Ctrl-←, Alt-b).
    pub fn word_left(&mut self) {
        self.cursor = self.word_start();
    }

    /// Moves past the end of the next word (Ctrl-→, Alt-f).
    pub fn word_right(&mut self) {
        let after = &self.value[self.cursor..];
        let skipped = after.len() - after.trim_start().len();
        let word = after.trim_start().find(char::is_whitespace).unwrap_or(after.len() - skipped);
        self.cursor += skipped + word;
    }

    /// Deletes the word before the cursor (Ctrl-W).
    pub fn delete_word(&mut self) {
        let start = self.word_start();
        self.value.replace_range(start..self.cursor, "");
        self.cursor = start;
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U in a shell).
    pub fn kill_to_start(&mut self) {
        let start = self.line_start();
        self.value.replace_range(start..self.cursor, "");
        self.cursor = start;
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K).
    pub fn kill_to_end(&mut self) {
        let end = self.line_end();
        self.value.replace_range(self.cursor..end, "");
    }

    /// Applies an editing key ([`EDITING_KEYS`], or a character typed); `false` for any
    /// other key, which the caller handles (Enter, Esc, Tab, ↑/↓ …).
    pub fn handle_key(&mut self, key: &KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match key.code {
            KeyCode::Left if ctrl || alt => self.word_left(),
            KeyCode::Right if ctrl || alt => self.word_right(),
            KeyCode::Char('b') if alt => self.word_left(),
            KeyCode::Char('f') if alt => self.word_right(),
            KeyCode::Left => self.left(),
            KeyCode::Right => self.right(),
            KeyCode::Home => self.home(),
            KeyCode::End => self.end(),
            KeyCode::Char('a') if ctrl => self.home(),
            KeyCode::Char('e') if ctrl => self.end(),
            KeyCode::Backspace => self.backspace(),
            KeyCode::Delete => self.delete(),
            KeyCode::Char('w') if ctrl => self.delete_word(),
            KeyCode::Char('u') if ctrl => self.kill_to_start(),
            KeyCode::Char('k') if ctrl => self.kill_to_end(),
            KeyCode::Char(c) if !ctrl && !alt => self.insert(c.encode_utf8(&mut [0; 4])),
            _ => return false,
        }
        true
    }

    pub fn clear(&mut self) {
        self.value.clear();
        self.cursor = 0;
    }

    /// The cursor's line (from 0) and its byte offset within that line.
    pub fn line_and_offset(&self) -> (usize, usize) {
        let start = self.line_start();
        (self.value[..start].matches('\n').count(), self.cursor - start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editing_respects_multibyte_characters() {
        let mut input = TextInput::new("zoë");
        input.backspace();
        assert_eq!(input.value(), "zo");
        input.insert("é\u{1b}[31m\n\u{202e}\u{200b}");
        assert_eq!(input.value(), "zoé[31m");
        input.home();
        input.right();
        input.insert("-");
        assert_eq!((input.value(), input.cursor_chars()), ("z-oé[31m", 2));
        input.end();
        input.delete_word();
        assert_eq!(input.value(), "");
    }

    #[test]
    fn delete_word_stops_at_a_space() {
        let mut input = TextInput::new("start 12");
        input.delete_word();
        assert_eq!(input.value(), "start ");
    }

    #[test]
    fn shell_keys_kill_and_move_by_word_and_line() {
        let mut input = TextInput::new("plan = pro\nseats = 12");
        input.home();
        assert_eq!(input.line_and_offset(), (1, 0));
        input.word_right();
        assert_eq!(input.line_and_offset(), (1, 5));
        input.kill_to_end();
        assert_eq!(input.value(), "plan = pro\nseats");
        input.kill_to_start();
        assert_eq!(input.value(), "plan = pro\n");
        input.left();
        input.word_left();
        input.kill_to_start();
        assert_eq!((input.value(), input.cursor()), ("pro\n", 0));
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    /// Types `keys` into a line holding `value` (cursor at the end).
    fn typed(value: &str, keys: &[KeyEvent]) -> TextInput {
        let mut input = TextInput::new(value);
        for key in keys {
            input.handle_key(key);
        }
        input
    }

    #[test]
    fn the_keys_do_what_help_says() {
        let (none, ctrl, alt) = (KeyModifiers::NONE, KeyModifiers::CONTROL, KeyModifiers::ALT);
        let k = |c| key(KeyCode::Char(c), ctrl);
        let at = |input: &TextInput| (input.value().to_string(), input.cursor_chars());
        assert_eq!(at(&typed("ann lee", &[k('a')])), ("ann lee".into(), 0));
        assert_eq!(at(&typed("ann lee", &[key(KeyCode::Home, none)])), ("ann lee".into(), 0));
        let start_then_end = [k('a'), k('e')];
        assert_eq!(at(&typed("ann lee", &start_then_end)), ("ann lee".into(), 7));
        assert_eq!(at(&typed("ann lee", &[key(KeyCode::Left, ctrl)])), ("ann lee".into(), 4));
        assert_eq!(at(&typed("ann lee", &[key(KeyCode::Char('b'), alt)])), ("ann lee".into(), 4));
        let word_back_and_on = [k('a'), key(KeyCode::Right, ctrl)];
        assert_eq!(at(&typed("ann lee", &word_back_and_on)), ("ann lee".into(), 3));
        assert_eq!(at(&typed("ann lee", &[k('w')])), ("ann ".into(), 4));
        let left = key(KeyCode::Left, none);
        assert_eq!(at(&typed("ann lee", &[left, left, k('u')])), ("ee".into(), 0), "to the start");
        assert_eq!(at(&typed("ann lee", &[left, left, k('k')])), ("ann l".into(), 5));
        let delete = [k('a'), key(KeyCode::Delete, none)];
        assert_eq!(at(&typed("ann", &delete)), ("nn".into(), 0));
        let backspace = key(KeyCode::Backspace, none);
        assert_eq!(at(&typed("zoë", &[backspace])), ("zo".into(), 2));
        let typed_chars = [key(KeyCode::Char('x'), none), key(KeyCode::Char('é'), none)];
        assert_eq!(at(&typed("", &typed_chars)), ("xé".into(), 2));
        let mut input = TextInput::default();
        for other in [KeyCode::Enter, KeyCode::Esc, KeyCode::Tab, KeyCode::Up, KeyCode::F(2)] {
            assert!(!input.handle_key(&key(other, none)), "{other:?} is the caller's");
        }
        assert!(!input.handle_key(&k('s')), "Ctrl-S is the caller's");
    }

    #[test]
    fn a_word_after_a_wide_space_is_deleted_whole() {
        let mut input = TextInput::new("ann\u{a0}lee");
        input.delete_word();
        assert_eq!(input.value(), "ann\u{a0}");
        input.word_left();
        assert_eq!(input.cursor(), 0);
    }

    #[test]
    fn pasted_lines_keep_their_breaks_and_lose_their_escapes() {
        let mut input = TextInput::default();
        input.insert_lines("a@b.com\r\nc.com\td.com\n\u{1b}[2Je.com");
        assert_eq!(input.value(), "a@b.com\nc.com d.com\ne.com");
        assert_eq!(input.line_and_offset(), (2, 5));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        /// Any key the editor may see: editing keys with and without modifiers, and
        /// characters from every corner (controls, bidi, wide, combining).
        fn any_key() -> impl Strategy<Value = KeyEvent> {
            let code = prop_oneof![
                Just(KeyCode::Left),
                Just(KeyCode::Right),
                Just(KeyCode::Home),
                Just(KeyCode::End),
                Just(KeyCode::Backspace),
                Just(KeyCode::Delete),
                Just(KeyCode::Enter),
                Just(KeyCode::Tab),
                prop::sample::select(vec!['a', 'e', 'w', 'u', 'k', 'b', 'f', ' ', '\u{a0}'])
                    .prop_map(KeyCode::Char),
                any::<char>().prop_map(KeyCode::Char),
            ];
            let modifiers = prop::sample::select(vec![
                KeyModifiers::NONE,
                KeyModifiers::CONTROL,
                KeyModifiers::ALT,
                KeyModifiers::SHIFT,
            ]);
            (code, modifiers).prop_map(|(code, modifiers)| KeyEvent::new(code, modifiers))
        }

        /// What may never be in a value: controls, and whatever the sanitiser's table does
        /// not keep as it is (what reorders or hides text). The joiners that shape emoji and
        /// scripts (ZWJ, ZWNJ) are kept there on purpose, so they may be typed.
        fn forbidden(c: char) -> bool {
            c.is_control()
                || !matches!(
                    crate::text::treatment(c),
                    crate::text::Treatment::Keep | crate::text::Treatment::Join
                )
        }

        proptest! {
            #[test]
            fn any_edits_keep_the_cursor_on_a_boundary_and_the_value_clean(
                start in ".{0,12}",
                steps in prop::collection::vec(
                    prop_oneof![
                        4 => any_key().prop_map(Ok),
                        1 => ".{0,8}".prop_map(Err),
                    ],
                    0..40,
                ),
            ) {
                let mut input = TextInput::default();
                input.insert(&start);
                for step in steps {
                    match step {
                        Ok(key) => {
                            input.handle_key(&key);
                        }
                        Err(pasted) => input.insert(&pasted),
                    }
                    prop_assert!(input.cursor() <= input.value().len());
                    prop_assert!(input.value().is_char_boundary(input.cursor()));
                    prop_assert!(!input.value().chars().any(forbidden), "{:?}", input.value());
                }
            }

            #[test]
            fn moving_never_changes_the_value(
                value in ".{0,16}",
                moves in prop::collection::vec(
                    prop::sample::select(vec![
                        (KeyCode::Left, KeyModifiers::NONE),
                        (KeyCode::Right, KeyModifiers::NONE),
                        (KeyCode::Left, KeyModifiers::CONTROL),
                        (KeyCode::Right, KeyModifiers::CONTROL),
                        (KeyCode::Home, KeyModifiers::NONE),
                        (KeyCode::End, KeyModifiers::NONE),
                        (KeyCode::Char('a'), KeyModifiers::CONTROL),
                        (KeyCode::Char('e'), KeyModifiers::CONTROL),
                    ]),
                    0..20,
                ),
            ) {
                let mut input = TextInput::default();
                input.insert(&value);
                let before = input.value().to_string();
                for (code, modifiers) in moves {
                    prop_assert!(input.handle_key(&KeyEvent::new(code, modifiers)));
                }
                prop_assert_eq!(input.value(), before.as_str());
            }

            #[test]
            fn kills_split_the_value_at_the_cursor(value in "[a-z ]{0,16}", back in 0usize..20) {
                let mut input = TextInput::new(&value);
                for _ in 0..back {
                    input.left();
                }
                let (before, after) = value.split_at(input.cursor());
                let mut to_start = input.clone();
                to_start.handle_key(&KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
                prop_assert_eq!((to_start.value(), to_start.cursor()), (after, 0));
                let mut to_end = input.clone();
                to_end.handle_key(&KeyEvent::new(KeyCode::Char('k'), KeyModifiers::CONTROL));
                prop_assert_eq!((to_end.value(), to_end.cursor()), (before, before.len()));
                let mut typed = input.clone();
                typed.handle_key(&KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE));
                typed.handle_key(&KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
                prop_assert_eq!(typed, input);
            }
        }
    }
}
