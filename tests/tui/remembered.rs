//! What the replies' chains said, shared with the profile's other processes: a dashboard
//! starts from what `outreach status` (or its own last session) read, so a hot reply whose
//! chain was read before is known to wait at once — counted, with the glance kept — and
//! what the dashboard reads itself is kept for the next command.

use crate::common;

use common::*;
use outreach_tui::api::Timestamp;
use outreach_tui::inbox::Writer;
use outreach_tui::local::{ChainFact, LastWriter, LocalState, MarkBook, ObservedState};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::inbox::jobs::LocalAnswer;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

/// Runs `action` and what it leads to: fetches answered with the fixture, marks against
/// `local`, the chain facts against `observed`; chains asked of the server are left unread
/// (they stay in `reading`). Returns every effect asked for on the way.
fn run(
    state: &mut AppState,
    local: &LocalState,
    observed: &ObservedState,
    action: Action,
) -> Vec<Effect> {
    let mut queue = update(state, action);
    let mut all = Vec::new();
    while let Some(effect) = queue.pop() {
        all.push(effect.clone());
        let next = match effect {
            Effect::Fetch(fetch) => update(state, answer_for(&fetch)),
            Effect::Local(job) => match job.perform(MarkBook::local(local)) {
                Some(answer) => update(state, Action::Local(answer)),
                None => Vec::new(),
            },
            Effect::Chains(job) => match job.perform(observed) {
                Some((scope, facts)) => update(state, Action::ChainsRecalled { scope, facts }),
                None => Vec::new(),
            },
            Effect::Count { job, loaded } => match outreach_tui::tui::census::perform(&job) {
                Some(census) => update(state, Action::Counted { census, loaded }),
                None => Vec::new(),
            },
            _ => Vec::new(),
        };
        queue.extend(next);
    }
    all
}

fn glances(effects: &[Effect]) -> Vec<outreach_tui::glance::Glance> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::SaveGlance(glance) => Some(glance.clone()),
            _ => None,
        })
        .collect()
}

/// Connects as a real profile and loads its marks: returns the dashboard and the effects.
fn start(local: &LocalState, observed: &ObservedState) -> (AppState, Vec<Effect>) {
    let mut state = AppState::new(settings(Theme::default()), 120, 30, now());
    let mut effects = run(&mut state, local, observed, Action::Connected(Ok(work())));
    let first_use = Timestamp::parse("2024-05-05T12:00:00Z").unwrap();
    let loaded = LocalAnswer::Loaded { scope: work_scope(), first_use, marks: Default::default() };
    effects.extend(run(&mut state, local, observed, Action::Local(loaded)));
    (state, effects)
}

/// The hot reply 103, and its chain as read: the contact wrote last.
fn hot_reply_read() -> (
    outreach_tui::api::Exchange,
    outreach_tui::tui::inbox::jobs::SnippetJob,
    Option<outreach_tui::inbox::Snippet>,
) {
    let hot = fixtures::exchanges().into_iter().find(|e| e.id == 103).unwrap();
    let job = outreach_tui::tui::inbox::jobs::SnippetJob {
        exchange_id: 103,
        updated_at: hot.updated_at,
        contact: hot.contact.email.clone(),
        zone: outreach_tui::clock::Zone::named("UTC").unwrap(),
    };
    let snippet =
        outreach_tui::inbox::snippet::summarise(&fixtures::chain(), &job.contact, &job.zone)
            .map(|snippet| outreach_tui::inbox::Snippet { last: Writer::Them, ..snippet });
    (hot, job, snippet)
}

#[test]
fn a_chain_read_before_by_another_process_counts_at_once_and_the_glance_is_kept() {
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());

    // Nothing remembered: the hot reply's chain is asked for, nothing is guessed, and no
    // glance is kept while it is read.
    let (state, effects) = start(&local, &observed);
    assert!(state.org.inbox.reading.contains(&103), "its chain is asked for");
    let bulk = |e: &Effect| matches!(e, Effect::ReadChains(read) if read.jobs.iter().any(|j| j.exchange_id == 103));
    assert!(effects.iter().any(bulk), "in the bulk read of the hot replies: {effects:?}");
    let line = screen(&state).lines().nth(1).unwrap_or_default().to_string();
    assert!(line.contains("hot replies: counting…") && line.contains("1 being read"), "{line}");
    assert!(glances(&effects).is_empty(), "no glance from a count not finished: {effects:?}");

    // `outreach status` read it: the contact wrote last.
    let hot = fixtures::exchanges().into_iter().find(|e| e.id == 103).unwrap();
    let fact = ChainFact {
        updated_at: hot.updated_at,
        read_at: now(),
        writer: LastWriter::Them,
        message_at: hot.updated_at,
        away_until: None,
        back_day: None,
        back_on: None,
        back: None,
    };
    observed.keep_chain_facts(&work_scope(), &[(103, fact)], now()).unwrap();
    let (state, effects) = start(&local, &observed);
    let line = screen(&state).lines().nth(1).unwrap_or_default().to_string();
    assert!(line.contains("1 hot reply waits, oldest 2d"), "{line}");
    assert!(!line.contains("counting") && !line.contains("being read"), "{line}");
    assert!(
        !state.org.inbox.reading.contains(&103),
        "not read again: {:?}",
        state.org.inbox.snippets.get(&103)
    );
    let glance = glances(&effects).pop().expect("a glance once every number is counted");
    assert_eq!((glance.inbox.hot_waiting, glance.inbox.hot_unread), (1, 0));
    let needs = state.org.needs(state.env.now, state.env.zone);
    assert_eq!(glance.inbox.needs_you, needs.len(), "the Overview's count");
}

