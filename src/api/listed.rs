//! Tolerant list decoding: one element that does not decode is skipped and counted,
//! never a failure of the whole list: one odd element must not blank a pane.
//!
//! Lists are decoded as their bytes arrive ([`ListDecoder`]): each element as soon as its
//! last byte is in, so a body is never held whole. For 100k contacts that is 23 MB never
//! allocated, and on this kind of machine touching fresh memory is most of the cost.

use super::as_sent::{Sent, SentTexts};
use super::bounded::Bounded;
use serde::de::{DeserializeOwned, Error as _, IgnoredAny};
use serde_json::value::RawValue;
use std::sync::Arc;

/// A decoded list's elements, shared between the store and the workers that read them.
///
/// An `Arc<Vec<T>>` rather than an `Arc<[T]>`: the decoder does not know the count until
/// the list ends, and turning its `Vec` into an `Arc<[T]>` copies every element into a
/// second allocation (13 MB more at the moment of the copy for 100k contacts, 130 MB for a
/// million). A `Vec` is handed over as it is, its spare room given back in place.
pub type Items<T> = Arc<Vec<T>>;

/// How much of a chunk is copied behind an element the chunk before cut: more than a usual
/// element (a contact is about 240 bytes), so the copy nearly always ends it.
const BRIDGE_BYTES: usize = 4096;

/// A decoded list and how many of its elements could not be read.
#[derive(Debug, Clone)]
pub struct Listed<T> {
    pub items: Items<T>,
    /// Elements skipped because they did not decode; shown to the user as a warning.
    pub skipped: usize,
}

impl<T> Listed<T> {
    /// A warning for the user when elements were skipped. `what` is the plural noun
    /// ("campaigns", "e-mails"); one element is named in the singular, without its `s`.
    pub fn warning(&self, what: &str) -> Option<String> {
        left_out(self.skipped, what)
    }
}

/// "1 campaign could not be read and was left out", "3 campaigns … were …"; `None` for 0.
pub fn left_out(skipped: usize, what: &str) -> Option<String> {
    (skipped > 0).then(|| {
        let (noun, verb) = if skipped == 1 {
            (what.strip_suffix('s').unwrap_or(what), "was")
        } else {
            (what, "were")
        };
        format!("{skipped} {noun} could not be read and {verb} left out")
    })
}

/// Decodes a JSON array element by element. Fails only when the body is not an array (or
/// not JSON).
pub fn decode_list<T: DeserializeOwned>(body: &[u8]) -> Result<Listed<T>, serde_json::Error> {
    let mut decoder = ListDecoder::new();
    decoder.feed(body)?;
    decoder.finish()
}

/// Where the decoder is in the array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Nothing but white space yet.
    Start,
    /// Just after `[`: an element or `]`.
    Opened,
    /// Just after `,`: an element.
    Element,
    /// Just after an element: `,` or `]`.
    After,
    /// After `]`: only white space may follow.
    Closed,
}

/// A reader for the usual shape of an element, asked before serde: the element and where it
/// ends, or `None` to leave the element to serde. It accepts nothing serde refuses and ends
/// where serde ends.
pub type Quick<T> = fn(&str) -> Option<(T, usize)>;

/// A tolerant list decoder fed a body chunk by chunk.
///
/// Each element is parsed once, straight into `T`; only one that does not decode is parsed
/// again, as any JSON, to find its end (then it is skipped and counted) or to report that
/// the body is not JSON. A body that does not start as an array is kept whole and decoded at
/// the end, so its error is the one serde_json gives for the whole body.
#[derive(Debug)]
pub struct ListDecoder<T> {
    stage: Stage,
    /// Bytes received but not yet consumed: the start of an element cut by a chunk's end.
    pending: Vec<u8>,
    /// Bytes consumed before `pending`, for error positions.
    consumed: usize,
    /// The whole body, once it turned out not to be an array.
    whole: Option<Vec<u8>>,
    items: Vec<T>,
    /// The text of each element in `items`, when asked for ([`ListDecoder::keeping_text`]).
    texts: Option<SentTexts>,
    /// Elements already handed over by [`ListDecoder::drain`].
    drained: usize,
    skipped: usize,
    quick: Option<Quick<T>>,
}

