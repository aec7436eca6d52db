//! The usual contact element read by a byte scan, before serde is asked: passing a 100k
//! contact list on (`contacts list -o json`) spent most of its time in serde_json's
//! per-element machinery for elements that are all the same plain shape.
//!
//! The scan answers only for that shape: an object whose keys are plain (no escape), each
//! of the contact's fields at most once, `id` an integer that fits an `i64`, the strings
//! and tags plain or with escapes that are not surrogates, `dnc` a bool or null, anything
//! else (`custom_data`, unknown fields) JSON of plain numbers, strings, literals, arrays
//! and objects no deeper than [`MAX_DEPTH`]. For anything else it says `None` and serde
//! decides as before, so it accepts nothing serde refuses; where it accepts, it ends where
//! serde ends (just after the `}`). The tests hold it to serde on the edge cases.
//!
//! What it reads is told to a [`Fields`]: nothing is kept for the check of a list passed on,
//! the contact is built for the dashboard and the client (`api::contact_scanned`).

use std::borrow::Cow;

/// Nesting the scan follows in values it only skips; deeper ones go to serde (whose own
/// limit is 128).
const MAX_DEPTH: usize = 32;

/// The contact's fields, each allowed once.
const FIELDS: [&[u8]; 8] =
    [b"id", b"email", b"first_name", b"last_name", b"custom_data", b"dnc", b"tags", b"timezone"];

/// The contact `text` starts with, if it has the usual shape: its `id` and where it ends.
pub fn scan_contact(text: &str) -> Option<(i64, usize)> {
    scan_contact_into(text, &mut Skipped)
}

/// What the scan found in a contact's fields besides its `id`, told as it reads them: the
/// check behind `contacts list -o json` keeps nothing ([`Skipped`]), the dashboard's decode
/// builds the contact from the same reading.
pub trait Fields<'a> {
    /// `email`, `first_name`, `last_name` or `timezone`: a string, or `None` for null.
    fn text(&mut self, field: TextField, text: Option<Str<'a>>);
    /// `custom_data`'s JSON text, whatever its kind.
    fn custom_data(&mut self, json: &'a str);
    /// `dnc`, null read as false.
    fn dnc(&mut self, dnc: bool);
    /// `tags`' JSON text: a list of strings as the scan checked it (not told for null).
    fn tags(&mut self, json: &'a str);
}

/// The text fields a contact has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextField {
    Email,
    FirstName,
    LastName,
    Timezone,
}

/// Fields read and forgotten.
pub struct Skipped;

impl<'a> Fields<'a> for Skipped {
    fn text(&mut self, _: TextField, _: Option<Str<'a>>) {}
    fn custom_data(&mut self, _: &'a str) {}
    fn dnc(&mut self, _: bool) {}
    fn tags(&mut self, _: &'a str) {}
}

/// [`scan_contact`], telling `fields` what each field holds. Nothing is told for a field
/// the element does not have; what was told of an element the scan then refuses is to be
/// thrown away.
pub fn scan_contact_into<'a>(text: &'a str, fields: &mut impl Fields<'a>) -> Option<(i64, usize)> {
    let mut scan = Scan { text, bytes: text.as_bytes(), at: 0 };
    scan.white_space();
    scan.eat(b'{')?;
    let mut seen = 0u8;
    let mut id = None;
    loop {
        scan.white_space();
        let field = scan.key()?;
        scan.white_space();
        scan.eat(b':')?;
        scan.white_space();
        match field {
            Some(field) => {
                let bit = 1 << field;
                if seen & bit != 0 {
                    return None;
                }
                seen |= bit;
                match field {
                    0 => id = Some(scan.integer()?),
                    1 => fields.text(TextField::Email, scan.string_or_null()?),
                    2 => fields.text(TextField::FirstName, scan.string_or_null()?),
                    3 => fields.text(TextField::LastName, scan.string_or_null()?),
                    4 => {
                        let start = scan.at;
                        scan.value(0)?;
                        fields.custom_data(text.get(start..scan.at)?);
                    }
                    5 => fields.dnc(scan.bool_or_null()?),
                    6 => scan.tags_or_null(fields)?,
                    _ => fields.text(TextField::Timezone, scan.string_or_null()?),
                }
            }
            None => scan.value(0)?,
        }
        scan.white_space();
        match scan.next()? {
            b',' => {}
            b'}' => return id.map(|id| (id, scan.at)),
            _ => return None,
        }
    }
}

/// A string as written, quotes included, and whether it holds an escape: where it stands in
/// the scanned text, cut out only when a field's text is wanted (the check of a list passed
/// on never wants one).
#[derive(Debug, Clone, Copy)]
pub struct Str<'a> {
    text: &'a str,
    /// The opening quote's place, and the place after the closing one.
    quoted: (usize, usize),
    escaped: bool,
}

impl<'a> Str<'a> {
    /// The string with its quotes.
    fn quoted(&self) -> &'a str {
        self.text.get(self.quoted.0..self.quoted.1).unwrap_or_default()
    }

    /// The text between the quotes, as written.
    fn raw(&self) -> &'a str {
        self.text.get(self.quoted.0 + 1..self.quoted.1 - 1).unwrap_or_default()
    }

    /// The string's text: borrowed when it has no escape, unescaped by serde_json when it
    /// has (rare, so the scan leaves the rules of escapes to the one that has them).
    pub fn text(&self) -> Option<Cow<'a, str>> {
        if self.escaped {
            serde_json::from_str::<String>(self.quoted()).ok().map(Cow::Owned)
        } else {
            Some(Cow::Borrowed(self.raw()))
        }
    }
}

