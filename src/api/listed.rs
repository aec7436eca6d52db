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
    Ok(Listed { items: items.into(), skipped })
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
    fn a_body_that_is_not_a_list_fails() {
        assert!(decode_list::<Contact>(br#"{"detail": "x"}"#).is_err());
    }
}
