//! The reply inbox of the Exchanges pane, as the dashboard holds it: what the user has seen
//! and handled (kept on this machine by [`crate::local`]), snippets read from the chains,
//! the category and handled filters, marked rows, the last triage to undo, and what has been
//! announced. Plain data and questions about it; `update::inbox` changes it.

pub mod arrivals;
pub mod held;
pub mod jobs;
pub(crate) mod notify;
mod quiet;
pub(crate) use quiet::zones_of;
pub mod remembered;
pub mod team;

pub use held::CachedSnippet;
pub use notify::{Alerts, Announcing};

use crate::api::{Exchange, Items, Timestamp};
use crate::inbox::{Category, Facts, Snippet};
use crate::local::{Mark, Scope, is_new};
use crate::present::Tone;
use crate::tui::lists::memo::ListMemo;
use crate::tui::model::{Shelf, Shelves};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

/// At most this many chains are read for snippets at once.
pub(crate) const SNIPPETS_IN_FLIGHT: usize = 4;

/// One triage action, to undo: each exchange as it was before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triage {
    pub before: Before,
    /// What was done, for the toast of the undo ("3 marked handled").
    pub what: String,
}

/// What a triage changed, as it was before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Before {
    /// Each exchange with the handled flag it had.
    Handled(Vec<(i64, bool)>),
    /// Each exchange with the snooze it had (`None`: awake).
    Snoozed(Vec<(i64, Option<Timestamp>)>),
}

#[derive(Debug, Clone)]
pub struct InboxState {
    /// Whose marks these are (profile and organisation); set once connected.
    pub scope: Option<Scope>,
    /// When this profile and organisation were first used; `None` until the local state
    /// answered (nothing counts as new until then, so nothing floods).
    pub first_use: Option<Timestamp>,
    /// Seen and handled marks by exchange id; changed only through the methods below, so
    /// that `revision` moves with them.
    marks: held::Marks,
    /// The local state's data version when its marks were last read: another process's
    /// marks (`outreach replies handle`, a second dashboard) are read again when it moves.
    pub marks_version: Option<crate::local::MarksVersion>,
    pub snippets: held::Snippets,
    /// Exchanges whose chain is being read for a snippet.
    pub reading: HashSet<i64>,
    /// Chains read in this session whose facts are not kept for the other processes yet.
    unkept: Vec<(i64, crate::local::ChainFact)>,
    /// What the profile's processes remembered of the chains was taken (or found empty):
    /// until then the hot replies' chains are not asked for, lest they be read twice.
    pub recalled: bool,
    /// The categories listed.
    pub shelf: Shelves,
    /// Handled replies are left out of the list.
    pub hide_handled: bool,
    /// Only the snoozed replies are listed (they are left out otherwise).
    pub show_snoozed: bool,
    /// The moment snoozes and absences are judged at: moved on when one of them ends (the
    /// dashboard's tick), so that a frame in between counts nothing again.
    pub clock: Timestamp,
    /// Rows marked with Space or V, for a bulk action.
    pub marked: BTreeSet<i64>,
    /// Where a V range started.
    pub range_from: Option<i64>,
    pub last_triage: Option<Triage>,
    /// The exchanges (and their `updated_at`) known at the last load, to tell what arrived;
    /// `None` until the first load with the local state known (that one announces nothing).
    pub known: Option<arrivals::Known>,
    /// Replies that arrived (or moved) during this session, at their `updated_at`: new
    /// until seen, whatever the server's clock says against ours.
    arrived: crate::ids::IdMap<Option<Timestamp>>,
    /// Moves each time `marks` or `arrived` change: the counts are made again.
    revision: u64,
    /// Chains of a bulk read were taken without moving `revision` (see
    /// [`InboxState::take_snippets`]); it moves when the read ends or a second has passed.
    unsettled: Option<Timestamp>,
    /// The census a worker is making, while it counts (see [`InboxState::for_census`]): the
    /// last one asked for, whose answer alone is taken.
    counting: Option<u64>,
    /// How many censuses were asked for, to tell their answers apart.
    censuses: u64,
    keep: KeepMemo,
    speed: SpeedMemo,
    counts: CountsMemo,
    hot: HotMemo,
    /// The list and revision the hot replies were last looked through for chains to read.
    pub(crate) hot_looked: ListMemo<Exchange, u64, ()>,
    zones: ZonesMemo,
    /// Replies that arrived, waiting for their chain to be read before they are announced
    /// (an absence notice is not), and those read and ready.
    pub announcing: Announcing,
    pub alerts: Alerts,
    /// The Overview's speed-to-lead breakdown (per campaign and per bot) is open.
    pub speed_open: bool,
    /// The team's marks, with a team store; changed through [`InboxState::take_team`].
    pub team: Option<team::TeamView>,
}

