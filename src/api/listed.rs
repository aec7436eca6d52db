//! Tolerant list decoding: one element that does not decode is skipped and counted,
//! never a failure of the whole list (DESIGN §4).

use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use std::sync::Arc;

/// A decoded list and how many of its elements could not be read.
#[derive(Debug, Clone)]
pub struct Listed<T> {
    pub items: Arc<[T]>,
    /// Elements skipped because they did not decode; shown to the user as a warning.
    pub skipped: usize,
}

impl<T> Listed<T> {
    /// A warning for the user when elements were skipped.
    pub fn warning(&self, what: &str) -> Option<String> {
        (self.skipped > 0).then(|| {
            format!(
                "{} {what} could not be read and {} left out",
                self.skipped,
                if self.skipped == 1 { "was" } else { "were" }
            )
        })
    }
}

/// Decodes a JSON array element by element. Fails only when the body is not an array.
pub fn decode_list<T: DeserializeOwned>(body: &[u8]) -> Result<Listed<T>, serde_json::Error> {
    let (items, skipped) = decode_elements(body)?;
    Ok(Listed { items: items.into(), skipped })
}

/// The elements [`decode_list`] keeps, in order, and how many it skipped; for a caller that
/// wants to free the body before the items move into their shared slice.
pub fn decode_elements<T: DeserializeOwned>(
    body: &[u8],
) -> Result<(Vec<T>, usize), serde_json::Error> {
    // Usually every element decodes: one pass straight into the items is then the whole
    // cost (100k contacts: a tenth less time, and no element index). A list with a bad
    // element, or no list at all, is read again below; its result is the same either way.
    if let Ok(items) = serde_json::from_slice::<Vec<T>>(body) {
        return Ok((items, 0));
    }
    // Raw values only record where each element starts and ends, so the second pass is
    // the only real parse and a bad element costs nothing but itself.
    let raw: Vec<&RawValue> = serde_json::from_slice(body)?;
    let mut items = Vec::with_capacity(raw.len());
    let mut skipped = 0;
    for element in raw {
        match serde_json::from_str::<T>(element.get()) {
            Ok(item) => items.push(item),
            Err(_) => skipped += 1,
        }
    }
    Ok((items, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::Contact;

    #[test]
    fn a_bad_element_is_skipped_and_counted() {
        let body = br#"[{"id": 1, "email": "a@b.c"}, {"email": "no id"}, "junk", {"id": 3}]"#;
        let listed: Listed<Contact> = decode_list(body).unwrap();
        assert_eq!(listed.items.len(), 2);
        assert_eq!(listed.skipped, 2);
        assert_eq!(
            listed.warning("contacts").unwrap(),
            "2 contacts could not be read and were left out"
        );
    }

    #[test]
    fn a_list_without_bad_elements_keeps_every_element_in_order() {
        let body = br#"[{"id": 3, "tags": ["a"]}, {"id": 1, "email": null}, {"id": 2}]"#;
        let listed: Listed<Contact> = decode_list(body).unwrap();
        let ids: Vec<i64> = listed.items.iter().map(|c| c.id).collect();
        assert_eq!((ids, listed.skipped), (vec![3, 1, 2], 0));
        assert_eq!(listed.items[0].tags, ["a"]);
    }

    #[test]
    fn a_bad_last_element_is_skipped_after_good_ones() {
        let body = br#"[{"id": 1}, {"id": 2}, {"id": "three"}]"#;
        let listed: Listed<Contact> = decode_list(body).unwrap();
        assert_eq!((listed.items.len(), listed.skipped), (2, 1));
    }

    #[test]
    fn broken_json_fails_even_when_its_elements_would_decode() {
        assert!(decode_list::<Contact>(br#"[{"id": 1}, {"id": 2}"#).is_err());
        assert!(decode_list::<Contact>(br#"[{"id": 1}, {"id": 2,]"#).is_err());
        assert!(decode_list::<Contact>(br#"[{"id": 1}] trailing"#).is_err());
    }

    #[test]
    fn a_body_that_is_not_a_list_fails() {
        assert!(decode_list::<Contact>(br#"{"detail": "x"}"#).is_err());
    }
}
