//! The inbox's work off the UI thread: reading a chain for a row's snippet (over HTTP), and
//! reading or writing the local state (SQLite, blocking). `update` asks for them as effects;
//! the runner performs them and hands the answers back as actions.

use crate::api::{ApiError, Client, EmailMessage, Listed, Timestamp};
use crate::clock::Zone;
use crate::inbox::snippet::{Snippet, summarise};
use crate::local::{LocalState, Mark, MarkBook, MarksVersion, Scope};
use std::collections::HashMap;
use std::sync::Arc;

/// The file the dashboard keeps its personal marks in (seen, snippet times), named here only
/// (the runner and the start of `tui::run` open it). The jobs reach every mark through a
/// [`MarkBook`] over it, so a team's store for the shared marks joins the book in one place.
pub type MarksStore = LocalState;

/// Read the chain of one exchange for its snippet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnippetJob {
    pub exchange_id: i64,
    /// The exchange's `updated_at` when asked: the snippet is good until it moves.
    pub updated_at: Option<Timestamp>,
    /// The contact's address: tells their messages from the bot's.
    pub contact: String,
    /// Where the contact is (their `timezone`), else the user's zone: when an absence ends.
    pub zone: Zone,
}

impl SnippetJob {
    /// Reads the chain and finds the snippet (the summary is made on a blocking thread: an
    /// HTML body takes a while to convert).
    pub async fn perform(self, client: &Client) -> Result<Option<Snippet>, ApiError> {
        self.read(client).await.map(|(snippet, _)| snippet)
    }

    /// [`SnippetJob::perform`], with the chain read: the preview shows it without asking.
    pub async fn read(
        self,
        client: &Client,
    ) -> Result<(Option<Snippet>, Listed<EmailMessage>), ApiError> {
        let chain = client.email_chain(self.exchange_id).await?;
        let (contact, zone, messages) = (self.contact, self.zone, Arc::clone(&chain.items));
        let summary =
            crate::tasks::spawn_blocking(move || summarise(&messages, &contact, &zone)).await;
        Ok((summary.unwrap_or(None), chain))
    }
}

/// How many chains a bulk read sends back at once, or after how long: each batch is taken on
/// the UI thread in one go (the counts are made again once per batch, not per chain), and the
/// screen still moves several times a second while a large inbox is read.
const BATCH: usize = 200;
const BATCH_EVERY: std::time::Duration = std::time::Duration::from_millis(150);

/// Read the chains of many replies (the hot ones whose writer is not known), a few at a time
/// as the rows' snippets are, answered in batches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainsRead {
    pub scope: Scope,
    pub jobs: Vec<SnippetJob>,
}

/// What one chain read came to.
pub type ChainAnswer = (SnippetJob, Result<Option<Snippet>, ApiError>);

impl ChainsRead {
    /// Reads them, [`crate::tui::inbox::SNIPPETS_IN_FLIGHT`] at a time, handing `answer`
    /// each batch as it fills (and the last, smaller one).
    pub async fn perform(self, client: &Client, answer: &mut (dyn FnMut(Vec<ChainAnswer>) + Send)) {
        use futures_util::stream::{self, StreamExt};
        let mut reads = stream::iter(self.jobs)
            .map(|job| async move {
                let result = job.clone().perform(client).await;
                (job, result)
            })
            .buffer_unordered(super::SNIPPETS_IN_FLIGHT);
        let (mut batch, mut since) = (Vec::new(), std::time::Instant::now());
        while let Some(read) = reads.next().await {
            batch.push(read);
            if batch.len() >= BATCH || since.elapsed() >= BATCH_EVERY {
                answer(std::mem::take(&mut batch));
                since = std::time::Instant::now();
            }
        }
        if !batch.is_empty() {
            answer(batch);
        }
    }
}

/// Something to read or write in the local state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalJob {
    /// When the scope was first used, its marks; answers [`LocalAnswer::Loaded`].
    Load(Scope),
    /// The marks again when another process changed them since `known` (`None` reads them
    /// whatever): answers
    /// [`LocalAnswer::Marks`], or nothing when nothing changed.
    Reread {
        scope: Scope,
        known: Option<MarksVersion>,
    },
    MarkSeen(Scope, Vec<(i64, Timestamp)>),
    /// Handled (or not) as each reply stands at its `updated_at`.
    SetHandled(Scope, Vec<(i64, Option<Timestamp>)>, bool),
    /// Snoozed until a moment, or woken (`None`).
    SetSnoozed(Scope, Vec<i64>, Option<Timestamp>),
}

/// What the local state answered.
#[derive(Debug, Clone, PartialEq)]
pub enum LocalAnswer {
    Loaded {
        scope: Scope,
        first_use: Timestamp,
        marks: HashMap<i64, Mark>,
    },
    /// The marks as the file holds them now (another process may have set some), at this
    /// data version.
    Marks {
        scope: Scope,
        version: MarksVersion,
        marks: HashMap<i64, Mark>,
    },
    /// Handled marks a teammate was first to, each with why ("Bob handled this a moment
    /// ago"): the marks read next show theirs.
    Refused(Vec<(i64, String)>),
    /// A read or write failed: the session goes on with what it has in memory.
    Failed(String),
}

impl LocalJob {
    /// Whose marks the job reads or writes.
    pub fn scope(&self) -> &Scope {
        match self {
            LocalJob::Load(scope)
            | LocalJob::Reread { scope, .. }
            | LocalJob::MarkSeen(scope, _)
            | LocalJob::SetHandled(scope, ..)
            | LocalJob::SetSnoozed(scope, ..) => scope,
        }
    }

    /// Performs the job (blocking: run it off the UI thread); `None` when a write went well.
    pub fn perform(self, local: MarkBook<'_>) -> Option<LocalAnswer> {
        let failed = |what: &str, error: &dyn std::fmt::Display| {
            Some(LocalAnswer::Failed(format!(
                "The inbox's local state could not {what} ({error}); seen and handled marks \
                 last only this session."
            )))
        };
        match self {
            LocalJob::Load(scope) => {
                let loaded =
                    local.first_use(&scope).and_then(|first| Ok((first, local.marks(&scope)?)));
                match loaded {
                    Ok((first_use, marks)) => Some(LocalAnswer::Loaded { scope, first_use, marks }),
                    Err(error) => failed("be read", &error),
                }
            }
            LocalJob::Reread { scope, known } => {
                let version = match local.version() {
                    Ok(version) if Some(version) == known => return None,
                    Ok(version) => version,
                    Err(error) => return failed("be read", &error),
                };
                match local.marks(&scope) {
                    Ok(marks) => Some(LocalAnswer::Marks { scope, version, marks }),
                    Err(error) => failed("be read", &error),
                }
            }
            LocalJob::MarkSeen(scope, seen) => {
                local.mark_seen(&scope, &seen).err().and_then(|e| failed("be written", &e))
            }
            LocalJob::SetHandled(scope, flags, handled) => {
                match local.set_handled(&scope, &flags, handled) {
                    Ok(refused) if refused.is_empty() => None,
                    Ok(refused) => Some(LocalAnswer::Refused(refused)),
                    Err(error) => failed("be written", &error),
                }
            }
            LocalJob::SetSnoozed(scope, ids, until) => {
                local.set_snoozed(&scope, &ids, until).err().and_then(|e| failed("be written", &e))
            }
        }
    }
}