impl Default for InboxState {
    fn default() -> Self {
        InboxState {
            scope: None,
            first_use: None,
            marks: held::Marks::default(),
            marks_version: None,
            snippets: held::Snippets::default(),
            reading: HashSet::new(),
            unkept: Vec::new(),
            recalled: false,
            shelf: Shelves::ALL,
            hide_handled: true,
            show_snoozed: false,
            clock: Timestamp(chrono::DateTime::<chrono::Utc>::MIN_UTC),
            marked: BTreeSet::new(),
            range_from: None,
            last_triage: None,
            known: None,
            arrived: Default::default(),
            revision: 0,
            unsettled: None,
            counting: None,
            censuses: 0,
            keep: KeepMemo::default(),
            speed: SpeedMemo::default(),
            counts: CountsMemo::default(),
            hot: HotMemo::default(),
            hot_looked: ListMemo::default(),
            zones: ZonesMemo::default(),
            announcing: Announcing::default(),
            alerts: Alerts::default(),
            speed_open: false,
            team: None,
        }
    }
}

impl InboxState {
    /// An inbox announcing new replies as `alerts` says.
    pub fn with_alerts(alerts: Alerts) -> InboxState {
        InboxState { alerts, ..InboxState::default() }
    }

    /// A fresh inbox for a session (profile and organisation): how the list is viewed is
    /// kept, another session's marks and snippets are not.
    pub(crate) fn for_session(&self, scope: Scope) -> InboxState {
        InboxState {
            scope: Some(scope),
            shelf: self.shelf,
            hide_handled: self.hide_handled,
            show_snoozed: self.show_snoozed,
            clock: self.clock,
            alerts: self.alerts,
            ..InboxState::default()
        }
    }

    /// Whether `exchange` passes the category, handled, snoozed and whose filters.
    pub(crate) fn shows(&self, exchange: &Exchange) -> bool {
        self.shelf.holds(&Category::of(&exchange.status)) && self.passes_triage(exchange)
    }

    /// Whether the handled, snoozed and whose filters let `exchange` through: a snoozed
    /// reply is listed only when the snoozed ones are asked for, and then only they are.
    fn passes_triage(&self, exchange: &Exchange) -> bool {
        let asleep = self.asleep_until(exchange).is_some();
        let whose = self.team.as_ref().is_none_or(|team| team.lets_through(exchange.id));
        let triaged =
            if self.show_snoozed { asleep } else { !asleep && !self.hidden_as_handled(exchange) };
        triaged && whose
    }

