//! The one look (`crate::look`) as the commands take it: the profile's one marks store (the
//! team's when one is configured, else this machine's file), the chain facts remembered by
//! every process of the profile, what could not be read said once on stderr, and the glance
//! the status line shows, kept only from a whole look. `todo`, `status`, `digest`, `watch`
//! and `brief` read the organisation through here, so they count the same replies.

use crate::api::{Bot, Campaign, Exchange};
use crate::cli::commands::replies::marks::{self as local_marks, open_memory};
use crate::cli::commands::replies::team::TeamSide;
use crate::cli::context::Context;
use crate::cli::output::streams::warn;
use crate::glance::{Glance, MarkFacts};
use crate::local::{LocalState, ObservedState, Scope};
use crate::look::chains::Budget;
use crate::look::{Lists, Look, Sources};
use crate::needs::Need;
use chrono::{DateTime, Utc};

/// What the organisation looks like for this person now, and what needs them.
pub(crate) struct Standing<'a> {
    pub look: Look<'a>,
    /// "Needs you", most pressing first.
    pub needs: Vec<Need>,
}

impl<'a> Standing<'a> {
    /// Takes one look at the organisation from these lists.
    pub async fn read(
        context: &Context,
        inbox: &'a [Exchange],
        campaigns: &'a [Campaign],
        bots: &'a [Bot],
    ) -> Standing<'a> {
        let memory = open_memory(context);
        let mut marks = MarkSources::open(context);
        let lists = Lists { inbox, campaigns, bots };
        Standing::read_with(context, &memory, &mut marks, lists).await
    }

    /// The same, with the observed state and the marks' stores a long-running command
    /// already holds (`watch` looks again and again: the team store is connected once).
    pub async fn read_with(
        context: &Context,
        memory: &ObservedState,
        marks: &mut MarkSources,
        lists: Lists<'a>,
    ) -> Standing<'a> {
        let (facts, scope) = marks.facts(context, lists.inbox, Utc::now());
        let sources = Sources { client: &context.client, memory, scope: &scope };
        let look = Look::read(lists, facts, sources, context.session.needs, Budget::COMMAND).await;
        if let Err(error) = &look.on_dnc {
            warn(
                &context.term,
                &format!(
                    "The contact list could not be read ({error}): opt-outs are listed as not checked."
                ),
            );
        }
        if look.unread_chains > 0 {
            warn(
                &context.term,
                &format!(
                    "The e-mails of {} are not read yet: whether they wait on you is not known (the next look reads on).",
                    crate::text::count(look.unread_chains, "reply", "replies")
                ),
            );
        }
        let needs = look.needs();
        Standing { look, needs }
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.look.now
    }

    /// The glance of this look, for the status line.
    pub fn glance(&self, context: &Context) -> Glance {
        self.look.glance(&context.session.profile, &self.needs)
    }

    /// Saves the glance for `outreach status --format tmux` when the look is whole (a part
    /// not read would put a guess on the manager's status line). A glance that cannot be
    /// kept only goes to the log: the command's own answer matters more.
    pub fn save_glance(&self, context: &Context) -> Glance {
        self.save(self.glance(context))
    }

    /// Saves `glance`, taken from this look, when the look is whole.
    pub fn save(&self, glance: Glance) -> Glance {
        if !self.look.is_whole() {
            return glance;
        }
        if let Err(error) = crate::glance::save(&glance) {
            tracing::warn!(%error, "could not save the glance for the status line");
        }
        glance
    }
}

/// The profile's one marks store: this machine's file and, when one is configured, the team
/// store (connected on the first look, when the inbox names the organisation, and kept).
pub(crate) struct MarkSources {
    local: LocalState,
    scope: Scope,
    /// `None` until the first look; then the team's side, if any.
    team: Option<Option<TeamSide>>,
}

impl MarkSources {
    pub(crate) fn open(context: &Context) -> MarkSources {
        let (local, scope) = local_marks::open(context);
        MarkSources { local, scope, team: None }
    }

    /// Whose marks: the profile and the organisation's server.
    pub(crate) fn scope(&self) -> &Scope {
        &self.scope
    }

    /// The marks of the session's scope as they stand at `now`: with a team store, handled
    /// and snoozed are the team's (the last known, said so, while it is away). When they
    /// cannot be read, none (with a warning): every reply then counts as seen and unhandled,
    /// so lists show more, never less.
    fn facts(
        &mut self,
        context: &Context,
        inbox: &[Exchange],
        now: DateTime<Utc>,
    ) -> (MarkFacts, Scope) {
        let scope = &self.scope;
        let team = self.team.get_or_insert_with(|| {
            TeamSide::open(context, scope, inbox).unwrap_or_else(|error| {
                warn(&context.term, &format!("The team store is not used: {}", error.message));
                None
            })
        });
        let book = crate::look::marks::book(&self.local, team.as_ref().map(|side| &side.team));
        let (facts, error) = crate::look::marks::facts(book, scope, crate::api::Timestamp(now));
        if let Some(error) = error {
            warn(&context.term, &format!("The handled marks could not be read ({error})."));
        }
        if let Some(side) = team {
            side.tell_health(context);
        }
        (facts, scope.clone())
    }
}
