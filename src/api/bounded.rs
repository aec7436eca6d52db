//! How much of any one string a decoded list element keeps: a server may send a 50 MB name
//! or body, and every frame, filter key and layout that reads the element would pay for all
//! of it. Each string of an element is cut while it is decoded — at [`TEXT_MAX`] bytes, or
//! [`BODY_MAX`] for an e-mail body's `html` and `text` — and marked as cut
//! ("… [cut: 50 MB]"), whatever field or nesting it is in (names, subjects, statuses,
//! `custom_data`, `cc`). A list passed on as the server sent it (`-o json`) is not decoded
//! this way: its text goes through whole.
//!
//! [`Bounded`] wraps the element's type; its deserializer wraps serde_json's and cuts each
//! string before the element's own visitor sees it, so the full string is never copied.

use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
use std::cell::Cell;
use std::fmt;

/// Bytes kept of a string: a name, subject, address, status, a value in `custom_data`.
pub const TEXT_MAX: usize = 64 * 1024;

/// Bytes kept of an e-mail body (`html`, `text`); a layout shows at most a quarter of it.
pub const BODY_MAX: usize = 1024 * 1024;

/// Keys whose strings are e-mail bodies.
const BODY_KEYS: &[&str] = &["html", "text"];

/// A `T` whose strings were cut to their bounds as it was decoded.
#[derive(Debug)]
pub struct Bounded<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Bounded<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(Cut::new(deserializer, TEXT_MAX)).map(Bounded)
    }
}

/// `text` cut to at most `max` bytes at a character boundary, marked with its whole size;
/// `None` when it fits.
pub fn cut_text(text: &str, max: usize) -> Option<String> {
    if text.len() <= max {
        return None;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Some(format!("{}… [cut: {}]", &text[..end], size_words(text.len())))
}

/// "50 MB", "1.5 MB", "700 KB": a size as a person reads it (1 KB = 1024 bytes).
fn size_words(bytes: usize) -> String {
    const KB: usize = 1024;
    const MB: usize = 1024 * 1024;
    match bytes {
        0..KB => format!("{bytes} B"),
        KB..MB => format!("{} KB", bytes / KB),
        _ if bytes < 10 * MB => format!("{:.1} MB", bytes as f64 / MB as f64),
        _ => format!("{} MB", bytes / MB),
    }
}

/// A deserializer whose strings are cut at `max` bytes. As a map key's reader it notes in
/// `key` whether the key names a body.
struct Cut<'k, D> {
    inner: D,
    max: usize,
    key: Option<&'k Cell<bool>>,
}

impl<D> Cut<'_, D> {
    fn new(inner: D, max: usize) -> Self {
        Cut { inner, max, key: None }
    }
}

/// The visitor given to the wrapped deserializer: cuts strings, wraps what it nests into.
struct CutVisitor<'k, V> {
    inner: V,
    max: usize,
    key: Option<&'k Cell<bool>>,
}

impl<'k, V> CutVisitor<'k, V> {
    fn note(&self, text: &str) {
        if let Some(key) = self.key {
            key.set(BODY_KEYS.contains(&text));
        }
    }
}

macro_rules! forward_deserialize {
    ($($method:ident),* $(,)?) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
                let visitor = CutVisitor { inner: visitor, max: self.max, key: self.key };
                self.inner.$method(visitor)
            }
        )*
    };
}

impl<'de, 'k, D: Deserializer<'de>> Deserializer<'de> for Cut<'k, D> {
    type Error = D::Error;

    forward_deserialize!(
        deserialize_any,
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_option,
        deserialize_unit,
        deserialize_seq,
        deserialize_map,
        deserialize_identifier,
        deserialize_ignored_any,
    );

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = CutVisitor { inner: visitor, max: self.max, key: self.key };
        self.inner.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = CutVisitor { inner: visitor, max: self.max, key: self.key };
        self.inner.deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = CutVisitor { inner: visitor, max: self.max, key: self.key };
        self.inner.deserialize_tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = CutVisitor { inner: visitor, max: self.max, key: self.key };
        self.inner.deserialize_tuple_struct(name, len, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = CutVisitor { inner: visitor, max: self.max, key: self.key };
        self.inner.deserialize_struct(name, fields, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = CutVisitor { inner: visitor, max: self.max, key: self.key };
        self.inner.deserialize_enum(name, variants, visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

macro_rules! forward_visit {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(
            fn $method<E: de::Error>(self, value: $ty) -> Result<V::Value, E> {
                self.inner.$method(value)
            }
        )*
    };
}

impl<'de, V: Visitor<'de>> Visitor<'de> for CutVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    forward_visit!(
        visit_bool(bool),
        visit_i8(i8),
        visit_i16(i16),
        visit_i32(i32),
        visit_i64(i64),
        visit_i128(i128),
        visit_u8(u8),
        visit_u16(u16),
        visit_u32(u32),
        visit_u64(u64),
        visit_u128(u128),
        visit_f32(f32),
        visit_f64(f64),
        visit_char(char),
        visit_bytes(&[u8]),
        visit_borrowed_bytes(&'de [u8]),
        visit_byte_buf(Vec<u8>),
    );

    fn visit_str<E: de::Error>(self, text: &str) -> Result<V::Value, E> {
        self.note(text);
        match cut_text(text, self.max) {
            Some(cut) => self.inner.visit_string(cut),
            None => self.inner.visit_str(text),
        }
    }

    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<V::Value, E> {
        self.note(text);
        match cut_text(text, self.max) {
            Some(cut) => self.inner.visit_string(cut),
            None => self.inner.visit_borrowed_str(text),
        }
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<V::Value, E> {
        self.note(&text);
        match cut_text(&text, self.max) {
            Some(cut) => self.inner.visit_string(cut),
            None => self.inner.visit_string(text),
        }
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.inner.visit_some(Cut { inner: deserializer, max: self.max, key: self.key })
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.inner.visit_newtype_struct(Cut { inner: deserializer, max: self.max, key: self.key })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.inner.visit_seq(CutSeq { inner: seq, max: self.max })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(CutMap { inner: map, max: self.max, body: Cell::new(false) })
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.inner.visit_enum(CutEnum { inner: data, max: self.max })
    }
}

/// A seed whose value is read through [`Cut`].
struct CutSeed<'k, S> {
    inner: S,
    max: usize,
    key: Option<&'k Cell<bool>>,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for CutSeed<'_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.inner.deserialize(Cut { inner: deserializer, max: self.max, key: self.key })
    }
}

