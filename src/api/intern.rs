//! Repeated short strings of a list (a contact's time zone and tags) shared instead of
//! allocated per element: 100k contacts name a few hundred time zones and a few dozen tags,
//! so decoding them costs a lookup, not an allocation each. A
//! contact's whole list of tags is shared the same way: a few dozen tags make a few hundred
//! distinct lists.

use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

/// How many distinct strings a decoding thread keeps: enough for every time zone and the
/// tags of a real organisation; past it (a hostile or odd list) strings are simply not shared.
const POOL_LIMIT: usize = 4096;

/// Strings longer than this are rarely repeated; they are not pooled.
const LONGEST: usize = 64;

thread_local! {
    static POOL: RefCell<HashSet<Arc<str>>> = RefCell::new(HashSet::new());
    static LISTS: RefCell<HashSet<Arc<[Arc<str>]>>> = RefCell::new(HashSet::new());
}

/// The shared copy of `text`.
pub fn intern(text: &str) -> Arc<str> {
    if text.len() > LONGEST {
        return Arc::from(text);
    }
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        if let Some(shared) = pool.get(text) {
            return Arc::clone(shared);
        }
        let shared: Arc<str> = Arc::from(text);
        if pool.len() < POOL_LIMIT {
            pool.insert(Arc::clone(&shared));
        }
        shared
    })
}

/// The shared copy of a list of shared strings.
pub fn intern_list(texts: &[Arc<str>]) -> Arc<[Arc<str>]> {
    LISTS.with(|pool| {
        let mut pool = pool.borrow_mut();
        if let Some(shared) = pool.get(texts) {
            return Arc::clone(shared);
        }
        let shared: Arc<[Arc<str>]> = Arc::from(texts);
        if pool.len() < POOL_LIMIT {
            pool.insert(Arc::clone(&shared));
        }
        shared
    })
}

/// A string read straight into its shared copy: borrowed from the body or unescaped into
/// serde's scratch buffer, never allocated on its own.
struct Shared(Arc<str>);

impl<'de> Deserialize<'de> for Shared {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shared, D::Error> {
        struct Visit;
        impl Visitor<'_> for Visit {
            type Value = Shared;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Shared, E> {
                Ok(Shared(intern(text)))
            }
        }
        deserializer.deserialize_str(Visit)
    }
}

/// Reads an optional string (null is absent) as a shared copy.
pub(crate) fn optional<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Arc<str>>, D::Error> {
    Ok(Option::<Shared>::deserialize(deserializer)?.map(|shared| shared.0))
}

/// Reads a list of strings (null is empty) as a shared list of shared copies.
pub(crate) fn list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Arc<[Arc<str>]>, D::Error> {
    let shared = Option::<Vec<Shared>>::deserialize(deserializer)?.unwrap_or_default();
    let texts: Vec<Arc<str>> = shared.into_iter().map(|shared| shared.0).collect();
    Ok(intern_list(&texts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_strings_share_one_copy_and_long_ones_do_not() {
        let (a, b) = (intern("Europe/Berlin"), intern("Europe/Berlin"));
        assert!(Arc::ptr_eq(&a, &b));
        let long = "x".repeat(LONGEST + 1);
        assert!(!Arc::ptr_eq(&intern(&long), &intern(&long)));
        assert_eq!(&*intern(&long), long);
    }

    #[test]
    fn equal_lists_share_one_copy() {
        let tags = [intern("lead"), intern("eu")];
        let (a, b) = (intern_list(&tags), intern_list(&tags.clone()));
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &intern_list(&tags[..1])));
        assert_eq!(&*a, &tags);
    }
}
