//! Reply categories: the API's nineteen exchange statuses folded into the handful a sales team
//! triages by. One mapping, used by every count and every filter key.

use crate::api::ExchangeStatus;

/// What a reply asks of the manager, in the words of sales teams.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Asked for information or is scheduling a meeting: answer now.
    Interested,
    /// A meeting is booked.
    Meeting,
    /// Pointed us at someone else, or we reached out to a referral.
    Referral,
    /// Converted otherwise (a trial, a purchase…).
    Converted,
    /// Asked to follow up later, or is being nurtured.
    NotNow,
    /// The ball is in their court: awaiting a reply, or a follow-up was sent.
    Waiting,
    /// Said no.
    NotInterested,
    /// Asked to be removed, in words or by the link.
    Unsubscribe,
    /// Any other status, kept verbatim (the API's own name) so nothing is hidden.
    Other(String),
}

impl Category {
    /// The named categories in the order the category bar shows them (Other last, since its
    /// members are whatever the server sent).
    pub const NAMED: [Category; 8] = [
        Category::Interested,
        Category::Meeting,
        Category::Referral,
        Category::Converted,
        Category::NotNow,
        Category::Waiting,
        Category::NotInterested,
        Category::Unsubscribe,
    ];

    /// The category of an exchange status.
    pub fn of(status: &ExchangeStatus) -> Category {
        use ExchangeStatus::*;
        match status {
            InfoInquiry | SchedulingMeeting => Category::Interested,
            MeetingBooked => Category::Meeting,
            ProvidedReferral | OutreachReferral => Category::Referral,
            OtherConversion => Category::Converted,
            FollowupLater | Nurturing => Category::NotNow,
            AwaitingReply | FollowupSent => Category::Waiting,
            Declined => Category::NotInterested,
            UnsubRequest | UnsubLink => Category::Unsubscribe,
            other => Category::Other(other.as_str().to_string()),
        }
    }

    /// The label shown in tables, the category bar and notifications.
    pub fn label(&self) -> &str {
        match self {
            Category::Interested => "Interested",
            Category::Meeting => "Meeting",
            Category::Referral => "Referral",
            Category::Converted => "Converted",
            Category::NotNow => "Not now",
            Category::Waiting => "Waiting",
            Category::NotInterested => "Not interested",
            Category::Unsubscribe => "Unsubscribe",
            Category::Other(name) => name,
        }
    }

    /// The name used on the command line (`--category interested,referral`) and in JSON.
    pub fn slug(&self) -> String {
        match self {
            Category::Other(name) => name.to_ascii_lowercase(),
            named => named.label().to_ascii_lowercase().replace(' ', "-"),
        }
    }

    /// Parses a command-line name: a named category's slug (any case), or a raw API status.
    pub fn parse(text: &str) -> Option<Category> {
        let wanted = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        if wanted.is_empty() {
            return None;
        }
        Category::NAMED
            .into_iter()
            .find(|category| category.slug() == wanted)
            .or_else(|| Some(Category::Other(text.trim().to_ascii_uppercase())))
    }

    /// Replies that wait on us and lose value by the hour (speed to lead, `replies --check`).
    pub fn is_hot(&self) -> bool {
        matches!(self, Category::Interested | Category::Referral)
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_named_in_the_issue_lands_in_its_category() {
        use ExchangeStatus::*;
        let cases = [
            (InfoInquiry, Category::Interested),
            (SchedulingMeeting, Category::Interested),
            (MeetingBooked, Category::Meeting),
            (ProvidedReferral, Category::Referral),
            (OutreachReferral, Category::Referral),
            (OtherConversion, Category::Converted),
            (FollowupLater, Category::NotNow),
            (Nurturing, Category::NotNow),
            (AwaitingReply, Category::Waiting),
            (FollowupSent, Category::Waiting),
            (Declined, Category::NotInterested),
            (UnsubRequest, Category::Unsubscribe),
            (UnsubLink, Category::Unsubscribe),
        ];
        for (status, category) in cases {
            assert_eq!(Category::of(&status), category, "{status:?}");
        }
    }

    #[test]
    fn anything_else_is_other_and_keeps_the_servers_name() {
        assert_eq!(
            Category::of(&ExchangeStatus::NoResponse),
            Category::Other("NO_RESPONSE".into())
        );
        let new = ExchangeStatus::Unknown("SOMETHING_NEW".into());
        assert_eq!(Category::of(&new).label(), "SOMETHING_NEW");
    }

    #[test]
    fn command_line_names_round_trip() {
        for category in Category::NAMED {
            assert_eq!(Category::parse(&category.slug()), Some(category.clone()));
        }
        assert_eq!(Category::parse("Not Now"), Some(Category::NotNow));
        assert_eq!(Category::parse("no_response"), Some(Category::Other("NO_RESPONSE".into())));
        assert_eq!(Category::parse("  "), None);
    }

    #[test]
    fn only_interested_and_referral_are_hot() {
        let hot: Vec<_> = Category::NAMED.into_iter().filter(Category::is_hot).collect();
        assert_eq!(hot, [Category::Interested, Category::Referral]);
    }
}
