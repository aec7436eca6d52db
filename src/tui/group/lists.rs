//! The lists of a group's organisations that only their merged pane needs (Meetings, and
//! Contacts: 100k+ of them an organisation), read when that pane first shows for the group
//! and again on `r`, each organisation with its own session, [`crate::config::AT_ONCE`] at
//! a time, so that a slow or failing one holds no other. Contacts are kept light: without
//! their custom data, which is read in the contact's own organisation.

use super::OrgId;
pub use super::held::OrgList;
use super::read::{OrgLink, Reach, each_org, refused};
use crate::api::{Contact, Items, Meeting, MeetingQuery};
use crate::tui::model::{Pane, ReqId};
use std::sync::Arc;

/// Which list to read: the Meetings pane's (in its date range) or the contacts.
#[derive(Debug, Clone, PartialEq)]
pub enum Wanted {
    Meetings(MeetingQuery),
    Contacts,
}

impl Wanted {
    /// The pane that shows it.
    pub fn pane(&self) -> Pane {
        match self {
            Wanted::Meetings(_) => Pane::Meetings,
            Wanted::Contacts => Pane::Contacts,
        }
    }
}

/// A list read of an organisation.
#[derive(Debug, Clone, PartialEq)]
pub enum Rows {
    Meetings(Items<Meeting>),
    Contacts(Arc<[Contact]>),
}

/// The organisations whose list to read, each with the id of its read.
#[derive(Debug, Clone, PartialEq)]
pub struct ListRead {
    pub wanted: Wanted,
    pub orgs: Vec<(OrgId, ReqId)>,
    pub base_url: Option<String>,
    pub allow_http: bool,
}

/// One organisation's list, or why it could not be read (naming its profile).
#[derive(Debug, Clone, PartialEq)]
pub struct ListAnswer {
    pub org: OrgId,
    pub req_id: ReqId,
    pub result: Result<Rows, String>,
}

impl ListRead {
    /// Reads each organisation's list, as [`super::read::GroupRead::perform`] reads their
    /// lines: `answer` is called with each as it comes, with the session to keep.
    pub async fn perform(
        self,
        known: &(dyn Fn(&OrgId) -> Option<OrgLink> + Sync),
        answer: &mut (dyn FnMut(ListAnswer, Option<OrgLink>) + Send),
    ) {
        let reach = Reach { base_url: self.base_url, allow_http: self.allow_http };
        let wanted = &self.wanted;
        let read = |org: OrgId, link: OrgLink| async move {
            let rows = read_list(&link, wanted).await.map_err(|error| refused(&org, &error))?;
            Ok((rows, link))
        };
        each_org(self.orgs, reach, known, read, &mut |org, req_id, result, link| {
            answer(ListAnswer { org, req_id, result }, link)
        })
        .await;
    }
}

async fn read_list(link: &OrgLink, wanted: &Wanted) -> Result<Rows, crate::api::ApiError> {
    Ok(match wanted {
        Wanted::Meetings(query) => Rows::Meetings(link.client.list_meetings(query).await?.items),
        Wanted::Contacts => {
            let listed = link.client.list_contacts().await?.items;
            // The full rows are let go of as soon as the light ones are made.
            Rows::Contacts(listed.iter().map(Contact::without_custom_data).collect())
        }
    })
}

impl super::GroupState {
    /// The organisations whose rows are not all in `pane`'s merged list, each with why:
    /// for a pane with a list of its own (Meetings, Contacts), that list's reads; for
    /// another, the reads of the organisations' lines.
    pub fn apart(&self, pane: Pane, retry: &str) -> Vec<String> {
        let orgs = self.orgs.iter();
        match pane {
            Pane::Meetings => {
                orgs.filter_map(|entry| entry.meetings.apart(entry.org.profile(), retry)).collect()
            }
            Pane::Contacts => {
                orgs.filter_map(|entry| entry.contacts.apart(entry.org.profile(), retry)).collect()
            }
            _ => super::inbox::apart(&self.orgs, retry),
        }
    }
}