    /// Where handled and snoozed marks are kept, for the words that confirm them.
    pub(crate) fn kept_where(&self) -> &'static str {
        if self.team.is_some() {
            "kept in the team store: the whole team sees it"
        } else {
            "kept on this machine"
        }
    }

    /// Which replies the whose filter lists (everyone's without a team).
    pub(crate) fn whose(&self) -> team::Whose {
        self.team.as_ref().map_or_else(team::Whose::default, |team| team.whose)
    }

    /// Changes the team's side (its marks, the view); the counts are made again.
    pub(crate) fn team_mut(&mut self) -> Option<&mut team::TeamView> {
        self.revision += 1;
        self.team.as_mut()
    }

    /// Left out of the list by the handled filter.
    fn hidden_as_handled(&self, exchange: &Exchange) -> bool {
        self.hide_handled && self.is_handled(exchange)
    }

    /// The mark of an exchange, if it has one.
    pub fn mark(&self, id: i64) -> Option<&Mark> {
        self.marks.get(&id)
    }

    /// The mark of an exchange to change (a blank one when it had none).
    pub(crate) fn mark_mut(&mut self, id: i64) -> &mut Mark {
        self.revision += 1;
        Arc::make_mut(&mut self.marks).entry(id).or_default()
    }

    /// Takes the marks the local state kept; those set in this session before it answered
    /// win.
    pub(crate) fn take_stored_marks(&mut self, stored: HashMap<i64, Mark>) {
        let mut stored: crate::ids::IdMap<Mark> = stored.into_iter().collect();
        stored.extend(self.marks.iter().map(|(&id, &mark)| (id, mark)));
        self.marks = Arc::new(stored);
        self.revision += 1;
    }

    /// Takes the marks as the file holds them now: the file's word wins for every exchange
    /// it has a mark of (this session's own marks were written before the file was read
    /// again: local jobs run in order). `true` when a mark changed.
    pub(crate) fn take_reread_marks(&mut self, stored: HashMap<i64, Mark>) -> bool {
        let changed = stored.iter().any(|(id, mark)| self.marks.get(id) != Some(mark));
        if changed {
            Arc::make_mut(&mut self.marks).extend(stored);
            self.revision += 1;
        }
        changed
    }

    /// A reply that arrived (or moved) during this session, at its `updated_at`.
    pub(crate) fn note_arrival(&mut self, id: i64, updated_at: Option<Timestamp>) {
        self.arrived.insert(id, updated_at);
        self.revision += 1;
    }

    /// Chains were read (or could not be): who wrote last moves what waits and what is new.
    /// A batch of a bulk read that goes on (`going_on`, with the moment) is held without
    /// counting again:
    /// counting walks every exchange (200k at a million contacts, about a tenth of a second
    /// on the UI thread), and a bulk read brings a batch every few hundred milliseconds
    /// while the numbers say "being read" anyway. [`InboxState::settle`] counts them.
    pub(crate) fn take_snippets(
        &mut self,
        read: Vec<(i64, CachedSnippet)>,
        going_on: Option<Timestamp>,
    ) {
        Arc::make_mut(&mut self.snippets).extend(read);
        if let Some(now) = going_on {
            self.unsettled.get_or_insert(now);
        } else {
            self.unsettled = None;
            self.touch();
        }
    }

    /// Whether the chains a bulk read brought are to be counted: the read has ended (`done`)
    /// or they have waited a second since `now`, and no worker is counting already.
    pub(crate) fn settles(&self, done: bool, now: Timestamp) -> bool {
        let Some(since) = self.unsettled else { return false };
        self.counting.is_none() && (done || now.0 - since.0 >= chrono::TimeDelta::seconds(1))
    }

    /// Counts again what chains of a bulk read were held for, when [`InboxState::settles`];
    /// `true` when it did.
    pub(crate) fn settle(&mut self, done: bool, now: Timestamp) -> bool {
        if !self.settles(done, now) {
            return false;
        }
        self.unsettled = None;
        self.touch();
        true
    }

    /// A copy of the inbox for a worker to count on, and the census's number. The copy counts
    /// the chains held meanwhile (its revision moves on); this inbox stays at its revision (its
    /// counts unchanged) until the worker's are taken ([`InboxState::take_census`]). Left
    /// behind: what only this inbox needs (the reads in flight, the facts not kept yet), and
    /// the ids of the last load unless `with_known` (a list being counted before it is shown
    /// tells its arrivals from them).
    pub(crate) fn for_census(&mut self, with_known: bool) -> (InboxState, u64) {
        let known = self.known.take();
        let reading = std::mem::take(&mut self.reading);
        let unkept = std::mem::take(&mut self.unkept);
        let mut copy = self.clone();
        (self.reading, self.unkept) = (reading, unkept);
        match with_known {
            true => copy.known = known,
            false => self.known = known,
        }
        self.unsettled = None;
        self.censuses += 1;
        self.counting = Some(self.censuses);
        copy.unsettled = None;
        copy.touch();
        (copy, self.censuses)
    }

    /// Takes what a worker counted on [`InboxState::for_census`]'s copy (census `number`),
    /// unless a later census was asked for, the list it counted no longer `stands`, or the
    /// marks or chains moved meanwhile (they were counted then, here). `true` when taken.
    /// What the memos held before goes to `replaced`, to be let go of on a worker.
    pub(crate) fn take_census(
        &mut self,
        counted: &InboxState,
        number: u64,
        stands: bool,
        replaced: &mut Vec<Box<dyn std::any::Any + Send + Sync>>,
    ) -> bool {
        if self.counting != Some(number) {
            return false;
        }
        self.counting = None;
        if !stands || counted.revision != self.revision + 1 {
            return false;
        }
        self.revision = counted.revision;
        replaced.push(Box::new(self.counts.adopt(&counted.counts)));
        replaced.push(Box::new(self.hot.adopt(&counted.hot)));
        replaced.push(Box::new(self.keep.adopt(&counted.keep)));
        replaced.push(Box::new(self.speed.adopt(&counted.speed)));
        true
    }

    /// The counts are made again.
    fn touch(&mut self) {
        self.revision += 1;
    }

    /// A number that moves whenever the marks or the snippets change (memos key on it).
    pub(crate) fn revision(&self) -> u64 {
        self.revision
    }

    /// The marks and the chains as held now, for a worker (no copy is made).
    pub(crate) fn held(&self) -> held::Held {
        held::Held {
            marks: Arc::clone(&self.marks),
            snippets: Arc::clone(&self.snippets),
            clock: self.clock,
        }
    }

    /// The replies new since the last look and the rows per category among `exchanges`:
    /// counted once for each state of the list, the marks and the filters, not on every
    /// frame (at 200k exchanges that took milliseconds a frame).
    pub(crate) fn counts(&self, exchanges: Option<&Items<Exchange>>) -> Arc<InboxCounts> {
        let key =
            (self.revision, self.hide_handled, self.show_snoozed, self.first_use, self.whose());
        self.counts.get(exchanges, key, || {
            let items = exchanges.map_or(&[][..], |items| &items[..]);
            let (mut new, mut snoozed) = (0, 0);
            let mut categories: Vec<(Category, usize)> =
                Category::NAMED.iter().map(|c| (c.clone(), 0)).collect();
            // One walk for the three counts: at a million contacts the inbox is counted
            // over 200k exchanges, on the UI thread.
            for exchange in items {
                // What the list would show: a new reply hidden as handled is not counted (a
                // snoozed one is never new while it sleeps).
                new += usize::from(self.is_new(exchange) && !self.hidden_as_handled(exchange));
                snoozed += usize::from(self.asleep_until(exchange).is_some());
                if self.passes_triage(exchange) {
                    count_category(&mut categories, Category::of(&exchange.status));
                }
            }
            Arc::new(InboxCounts { new, snoozed, categories })
        })
    }

    /// Which of `exchanges` the filters and a jump's `focus` let through (a campaign's rows at
    /// once, before the server's answer); `None` when all of them.
    pub(crate) fn kept(
        &self,
        exchanges: Option<&Items<Exchange>>,
        focus: Option<&crate::tui::jumps::Focus>,
    ) -> Option<Arc<[bool]>> {
        let key = (
            self.revision,
            self.shelf,
            self.hide_handled,
            self.show_snoozed,
            self.whose(),
            focus.cloned(),
        );
        self.keep.get(exchanges, key, || {
            let snoozed = self.counts(exchanges).snoozed;
            let narrowed = !self.shelf.is_all()
                || self.hide_handled
                || self.show_snoozed
                || snoozed > 0
                || focus.is_some();
            let items = exchanges.map_or(&[][..], |items| &items[..]);
            let shows = |e: &Exchange| self.shows(e) && focus.is_none_or(|focus| focus.holds(e));
            narrowed.then(|| items.iter().map(shows).collect())
        })
    }

    /// Speed to lead over `exchanges` (the Overview's), made once per state of the list, the
    /// marks and the chains: it walks every exchange.
    pub(crate) fn speed(
        &self,
        exchanges: Option<&Items<Exchange>>,
    ) -> Arc<crate::inbox::speed::SpeedToLead> {
        self.speed.get(exchanges, self.revision, || {
            let items = exchanges.map_or(&[][..], |items| &items[..]);
            Arc::new(crate::inbox::speed_to_lead(items, self))
        })
    }

    /// The hot replies not handled (their places in `exchanges`): the few whose chains are
    /// read in any pane, so that "hot replies wait" knows who spoke last. Made again when
    /// the list or the marks change.
    pub(crate) fn hot_unhandled(&self, exchanges: Option<&Items<Exchange>>) -> Arc<Vec<usize>> {
        self.hot.get(exchanges, self.revision, || {
            let items = exchanges.map_or(&[][..], |items| &items[..]);
            let hot = items.iter().enumerate().filter(|(_, exchange)| {
                Category::of(&exchange.status).is_hot()
                    && !self.is_handled(exchange)
                    && self.asleep_until(exchange).is_none()
            });
            Arc::new(hot.map(|(index, _)| index).collect())
        })
    }

    /// The category bar's entries: each named category and its count, then "Other" (every
    /// other status) when there are any, with the shelf that lists it.
    pub(crate) fn shelves(
        &self,
        exchanges: Option<&Items<Exchange>>,
    ) -> Vec<(Shelf, String, usize, Tone)> {
        let mut out = Vec::new();
        let mut other = 0;
        for (category, count) in self.counts(exchanges).categories.iter().cloned() {
            match Shelf::of(&category) {
                Shelf::Other => other += count,
                shelf => out.push((shelf, category.label().into(), count, category.tone())),
            }
        }
        if other > 0 {
            out.push((Shelf::Other, "Other".into(), other, Tone::Plain));
        }
        out
    }

    /// The snippet to show for an exchange: only one read at its present `updated_at`.
    fn current_snippet(&self, id: i64) -> Option<&CachedSnippet> {
        self.snippets.get(&id)
    }

    /// Whether the snippet of `exchange` must be read (never read, or it moved since).
    pub(crate) fn wants_snippet(&self, exchange: &Exchange) -> bool {
        !self.reading.contains(&exchange.id) && !self.read_as_it_stands(exchange)
    }

    /// Whether the row of `exchange` wants its chain read for the line it shows: never read,
    /// moved since, or only its facts remembered.
    pub(crate) fn wants_line(&self, exchange: &Exchange) -> bool {
        self.wants_snippet(exchange)
            || (!self.reading.contains(&exchange.id)
                && self.current_snippet(exchange.id).is_some_and(|cached| cached.remembered))
    }

    /// Whether the chain of `exchange` was read as it stands now.
    pub(crate) fn read_as_it_stands(&self, exchange: &Exchange) -> bool {
        self.current_snippet(exchange.id)
            .is_some_and(|cached| cached.updated_at == exchange.updated_at)
    }
}