#[test]
fn a_chain_the_dashboard_reads_is_kept_for_the_next_command() {
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let (mut state, _) = start(&local, &observed);
    let (hot, job, snippet) = hot_reply_read();
    // Other chains may still be read: what was read is kept once none is (or a batch is in);
    // here the bulk read's last batch brings the hot reply's.
    for id in state.org.inbox.reading.clone() {
        if id != 103 {
            state.org.inbox.reading.remove(&id);
        }
    }
    let read = vec![(job, Ok(snippet))];
    let effects =
        run(&mut state, &local, &observed, Action::ChainsRead { scope: work_scope(), read });
    assert!(effects.iter().any(|e| matches!(e, Effect::Chains(_))), "{effects:?}");
    let kept = observed.chain_facts(&work_scope()).unwrap();
    let fact = kept.get(&103).expect("kept for the other processes");
    assert_eq!((fact.writer, fact.updated_at), (LastWriter::Them, hot.updated_at));
    assert!(glances(&effects).last().is_some_and(|g| g.inbox.is_counted()), "{effects:?}");
}

#[test]
fn a_bulk_read_going_on_is_counted_once_a_second_not_at_each_batch() {
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let (mut state, _) = start(&local, &observed);
    let (_, job, snippet) = hot_reply_read();
    // Another chain of the same bulk read is still on its way.
    state.org.inbox.reading.insert(999_999);
    let unread = |state: &AppState, at| state.org.numbers(at, state.env.zone).hot_unread;
    let before = unread(&state, state.env.now);
    assert!(before >= 1, "the hot reply is counted as being read");
    let read = vec![(job, Ok(snippet))];
    run(&mut state, &local, &observed, Action::ChainsRead { scope: work_scope(), read });
    assert_eq!(unread(&state, state.env.now), before, "a batch alone counts nothing again");
    assert!(!state.org.inbox.reading.contains(&103));

    let later = state.env.now + chrono::TimeDelta::seconds(1);
    run(&mut state, &local, &observed, Action::Tick(later));
    assert_eq!(unread(&state, later), before - 1, "counted at the next second's tick");
}

/// The fixture's replies and `filler` more, declined long ago: a large inbox.
fn large_inbox(filler: usize) -> Vec<outreach_tui::api::Exchange> {
    let mut all = fixtures::exchanges();
    let declined = all.iter().find(|e| e.status.as_str() == "DECLINED").unwrap().clone();
    all.extend((0..filler).map(|i| outreach_tui::api::Exchange {
        id: 1_000_000 + i as i64,
        updated_at: Timestamp::parse("2024-01-01T00:00:00Z"),
        ..declined.clone()
    }));
    all
}

/// A session started (marks loaded), on the Exchanges pane, its inbox reloaded as a large
/// one (counted by a worker, in place).
fn started_large(local: &LocalState, observed: &ObservedState) -> AppState {
    let (mut state, _) = start(local, observed);
    reload_large(&mut state, local, observed);
    state
}

/// `r` on the Exchanges pane: the inbox's fetch it asks for.
fn press_reload(state: &mut AppState) -> outreach_tui::tui::action::Fetch {
    use outreach_tui::tui::model::Slot;
    update(state, common::ch('r'))
        .into_iter()
        .find_map(|effect| match effect {
            Effect::Fetch(fetch) if fetch.slot == Slot::Exchanges => Some(fetch),
            _ => None,
        })
        .expect("the inbox reloads")
}

/// On the Exchanges pane, `r` answered with a large inbox (counted by a worker, in place).
fn reload_large(state: &mut AppState, local: &LocalState, observed: &ObservedState) {
    use outreach_tui::tui::census::CENSUS_ROWS;
    use outreach_tui::tui::resource::{Exchanges, loaded};
    update(state, common::ch('3'));
    let fetch = press_reload(state);
    let list = common::listed(large_inbox(CENSUS_ROWS));
    run(state, local, observed, loaded::<Exchanges>(fetch.req_id, Ok(list)));
}