struct Scan<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Scan<'a> {
    fn white_space(&mut self) {
        while let Some(b' ' | b'\n' | b'\t' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        Some(byte)
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// `word` at the scan, stepped over. Of a length known when compiled, so the comparison
    /// is a load or two rather than a call to `memcmp` (the scan makes ~10 a contact).
    fn word<const N: usize>(&mut self, word: &[u8; N]) -> Option<()> {
        let here = self.bytes.get(self.at..)?.first_chunk::<N>()?;
        (here == word).then(|| self.at += N)
    }

    /// The key at the scan: the index in [`FIELDS`] of the field it names, `Some(None)` for
    /// another key. A field's key is matched whole by its first letter (no scan for its end:
    /// keys are half the strings of a contact); an escaped key is left to serde.
    #[inline(always)]
    fn key(&mut self) -> Option<Option<usize>> {
        let rest = self.bytes.get(self.at..)?;
        let guessed = match rest.get(1)? {
            b'i' => self.word(b"\"id\"").map(|()| 0),
            b'e' => self.word(b"\"email\"").map(|()| 1),
            b'f' => self.word(b"\"first_name\"").map(|()| 2),
            b'l' => self.word(b"\"last_name\"").map(|()| 3),
            b'c' => self.word(b"\"custom_data\"").map(|()| 4),
            b'd' => self.word(b"\"dnc\"").map(|()| 5),
            b't' if rest.get(2) == Some(&b'a') => self.word(b"\"tags\"").map(|()| 6),
            b't' => self.word(b"\"timezone\"").map(|()| 7),
            _ => None,
        };
        if guessed.is_some() {
            return Some(guessed);
        }
        let key = self.string()?;
        if key.escaped {
            return None;
        }
        Some(FIELDS.iter().position(|field| *field == key.raw().as_bytes()))
    }

    /// A string starting at its opening quote. The text is valid UTF-8 already; what serde
    /// refuses in a string is a control character, a bad escape and (read as a string) a
    /// surrogate escape, which are left to it.
    // Called for every string of every contact: a call's own cost was a third of it.
    #[inline(always)]
    fn string(&mut self) -> Option<Str<'a>> {
        self.eat(b'"')?;
        let start = self.at;
        let mut escaped = false;
        loop {
            self.at = special_from(self.bytes, self.at);
            match self.next()? {
                b'"' => {
                    // Both ends are quotes: the text is cut there only if it is wanted.
                    return Some(Str { text: self.text, quoted: (start - 1, self.at), escaped });
                }
                b'\\' => {
                    escaped = true;
                    self.escape()?;
                }
                _ => return None,
            }
        }
    }

    /// The rest of an escape after its backslash.
    fn escape(&mut self) -> Option<()> {
        match self.next()? {
            b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(()),
            b'u' => {
                let hex = self.bytes.get(self.at..self.at + 4)?;
                let hex = std::str::from_utf8(hex).ok()?;
                let unit = u16::from_str_radix(hex, 16).ok()?;
                // `+` and `-` are taken by from_str_radix; JSON takes only hex digits.
                if !hex.bytes().all(|b| b.is_ascii_hexdigit()) || (0xd800..0xe000).contains(&unit) {
                    return None;
                }
                self.at += 4;
                Some(())
            }
            _ => None,
        }
    }

    /// A string, or `None` for null.
    #[inline(always)]
    fn string_or_null(&mut self) -> Option<Option<Str<'a>>> {
        match self.peek()? {
            b'n' => self.word(b"null").map(|()| None),
            _ => self.string().map(Some),
        }
    }

    /// A bool, null read as false.
    fn bool_or_null(&mut self) -> Option<bool> {
        match self.peek()? {
            b'n' => self.word(b"null").map(|()| false),
            b't' => self.word(b"true").map(|()| true),
            _ => self.word(b"false").map(|()| false),
        }
    }

    fn tags_or_null(&mut self, fields: &mut impl Fields<'a>) -> Option<()> {
        if self.peek()? == b'n' {
            return self.word(b"null");
        }
        let start = self.at;
        self.items(b'[', b']', |scan| scan.string().map(drop))?;
        fields.tags(self.text.get(start..self.at)?);
        Some(())
    }

    /// What `open` and `close` enclose: nothing, or items read by `item` between commas.
    fn items(
        &mut self,
        open: u8,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Option<()>,
    ) -> Option<()> {
        self.eat(open)?;
        self.white_space();
        if self.eat(close).is_some() {
            return Some(());
        }
        loop {
            item(self)?;
            self.white_space();
            match self.next()? {
                b',' => self.white_space(),
                byte if byte == close => return Some(()),
                _ => return None,
            }
        }
    }

    /// An integer that fits an `i64`, as JSON writes it (no leading zero, no fraction or
    /// exponent: serde refuses those for an integer field). `-0` (a float to serde) and the
    /// very lowest are left to serde.
    fn integer(&mut self) -> Option<i64> {
        let negative = self.eat(b'-').is_some();
        let start = self.at;
        // Read as it is scanned; one too large for an `i64` (the lowest among them) is
        // left to serde.
        let mut magnitude: i64 = 0;
        while let Some(digit) = self.peek().filter(u8::is_ascii_digit) {
            magnitude = magnitude.checked_mul(10)?.checked_add(i64::from(digit - b'0'))?;
            self.at += 1;
        }
        match &self.bytes[start..self.at] {
            [] | [b'0', _, ..] => return None,
            [b'0'] if negative => return None,
            _ => {}
        }
        if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some(if negative { -magnitude } else { magnitude })
    }

    /// One or more digits, without a leading zero before another digit.
    fn digits(&mut self) -> Option<()> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        match &self.bytes[start..self.at] {
            [] | [b'0', _, ..] => None,
            _ => Some(()),
        }
    }

    /// Any JSON value that is only skipped; numbers only as plain integers and decimals.
    fn value(&mut self, depth: usize) -> Option<()> {
        match self.peek()? {
            b'"' => self.string().map(drop),
            b'n' => self.word(b"null"),
            b't' => self.word(b"true"),
            b'f' => self.word(b"false"),
            b'-' | b'0'..=b'9' => self.number(),
            b'[' if depth < MAX_DEPTH => self.array(depth + 1),
            b'{' if depth < MAX_DEPTH => self.object(depth + 1),
            _ => None,
        }
    }

    fn number(&mut self) -> Option<()> {
        self.eat(b'-');
        self.digits()?;
        if self.eat(b'.').is_some() {
            let start = self.at;
            while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                self.at += 1;
            }
            if self.at == start {
                return None;
            }
        }
        // Exponents are left to serde, which refuses some (`1e999` read as a number).
        (!matches!(self.peek(), Some(b'e' | b'E'))).then_some(())
    }

    fn array(&mut self, depth: usize) -> Option<()> {
        self.items(b'[', b']', |scan| scan.value(depth))
    }

    fn object(&mut self, depth: usize) -> Option<()> {
        self.items(b'{', b'}', |scan| {
            scan.string()?;
            scan.white_space();
            scan.eat(b':')?;
            scan.white_space();
            scan.value(depth)
        })
    }
}

