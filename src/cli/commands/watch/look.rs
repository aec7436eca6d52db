//! One look at one profile's organisation: the lists "Needs you" is made from (the inbox,
//! campaigns, bots, the do-not-contact state of opt-outs, handled and snoozed marks, who
//! wrote last in old hot replies) and the meetings, handed to the observer; then the reply's
//! text for the events that carry one, when the hooks ask for it.

use crate::api::{
    ApiError, Bot, Campaign, Client, Exchange, ExchangeGroup, Listed, Meeting, MeetingQuery,
    Timestamp,
};
use crate::cli::args::DayRange;
use crate::cli::commands::replies::marks;
use crate::cli::commands::replies::snippets::chains;
use crate::cli::commands::standing;
use crate::cli::context::Context;
use crate::clock::Zone;
use crate::config::HooksConfig;
use crate::glance::{Glance, MarkFacts};
use crate::inbox::Snippet;
use crate::inbox::{Category, Facts};
use crate::local::{ObservedState, Scope, StateError};
use crate::needs::Thresholds;
use crate::needs::{Inputs, ReplyFacts};
use crate::observe::{Lists, Observation, Observer, text};
use chrono::Duration;
use chrono::Utc;
use std::collections::{HashMap, HashSet};

/// One profile being watched: its connection, its marks, its hooks, and what it keeps
/// between looks (the latest message of each old hot reply — who wrote it, an absence — so
/// a chain is read once per move).
pub struct Watched {
    pub context: Context,
    pub hooks: HooksConfig,
    scope: Scope,
    writers: HashMap<i64, (Option<Timestamp>, Snippet)>,
}

/// Why a look failed: the API (backed off and tried again) or the observed state.
pub enum LookError {
    Api(ApiError),
    State(StateError),
}

impl std::fmt::Display for LookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LookError::Api(error) => write!(f, "{error}"),
            LookError::State(error) => write!(f, "{error}"),
        }
    }
}

impl Watched {
    pub fn new(context: Context, hooks: HooksConfig) -> Watched {
        let (_, scope) = marks::open(&context);
        Watched { context, hooks, scope, writers: HashMap::new() }
    }

    pub fn profile(&self) -> &str {
        &self.context.session.profile
    }

    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    /// Looks once and hands the lists to `observer`: the events it claimed, their text
    /// filled when the hooks ask for it.
    pub async fn look(&mut self, observer: &Observer) -> Result<Observation, LookError> {
        let Fetched { inbox, campaigns, bots, meetings } =
            fetch(&self.context.client).await.map_err(LookError::Api)?;
        let now = Utc::now();
        let (facts, handled, snoozed) = triage(&self.context, &inbox.items, now);
        let dnc = standing::on_dnc(&self.context, &inbox.items).await;
        let thresholds = self.context.session.needs;
        self.learn_writers(&inbox.items, &handled, now).await;

        let writers = &self.writers;
        let on_dnc = |party: &crate::api::Party| dnc.as_ref().map(|dnc| dnc.contains(&party.id));
        let reply = |exchange: &Exchange| ReplyFacts {
            handled: handled.contains(&exchange.id),
            snoozed: snoozed.contains(&exchange.id),
            last: writers
                .get(&exchange.id)
                .filter(|(at, _)| *at == exchange.updated_at)
                .map(|(_, snippet)| snippet.last),
        };
        let inputs = Inputs {
            exchanges: &inbox.items,
            campaigns: &campaigns.items,
            bots: &bots.items,
            on_dnc: &on_dnc,
            reply: &reply,
            now,
            zone: Zone::Local,
            thresholds,
        };
        let lists = Lists { needs: &inputs, meetings: &meetings.items };
        // Blocking SQLite on the runtime's thread: this command does nothing else meanwhile.
        let mut observation = observer.observe(&lists).map_err(LookError::State)?;
        self.save_glance(&inputs, facts, observer.every());
        if self.hooks.include_text {
            self.fill_text(&mut observation, &inbox.items).await;
        }
        Ok(observation)
    }

    /// Keeps the inbox's numbers for the status line (`outreach status --format tmux`), as
    /// `status` and the dashboard do: the marks as read this look, the chains read so far.
    fn save_glance(&self, inputs: &Inputs<'_>, mut facts: MarkFacts, every: chrono::Duration) {
        let moves: HashMap<i64, Option<Timestamp>> =
            inputs.exchanges.iter().map(|e| (e.id, e.updated_at)).collect();
        // Only chains read as the reply stands now: one that moved since may say otherwise.
        let current = |(id, (at, snippet)): (&i64, &(Option<Timestamp>, Snippet))| {
            (moves.get(id) == Some(at)).then(|| (*id, snippet.clone()))
        };
        facts.snippets = self.writers.iter().filter_map(current).collect();
        let needs = crate::needs::needs(inputs);
        let today = inputs.zone.date(inputs.now);
        let glance =
            Glance::of(self.profile(), inputs.exchanges, &facts, &needs, today, inputs.now)
                .every(u64::try_from(every.num_seconds()).unwrap_or(60));
        if let Err(error) = crate::glance::save(&glance) {
            tracing::warn!(%error, "could not save the glance for the status line");
        }
    }

