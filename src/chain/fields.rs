//! Header values of an e-mail as one-line text: addresses, attachments and labels, whose
//! shapes the spec leaves partly open, every server string sanitised.

use crate::api::Mailbox;
use crate::text::sanitize;
use serde_json::Value;

/// `Name <address>`, or the address alone.
pub fn mailbox(mailbox: &Mailbox) -> String {
    let name = sanitize(mailbox.name.trim());
    let address = sanitize(mailbox.address.trim());
    match (name.is_empty(), address.is_empty()) {
        (true, _) => address,
        (false, true) => name,
        (false, false) => format!("{name} <{address}>"),
    }
}

/// A cc/bcc element: an address object as the spec's `to` has, or a bare string.
pub fn value_mailbox(value: &Value) -> String {
    match value {
        Value::String(text) => sanitize(text),
        Value::Object(map) => {
            let get =
                |key: &str| map.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
            mailbox(&Mailbox { address: get("address"), name: get("name") })
        }
        other => sanitize(&other.to_string()),
    }
}

/// An attachment: its file name (under any of the usual keys) and size when given.
pub fn attachment(value: &Value) -> String {
    let Value::Object(map) = value else {
        return value.as_str().map(sanitize).unwrap_or_else(|| sanitize(&value.to_string()));
    };
    let name = ["filename", "name", "fileName", "title"]
        .iter()
        .find_map(|key| map.get(*key).and_then(Value::as_str))
        .map(sanitize)
        .unwrap_or_else(|| "attachment".into());
    match map.get("size").and_then(Value::as_u64) {
        Some(bytes) => format!("{name} ({})", human_size(bytes)),
        None => name,
    }
}

/// A label: a string, or an object with a name.
pub fn label(value: &Value) -> String {
    match value {
        Value::String(text) => sanitize(text),
        Value::Object(map) => map
            .get("name")
            .and_then(Value::as_str)
            .map(sanitize)
            .unwrap_or_else(|| sanitize(&value.to_string())),
        other => sanitize(&other.to_string()),
    }
}

fn human_size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{} KB", bytes / 1024),
        _ => format!("{:.1} MB", bytes as f64 / 1_048_576.0),
    }
}
