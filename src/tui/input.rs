//! A text input (filter, palette, form fields) with a cursor, edited like a shell line.
//! Form fields of several lines keep `\n` in the value; everything else stays on one line.

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
        before.rfind(char::is_whitespace).map_or(0, |i| i + 1)
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

    #[test]
    fn pasted_lines_keep_their_breaks_and_lose_their_escapes() {
        let mut input = TextInput::default();
        input.insert_lines("a@b.com\r\nc.com\td.com\n\u{1b}[2Je.com");
        assert_eq!(input.value(), "a@b.com\nc.com d.com\n[2Je.com");
        assert_eq!(input.line_and_offset(), (2, 8));
    }
}
