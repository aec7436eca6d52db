//! A contact as listed by endpoint 10, in as little memory as the dashboard can hold a
//! million of (the budget: 500 MiB for a million, docs/PERFORMANCE.md).
//!
//! Its e-mail, names and custom data live in one allocation (their texts back to back, with
//! where each ends), its tags and time zone are shared with every contact that has the same
//! (`api::intern`), each behind a one-word pointer (`api::thin`): one allocation per contact
//! instead of six, and 56 bytes of struct instead of 136. For 100k contacts that is about
//! 14 MB less, and less to allocate while decoding. Read the texts through [`Contact::email`], [`Contact::first_name`],
//! [`Contact::last_name`] and [`Contact::custom_data`]; make one with [`Contact::new`].

use super::custom_data::CustomData;
use super::intern;
use super::models::JsonObject;
use super::thin::Thin;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// A contact as listed by endpoint 10. Decoding is tolerant as for every model: null or
/// missing fields read as empty, unknown fields are ignored, only `id` is required.
#[derive(Clone)]
pub struct Contact {
    pub id: i64,
    pub dnc: bool,
    /// Shared with every contact that has the same tags (a few hundred lists for 100k
    /// contacts).
    pub tags: Thin<[Arc<str>]>,
    /// Shared with every contact in the same zone.
    pub timezone: Option<Thin<str>>,
    /// E-mail, first name, last name and the custom data's JSON text, back to back.
    text: Box<str>,
    /// Where the e-mail, the first name and the last name end in `text`.
    ends: [u32; 3],
}

impl Contact {
    /// A contact with these texts and no custom data, tags or zone (set them after).
    pub fn new(id: i64, email: &str, first_name: &str, last_name: &str) -> Contact {
        Contact::from_texts(id, [email, first_name, last_name], "")
    }

    /// The same contact with this custom data (kept as its compact JSON text).
    pub fn with_custom_data(self, data: &JsonObject) -> Contact {
        let json = if data.is_empty() {
            String::new()
        } else {
            serde_json::to_string(data).unwrap_or_default()
        };
        let texts = [self.email(), self.first_name(), self.last_name()];
        Contact { text: Contact::from_texts(0, texts, &json).text, ..self }
    }

    fn from_texts(id: i64, texts: [&str; 3], custom_data: &str) -> Contact {
        Contact::from_parts(id, texts, custom_data, false, intern::no_tags(), None)
    }

    /// A contact from what was read of it: the texts are copied into its one allocation.
    pub(super) fn from_parts(
        id: i64,
        texts: [&str; 3],
        custom_data: &str,
        dnc: bool,
        tags: Thin<[Arc<str>]>,
        timezone: Option<Thin<str>>,
    ) -> Contact {
        let mut text =
            String::with_capacity(texts.iter().map(|t| t.len()).sum::<usize>() + custom_data.len());
        let mut ends = [0; 3];
        for (end, part) in ends.iter_mut().zip(texts) {
            text.push_str(part);
            // A body is at most 256 MB (api::body), so no text reaches 4 GiB.
            *end = u32::try_from(text.len()).unwrap_or(u32::MAX);
        }
        text.push_str(custom_data);
        Contact { id, dnc, tags, timezone, text: text.into_boxed_str(), ends }
    }

    fn part(&self, from: u32, to: u32) -> &str {
        self.text.get(from as usize..to as usize).unwrap_or_default()
    }

    pub fn email(&self) -> &str {
        self.part(0, self.ends[0])
    }

    pub fn first_name(&self) -> &str {
        self.part(self.ends[0], self.ends[1])
    }

    pub fn last_name(&self) -> &str {
        self.part(self.ends[1], self.ends[2])
    }

    /// The same contact without its custom data: what a list of many organisations' contacts
    /// keeps of each (the custom data is read in the contact's own organisation).
    pub fn without_custom_data(&self) -> Contact {
        let texts = [self.email(), self.first_name(), self.last_name()];
        let (tags, timezone) = (self.tags.clone(), self.timezone.clone());
        Contact::from_parts(self.id, texts, "", self.dnc, tags, timezone)
    }

