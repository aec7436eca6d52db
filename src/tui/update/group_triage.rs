//! The triage of the merged inbox's rows, as the single inbox's: `e` (after a question
//! naming how many of each organisation, when rows are marked: `group_marks.rs`) and a
//! snooze act on the marked rows, else the one under the cursor, each organisation's rows
//! in its own marks (its team store's when it has one), with one toast naming how many of
//! each; `z` undoes the last (also the replies a do-not-contact write marked handled).

use crate::api::Timestamp;
use crate::text::count;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::group::{OrgId, OrgReply};
use crate::tui::inbox::jobs::LocalJob;
use crate::tui::inbox::{Before, Triage};
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Tone};
use crate::tui::update::group_marks::{counted_by_org, key_of, marked_by_org};
use crate::tui::update::group_rows::{change_rows, org_name};
use crate::tui::update::inbox::{handled_writes, snoozed_writes};

/// `e`: with marked rows, the question naming how many of each organisation first; else
/// the row under the cursor handled at once, as the single inbox marks one (a mark is the
/// organisation's triage, not a write to the server, and `z` takes it back).
pub(crate) fn handle(state: &mut AppState) -> Vec<Effect> {
    let marked = marked_by_org(state);
    if marked.is_empty() {
        let Some((org, id)) = key_of(state) else {
            state.transient.notice = Some("No reply is selected.".into());
            return Vec::new();
        };
        return triage(state, &[(org, vec![id])], Change::Handled(true), "marked handled");
    }
    let total: usize = marked.iter().map(|(_, ids)| ids.len()).sum();
    state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
        title: "Mark handled".into(),
        lines: vec![
            format!("Mark the {total} marked replies handled?"),
            format!("{}.", counted_by_org(&marked)),
            format!(
                "Each in its organisation's marks; {} undoes it.",
                state.how(Command::Undo, "z")
            ),
        ],
        rows: marked,
        ..Confirm::default()
    })));
    Vec::new()
}

/// The question of `e` on marked rows answered yes.
pub(crate) fn handled_confirmed(state: &mut AppState, rows: &[(OrgId, Vec<i64>)]) -> Vec<Effect> {
    state.transient.overlay = None;
    triage(state, rows, Change::Handled(true), "marked handled")
}

/// What a triage changes on each row.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Change {
    Handled(bool),
    /// Snoozed until then, or woken (`None`).
    Snoozed(Option<Timestamp>),
}

/// The rows of each organisation changed at once in its own marks (`done` says what, for
/// the toast: "marked handled", "snoozed until Thu 24 Dec"); an organisation not read yet
/// is left out and said. The marks go; `z` undoes the whole.
pub(crate) fn triage(
    state: &mut AppState,
    rows: &[(OrgId, Vec<i64>)],
    change: Change,
    done: &str,
) -> Vec<Effect> {
    let Changed { effects, undo, unread } = change_marks(state, rows, change, done);
    state.group.inbox.marked.clear();
    state.group.inbox.range_from = None;
    let not_read = (!unread.is_empty())
        .then(|| format!("{} not read yet: nothing was marked there", unread.join(", ")));
    if undo.is_empty() {
        let said = not_read.unwrap_or_else(|| "Nothing was marked.".into());
        state.show_toast(Tone::Warning, format!("{said}."));
        return effects;
    }
    let key = state.how(Command::Undo, "z");
    let said = match undo.as_slice() {
        [(org, triage)] => format!("{}: {}", org_name(org), triage.what),
        _ => format!("{} {done}", counted_by_org(rows)),
    };
    let said = match not_read {
        Some(not_read) => format!("{said} ({key} undoes); {not_read}."),
        None => format!("{said} ({key} undoes)."),
    };
    state.show_toast(Tone::Success, said);
    state.group.inbox.last_triage = undo;
    effects
}

/// `org`'s replies `ids` marked handled in its own marks once its do-not-contact write
/// succeeded, as the single inbox marks the replies a write covered; `first` (the first
/// organisation of the write done) starts what `z` undoes, the others join it. How many
/// were marked.
pub(crate) fn handled_after_write(
    state: &mut AppState,
    org: &OrgId,
    ids: &[i64],
    first: bool,
) -> (usize, Vec<Effect>) {
    let rows = [(org.clone(), ids.to_vec())];
    let Changed { effects, undo, .. } =
        change_marks(state, &rows, Change::Handled(true), "marked handled");
    let marked = undo.iter().map(handled).sum();
    let last = &mut state.group.inbox.last_triage;
    if first && !undo.is_empty() {
        last.clear();
    }
    last.extend(undo);
    (marked, effects)
}

/// The last toast of a do-not-contact write says the replies it covered are handled now.
pub(crate) fn said_handled(state: &mut AppState) {
    let marked = state.group.inbox.last_triage.iter().map(handled).sum::<usize>();
    let (marked, key) = (count(marked, "reply", "replies"), state.how(Command::Undo, "z"));
    if let Some(toast) = state.transient.toast.as_mut() {
        toast.text = format!("{} {marked} marked handled ({key} undoes).", toast.text);
    }
}

