//! The conversion form: the contact's address, a type and optional data.

use crate::api::FieldError;
use crate::tui::form::field::Field;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionFields {
    pub email: Field,
    pub conversion_type: Field,
    /// `key = value` lines, or a JSON object.
    pub conversion_data: Field,
}

impl ConversionFields {
    pub(crate) fn new(email: &str, conversion_type: &str, data: &str) -> Self {
        ConversionFields {
            email: Field::text("E-mail", email, "the contact's address (required)"),
            conversion_type: Field::text(
                "Type",
                conversion_type,
                "e.g. signup, purchase (at most 63)",
            ),
            conversion_data: Field::lines(
                "Data",
                data,
                "optional: key = value per line, or a JSON object",
            ),
        }
    }

    pub(crate) fn fields(&self) -> Vec<&Field> {
        vec![&self.email, &self.conversion_type, &self.conversion_data]
    }

    pub(crate) fn fields_mut(&mut self) -> Vec<&mut Field> {
        vec![&mut self.email, &mut self.conversion_type, &mut self.conversion_data]
    }
}

impl ConversionFields {
    pub(crate) fn field_for(&mut self, problem: &FieldError) -> Option<&mut Field> {
        match (problem.source.as_str(), problem.top_field()) {
            ("query" | "path", _) => None,
            (_, "email") => Some(&mut self.email),
            (_, "conversion_type") => Some(&mut self.conversion_type),
            (_, "conversion_data") => Some(&mut self.conversion_data),
            _ => None,
        }
    }
}