    /// Free-form key/value data, decoded only when asked for.
    pub fn custom_data(&self) -> CustomData<'_> {
        CustomData::new(self.text.get(self.ends[2] as usize..).unwrap_or_default())
    }
}

impl Default for Contact {
    fn default() -> Contact {
        Contact::new(0, "", "", "")
    }
}

impl PartialEq for Contact {
    fn eq(&self, other: &Contact) -> bool {
        self.id == other.id
            && self.dnc == other.dnc
            && self.tags == other.tags
            && self.timezone == other.timezone
            && self.email() == other.email()
            && self.first_name() == other.first_name()
            && self.last_name() == other.last_name()
            && self.custom_data() == other.custom_data()
    }
}

impl fmt::Debug for Contact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Contact")
            .field("id", &self.id)
            .field("email", &self.email())
            .field("first_name", &self.first_name())
            .field("last_name", &self.last_name())
            .field("custom_data", &self.custom_data())
            .field("dnc", &self.dnc)
            .field("tags", &self.tags)
            .field("timezone", &self.timezone)
            .finish()
    }
}

/// Written as the API lists it, fields in the spec's order.
impl Serialize for Contact {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Contact", 8)?;
        out.serialize_field("id", &self.id)?;
        out.serialize_field("email", self.email())?;
        out.serialize_field("first_name", self.first_name())?;
        out.serialize_field("last_name", self.last_name())?;
        match self.custom_data().text() {
            // The text was checked to be a JSON object when it was made or read.
            Some(text) => {
                let raw =
                    RawValue::from_string(text.to_owned()).map_err(serde::ser::Error::custom)?;
                out.serialize_field("custom_data", &raw)?;
            }
            None => out.serialize_field("custom_data", &JsonObject::new())?,
        }
        out.serialize_field("dnc", &self.dnc)?;
        out.serialize_field("tags", &Tags(&self.tags))?;
        out.serialize_field("timezone", &self.timezone.as_deref())?;
        out.end()
    }
}

struct Tags<'a>(&'a [Arc<str>]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|tag| &**tag))
    }
}

/// A contact as it comes over the wire: its texts borrowed from the body wherever they
/// hold no escapes, so that the contact's one allocation is the only one.
#[derive(serde::Deserialize)]
struct Wire<'a> {
    id: i64,
    #[serde(default, borrow, deserialize_with = "text")]
    email: Cow<'a, str>,
    #[serde(default, borrow, deserialize_with = "text")]
    first_name: Cow<'a, str>,
    #[serde(default, borrow, deserialize_with = "text")]
    last_name: Cow<'a, str>,
    #[serde(default, borrow)]
    custom_data: Option<&'a RawValue>,
    #[serde(default, deserialize_with = "flag")]
    dnc: bool,
    #[serde(default = "intern::no_tags", deserialize_with = "intern::list")]
    tags: Thin<[Arc<str>]>,
    #[serde(default, deserialize_with = "intern::optional")]
    timezone: Option<Thin<str>>,
}

impl<'de> Deserialize<'de> for Contact {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Contact, D::Error> {
        let wire = Wire::deserialize(deserializer)?;
        // Only a non-empty object is kept; anything else (a list, a string) reads as empty.
        let custom_data = kept_custom_data(wire.custom_data.map_or("", RawValue::get));
        let texts = [&*wire.email, &*wire.first_name, &*wire.last_name];
        Ok(Contact::from_parts(wire.id, texts, custom_data, wire.dnc, wire.tags, wire.timezone))
    }
}

/// The custom data's JSON text as a contact keeps it: only a non-empty object, anything else
/// (a list, a string, null) as empty.
pub(super) fn kept_custom_data(json: &str) -> &str {
    if CustomData::new(json).is_empty() { "" } else { json }
}

