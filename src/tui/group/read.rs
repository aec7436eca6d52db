//! Reading a group's organisations for their Overview lines: each one's session found as
//! for one profile (`session::resolve_with`: its own key, base URL and read-only flag), its
//! lists read, and its line counted by the same look and summary as `outreach status
//! --group` ([`crate::glance::org_line`]). [`crate::config::AT_ONCE`] organisations are read
//! at a time, each answer sent as it comes, so a slow or failing one holds no other.

use super::{GroupChoice, OrgId};
use crate::api::{ApiError, Client, Exchange, ExchangeGroup, ExchangeQuery, Timestamp};
use crate::config::{Loaded, TeamConfig};
use crate::credentials::Keyring;
use crate::glance::MarkFacts;
use crate::local::{LocalState, ObservedState, Scope, StateError};
use crate::look::chains::Budget;
use crate::look::{Lists, Look, Sources};
use crate::present::columns::org_replies::{OrgReply, TeamFacts};
use crate::present::columns::standing::OrgLine;
use crate::session::{self, Environment, SessionRequest};
use crate::team::BlockingTeam;
use crate::tui::model::ReqId;
use chrono::{DateTime, Local, Utc};
use futures_util::stream::{self, StreamExt};
use std::collections::HashMap;
use std::sync::Arc;

/// The organisations to read: each with the id of its read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupRead {
    pub orgs: Vec<(OrgId, ReqId)>,
    pub base_url: Option<String>,
    pub allow_http: bool,
}

impl GroupRead {
    pub fn of(choice: &GroupChoice, orgs: Vec<(OrgId, ReqId)>) -> GroupRead {
        GroupRead { orgs, base_url: choice.base_url.clone(), allow_http: choice.allow_http }
    }
}

/// One organisation read: its line, or why it could not be read (naming its profile).
#[derive(Debug, Clone, PartialEq)]
pub struct GroupAnswer {
    pub org: OrgId,
    pub req_id: ReqId,
    pub result: Result<OrgRead, String>,
}

/// What a read of an organisation found.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgRead {
    pub line: OrgLine,
    pub read_only: bool,
    /// Its inbox's rows for the merged inbox, as its marks judge them.
    pub replies: Arc<[OrgReply]>,
    /// Whose marks its rows' triage writes (its profile and server).
    pub scope: Scope,
    /// Its campaigns, for the merged Campaigns.
    pub campaigns: crate::api::Items<crate::api::Campaign>,
    /// Its bots, for the merged Bots.
    pub bots: crate::api::Items<crate::api::Bot>,
    /// Its team store's people, when it has one.
    pub team: Option<super::TeamPeople>,
}

/// An organisation's session as its first read made it, kept by the runner so that a read
/// again asks no keyring: its client, whether it is read-only, whose marks (the scope), its
/// profile's `[needs]` thresholds and its team store (started at the first read that names
/// the organisation, as the commands start it).
#[derive(Clone)]
pub struct OrgLink {
    pub client: Client,
    pub read_only: bool,
    scope: Scope,
    needs: crate::needs::Thresholds,
    team_config: Option<TeamConfig>,
    team: Option<Arc<BlockingTeam>>,
}

impl OrgLink {
    /// Whether its marks are `scope`'s.
    pub fn serves(&self, scope: &Scope) -> bool {
        &self.scope == scope
    }

    /// The organisation's team store, when it has one bound to `scope`: a write on a merged
    /// row of that organisation goes where its line reads its marks from.
    pub fn team_for(&self, scope: &Scope) -> Option<Arc<BlockingTeam>> {
        self.team.clone().filter(|team| &self.scope == scope && team.is_bound(scope))
    }
}

/// This machine's marks file, shared with the runner; read on a blocking thread, so that a
/// team store that does not answer holds no other organisation's read.
pub type SharedLocal = Arc<dyn std::ops::Deref<Target = LocalState> + Send + Sync>;

/// Where a read finds what it needs on this machine: the marks and what the chains said.
pub struct Stores<'a> {
    pub local: SharedLocal,
    pub observed: &'a ObservedState,
}

impl GroupRead {
    /// Reads every organisation, [`crate::config::AT_ONCE`] at a time, each with its kept
    /// session when `known` has one; `answer` is called with each as it comes (the first
    /// done first), with the session to keep (none after a failure: the next read finds
    /// the profile's key again, a new one perhaps).
    pub async fn perform(
        self,
        stores: &Stores<'_>,
        known: &(dyn Fn(&OrgId) -> Option<OrgLink> + Sync),
        answer: &mut (dyn FnMut(GroupAnswer, Option<OrgLink>) + Send),
    ) {
        let reach = Reach { base_url: self.base_url, allow_http: self.allow_http };
        let read = |org: OrgId, link: OrgLink| async move { read_org(&org, link, stores).await };
        each_org(self.orgs, reach, known, read, &mut |org, req_id, result, link| {
            answer(GroupAnswer { org, req_id, result }, link)
        })
        .await;
    }
}