/// Where the first byte from `at` on is a quote, a backslash or a control character (or
/// the end): sixteen bytes at a time on x86_64 (SSE2, which every such processor has), then
/// eight, as strings are most of a contact. Eight at a time alone, the decode of 100k
/// contacts took 9 % longer: most strings took two steps.
fn special_from(bytes: &[u8], at: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const QUOTES: u64 = ONES * b'"' as u64;
    const BACKSLASHES: u64 = ONES * b'\\' as u64;
    let mut rest = bytes.get(at..).unwrap_or_default();
    #[cfg(target_arch = "x86_64")]
    while let Some(sixteen) = rest.first_chunk::<16>() {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of every x86_64 processor; the load reads the 16 bytes of
        // `sixteen`, unaligned.
        let found = unsafe {
            let block = _mm_loadu_si128(sixteen.as_ptr().cast());
            let quote = _mm_cmpeq_epi8(block, _mm_set1_epi8(b'"' as i8));
            let backslash = _mm_cmpeq_epi8(block, _mm_set1_epi8(b'\\' as i8));
            // Below 0x20, unsigned: the minimum with 0x1f is the byte itself.
            let control = _mm_cmpeq_epi8(_mm_min_epu8(block, _mm_set1_epi8(0x1f)), block);
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control))
        };
        if found != 0 {
            return bytes.len() - rest.len() + found.trailing_zeros() as usize;
        }
        rest = &rest[16..];
    }
    while let Some(eight) = rest.first_chunk::<8>() {
        let word = u64::from_le_bytes(*eight);
        // A byte below 0x20, or equal to `"` or `\`, sets its high bit in `found` (bytes
        // above the first such one may be set falsely; only the first is used).
        let quote = word ^ QUOTES;
        let backslash = word ^ BACKSLASHES;
        let found = (word.wrapping_sub(ONES * 0x20)
            | quote.wrapping_sub(ONES)
            | backslash.wrapping_sub(ONES))
            & !word
            & HIGHS;
        if found != 0 {
            return bytes.len() - rest.len() + (found.trailing_zeros() / 8) as usize;
        }
        rest = &rest[8..];
    }
    let tail = rest.iter().position(|&byte| byte == b'"' || byte == b'\\' || byte < 0x20);
    bytes.len() - rest.len() + tail.unwrap_or(rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usual_contact_is_read_to_its_end() {
        let element = r#"{"id":10001,"email":"a@b.c","first_name":"Dvořák","last_name":"Hill","custom_data":{"company":"A & B","title":"Head"},"dnc":false,"tags":["partner","trial"],"timezone":"Australia/Sydney"}"#;
        let text = format!("{element} ,{{\"id\": 2}}");
        assert_eq!(scan_contact(&text), Some((10001, element.len())));
        let escaped = r#"{ "id" : -3 , "first_name" : "\u001b[31mRed\u001b[0m\"\\\/\n" }"#;
        assert_eq!(scan_contact(escaped), Some((-3, escaped.len())));
    }

    #[test]
    fn the_first_special_byte_is_found_at_any_offset() {
        for at in 0..20 {
            for special in [b'"', b'\\', 0x1f, 0] {
                let mut bytes = vec![b'a'; 20];
                bytes.extend("é".as_bytes());
                bytes[at] = special;
                assert_eq!(special_from(&bytes, 0), at, "{special} at {at}");
            }
        }
        assert_eq!(special_from("aaaaaaaaéé".as_bytes(), 0), 12);
        // Sixteen bytes at a time, then eight, then one: each way, from any start, against
        // a plain search, among letters beyond ASCII, DEL and the bytes around 0x20.
        let plain = |bytes: &[u8], at: usize| {
            let found = bytes[at..].iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20);
            at + found.unwrap_or(bytes.len() - at)
        };
        let filler = "aé\u{7f} !#[\u{ff}~".as_bytes();
        for length in 0..48 {
            for special in [None, Some(b'"'), Some(b'\\'), Some(0x1f), Some(0)] {
                for place in 0..length.max(1) {
                    let mut bytes: Vec<u8> = filler.iter().copied().cycle().take(length).collect();
                    if let (Some(special), Some(slot)) = (special, bytes.get_mut(place)) {
                        *slot = special;
                    }
                    for at in [0, 1, 7, 17].into_iter().filter(|&at| at <= length) {
                        assert_eq!(
                            special_from(&bytes, at),
                            plain(&bytes, at),
                            "{bytes:?} from {at}"
                        );
                    }
                }
            }
        }
    }
}
