//! The merged Meetings of a group: every organisation's meetings in the Meetings pane's
//! date range, soonest first as one organisation's agenda lists them (the group's order,
//! then the id, break ties), narrowed by the filter as every merged list is (`org:acme`, or
//! words of the contact, the bot, the campaign or the summary).

use super::{MergedList, OrgEntry, OrgRow};
use crate::api::Meeting;
use crate::present::Context;
use crate::present::names::person_name;

/// A row of the merged Meetings: the meeting and the organisation it belongs to.
pub type MeetingRow<'a> = OrgRow<'a, Meeting>;

impl MergedList {
    /// The meetings listed, in order (the sort chosen's, keyed as drawn in `context`).
    pub fn meetings<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Vec<MeetingRow<'a>> {
        let mut rows = self.gather(orgs, |org| &org.meetings.rows[..], texts);
        crate::sorting::sort_by(&mut rows, |(a_at, a), (b_at, b)| {
            (a.item.start.cmp(&b.item.start)).then(a_at.cmp(b_at)).then(a.item.id.cmp(&b.item.id))
        });
        let rows = rows.into_iter().map(|(_, row)| row).collect();
        self.in_order(rows, &crate::present::columns::meetings::screen(), |by, row| {
            by.key(row.org.org.profile(), row.item, context)
        })
    }

    /// The meeting under the cursor.
    pub fn meeting<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Option<MeetingRow<'a>> {
        self.at(&self.meetings(orgs, context))
    }
}

/// What the filter looks for in a meeting, lowercased.
fn texts(meeting: &Meeting) -> Vec<String> {
    let email = meeting.contact.as_ref().map(|contact| contact.email.as_str());
    let campaign = meeting.campaign.as_ref().map(|campaign| campaign.name.as_str());
    let said = [
        person_name(meeting.contact.as_ref()),
        person_name(meeting.bot.as_ref()),
        email.unwrap_or_default().to_string(),
        campaign.unwrap_or_default().to_string(),
        meeting.summary.clone().unwrap_or_default(),
    ];
    said.iter().map(|text| text.to_lowercase()).collect()
}