/// A string (null is empty), borrowed when it has no escapes.
fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Cow<'de, str>, D::Error> {
    struct Text<'a>(Cow<'a, str>);
    impl<'de> Deserialize<'de> for Text<'de> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text<'de>, D::Error> {
            struct Visit;
            impl<'de> Visitor<'de> for Visit {
                type Value = Text<'de>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a string")
                }
                fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Text<'de>, E> {
                    Ok(Text(Cow::Borrowed(text)))
                }
                fn visit_str<E: de::Error>(self, text: &str) -> Result<Text<'de>, E> {
                    Ok(Text(Cow::Owned(text.to_owned())))
                }
                fn visit_string<E: de::Error>(self, text: String) -> Result<Text<'de>, E> {
                    Ok(Text(Cow::Owned(text)))
                }
            }
            deserializer.deserialize_str(Visit)
        }
    }
    Ok(Option::<Text<'de>>::deserialize(deserializer)?.map_or(Cow::Borrowed(""), |text| text.0))
}

/// A boolean (null is false).
fn flag<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nulls_and_extra_fields_are_tolerated() {
        let contact: Contact = serde_json::from_str(
            r#"{"id": 7, "email": null, "first_name": "Ann", "dnc": null, "tags": null,
                "custom_data": [1], "timezone": null, "brand_new_field": {"x": 1}}"#,
        )
        .unwrap();
        assert_eq!(contact.id, 7);
        assert_eq!(contact.email(), "");
        assert_eq!(contact.first_name(), "Ann");
        assert!(!contact.dnc);
        assert!(contact.tags.is_empty());
        assert!(contact.custom_data().is_empty());
    }

    #[test]
    fn an_element_without_id_fails_so_lists_can_skip_it() {
        assert!(serde_json::from_str::<Contact>(r#"{"email": "a@b.c"}"#).is_err());
        assert!(serde_json::from_str::<Contact>(r#"{"id": 1, "email": 3}"#).is_err());
    }

    #[test]
    fn every_text_reads_back_escaped_or_not() {
        let contact: Contact = serde_json::from_str(
            r#"{"id": 1, "email": "a\"@b.c", "first_name": "Zoë", "last_name": "O\u2019Brien",
                "custom_data": {"b": 1, "a": [true]}, "dnc": true, "tags": ["x", "y"],
                "timezone": "Europe/Berlin"}"#,
        )
        .unwrap();
        assert_eq!(
            (contact.email(), contact.first_name(), contact.last_name()),
            ("a\"@b.c", "Zoë", "O\u{2019}Brien")
        );
        assert_eq!(contact.custom_data().get("a"), Some(json!([true])));
        assert!(contact.dnc);
        assert_eq!(contact.tags.iter().map(|t| &**t).collect::<Vec<_>>(), ["x", "y"]);
        assert_eq!(contact.timezone.as_deref(), Some("Europe/Berlin"));
    }

    #[test]
    fn it_is_written_as_the_api_lists_it_and_read_back_the_same() {
        let data = json!({"company": "Acme", "seats": 42});
        let mut contact = Contact::new(3, "ann@acme.test", "Ann", "Smith")
            .with_custom_data(data.as_object().unwrap());
        contact.tags = [intern::intern("lead")].into();
        contact.timezone = Some(intern::intern_zone("Europe/Berlin"));
        let text = serde_json::to_string(&contact).unwrap();
        assert_eq!(
            text,
            r#"{"id":3,"email":"ann@acme.test","first_name":"Ann","last_name":"Smith","custom_data":{"company":"Acme","seats":42},"dnc":false,"tags":["lead"],"timezone":"Europe/Berlin"}"#
        );
        assert_eq!(serde_json::from_str::<Contact>(&text).unwrap(), contact);
        let bare = serde_json::to_string(&Contact::new(4, "b@c.d", "", "")).unwrap();
        assert!(
            bare.contains(r#""custom_data":{},"dnc":false,"tags":[],"timezone":null"#),
            "{bare}"
        );
    }

    #[test]
    fn custom_data_compares_by_content_not_by_text() {
        let read: Contact =
            serde_json::from_str(r#"{"id": 1, "custom_data": {"b": 1, "a": [true]}}"#).unwrap();
        let made = Contact::new(1, "", "", "")
            .with_custom_data(json!({"a": [true], "b": 1}).as_object().unwrap());
        assert_eq!(read, made);
        assert_ne!(read, Contact::new(1, "", "", ""));
    }

    #[test]
    fn a_contact_is_small() {
        assert!(std::mem::size_of::<Contact>() <= 56, "{}", std::mem::size_of::<Contact>());
    }
}
