//! A contact's `custom_data` kept as the JSON text the server sent, decoded only when shown.
//!
//! Decoded into a map, two custom fields cost a whole B-tree node (~630 bytes) per contact:
//! 63 MB for 100k contacts, and most of the decode time (docs/PERFORMANCE.md).
//! Kept as text (in the contact's one allocation, `api::contact`) they cost their own
//! length, and a list of a million contacts is decoded without building a single map.

use super::models::JsonObject;
use serde_json::Value;
use std::fmt;

/// Free-form key/value data of a contact, as JSON text. Anything that is not an object (a
/// list, a string, null) reads as empty rather than failing the contact, as the API's
/// other objects do.
#[derive(Clone, Copy, Default)]
pub struct CustomData<'a> {
    /// The object's text; `None` when it is empty or was not an object.
    raw: Option<&'a str>,
}

impl<'a> CustomData<'a> {
    /// The data in `text`, valid JSON (checked when it arrived or was made); only a
    /// non-empty object counts.
    pub(crate) fn new(text: &'a str) -> CustomData<'a> {
        let trimmed = text.trim_start();
        let empty = trimmed.strip_prefix('{').is_none_or(|rest| rest.trim_start().starts_with('}'));
        CustomData { raw: (!empty).then_some(text) }
    }

    pub fn is_empty(&self) -> bool {
        self.raw.is_none()
    }

    /// The object's JSON text as it came; `None` when empty.
    pub fn text(&self) -> Option<&'a str> {
        self.raw
    }

    /// The object, decoded now.
    pub fn object(&self) -> JsonObject {
        self.raw.and_then(|raw| serde_json::from_str(raw).ok()).unwrap_or_default()
    }

    /// One value, by key.
    pub fn get(&self, key: &str) -> Option<Value> {
        self.object().remove(key)
    }

    /// The object as compact JSON with its keys in order, as a map would print it.
    pub fn to_json(&self) -> String {
        if self.is_empty() {
            return String::new();
        }
        serde_json::to_string(&self.object()).unwrap_or_default()
    }
}

impl PartialEq for CustomData<'_> {
    fn eq(&self, other: &CustomData<'_>) -> bool {
        self.object() == other.object()
    }
}

impl fmt::Debug for CustomData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CustomData").field(&self.raw.unwrap_or("{}")).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_a_non_empty_object_is_kept() {
        for text in ["null", "[1]", "\"x\"", "{}", " { } ", "3", ""] {
            assert!(CustomData::new(text).is_empty(), "{text}");
            assert_eq!(CustomData::new(text).to_json(), "");
        }
        let data = CustomData::new(r#"{"title": "CTO", "company": {"name": "Initech"}}"#);
        assert_eq!(data.get("title"), Some(json!("CTO")));
        assert_eq!(data.to_json(), r#"{"company":{"name":"Initech"},"title":"CTO"}"#);
    }

    #[test]
    fn it_keeps_its_text_and_compares_by_content() {
        let data = CustomData::new(r#"{"b": 1, "a": [true]}"#);
        assert_eq!(data.text(), Some(r#"{"b": 1, "a": [true]}"#));
        assert_eq!(data, CustomData::new(r#"{"a":[true],"b":1}"#));
        assert_ne!(data, CustomData::default());
    }
}
