//! What can go wrong with the local state database once it is open.

use thiserror::Error;

/// A read or write of the local state that failed. The dashboard shows it in the status bar
/// and goes on: the marks are a convenience, never a reason to stop.
#[derive(Debug, Error)]
pub enum StateError {
    #[error(
        "The local state is busy (another outreach is writing it); seen and handled marks were not saved. Try again in a moment."
    )]
    Busy,

    #[error("The local state could not be read or written: {0}. Marks are kept for this run only.")]
    Sqlite(String),

    #[error(
        "The local state is not available in this run (it could not be opened); marks are not kept."
    )]
    Unavailable,
}

impl From<rusqlite::Error> for StateError {
    fn from(error: rusqlite::Error) -> StateError {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                StateError::Busy
            }
            _ => StateError::Sqlite(error.to_string()),
        }
    }
}
