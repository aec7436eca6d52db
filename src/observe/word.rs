//! A snapshot's status and category words, shared: a snapshot names a status and a category
//! for each of the inbox's exchanges (20k at scale 100) from a few dozen words, and as a
//! `String` each they were two allocations an exchange in every snapshot the dashboard holds.

use crate::api::intern::{self, intern};
use serde::de::{Deserialize, Deserializer};
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A word (`INFO_INQUIRY`, `interested`) shared with every other use of it; written and read
/// as the plain string it is.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Word(Arc<str>);

impl Word {
    pub fn new(text: &str) -> Word {
        Word(intern(text))
    }
}

impl Deref for Word {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Word {
    fn from(text: &str) -> Word {
        Word::new(text)
    }
}

impl PartialEq<&str> for Word {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Serialize for Word {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Word, D::Error> {
        intern::text(deserializer).map(Word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_shared_and_written_as_a_string() {
        let (a, b) = (Word::new("INFO_INQUIRY"), Word::from("INFO_INQUIRY"));
        assert!(Arc::ptr_eq(&a.0, &b.0));
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(text, r#""INFO_INQUIRY""#);
        assert_eq!(serde_json::from_str::<Word>(&text).unwrap(), a);
        assert_eq!(a, "INFO_INQUIRY");
        assert_eq!(format!("{a} {a:?}"), r#"INFO_INQUIRY "INFO_INQUIRY""#);
    }
}
