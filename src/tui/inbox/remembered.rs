//! What the replies' chains said, shared with every process of the profile
//! (`crate::local::ChainFact`, in the observed state): the dashboard starts from what
//! `outreach status`, `watch` or its own last session read, so who waits on you is known
//! from the first frames instead of after every hot reply's chain is read again, and what it
//! reads itself is kept for them. Only who wrote last, when, and an absence with its return
//! day: never a message's text.

use super::{CachedSnippet, InboxState};
use crate::local::{ChainFact, ObservedState, Scope};
use crate::look::chains::snippet_of;
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::Arc;

/// Facts read longer ago than this are not taken: a server may not move `updated_at` on
/// every message (the commands' looks hold them as long).
const HELD_FOR: Duration = Duration::days(1);

/// Read or keep chain facts in the observed state (blocking: SQLite).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainsJob {
    /// Every fact remembered for the scope; answers `Action::ChainsRecalled`.
    Recall(Scope),
    /// Keep what these chains said; no answer.
    Keep(Scope, Vec<(i64, ChainFact)>, DateTime<Utc>),
}

impl ChainsJob {
    /// Does it; a recall gives the scope and its facts (none when they cannot be read: the
    /// chains are then read as before).
    pub fn perform(self, state: &ObservedState) -> Option<(Scope, HashMap<i64, ChainFact>)> {
        match self {
            ChainsJob::Recall(scope) => {
                let facts = state.chain_facts(&scope).unwrap_or_else(|error| {
                    tracing::warn!(%error, "the remembered chain facts could not be read");
                    HashMap::new()
                });
                Some((scope, facts))
            }
            ChainsJob::Keep(scope, facts, now) => {
                if let Err(error) = state.keep_chain_facts(&scope, &facts, now) {
                    tracing::warn!(%error, "what the chains said could not be remembered");
                }
                None
            }
        }
    }
}

impl InboxState {
    /// Takes remembered facts for the chains not read in this session; says whether any
    /// was taken (the counts then move).
    pub(crate) fn take_remembered(
        &mut self,
        facts: HashMap<i64, ChainFact>,
        now: DateTime<Utc>,
    ) -> bool {
        self.recalled = true;
        let before = self.snippets.len();
        let snippets = Arc::make_mut(&mut self.snippets);
        for (id, fact) in facts {
            if now - fact.read_at >= HELD_FOR {
                continue;
            }
            snippets.entry(id).or_insert_with(|| CachedSnippet {
                updated_at: fact.updated_at,
                snippet: Some(snippet_of(&fact)),
                remembered: true,
            });
        }
        let taken = self.snippets.len() > before;
        if taken {
            self.touch();
        }
        taken
    }

    /// A chain read in this session, to keep for the other processes once a few are in.
    pub(crate) fn remember_read(&mut self, id: i64, fact: ChainFact) {
        self.unkept.push((id, fact));
    }

    /// The facts to keep now: a batch, or the last few once no chain is being read.
    pub(crate) fn facts_to_keep(&mut self) -> Option<Vec<(i64, ChainFact)>> {
        let due =
            self.unkept.len() >= KEEP_BATCH || (self.reading.is_empty() && !self.unkept.is_empty());
        due.then(|| std::mem::take(&mut self.unkept))
    }
}

/// Facts are kept this many at a time (one SQLite transaction each) while chains are read.
const KEEP_BATCH: usize = 64;
