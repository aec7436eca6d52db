//! An organisation's line in a group — `outreach status --group` and the dashboard's group
//! Overview both make it here, so the two faces print the same numbers.

use super::Inbox;
use crate::present::columns::standing::OrgLine;
use crate::summary::OrgSummary;

/// The line of an organisation from its summary and, when they were read, its inbox's
/// numbers (a number not read stays empty, never a zero).
pub fn org_line(summary: &OrgSummary, inbox: Option<&Inbox>) -> OrgLine {
    OrgLine {
        new: inbox.map(|i| i.new),
        hot_waiting: inbox.map(|i| i.hot_waiting),
        oldest_hot_since: inbox.and_then(|i| i.oldest_hot_since).map(crate::api::Timestamp),
        needs_you: inbox.map(|i| i.needs_you),
        due: inbox.map(|i| i.due),
        active_campaigns: summary.campaigns.by_status.get("ACTIVE").copied().unwrap_or(0),
        replies_7_days: summary.replies.last_7_days,
        meetings_today: summary.meetings.today,
        bots_needing_attention: summary.bots.needing_attention.len(),
    }
}
