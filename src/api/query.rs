//! The filters of the two list endpoints that take them (9 and 12), as query parameters.

use super::enums::ExchangeGroup;
use chrono::NaiveDate;

/// Filters of endpoint 9 (list exchanges by group). `None` leaves the server's default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExchangeQuery {
    pub campaign_id: Option<i64>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub group: Option<ExchangeGroup>,
}

/// Date range of endpoint 12 (list meetings), both ends inclusive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MeetingQuery {
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
}

impl ExchangeQuery {
    /// The query parameters; a filter left `None` is not sent, so the server's default holds.
    pub(crate) fn params(&self) -> Vec<(&'static str, String)> {
        let mut params = Vec::new();
        if let Some(id) = self.campaign_id {
            params.push(("campaign_id", id.to_string()));
        }
        push_date_range(&mut params, self.start_date, self.end_date);
        if let Some(group) = &self.group {
            params.push(("exchange_group", group.as_str().to_string()));
        }
        params
    }
}

impl MeetingQuery {
    /// The query parameters; an open end is not sent.
    pub(crate) fn params(&self) -> Vec<(&'static str, String)> {
        let mut params = Vec::new();
        push_date_range(&mut params, self.start_date, self.end_date);
        params
    }
}

/// The optional `start_date` and `end_date` query parameters, as `YYYY-MM-DD`.
fn push_date_range(
    params: &mut Vec<(&'static str, String)>,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
) {
    for (name, date) in [("start_date", start), ("end_date", end)] {
        if let Some(date) = date {
            params.push((name, date.format("%Y-%m-%d").to_string()));
        }
    }
}
