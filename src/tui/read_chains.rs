//! The e-mail chains read this session, so a chain read once shows at once when the
//! preview or Enter comes back to it: kept while the exchange has not moved
//! (`updated_at`), the latest few only.

use crate::api::{EmailMessage, Exchange, Timestamp};
use crate::tui::remote::Loaded;
use std::collections::VecDeque;

/// How many chains are kept: a morning's triage moves through a few dozen.
const KEPT: usize = 64;

/// The chains read this session, the latest last.
#[derive(Debug, Clone, Default)]
pub struct ReadChains {
    kept: VecDeque<(i64, Option<Timestamp>, Loaded<EmailMessage>)>,
}

impl ReadChains {
    /// The chain of `exchange` as read, unless the exchange moved since.
    pub fn get(&self, exchange: &Exchange) -> Option<&Loaded<EmailMessage>> {
        self.kept
            .iter()
            .rev()
            .find(|(id, updated_at, _)| *id == exchange.id && *updated_at == exchange.updated_at)
            .map(|(_, _, loaded)| loaded)
    }

    /// Keeps the chain just read for an exchange as it was at `updated_at`, in place of any
    /// older reading of it.
    pub fn keep(&mut self, id: i64, updated_at: Option<Timestamp>, loaded: Loaded<EmailMessage>) {
        self.kept.retain(|(kept, _, _)| *kept != id);
        if self.kept.len() == KEPT {
            self.kept.pop_front();
        }
        self.kept.push_back((id, updated_at, loaded));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn exchange(id: i64, updated_at: &str) -> Exchange {
        let json = serde_json::json!({
            "id": id, "status": "replied", "updated_at": updated_at,
            "contact": {"id": 1, "email": "a@b.c"}, "bot": {"id": 2, "email": "bot@x.y"}
        });
        serde_json::from_value(json).unwrap()
    }

    fn loaded() -> Loaded<EmailMessage> {
        Loaded { items: Arc::from(Vec::new()), at: chrono::Utc::now(), skipped: 0 }
    }

    #[test]
    fn a_chain_is_kept_until_its_exchange_moves() {
        let mut read = ReadChains::default();
        let kept = exchange(7, "2024-05-08T10:00:00Z");
        read.keep(kept.id, kept.updated_at, loaded());
        assert!(read.get(&exchange(7, "2024-05-08T10:00:00Z")).is_some());
        assert!(read.get(&exchange(7, "2024-05-08T11:00:00Z")).is_none(), "it moved");
        assert!(read.get(&exchange(8, "2024-05-08T10:00:00Z")).is_none());
    }

    #[test]
    fn only_the_latest_are_kept() {
        let mut read = ReadChains::default();
        for id in 0..(KEPT as i64 + 1) {
            let kept = exchange(id, "2024-05-08T10:00:00Z");
            read.keep(kept.id, kept.updated_at, loaded());
        }
        assert!(read.get(&exchange(0, "2024-05-08T10:00:00Z")).is_none());
        assert!(read.get(&exchange(KEPT as i64, "2024-05-08T10:00:00Z")).is_some());
    }
}
