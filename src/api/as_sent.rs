//! List elements kept as the server sent them: each element's JSON text, recorded by a
//! [`ListDecoder`] asked to keep it ([`ListDecoder::keeping_text`]) beside the element it
//! read. `contacts list -o json` writes the text, checked by [`ContactCheck`] in the same
//! single pass, so its cost tracks the transfer instead of decoding and encoding each
//! contact.
//!
//! [`ListDecoder`]: super::listed::ListDecoder
//! [`ListDecoder::keeping_text`]: super::listed::ListDecoder::keeping_text
//! [`ContactCheck`]: super::contact_check::ContactCheck

use serde::de::Error as _;

/// The texts of the elements read since they were last handed over, in one buffer and
/// separated by commas, so keeping them allocates nothing per element once the buffer has
/// grown, and a JSON array is written a batch at a time ([`Sent::joined`]).
#[derive(Debug, Default)]
pub struct SentTexts {
    text: String,
    /// Where each element's text ends in `text`.
    ends: Vec<usize>,
    /// The texts were handed over: the next element starts a new batch.
    handed_over: bool,
}

impl SentTexts {
    /// Keeps one element's text. JSON is UTF-8: an element that is not is refused (and so
    /// left out as unreadable), as it would be when decoded.
    pub(crate) fn push(&mut self, element: &[u8]) -> Result<(), serde_json::Error> {
        let element = std::str::from_utf8(element)
            .map_err(|error| serde_json::Error::custom(format!("not UTF-8: {error}")))?;
        self.push_text(element);
        Ok(())
    }

    /// Keeps one element's text known to be UTF-8.
    pub(crate) fn push_text(&mut self, element: &str) {
        if std::mem::take(&mut self.handed_over) {
            self.text.clear();
            self.ends.clear();
        }
        if !self.ends.is_empty() {
            self.text.push(',');
        }
        self.text.push_str(element);
        self.ends.push(self.text.len());
    }

    /// Hands over the texts kept since the last time, oldest first.
    pub fn drain(&mut self) -> Sent<'_> {
        let fresh = !std::mem::replace(&mut self.handed_over, true);
        let ends = if fresh { &self.ends[..] } else { &[] };
        Sent { text: &self.text, start: 0, ends: ends.iter() }
    }
}

/// The texts handed over at once: those of the elements one chunk of the body completed,
/// oldest first. A sink is given the batch, not each text, so a call through a pointer is
/// made once per chunk and the loop over its elements is the sink's own.
#[derive(Debug, Clone)]
pub struct Sent<'a> {
    text: &'a str,
    /// Where the next text starts in `text`.
    start: usize,
    ends: std::slice::Iter<'a, usize>,
}

impl<'a> Sent<'a> {
    /// A batch of no texts.
    pub fn none() -> Self {
        Sent { text: "", start: 0, ends: [].iter() }
    }

    /// The texts not taken yet, separated by commas: a JSON array's part, written at once.
    pub fn joined(&self) -> &'a str {
        let end = self.ends.as_slice().last().map_or(self.start, |&end| end);
        self.text.get(self.start..end).unwrap_or_default()
    }
}

impl<'a> Iterator for Sent<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let end = *self.ends.next()?;
        // The next text starts after the comma that follows this one.
        let start = std::mem::replace(&mut self.start, end + 1);
        // Each end was taken after a whole `&str` was pushed: always a character boundary.
        self.text.get(start..end)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ends.size_hint()
    }
}

impl ExactSizeIterator for Sent<'_> {}

#[cfg(test)]
mod tests {
    use crate::api::contact_check::ContactCheck;
    use crate::api::listed::ListDecoder;

    /// Every text `body` yields when fed in chunks of `size` bytes, and the skipped count.
    fn texts_in_chunks(body: &[u8], size: usize) -> (Vec<String>, usize) {
        let by_serde = texts_in_chunks_by(ListDecoder::keeping_text(), body, size);
        let scanned = ListDecoder::keeping_text().reading_quickly(ContactCheck::scanned);
        assert_eq!(texts_in_chunks_by(scanned, body, size), by_serde, "chunks of {size}");
        by_serde
    }

    fn texts_in_chunks_by(
        mut decoder: ListDecoder<ContactCheck>,
        body: &[u8],
        size: usize,
    ) -> (Vec<String>, usize) {
        let mut texts = Vec::new();
        for chunk in body.chunks(size) {
            decoder.feed(chunk).unwrap();
            let sent = decoder.drain_sent();
            let joined = sent.joined().to_string();
            let batch: Vec<String> = sent.map(str::to_string).collect();
            assert_eq!(joined, batch.join(","), "a batch joined is its texts and commas");
            texts.extend(batch);
        }
        let skipped = decoder.skipped();
        let rest = decoder.finish().unwrap();
        assert!(rest.items.is_empty(), "every element was handed over before the end");
        (texts, skipped)
    }

    #[test]
    fn each_element_keeps_its_text_and_a_wrong_one_is_left_out_at_any_chunking() {
        let body = br#" [{"id": 1, "zz": [1,2]} , {"id": "two"},
            {"email":"a\"]@b.c","id":3}, 7, {"id": 4,
            "custom_data": {"k": "}"}}
            ] "#;
        let expected = [
            r#"{"id": 1, "zz": [1,2]}"#,
            r#"{"email":"a\"]@b.c","id":3}"#,
            "{\"id\": 4,\n            \"custom_data\": {\"k\": \"}\"}}",
        ];
        for size in 1..=body.len() {
            let (texts, skipped) = texts_in_chunks(body, size);
            assert_eq!(texts, expected, "chunks of {size}");
            assert_eq!(skipped, 2, "chunks of {size}");
        }
    }

    /// Chunks longer than the start of a chunk that is copied behind a cut element: the
    /// same texts, with characters of several bytes and bytes that are not UTF-8 cut
    /// anywhere.
    #[test]
    fn long_chunks_pass_on_the_same_texts() {
        let mut body = b"[".to_vec();
        for id in 0..400 {
            let element = match id % 9 {
                2 => format!(r#"{{"id": {id}, "first_name": "Zoë Ångström {}"}}"#, "é".repeat(id))
                    .into_bytes(),
                4 => format!(r#"{{"id": {id}, "x": "{}"}}"#, "ab".repeat(3000)).into_bytes(),
                6 => b"{\"id\": 6, \"x\": \"\xff\"}".to_vec(),
                _ => format!(r#"{{"id": {id}, "email": "ann{id}@b.c"}}"#).into_bytes(),
            };
            body.extend(element);
            body.extend_from_slice(if id < 399 { b", " } else { b"]" });
        }
        let whole = texts_in_chunks(&body, body.len());
        assert_eq!((whole.0.len(), whole.1), (356, 44));
        for size in [4095, 4097, 4099, 5000, 8192, 12_289] {
            assert_eq!(texts_in_chunks(&body, size), whole, "chunks of {size}");
        }
    }

    #[test]
    fn an_element_that_is_not_utf8_is_left_out() {
        let body = b"[{\"id\": 1, \"x\": \"\xff\"}, {\"id\": 2, \"custom_data\": {\"a\": \"\xc3\"}}, {\"id\": 3}]";
        let (texts, skipped) = texts_in_chunks(body, body.len());
        assert_eq!((texts, skipped), (vec![r#"{"id": 3}"#.to_string()], 2));
    }
}
