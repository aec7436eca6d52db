//! A list written to stdout while it is still arriving: each element goes to the
//! [`ListWriter`] as soon as the client hands it over, typed or as the server sent it, so
//! a command's cost and memory track the transfer and `-o json|jsonl` passes the server's
//! objects through whole (every field, timestamps as written). Used by every list whose
//! JSON is the API's objects, and by `exchanges show -o json`.

use crate::api::{ApiError, Sent};
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::{OutputArgs, OutputFormat};
use crate::cli::output::list_writer::ListWriter;
use crate::cli::output::streams::{stdout, warn_left_out};
use crate::cli::output::terminal::Term;
use crate::present::Column;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

/// A list being written as it arrives, and the first failure to write it.
pub struct StreamedList<'a, T> {
    writer: ListWriter<'a, T>,
    failed: Option<CliError>,
}

impl<'a, T: Serialize + DeserializeOwned> StreamedList<'a, T> {
    /// A list with `columns` (tables and CSV) in the format `output` asks for.
    pub fn new(
        columns: &'a [Column<T>],
        output: &OutputArgs,
        term: &'a Term,
    ) -> Result<Self, CliError> {
        Ok(StreamedList { writer: ListWriter::new(stdout(), columns, output, term)?, failed: None })
    }

    /// Whether elements should come as the server's JSON text ([`StreamedList::sent`]): for
    /// JSON and JSON lines.
    pub fn takes_text(&self) -> bool {
        self.writer.takes_text()
    }

    /// Writes the elements of a batch given as the server's JSON text; whether the reading
    /// goes on.
    pub fn sent(&mut self, texts: Sent<'_>) -> bool {
        let written = self.writer.sent_all(texts);
        self.go_on(written)
    }

    /// Writes one element; whether the reading goes on.
    pub fn row(&mut self, item: &T) -> bool {
        let written = self.writer.row(item);
        self.go_on(written)
    }

    fn go_on(&mut self, written: Result<(), CliError>) -> bool {
        match written {
            Ok(()) => self.writer.is_open(),
            Err(error) => {
                self.failed = Some(error);
                false
            }
        }
    }

    /// Ends the list once the reading is over (`read`: how many elements were left out as
    /// unreadable), warning about those on stderr. On a failure the writer is abandoned:
    /// what arrived is flushed, stderr says the output is incomplete, and a JSON array stays
    /// open, so a list cut short never reads as whole.
    pub fn finish(
        self,
        read: Result<usize, ApiError>,
        term: &Term,
        what: &str,
    ) -> Result<Exit, CliError> {
        let skipped = match (read, self.failed) {
            (Ok(skipped), None) => skipped,
            (Err(error), _) => {
                self.writer.abandon(what);
                return Err(error.into());
            }
            (Ok(_), Some(error)) => {
                self.writer.abandon(what);
                return Err(error);
            }
        };
        self.writer.finish()?;
        warn_left_out(term, skipped, what);
        Ok(Exit::Ok)
    }
}

/// Whether `output` passes a list on as the server sent it (JSON, JSON lines).
pub fn as_sent(output: &OutputArgs, term: &Term) -> bool {
    matches!(output.format(term), OutputFormat::Json | OutputFormat::Jsonl)
}

/// For a `show --json`: keeps in `found` the object of `texts` whose `id` is `id`; whether
/// the reading should go on (not once it is found).
pub fn find_sent(mut texts: Sent<'_>, id: i64, found: &mut Option<Box<RawValue>>) -> bool {
    #[derive(serde::Deserialize)]
    struct Id {
        id: i64,
    }
    texts.all(|json| {
        if serde_json::from_str::<Id>(json).is_ok_and(|object| object.id == id) {
            *found = RawValue::from_string(json.to_string()).ok();
        }
        found.is_none()
    })
}

/// The object as the server sent it, found by [`find_sent`]; the one already read, written
/// back as JSON, should the list have lost it meanwhile.
pub fn sent_or<T: Serialize>(
    found: Option<Box<RawValue>>,
    read: &T,
) -> Result<Box<RawValue>, CliError> {
    match found {
        Some(sent) => Ok(sent),
        None => serde_json::value::to_raw_value(read).map_err(|error| {
            CliError::failure(format!("Could not encode the output as JSON: {error}"))
        }),
    }
}