impl<T> Default for ListDecoder<T> {
    fn default() -> Self {
        ListDecoder {
            stage: Stage::Start,
            pending: Vec::new(),
            consumed: 0,
            whole: None,
            items: Vec::new(),
            texts: None,
            drained: 0,
            skipped: 0,
            quick: None,
        }
    }
}

impl<T> ListDecoder<T> {
    /// Hands over the elements decoded so far, so that a list streamed on is never held.
    pub fn drain(&mut self) -> std::vec::Drain<'_, T> {
        self.drained += self.items.len();
        self.items.drain(..)
    }

    /// Elements that did not decode so far.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// A decoder that also keeps each element's text as sent (a list passed on as it came).
    pub fn keeping_text() -> Self {
        ListDecoder { texts: Some(SentTexts::default()), ..Self::default() }
    }

    /// The same decoder asking `quick` first for each element read from text.
    pub fn reading_quickly(self, quick: Quick<T>) -> Self {
        ListDecoder { quick: Some(quick), ..self }
    }

    /// Hands over the text of the elements decoded so far (dropping the elements), when
    /// kept. A list that ends well has handed over every element before [`Self::finish`]:
    /// an element is taken only once something follows it, and the last is followed by `]`.
    pub fn drain_sent(&mut self) -> Sent<'_> {
        self.drained += self.items.len();
        self.items.clear();
        self.texts.as_mut().map_or_else(Sent::none, SentTexts::drain)
    }
}