/// One more row of `category`, in the bar's order: the named categories, then each other
/// status seen.
fn count_category(counts: &mut Vec<(Category, usize)>, category: Category) {
    match counts.iter_mut().find(|(c, _)| *c == category) {
        Some((_, count)) => *count += 1,
        None => counts.push((category, 1)),
    }
}

/// What the frames count in the inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboxCounts {
    /// Replies new since the last look.
    pub new: usize,
    /// Replies snoozed, hidden until their day.
    pub snoozed: usize,
    /// Rows per category under the handled filter, in the category bar's order.
    pub categories: Vec<(Category, usize)>,
}

/// The inbox's counts, made again when the exchanges, the marks or the clock (their
/// revision), the handled, snoozed and whose filters or the first use change.
type CountsMemo =
    ListMemo<Exchange, (u64, bool, bool, Option<Timestamp>, team::Whose), Arc<InboxCounts>>;

/// Which rows the filters keep, made again when the exchanges, the marks or the clock
/// (their revision), the filters or a jump's focus change.
type KeepMemo = ListMemo<
    Exchange,
    (u64, Shelves, bool, bool, team::Whose, Option<crate::tui::jumps::Focus>),
    Option<Arc<[bool]>>,
>;

/// Speed to lead, made again when the exchanges or the marks and chains change.
type SpeedMemo = ListMemo<Exchange, u64, Arc<crate::inbox::speed::SpeedToLead>>;

