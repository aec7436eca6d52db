//! The reply inbox as it changes: whose marks to read once connected, the local state's
//! answer, snippets asked for (the visible rows first, a few at a time) and read, replies
//! becoming seen when opened, new replies announced after a load, and handled marks set.

use crate::api::{Exchange, Timestamp};
use crate::inbox::{Category, Facts};
use crate::local::Scope;
use crate::present::names::party_name;
use crate::tui::action::Effect;
use crate::tui::census::{Census, CensusJob, Replaced, StoredMarks};
use crate::tui::inbox::arrivals::Arrivals;
use crate::tui::inbox::jobs::{LocalAnswer, LocalJob};
use crate::tui::inbox::notify::{Arrival, headline, terminal_bytes};
use crate::tui::inbox::remembered::ChainsJob;
use crate::tui::inbox::{Before, Triage};
use crate::tui::resource::keep_inbox_rows;
use crate::tui::state::{AppState, Connection};
use crate::tui::submit::feedback::Tone;
use crate::tui::watched::Watched;

/// Once connected: forget another session's marks and read this one's.
pub(crate) fn on_connected(state: &mut AppState) -> Vec<Effect> {
    let Connection::Ready(info) = &state.server.connection else { return Vec::new() };
    // The scope `outreach replies` uses too: the same marks from the CLI and the dashboard.
    let scope = Scope::new(&info.profile, &info.base_url);
    state.org.inbox = state.org.inbox.for_session(scope.clone());
    state.org.dnc = Default::default();
    // What the chains said when this profile's processes last read them.
    let recall = Effect::Chains(ChainsJob::Recall(scope.clone()));
    // With a team store the marks are read once its organisation is known.
    let mut effects = crate::tui::update::team::on_connected(state)
        .unwrap_or_else(|| vec![Effect::Local(LocalJob::Load(scope))]);
    effects.push(recall);
    effects
}

/// The local state answered: the marks show, and new replies count from now on. When it
/// failed, the session goes on in memory, counting from now.
pub(crate) fn on_local(state: &mut AppState, answer: LocalAnswer) -> Vec<Effect> {
    match answer {
        LocalAnswer::Loaded { scope, first_use, marks } => {
            if state.org.inbox.scope.as_ref() != Some(&scope) {
                return Vec::new();
            }
            let now = Timestamp(state.env.now);
            let stored = StoredMarks { scope, first_use, now, marks };
            // On a large inbox they are counted by a worker, and shown with its counts.
            if crate::tui::census::counts_apart(state) {
                let job = std::sync::Arc::new(CensusJob::of_marks(state, stored));
                return vec![Effect::Count { job, loaded: None }];
            }
            stored.apply(&mut state.org.inbox);
        }
        LocalAnswer::Marks { scope, version, marks } => {
            if state.org.inbox.scope.as_ref() != Some(&scope) {
                return Vec::new();
            }
            // Read every second: a file's version, and marks that did not change, draw
            // nothing.
            Watched::quietly(&mut state.org).inbox.marks_version = Some(version);
            if !Watched::write_if(&mut state.org, |org| org.inbox.take_reread_marks(marks)) {
                return Vec::new();
            }
        }
        LocalAnswer::Refused(refused) => {
            let said: Vec<String> = refused
                .iter()
                .map(|(id, why)| {
                    format!("{}: {why}", crate::tui::update::team::whose_reply(state, *id))
                })
                .collect();
            state.show_toast(Tone::Warning, format!("{}.", said.join("; ")));
            return Vec::new();
        }
        LocalAnswer::Failed(message) => {
            tracing::warn!(%message, "local state");
            state.transient.notice = Some(message);
            state.org.inbox.first_use.get_or_insert(Timestamp(state.env.now));
        }
    }
    marks_taken(state, None)
}

/// The marks the local state answered with, counted by a worker (`counted`), are taken with
/// its counts, when the session is still the one they were read for.
pub(crate) fn on_marks_counted(
    state: &mut AppState,
    counted: &Census,
    replaced: &mut Replaced,
) -> Vec<Effect> {
    let Some(marks) = crate::tui::census::marks(counted) else { return Vec::new() };
    if state.org.inbox.scope.as_ref() != Some(&marks.scope) {
        return Vec::new();
    }
    marks.clone().apply(&mut state.org.inbox);
    marks_taken(state, Some((counted, replaced)))
}

