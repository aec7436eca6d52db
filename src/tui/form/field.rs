//! One field of a form: a label, the line editor (or a choice of typed values), and its own
//! error line.

use crate::tui::input::TextInput;

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
    /// One of a fixed list, cycled with ←/→ or space; what each label stands for is kept by
    /// the [`Choice`] that owns the field.
    Choice {
        labels: Vec<String>,
        chosen: usize,
    },
}

/// One labelled field with its own error line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
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
    fn of_kind(label: &str, value: &str, hint: &str, kind: FieldKind) -> Self {
        let mut field = Field {
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

    pub(crate) fn text(label: &str, value: &str, hint: &str) -> Self {
        Field::of_kind(label, value, hint, FieldKind::Text)
    }

    pub(crate) fn secret(label: &str, hint: &str) -> Self {
        Field::of_kind(label, "", hint, FieldKind::Secret)
    }

    pub(crate) fn tags(label: &str, value: &str, hint: &str) -> Self {
        Field::of_kind(label, value, hint, FieldKind::Tags)
    }

    pub(crate) fn lines(label: &str, value: &str, hint: &str) -> Self {
        Field::of_kind(label, value, hint, FieldKind::Lines)
    }

    /// Whether typing edits this field's text.
    pub(crate) fn is_typed(&self) -> bool {
        !matches!(self.kind, FieldKind::Choice { .. })
    }

    /// The text as typed, or the label of the chosen option.
    pub fn value(&self) -> &str {
        match &self.kind {
            FieldKind::Choice { labels, chosen } => labels.get(*chosen).map_or("", String::as_str),
            _ => self.input.value(),
        }
    }

    /// The text without the spaces around it.
    pub(crate) fn trimmed(&self) -> String {
        self.value().trim().to_string()
    }

    /// The text, `None` when only spaces were typed.
    pub(crate) fn optional(&self) -> Option<String> {
        Some(self.trimmed()).filter(|value| !value.is_empty())
    }

    /// Tags typed as `vip, q3`: trimmed, empty pieces left out.
    pub(crate) fn tag_list(&self) -> Vec<String> {
        let pieces = self.value().split(',').map(str::trim);
        pieces.filter(|tag| !tag.is_empty()).map(str::to_string).collect()
    }

    /// Whether this is a choice (←/→ change it).
    pub(crate) fn is_choice(&self) -> bool {
        !self.is_typed()
    }

    /// Whether the value differs from the one the form opened with.
    pub(crate) fn is_modified(&self) -> bool {
        self.value() != self.initial
    }

    /// Adds a problem, after any the field already has.
    pub(crate) fn add_error(&mut self, message: &str) {
        self.error = Some(match self.error.take() {
            Some(previous) => format!("{previous}; {message}"),
            None => message.to_string(),
        });
    }

    pub(super) fn cycle(&mut self, forward: bool) {
        if let FieldKind::Choice { labels, chosen } = &mut self.kind {
            let count = labels.len().max(1);
            *chosen = if forward { (*chosen + 1) % count } else { (*chosen + count - 1) % count };
        }
    }
}

/// A field whose value is one of a fixed list of typed values, each shown by its label:
/// what is read back is the value, never the label or a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice<T> {
    pub field: Field,
    /// The values of the options, in the order of their labels; never empty.
    values: Vec<T>,
}

impl<T: PartialEq> Choice<T> {
    /// A choice of `first` and `others` (value and label), `chosen` picked when it is one.
    pub(crate) fn new(
        label: &str,
        first: (T, String),
        others: impl IntoIterator<Item = (T, String)>,
        chosen: &T,
    ) -> Self {
        let (values, labels): (Vec<T>, Vec<String>) = std::iter::once(first).chain(others).unzip();
        let chosen = values.iter().position(|value| value == chosen).unwrap_or(0);
        let kind = FieldKind::Choice { labels, chosen };
        Choice { field: Field::of_kind(label, "", "←/→ to change", kind), values }
    }

    /// The value of the chosen option.
    pub(crate) fn value(&self) -> &T {
        let chosen = match self.field.kind {
            FieldKind::Choice { chosen, .. } => chosen,
            _ => 0,
        };
        // `values` is never empty: `new` always has a first option.
        &self.values[chosen.min(self.values.len() - 1)]
    }
}
