//! A reply of one organisation of a group, as the dashboard's merged inbox lists it beside
//! the other organisations' replies: the exchange as its organisation's read listed it, with
//! what that organisation's marks and chains say of it (new, handled, snoozed, its snippet,
//! and with a team store who handled it and to whom it is assigned) — never its chain. Its
//! row is drawn with the single inbox's columns (`super::exchanges::screen`): the reply is
//! the [`Facts`] its row asks, so both inboxes say the same of a reply. The organisation's
//! own column is drawn by the dashboard, which knows whose row it is.

use crate::api::{Exchange, Timestamp};
use crate::inbox::{Category, Facts, Snippet};
use crate::present::column::CampaignNames;
use crate::present::names::party_name;

/// One reply of an organisation with its organisation's facts about it.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgReply {
    pub exchange: Exchange,
    /// The campaign's name, when its organisation's read brought it.
    pub campaign: Option<String>,
    pub new: bool,
    pub handled: bool,
    pub snoozed_until: Option<Timestamp>,
    /// What its chain said, once read (who wrote last, an absence, the first line).
    pub snippet: Option<Snippet>,
    /// With a team store: who handled it and to whom it is assigned.
    pub team: Option<TeamFacts>,
}

/// What the team store of a reply's organisation says of it; a name is `None` for me.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TeamFacts {
    pub handled_by: Option<(Option<String>, Timestamp)>,
    pub assigned_to: Option<Option<String>>,
}

impl OrgReply {
    /// The reply as `facts` (its organisation's marks and chains) judge it, in `campaign`,
    /// with its team's facts when it has a team store.
    pub fn of(
        exchange: &Exchange,
        facts: &dyn Facts,
        campaign: Option<&str>,
        team: Option<TeamFacts>,
    ) -> OrgReply {
        OrgReply {
            exchange: exchange.clone(),
            campaign: campaign.map(str::to_string),
            new: facts.is_new(exchange),
            handled: facts.is_handled(exchange),
            snoozed_until: facts.snoozed_until(exchange),
            snippet: facts.snippet(exchange.id).cloned(),
            team,
        }
    }

    pub fn id(&self) -> i64 {
        self.exchange.id
    }

    pub fn email(&self) -> &str {
        &self.exchange.contact.email
    }

    pub fn updated_at(&self) -> Option<Timestamp> {
        self.exchange.updated_at
    }

    pub fn category(&self) -> Category {
        Category::of(&self.exchange.status)
    }

    /// Whether `word` is in one of the row's texts, case aside.
    pub fn matches(&self, word: &str) -> bool {
        let word = word.to_lowercase();
        let contact = &self.exchange.contact;
        let texts = [
            party_name(contact),
            contact.email.clone(),
            contact.organisation.clone(),
            self.campaign.clone().unwrap_or_default(),
            self.category().label().to_string(),
            self.snippet.as_ref().map(|snippet| snippet.line.clone()).unwrap_or_default(),
        ];
        texts.iter().any(|text| text.to_lowercase().contains(&word))
    }
}

/// The row's own facts: its columns ask them of the exchange it carries.
impl Facts for OrgReply {
    fn is_new(&self, _: &Exchange) -> bool {
        self.new
    }

    fn is_handled(&self, _: &Exchange) -> bool {
        self.handled
    }

    fn snippet(&self, _: i64) -> Option<&Snippet> {
        self.snippet.as_ref()
    }

    fn snoozed_until(&self, _: &Exchange) -> Option<Timestamp> {
        self.snoozed_until
    }

    fn shared(&self) -> bool {
        self.team.is_some()
    }

    fn handled_by(&self, _: &Exchange) -> Option<(Option<&str>, Timestamp)> {
        let (by, at) = self.team.as_ref()?.handled_by.as_ref()?;
        Some((by.as_deref(), *at))
    }

    fn assigned_to(&self, _: i64) -> Option<Option<&str>> {
        Some(self.team.as_ref()?.assigned_to.as_ref()?.as_deref())
    }
}

impl CampaignNames for OrgReply {
    fn campaign_name(&self, id: i64) -> Option<&str> {
        self.campaign.as_deref().filter(|_| id == self.exchange.campaign_id)
    }
}