/// The marks are taken: the rows kept, what the list holds remembered (counted by a worker
/// with them on a large inbox), the glance and a look.
fn marks_taken(state: &mut AppState, counted: Option<(&Census, &mut Replaced)>) -> Vec<Effect> {
    let mut effects = Vec::new();
    match counted {
        // What arrived first: the worker counted after it.
        Some((census, replaced)) => {
            if let Some(arrivals) = crate::tui::census::arrivals(state, census) {
                effects.extend(announce(state, arrivals));
            }
            crate::tui::census::take(state, census, replaced);
            effects.extend(keep_inbox_rows(state));
        }
        None => {
            effects.extend(keep_inbox_rows(state));
            effects.extend(announce_arrivals(state));
        }
    }
    effects.extend(crate::tui::update::glance::take(state));
    // The marks are known: a look can tell which hot replies wait.
    effects.extend(crate::tui::update::observe::take(state));
    crate::tui::update::first_look::offer_to_put_old_replies_away(state);
    effects
}

/// Asks whether another process (`outreach replies handle`, a second dashboard) changed
/// the marks since they were last read, and for them if so: every second (a cheap check of
/// the file's data version, off the UI thread) and, `whatever` it says, on a refresh.
pub(crate) fn reread_marks(state: &AppState, whatever: bool) -> Vec<Effect> {
    let inbox = &state.org.inbox;
    match (&inbox.scope, inbox.first_use) {
        (Some(scope), Some(_)) => {
            let known = if whatever { None } else { inbox.marks_version };
            let mut effects = vec![Effect::Local(LocalJob::Reread { scope: scope.clone(), known })];
            effects.extend(crate::tui::update::team::reread(state));
            effects
        }
        _ => Vec::new(),
    }
}

/// After the Exchanges list loaded: announce what arrived since the last load.
pub(crate) fn on_exchanges_loaded(state: &mut AppState, announced: bool) -> Vec<Effect> {
    let mut effects = crate::tui::update::team::on_exchanges_loaded(state);
    effects.extend(check_dnc(state));
    if !announced {
        effects.extend(announce_arrivals(state));
    }
    effects.extend(crate::tui::update::glance::take(state));
    crate::tui::update::first_look::offer_to_put_old_replies_away(state);
    effects
}

/// The inbox loaded (or a do-not-contact write went out): its opt-outs are checked against
/// the do-not-contact list as the commands check them (read again only when what was read
/// last no longer answers: a write from this machine always has it read again).
pub(crate) fn check_dnc(state: &AppState) -> Option<Effect> {
    let scope = state.org.inbox.scope.clone()?;
    let inbox = state.org.store.exchanges.data.as_ref()?.items.clone();
    Some(Effect::CheckDnc(crate::tui::dnc::DncJob { scope, inbox, now: state.env.now }))
}

/// The opt-outs were checked: "Needs you" says which wait, with their deadlines.
pub(crate) fn on_dnc_checked(
    state: &mut AppState,
    scope: &Scope,
    result: Result<crate::look::dnc::Listed, String>,
) -> Vec<Effect> {
    if state.org.inbox.scope.as_ref() != Some(scope) {
        return Vec::new();
    }
    // On a large inbox the needs list it changes is made by a worker, and the answer taken
    // with it.
    if crate::tui::census::counts_apart(state) {
        let mut dnc = state.org.dnc.clone();
        dnc.take(result);
        let job = std::sync::Arc::new(crate::tui::census::CensusJob::of_dnc(state, dnc));
        return vec![Effect::Count { job, loaded: None }];
    }
    state.org.dnc.take(result);
    crate::tui::update::glance::take(state).into_iter().collect()
}

/// Replies that are new and arrived (or moved) since the last load: a toast naming them,
/// and the bell and desktop notification (the effects). One whose chain is not read as it
/// stands waits for it: an automatic absence notice is announced to nobody. The first load
/// only remembers what is there.
fn announce_arrivals(state: &mut AppState) -> Vec<Effect> {
    let inbox = &state.org.inbox;
    if inbox.first_use.is_none() || state.org.store.exchanges.data.is_none() {
        return Vec::new();
    }
    let arrivals = Arrivals::since(inbox.known.as_ref(), state.org.store.exchanges.items());
    announce(state, arrivals)
}

/// Announces what moved since the last load (`arrivals`, made here or by a worker) and
/// remembers this load's ids.
pub(crate) fn announce(state: &mut AppState, arrivals: Arrivals) -> Vec<Effect> {
    let org = &mut *state.org;
    org.inbox.known = Some(arrivals.known);
    let Some(moved) = arrivals.moved else { return Vec::new() };
    for exchange in &moved {
        org.inbox.note_arrival(exchange.id, exchange.updated_at);
    }
    let new: Vec<&Exchange> = moved.iter().filter(|e| org.inbox.is_new(e)).collect();
    for exchange in new {
        if !org.inbox.read_as_it_stands(exchange) {
            org.inbox.announcing.waiting.insert(exchange.id);
        } else if let Some(arrival) = arrival(&org.inbox, exchange) {
            org.inbox.announcing.ready.push(arrival);
        }
    }
    announce_ready(state)
}

