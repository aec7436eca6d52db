//! Small keyboard forms drawn over a pane: the server-side filters of Exchanges and Meetings
//! now, and the write operations' dialogs later. A form only edits text; what its values
//! mean is decided by whoever reads it on submit, which may attach errors to fields.

use super::input::TextInput;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a form is for, which decides what submitting it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormPurpose {
    ExchangeQuery,
    MeetingQuery,
    Login,
}

/// How a field is edited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldKind {
    Text,
    /// Text shown as bullets (an API key).
    Secret,
    /// One of a fixed list, cycled with ←/→ or space.
    Choice {
        options: Vec<String>,
        chosen: usize,
    },
}

/// One labelled field with its own error line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// A stable name the submitter looks values up by.
    pub name: &'static str,
    pub label: String,
    /// Shown dimmed after an empty text field, e.g. "YYYY-MM-DD, empty = any".
    pub hint: String,
    pub input: TextInput,
    pub kind: FieldKind,
    pub error: Option<String>,
}

impl Field {
    pub fn text(name: &'static str, label: &str, value: &str, hint: &str) -> Self {
        Field {
            name,
            label: label.into(),
            hint: hint.into(),
            input: TextInput::new(value),
            kind: FieldKind::Text,
            error: None,
        }
    }

    pub fn secret(name: &'static str, label: &str, hint: &str) -> Self {
        Field { kind: FieldKind::Secret, ..Field::text(name, label, "", hint) }
    }

    /// Whether typing edits this field's text.
    pub fn is_typed(&self) -> bool {
        matches!(self.kind, FieldKind::Text | FieldKind::Secret)
    }

    pub fn choice(name: &'static str, label: &str, options: Vec<String>, chosen: usize) -> Self {
        let chosen = chosen.min(options.len().saturating_sub(1));
        Field {
            name,
            label: label.into(),
            hint: "←/→ to change".into(),
            input: TextInput::default(),
            kind: FieldKind::Choice { options, chosen },
            error: None,
        }
    }

    /// The text value, or the chosen option.
    pub fn value(&self) -> &str {
        match &self.kind {
            FieldKind::Text | FieldKind::Secret => self.input.value(),
            FieldKind::Choice { options, chosen } => {
                options.get(*chosen).map_or("", String::as_str)
            }
        }
    }

    /// Position of the chosen option of a choice field.
    pub fn chosen(&self) -> Option<usize> {
        match &self.kind {
            FieldKind::Choice { chosen, .. } => Some(*chosen),
            FieldKind::Text | FieldKind::Secret => None,
        }
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
    pub error: Option<String>,
    /// What is happening with the submitted form ("Checking the key …").
    pub note: Option<String>,
}

impl Form {
    pub fn new(purpose: FormPurpose, title: &str, fields: Vec<Field>) -> Self {
        Form { purpose, title: title.into(), fields, focus: 0, error: None, note: None }
    }

    /// The field of this name.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|field| field.name == name)
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

    pub fn clear_errors(&mut self) {
        self.error = None;
        self.fields.iter_mut().for_each(|field| field.error = None);
    }

    /// Enter submits, Esc cancels, Tab/↑/↓ move between fields, the rest edits the focus.
    pub fn handle_key(&mut self, key: KeyEvent) -> FormOutcome {
        let count = self.fields.len();
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let Some(field) = self.fields.get_mut(self.focus) else {
            return match key.code {
                KeyCode::Esc => FormOutcome::Cancel,
                _ => FormOutcome::Ignored,
            };
        };
        let is_choice = matches!(field.kind, FieldKind::Choice { .. });
        match key.code {
            KeyCode::Enter => return FormOutcome::Submit,
            KeyCode::Esc => return FormOutcome::Cancel,
            KeyCode::Tab | KeyCode::Down => self.focus = (self.focus + 1) % count,
            KeyCode::BackTab | KeyCode::Up => self.focus = (self.focus + count - 1) % count,
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if is_choice => {
                field.cycle(key.code != KeyCode::Left)
            }
            KeyCode::Left => field.input.left(),
            KeyCode::Right => field.input.right(),
            KeyCode::Home => field.input.home(),
            KeyCode::End => field.input.end(),
            KeyCode::Backspace => field.input.backspace(),
            KeyCode::Delete => field.input.delete(),
            KeyCode::Char('u') if ctrl => field.input.clear(),
            KeyCode::Char('w') if ctrl => field.input.delete_word(),
            KeyCode::Char(c) if !ctrl && !is_choice => field.input.insert(&c.to_string()),
            _ => return FormOutcome::Ignored,
        }
        if let Some(field) = self.fields.get_mut(self.focus) {
            field.error = None;
        }
        FormOutcome::Edited
    }

    /// Pasted text goes into the focused text field.
    pub fn paste(&mut self, text: &str) {
        if let Some(field) = self.fields.get_mut(self.focus)
            && field.is_typed()
        {
            field.input.insert(text);
        }
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
}
