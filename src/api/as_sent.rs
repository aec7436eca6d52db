//! A list element passed on as the server sent it: its JSON text, checked to read as a `T`
//! (and that `T`, for the columns of a table or CSV). `contacts list -o json` writes the
//! text, so its cost tracks the transfer instead of decoding and encoding each contact
//! (issue 13); an element that is not a `T` is left out and counted, as in any list.

use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde_json::value::RawValue;

/// One element of a list, as sent and as read.
#[derive(Debug)]
pub struct AsSent<T> {
    /// The element's JSON exactly as it came (white space inside it included).
    pub json: Box<RawValue>,
    pub item: T,
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for AsSent<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let json = Box::<RawValue>::deserialize(deserializer)?;
        let item = serde_json::from_str(json.get()).map_err(D::Error::custom)?;
        Ok(AsSent { json, item })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::listed::decode_list;
    use crate::api::models::Contact;

    #[test]
    fn each_element_keeps_its_text_and_a_wrong_one_is_left_out() {
        let body = br#"[{"id": 1, "zz": [1,2]} , {"id": "two"}, {"email":"a@b.c","id":3}]"#;
        let listed = decode_list::<AsSent<Contact>>(body).unwrap();
        let texts: Vec<&str> = listed.items.iter().map(|e| e.json.get()).collect();
        assert_eq!(texts, [r#"{"id": 1, "zz": [1,2]}"#, r#"{"email":"a@b.c","id":3}"#]);
        assert_eq!(listed.items[1].item.email, "a@b.c");
        assert_eq!(listed.skipped, 1);
    }
}
