//! What `report` counts for one organisation: the replied exchanges and meetings of a
//! window, and a row per campaign or bot with its results.

use crate::api::{Exchange, Listed, Meeting};
use crate::cli::commands::digest::writes;
use crate::cli::commands::replies::marks::open_memory;
use crate::cli::context::Context;
use crate::cli::exit::CliError;
use crate::cli::output::streams::warn;
use crate::cli::output::streams::warn_skipped;
use crate::clock::Zone;
use crate::local::Scope;
use crate::look::dnc::on_dnc;
use crate::needs::honoured::{Deadline, OptOutTally};
use crate::present::columns::results::ResultRow;
use crate::results::{Basis, DayPoint, Group, Tally, Who, Window, series};
use chrono::Utc;
use clap::ValueEnum;
use std::collections::{BTreeMap, BTreeSet};

/// What a report is grouped by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum By {
    Campaign,
    Bot,
}

/// The replied exchanges and meetings a window's results are counted from.
pub struct Fetched {
    pub replies: Listed<Exchange>,
    pub meetings: Listed<Meeting>,
    pub window: Window,
    pub now: chrono::DateTime<Utc>,
}

impl Fetched {
    /// Fetches both lists at once; warns when elements could not be read.
    pub async fn load(context: &Context, window: Window) -> Result<Fetched, CliError> {
        let (reply_query, meeting_query) = window.queries();
        let (replies, meetings) = tokio::join!(
            crate::inbox::fetch(&context.client, &reply_query),
            context.client.list_meetings(&meeting_query),
        );
        let (replies, meetings) = (replies?, meetings?);
        warn_skipped(&context.term, &replies, "exchanges");
        warn_skipped(&context.term, &meetings, "meetings");
        Ok(Fetched { replies, meetings, window, now: Utc::now() })
    }

    /// Counted in the machine's zone, as every CLI day is.
    pub fn basis(&self) -> Basis<'static> {
        Basis { window: self.window, zone: &Zone::Local, now: self.now }
    }

    pub fn tally(&self, who: Who) -> Tally {
        Tally::of(&self.replies.items, &self.meetings.items, &self.basis(), who)
    }

    pub fn grouped(&self, who: Who, by: Group) -> BTreeMap<i64, Tally> {
        Tally::grouped(&self.replies.items, &self.meetings.items, &self.basis(), who, by)
    }

    pub fn series(&self, who: Who) -> Vec<DayPoint> {
        series(&self.replies.items, &self.meetings.items, &self.basis(), who)
    }
}

/// One organisation's rows: a row per campaign or bot, the most replies first.
pub async fn rows(context: &Context, window: Window, by: By) -> Result<Vec<ResultRow>, CliError> {
    let fetched = Fetched::load(context, window).await?;
    // Every campaign or bot gets a row, those with nothing in the range too; one the lists
    // no longer hold keeps its row under its id.
    let (names, group): (Vec<(i64, String)>, Group) = match by {
        By::Campaign => {
            let campaigns = context.client.list_campaigns().await?;
            warn_skipped(&context.term, &campaigns, "campaigns");
            (campaigns.items.iter().map(|c| (c.id, c.name.clone())).collect(), Group::Campaign)
        }
        By::Bot => {
            let bots = context.client.list_bots().await?;
            warn_skipped(&context.term, &bots, "bots");
            (bots.items.iter().map(|b| (b.id, b.email.clone())).collect(), Group::Bot)
        }
    };
    let mut tallies = fetched.grouped(Who::All, group);
    let mut opt_outs = opt_outs(context, &fetched, group).await;
    let mut rows: Vec<ResultRow> = names
        .into_iter()
        .map(|(id, name)| ResultRow {
            id,
            name,
            tally: tallies.remove(&id).unwrap_or_default(),
            opt_outs: opt_outs.remove(&id).unwrap_or_default(),
        })
        .collect();
    let ids: BTreeSet<i64> = crate::sorting::set_of(tallies.keys().chain(opt_outs.keys()).copied());
    rows.extend(ids.into_iter().map(|id| ResultRow {
        id,
        name: String::new(),
        tally: tallies.remove(&id).unwrap_or_default(),
        opt_outs: opt_outs.remove(&id).unwrap_or_default(),
    }));
    crate::sorting::sort_by_key(&mut rows, |row| {
        (std::cmp::Reverse((row.tally.replies, row.tally.meetings.booked)), row.id)
    });
    Ok(rows)
}

/// The opt-outs asked over the window, by campaign or bot, as they stand against their
/// deadline: whether each contact is on the do-not-contact list as the one look reads it
/// (remembered for a few minutes), and when it went on from this machine's audit log. The
/// contact list unreadable is said, and those opt-outs count as not checked.
async fn opt_outs(context: &Context, fetched: &Fetched, by: Group) -> BTreeMap<i64, OptOutTally> {
    let replies = &fetched.replies.items;
    let memory = open_memory(context);
    let scope = Scope::new(&context.session.profile, &context.session.base_url);
    let listed = on_dnc(&context.client, &memory, &scope, replies, fetched.now).await;
    let listed = match listed {
        Ok(listed) => Some(listed.contacts),
        Err(error) => {
            warn(
                &context.term,
                &format!(
                    "The contact list could not be read ({error}): opt-outs are counted as not checked."
                ),
            );
            None
        }
    };
    let zone = Zone::Local;
    let listed_at = crate::audit::listed_at(&writes(context, &fetched.window, &zone));
    let today = zone.date(fetched.now);
    let deadline = Deadline {
        zone: &zone,
        today,
        days: context.session.needs.unsubscribe_days,
        listed_at: &listed_at,
    };
    let mut tallies: BTreeMap<i64, OptOutTally> = BTreeMap::new();
    for exchange in replies.iter() {
        let on_list = listed.as_ref().map(|listed| listed.contains(&exchange.contact.id));
        let Some(opt_out) = deadline.of(exchange, on_list) else { continue };
        if fetched.window.contains(opt_out.asked) {
            let id = match by {
                Group::Campaign => exchange.campaign_id,
                Group::Bot => exchange.bot.id,
            };
            tallies.entry(id).or_default().add(&opt_out, today);
        }
    }
    tallies
}
