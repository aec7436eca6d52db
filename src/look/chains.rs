//! What the replies' chains say, read once per move: the facts remembered on this machine
//! (`crate::local::ChainFact`) are used while their exchange has not moved; only the rest
//! are read, a few at a time, and no more than a look's budget allows. Whatever is neither
//! remembered nor read is counted as unread, never guessed.

use crate::absence::Absence;
use crate::api::{Client, Exchange, Timestamp};
use crate::clock::Zone;
use crate::inbox::snippet::{Snippet, Writer, summarise};
use crate::local::{ChainFact, LastWriter, ObservedState, Scope};
use chrono::{DateTime, Utc};
use futures_util::stream::{self, StreamExt};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// At most this many chains are asked for at once, as the dashboard does.
const IN_FLIGHT: usize = 4;

/// How much one look may read: a first look of a large inbox stops here and says how much
/// is still unread, rather than hold a cron job or a status line for minutes.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub chains: usize,
    pub time: Duration,
}

impl Budget {
    /// A command's look: enough for every hot reply of a busy organisation, bounded in time.
    pub const COMMAND: Budget = Budget { chains: 5_000, time: Duration::from_millis(2_500) };
}

/// What a look learned of the chains it wanted.
#[derive(Debug, Default)]
pub struct Reading {
    /// Who wrote last in each chain known as its exchange stands (from memory or read now),
    /// with an absence and its return; no message text when it came from memory.
    pub snippets: HashMap<i64, Snippet>,
    /// Wanted chains neither remembered nor read (the budget ran out, or the read failed).
    pub unread: usize,
    /// How many chains were asked of the server.
    pub asked: usize,
}

/// Reads what `wanted`'s chains say: from `memory` where it holds, else from the server
/// (remembered for next time).
pub async fn read(
    client: &Client,
    memory: &ObservedState,
    scope: &Scope,
    wanted: &[&Exchange],
    zone: &Zone,
    budget: Budget,
) -> Reading {
    let now = Utc::now();
    let remembered = memory.chain_facts(scope).unwrap_or_else(|error| {
        tracing::warn!(%error, "the remembered chain facts could not be read");
        HashMap::new()
    });
    let mut reading = Reading::default();
    let mut to_read = Vec::new();
    for exchange in wanted {
        match remembered.get(&exchange.id).filter(|fact| fact.holds(exchange.updated_at, now)) {
            Some(fact) => {
                reading.snippets.insert(exchange.id, snippet_of(fact));
            }
            None => to_read.push(*exchange),
        }
    }
    let started = Instant::now();
    let within = to_read.len().min(budget.chains);
    reading.unread = to_read.len() - within;
    let asked = stream::iter(to_read.into_iter().take(within))
        .take_while(|_| std::future::ready(started.elapsed() < budget.time))
        .map(|exchange| async move { (exchange, client.email_chain(exchange.id).await) })
        .buffer_unordered(IN_FLIGHT);
    let answers: Vec<_> = asked.collect().await;
    reading.asked = answers.len();
    reading.unread += within - answers.len();
    let mut learned = Vec::new();
    for (exchange, answer) in answers {
        let Ok(chain) = answer else {
            reading.unread += 1;
            continue;
        };
        match summarise(&chain.items, &exchange.contact.email, zone) {
            Some(snippet) => {
                learned.push((exchange.id, fact_of(&snippet, exchange.updated_at, now)));
                reading.snippets.insert(exchange.id, snippet);
            }
            // An empty chain says nothing of who waits: unknown, and asked again next look.
            None => reading.unread += 1,
        }
    }
    if !learned.is_empty()
        && let Err(error) = memory.keep_chain_facts(scope, &learned, now)
    {
        tracing::warn!(%error, "what the chains said could not be remembered");
    }
    reading
}

/// What is remembered of a chain's latest message, read at `now` as its exchange stood at
/// `updated_at`: never its text.
pub fn fact_of(snippet: &Snippet, updated_at: Option<Timestamp>, now: DateTime<Utc>) -> ChainFact {
    ChainFact {
        updated_at,
        read_at: now,
        writer: match snippet.last {
            Writer::Them => LastWriter::Them,
            Writer::Bot => LastWriter::Bot,
            Writer::Away => LastWriter::Away,
        },
        message_at: snippet.at,
        away_until: snippet.away.and_then(|away| away.until),
        back_day: snippet.away.and_then(|away| away.back),
        back_on: snippet.away.map(|away| away.back_on),
        back: snippet.back,
    }
}

/// A snippet from a remembered fact: who wrote last and an absence, with no line.
pub fn snippet_of(fact: &ChainFact) -> Snippet {
    Snippet {
        line: String::new(),
        last: match fact.writer {
            LastWriter::Them => Writer::Them,
            LastWriter::Bot => Writer::Bot,
            LastWriter::Away => Writer::Away,
        },
        at: fact.message_at,
        referrals: Vec::new(),
        away: fact.back_on.map(|back_on| Absence {
            until: fact.away_until,
            back: fact.back_day,
            back_on,
        }),
        back: fact.back,
    }
}
