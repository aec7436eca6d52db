//! What a write on a row of the merged inbox changes, by that row's organisation: its own
//! marks (handled, snoozed — written to its scope, as its profile keeps them), its rows as
//! shown meanwhile, and its read again after an API write. Also the reads of a group's
//! organisations, which both the Overview's lines and these writes ask for.

use crate::api::Timestamp;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::group::OrgId;
use crate::tui::group::read::GroupRead;
use crate::tui::inbox::jobs::LocalJob;
use crate::tui::inbox::{Before, Triage};
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Confirm;
use crate::tui::submit::feedback::Tone;
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::inbox::{handled_writes, snoozed_writes};
use std::sync::Arc;

/// Reads the organisations at these places of the group again; each keeps its last numbers
/// and rows meanwhile.
pub(crate) fn read_at(state: &mut AppState, at: &[usize]) -> Vec<Effect> {
    let mut orgs = Vec::new();
    for &index in at {
        let req_id = state.take_req_id();
        if let Some(entry) = state.group.orgs.get_mut(index) {
            entry.reading = Some(req_id);
            orgs.push((entry.org.clone(), req_id));
        }
    }
    if orgs.is_empty() {
        return Vec::new();
    }
    vec![Effect::ReadGroup(GroupRead::of(&state.group.choice, orgs))]
}

/// Reads `org` again (after a write to it: its rows and its line move).
pub(crate) fn read_org(state: &mut AppState, org: &OrgId) -> Vec<Effect> {
    match state.group.orgs.iter().position(|entry| &entry.org == org) {
        Some(at) => read_at(state, &[at]),
        None => Vec::new(),
    }
}

/// An organisation as a sentence names it: its profile, sanitised.
pub(crate) fn org_name(org: &OrgId) -> String {
    crate::text::sanitize(org.profile())
}

/// Why no write to `org` may start: its profile is read-only (refused before it is sent,
/// naming it), or it was not read (no key found for it yet).
pub(crate) fn refusal(state: &AppState, org: &OrgId) -> Option<String> {
    let profile = crate::text::sanitize(org.profile());
    match state.group.entry(org) {
        Some(entry) if entry.read_only => Some(format!(
            "Profile {profile} is read-only: nothing was sent. Writes to it need a key that \
             may write (read_only = false in its profile)."
        )),
        Some(entry) if entry.scope.is_some() => None,
        _ => Some(format!("{profile} is not read yet: nothing was sent (r reads it).")),
    }
}

/// Marks `ids` of `org` handled in that organisation's marks, and says so.
pub(crate) fn mark_handled(state: &mut AppState, org: &OrgId, ids: &[i64]) -> Vec<Effect> {
    let Some(entry) = state.group.orgs.iter_mut().find(|entry| &entry.org == org) else {
        return Vec::new();
    };
    let Some(scope) = entry.scope.clone() else {
        let title = org_name(org);
        state.show_toast(Tone::Warning, format!("{title} is not read yet: nothing was marked."));
        return Vec::new();
    };
    let rows = entry.replies.iter().filter(|reply| ids.contains(&reply.id()));
    let (handled, before): (Vec<_>, Vec<_>) = rows
        .map(|reply| ((reply.id(), true, reply.updated_at()), (reply.id(), reply.handled)))
        .unzip();
    let now = Timestamp(state.env.now);
    change_rows(entry, ids, |reply| set_handled(reply, true, now));
    let what = format!("{} marked handled", crate::text::count(handled.len(), "reply", "replies"));
    let undo = state.how(Command::Undo, "z");
    state.show_toast(Tone::Success, format!("{}: {what} ({undo} undoes).", org_name(org)));
    let triage = Triage { before: Before::Handled(before), what };
    state.group.inbox.last_triage = Some((org.clone(), triage));
    handled_writes(&scope, &handled)
}

/// `z`: the last triage of merged rows undone in the marks of the organisation whose rows
/// they were (its team store's when it has one, as the triage went there).
pub(crate) fn undo(state: &mut AppState) -> Vec<Effect> {
    let Some((org, triage)) = state.group.inbox.last_triage.take() else {
        state.transient.notice = Some("Nothing to undo.".into());
        return Vec::new();
    };
    let Some(entry) = state.group.orgs.iter_mut().find(|entry| entry.org == org) else {
        return Vec::new();
    };
    let Some(scope) = entry.scope.clone() else { return Vec::new() };
    let now = Timestamp(state.env.now);
    let writes = match triage.before {
        Before::Handled(flags) => {
            let mut rows = entry.replies.to_vec();
            let mut back = Vec::new();
            for reply in &mut rows {
                if let Some(&(_, handled)) = flags.iter().find(|(id, _)| *id == reply.id()) {
                    set_handled(reply, handled, now);
                    back.push((reply.id(), handled, reply.updated_at()));
                }
            }
            entry.replies = Arc::from(rows);
            handled_writes(&scope, &back)
        }
        Before::Snoozed(snoozes) => {
            let mut rows = entry.replies.to_vec();
            for reply in &mut rows {
                if let Some(&(_, until)) = snoozes.iter().find(|(id, _)| *id == reply.id()) {
                    reply.snoozed_until = until;
                }
            }
            entry.replies = Arc::from(rows);
            snoozed_writes(&scope, &snoozes)
        }
    };
    let said = format!("{}: undone: {}.", org_name(&org), triage.what);
    state.show_toast(Tone::Success, said);
    writes
}

