//! A [`Contact`] built from the byte scan of its element ([`scan_contact_into`]) when the
//! element has the usual shape, instead of serde's per-field machinery: most of decoding
//! 100k contacts for the dashboard went there. Anything else is left to serde (`None`),
//! and what the scan builds is what serde builds (the tests hold the two side by side).

use super::contact::{Contact, kept_custom_data};
use super::contact_scan::{Fields, Str, TextField, scan_contact_into};
use super::intern::{intern_tags_text, intern_zone, no_tags};
use super::thin::Thin;
use std::borrow::Cow;
use std::sync::Arc;

/// The contact `text` starts with and where it ends, when it has the usual shape; `None`
/// leaves it to serde. A [`Quick`](super::listed::Quick) reader for contact lists.
pub fn scanned_contact(text: &str) -> Option<(Contact, usize)> {
    let mut read = Read {
        texts: Default::default(),
        timezone: None,
        custom_data: "",
        dnc: false,
        tags: None,
        good: true,
    };
    let (id, end) = scan_contact_into(text, &mut read)?;
    if !read.good {
        return None;
    }
    let [email, first_name, last_name] = &read.texts;
    let contact = Contact::from_parts(
        id,
        [email, first_name, last_name],
        kept_custom_data(read.custom_data),
        read.dnc,
        read.tags.unwrap_or_else(no_tags),
        read.timezone,
    );
    Some((contact, end))
}

/// What the scan told of one element.
struct Read<'a> {
    texts: [Cow<'a, str>; 3],
    timezone: Option<Thin<str>>,
    custom_data: &'a str,
    dnc: bool,
    tags: Option<Thin<[Arc<str>]>>,
    /// False when a string or the tags could not be read (then serde says why).
    good: bool,
}

impl<'a> Read<'a> {
    fn text(&mut self, text: Str<'a>) -> Cow<'a, str> {
        text.text().unwrap_or_else(|| {
            self.good = false;
            Cow::Borrowed("")
        })
    }
}

impl<'a> Fields<'a> for Read<'a> {
    fn text(&mut self, field: TextField, text: Option<Str<'a>>) {
        let text = text.map(|text| self.text(text));
        let slot = match field {
            TextField::Email => 0,
            TextField::FirstName => 1,
            TextField::LastName => 2,
            TextField::Timezone => {
                self.timezone = text.map(|text| intern_zone(&text));
                return;
            }
        };
        self.texts[slot] = text.unwrap_or_default();
    }

    fn custom_data(&mut self, json: &'a str) {
        self.custom_data = json;
    }

    fn dnc(&mut self, dnc: bool) {
        self.dnc = dnc;
    }

    fn tags(&mut self, json: &'a str) {
        self.tags = intern_tags_text(json);
        self.good &= self.tags.is_some();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::contact_check::tests::{BROKEN, ELEMENTS};
    use crate::api::listed::{ListDecoder, decode_list};

    /// Elements of the usual shape whose texts, tags, zones and custom data take every form
    /// the scan builds from.
    const BUILT: &[&str] = &[
        r#"{"id":10001,"email":"a@b.c","first_name":"Dvořák","last_name":"Hill","custom_data":{"company":"A & B","title":"Head"},"dnc":false,"tags":["partner","trial"],"timezone":"Australia/Sydney"}"#,
        r#"{ "id" : -3 , "first_name" : "\u001b[31mRed\u001b[0m\"\\\/\n" , "dnc" : true }"#,
        r#"{"id": 2, "email": "", "tags": ["a\"b", "\u00e9", "", "x"], "timezone": "Eur\u006fpe/Berlin"}"#,
        r#"{"id": 3, "custom_data": { "a" : [ 1 , 2.5 ] , "b" : { } } , "timezone": ""}"#,
        r#"{"id": 4, "custom_data": { }, "tags": [ ], "dnc": null, "timezone": null}"#,
        r#"{"id": 5, "custom_data": [], "last_name": "O\u2019Brien😀x"}"#,
        r#"{"id": 6, "custom_data": "{\"a\": 1}", "extra": {"id": 7, "email": 8}}"#,
        r#"{"id": 7, "custom_data": 12.5, "tags": null, "email": null}"#,
        r#"{"timezone": "Asia/Tokyo", "tags": ["b", "a"], "id": 8, "custom_data": {"z": null}}"#,
    ];

    /// The same contact, field by field, down to the custom data's text as kept.
    fn same(scanned: &Contact, read: &Contact) -> bool {
        scanned == read
            && scanned.custom_data().text() == read.custom_data().text()
            && format!("{scanned:?}") == format!("{read:?}")
    }

    #[test]
    fn what_the_scan_builds_is_what_serde_builds() {
        let every = ELEMENTS.iter().map(|(element, _)| *element).chain(BUILT.iter().copied());
        for element in every {
            let read = serde_json::from_str::<Contact>(element);
            let Some((scanned, end)) = scanned_contact(element) else { continue };
            let read = read.unwrap_or_else(|error| panic!("serde refuses {element}: {error}"));
            assert!(same(&scanned, &read), "{element}:\n{scanned:?}\n{read:?}");
            assert_eq!(end, element.len(), "{element}");
        }
        for element in BUILT {
            assert!(scanned_contact(element).is_some(), "not scanned: {element}");
        }
    }

    #[test]
    fn it_refuses_what_serde_refuses() {
        for &(element, is_contact) in ELEMENTS {
            if !is_contact {
                assert!(scanned_contact(element).is_none(), "{element}");
            }
        }
        for element in BROKEN {
            assert!(scanned_contact(element).is_none(), "{element}");
        }
    }

    #[test]
    fn a_list_reads_the_same_with_the_scan_or_without() {
        let texts: Vec<&str> =
            ELEMENTS.iter().map(|(element, _)| *element).chain(BUILT.iter().copied()).collect();
        let body = format!("[{}]", texts.join(",\n "));
        let by_serde = decode_list::<Contact>(body.as_bytes()).unwrap();
        // Fed in small chunks, so that elements are cut and read again whole.
        let mut decoder = ListDecoder::new().reading_quickly(scanned_contact);
        for chunk in body.as_bytes().chunks(7) {
            decoder.feed(chunk).unwrap();
        }
        let by_scan = decoder.finish().unwrap();
        assert_eq!(by_scan.skipped, by_serde.skipped);
        assert_eq!(by_scan.items.len(), by_serde.items.len());
        for (scanned, read) in by_scan.items.iter().zip(by_serde.items.iter()) {
            assert!(same(scanned, read), "{scanned:?}\n{read:?}");
        }
    }

    #[test]
    fn tags_and_zones_are_shared_as_serde_shares_them() {
        let element = r#"{"id": 1, "tags": ["lead"], "timezone": "Europe/Paris"}"#;
        let (a, _) = scanned_contact(element).unwrap();
        let b: Contact = serde_json::from_str(element).unwrap();
        assert!(Thin::ptr_eq(&a.tags, &b.tags));
        assert!(Thin::ptr_eq(a.timezone.as_ref().unwrap(), b.timezone.as_ref().unwrap()));
    }
}
