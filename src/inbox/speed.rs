//! Speed to lead: the replies that wait on us and lose value by the hour (Interested and
//! Referral, not handled, the contact having spoken last), how many and how long the
//! oldest has waited — in all, per campaign and per bot, the most urgent first.

use super::{Category, Facts, Writer};
use crate::api::{Exchange, Party};
use chrono::{DateTime, Utc};

/// A reply that waits on us: hot (Interested or Referral, [`Category::is_hot`]), not
/// handled, and the contact spoke last. A conversation our bot answered last waits on the
/// contact, not on us. Who spoke last is read from the chain ([`super::Snippet::last`]);
/// until it is read (`None`), a hot reply counts as waiting: none is hidden for want of a
/// read. An automatic absence notice (`Writer::Away`) waits on nobody until they are back.
/// The one definition of the dashboard's "hot replies wait" and `replies --check`.
pub fn waits_on_us(category: &Category, handled: bool, last: Option<Writer>) -> bool {
    category.is_hot() && !handled && matches!(last, None | Some(Writer::Them))
}

/// Hot replies waiting on us, and since when the oldest waits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Waiting {
    pub count: usize,
    pub oldest: Option<DateTime<Utc>>,
    /// Of `count`, those whose e-mails are not read yet: counted as waiting, not known to.
    pub unread: usize,
}

impl Waiting {
    fn add(&mut self, at: Option<DateTime<Utc>>, unread: bool) {
        self.count += 1;
        self.unread += usize::from(unread);
        self.oldest = match (self.oldest, at) {
            (Some(oldest), Some(at)) => Some(oldest.min(at)),
            (oldest, at) => oldest.or(at),
        };
    }
}

/// One campaign's or bot's share: its id, the bot as the API named it (campaigns are named by
/// the caller, which knows them; naming is presentation's job, a room above this one), and
/// what waits.
#[derive(Debug, Clone, PartialEq)]
pub struct Share {
    pub id: i64,
    pub bot: Option<Party>,
    pub waiting: Waiting,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SpeedToLead {
    pub all: Waiting,
    pub by_campaign: Vec<Share>,
    pub by_bot: Vec<Share>,
}

/// Speed to lead over `exchanges`: those that [`waits_on_us`] says wait, as `facts` knows
/// them (handled, snoozed, who spoke last).
pub fn speed_to_lead(exchanges: &[Exchange], facts: &dyn Facts) -> SpeedToLead {
    let mut speed = SpeedToLead::default();
    for exchange in exchanges {
        let category = Category::of(&exchange.status);
        // A snoozed reply waits on nobody until its day.
        let last = facts.last_writer(exchange);
        if !category.is_hot()
            || facts.snoozed_until(exchange).is_some()
            || !waits_on_us(&category, facts.is_handled(exchange), last)
        {
            continue;
        }
        let (at, unread) = (exchange.updated_at.map(|t| t.0), last.is_none());
        speed.all.add(at, unread);
        share(&mut speed.by_campaign, exchange.campaign_id, None).add(at, unread);
        share(&mut speed.by_bot, exchange.bot.id, Some(exchange.bot.clone())).add(at, unread);
    }
    // The longest wait first; without a date, last.
    for shares in [&mut speed.by_campaign, &mut speed.by_bot] {
        crate::sorting::sort_by_key(shares, |share| {
            (share.waiting.oldest.is_none(), share.waiting.oldest, share.id)
        });
    }
    speed
}

fn share(shares: &mut Vec<Share>, id: i64, bot: Option<Party>) -> &mut Waiting {
    let index = match shares.iter().position(|share| share.id == id) {
        Some(index) => index,
        None => {
            shares.push(Share { id, bot, waiting: Waiting::default() });
            shares.len() - 1
        }
    };
    &mut shares[index].waiting
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ExchangeStatus, Party, Timestamp};
    use crate::inbox::Snippet;
    use std::collections::HashMap;

    /// Handled ids, and who spoke last where the chain was read.
    struct Known(Vec<i64>, HashMap<i64, Snippet>);

    impl Facts for Known {
        fn is_new(&self, _: &Exchange) -> bool {
            false
        }

        fn is_handled(&self, exchange: &Exchange) -> bool {
            self.0.contains(&exchange.id)
        }

        fn snippet(&self, id: i64) -> Option<&Snippet> {
            self.1.get(&id)
        }
    }

    fn last(writer: Writer) -> Snippet {
        Snippet {
            line: String::new(),
            last: writer,
            at: None,
            referrals: Vec::new(),
            away: None,
            back: None,
        }
    }

    fn reply(id: i64, status: ExchangeStatus, campaign: i64, bot: i64, at: &str) -> Exchange {
        Exchange {
            id,
            campaign_id: campaign,
            status,
            updated_at: Timestamp::parse(at),
            bot: Party { id: bot, first_name: format!("Bot{bot}"), ..Party::default() },
            ..Exchange::default()
        }
    }

    #[test]
    fn only_unhandled_interested_and_referral_replies_wait_oldest_first() {
        use ExchangeStatus::*;
        let replies = [
            reply(1, InfoInquiry, 10, 7, "2024-05-08T09:00:00Z"),
            reply(2, ProvidedReferral, 20, 7, "2024-05-08T06:00:00Z"),
            reply(3, SchedulingMeeting, 10, 8, "2024-05-08T11:00:00Z"),
            reply(4, Declined, 10, 8, "2024-05-01T00:00:00Z"),
            reply(5, InfoInquiry, 20, 8, "2024-05-01T00:00:00Z"),
        ];
        let speed = speed_to_lead(&replies, &Known(vec![5], HashMap::new()));
        assert_eq!(speed.all.count, 3);
        assert_eq!(speed.all.oldest, Timestamp::parse("2024-05-08T06:00:00Z").map(|t| t.0));
        let campaigns: Vec<(i64, usize)> =
            speed.by_campaign.iter().map(|s| (s.id, s.waiting.count)).collect();
        assert_eq!(campaigns, [(20, 1), (10, 2)], "campaign 20 waits longest");
        let bots: Vec<(&str, usize)> = speed
            .by_bot
            .iter()
            .map(|s| {
                (s.bot.as_ref().map(|b| b.first_name.as_str()).unwrap_or_default(), s.waiting.count)
            })
            .collect();
        assert_eq!(bots, [("Bot7", 2), ("Bot8", 1)]);
    }

    #[test]
    fn a_hot_reply_our_bot_answered_last_waits_on_them_not_on_us() {
        use ExchangeStatus::*;
        let replies = [
            reply(1, InfoInquiry, 10, 7, "2024-05-08T09:00:00Z"), // they spoke last
            reply(2, ProvidedReferral, 10, 7, "2023-08-12T09:00:00Z"), // the bot answered
            reply(3, SchedulingMeeting, 10, 7, "2024-05-08T11:00:00Z"), // not read yet
        ];
        let read = HashMap::from([(1, last(Writer::Them)), (2, last(Writer::Bot))]);
        let speed = speed_to_lead(&replies, &Known(Vec::new(), read));
        assert_eq!(speed.all.count, 2, "the bot's last word is no wait of ours");
        assert_eq!(speed.all.oldest, Timestamp::parse("2024-05-08T09:00:00Z").map(|t| t.0));
        assert!(waits_on_us(&Category::Interested, false, None), "unread: counted");
        assert!(!waits_on_us(&Category::Interested, true, Some(Writer::Them)), "handled");
        assert!(!waits_on_us(&Category::NotNow, false, Some(Writer::Them)), "not hot");
        assert!(!waits_on_us(&Category::Interested, false, Some(Writer::Away)), "an absence");
    }
}
