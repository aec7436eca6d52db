//! Keyboard forms drawn over a pane: the server-side filters of Exchanges and Meetings, the
//! login, and the write operations (contact, DNC, conversion). A form only edits text; what
//! its values mean is decided by whoever reads it on submit, which may attach errors to
//! fields. Fields edit like a shell line.

use super::input::TextInput;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a form is for, which decides what submitting it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormPurpose {
    ExchangeQuery,
    MeetingQuery,
    Login,
    /// A contact for the organisation (endpoint 5), or into a campaign (endpoints 3 and 4).
    Contact {
        campaign: Option<i64>,
    },
    /// E-mail addresses and domains for the do-not-contact lists (endpoints 6 and 1).
    Dnc,
    /// A conversion of a contact (endpoint 2).
    Conversion,
}

impl FormPurpose {
    /// Forms that send something to the API: Enter moves to the next field (submitting on
    /// the last), and Esc asks before throwing typed input away.
    pub fn is_write(self) -> bool {
        matches!(self, FormPurpose::Contact { .. } | FormPurpose::Dnc | FormPurpose::Conversion)
    }
}

/// How a field is edited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldKind {
    Text,
    /// Text shown as bullets (an API key).
    Secret,
    /// Comma-separated words, shown as chips when the field is not being edited.
    Tags,
    /// Several lines (pasted lists, `key = value` lines); Alt-Enter or Ctrl-J adds a line.
    Lines,
    /// One of a fixed list, cycled with ←/→ or space.
    Choice {
        options: Vec<String>,
        chosen: usize,
    },
}

/// One labelled field with its own error line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// A stable name the submitter looks values up by (the API's name for write forms).
    pub name: &'static str,
    pub label: String,
    /// Shown dimmed after an empty text field, e.g. "YYYY-MM-DD, empty = any".
    pub hint: String,
    pub input: TextInput,
    pub kind: FieldKind,
    pub error: Option<String>,
    /// A remark under the field (what a pasted list holds).
    pub note: Option<String>,
    /// The value the form opened with: anything else was typed.
    initial: String,
}

impl Field {
    fn of_kind(name: &'static str, label: &str, value: &str, hint: &str, kind: FieldKind) -> Self {
        let mut field = Field {
            name,
            label: label.into(),
            hint: hint.into(),
            input: TextInput::default(),
            kind,
            error: None,
            note: None,
            initial: String::new(),
        };
        if field.kind == FieldKind::Lines {
            field.input.insert_lines(value);
        } else {
            field.input.insert(value);
        }
        field.initial = field.value().to_string();
        field
    }

    pub fn text(name: &'static str, label: &str, value: &str, hint: &str) -> Self {
        Field::of_kind(name, label, value, hint, FieldKind::Text)
    }

    pub fn secret(name: &'static str, label: &str, hint: &str) -> Self {
        Field::of_kind(name, label, "", hint, FieldKind::Secret)
    }

    pub fn tags(name: &'static str, label: &str, value: &str, hint: &str) -> Self {
        Field::of_kind(name, label, value, hint, FieldKind::Tags)
    }

    pub fn lines(name: &'static str, label: &str, value: &str, hint: &str) -> Self {
        Field::of_kind(name, label, value, hint, FieldKind::Lines)
    }

    pub fn choice(name: &'static str, label: &str, options: Vec<String>, chosen: usize) -> Self {
        let chosen = chosen.min(options.len().saturating_sub(1));
        let kind = FieldKind::Choice { options, chosen };
        Field::of_kind(name, label, "", "←/→ to change", kind)
    }

    /// Whether typing edits this field's text.
    pub fn is_typed(&self) -> bool {
        !matches!(self.kind, FieldKind::Choice { .. })
    }

    /// The text value, or the chosen option.
    pub fn value(&self) -> &str {
        match &self.kind {
            FieldKind::Choice { options, chosen } => {
                options.get(*chosen).map_or("", String::as_str)
            }
            _ => self.input.value(),
        }
    }

    /// Position of the chosen option of a choice field.
    pub fn chosen(&self) -> Option<usize> {
        match &self.kind {
            FieldKind::Choice { chosen, .. } => Some(*chosen),
            _ => None,
        }
    }

    /// Whether the value differs from the one the form opened with.
    pub fn is_modified(&self) -> bool {
        self.value() != self.initial
    }

