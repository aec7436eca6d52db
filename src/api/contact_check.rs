//! Whether a list element reads as a [`Contact`], without building one: the check behind
//! `contacts list -o json|jsonl`, which passes each element on as the server sent it, so
//! its cost tracks the transfer. Building a `Contact` allocates its strings, tags and
//! `custom_data` only to drop them; this reads the same fields with the same rules into
//! nothing at all.
//!
//! The rules are [`Contact`]'s: `id` an integer; `email`, the names and `timezone` a string
//! or null; `dnc` a bool or null; `tags` a list of strings or null; `custom_data` any JSON;
//! other fields ignored, a field given twice refused. The tests hold the two side by side.
//!
//! [`Contact`]: super::models::Contact

use super::contact_scan::scan_contact;
use serde::Deserialize;
use serde::de::{Deserializer, Error, IgnoredAny, SeqAccess, Visitor};
use std::fmt;

/// An element that reads as a contact. Its fields are named only so that serde reads them
/// as `Contact` does; nothing is kept.
#[expect(dead_code)] // Read by serde, never looked at.
#[derive(Debug, Deserialize)]
pub struct ContactCheck {
    id: i64,
    #[serde(default)]
    email: Option<Text>,
    #[serde(default)]
    first_name: Option<Text>,
    #[serde(default)]
    last_name: Option<Text>,
    #[serde(default)]
    custom_data: Option<IgnoredAny>,
    #[serde(default)]
    dnc: Option<bool>,
    #[serde(default)]
    tags: Option<Texts>,
    #[serde(default)]
    timezone: Option<Text>,
}

impl ContactCheck {
    /// The contact `text` starts with, read by the byte scan when it has the usual shape
    /// ([`scan_contact`]), and where it ends; `None` leaves it to serde.
    pub fn scanned(text: &str) -> Option<(ContactCheck, usize)> {
        let (id, end) = scan_contact(text)?;
        let check = ContactCheck {
            id,
            email: None,
            first_name: None,
            last_name: None,
            custom_data: None,
            dnc: None,
            tags: None,
            timezone: None,
        };
        Some((check, end))
    }
}

/// A string, read (escapes and all) without being kept.
#[derive(Debug)]
struct Text;

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        struct Visit;
        impl Visitor<'_> for Visit {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: Error>(self, _: &str) -> Result<Text, E> {
                Ok(Text)
            }
        }
        deserializer.deserialize_str(Visit)
    }
}

/// A list of strings, read without being kept.
#[derive(Debug)]
struct Texts;

impl<'de> Deserialize<'de> for Texts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Texts, D::Error> {
        struct Visit;
        impl<'de> Visitor<'de> for Visit {
            type Value = Texts;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Texts, A::Error> {
                while seq.next_element::<Text>()?.is_some() {}
                Ok(Texts)
            }
        }
        deserializer.deserialize_seq(Visit)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::api::listed::decode_list;
    use crate::api::models::Contact;

