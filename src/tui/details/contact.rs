//! A contact, with its custom data.

use crate::api::{Contact, JsonObject};
use crate::text::sanitize;
use crate::tui::state::AppState;
use crate::tui::widgets::detail::{field, heading, styled_field};
use ratatui::text::Line;
use serde_json::Value;

/// A JSON value on one line: strings bare, everything else as compact JSON.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::String(text) => sanitize(text),
        Value::Null => "—".into(),
        other => sanitize(&other.to_string()),
    }
}

/// `custom_data` as indented `key  value` lines, keys in order.
pub fn custom_data_lines(data: &JsonObject, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    if data.is_empty() {
        return vec![field("  (none)", "", theme)];
    }
    data.iter()
        .map(|(key, value)| field(&format!("  {}", sanitize(key)), value_text(value), theme))
        .collect()
}

pub fn detail_lines(contact: &Contact, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let name = format!("{} {}", contact.first_name(), contact.last_name());
    let dnc = if contact.dnc {
        styled_field(
            "Do not contact",
            "yes — on a DNC list (address or domain)",
            theme.negative,
            theme,
        )
    } else {
        field("Do not contact", "no", theme)
    };
    let mut lines = vec![
        styled_field("E-mail", sanitize(contact.email()), theme.title, theme),
        field("Name", sanitize(name.trim()), theme),
        field("Id", contact.id.to_string(), theme),
        dnc,
        field("Tags", sanitize(&contact.tags.join(", ")), theme),
        field("Time zone", contact.timezone.as_deref().map(sanitize).unwrap_or_default(), theme),
        Line::from(""),
        heading("Custom data", theme),
    ];
    lines.extend(custom_data_lines(&contact.custom_data().object(), state));
    lines
}
