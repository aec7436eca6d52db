//! A one-line text input (filter, palette, form fields) with a cursor.

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

    /// The cursor as a count of characters from the start.
    pub fn cursor_chars(&self) -> usize {
        self.value[..self.cursor].chars().count()
    }

    /// Inserts typed or pasted text; control characters (a pasted newline, an escape)
    /// never enter the value.
    pub fn insert(&mut self, text: &str) {
        let clean: String = text.chars().filter(|c| !c.is_control()).collect();
        self.value.insert_str(self.cursor, &clean);
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

    pub fn home(&mut self) {
        self.cursor = 0;
    }

    pub fn end(&mut self) {
        self.cursor = self.value.len();
    }

    /// Deletes the word before the cursor (Ctrl-W).
    pub fn delete_word(&mut self) {
        let before = &self.value[..self.cursor];
        let start = before.trim_end().rfind(' ').map(|i| i + 1).unwrap_or(0);
        self.value.replace_range(start..self.cursor, "");
        self.cursor = start;
    }

    pub fn clear(&mut self) {
        self.value.clear();
        self.cursor = 0;
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
        input.insert("é\u{1b}[31m\n");
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
}
