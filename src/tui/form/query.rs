//! The server-side filters of the Exchanges list (group, campaign, days) and the Meetings
//! list (days).

use crate::api::ExchangeGroup;
use crate::tui::form::field::{Choice, Field};
use chrono::NaiveDate;

/// A range of days, read as the CLI reads `--since` and `--until` (`clock::days`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayRange {
    pub start: Field,
    pub end: Field,
}

impl DayRange {
    pub(crate) fn new(start: Option<NaiveDate>, end: Option<NaiveDate>) -> Self {
        let day = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        let hint = "YYYY-MM-DD, today, -7d …; empty: the server's default";
        DayRange {
            start: Field::text("From", &day(start), hint),
            end: Field::text("To", &day(end), hint),
        }
    }

    pub(crate) fn fields(&self) -> Vec<&Field> {
        vec![&self.start, &self.end]
    }

    pub(crate) fn fields_mut(&mut self) -> Vec<&mut Field> {
        vec![&mut self.start, &mut self.end]
    }
}

/// Which exchanges to list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeQueryFields {
    pub group: Choice<ExchangeGroup>,
    /// `None`: all campaigns.
    pub campaign: Choice<Option<i64>>,
    pub days: DayRange,
}

impl ExchangeQueryFields {
    /// The filters as they are now; `campaigns` are the loaded ones (id and shown name).
    pub(crate) fn new(
        group: &ExchangeGroup,
        campaign: Option<i64>,
        campaigns: impl IntoIterator<Item = (i64, String)>,
        days: DayRange,
    ) -> Self {
        let group_option = |g: ExchangeGroup| (g.clone(), g.as_str().to_string());
        ExchangeQueryFields {
            group: Choice::new(
                "Group",
                group_option(ExchangeGroup::Replied),
                [group_option(ExchangeGroup::MeetingBooked)],
                group,
            ),
            campaign: Choice::new(
                "Campaign",
                (None, "all campaigns".to_string()),
                campaigns.into_iter().map(|(id, name)| (Some(id), format!("#{id} {name}"))),
                &campaign,
            ),
            days,
        }
    }

    pub(crate) fn fields(&self) -> Vec<&Field> {
        let mut fields = vec![&self.group.field, &self.campaign.field];
        fields.extend(self.days.fields());
        fields
    }

    pub(crate) fn fields_mut(&mut self) -> Vec<&mut Field> {
        let mut fields = vec![&mut self.group.field, &mut self.campaign.field];
        fields.extend(self.days.fields_mut());
        fields
    }
}