/// Each contact's zone by contact id, made again for another contact list.
type ZonesMemo = ListMemo<crate::api::Contact, (), Arc<crate::clock::ZonesById>>;

/// The hot, unhandled replies, made again when the exchanges or the marks change.
type HotMemo = ListMemo<Exchange, u64, Arc<Vec<usize>>>;

impl Facts for InboxState {
    fn is_new(&self, exchange: &Exchange) -> bool {
        let Some(first_use) = self.first_use else { return false };
        let mark = self.marks.get(&exchange.id);
        // One definition with `outreach replies`; a reply that arrived in this session is new
        // too, whatever the server's clock says against ours, until it is seen.
        let arrived_now = exchange.updated_at.is_some()
            && self.arrived.get(&exchange.id) == Some(&exchange.updated_at);
        let first_use = if arrived_now {
            Timestamp(chrono::DateTime::<chrono::Utc>::MIN_UTC)
        } else {
            first_use
        };
        // Back from a snooze or an absence: as if it moved then.
        is_new(mark, self.moved_at(exchange), first_use)
    }

    fn snoozed_until(&self, exchange: &Exchange) -> Option<Timestamp> {
        self.asleep_until(exchange)
    }

    fn is_handled(&self, exchange: &Exchange) -> bool {
        held::handled(&self.marks, exchange)
    }