/// Where a group's organisations are reached when their profiles do not say it.
pub(super) struct Reach {
    pub base_url: Option<String>,
    pub allow_http: bool,
}

/// Reads each of `orgs` with `read`, [`crate::config::AT_ONCE`] at a time, each with its
/// kept session when `known` has one, else its profile's found anew; `answer` is called
/// with each as it comes (the first done first), with the session to keep (none after a
/// failure: the next read finds the profile's key again, a new one perhaps).
pub(super) async fn each_org<R, F>(
    orgs: Vec<(OrgId, ReqId)>,
    reach: Reach,
    known: &(dyn Fn(&OrgId) -> Option<OrgLink> + Sync),
    read: impl Fn(OrgId, OrgLink) -> F,
    answer: &mut (dyn FnMut(OrgId, ReqId, Result<R, String>, Option<OrgLink>) + Send),
) where
    F: std::future::Future<Output = Result<(R, OrgLink), String>>,
{
    // The config and the environment read once for the whole group.
    let loaded = crate::config::load_lenient();
    let env = Environment::from_process();
    let keyring = Keyring::system();
    let reads = orgs.into_iter().map(|(org, req_id)| {
        let request = SessionRequest {
            profile: Some(org.0.clone()),
            base_url: reach.base_url.clone(),
            allow_http: reach.allow_http,
        };
        let (loaded, env, keyring, read) = (&loaded, &env, &keyring, &read);
        let kept = known(&org);
        async move {
            let link = match kept {
                Some(link) => Ok(link),
                None => connect(&org, &request, (loaded, env, keyring)).await,
            };
            let read = match link {
                Ok(link) => read(org.clone(), link).await,
                Err(error) => Err(error),
            };
            match read {
                Ok((read, link)) => (org, req_id, Ok(read), Some(link)),
                Err(error) => (org, req_id, Err(error), None),
            }
        }
    });
    let mut answers = stream::iter(reads).buffer_unordered(crate::config::AT_ONCE);
    while let Some((org, req_id, read, link)) = answers.next().await {
        answer(org, req_id, read, link);
    }
}

/// An organisation's session, found as for one profile: its key, base URL, read-only flag.
async fn connect(
    org: &OrgId,
    request: &SessionRequest,
    (loaded, env, keyring): (&Loaded, &Environment, &Keyring),
) -> Result<OrgLink, String> {
    let session = session::resolve_with(request, env, loaded, keyring)
        .await
        .map_err(|error| crate::text::sanitize(&error.brief()))?;
    let client =
        session.client_for(crate::audit::Source::Tui).map_err(|error| refused(org, &error))?;
    let scope = Scope::new(&session.profile, &session.base_url);
    let (read_only, needs, team_config) = (session.read_only, session.needs, session.team);
    Ok(OrgLink { client, read_only, scope, needs, team_config, team: None })
}

/// One organisation: its four lists, its look and its line.
async fn read_org(
    org: &OrgId,
    mut link: OrgLink,
    stores: &Stores<'_>,
) -> Result<(OrgRead, OrgLink), String> {
    let client = &link.client;
    let now = Local::now();
    let (_, meeting_query) = crate::summary::queries(now.with_timezone(&Utc));
    let inbox_query = ExchangeQuery { group: Some(ExchangeGroup::Replied), ..Default::default() };
    let (campaigns, bots, meetings, inbox) = tokio::join!(
        client.list_campaigns(),
        client.list_bots(),
        client.list_meetings(&meeting_query),
        crate::inbox::fetch(client, &inbox_query),
    );
    let failed = |error: ApiError| refused(org, &error);
    let (campaigns, bots) = (campaigns.map_err(failed)?.items, bots.map_err(failed)?.items);
    let (meetings, inbox) = (meetings.map_err(failed)?.items, inbox.map_err(failed)?.items);
    let summary = crate::summary::compute(&campaigns, &bots, &inbox, &meetings, &now);
    if link.team.is_none() {
        link.team = start_team(org, &link, &inbox);
    }
    let (facts, team) = mark_facts(stores, &link, now.with_timezone(&Utc)).await;
    let scope = &link.scope;
    let lists = Lists { inbox: &inbox, campaigns: &campaigns, bots: &bots };
    let sources = Sources { client, memory: stores.observed, scope };
    let look = Look::read(lists, facts, sources, link.needs, Budget::COMMAND).await;
    // After the look: its facts know what the chains said (who wrote last, an absence).
    let replies = replies(&inbox, &campaigns, &look.facts, team.as_ref());
    let needs = look.needs();
    let glance = look.glance(org.profile(), &needs);
    // Kept for the status line as the commands keep it: only from a whole look.
    if look.is_whole()
        && let Err(error) = crate::glance::save(&glance)
    {
        tracing::warn!(%error, "could not save the glance for the status line");
    }
    let line = crate::glance::org_line(&summary, Some(&glance.inbox));
    let (read_only, scope) = (link.read_only, link.scope.clone());
    let team = team.map(|team| team.people);
    let read = OrgRead { line, read_only, replies, scope, campaigns, bots, team };
    Ok((read, link))
}

