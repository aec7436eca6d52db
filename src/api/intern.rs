//! Repeated short strings of a list (a contact's time zone and tags) shared instead of
//! allocated per element: 100k contacts name a few hundred time zones and a few dozen tags,
//! so decoding them costs a lookup, not an allocation each. A
//! contact's whole list of tags is shared the same way: a few dozen tags make a few hundred
//! distinct lists.

use super::thin::Thin;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::borrow::Borrow;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// How many distinct strings a decoding thread keeps: enough for every time zone and the
/// tags of a real organisation; past it (a hostile or odd list) strings are simply not shared.
const POOL_LIMIT: usize = 4096;

/// Strings longer than this are rarely repeated; they are not pooled.
const LONGEST: usize = 64;

/// Lists of tags longer than this (as JSON text) are not kept by their text.
const LONGEST_TAGS_TEXT: usize = 256;

/// A pool of shared values, hashed quickly ([`Quick`]).
type Pool<P> = HashSet<P, BuildHasherDefault<Quick>>;

/// Shared lists of tags by their JSON text.
type TagsByText = HashMap<Box<str>, Thin<[Arc<str>]>, BuildHasherDefault<Quick>>;

thread_local! {
    static POOL: RefCell<Pool<Arc<str>>> = RefCell::new(Pool::default());
    static ZONES: RefCell<Pool<Thin<str>>> = RefCell::new(Pool::default());
    static LISTS: RefCell<Pool<Thin<[Arc<str>]>>> = RefCell::new(Pool::default());
    /// Lists of tags by their JSON text as sent: a contact's tags found with one lookup.
    static TAGS_TEXTS: RefCell<TagsByText> = RefCell::new(TagsByText::default());
}

/// The shared list of tags that `json` (a JSON list of strings, valid as the contact scan
/// found it) holds; `None` when it does not read as one.
pub fn intern_tags_text(json: &str) -> Option<Thin<[Arc<str>]>> {
    TAGS_TEXTS.with(|known| {
        if let Some(tags) = known.borrow().get(json) {
            return Some(tags.clone());
        }
        let tags = list(&mut serde_json::Deserializer::from_str(json)).ok()?;
        let mut known = known.borrow_mut();
        if json.len() <= LONGEST_TAGS_TEXT && known.len() < POOL_LIMIT {
            known.insert(json.into(), tags.clone());
        }
        Some(tags)
    })
}

/// The pools' hasher ([`quick_hash`]): the pools hash a contact's zone and tags for each of
/// 100k contacts, and SipHash cost more than the rest of reading them. The pools are
/// bounded ([`POOL_LIMIT`]), so texts chosen to collide cost little.
#[derive(Default)]
struct Quick(u64);

impl Hasher for Quick {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = quick_hash(self.0, bytes);
    }
}

/// A 64-bit hash of `bytes` after `seed`, in the manner of rustc's FxHash, 8 bytes at a
/// time: for texts hashed by the hundred thousand (these pools, the filter's index), where
/// SipHash's strength is not needed.
pub fn quick_hash(seed: u64, bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut hash = seed;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        hash = (hash.rotate_left(5) ^ u64::from_le_bytes(eight)).wrapping_mul(K);
    }
    let mut rest = [0; 8];
    rest[..words.remainder().len()].copy_from_slice(words.remainder());
    (hash.rotate_left(5) ^ u64::from_le_bytes(rest)).wrapping_mul(K)
}

/// The shared copy of `text`.
pub fn intern(text: &str) -> Arc<str> {
    POOL.with(|pool| shared(&mut pool.borrow_mut(), text, text.len() > LONGEST))
}

/// The shared copy of a time zone (a contact keeps it behind a one-word pointer).
pub fn intern_zone(text: &str) -> Thin<str> {
    ZONES.with(|pool| shared(&mut pool.borrow_mut(), text, text.len() > LONGEST))
}

/// The shared copy of a list of shared strings.
pub fn intern_list(texts: &[Arc<str>]) -> Thin<[Arc<str>]> {
    LISTS.with(|pool| shared(&mut pool.borrow_mut(), texts, false))
}

/// The shared empty list of tags.
pub fn no_tags() -> Thin<[Arc<str>]> {
    intern_list(&[])
}

/// The copy of `value` in `pool`, made and kept there when it is not yet (unless `alone`
/// or the pool is full).
fn shared<T, P>(pool: &mut Pool<P>, value: &T, alone: bool) -> P
where
    T: ?Sized + Eq + std::hash::Hash,
    P: Clone + Eq + std::hash::Hash + Borrow<T> + for<'a> From<&'a T>,
{
    if alone {
        return P::from(value);
    }
    if let Some(shared) = pool.get(value) {
        return shared.clone();
    }
    let shared = P::from(value);
    if pool.len() < POOL_LIMIT {
        pool.insert(shared.clone());
    }
    shared
}

/// A string read straight into its shared copy by `share`: borrowed from the body or
/// unescaped into serde's scratch buffer, never allocated on its own.
struct Shared<T>(T);

/// How a [`Shared`] is made from the text read.
trait Share: Sized {
    fn share(text: &str) -> Self;
}

impl Share for Arc<str> {
    fn share(text: &str) -> Self {
        intern(text)
    }
}

impl Share for Thin<str> {
    fn share(text: &str) -> Self {
        intern_zone(text)
    }
}

impl<'de, T: Share> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shared<T>, D::Error> {
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<T: Share> Visitor<'_> for Visit<T> {
            type Value = Shared<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Shared<T>, E> {
                Ok(Shared(T::share(text)))
            }
        }
        deserializer.deserialize_str(Visit(std::marker::PhantomData))
    }
}

/// Reads a string as its shared copy.
pub fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Arc<str>, D::Error> {
    Ok(Shared::<Arc<str>>::deserialize(deserializer)?.0)
}

/// Reads an optional string (null is absent) as a shared time zone.
pub(crate) fn optional<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Thin<str>>, D::Error> {
    Ok(Option::<Shared<Thin<str>>>::deserialize(deserializer)?.map(|shared| shared.0))
}

/// Reads a list of strings (null is empty) as a shared list of shared copies.
pub(crate) fn list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Thin<[Arc<str>]>, D::Error> {
    let shared = Option::<Vec<Shared<Arc<str>>>>::deserialize(deserializer)?.unwrap_or_default();
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
        assert!(Thin::ptr_eq(&a, &b));
        assert!(!Thin::ptr_eq(&a, &intern_list(&tags[..1])));
        assert_eq!(&*a, &tags);
        assert!(Thin::ptr_eq(&intern_zone("Asia/Tokyo"), &intern_zone("Asia/Tokyo")));
        let by_text = intern_tags_text(r#"["lead", "e\u0075"]"#).unwrap();
        assert!(Thin::ptr_eq(&by_text, &a));
        assert!(Thin::ptr_eq(&intern_tags_text(r#"["lead", "e\u0075"]"#).unwrap(), &a));
        assert!(intern_tags_text("[1]").is_none());
    }
}
