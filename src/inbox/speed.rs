//! Speed to lead: the replies that wait on us and lose value by the hour (Interested and
//! Referral, not handled), how many and how long the oldest has waited — in all, per
//! campaign and per bot, the most urgent first.

use super::Category;
use crate::api::{Exchange, Party};
use chrono::{DateTime, Utc};

/// Hot replies waiting on us, and since when the oldest waits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Waiting {
    pub count: usize,
    pub oldest: Option<DateTime<Utc>>,
}

impl Waiting {
    fn add(&mut self, at: Option<DateTime<Utc>>) {
        self.count += 1;
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

/// Speed to lead over `exchanges`, leaving out the handled ones.
pub fn speed_to_lead(exchanges: &[Exchange], handled: impl Fn(&Exchange) -> bool) -> SpeedToLead {
    let mut speed = SpeedToLead::default();
    for exchange in exchanges {
        if !Category::of(&exchange.status).is_hot() || handled(exchange) {
            continue;
        }
        let at = exchange.updated_at.map(|t| t.0);
        speed.all.add(at);
        share(&mut speed.by_campaign, exchange.campaign_id, None).add(at);
        share(&mut speed.by_bot, exchange.bot.id, Some(exchange.bot.clone())).add(at);
    }
    // The longest wait first; without a date, last.
    for shares in [&mut speed.by_campaign, &mut speed.by_bot] {
        shares
            .sort_by_key(|share| (share.waiting.oldest.is_none(), share.waiting.oldest, share.id));
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
        let speed = speed_to_lead(&replies, |exchange| exchange.id == 5);
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
}