/// The arrival to announce, unless the reply is an absence notice (or no longer new).
fn arrival(inbox: &crate::tui::inbox::InboxState, exchange: &Exchange) -> Option<Arrival> {
    let away = inbox.last_writer(exchange) == Some(crate::inbox::Writer::Away);
    (inbox.is_new(exchange) && !away).then(|| Arrival {
        name: party_name(&exchange.contact),
        category: Category::of(&exchange.status).label().to_string(),
    })
}

/// Announces what is ready once no arrival waits for its chain: one toast, one bell.
fn announce_ready(state: &mut AppState) -> Vec<Effect> {
    let announcing = &state.org.inbox.announcing;
    if !announcing.waiting.is_empty() || announcing.ready.is_empty() {
        return Vec::new();
    }
    let arrivals = std::mem::take(&mut state.org.inbox.announcing.ready);
    state.show_toast(Tone::Success, headline(&arrivals));
    terminal_bytes(&arrivals, state.org.inbox.alerts).into_iter().map(Effect::Announce).collect()
}

/// An arrival's chain was read (or could not be) at `updated_at`: it is announced with the
/// others once none waits, unless it is an absence notice. A read of an older state of it
/// (asked before it moved) leaves it waiting.
pub(crate) fn arrival_read(
    state: &mut AppState,
    id: i64,
    updated_at: Option<Timestamp>,
) -> Vec<Effect> {
    let items = state.org.store.exchanges.items();
    let current = items.iter().find(|e| e.id == id).is_none_or(|e| e.updated_at == updated_at);
    if !current || !state.org.inbox.announcing.waiting.contains(&id) {
        return Vec::new();
    }
    state.org.inbox.announcing.waiting.remove(&id);
    let items = state.org.store.exchanges.items();
    if let Some(arrival) =
        items.iter().find(|e| e.id == id).and_then(|e| arrival(&state.org.inbox, e))
    {
        state.org.inbox.announcing.ready.push(arrival);
    }
    announce_ready(state)
}

/// The clock moved: a snooze or an absence that ended by now brings its reply back, as new.
pub(crate) fn on_tick(state: &mut AppState) -> Vec<Effect> {
    let now = Timestamp(state.env.now);
    if !state.org.inbox.wakes_by(now) {
        return Vec::new();
    }
    state.org.inbox.set_clock(now);
    keep_inbox_rows(state).into_iter().collect()
}

/// The reply opened: seen at its present `updated_at`, or at the moment it came back from a
/// snooze or an absence (so that it is not new again until it moves).
pub(crate) fn seen(state: &mut AppState, exchange: &Exchange) -> Vec<Effect> {
    let Some(at) = state.org.inbox.moved_at(exchange).or(exchange.updated_at) else {
        return Vec::new();
    };
    let mark = state.org.inbox.mark_mut(exchange.id);
    mark.seen_updated_at = Some(at);
    match &state.org.inbox.scope {
        Some(scope) => {
            vec![Effect::Local(LocalJob::MarkSeen(scope.clone(), vec![(exchange.id, at)]))]
        }
        None => Vec::new(),
    }
}

/// Marks replies handled (or not) on this machine and lists them again under the handled
/// filter; remembered for `z`.
pub(crate) fn set_handled(state: &mut AppState, ids: &[i64], handled: bool) -> Vec<Effect> {
    if ids.is_empty() {
        return Vec::new();
    }
    let listed = listed_by_id(state.org.store.exchanges.items(), ids.iter().copied());
    let before: Vec<(i64, bool)> = ids
        .iter()
        .map(|&id| (id, listed.get(&id).is_some_and(|e| state.org.inbox.is_handled(e))))
        .collect();
    let what = format!(
        "{} {}",
        crate::text::count(ids.len(), "reply", "replies"),
        if handled { "marked handled" } else { "marked not handled" }
    );
    state.org.inbox.last_triage = Some(Triage { before: Before::Handled(before), what });
    apply_handled(state, ids.iter().map(|&id| (id, handled)).collect())
}

