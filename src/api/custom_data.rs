//! A contact's `custom_data` kept as the JSON text the server sent, decoded only when shown.
//!
//! Decoded into a map, two custom fields cost a whole B-tree node (~630 bytes) per contact:
//! 63 MB for 100k contacts, and most of the decode time (DESIGN §8, docs/PERFORMANCE.md).
//! Kept as text they cost their own length, and a list of a million contacts is decoded
//! without building a single map.

use super::models::JsonObject;
use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use std::fmt;

/// Free-form key/value data of a contact, as JSON text. Anything that is not an object (a
/// list, a string, null) reads as empty, as the API's other objects do (DESIGN §4).
#[derive(Clone, Default)]
pub struct CustomData {
    /// The object's text; `None` when it is empty or was not an object.
    raw: Option<Box<RawValue>>,
}

impl CustomData {
    pub fn is_empty(&self) -> bool {
        self.raw.is_none()
    }

    /// The object, decoded now (it was checked to be one when it arrived).
    pub fn object(&self) -> JsonObject {
        self.raw.as_ref().and_then(|raw| serde_json::from_str(raw.get()).ok()).unwrap_or_default()
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

impl From<JsonObject> for CustomData {
    fn from(object: JsonObject) -> CustomData {
        if object.is_empty() {
            return CustomData::default();
        }
        let raw =
            serde_json::to_string(&object).ok().and_then(|text| RawValue::from_string(text).ok());
        CustomData { raw }
    }
}

impl PartialEq for CustomData {
    fn eq(&self, other: &CustomData) -> bool {
        self.object() == other.object()
    }
}

impl fmt::Debug for CustomData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CustomData").field(&self.raw.as_ref().map_or("{}", |raw| raw.get())).finish()
    }
}

impl Serialize for CustomData {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.raw {
            Some(raw) => raw.serialize(serializer),
            None => JsonObject::new().serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for CustomData {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CustomData, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        // Only a non-empty object is kept; its text is valid JSON (serde_json checked it).
        let text = raw.get().trim_start();
        let empty = text.strip_prefix('{').is_none_or(|rest| rest.trim_start().starts_with('}'));
        Ok(CustomData { raw: (!empty).then_some(raw) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(text: &str) -> CustomData {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn only_a_non_empty_object_is_kept() {
        for text in ["null", "[1]", "\"x\"", "{}", " { } ", "3"] {
            assert!(read(text).is_empty(), "{text}");
            assert_eq!(read(text).to_json(), "");
        }
        let data = read(r#"{"title": "CTO", "company": {"name": "Initech"}}"#);
        assert_eq!(data.get("title"), Some(json!("CTO")));
        assert_eq!(data.to_json(), r#"{"company":{"name":"Initech"},"title":"CTO"}"#);
    }

    #[test]
    fn it_is_written_back_as_it_came_and_compares_by_content() {
        let data = read(r#"{"b": 1, "a": [true]}"#);
        assert_eq!(serde_json::to_string(&data).unwrap(), r#"{"b": 1, "a": [true]}"#);
        let object: JsonObject = serde_json::from_value(json!({"a": [true], "b": 1})).unwrap();
        assert_eq!(data, CustomData::from(object));
        assert_eq!(serde_json::to_string(&CustomData::default()).unwrap(), "{}");
    }
}
