//! The merged Campaigns of a group: every organisation's campaigns in one list, newest
//! first as one organisation's list sorts them (the group's order, then the id, break ties),
//! narrowed by the filter as the merged inbox is (`org:acme`, or words of the name, the
//! status or the organisation).

use super::{MergedList, OrgEntry, OrgRow, newest_first};
use crate::api::Campaign;
use crate::present::Context;

/// A row of the merged Campaigns: the campaign and the organisation it belongs to.
pub type CampaignRow<'a> = OrgRow<'a, Campaign>;

impl MergedList {
    /// The campaigns listed, in order (the sort chosen's, keyed as drawn in `context`).
    pub fn campaigns<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Vec<CampaignRow<'a>> {
        let mut rows = self.gather(
            orgs,
            |org| org.campaigns.as_slice(),
            |c| vec![c.name.to_lowercase(), c.status.as_str().to_lowercase()],
        );
        newest_first(&mut rows, |row| (row.item.created_at, row.item.id));
        let rows = rows.into_iter().map(|(_, row)| row).collect();
        self.in_order(rows, &crate::present::columns::campaigns::merged(), |by, row| {
            by.key(row.org.org.profile(), row.item, context)
        })
    }

    /// The campaign under the cursor.
    pub fn campaign<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Option<CampaignRow<'a>> {
        self.at(&self.campaigns(orgs, context))
    }
}