impl<T: DeserializeOwned> ListDecoder<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Decodes every element that `chunk` completes. An error means the body is broken
    /// JSON; the decoder is then of no further use.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), serde_json::Error> {
        if let Some(whole) = &mut self.whole {
            whole.extend_from_slice(chunk);
            return Ok(());
        }
        if self.pending.is_empty() {
            // The usual case: elements are decoded from the chunk itself, and only an
            // element cut by its end is copied.
            let used = self.consume(chunk, false)?;
            self.consumed += used;
            self.keep(&chunk[used..]);
        } else {
            self.bridge(chunk)?;
        }
        Ok(())
    }

    /// Reads `chunk` after an element cut by the last chunk's end. Nearly every chunk
    /// follows one, and copying each whole behind it (23 MB for 100k contacts passed on)
    /// cost more than reading them: only the start of the chunk is copied, enough to end
    /// the element, and the rest is read from the chunk itself.
    fn bridge(&mut self, chunk: &[u8]) -> Result<(), serde_json::Error> {
        let mut pending = std::mem::take(&mut self.pending);
        let cut = pending.len();
        let start = chunk.len().min(BRIDGE_BYTES);
        pending.extend_from_slice(&chunk[..start]);
        let used = self.consume(&pending, false)?;
        self.consumed += used;
        if used >= cut && start < chunk.len() && self.whole.is_none() {
            // The cut element is whole: what the copy holds past `used` is in the chunk.
            pending.clear();
            self.pending = pending;
            let rest = &chunk[used - cut..];
            let used = self.consume(rest, false)?;
            self.consumed += used;
            self.keep(&rest[used..]);
            return Ok(());
        }
        // A long element (or a body that is not an array): the chunk joins the copy whole.
        pending.drain(..used);
        pending.extend_from_slice(&chunk[start..]);
        if self.whole.is_none() && start < chunk.len() {
            let used = self.consume(&pending, false)?;
            self.consumed += used;
            pending.drain(..used);
        }
        self.keep_buffer(pending);
        Ok(())
    }

    /// The list, once the body has ended.
    pub fn finish(mut self) -> Result<Listed<T>, serde_json::Error> {
        if self.stage == Stage::Start && self.whole.is_none() {
            // Nothing but white space came: serde_json says what is wrong with that.
            self.whole = Some(std::mem::take(&mut self.pending));
        }
        if let Some(whole) = self.whole.take() {
            return decode_whole(&whole);
        }
        let pending = std::mem::take(&mut self.pending);
        let used = self.consume(&pending, true)?;
        if self.stage != Stage::Closed || used < pending.len() {
            return Err(self.broken(used, "the list ends before its closing `]`"));
        }
        drop(pending);
        let mut items = std::mem::take(&mut self.items);
        // A large list's buffer is its own mapping: shrinking it releases the tail without
        // moving the elements.
        items.shrink_to_fit();
        Ok(Listed { items: Arc::new(items), skipped: self.skipped })
    }

    /// Keeps the unconsumed end of a chunk for the next one.
    fn keep(&mut self, rest: &[u8]) {
        match &mut self.whole {
            Some(whole) => whole.extend_from_slice(rest),
            None => self.pending.extend_from_slice(rest),
        }
    }

    fn keep_buffer(&mut self, rest: Vec<u8>) {
        match &mut self.whole {
            Some(whole) => whole.extend_from_slice(&rest),
            None => self.pending = rest,
        }
    }

    /// Consumes what `buf` holds of the array; returns how many bytes it used. Stops at an
    /// element `buf` does not hold whole (unless `last`: the body has ended).
    fn consume(&mut self, buf: &[u8], last: bool) -> Result<usize, serde_json::Error> {
        // The buffer's UTF-8 is checked once here, in one fast pass (SIMD), rather than string
        // by string as serde_json reads bytes (a sixth of passing a contact list on): elements
        // are then read from text. Past the first invalid byte (a broken element, or a
        // character cut by the chunk's end) they are read from bytes as before.
        let text = match simdutf8::basic::from_utf8(buf) {
            Ok(text) => text,
            // Where the first bad byte is, the standard library's check says (rarely asked).
            Err(_) => match std::str::from_utf8(buf) {
                Ok(text) => text,
                Err(error) => std::str::from_utf8(&buf[..error.valid_up_to()]).unwrap_or_default(),
            },
        };
        let mut at = 0;
        loop {
            let next = skip_white_space(buf, at);
            let Some(&byte) = buf.get(next) else {
                // White space before the array stays, so a body that turns out not to be
                // one is decoded exactly as it came.
                return Ok(if self.stage == Stage::Start { at } else { next });
            };
            match (self.stage, byte) {
                (Stage::Start, b'[') => self.stage = Stage::Opened,
                (Stage::Start, _) => {
                    self.whole = Some(Vec::new());
                    return Ok(at);
                }
                (Stage::Opened, b']') | (Stage::After, b']') => self.stage = Stage::Closed,
                (Stage::After, b',') => self.stage = Stage::Element,
                (Stage::Opened | Stage::Element, _) => match self.element(
                    &buf[next..],
                    text.get(next..).filter(|text| !text.is_empty()),
                    last,
                )? {
                    Some(length) => {
                        self.stage = Stage::After;
                        at = next + length;
                        continue;
                    }
                    None if last => {
                        return Err(self.broken(next, "the list ends inside an element"));
                    }
                    None => return Ok(next),
                },
                (Stage::After, _) => {
                    return Err(self.broken(next, "expected `,` or `]` after an element"));
                }
                (Stage::Closed, _) => {
                    return Err(self.broken(next, "trailing characters after the list"));
                }
            }
            at = next + 1;
        }
    }

    /// Decodes the element `buf` starts with; returns its length, or `None` when `buf`
    /// ends before the element does (or right after it: a number may go on).
    fn element(
        &mut self,
        buf: &[u8],
        text: Option<&str>,
        last: bool,
    ) -> Result<Option<usize>, serde_json::Error> {
        let complete = |end: usize| last || skip_white_space(buf, end) < buf.len();
        let from_bytes = || from_bytes::<T>(buf);
        let scanned = text.zip(self.quick).and_then(|(text, quick)| quick(text));
        let (read, end) = match (scanned, text) {
            (Some((item, end)), _) => (Some(Ok(item)), end),
            (None, Some(text)) => match first::<T, _>(serde_json::Deserializer::from_str(text)) {
                // The text ends before the bytes do (at a byte that is not UTF-8): the
                // bytes say what it is.
                (Some(Err(error)), _) if error.is_eof() && text.len() < buf.len() => from_bytes(),
                read => read,
            },
            (None, None) => from_bytes(),
        };
        let why = match read {
            Some(Ok(item)) if complete(end) => {
                // Text read as text is UTF-8 already: only bytes read as bytes are checked.
                let sent = text.and_then(|text| text.get(..end));
                let kept = match (self.texts.as_mut(), sent) {
                    (None, _) => Ok(()),
                    (Some(texts), Some(sent)) => {
                        texts.push_text(sent);
                        Ok(())
                    }
                    (Some(texts), None) => texts.push(&buf[..end]),
                };
                match kept {
                    Ok(()) => {
                        self.items.push(item);
                        return Ok(Some(end));
                    }
                    Err(error) => error,
                }
            }
            Some(Err(error)) if error.is_eof() => return Ok(None),
            Some(Ok(_)) | None => return Ok(None),
            // Not a `T`: read as any JSON to find its end, or to learn it is broken.
            Some(Err(error)) => error,
        };
        let mut any = serde_json::Deserializer::from_slice(buf).into_iter::<IgnoredAny>();
        match any.next() {
            Some(Ok(_)) if complete(any.byte_offset()) => {
                self.skipped += 1;
                // The user is told how many; the log says which and why (escaped: the
                // server's text may hold control characters).
                let element = self.drained + self.items.len() + self.skipped;
                tracing::warn!(element, why = ?why.to_string(), "a list element could not be read");
                Ok(Some(any.byte_offset()))
            }
            Some(Err(error)) if !error.is_eof() => {
                let element = self.drained + self.items.len() + self.skipped + 1;
                Err(serde_json::Error::custom(format!(
                    "element {element} of the list is not valid JSON: {error}"
                )))
            }
            _ => Ok(None),
        }
    }

    /// An error naming the byte of the body where it was found (`at` counts from the
    /// first byte not yet consumed).
    fn broken(&self, at: usize, what: &str) -> serde_json::Error {
        serde_json::Error::custom(format!("{what} (byte {} of the body)", self.consumed + at))
    }
}