struct CutSeq<A> {
    inner: A,
    max: usize,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for CutSeq<A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        self.inner.next_element_seed(CutSeed { inner: seed, max: self.max, key: None })
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// A map whose keys are read noting whether they name a body, and whose values are cut at
/// the bound their key gives.
struct CutMap<A> {
    inner: A,
    max: usize,
    body: Cell<bool>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for CutMap<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.body.set(false);
        self.inner.next_key_seed(CutSeed { inner: seed, max: TEXT_MAX, key: Some(&self.body) })
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        let max = if self.body.get() { BODY_MAX.max(self.max) } else { self.max };
        self.inner.next_value_seed(CutSeed { inner: seed, max, key: None })
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

struct CutEnum<A> {
    inner: A,
    max: usize,
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for CutEnum<A> {
    type Error = A::Error;
    type Variant = CutVariant<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let max = self.max;
        let (value, variant) =
            self.inner.variant_seed(CutSeed { inner: seed, max: TEXT_MAX, key: None })?;
        Ok((value, CutVariant { inner: variant, max }))
    }
}

struct CutVariant<A> {
    inner: A,
    max: usize,
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for CutVariant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.inner.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        self.inner.newtype_variant_seed(CutSeed { inner: seed, max: self.max, key: None })
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.inner.tuple_variant(len, CutVisitor { inner: visitor, max: self.max, key: None })
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.inner.struct_variant(fields, CutVisitor { inner: visitor, max: self.max, key: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::{Bot, EmailMessage};
    use serde_json::Value;

    fn bounded<T: for<'de> Deserialize<'de>>(json: &str) -> T {
        serde_json::from_str::<Bounded<T>>(json).unwrap().0
    }

    #[test]
    fn a_long_string_anywhere_in_an_element_is_cut_and_marked() {
        let long = "é".repeat(TEXT_MAX); // 2 bytes each: twice the bound
        let json = serde_json::json!({
            "id": 1, "email": long, "status": long, "custom_data": {"note": [long, {"x": long}]},
        })
        .to_string();
        let bot: Bot = bounded(&json);
        let kept = format!("{}… [cut: 128 KB]", "é".repeat(TEXT_MAX / 2));
        assert_eq!(bot.email, kept);
        assert_eq!(bot.status.as_str(), kept);
        assert_eq!(bot.custom_data["note"][0], Value::String(kept.clone()));
        assert_eq!(bot.custom_data["note"][1]["x"], Value::String(kept));
    }

    #[test]
    fn a_body_keeps_more_than_a_name_and_short_strings_are_untouched() {
        let body = "b".repeat(BODY_MAX + 1);
        let subject = "s".repeat(TEXT_MAX + 1);
        let json = serde_json::json!({
            "subject": subject, "body": {"html": body, "text": "short"}, "cc": ["a@b.c", null],
        })
        .to_string();
        let message: EmailMessage = bounded(&json);
        assert_eq!(message.subject, format!("{}… [cut: 64 KB]", "s".repeat(TEXT_MAX)));
        let html = message.body.html.unwrap();
        assert_eq!(html, format!("{}… [cut: 1.0 MB]", "b".repeat(BODY_MAX)));
        assert_eq!(message.body.text.as_deref(), Some("short"));
        assert_eq!(message.cc, [Value::String("a@b.c".into()), Value::Null]);
    }

    #[test]
    fn sizes_read_as_a_person_says_them() {
        assert_eq!(size_words(50 * 1024 * 1024), "50 MB");
        assert_eq!(size_words(1536 * 1024), "1.5 MB");
        assert_eq!(size_words(700 * 1024), "700 KB");
        assert_eq!(cut_text("abc", 3), None);
        assert_eq!(cut_text("abcd", 3).as_deref(), Some("abc… [cut: 4 B]"));
    }
}
