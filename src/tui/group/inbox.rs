//! The merged inbox of a group: every organisation's replies in one list, newest first as
//! the single inbox sorts them (across organisations; the group's order, then the id, break
//! ties), handled and snoozed ones set aside as there, narrowed by the filter (`org:acme`
//! keeps one organisation's rows, any other word is looked for in the row's texts and its
//! organisation's name). An organisation not read is not in the list: it is said apart.

use super::held::said_apart;
use super::{MergedInbox, OrgEntry, OrgId, OrgReply};
use crate::api::{Exchange, Timestamp};
use crate::inbox::Facts;
use crate::present::{Column, Context};

/// A row of the merged inbox: the reply and the organisation it belongs to.
#[derive(Debug, Clone, Copy)]
pub struct MergedRow<'a> {
    pub org: &'a OrgEntry,
    pub reply: &'a OrgReply,
}

impl MergedRow<'_> {
    pub fn org_id(&self) -> &OrgId {
        &self.org.org
    }
}

/// The single inbox's columns as the merged one draws them: the team's when any
/// organisation has a team store (a row of one says so).
pub fn columns(orgs: &[OrgEntry], context: &Context) -> Vec<Column<Exchange>> {
    let mut columns = crate::present::columns::exchanges::screen();
    let rows = orgs.iter().flat_map(|org| org.replies.iter());
    let shared = rows.clone().find(|reply| reply.team.is_some());
    let shared: &dyn Facts = shared.map_or(&(), |reply| reply as &dyn Facts);
    let listed = Context { inbox: shared, ..*context };
    columns.retain(|column| (column.shown)(&listed));
    columns
}

/// The context a row's cells are drawn in: its own organisation's facts and campaign name.
pub fn row_context<'a>(reply: &'a OrgReply, context: &Context<'a>) -> Context<'a> {
    Context { inbox: reply, campaigns: reply, ..*context }
}

impl MergedInbox {
    /// The rows listed at `context.now`, in order (the sort chosen's, keyed as drawn).
    pub fn rows<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Vec<MergedRow<'a>> {
        let now = Timestamp(context.now);
        let mut rows: Vec<(usize, MergedRow<'a>)> = orgs
            .iter()
            .enumerate()
            .flat_map(|(at, org)| {
                org.replies.iter().map(move |reply| (at, MergedRow { org, reply }))
            })
            .filter(|(_, row)| self.show_handled || !row.reply.handled)
            .filter(|(_, row)| self.shelf.holds(&row.reply.category()))
            .filter(|(_, row)| row.reply.snoozed_until.is_none_or(|until| until <= now))
            .filter(|(_, row)| self.list.keeps(row.org_id(), |word| row.reply.matches(word)))
            .collect();
        super::newest_first(&mut rows, |row| (row.reply.updated_at(), row.reply.id()));
        let rows = rows.into_iter().map(|(_, row)| row).collect();
        self.list.in_order(rows, &columns(orgs, context), |by, row| {
            by.key(row.org_id().profile(), &row.reply.exchange, &row_context(row.reply, context))
        })
    }

    /// The row under the cursor.
    pub fn selected<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Option<MergedRow<'a>> {
        self.list.at(&self.rows(orgs, context))
    }
}

/// The organisations whose rows are not in the list, each with why: "globex: could not be
/// read — r reads it again (key refused …)", "initech: being read…".
pub fn apart(orgs: &[OrgEntry], retry: &str) -> Vec<String> {
    orgs.iter()
        .filter_map(|entry| {
            let (error, reading) = (entry.error.as_deref(), entry.reading.is_some());
            said_apart(entry.org.profile(), error, reading, entry.line.is_some(), retry)
        })
        .collect()
}

/// What the merged inbox lists, for its title: "Replies", or with one category chosen
/// "Meeting replies".
pub fn listed(shelves: crate::tui::model::Shelves) -> String {
    use crate::tui::model::Shelf;
    const NAMED: [(Shelf, &str); 9] = [
        (Shelf::Interested, "Interested"),
        (Shelf::Meeting, "Meeting"),
        (Shelf::Referral, "Referral"),
        (Shelf::Converted, "Converted"),
        (Shelf::NotNow, "Not now"),
        (Shelf::Waiting, "Waiting"),
        (Shelf::NotInterested, "Not interested"),
        (Shelf::Unsubscribe, "Unsubscribe"),
        (Shelf::Other, "Other"),
    ];
    let names: Vec<&str> =
        NAMED.iter().filter(|(shelf, _)| shelves.lists(*shelf)).map(|(_, name)| *name).collect();
    match names.as_slice() {
        [] => "Replies".into(),
        names => format!("{} replies", names.join(", ")),
    }
}