/// The first value a deserializer reads, its strings cut to their bounds ([`Bounded`]), and
/// where it ends.
fn first<'de, T: DeserializeOwned, R: serde_json::de::Read<'de>>(
    deserializer: serde_json::Deserializer<R>,
) -> (Option<Result<T, serde_json::Error>>, usize) {
    // Timestamps noted by an element that failed part way are not the next one's.
    super::time::Unread::forget();
    let mut values = deserializer.into_iter::<Bounded<T>>();
    let value = values.next().map(|read| read.map(|bounded| bounded.0));
    (value, values.byte_offset())
}

/// An element at or past a byte that is not UTF-8 (the buffer's text stops there): where it
/// ends, found by reading it as any JSON, and the element read as a `T` from its text when
/// its own bytes are UTF-8. JSON is UTF-8, so one that is not is refused and left out,
/// whichever field holds the byte, as a list passed on as sent refuses it: and no kind of list
/// carries a second copy of its decoder, for bytes.
fn from_bytes<T: DeserializeOwned>(buf: &[u8]) -> (Option<Result<T, serde_json::Error>>, usize) {
    let mut any = serde_json::Deserializer::from_slice(buf).into_iter::<IgnoredAny>();
    match any.next() {
        Some(Ok(_)) => {
            let end = any.byte_offset();
            let element = buf.get(..end).unwrap_or_default();
            match std::str::from_utf8(element) {
                Ok(text) => (first::<T, _>(serde_json::Deserializer::from_str(text)).0, end),
                Err(error) => {
                    let refused = serde_json::Error::custom(format!("not UTF-8: {error}"));
                    (Some(Err(refused)), end)
                }
            }
        }
        Some(Err(error)) => (Some(Err(error)), any.byte_offset()),
        None => (None, any.byte_offset()),
    }
}

