//! Reading what the replies' chains say: the rows in view (their line), the arrivals (an
//! absence notice is announced to nobody) and — in any pane — the hot replies not handled
//! (who spoke last decides whether one waits on us). The profile's other processes may have
//! read them already: what they remembered is recalled first, and what is read here is kept
//! for them. The rows and arrivals are read a few at a time; the hot replies in one bulk
//! read off the UI thread, taken a batch at a time, so that a large inbox is counted in
//! seconds and the counts are made again once per batch, not once per chain.

use crate::api::{ApiError, Exchange, Items, Timestamp};
use crate::inbox::Snippet;
use crate::local::{ChainFact, Scope};
use crate::tui::action::{Answer, Effect, HeldAnswer};
use crate::tui::census::{self, CensusJob};
use crate::tui::inbox::jobs::{ChainAnswer, ChainsRead, SnippetJob};
use crate::tui::inbox::remembered::ChainsJob;
use crate::tui::inbox::{CachedSnippet, SNIPPETS_IN_FLIGHT};
use crate::tui::layout::list_rows;
use crate::tui::lists::search::ListJob;
use crate::tui::model::Slot;
use crate::tui::resource::keep_inbox_rows;
use crate::tui::state::{AppState, Connection};
use crate::tui::update::inbox::arrival_read;
use crate::tui::watched::Watched;
use std::collections::{HashMap, HashSet};

/// Rows beyond the visible ones whose snippets are read ahead, so scrolling finds them.
const READ_AHEAD: usize = 40;

/// Asks for the chains wanted now: the arrivals' and the rows' in view (then a few beyond),
/// at most [`SNIPPETS_IN_FLIGHT`] at a time, and the hot replies' not known yet in one
/// bulk read; rows whose snippet is current are skipped.
pub(crate) fn read_snippets(state: &mut AppState) -> Vec<Effect> {
    if !matches!(state.server.connection, Connection::Ready(_)) {
        return Vec::new();
    }
    let mut effects = read_shown(state);
    effects.extend(read_hot(state));
    effects
}

/// The arrivals' chains (their announcement waits for them) and the rows' in view.
fn read_shown(state: &mut AppState) -> Vec<Effect> {
    let room = SNIPPETS_IN_FLIGHT.saturating_sub(state.org.inbox.reading.len());
    if room == 0 {
        return Vec::new();
    }
    let items = state.org.store.exchanges.items();
    let in_view: &[u32] = if state.inbox_list_shown() {
        let list = &state.panes.exchanges.list;
        let start = list.offset().min(list.order().len());
        let end = (start + list_rows(state) + READ_AHEAD).min(list.order().len());
        &list.order()[start..end]
    } else {
        &[]
    };
    let inbox = &state.org.inbox;
    let waiting = &inbox.announcing.waiting;
    // Nothing waits on nearly every update: the inbox is not walked then.
    let arrivals = if waiting.is_empty() { 0 } else { items.len() };
    let arriving = items.iter().take(arrivals).filter(|e| waiting.contains(&e.id));
    let mut asked = HashSet::new();
    // Arrivals need only who wrote last; rows in view show the line, which a remembered
    // fact does not have.
    let wanted: Vec<&Exchange> = (arriving.map(|e| (e, false)))
        .chain(in_view.iter().filter_map(|&index| Some((items.get(index as usize)?, true))))
        .filter(|(exchange, shown)| {
            let wanted =
                if *shown { inbox.wants_line(exchange) } else { inbox.wants_snippet(exchange) };
            wanted && asked.insert(exchange.id)
        })
        .map(|(exchange, _)| exchange)
        .take(room)
        .collect();
    let jobs = jobs_for(state, &wanted);
    jobs.into_iter()
        .map(|job| {
            // Work in flight is not drawn.
            Watched::quietly(&mut state.org).inbox.reading.insert(job.exchange_id);
            Effect::ReadSnippet(job)
        })
        .collect()
}