    /// Elements at the edges of what a contact is, each with whether it is one.
    pub(in crate::api) const ELEMENTS: &[(&str, bool)] = &[
        (r#"{"id": 1}"#, true),
        (r#"{"id": -7, "email": "a@b.c", "first_name": "Ann", "last_name": "Lee"}"#, true),
        (r#"{"id": 1, "email": null, "first_name": null, "last_name": null}"#, true),
        (r#"{"id": 1, "email": "a\"b\\c\u00e9\ud83d\ude00\n"}"#, true),
        (r#"{"id": 1, "custom_data": {"a": [1, {"b": null}], "c": "\u0001"}}"#, true),
        (r#"{"id": 1, "custom_data": null}"#, true),
        (r#"{"id": 1, "custom_data": [1, 2]}"#, true),
        (r#"{"id": 1, "custom_data": "text"}"#, true),
        (r#"{"id": 1, "dnc": true, "tags": ["a", "b\\"], "timezone": "Europe/Berlin"}"#, true),
        (r#"{"id": 1, "dnc": null, "tags": null, "timezone": null}"#, true),
        (r#"{"id": 1, "tags": []}"#, true),
        (r#"{"id": 1, "unknown": {"deep": [true, "\ud800"]}, "x": 1e999}"#, true),
        (r#"{"id": 9223372036854775807}"#, true),
        (r#"[1, "a@b.c"]"#, true),
        (r#"[1]"#, true),
        (r#"{}"#, false),
        (r#"{"email": "no id"}"#, false),
        (r#"{"id": null}"#, false),
        (r#"{"id": "1"}"#, false),
        (r#"{"id": 1.0}"#, false),
        (r#"{"id": 1.5}"#, false),
        (r#"{"id": 9223372036854775808}"#, false),
        (r#"{"id": 1, "id": 2}"#, false),
        (r#"{"id": 1, "email": "a", "email": "b"}"#, false),
        (r#"{"id": 1, "email": 5}"#, false),
        (r#"{"id": 1, "email": ["a"]}"#, false),
        (r#"{"id": 1, "first_name": {}}"#, false),
        (r#"{"id": 1, "last_name": false}"#, false),
        (r#"{"id": 1, "email": "\ud800"}"#, false),
        (r#"{"id": 1, "dnc": "yes"}"#, false),
        (r#"{"id": 1, "dnc": 1}"#, false),
        (r#"{"id": 1, "tags": "a"}"#, false),
        (r#"{"id": 1, "tags": [1]}"#, false),
        (r#"{"id": 1, "tags": ["a", null]}"#, false),
        (r#"{"id": 1, "timezone": 3}"#, false),
        (r#"{"id": 1, "custom_data": {}, "custom_data": {}}"#, false),
        (r#"[]"#, false),
        (r#"["1"]"#, false),
        (r#"[1, "a", "b", "c", {}, false, [], "tz", "extra"]"#, false),
        (r#""junk""#, false),
        (r#"null"#, false),
        (r#"12"#, false),
        (r#"true"#, false),
        (r#"{"id": 1, "x": 1.25, "y": -0.5, "z": [[], {}], "w": {"k": {"j": [null]}}}"#, true),
        (r#"{"id": 1, "email": "a\u00e9\/", "tags": ["\"", "\t"]}"#, true),
        (r#"{"\u0069d": 1}"#, true),
        (r#"{"id": 1, "idx": 2, "t": 3, "ta": [], "tagsx": {}, "e": null, "": 0}"#, true),
        (r#"{"id": 1, "ema\u0069l": 5}"#, false),
        (r#"{"id": -9223372036854775808}"#, true),
        (r#"{"id": -0}"#, false),
        (r#"{"id": 1, "dnc": true, "dnc": false}"#, false),
    ];

    /// Elements that are not JSON (a list holding one fails whole).
    pub(in crate::api) const BROKEN: &[&str] = &[
        r#"{"id": 01}"#,
        r#"{"id": 1, "custom_data": {"a": 1.}}"#,
        r#"{"id": 1, "custom_data": {"a": [1, 2,]}}"#,
        r#"{"id": 1, "custom_data": {"a" 1}}"#,
        r#"{"id": 1, "email": "a\x"}"#,
        r#"{"id": 1, "email": "a\u00g1"}"#,
        r#"{"id": 1, "first_name": "tab	inside"}"#,
        r#"{"id": 1, "tags": ["a",]}"#,
        r#"{"id": 1, "dnc": nul}"#,
        r#"{"id": 1, "dnc": falsey}"#,
        r#"{"id": 1 "email": "a"}"#,
        r#"{"id": 1,}"#,
    ];

    #[test]
    fn it_accepts_exactly_what_reads_as_a_contact() {
        for &(element, is_contact) in ELEMENTS {
            let contact = serde_json::from_str::<Contact>(element);
            let check = serde_json::from_str::<ContactCheck>(element);
            assert_eq!(contact.is_ok(), is_contact, "Contact from {element}: {contact:?}");
            assert_eq!(check.is_ok(), is_contact, "ContactCheck from {element}: {check:?}");
        }
    }

    #[test]
    fn the_byte_scan_accepts_only_contacts_and_ends_where_they_end() {
        for &(element, is_contact) in ELEMENTS {
            if let Some((_, end)) = ContactCheck::scanned(element) {
                assert!(is_contact, "scanned as a contact: {element}");
                assert_eq!(end, element.len(), "{element}");
            }
        }
        for element in BROKEN {
            assert!(serde_json::from_str::<ContactCheck>(element).is_err(), "{element}");
            assert_eq!(ContactCheck::scanned(element).map(|(_, end)| end), None, "{element}");
        }
        let usual = r#"{"id": 1, "email": "a@b.c", "custom_data": {"k": [1, "v"]}, "dnc": null}"#;
        assert!(ContactCheck::scanned(usual).is_some());
    }

    #[test]
    fn a_list_skips_the_same_elements_either_way() {
        let texts: Vec<&str> = ELEMENTS.iter().map(|(element, _)| *element).collect();
        let body = format!("[{}]", texts.join(",\n "));
        let contacts = decode_list::<Contact>(body.as_bytes()).unwrap();
        let checks = decode_list::<ContactCheck>(body.as_bytes()).unwrap();
        let good = ELEMENTS.iter().filter(|(_, is_contact)| *is_contact).count();
        assert_eq!((contacts.items.len(), contacts.skipped), (good, ELEMENTS.len() - good));
        assert_eq!((checks.items.len(), checks.skipped), (good, ELEMENTS.len() - good));
    }
}
