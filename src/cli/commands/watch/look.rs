//! One look at one profile's organisation, for `outreach watch`: the lists and the one look
//! every command takes (`standing`: marks, what the chains said, opt-outs checked) with the
//! meetings, handed to the observer; then the reply's text for the events that carry one,
//! when the hooks ask for it.

use crate::api::{
    ApiError, Bot, Campaign, Client, Exchange, ExchangeGroup, Listed, Meeting, MeetingQuery,
};
use crate::cli::args::DayRange;
use crate::cli::commands::replies::snippets::chains;
use crate::cli::commands::standing::{MarkSources, Standing};
use crate::cli::context::Context;
use crate::clock::Zone;
use crate::config::HooksConfig;
use crate::local::{ObservedState, Scope, StateError};
use crate::look;
use crate::observe::{Lists, Observation, Observer, text};

/// One profile being watched: its connection, its hooks and its scope (what the chains said
/// is remembered in the observed state, by every process of the profile).
pub struct Watched {
    pub context: Context,
    pub hooks: HooksConfig,
    scope: Scope,
    /// The marks' stores, opened once for every look.
    marks: MarkSources,
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
        let marks = MarkSources::open(&context);
        let scope = marks.scope().clone();
        Watched { context, hooks, scope, marks }
    }

    pub fn profile(&self) -> &str {
        &self.context.session.profile
    }

    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    /// Looks once and hands the lists to `observer`: the events it claimed, their text
    /// filled when the hooks ask for it. The glance for the status line is kept from the
    /// same look.
    pub async fn look(&mut self, observer: &Observer) -> Result<Observation, LookError> {
        let Fetched { inbox, campaigns, bots, meetings } =
            fetch(&self.context.client).await.map_err(LookError::Api)?;
        let lists =
            look::Lists { inbox: &inbox.items, campaigns: &campaigns.items, bots: &bots.items };
        let standing =
            Standing::read_with(&self.context, observer.state(), &mut self.marks, lists).await;
        // Blocking SQLite on the runtime's thread: this command does nothing else meanwhile.
        let mut observation = standing
            .look
            .with_inputs(|inputs| {
                observer.observe(&Lists { needs: inputs, meetings: &meetings.items })
            })
            .map_err(LookError::State)?;
        let every = u64::try_from(observer.every().num_seconds()).unwrap_or(60);
        standing.save(standing.glance(&self.context).every(every));
        if self.hooks.include_text {
            self.fill_text(&mut observation, &inbox.items).await;
        }
        Ok(observation)
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

/// The observed state as watch opens it: a file that cannot be used is said once.
pub fn open_observed(context: &Context) -> ObservedState {
    let (state, warning) = ObservedState::open_default();
    if let Some(warning) = warning {
        crate::cli::output::streams::warn(&context.term, &warning);
    }
    state
}
