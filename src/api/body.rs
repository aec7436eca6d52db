//! What an answer's body is read into as its chunks arrive: plain bytes, or a list decoded
//! on the way ([`ListDecoder`]), so a 100k-contact list is never held as one 23 MB body.

use super::as_sent::Sent;
use super::contact::Contact;
use super::contact_scanned::scanned_contact;
use super::error::{ApiError, body_start};
use super::listed::{ListDecoder, Listed, Quick};
use serde::de::DeserializeOwned;

/// Largest body the client reads; a larger one is a broken or hostile server.
pub const MAX_BODY_BYTES: usize = 256 * 1024 * 1024;

/// How much of a body an error message may quote from (see [`body_start`]), plus one
/// byte so that it knows there was more.
const HEAD_BYTES: usize = 4097;

/// A body being read chunk by chunk.
pub trait BodyReader: Sized {
    type Output;
    /// A reader for a body the server announced as `length` bytes, if it did.
    fn announced(length: Option<u64>) -> Self;
    fn chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError>;
    /// The first bytes read, for an error message.
    fn head(&self) -> &[u8];
    fn finish(self) -> Result<Self::Output, ApiError>;
}

/// A [`BodyReader`] of any kind behind a pointer, its answer as `Any`: one copy of
/// sending, retrying and reading a body serves every kind of answer, and only the making of
/// the reader and the downcast of its answer are per kind.
pub trait AnyBody: Send {
    fn any_chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError>;
    fn any_head(&self) -> &[u8];
    fn any_finish(self: Box<Self>) -> Result<Box<dyn std::any::Any + Send>, ApiError>;
}

impl<R> AnyBody for R
where
    R: BodyReader + Send,
    R::Output: Send + 'static,
{
    fn any_chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError> {
        BodyReader::chunk(self, bytes)
    }

    fn any_head(&self) -> &[u8] {
        BodyReader::head(self)
    }

    fn any_finish(self: Box<Self>) -> Result<Box<dyn std::any::Any + Send>, ApiError> {
        let output = BodyReader::finish(*self)?;
        Ok(Box::new(output))
    }
}

/// The body as bytes.
pub struct RawBody(Vec<u8>);

impl BodyReader for RawBody {
    type Output = Vec<u8>;

    fn announced(length: Option<u64>) -> Self {
        // Room for the announced length at once rather than growing chunk by chunk; a
        // false length only reserves address space.
        let length = length.unwrap_or(0).min(MAX_BODY_BYTES as u64);
        RawBody(Vec::with_capacity(usize::try_from(length).unwrap_or(0)))
    }

    fn chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError> {
        self.0.extend_from_slice(bytes);
        Ok(())
    }

    fn head(&self) -> &[u8] {
        &self.0
    }

    fn finish(self) -> Result<Vec<u8>, ApiError> {
        Ok(self.0)
    }
}

/// A JSON list, decoded element by element as it arrives.
pub struct ListBody<T> {
    decoder: ListDecoder<T>,
    head: Vec<u8>,
}

impl<T> ListBody<T> {
    /// Hands over the elements decoded so far (a list streamed on is never held).
    pub fn drain(&mut self) -> std::vec::Drain<'_, T> {
        self.decoder.drain()
    }

    /// A list body that keeps each element's text as sent ([`ListDecoder::keeping_text`]).
    pub fn keeping_text() -> Self {
        ListBody { decoder: ListDecoder::keeping_text(), head: Vec::new() }
    }

    /// The same body with its elements read by `quick` first ([`ListDecoder::reading_quickly`]).
    pub fn reading_quickly(self, quick: Quick<T>) -> Self {
        ListBody { decoder: self.decoder.reading_quickly(quick), ..self }
    }

    /// Hands over the text of the elements decoded so far ([`ListDecoder::drain_sent`]).
    pub fn drain_sent(&mut self) -> Sent<'_> {
        self.decoder.drain_sent()
    }

    /// Elements that did not decode so far.
    pub fn skipped(&self) -> usize {
        self.decoder.skipped()
    }

    fn error(&self, error: serde_json::Error) -> ApiError {
        ApiError::Decode { reason: error.to_string(), body_start: body_start(&self.head) }
    }
}

impl<T: DeserializeOwned> BodyReader for ListBody<T> {
    type Output = Listed<T>;

    fn announced(_length: Option<u64>) -> Self {
        ListBody { decoder: ListDecoder::new(), head: Vec::new() }
    }

    fn chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError> {
        let room = HEAD_BYTES.saturating_sub(self.head.len()).min(bytes.len());
        self.head.extend_from_slice(&bytes[..room]);
        self.decoder.feed(bytes).map_err(|error| self.error(error))
    }

    fn head(&self) -> &[u8] {
        &self.head
    }

    fn finish(self) -> Result<Listed<T>, ApiError> {
        let ListBody { decoder, head } = self;
        decoder.finish().map_err(|error| ApiError::Decode {
            reason: error.to_string(),
            body_start: body_start(&head),
        })
    }
}

/// The contact list, each element read by the byte scan first and built from it when it
/// has the usual shape (serde reads the others): the dashboard's and the client's decode.
pub struct ContactListBody(ListBody<Contact>);

impl ContactListBody {
    /// A contact list body handed over as it arrives ([`Client::stream_contacts`]).
    ///
    /// [`Client::stream_contacts`]: super::client::Client::stream_contacts
    pub fn streamed() -> ListBody<Contact> {
        ListBody::announced(None).reading_quickly(scanned_contact)
    }
}

impl BodyReader for ContactListBody {
    type Output = Listed<Contact>;

    fn announced(_length: Option<u64>) -> Self {
        ContactListBody(ContactListBody::streamed())
    }

    fn chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError> {
        self.0.chunk(bytes)
    }

    fn head(&self) -> &[u8] {
        self.0.head()
    }

    fn finish(self) -> Result<Listed<Contact>, ApiError> {
        self.0.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decode_error_quotes_the_start_of_the_body() {
        let mut body = ListBody::<Contact>::announced(None);
        body.chunk(br#"[{"id": 1}, "#).unwrap();
        let error = body.chunk(b"{\"id\": tru}]").unwrap_err();
        match error {
            ApiError::Decode { reason, body_start } => {
                assert!(reason.contains("element 2"), "{reason}");
                assert_eq!(body_start, r#"[{"id": 1}, {"id": tru}]"#);
            }
            other => panic!("{other}"),
        }
    }

    #[test]
    fn a_long_body_is_quoted_only_in_part() {
        let mut body = ListBody::<Contact>::announced(None);
        let element = br#"{"id": 1, "email": "someone@example.com"}, "#;
        body.chunk(b"[").unwrap();
        for _ in 0..200 {
            body.chunk(element).unwrap();
        }
        let Err(ApiError::Decode { body_start, .. }) = body.finish() else {
            panic!("an unclosed list is an error")
        };
        assert!(body_start.starts_with(r#"[{"id": 1, "email""#) && body_start.ends_with('…'));
        assert_eq!(body_start.chars().count(), 201);
    }
}