#[test]
fn a_large_inbox_is_counted_by_a_worker_and_its_counts_taken_whole() {
    use outreach_tui::tui::census::perform;
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let mut state = started_large(&local, &observed);
    let (_, job, snippet) = hot_reply_read();
    state.org.inbox.reading.insert(103);
    let unread = |state: &AppState| state.org.numbers(state.env.now, state.env.zone).hot_unread;
    let before = unread(&state);
    assert!(before >= 1, "the hot reply is counted as being read");
    let rows_before = state.panes.exchanges.list.total();

    // A batch of the bulk read: held, and a worker asked to count it at the next second.
    let read = vec![(job, Ok(snippet))];
    update(&mut state, Action::ChainsRead { scope: work_scope(), read });
    let second = state.env.now + chrono::TimeDelta::seconds(1);
    let effects = update(&mut state, Action::Tick(second));
    let count = effects.iter().find_map(|effect| match effect {
        Effect::Count { job, .. } => Some(job.clone()),
        _ => None,
    });
    let count = count.unwrap_or_else(|| panic!("a worker counts a large inbox: {effects:?}"));
    assert_eq!(unread(&state), before, "nothing counted on this thread meanwhile");
    state.org.inbox.reading.clear();
    let later = state.env.now + chrono::TimeDelta::seconds(5);
    let ticked = update(&mut state, Action::Tick(later));
    assert!(
        !ticked.iter().any(|effect| matches!(effect, Effect::Count { .. })),
        "one count at a time: {ticked:?}"
    );

    // Its answer is taken whole: the counts move, and the rows stay.
    update(&mut state, Action::Counted { census: perform(&count).unwrap(), loaded: None });
    assert_eq!(unread(&state), before - 1, "the worker's count");
    assert_eq!(state.panes.exchanges.list.total(), rows_before);
}

#[test]
fn a_count_overtaken_by_a_mark_is_let_go() {
    use outreach_tui::tui::census::perform;
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let mut state = started_large(&local, &observed);
    let (_, job, snippet) = hot_reply_read();
    state.org.inbox.reading.insert(103);
    let read = vec![(job, Ok(snippet))];
    update(&mut state, Action::ChainsRead { scope: work_scope(), read });
    let second = state.env.now + chrono::TimeDelta::seconds(1);
    let effects = update(&mut state, Action::Tick(second));
    let Some(Effect::Count { job: count, .. }) =
        effects.into_iter().find(|e| matches!(e, Effect::Count { .. }))
    else {
        panic!("a worker counts a large inbox")
    };
    // A reply is handled meanwhile: counted here, at once.
    update(&mut state, common::ch('e'));
    let handled = state.org.numbers(state.env.now, state.env.zone);
    update(&mut state, Action::Counted { census: perform(&count).unwrap(), loaded: None });
    assert_eq!(
        state.org.numbers(state.env.now, state.env.zone),
        handled,
        "the worker's older count is not taken over this one"
    );
}

#[test]
fn a_large_inbox_is_counted_before_it_is_shown_and_what_arrived_is_announced() {
    use outreach_tui::tui::census::{CENSUS_ROWS, perform};
    use outreach_tui::tui::resource::{Exchanges, loaded};
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let (mut state, _) = start(&local, &observed);
    update(&mut state, common::ch('3'));
    let reload = |state: &mut AppState, items| {
        let fetch = press_reload(state);
        let shown = state.org.store.exchanges.items().len();
        let effects = update(state, loaded::<Exchanges>(fetch.req_id, Ok(common::listed(items))));
        let Some(Effect::Count { job, loaded }) =
            effects.into_iter().find(|e| matches!(e, Effect::Count { .. }))
        else {
            panic!("a large inbox is counted by a worker")
        };
        assert_eq!(state.org.store.exchanges.items().len(), shown, "not shown before counted");
        let census = perform(&job).unwrap();
        run(state, &local, &observed, Action::Counted { census, loaded });
    };
    let inbox = large_inbox(CENSUS_ROWS);
    reload(&mut state, inbox.clone());
    assert_eq!(state.org.store.exchanges.items().len(), inbox.len(), "shown once counted");
    assert!(state.new_replies() > 0, "counted");

    // A reply moves: the next load announces it, as a small inbox would.
    let mut moved = inbox;
    let reply = moved.iter_mut().find(|e| e.id == 103).unwrap();
    reply.updated_at = Timestamp::parse("2024-05-07T10:00:00Z");
    reload(&mut state, moved);
    let announcing = &state.org.inbox.announcing;
    assert!(
        announcing.waiting.contains(&103) || !announcing.ready.is_empty(),
        "the reply that moved is on its way to be announced: {announcing:?}"
    );
}

