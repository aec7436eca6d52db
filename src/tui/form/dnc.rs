//! The do-not-contact form: many addresses and domains at once.

use crate::api::FieldError;
use crate::tui::form::field::Field;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DncFields {
    /// Addresses and domains, one per line or with commas or spaces between.
    pub entries: Field,
}

impl DncFields {
    pub(crate) fn new(entries: &str) -> Self {
        DncFields {
            entries: Field::lines(
                "Entries",
                entries,
                "addresses or domains: one per line, or commas or spaces between; paste a list",
            ),
        }
    }

    pub(crate) fn fields(&self) -> Vec<&Field> {
        vec![&self.entries]
    }

    pub(crate) fn fields_mut(&mut self) -> Vec<&mut Field> {
        vec![&mut self.entries]
    }
}

impl DncFields {
    /// The lists of endpoints 6 (`emails`) and 1 (`domains`) are both the entries.
    pub(crate) fn field_for(&mut self, problem: &FieldError) -> Option<&mut Field> {
        matches!(problem.top_field(), "emails" | "domains").then_some(&mut self.entries)
    }
}