/// The inbox's rows for the merged inbox, each with what its organisation's marks, chains
/// and team store say of it.
fn replies(
    inbox: &[crate::api::Exchange],
    campaigns: &[crate::api::Campaign],
    facts: &MarkFacts,
    team: Option<&TeamMarks>,
) -> Arc<[OrgReply]> {
    let names: HashMap<i64, &str> =
        campaigns.iter().map(|campaign| (campaign.id, campaign.name.as_str())).collect();
    let rows = inbox.iter().map(|exchange| {
        let team =
            team.map(|team| team.of(exchange, crate::inbox::Facts::is_handled(facts, exchange)));
        OrgReply::of(exchange, facts, names.get(&exchange.campaign_id).copied(), team)
    });
    rows.collect()
}

/// The team store's marks of an organisation, who I am there and the team, for its rows'
/// team column and whom they are assigned to.
struct TeamMarks {
    people: super::TeamPeople,
    marks: HashMap<i64, crate::team::TeamMark>,
}

impl TeamMarks {
    /// Who handled `exchange` (only while it is `handled` as it stands, as the single inbox
    /// says it) and to whom it is assigned; a name is `None` for me.
    fn of(&self, exchange: &Exchange, handled: bool) -> TeamFacts {
        let named = |name: &str| (name != self.people.me).then(|| name.to_string());
        let Some(mark) = self.marks.get(&exchange.id) else { return TeamFacts::default() };
        let handled_by = (mark.handled.as_ref())
            .filter(|_| handled)
            .map(|handled| (named(&handled.by), Timestamp(handled.at)));
        let assigned_to = mark.assigned.as_ref().map(|assigned| named(&assigned.to));
        TeamFacts { handled_by, assigned_to }
    }
}

/// The organisation's team store when its profile names one, bound to the organisation its
/// inbox names; none when it cannot be started (this machine's marks count then, as the
/// commands count them, and the log says why).
fn start_team(org: &OrgId, link: &OrgLink, inbox: &[Exchange]) -> Option<Arc<BlockingTeam>> {
    let config = link.team_config.as_ref();
    match crate::look::marks::team_for(org.profile(), config, &link.scope, inbox) {
        Ok(team) => team.map(Arc::new),
        Err(error) => {
            tracing::warn!(%error, profile = org.profile(), "the team store is not used");
            None
        }
    }
}

/// The organisation's marks from its profile's one marks store, as `status` reads them;
/// none when they cannot be read (every reply then counts as seen and unhandled: more
/// shown, never less). With a team store, its marks too, for who handled and holds what.
async fn mark_facts(
    stores: &Stores<'_>,
    link: &OrgLink,
    now: DateTime<Utc>,
) -> (MarkFacts, Option<TeamMarks>) {
    let (local, team, scope) = (Arc::clone(&stores.local), link.team.clone(), link.scope.clone());
    let now = Timestamp(now);
    let read = crate::tasks::spawn_blocking(move || {
        let book = crate::look::marks::book(&local, team.as_deref());
        let (facts, error) = crate::look::marks::facts(book, &scope, now);
        let team = team.map(|team| {
            let marks = team.marks(&scope).unwrap_or_else(|error| {
                tracing::warn!(%error, "the team's marks could not be read");
                HashMap::new()
            });
            let members = team.members(&scope).unwrap_or_else(|error| {
                tracing::warn!(%error, "the team's members could not be read");
                Vec::new()
            });
            let me = team.me().to_string();
            let people = crate::team::workload::me_first(&me, &members);
            TeamMarks { people: super::TeamPeople { me, people }, marks }
        });
        (facts, error, team)
    });
    let (facts, error, team) = read.await.unwrap_or_else(|error| {
        let facts = crate::look::marks::unread(now);
        (facts, Some(StateError::Sqlite(error.to_string())), None)
    });
    if let Some(error) = error {
        tracing::warn!(%error, "the handled marks could not be read");
    }
    (facts, team)
}

/// What went wrong, cause first; a refused key names its profile and how to log in again.
pub(super) fn refused(org: &OrgId, error: &ApiError) -> String {
    let cause = crate::present::cause::cause(error);
    match error {
        ApiError::Unauthorized { .. } => format!(
            "{cause} for profile {org}: `outreach --profile {org} auth login` stores a new key"
        ),
        _ => cause,
    }
}