/// The hot replies not handled whose writer is not known, in one bulk read: not before
/// what the profile's processes remembered is known (it may hold them). They are looked
/// for once per list and state of the marks and chains (every answer moves it), not on
/// every key.
fn read_hot(state: &mut AppState) -> Option<Effect> {
    let inbox = &state.org.inbox;
    let scope = inbox.scope.clone()?;
    // More in flight than the rows may ask for: a bulk read goes on, and its end moves the
    // revision (looked through then, not at each count while it runs).
    if !inbox.recalled || inbox.reading.len() > SNIPPETS_IN_FLIGHT {
        return None;
    }
    let list = state.org.store.exchanges.data.as_ref().map(|d| &d.items);
    let mut changed = false;
    inbox.hot_looked.get(list, inbox.revision(), || changed = true);
    if !changed {
        return None;
    }
    let items = state.org.store.exchanges.items();
    let hot = inbox.hot_unhandled(list);
    let wanted: Vec<&Exchange> = (hot.iter().filter_map(|&index| items.get(index)))
        .filter(|exchange| inbox.wants_snippet(exchange))
        .collect();
    if wanted.is_empty() {
        return None;
    }
    let jobs = jobs_for(state, &wanted);
    let reading = &mut Watched::quietly(&mut state.org).inbox.reading;
    reading.extend(jobs.iter().map(|job| job.exchange_id));
    Some(Effect::ReadChains(ChainsRead { scope, jobs }))
}

/// What reading each of `wanted` needs: the contact's address tells their messages from the
/// bot's, and their zone (else the user's) when an absence ends.
fn jobs_for(state: &AppState, wanted: &[&Exchange]) -> Vec<SnippetJob> {
    let contacts = state.org.store.contacts.data.as_ref().map(|d| &d.items);
    let zones = state.org.inbox.contact_zones(contacts);
    (wanted.iter())
        .map(|exchange| SnippetJob {
            exchange_id: exchange.id,
            updated_at: exchange.updated_at,
            contact: exchange.contact.email.clone(),
            zone: zones.get(&exchange.contact.id).copied().unwrap_or(state.env.zone),
        })
        .collect()
}

/// A row's or an arrival's chain was read.
pub(crate) fn on_snippet(
    state: &mut AppState,
    job: SnippetJob,
    result: Result<Option<Snippet>, ApiError>,
) -> Vec<Effect> {
    took(state, vec![(job, result)], false)
}

/// A batch of a bulk read came back: taken only for the session that asked.
pub(crate) fn on_chains_read(
    state: &mut AppState,
    scope: &Scope,
    read: Vec<ChainAnswer>,
) -> Vec<Effect> {
    if state.org.inbox.scope.as_ref() != Some(scope) {
        return Vec::new();
    }
    took(state, read, true)
}

/// Chains were read: their snippets show (a failure is not asked again until the exchange
/// moves), what they said is to be kept for the other processes, the arrivals among them
/// are announced, and — an absence notice leaving the new ones — the rows kept again.
/// The batches of a `bulk` read still going on are counted at most once a second (see
/// [`crate::tui::inbox::InboxState::take_snippets`]).
fn took(state: &mut AppState, read: Vec<ChainAnswer>, bulk: bool) -> Vec<Effect> {
    let now = state.env.now;
    let counts_apart = census::counts_apart(state);
    let mut arrived = Vec::new();
    {
        let inbox = &mut state.org.inbox;
        let mut taken = Vec::with_capacity(read.len());
        for (job, result) in read {
            inbox.reading.remove(&job.exchange_id);
            let snippet = result.unwrap_or_else(|error| {
                tracing::warn!(exchange = job.exchange_id, %error, "reading a chain failed");
                None
            });
            if let Some(snippet) = &snippet {
                let fact = crate::look::chains::fact_of(snippet, job.updated_at, now);
                inbox.remember_read(job.exchange_id, fact);
            }
            if inbox.announcing.waiting.contains(&job.exchange_id) {
                arrived.push((job.exchange_id, job.updated_at));
            }
            let cached = CachedSnippet { updated_at: job.updated_at, snippet, remembered: false };
            taken.push((job.exchange_id, cached));
        }
        // On a large inbox even the last batch is held: a worker counts it.
        let held = bulk && (!inbox.reading.is_empty() || counts_apart);
        let going_on = held.then_some(Timestamp(now));
        inbox.take_snippets(taken, going_on);
        if going_on.is_some() && arrived.is_empty() {
            return Vec::new();
        }
    }
    let mut effects: Vec<Effect> = keep_inbox_rows(state).into_iter().collect();
    for (id, updated_at) in arrived {
        effects.extend(arrival_read(state, id, updated_at));
    }
    effects
}