fn skip_white_space(buf: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\t' | b'\r') = buf.get(at) {
        at += 1;
    }
    at
}

/// The whole-body decoding of a body that is not plainly an array: serde_json's own error
/// for it, or (should it be an array after all) the element-by-element result.
fn decode_whole<T: DeserializeOwned>(body: &[u8]) -> Result<Listed<T>, serde_json::Error> {
    let raw: Vec<&RawValue> = serde_json::from_slice(body)?;
    let mut items = Vec::with_capacity(raw.len());
    let mut skipped = 0;
    for element in raw {
        super::time::Unread::forget();
        match serde_json::from_str::<Bounded<T>>(element.get()) {
            Ok(Bounded(item)) => items.push(item),
            Err(_) => skipped += 1,
        }
    }
    Ok(Listed { items: Arc::new(items), skipped })
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
        let one: Listed<Contact> = decode_list(br#"[{"id": 1}, "junk"]"#).unwrap();
        assert_eq!(
            one.warning("campaigns").unwrap(),
            "1 campaign could not be read and was left out"
        );
    }

    #[test]
    fn a_list_without_bad_elements_keeps_every_element_in_order() {
        let body = br#"[{"id": 3, "tags": ["a"]}, {"id": 1, "email": null}, {"id": 2}]"#;
        let listed: Listed<Contact> = decode_list(body).unwrap();
        let ids: Vec<i64> = listed.items.iter().map(|c| c.id).collect();
        assert_eq!((ids, listed.skipped), (vec![3, 1, 2], 0));
        assert_eq!(&*listed.items[0].tags[0], "a");
    }

    #[test]
    fn a_bad_last_element_is_skipped_after_good_ones() {
        let body = br#"[{"id": 1}, {"id": 2}, {"id": "three"}]"#;
        let listed: Listed<Contact> = decode_list(body).unwrap();
        assert_eq!((listed.items.len(), listed.skipped), (2, 1));
    }

    #[test]
    fn broken_json_fails_even_when_its_elements_would_decode() {
        for body in [
            &br#"[{"id": 1}, {"id": 2}"#[..],
            br#"[{"id": 1}, {"id": 2,]"#,
            br#"[{"id": 1}] trailing"#,
            br#"[{"id": 1} {"id": 2}]"#,
            br#"[{"id": 1},]"#,
            br#"[{"id": 1}, {"id": tru}]"#,
            br#"[{"id": 1}, 12x]"#,
            b"[",
            b"",
            b"   ",
        ] {
            let text = String::from_utf8_lossy(body);
            assert!(decode_list::<Contact>(body).is_err(), "{text}");
            assert!(decode_in_chunks(body, 1).is_err(), "{text} byte by byte");
        }
    }

    #[test]
    fn a_body_that_is_not_a_list_fails_as_serde_json_says() {
        let error = decode_list::<Contact>(br#"  {"detail": "x"}"#).unwrap_err();
        assert!(error.to_string().starts_with("invalid type: map, expected a sequence"), "{error}");
        assert!(decode_in_chunks(br#"{"detail": "x"}"#, 3).is_err());
    }

    /// Feeds `body` in chunks of `size` bytes, as a network would.
    fn decode_in_chunks(body: &[u8], size: usize) -> Result<Listed<Contact>, serde_json::Error> {
        let mut decoder = ListDecoder::new();
        for chunk in body.chunks(size) {
            decoder.feed(chunk)?;
        }
        decoder.finish()
    }

    #[test]
    fn any_chunking_gives_the_same_list() {
        let body = br#" [ {"id": 10, "email": "z\"@b.c", "custom_data": {"k": [1, {"x": "]"}]}},
            7, {"email": "no id"}, {"id": 11, "tags": ["a", "b\\"]} , "junk", null, {"id": -12},
            12.5e3, {"id": 13}, true ] "#;
        let whole = decode_list::<Contact>(body).unwrap();
        let ids: Vec<i64> = whole.items.iter().map(|c| c.id).collect();
        assert_eq!((ids, whole.skipped), (vec![10, 11, -12, 13], 6));
        for size in 1..=body.len() {
            let chunked = decode_in_chunks(body, size).unwrap();
            assert_eq!(chunked.items, whole.items, "chunks of {size}");
            assert_eq!(chunked.skipped, whole.skipped, "chunks of {size}");
        }
    }

    /// Many elements, some longer than what is copied behind a cut one, some bad, fed in
    /// chunks around that size: the same list as read whole, and a broken one fails at the
    /// same byte.
    #[test]
    fn chunks_longer_than_the_bridge_give_the_same_list() {
        let long = "x".repeat(BRIDGE_BYTES + 300);
        let mut body = String::from("[");
        for id in 0..200 {
            let element = match id % 7 {
                3 => format!(r#"{{"id": {id}, "email": "{long}@b.c"}}"#),
                5 => r#""junk""#.to_string(),
                _ => format!(r#"{{"id": {id}, "email": "ann{id}@b.c", "tags": ["t"]}}"#),
            };
            body += &element;
            body += if id < 199 { ",\n " } else { "]" };
        }
        let whole = decode_list::<Contact>(body.as_bytes()).unwrap();
        assert_eq!((whole.items.len(), whole.skipped), (172, 28));
        let broken = body.replacen(r#"{"id": 100,"#, r#"] {"id": 100,"#, 1);
        let broken_whole = decode_list::<Contact>(broken.as_bytes()).err().map(|e| e.to_string());
        assert!(
            broken_whole.as_ref().is_some_and(|e| e.contains("element 101")),
            "{broken_whole:?}"
        );
        for size in [BRIDGE_BYTES - 1, BRIDGE_BYTES + 1, BRIDGE_BYTES + 250, 3 * BRIDGE_BYTES + 7] {
            let chunked = decode_in_chunks(body.as_bytes(), size).unwrap();
            assert_eq!(chunked.items, whole.items, "chunks of {size}");
            assert_eq!(chunked.skipped, whole.skipped, "chunks of {size}");
            let error = decode_in_chunks(broken.as_bytes(), size).err().map(|e| e.to_string());
            assert_eq!(error, broken_whole, "chunks of {size}");
        }
    }

    /// An element with a byte that is not UTF-8 is left out wherever the byte is (in a field
    /// read or one ignored), the elements after it in the same chunk are read, and a byte
    /// outside a string is broken JSON; at any chunking.
    #[test]
    fn an_element_that_is_not_utf8_is_left_out_and_the_rest_read() {
        let body = b"[{\"id\": 1, \"zz\": \"\xff\"}, {\"id\": 2, \"email\": \"a\xc3@b.c\"},
            {\"id\": 3, \"first_name\": \"Zo\xc3\xab\"}, {\"id\": 4}]";
        for size in 1..=body.len() {
            let listed = decode_in_chunks(body, size).unwrap();
            let ids: Vec<i64> = listed.items.iter().map(|c| c.id).collect();
            assert_eq!((ids, listed.skipped), (vec![3, 4], 2), "chunks of {size}");
            assert_eq!(listed.items[0].first_name(), "Zo\u{eb}", "chunks of {size}");
        }
        let broken = b"[{\"id\": 1}, \xff {\"id\": 2}]";
        assert!(decode_list::<Contact>(broken).is_err());
        assert!(decode_in_chunks(broken, 3).is_err());
    }

    #[test]
    fn empty_lists_and_white_space_are_fine() {
        for body in [&b"[]"[..], b" \n[ ]\t", b"[\n]\n\n"] {
            let listed = decode_in_chunks(body, 1).unwrap();
            assert!(listed.items.is_empty() && listed.skipped == 0);
        }
    }
}