/// Snoozes replies until `until` (or wakes them: `None`) for the team, lists the rows again
/// and writes it down; remembered for undo. A snoozed reply is seen as it stands: when it
/// comes back it is new from that moment.
pub(crate) fn set_snoozed(
    state: &mut AppState,
    ids: &[i64],
    until: Option<Timestamp>,
    what: String,
) -> Vec<Effect> {
    if ids.is_empty() {
        return Vec::new();
    }
    let before: Vec<(i64, Option<Timestamp>)> = ids
        .iter()
        .map(|&id| (id, state.org.inbox.mark(id).and_then(|mark| mark.snoozed_until)))
        .collect();
    state.org.inbox.last_triage = Some(Triage { before: Before::Snoozed(before), what });
    let mut effects = Vec::new();
    if until.is_some() {
        let items = state.org.store.exchanges.items();
        let snoozed: Vec<Exchange> =
            items.iter().filter(|e| ids.contains(&e.id)).cloned().collect();
        for exchange in &snoozed {
            effects.extend(seen(state, exchange));
        }
    }
    effects.extend(apply_snoozed(state, ids.iter().map(|&id| (id, until)).collect()));
    effects
}

/// Sets snoozes as given, lists the rows again and writes them down (one write per moment).
pub(crate) fn apply_snoozed(
    state: &mut AppState,
    snoozes: Vec<(i64, Option<Timestamp>)>,
) -> Vec<Effect> {
    // Judged from now: the clock may have stood since the last snooze ended.
    state.org.inbox.set_clock(Timestamp(state.env.now));
    for &(id, until) in &snoozes {
        state.org.inbox.mark_mut(id).snoozed_until = until;
    }
    let mut effects: Vec<Effect> = keep_inbox_rows(state).into_iter().collect();
    let Some(scope) = state.org.inbox.scope.clone() else { return effects };
    effects.extend(snoozed_writes(&scope, &snoozes));
    effects
}

/// The writes of `snoozes` to `scope`'s marks: one per moment, the store sets many ids at
/// once.
pub(crate) fn snoozed_writes(scope: &Scope, snoozes: &[(i64, Option<Timestamp>)]) -> Vec<Effect> {
    let mut moments: Vec<Option<Timestamp>> = snoozes.iter().map(|(_, until)| *until).collect();
    crate::sorting::sort(&mut moments);
    moments.dedup();
    let writes = moments.into_iter().map(|until| {
        let ids: Vec<i64> =
            snoozes.iter().filter(|(_, at)| *at == until).map(|(id, _)| *id).collect();
        Effect::Local(LocalJob::SetSnoozed(scope.clone(), ids, until))
    });
    writes.collect()
}

/// The listed exchanges among `ids`, by id, in one pass over the list: a bulk triage (the
/// first look's thousands of old replies) must not search the list once per reply on the
/// UI thread.
fn listed_by_id(
    items: &[Exchange],
    ids: impl Iterator<Item = i64>,
) -> std::collections::HashMap<i64, &Exchange> {
    let wanted: std::collections::HashSet<i64> = ids.collect();
    items.iter().filter(|e| wanted.contains(&e.id)).map(|e| (e.id, e)).collect()
}

/// Sets handled flags as given, lists the rows again and writes them down.
pub(crate) fn apply_handled(state: &mut AppState, flags: Vec<(i64, bool)>) -> Vec<Effect> {
    // Handled as each reply stands now: one that moves later comes back.
    let listed = listed_by_id(state.org.store.exchanges.items(), flags.iter().map(|f| f.0));
    let at = |id: i64| listed.get(&id).and_then(|e| e.updated_at);
    let flags: Vec<(i64, bool, Option<Timestamp>)> =
        flags.into_iter().map(|(id, handled)| (id, handled, at(id))).collect();
    for &(id, handled, updated_at) in &flags {
        let mark = state.org.inbox.mark_mut(id);
        mark.handled = handled;
        mark.handled_updated_at = updated_at.filter(|_| handled);
    }
    let search = keep_inbox_rows(state);
    let Some(scope) = state.org.inbox.scope.clone() else { return search.into_iter().collect() };
    search.into_iter().chain(handled_writes(&scope, &flags)).collect()
}

/// The writes of `flags` (each reply, handled or not, as it stands at its `updated_at`) to
/// `scope`'s marks: one per flag value, the store sets many ids at once.
pub(crate) fn handled_writes(
    scope: &Scope,
    flags: &[(i64, bool, Option<Timestamp>)],
) -> Vec<Effect> {
    let writes = [true, false].into_iter().filter_map(|handled| {
        let these: Vec<(i64, Option<Timestamp>)> = flags
            .iter()
            .filter(|(_, flag, _)| *flag == handled)
            .map(|(id, _, at)| (*id, *at))
            .collect();
        (!these.is_empty())
            .then(|| Effect::Local(LocalJob::SetHandled(scope.clone(), these, handled)))
    });
    writes.collect()
}