/// The remembered chain facts were read: who waits is known for the replies they hold, and
/// the hot replies' chains not among them may be asked for.
pub(crate) fn on_recalled(
    state: &mut AppState,
    scope: &Scope,
    facts: HashMap<i64, ChainFact>,
) -> Vec<Effect> {
    if state.org.inbox.scope.as_ref() != Some(scope) {
        return Vec::new();
    }
    let mut effects = Vec::new();
    if state.org.inbox.take_remembered(facts, state.env.now) {
        // An absence notice leaves the list of new ones.
        effects.extend(keep_inbox_rows(state));
    }
    effects.extend(crate::tui::update::glance::take(state));
    effects
}

/// After chains were read: what they said is kept for the profile's other processes (a
/// batch at a time), and once no chain is being read the numbers are counted and the
/// glance kept.
pub(crate) fn after_reads(state: &mut AppState) -> Vec<Effect> {
    let mut effects = settle(state);
    if let Some(scope) = state.org.inbox.scope.clone()
        && let Some(facts) = Watched::quietly(&mut state.org).inbox.facts_to_keep()
    {
        effects.push(Effect::Chains(ChainsJob::Keep(scope, facts, state.env.now)));
    }
    if state.org.inbox.reading.is_empty() {
        effects.extend(crate::tui::update::glance::take(state));
    }
    effects
}

/// Counts again with the chains a bulk read brought, once it has ended or they have waited
/// a second (also at the clock's tick, so a read that stops short leaves nothing uncounted);
/// a large inbox is counted by a worker.
pub(crate) fn settle(state: &mut AppState) -> Vec<Effect> {
    let done = state.org.inbox.reading.is_empty();
    let now = Timestamp(state.env.now);
    if census::counts_apart(state) {
        if !state.org.inbox.settles(done, now) {
            return Vec::new();
        }
        return vec![Effect::Count {
            job: std::sync::Arc::new(CensusJob::of(state)),
            loaded: None,
        }];
    }
    if Watched::write_if(&mut state.org, |org| org.inbox.settle(done, now)) {
        return keep_inbox_rows(state).into_iter().collect();
    }
    Vec::new()
}

/// A large inbox that loaded (the awaited answer) is counted by a worker before it is
/// shown: the effect that asks it.
pub(crate) fn count_before_shown(
    state: &mut AppState,
    answer: &std::sync::Arc<dyn Answer>,
) -> Option<Effect> {
    if answer.slot() != Slot::Exchanges || !answer.awaited(state) {
        return None;
    }
    let items = answer.rows()?.downcast_ref::<Items<Exchange>>()?;
    let job = CensusJob::of_load(state, items)?;
    let loaded = Some(HeldAnswer(std::sync::Arc::clone(answer)));
    Some(Effect::Count { job: std::sync::Arc::new(job), loaded })
}

/// A worker counted the inbox: a list it counted before showing it is stored now; its
/// counts are taken (unless things moved meanwhile), the hot replies' chains still unread
/// are asked for, chains held meanwhile are counted, and once none is read the glance is
/// kept.
pub(crate) fn on_counted(
    state: &mut AppState,
    counted: census::Census,
    loaded: Option<HeldAnswer>,
) -> Vec<Effect> {
    let mut replaced = census::Replaced::new();
    let mut effects = match loaded {
        Some(HeldAnswer(answer)) => {
            crate::tui::update::loaded::loaded(state, &*answer, Some((&counted, &mut replaced)))
        }
        None if census::marks(&counted).is_some() => {
            crate::tui::update::inbox::on_marks_counted(state, &counted, &mut replaced)
        }
        None if census::take(state, &counted, &mut replaced) => {
            keep_inbox_rows(state).into_iter().collect()
        }
        None => Vec::new(),
    };
    // The copy may hold the last handle on chains read before (a hundred thousand of them
    // at a million contacts), and the values it replaced are as many: let go of on a worker.
    replaced.push(Box::new(counted));
    effects.push(Effect::Search(ListJob::Discard(std::sync::Arc::new(replaced))));
    effects.extend(read_snippets(state));
    effects.extend(settle(state));
    if state.org.inbox.reading.is_empty() {
        effects.extend(crate::tui::update::glance::take(state));
    }
    effects
}