#[test]
fn on_a_large_inbox_the_opt_outs_check_is_taken_with_the_needs_a_worker_made() {
    use outreach_tui::tui::census::perform;
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let mut state = started_large(&local, &observed);
    let before = state.org.dnc.version;
    let checked = Action::DncChecked { scope: work_scope(), result: Err("unreadable".into()) };
    let effects = update(&mut state, checked);
    let Some(Effect::Count { job, loaded }) =
        effects.into_iter().find(|e| matches!(e, Effect::Count { .. }))
    else {
        panic!("the needs list it changes is made by a worker")
    };
    assert_eq!(state.org.dnc.version, before, "not taken before it is counted");
    update(&mut state, Action::Counted { census: perform(&job).unwrap(), loaded });
    assert_eq!(state.org.dnc.version, before + 1, "taken with the counts");
}

#[test]
fn on_a_large_inbox_the_marks_are_counted_by_a_worker_before_they_show() {
    use outreach_tui::local::Mark;
    use outreach_tui::tui::census::CENSUS_ROWS;
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let mut state = AppState::new(settings(Theme::default()), 120, 30, now());
    run(&mut state, &local, &observed, Action::Connected(Ok(work())));
    reload_large(&mut state, &local, &observed);
    assert!(state.org.store.exchanges.items().len() > CENSUS_ROWS, "a large inbox");
    // The local state answers only now (as when it is slow to open).
    state.org.inbox.first_use = None;
    let first_use = Timestamp::parse("2024-05-05T12:00:00Z").unwrap();
    let marks = std::collections::HashMap::from([(103, Mark { handled: true, ..Mark::default() })]);
    let answer = LocalAnswer::Loaded { scope: work_scope(), first_use, marks };
    let effects = update(&mut state, Action::Local(answer));
    let Some(Effect::Count { job, loaded }) =
        effects.into_iter().find(|e| matches!(e, Effect::Count { .. }))
    else {
        panic!("the marks are counted by a worker")
    };
    assert!(state.org.inbox.mark(103).is_none(), "not shown before counted");
    let census = outreach_tui::tui::census::perform(&job).unwrap();
    run(&mut state, &local, &observed, Action::Counted { census, loaded });
    assert_eq!(state.org.inbox.first_use, Some(first_use));
    assert!(state.org.inbox.mark(103).is_some_and(|mark| mark.handled), "taken with the counts");
    assert!(state.org.inbox.known.is_some(), "what the list holds is remembered");
}

/// A first start on a large inbox: whether to offer putting old replies away is weighed by
/// the worker that counts the marks (it walks every exchange), and the offer names what it
/// found once the counts are taken.
#[test]
fn on_a_large_first_start_the_old_replies_are_weighed_by_a_worker() {
    use outreach_tui::tui::census::CENSUS_ROWS;
    let (local, observed) = (LocalState::in_memory(), ObservedState::in_memory());
    let mut state = AppState::new(settings(Theme::default()), 120, 30, now());
    // Connected, the local state not answering yet: nothing weighed before the list.
    update(&mut state, Action::Connected(Ok(work())));
    reload_large(&mut state, &local, &observed);
    assert!(state.transient.notice.is_none(), "nothing to weigh before the marks are known");
    // The local state answers: this organisation was first used an hour ago.
    let first_use = Timestamp(state.env.now - chrono::Duration::hours(1));
    let answer = LocalAnswer::Loaded { scope: work_scope(), first_use, marks: Default::default() };
    let effects = update(&mut state, Action::Local(answer));
    let Some(Effect::Count { job, loaded }) =
        effects.into_iter().find(|e| matches!(e, Effect::Count { .. }))
    else {
        panic!("the marks are counted by a worker")
    };
    assert!(state.transient.notice.is_none(), "not weighed on this thread");
    let census = outreach_tui::tui::census::perform(&job).unwrap();
    let weighed = outreach_tui::tui::census::old_replies(&census);
    run(&mut state, &local, &observed, Action::Counted { census, loaded });
    let cutoff = Timestamp(state.env.now - chrono::Duration::days(14));
    let old = state
        .org
        .store
        .exchanges
        .items()
        .iter()
        .filter(|e| e.updated_at.is_some_and(|at| at < cutoff))
        .count();
    assert!(old > CENSUS_ROWS, "{old}");
    assert_eq!(weighed, Some(old), "weighed by the worker");
    let notice = state.transient.notice.clone().unwrap_or_default();
    assert!(notice.contains(&format!("{old} replies with no news")), "{notice}");
}