    fn snippet(&self, id: i64) -> Option<&Snippet> {
        self.current_snippet(id)?.snippet.as_ref()
    }

    fn shared(&self) -> bool {
        self.team.is_some()
    }

    /// Only while handled as it stands: a reply that moved since is open again.
    fn handled_by(&self, exchange: &Exchange) -> Option<(Option<&str>, Timestamp)> {
        let team = self.team.as_ref()?;
        if !self.is_handled(exchange) {
            return None;
        }
        let (by, at) = team.handler(exchange)?;
        Some((team.named(by), at))
    }

    fn assigned_to(&self, id: i64) -> Option<Option<&str>> {
        let team = self.team.as_ref()?;
        team.assignee(id).map(|name| team.named(name))
    }

    /// Only from a chain read as the exchange stands: one that moved since may have a new
    /// message from either side.
    fn last_writer(&self, exchange: &Exchange) -> Option<crate::inbox::Writer> {
        held::last_writer(&self.snippets, exchange)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ExchangeStatus;

    fn exchanges(updated: &str) -> Items<Exchange> {
        let at = Timestamp::parse(updated);
        Arc::new(
            [(1, "INFO_INQUIRY"), (2, "INFO_INQUIRY"), (3, "DECLINED")]
                .map(|(id, status)| Exchange {
                    id,
                    status: ExchangeStatus::from_wire(status),
                    updated_at: at,
                    ..Exchange::default()
                })
                .to_vec(),
        )
    }

    fn listed(counts: &InboxCounts, label: &str) -> usize {
        counts.categories.iter().find(|(c, _)| c.label() == label).map_or(0, |(_, n)| *n)
    }

    fn interested(counts: &InboxCounts) -> usize {
        listed(counts, "Interested")
    }

    #[test]
    fn counts_follow_the_list_the_marks_and_the_filters() {
        let mut inbox = InboxState {
            first_use: Timestamp::parse("2025-01-01T00:00:00Z"),
            ..InboxState::default()
        };
        let list = exchanges("2025-02-01T00:00:00Z");
        let counts = inbox.counts(Some(&list));
        assert_eq!((counts.new, interested(&counts)), (3, 2));
        assert!(Arc::ptr_eq(&counts, &inbox.counts(Some(&list))), "counted once");

        inbox.mark_mut(1).seen_updated_at = list[0].updated_at;
        assert_eq!(inbox.counts(Some(&list)).new, 2, "a reply seen");
        inbox.mark_mut(2).handled = true;
        let counts = inbox.counts(Some(&list));
        assert_eq!(interested(&counts), 1, "a reply handled and hidden");
        assert_eq!(counts.new, 1, "a new reply hidden as handled is not counted new");
        inbox.hide_handled = false;
        let counts = inbox.counts(Some(&list));
        assert_eq!(interested(&counts), 2, "handled ones shown");
        assert_eq!(counts.new, 2, "and counted new when shown");

        let moved = exchanges("2025-03-01T00:00:00Z");
        assert_eq!(inbox.counts(Some(&moved)).new, 3, "a new list: every reply moved");
        inbox.take_stored_marks(HashMap::from([(3, Mark { handled: true, ..Mark::default() })]));
        inbox.hide_handled = true;
        let counts = inbox.counts(Some(&moved));
        assert_eq!(interested(&counts), 1, "a mark of this session kept");
        assert_eq!(listed(&counts, "Not interested"), 0, "a stored mark taken");
        assert_eq!(inbox.counts(None).new, 0, "nothing loaded");
    }
}
