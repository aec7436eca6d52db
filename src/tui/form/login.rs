//! The login form: a base URL and a masked key for the profile.

use crate::tui::form::field::Field;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginFields {
    pub base_url: Field,
    pub key: Field,
}

impl LoginFields {
    pub(crate) fn new(base_url: &str) -> Self {
        LoginFields {
            base_url: Field::text("Base URL", base_url, "https://… (http only for this machine)"),
            key: Field::secret("API key", "paste the key from the dashboard's API settings"),
        }
    }

    pub(crate) fn fields(&self) -> Vec<&Field> {
        vec![&self.base_url, &self.key]
    }

    pub(crate) fn fields_mut(&mut self) -> Vec<&mut Field> {
        vec![&mut self.base_url, &mut self.key]
    }
}
