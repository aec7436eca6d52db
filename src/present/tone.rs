//! The tone of every status: one mapping per status enum, which the CLI paints as colours
//! and the dashboard as theme styles.

use crate::api::{CampaignStatus, ExchangeStatus, MailboxStatus, StatusKind};
use crate::bots::Standing;
use crate::inbox::Category;

/// What a cell means to a reader, not how it is painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Tone {
    #[default]
    Plain,
    /// Working as it should.
    Good,
    /// Waiting, neither good nor bad.
    Neutral,
    /// Lost or refused, but nothing to fix.
    Bad,
    /// Needs someone to act.
    Alarm,
    /// Worth a look.
    Warn,
    /// Secondary: dates, ids, finished things.
    Dim,
    /// Labels the user chose (tags).
    Accent,
    /// A group's heading (the day of an agenda).
    Heading,
    /// Called off, shown struck through where the screen can.
    Struck,
}

pub(crate) fn campaign_status(status: &CampaignStatus) -> Tone {
    match status {
        CampaignStatus::Active => Tone::Good,
        CampaignStatus::Pending => Tone::Warn,
        CampaignStatus::Completed => Tone::Dim,
        CampaignStatus::Unknown(_) => Tone::Plain,
    }
}

/// Where a bot stands (its status and verdict): healthy green, needing attention red,
/// ending yellow, retired dim.
pub fn standing(standing: Standing) -> Tone {
    match standing {
        Standing::Healthy => Tone::Good,
        Standing::Attention => Tone::Alarm,
        Standing::Ending | Standing::CoolingOff => Tone::Warn,
        Standing::Retired => Tone::Dim,
    }
}

/// A mailbox that is not ACTIVE is trouble only for a bot that still sends.
pub(crate) fn mailbox_status(status: &MailboxStatus, standing: Standing) -> Tone {
    match (standing, *status == MailboxStatus::Active) {
        (Standing::Retired, _) => Tone::Dim,
        (_, true) => Tone::Good,
        (_, false) => Tone::Alarm,
    }
}

pub(crate) fn exchange_status(status: &ExchangeStatus) -> Tone {
    match status.kind() {
        StatusKind::Positive => Tone::Good,
        StatusKind::Neutral => Tone::Neutral,
        StatusKind::Negative => Tone::Bad,
    }
}

/// A meeting: upcoming is good news, a held one is past, a cancelled one is struck through.
pub(crate) fn meeting(state: crate::results::MeetingState) -> Tone {
    use crate::results::MeetingState;
    match state {
        MeetingState::Upcoming => Tone::Good,
        MeetingState::Held => Tone::Plain,
        MeetingState::Cancelled => Tone::Struck,
    }
}

/// A health check: passing, failing, or not reported.
pub(crate) fn check(ok: Option<bool>) -> Tone {
    match ok {
        Some(true) => Tone::Good,
        Some(false) => Tone::Alarm,
        None => Tone::Dim,
    }
}

/// A contact's do-not-contact flag.
pub(crate) fn dnc(dnc: bool) -> Tone {
    if dnc { Tone::Bad } else { Tone::Dim }
}

/// How a reply category is painted: hot ones stand out, lost ones read as lost. Kept here,
/// beside the other tones, so `inbox` stays below `present`.
impl Category {
    pub fn tone(&self) -> Tone {
        match self {
            Category::Interested | Category::Referral => Tone::Alarm,
            Category::Meeting | Category::Converted => Tone::Good,
            Category::NotNow | Category::Waiting => Tone::Neutral,
            Category::NotInterested | Category::Unsubscribe => Tone::Bad,
            Category::Other(_) => Tone::Plain,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_that_cannot_send_asks_for_attention_and_a_retired_one_is_dim() {
        assert_eq!(standing(Standing::Healthy), Tone::Good);
        assert_eq!(standing(Standing::Attention), Tone::Alarm);
        assert_eq!(standing(Standing::Retired), Tone::Dim);
        assert_eq!(mailbox_status(&MailboxStatus::Active, Standing::Healthy), Tone::Good);
        assert_eq!(mailbox_status(&MailboxStatus::Paused, Standing::Attention), Tone::Alarm);
        assert_eq!(mailbox_status(&MailboxStatus::Paused, Standing::Retired), Tone::Dim);
    }

    #[test]
    fn exchange_tones_follow_their_kind() {
        assert_eq!(exchange_status(&ExchangeStatus::MeetingBooked), Tone::Good);
        assert_eq!(exchange_status(&ExchangeStatus::Declined), Tone::Bad);
        assert_eq!(exchange_status(&ExchangeStatus::AwaitingReply), Tone::Neutral);
        assert_eq!(campaign_status(&CampaignStatus::Pending), Tone::Warn);
    }
}
