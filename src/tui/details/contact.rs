//! A contact, with its custom data.

use crate::api::{Contact, JsonObject};
use crate::present::Tone;
use crate::text::sanitize;
use crate::tui::detail_line::{DetailLine, Mark};
use crate::tui::state::AppState;
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
pub fn custom_data_lines(data: &JsonObject) -> Vec<DetailLine> {
    if data.is_empty() {
        return vec![DetailLine::field("  (none)", "")];
    }
    data.iter()
        .map(|(key, value)| DetailLine::field(&format!("  {}", sanitize(key)), value_text(value)))
        .collect()
}

pub fn detail_lines(contact: &Contact, _state: &AppState) -> Vec<DetailLine> {
    let name = format!("{} {}", contact.first_name(), contact.last_name());
    let dnc = if contact.dnc {
        DetailLine::marked("Do not contact", "yes — on a DNC list (address or domain)", Tone::Bad)
    } else {
        DetailLine::field("Do not contact", "no")
    };
    let mut lines = vec![
        DetailLine::marked("E-mail", sanitize(contact.email()), Mark::Name),
        DetailLine::field("Name", sanitize(name.trim())),
        DetailLine::field("Id", contact.id.to_string()),
        dnc,
        DetailLine::field("Tags", sanitize(&contact.tags.join(", "))),
        DetailLine::field(
            "Time zone",
            contact.timezone.as_deref().map(sanitize).unwrap_or_default(),
        ),
        DetailLine::Blank,
        DetailLine::Heading("Custom data".into()),
    ];
    lines.extend(custom_data_lines(&contact.custom_data().object()));
    lines
}
