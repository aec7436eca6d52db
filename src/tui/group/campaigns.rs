//! The merged Campaigns of a group: every organisation's campaigns in one list, newest
//! first as one organisation's list sorts them (the group's order, then the id, break ties),
//! narrowed by the filter as the merged inbox is (`org:acme`, or words of the name, the
//! status or the organisation).

use super::{MergedList, OrgEntry};
use crate::api::Campaign;

/// A row of the merged Campaigns: the campaign and the organisation it belongs to.
#[derive(Debug, Clone, Copy)]
pub struct CampaignRow<'a> {
    pub org: &'a OrgEntry,
    pub campaign: &'a Campaign,
}

impl MergedList {
    /// The campaigns listed, in order.
    pub fn campaigns<'a>(&self, orgs: &'a [OrgEntry]) -> Vec<CampaignRow<'a>> {
        let mut rows: Vec<(usize, CampaignRow<'a>)> = orgs
            .iter()
            .enumerate()
            .flat_map(|(at, org)| {
                org.campaigns.iter().map(move |campaign| (at, CampaignRow { org, campaign }))
            })
            .filter(|(_, row)| {
                let texts =
                    [row.campaign.name.to_lowercase(), row.campaign.status.as_str().to_lowercase()];
                self.keeps(&row.org.org, |word| texts.iter().any(|text| text.contains(word)))
            })
            .collect();
        super::newest_first(&mut rows, |row| (row.campaign.created_at, row.campaign.id));
        rows.into_iter().map(|(_, row)| row).collect()
    }

    /// The campaign under the cursor.
    pub fn campaign<'a>(&self, orgs: &'a [OrgEntry]) -> Option<CampaignRow<'a>> {
        self.at(&self.campaigns(orgs))
    }
}