/// A reply of `org` shown long enough in the merged inbox's preview: seen in that
/// organisation's marks, no longer new on its row.
pub(crate) fn seen(
    state: &mut AppState,
    org: &OrgId,
    exchange: &crate::api::Exchange,
) -> Vec<Effect> {
    let Some(entry) = state.group.orgs.iter_mut().find(|entry| &entry.org == org) else {
        return Vec::new();
    };
    let (Some(scope), Some(at)) = (entry.scope.clone(), exchange.updated_at) else {
        return Vec::new();
    };
    change_rows(entry, &[exchange.id], |reply| reply.new = false);
    vec![Effect::Local(LocalJob::MarkSeen(scope, vec![(exchange.id, at)]))]
}

/// Snoozes `ids` of `org` until `until` (or wakes them: `None`) in that organisation's
/// marks; `done` says what was done, for the toast.
pub(crate) fn snooze(
    state: &mut AppState,
    org: &OrgId,
    ids: &[i64],
    until: Option<Timestamp>,
    done: &str,
) -> Vec<Effect> {
    let Some(entry) = state.group.orgs.iter_mut().find(|entry| &entry.org == org) else {
        return Vec::new();
    };
    let Some(scope) = entry.scope.clone() else { return Vec::new() };
    let rows = entry.replies.iter().filter(|reply| ids.contains(&reply.id()));
    let before = rows.map(|reply| (reply.id(), reply.snoozed_until)).collect();
    change_rows(entry, ids, |reply| reply.snoozed_until = until);
    let undo = state.how(Command::Undo, "z");
    state.show_toast(Tone::Success, format!("{}: {done} ({undo} undoes).", org_name(org)));
    let triage = Triage { before: Before::Snoozed(before), what: done.to_string() };
    state.group.inbox.last_triage = Some((org.clone(), triage));
    vec![Effect::Local(LocalJob::SetSnoozed(scope, ids.to_vec(), until))]
}

/// A row handled (by me, now, as its team store will say once it is read again) or not.
fn set_handled(reply: &mut crate::tui::group::OrgReply, handled: bool, now: Timestamp) {
    reply.handled = handled;
    if let Some(team) = reply.team.as_mut() {
        team.handled_by = handled.then_some((None, now));
    }
}

/// The organisation's rows as shown, with `change` made to those of `ids` (until its next
/// read brings them as its marks now say).
fn change_rows(
    entry: &mut crate::tui::group::OrgEntry,
    ids: &[i64],
    change: impl Fn(&mut crate::tui::group::OrgReply),
) {
    let mut rows = entry.replies.to_vec();
    rows.iter_mut().filter(|reply| ids.contains(&reply.id())).for_each(change);
    entry.replies = Arc::from(rows);
}

/// `'Name'` of a campaign of `org`, or `campaign #ID` when its read did not bring it.
pub(crate) fn campaign_label(state: &AppState, org: &OrgId, id: i64) -> String {
    let campaigns = state.group.entry(org).map(|entry| &entry.campaigns);
    let found = campaigns.and_then(|campaigns| campaigns.iter().find(|c| c.id == id));
    match found {
        Some(campaign) => format!("'{}'", crate::text::sanitize(&campaign.name)),
        None => format!("campaign #{id}"),
    }
}

/// The address a do-not-contact question asks about: as the server sent it (what the
/// write carries), and the name it goes with, if any (sanitised when shown).
pub(crate) struct Addressee<'a> {
    pub email: &'a str,
    pub name: Option<&'a str>,
    /// It is on the organisation's list already (then there is nothing to send for it).
    pub listed: bool,
}

/// `d` (or `D` with `domain`) on a merged row: the question before `whom` (or every
/// address at its domain) goes on `org`'s do-not-contact list, naming that organisation
/// first; refused before anything is asked for a read-only profile or one not read yet.
pub(crate) fn ask_do_not_contact(state: &mut AppState, org: OrgId, whom: Addressee, domain: bool) {
    if let Some(why) = refusal(state, &org) {
        state.transient.notice = Some(why);
        return;
    }
    let (title, shown) = (org_name(&org), crate::text::sanitize(whom.email));
    if whom.listed && !domain {
        state.transient.notice =
            Some(format!("{shown} is on {title}'s do-not-contact list already: nothing to send."));
        return;
    }
    let (line, write) = if domain {
        let Some((_, host)) = whom.email.rsplit_once('@').filter(|(_, host)| !host.is_empty())
        else {
            state.transient.notice = Some(format!("{shown} names no domain."));
            return;
        };
        (
            format!(
                "{title}: add every address at {} to do-not-contact?",
                crate::text::sanitize(host)
            ),
            WriteRequest::DncDomains(vec![host.to_string()]),
        )
    } else {
        let whom_shown = match whom.name {
            Some(name) => format!("{} <{shown}>", crate::text::sanitize(name)),
            None => shown,
        };
        (
            format!("{title}: add {whom_shown} to do-not-contact?"),
            WriteRequest::DncEmails(vec![whom.email.to_string()]),
        )
    };
    state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
        title: "Do not contact".into(),
        lines: vec![line, format!("Sent with profile {title}'s key.")],
        write: Some(write),
        org: Some(org),
        ..Confirm::default()
    })));
}
