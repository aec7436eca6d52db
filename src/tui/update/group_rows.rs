//! What a write on a row of a merged list changes, by that row's organisation: its rows
//! as shown meanwhile (the triage of several rows is `group_triage.rs`), a reply seen, the
//! refusal of a read-only profile, the do-not-contact question, and its read again after
//! an API write. Also the reads of a group's organisations, which both the Overview's
//! lines and these writes ask for.

use crate::tui::action::Effect;
use crate::tui::group::OrgId;
use crate::tui::group::contacts::ContactsListed;
use crate::tui::group::inbox::MergedRow;
use crate::tui::group::read::GroupRead;
use crate::tui::inbox::jobs::LocalJob;
use crate::tui::model::Pane;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Confirm;
use crate::tui::submit::request::WriteRequest;
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

/// Why no write to these organisations may start: each one refused, named (nothing is
/// sent to any of them then).
pub(crate) fn refusals<'o>(
    state: &AppState,
    orgs: impl IntoIterator<Item = &'o OrgId>,
) -> Option<String> {
    let each: Vec<String> = orgs.into_iter().filter_map(|org| refusal(state, org)).collect();
    (!each.is_empty()).then(|| each.join(" "))
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

/// The organisation's rows as shown, with `change` made to those of `ids` (until its next
/// read brings them as its marks now say).
pub(crate) fn change_rows(
    entry: &mut crate::tui::group::OrgEntry,
    ids: &[i64],
    change: impl Fn(&mut crate::tui::group::OrgReply),
) {
    let mut rows = entry.replies.to_vec();
    rows.iter_mut().filter(|reply| ids.contains(&reply.id())).for_each(change);
    entry.replies = Arc::from(rows);
}

/// [`change_rows`] of the organisation `org`, if it is in the group.
pub(crate) fn change_rows_of(
    state: &mut AppState,
    org: &OrgId,
    ids: &[i64],
    change: impl Fn(&mut crate::tui::group::OrgReply),
) {
    if let Some(entry) = state.group.orgs.iter_mut().find(|entry| &entry.org == org) {
        change_rows(entry, ids, change);
    }
}

/// The row of the merged inbox under the cursor.
pub(crate) fn selected(state: &AppState) -> Option<MergedRow<'_>> {
    state.group.inbox.selected(&state.group.orgs, &state.merged_context())
}

/// "Ann Lee's reply" of an organisation's rows, or "reply 42" when it is not listed.
pub(crate) fn whose_reply(entry: Option<&crate::tui::group::OrgEntry>, id: i64) -> String {
    let replies = entry.map(|entry| &entry.replies[..]).unwrap_or_default();
    match replies.iter().find(|reply| reply.id() == id) {
        Some(reply) => {
            let name = crate::present::names::party_name(&reply.exchange.contact);
            format!("{}'s reply", crate::text::sanitize(&name))
        }
        None => format!("reply {id}"),
    }
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
        let Some(host) = crate::present::dnc::listed_as(whom.email, true) else {
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

/// The row under the cursor of the merged Meetings or Contacts: its organisation, its id,
/// and its contact's address and name.
pub(crate) struct PaneRow {
    pub org: OrgId,
    pub id: i64,
    pub person: Option<(String, String)>,
    /// The contact is on the do-not-contact list already, as last read.
    pub dnc: bool,
}

pub(crate) fn pane_row(state: &AppState) -> Option<PaneRow> {
    let group = &state.group;
    match state.panes.pane {
        Pane::Meetings => group.meetings.meeting(&group.orgs, &state.merged_context()).map(|row| {
            let person = row.item.contact.as_ref().map(|person| {
                let name = crate::present::names::person_name(Some(person));
                (person.email.clone(), name)
            });
            PaneRow { org: row.org.org.clone(), id: row.item.id, person, dnc: false }
        }),
        Pane::Contacts => {
            let listed = ContactsListed::of(&group.contacts_found, &group.orgs);
            listed.selected(&group.contacts).map(|row| {
                let contact = row.item;
                let name = crate::present::names::name_or_email(
                    contact.first_name(),
                    contact.last_name(),
                    contact.email(),
                );
                let person = Some((contact.email().to_string(), name));
                PaneRow { org: row.org.org.clone(), id: contact.id, person, dnc: contact.dnc }
            })
        }
        _ => None,
    }
}
