//! The merged Bots of a group: every organisation's bots in one list, those needing
//! attention first as one organisation's list puts them (the group's order, then the id,
//! break ties), narrowed by the filter as every merged list is (`org:acme`, or words of the
//! address, the name or the status).

use super::{MergedList, OrgEntry};
use crate::api::Bot;

/// A row of the merged Bots: the bot and the organisation it belongs to.
#[derive(Debug, Clone, Copy)]
pub struct BotRow<'a> {
    pub org: &'a OrgEntry,
    pub bot: &'a Bot,
}

impl MergedList {
    /// The bots listed, in order.
    pub fn bots<'a>(&self, orgs: &'a [OrgEntry]) -> Vec<BotRow<'a>> {
        let mut rows: Vec<(usize, BotRow<'a>)> = orgs
            .iter()
            .enumerate()
            .flat_map(|(at, org)| org.bots.iter().map(move |bot| (at, BotRow { org, bot })))
            .filter(|(_, row)| {
                let bot = row.bot;
                let texts =
                    [&bot.email, &bot.first_name, &bot.last_name].map(|text| text.to_lowercase());
                let status = bot.status.as_str().to_lowercase();
                self.keeps(&row.org.org, |word| {
                    status.contains(word) || texts.iter().any(|text| text.contains(word))
                })
            })
            .collect();
        crate::sorting::sort_by(&mut rows, |(a_at, a), (b_at, b)| {
            let standing = crate::bots::health::standing;
            (standing(a.bot).cmp(&standing(b.bot)))
                .then(a_at.cmp(b_at))
                .then(a.bot.id.cmp(&b.bot.id))
        });
        rows.into_iter().map(|(_, row)| row).collect()
    }

    /// The bot under the cursor.
    pub fn bot<'a>(&self, orgs: &'a [OrgEntry]) -> Option<BotRow<'a>> {
        self.at(&self.bots(orgs))
    }
}