/// How many replies a triage marked handled.
fn handled((_, triage): &(OrgId, Triage)) -> usize {
    match &triage.before {
        Before::Handled(flags) => flags.len(),
        Before::Snoozed(_) => 0,
    }
}

/// What a change of marks did: the writes to each organisation's marks, what undoes each,
/// and the organisations not read yet (left out).
struct Changed {
    effects: Vec<Effect>,
    undo: Vec<(OrgId, Triage)>,
    unread: Vec<String>,
}

/// Each organisation's rows changed in its own marks (its team store's when it has one).
fn change_marks(
    state: &mut AppState,
    rows: &[(OrgId, Vec<i64>)],
    change: Change,
    done: &str,
) -> Changed {
    let now = Timestamp(state.env.now);
    let (mut effects, mut undo, mut unread) = (Vec::new(), Vec::new(), Vec::new());
    for (org, ids) in rows {
        let Some(entry) = state.group.orgs.iter_mut().find(|entry| &entry.org == org) else {
            continue;
        };
        let Some(scope) = entry.scope.clone() else {
            unread.push(org_name(org));
            continue;
        };
        let found: Vec<&OrgReply> =
            entry.replies.iter().filter(|reply| ids.contains(&reply.id())).collect();
        let before = match change {
            Change::Handled(handled) => {
                let marks = found.iter().map(|reply| (reply.id(), handled, reply.updated_at()));
                effects.extend(handled_writes(&scope, &marks.collect::<Vec<_>>()));
                Before::Handled(found.iter().map(|reply| (reply.id(), reply.handled)).collect())
            }
            Change::Snoozed(until) => {
                let ids = found.iter().map(|reply| reply.id()).collect();
                effects.push(Effect::Local(LocalJob::SetSnoozed(scope, ids, until)));
                Before::Snoozed(
                    found.iter().map(|reply| (reply.id(), reply.snoozed_until)).collect(),
                )
            }
        };
        let what = format!("{} {done}", count(found.len(), "reply", "replies"));
        change_rows(entry, ids, |reply| apply(reply, change, now));
        undo.push((org.clone(), Triage { before, what }));
    }
    Changed { effects, undo, unread }
}

/// A row handled (by me, now, as its team store will say once it is read again) or not,
/// snoozed or woken.
fn apply(reply: &mut OrgReply, change: Change, now: Timestamp) {
    match change {
        Change::Handled(handled) => {
            reply.handled = handled;
            if let Some(team) = reply.team.as_mut() {
                team.handled_by = handled.then_some((None, now));
            }
        }
        Change::Snoozed(until) => reply.snoozed_until = until,
    }
}

/// `z`: the last triage of merged rows undone, each organisation's in its own marks (its
/// team store's when it has one, as the triage went there).
pub(crate) fn undo(state: &mut AppState) -> Vec<Effect> {
    let last = std::mem::take(&mut state.group.inbox.last_triage);
    if last.is_empty() {
        state.transient.notice = Some("Nothing to undo.".into());
        return Vec::new();
    }
    let now = Timestamp(state.env.now);
    let mut effects = Vec::new();
    for (org, triage) in &last {
        let Some(entry) = state.group.orgs.iter_mut().find(|entry| &entry.org == org) else {
            continue;
        };
        let Some(scope) = entry.scope.clone() else { continue };
        match &triage.before {
            Before::Handled(flags) => {
                let ids: Vec<i64> = flags.iter().map(|(id, _)| *id).collect();
                let was = |id| flags.iter().find(|(at, _)| *at == id).is_some_and(|(_, h)| *h);
                change_rows(entry, &ids, |reply| {
                    apply(reply, Change::Handled(was(reply.id())), now);
                });
                let back: Vec<_> = (entry.replies.iter())
                    .filter(|reply| ids.contains(&reply.id()))
                    .map(|reply| (reply.id(), reply.handled, reply.updated_at()))
                    .collect();
                effects.extend(handled_writes(&scope, &back));
            }
            Before::Snoozed(snoozes) => {
                let ids: Vec<i64> = snoozes.iter().map(|(id, _)| *id).collect();
                let was = |id| snoozes.iter().find(|(at, _)| *at == id).and_then(|(_, u)| *u);
                change_rows(entry, &ids, |reply| reply.snoozed_until = was(reply.id()));
                effects.extend(snoozed_writes(&scope, snoozes));
            }
        }
    }
    let said = match last.as_slice() {
        [(org, triage)] => format!("{}: undone: {}.", org_name(org), triage.what),
        many => {
            let each =
                many.iter().map(|(org, triage)| format!("{}: {}", org_name(org), triage.what));
            format!("Undone: {}.", each.collect::<Vec<_>>().join("; "))
        }
    };
    state.show_toast(Tone::Success, said);
    effects
}