    /// Who wrote last in the old hot replies not yet read at their current move (the chain
    /// says); kept per exchange and move, so each chain is read once, not every look.
    async fn learn_writers(
        &mut self,
        inbox: &[Exchange],
        handled: &std::collections::HashSet<i64>,
        now: chrono::DateTime<Utc>,
    ) {
        let unknown: Vec<&Exchange> = inbox
            .iter()
            .filter(|e| !handled.contains(&e.id))
            .filter(|e| self.writers.get(&e.id).is_none_or(|(at, _)| *at != e.updated_at))
            .collect();
        let thresholds = self.context.session.needs;
        let learned = last_writers(&self.context, &unknown, thresholds, now).await;
        let moves: HashMap<i64, Option<Timestamp>> =
            inbox.iter().map(|e| (e.id, e.updated_at)).collect();
        for (id, snippet) in learned {
            self.writers.insert(id, (moves.get(&id).copied().flatten(), snippet));
        }
        // Forget replies no longer in the inbox: the map stays the inbox's size.
        self.writers.retain(|id, _| moves.contains_key(id));
    }

    /// The first meaningful line of each reply an event is about (`include_text`).
    async fn fill_text(&self, observation: &mut Observation, inbox: &[Exchange]) {
        let ids = text::wanted(&observation.events);
        if ids.is_empty() {
            return;
        }
        let read = chains(&self.context.client, ids.into_iter()).await;
        text::fill(&mut observation.events, inbox, &read, &Zone::Local);
    }
}

/// The lists one look is made of: the whole inbox, the campaigns, the bots, every meeting.
pub struct Fetched {
    pub inbox: Listed<Exchange>,
    pub campaigns: Listed<Campaign>,
    pub bots: Listed<Bot>,
    pub meetings: Listed<Meeting>,
}

/// Fetches the lists of one look, at once.
pub async fn fetch(client: &Client) -> Result<Fetched, ApiError> {
    let query = DayRange::default().exchanges(None, ExchangeGroup::Replied);
    let every_meeting = MeetingQuery::default();
    let (inbox, campaigns, bots, meetings) = tokio::join!(
        crate::inbox::fetch(client, &query),
        client.list_campaigns(),
        client.list_bots(),
        client.list_meetings(&every_meeting)
    );
    Ok(Fetched { inbox: inbox?, campaigns: campaigns?, bots: bots?, meetings: meetings? })
}

/// The marks as `todo` and `status` read them (one reading), and the handled and the
/// snoozed replies by them.
pub fn triage(
    context: &Context,
    inbox: &[Exchange],
    now: chrono::DateTime<Utc>,
) -> (MarkFacts, HashSet<i64>, HashSet<i64>) {
    let facts = standing::marks(context, now);
    let handled = inbox.iter().filter(|e| facts.is_handled(e)).map(|e| e.id).collect();
    let snoozed = inbox.iter().filter(|e| facts.snoozed_until(e).is_some()).map(|e| e.id).collect();
    (facts, handled, snoozed)
}

/// The observed state as watch opens it: a file that cannot be used is said once.
pub fn open_observed(context: &Context) -> ObservedState {
    let (state, warning) = ObservedState::open_default();
    if let Some(warning) = warning {
        crate::cli::output::streams::warn(&context.term, &warning);
    }
    state
}

/// Who wrote last in each hot reply old enough to be past the target (its chain says; an
/// absence notice reads as away). A chain that cannot be read leaves it unknown: counted as
/// waiting, as `replies --check` counts it.
async fn last_writers(
    context: &Context,
    unhandled: &[&Exchange],
    thresholds: Thresholds,
    now: chrono::DateTime<Utc>,
) -> HashMap<i64, Snippet> {
    let target = Duration::hours(i64::from(thresholds.hot_reply_hours));
    let old_enough = |at: Option<Timestamp>| at.is_some_and(|at| now - at.0 >= target);
    let wanted: Vec<&Exchange> = unhandled
        .iter()
        .copied()
        .filter(|e| Category::of(&e.status).is_hot() && old_enough(e.updated_at))
        .collect();
    standing::latest_messages(context, &wanted).await
}
