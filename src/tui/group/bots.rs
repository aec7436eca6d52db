//! The merged Bots of a group: every organisation's bots in one list, those needing
//! attention first as one organisation's list puts them (the group's order, then the id,
//! break ties), narrowed by the filter as every merged list is (`org:acme`, or words of the
//! address, the name or the status).

use super::{MergedList, OrgEntry, OrgRow};
use crate::api::Bot;
use crate::present::Context;

/// A row of the merged Bots: the bot and the organisation it belongs to.
pub type BotRow<'a> = OrgRow<'a, Bot>;

impl MergedList {
    /// The bots listed, in order (the sort chosen's, keyed as drawn in `context`).
    pub fn bots<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Vec<BotRow<'a>> {
        let mut rows = self.gather(
            orgs,
            |org| org.bots.as_slice(),
            |bot| {
                [bot.email.as_str(), &bot.first_name, &bot.last_name, bot.status.as_str()]
                    .map(str::to_lowercase)
                    .to_vec()
            },
        );
        let standing = crate::bots::health::standing;
        crate::sorting::sort_by(&mut rows, |(a_at, a), (b_at, b)| {
            (standing(a.item).cmp(&standing(b.item)))
                .then(a_at.cmp(b_at))
                .then(a.item.id.cmp(&b.item.id))
        });
        let rows = rows.into_iter().map(|(_, row)| row).collect();
        self.in_order(rows, &crate::present::columns::bots::merged(), |by, row| {
            by.key(row.org.org.profile(), row.item, context)
        })
    }

    /// The bot under the cursor.
    pub fn bot<'a>(&self, orgs: &'a [OrgEntry], context: &Context) -> Option<BotRow<'a>> {
        self.at(&self.bots(orgs, context))
    }
}
