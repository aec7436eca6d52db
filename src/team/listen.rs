//! The live side of the team store: every change anyone makes is announced on
//! [`CHANNEL`](super::store::CHANNEL) (PostgreSQL NOTIFY, sent when its transaction commits),
//! and [`Changes`] hands each to whoever awaits it — a dashboard shows a teammate's mark
//! the moment it is made instead of at its next read.

use super::TeamError;
use super::store::CHANNEL;
use super::target::Target;
use crate::credentials::Keyring;
use futures_util::StreamExt;
use serde::Deserialize;
use tokio::sync::mpsc;
use tokio_postgres::AsyncMessage;

/// One change as announced: who did what to which exchange of which organisation.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Change {
    /// The history row: grows with every change.
    pub id: i64,
    /// The organisation's folded name.
    pub organisation: String,
    pub exchange: i64,
    pub who: String,
    /// handled, unhandled, assigned, unassigned, snoozed, unsnoozed.
    pub what: String,
}

/// The changes of every organisation in the store, as they come. Ends (`None`) when the
/// connection is lost: listen again then, and read the marks again, since what was said
/// meanwhile was not heard.
pub struct Changes {
    receiver: mpsc::UnboundedReceiver<Change>,
    // Keeps the connection open: it closes when the client is dropped.
    _client: tokio_postgres::Client,
}

impl Changes {
    /// The next change; `None` once the connection is gone.
    pub async fn next(&mut self) -> Option<Change> {
        self.receiver.recv().await
    }
}

/// Opens a connection of its own and listens on it.
pub async fn listen(target: &Target, keyring: &Keyring) -> Result<Changes, TeamError> {
    let opened = target.open(keyring).await?;
    let (sender, receiver) = mpsc::unbounded_channel();
    let mut connection = opened.connection;
    crate::tasks::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(note)) if note.channel() == CHANNEL => {
                    let Ok(change) = serde_json::from_str::<Change>(note.payload()) else {
                        continue;
                    };
                    if sender.send(change).is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::debug!("team store listener ended: {error}");
                    return;
                }
            }
        }
    });
    let url = target.shown();
    opened
        .client
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .await
        .map_err(|error| super::error::from_driver(&error, &url, &opened.secret))?;
    Ok(Changes { receiver, _client: opened.client })
}