    fn cycle(&mut self, forward: bool) {
        if let FieldKind::Choice { options, chosen } = &mut self.kind {
            let count = options.len().max(1);
            *chosen = if forward { (*chosen + 1) % count } else { (*chosen + count - 1) % count };
        }
    }
}

/// What a key did to a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormOutcome {
    Edited,
    Submit,
    Cancel,
    Ignored,
}

/// A titled list of fields with a focus and a form-wide error line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub purpose: FormPurpose,
    pub title: String,
    pub fields: Vec<Field>,
    pub focus: usize,
    /// What went wrong that belongs to no field (a 403, the network), shown above the fields.
    pub error: Option<String>,
    /// What is happening with the submitted form ("Checking the key …").
    pub note: Option<String>,
    /// Esc was pressed with typed input: the next key says whether to throw it away.
    pub discarding: bool,
}

impl Form {
    pub fn new(purpose: FormPurpose, title: &str, fields: Vec<Field>) -> Self {
        Form {
            purpose,
            title: title.into(),
            fields,
            focus: 0,
            error: None,
            note: None,
            discarding: false,
        }
    }

    /// The field of this name.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|field| field.name == name)
    }

    pub fn field_mut(&mut self, name: &str) -> Option<&mut Field> {
        self.fields.iter_mut().find(|field| field.name == name)
    }

    /// The trimmed text of a field (empty when there is no such field).
    pub fn value(&self, name: &str) -> String {
        self.field(name).map(|f| f.value().trim().to_string()).unwrap_or_default()
    }

    /// Counts the values filled in so far as typed (they came from the palette), so Esc
    /// asks before throwing them away.
    pub fn count_as_typed(&mut self) {
        for field in self.fields.iter_mut().filter(|field| field.is_typed()) {
            field.initial.clear();
        }
    }

    /// Whether anything was typed since the form opened.
    pub fn is_modified(&self) -> bool {
        self.fields.iter().any(Field::is_modified)
    }

    /// Marks a field as wrong; it gets the focus if it is the first error.
    pub fn set_error(&mut self, name: &str, message: impl Into<String>) {
        let first = self.fields.iter().all(|field| field.error.is_none());
        if let Some(index) = self.fields.iter().position(|field| field.name == name) {
            self.fields[index].error = Some(message.into());
            if first {
                self.focus = index;
            }
        }
    }

    /// Adds a problem to a field, after any it already has.
    pub fn add_error(&mut self, name: &str, message: &str) {
        let joined = match self.field(name).and_then(|f| f.error.as_deref()) {
            Some(previous) => format!("{previous}; {message}"),
            None => message.to_string(),
        };
        self.set_error(name, joined);
    }

    pub fn has_errors(&self) -> bool {
        self.error.is_some() || self.fields.iter().any(|field| field.error.is_some())
    }

    pub fn clear_errors(&mut self) {
        self.error = None;
        self.fields.iter_mut().for_each(|field| field.error = None);
    }

    /// Enter submits (write forms: moves to the next field, submitting on the last),
    /// Ctrl-S submits, Esc cancels, Tab/↑/↓ move between fields, the rest edits the focus.
    pub fn handle_key(&mut self, key: KeyEvent) -> FormOutcome {
        let count = self.fields.len();
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        let advance = self.purpose.is_write() && self.focus + 1 < count;
        let Some(field) = self.fields.get_mut(self.focus) else {
            return match key.code {
                KeyCode::Esc => FormOutcome::Cancel,
                _ => FormOutcome::Ignored,
            };
        };
        let is_choice = !field.is_typed();
        let is_lines = field.kind == FieldKind::Lines;
        let input = &mut field.input;
        match key.code {
            KeyCode::Char('s') if ctrl => return FormOutcome::Submit,
            KeyCode::Enter if is_lines && alt => input.insert_lines("\n"),
            KeyCode::Char('j') if is_lines && ctrl => input.insert_lines("\n"),
            KeyCode::Enter if advance => self.focus += 1,
            KeyCode::Enter => return FormOutcome::Submit,
            KeyCode::Esc => return FormOutcome::Cancel,
            KeyCode::Tab | KeyCode::Down => self.focus = (self.focus + 1) % count,
            KeyCode::BackTab | KeyCode::Up => self.focus = (self.focus + count - 1) % count,
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if is_choice => {
                field.cycle(key.code != KeyCode::Left)
            }
            _ if !is_choice && input.handle_key(&key) => {}
            _ => return FormOutcome::Ignored,
        }
        if let Some(field) = self.fields.get_mut(self.focus) {
            field.error = None;
        }
        FormOutcome::Edited
    }

    /// Pasted text goes into the focused field: lines stay lines in a field of lines,
    /// become commas between tags, and spaces elsewhere.
    pub fn paste(&mut self, text: &str) {
        let Some(field) = self.fields.get_mut(self.focus) else { return };
        let one_line = |separator: &str| {
            let lines: Vec<&str> =
                text.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
            lines.join(separator)
        };
        match field.kind {
            FieldKind::Lines => field.input.insert_lines(text),
            FieldKind::Tags => field.input.insert(&one_line(", ")),
            FieldKind::Text | FieldKind::Secret => field.input.insert(&one_line(" ")),
            FieldKind::Choice { .. } => return,
        }
        field.error = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn form() -> Form {
        Form::new(
            FormPurpose::MeetingQuery,
            "Filters",
            vec![
                Field::choice("group", "Group", vec!["replied".into(), "meeting-booked".into()], 0),
                Field::text("start", "From", "", "YYYY-MM-DD"),
            ],
        )
    }

    fn write_form() -> Form {
        Form::new(
            FormPurpose::Dnc,
            "DNC",
            vec![
                Field::text("email", "E-mail", "ann@example.com", ""),
                Field::tags("tags", "Tags", "", ""),
                Field::lines("entries", "Entries", "", ""),
            ],
        )
    }

    #[test]
    fn keys_move_cycle_and_type() {
        let mut form = form();
        assert_eq!(form.handle_key(key(KeyCode::Right)), FormOutcome::Edited);
        assert_eq!(form.field("group").unwrap().value(), "meeting-booked");
        form.handle_key(key(KeyCode::Char('x')));
        assert_eq!(form.field("group").unwrap().value(), "meeting-booked", "typing into a choice");
        form.handle_key(key(KeyCode::Tab));
        for c in "2024-05-01".chars() {
            form.handle_key(key(KeyCode::Char(c)));
        }
        assert_eq!(form.field("start").unwrap().value(), "2024-05-01");
        assert_eq!(form.handle_key(key(KeyCode::Enter)), FormOutcome::Submit);
        assert_eq!(form.handle_key(key(KeyCode::Esc)), FormOutcome::Cancel);
    }

    #[test]
    fn an_error_focuses_its_field_and_editing_clears_it() {
        let mut form = form();
        form.set_error("start", "not a date");
        assert_eq!(form.focus, 1);
        form.handle_key(key(KeyCode::Backspace));
        assert!(form.field("start").unwrap().error.is_none());
    }

    #[test]
    fn in_a_write_form_enter_moves_on_and_submits_on_the_last_field() {
        let mut form = write_form();
        assert!(!form.is_modified(), "a pre-filled value is not typed input");
        assert_eq!(form.handle_key(key(KeyCode::Enter)), FormOutcome::Edited);
        assert_eq!(form.focus, 1);
        form.handle_key(key(KeyCode::Enter));
        assert_eq!(form.handle_key(key(KeyCode::Enter)), FormOutcome::Submit);
        form.focus = 0;
        let ctrl_s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL);
        assert_eq!(form.handle_key(ctrl_s), FormOutcome::Submit, "Ctrl-S from any field");
    }

    #[test]
    fn pastes_fit_the_field_and_new_lines_come_from_alt_enter() {
        let mut form = write_form();
        form.focus = 1;
        form.paste("vip\nq3\n");
        assert_eq!(form.field("tags").unwrap().value(), "vip, q3");
        form.focus = 2;
        form.paste("a@b.com\nc.com\n");
        form.handle_key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE));
        form.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::ALT));
        form.handle_key(KeyEvent::new(KeyCode::Char('j'), KeyModifiers::CONTROL));
        assert_eq!(form.field("entries").unwrap().value(), "a@b.com\nc.com\nx\n\n");
        assert!(form.is_modified());
    }

    #[test]
    fn errors_on_one_field_add_up() {
        let mut form = write_form();
        form.add_error("tags", "tag 1: too long");
        form.add_error("tags", "tag 3: empty");
        assert_eq!(
            form.field("tags").unwrap().error.as_deref(),
            Some("tag 1: too long; tag 3: empty")
        );
        assert_eq!(form.focus, 1);
    }
}
