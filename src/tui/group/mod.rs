//! A group of organisations on the dashboard (`outreach --group NAME`, `--profiles a,b`,
//! `:group NAME`): which organisations, each one's line on the Overview as it was last
//! read (or why it could not be), the line the cursor is on, and the organisation the
//! dashboard is narrowed to, if any. An organisation is keyed by its profile's name
//! ([`OrgId`]), the one name its fetches, answers and writes carry.

pub mod bots;
pub mod campaigns;
pub mod contacts;
pub mod held;
pub mod inbox;
pub mod lists;
pub mod meetings;
pub mod read;
pub mod sort;

use crate::local::Scope;
pub use crate::present::columns::org_replies::{OrgReply, TeamFacts};
pub use crate::present::columns::standing::OrgLine;
use crate::tui::model::{Pane, ReqId};
use std::sync::Arc;

/// An organisation of a group, named by the profile that reaches it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrgId(pub String);

impl OrgId {
    pub fn profile(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for OrgId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The group the dashboard opens on: its name in `[groups]` (none for `--profiles`) and
/// its profiles, in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GroupChoice {
    pub name: Option<String>,
    pub profiles: Vec<String>,
    /// `--base-url` given with the group: every profile uses it, as the commands do.
    pub base_url: Option<String>,
    pub allow_http: bool,
}

/// One organisation's line: the last numbers read, the failure of the last read, and the
/// read awaited.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgEntry {
    pub org: OrgId,
    pub line: Option<OrgLine>,
    /// Why the last read failed, in words for its line (sanitised).
    pub error: Option<String>,
    /// The read awaited; its answer is the only one taken.
    pub reading: Option<ReqId>,
    /// The profile is read-only (its writes are refused before they are sent).
    pub read_only: bool,
    /// Its inbox's rows as last read, for the merged inbox.
    pub replies: Arc<[OrgReply]>,
    /// Its campaigns as last read, for the merged Campaigns.
    pub campaigns: crate::api::Items<crate::api::Campaign>,
    /// Its bots as last read, for the merged Bots.
    pub bots: crate::api::Items<crate::api::Bot>,
    /// Whose marks its rows' triage writes, once read.
    pub scope: Option<Scope>,
    /// Its meetings in the Meetings pane's range, read once the merged Meetings show.
    pub meetings: held::OrgList<crate::api::Meeting>,
    /// Its contacts (light: without custom data), read once the merged Contacts show.
    pub contacts: held::OrgList<crate::api::Contact>,
    /// Its team store's people, when it has one: whom its replies are assigned to.
    pub team: Option<TeamPeople>,
}

/// An organisation's team, as its merged replies are assigned: who I am there and whom
/// to choose from (me first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamPeople {
    pub me: String,
    pub people: Vec<String>,
}

/// A merged list's place: the row under the cursor and the filter typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MergedList {
    /// The row the cursor is on, in the list as shown.
    pub cursor: usize,
    /// The filter as typed.
    pub filter: String,
    /// The sort chosen (`S`, `:sort`); `None`: the list's own order.
    pub sort: Option<crate::present::sort::SortBy>,
}

impl MergedList {
    /// The first row in view when `height` rows show: the cursor's row kept in view.
    pub fn offset(&self, height: usize) -> usize {
        self.cursor.saturating_sub(height.saturating_sub(1))
    }

    /// The row under the cursor among `rows`, as listed.
    pub fn at<R: Copy>(&self, rows: &[R]) -> Option<R> {
        rows.get(self.cursor.min(rows.len().saturating_sub(1))).copied()
    }

    /// Whether the filter keeps a row of `org`: each of its words, `org:NAME` its
    /// organisation, any other word its organisation's name or a text of the row (`has`).
    pub fn keeps(&self, org: &OrgId, has: impl Fn(&str) -> bool) -> bool {
        let name = org.profile().to_lowercase();
        self.filter.split_whitespace().map(str::to_lowercase).all(|word| {
            match word.strip_prefix("org:") {
                Some(wanted) => name.contains(wanted),
                None => name.contains(&word) || has(&word),
            }
        })
    }
}

/// A row of a merged list: an item of an organisation, and that organisation.
#[derive(Debug)]
pub struct OrgRow<'a, T> {
    pub org: &'a OrgEntry,
    pub item: &'a T,
}

impl<T> Clone for OrgRow<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for OrgRow<'_, T> {}

impl MergedList {
    /// Every organisation's `items` the filter keeps (its words looked for in `texts`, the
    /// item's lowercased), each with its organisation's place in the group.
    pub(crate) fn gather<'a, T>(
        &self,
        orgs: &'a [OrgEntry],
        items: impl Fn(&'a OrgEntry) -> &'a [T],
        texts: impl Fn(&T) -> Vec<String>,
    ) -> Vec<(usize, OrgRow<'a, T>)> {
        let rows = orgs
            .iter()
            .enumerate()
            .flat_map(|(at, org)| items(org).iter().map(move |item| (at, OrgRow { org, item })));
        rows.filter(|(_, row)| {
            let texts = texts(row.item);
            self.keeps(&row.org.org, |word| texts.iter().any(|text| text.contains(word)))
        })
        .collect()
    }

    /// `rows` of items drawn with `columns`, put in the order of the sort chosen (`key`: a
    /// row's key for what it sorts by); as they came when none is, or it names no column.
    pub(crate) fn in_order<T, R>(
        &self,
        rows: Vec<R>,
        columns: &[crate::present::Column<T>],
        key: impl Fn(&sort::By<T>, &R) -> crate::present::sort::SortKey,
    ) -> Vec<R> {
        let Some(chosen) = &self.sort else { return rows };
        let Some(by) = sort::by(columns, chosen) else { return rows };
        sort::sorted(rows, chosen.descending, |row| key(&by, row))
    }
}

/// Rows of several organisations, each with its organisation's place in the group, put
/// newest first by `key` (a row's moment and id): the group's order, then the id, break
/// ties, so the list does not shuffle between reads.
pub(crate) fn newest_first<R>(
    rows: &mut [(usize, R)],
    key: impl Fn(&R) -> (Option<crate::api::Timestamp>, i64),
) {
    crate::sorting::sort_by(rows, |(a_at, a), (b_at, b)| {
        let ((a_when, a_id), (b_when, b_id)) = (key(a), key(b));
        b_when.cmp(&a_when).then(a_at.cmp(b_at)).then(a_id.cmp(&b_id))
    });
}

/// What the user controls of the merged inbox.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MergedInbox {
    pub list: MergedList,
    /// Handled replies listed too (`H`).
    pub show_handled: bool,
    /// The categories listed, as the single inbox's keys choose them (`m` only Meeting).
    pub shelf: crate::tui::model::Shelves,
    /// The reply to open once its organisation's inbox is loaded (after `Enter` on it).
    pub opening: Option<i64>,
    /// The last triage of merged rows, each organisation's: what `z` undoes.
    pub last_triage: Vec<(OrgId, crate::tui::inbox::Triage)>,
    /// Rows marked with Space or V for a bulk action, each by its organisation and id.
    pub marked: MarkedRows,
    /// Where a range started with V, until V again marks the rows between.
    pub range_from: Option<(OrgId, i64)>,
    /// The organisations whose team stores were asked to assign marked replies together,
    /// each with what its answer said once it came: said in one toast.
    pub assigning: Vec<(OrgId, Option<String>)>,
    /// Rows' chains being read for their line, and those read (or that failed) already,
    /// each by organisation, exchange and the move it was asked at.
    pub reading: std::collections::HashSet<(OrgId, i64, Option<crate::api::Timestamp>)>,
    pub tried: std::collections::HashSet<(OrgId, i64, Option<crate::api::Timestamp>)>,
}

/// The group as the dashboard holds it; empty when it shows one organisation.
#[derive(Debug, Clone, Default)]
pub struct GroupState {
    pub choice: GroupChoice,
    pub orgs: Vec<OrgEntry>,
    /// The line the cursor is on.
    pub cursor: usize,
    /// The organisation the whole dashboard shows, after `Enter` on its line.
    pub narrowed: Option<OrgId>,
    /// The merged inbox: every organisation's replies in one list.
    pub inbox: MergedInbox,
    /// Every organisation's campaigns in one list.
    pub campaigns: MergedList,
    /// Every organisation's bots in one list.
    pub bots: MergedList,
    /// Every organisation's meetings in one list.
    pub meetings: MergedList,
    /// Where the merged agenda's cursor was put at today, while the user has not moved it.
    pub meetings_placed: Option<usize>,
    /// Every organisation's contacts in one list, and the rows its filter keeps.
    pub contacts: MergedList,
    pub contacts_found: held::FoundContacts,
    /// The meeting or contact to open once its organisation's pane is loaded (after
    /// `Enter` on it in the merged pane).
    pub opening: Option<(Pane, i64)>,
}

impl GroupState {
    pub fn of(choice: Option<GroupChoice>) -> GroupState {
        let Some(choice) = choice else { return GroupState::default() };
        let orgs = choice
            .profiles
            .iter()
            .map(|profile| OrgEntry {
                org: OrgId(profile.clone()),
                line: None,
                error: None,
                reading: None,
                read_only: false,
                replies: Arc::from([]),
                campaigns: Default::default(),
                bots: Default::default(),
                scope: None,
                meetings: Default::default(),
                contacts: Default::default(),
                team: None,
            })
            .collect();
        GroupState { choice, orgs, cursor: 0, narrowed: None, ..GroupState::default() }
    }

    /// Whether the dashboard was opened on a group.
    pub fn is_group(&self) -> bool {
        !self.orgs.is_empty()
    }

    /// Whether the Overview shows the group's lines (a group, not narrowed).
    pub fn showing(&self) -> bool {
        self.is_group() && self.narrowed.is_none()
    }

    /// Whether `pane` shows every organisation's rows merged (a group, not narrowed, on
    /// Exchanges, Campaigns, Bots, Meetings or Contacts).
    pub fn merges(&self, pane: Pane) -> bool {
        self.showing() && self.list(pane).is_some()
    }

    /// The merged list `pane` shows, if it merges.
    pub fn list(&self, pane: Pane) -> Option<&MergedList> {
        match pane {
            Pane::Exchanges => Some(&self.inbox.list),
            Pane::Campaigns => Some(&self.campaigns),
            Pane::Bots => Some(&self.bots),
            Pane::Meetings => Some(&self.meetings),
            Pane::Contacts => Some(&self.contacts),
            _ => None,
        }
    }

    pub fn list_mut(&mut self, pane: Pane) -> Option<&mut MergedList> {
        match pane {
            Pane::Exchanges => Some(&mut self.inbox.list),
            Pane::Campaigns => Some(&mut self.campaigns),
            Pane::Bots => Some(&mut self.bots),
            Pane::Meetings => Some(&mut self.meetings),
            Pane::Contacts => Some(&mut self.contacts),
            _ => None,
        }
    }

    /// The organisation named `org`.
    pub fn entry(&self, org: &OrgId) -> Option<&OrgEntry> {
        self.orgs.iter().find(|entry| &entry.org == org)
    }

    /// The organisation under the cursor.
    pub fn current(&self) -> Option<&OrgEntry> {
        self.orgs.get(self.cursor)
    }

    /// "group clients", or "the group" for one named by `--profiles`: for titles and the
    /// status bar.
    pub fn title(&self) -> String {
        match &self.choice.name {
            Some(name) => format!("group {}", crate::text::sanitize(name)),
            None => "the group".to_string(),
        }
    }

    /// "clients ·4" (or "group ·4" for one named by `--profiles`): [`Self::counted`] where
    /// the width is short.
    pub fn counted_short(&self) -> String {
        let name = self.choice.name.as_deref().map_or("group".into(), crate::text::sanitize);
        format!("{name} ·{}", self.orgs.len())
    }

    /// "group clients · 4 organisations": the group and how many it holds.
    pub fn counted(&self) -> String {
        let orgs = crate::text::count(self.orgs.len(), "organisation", "organisations");
        format!("{} · {orgs}", self.title())
    }
}

/// Merged rows marked for a bulk action, each by its organisation and id, in the order
/// marked. A person marks a few dozen at most: a list looked through, where an ordered set
/// cost 8 KB of the binary for its balancing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MarkedRows(Vec<(OrgId, i64)>);

impl MarkedRows {
    pub fn contains(&self, row: &(OrgId, i64)) -> bool {
        self.0.contains(row)
    }

    /// Marks `row`, or no longer when it was.
    pub fn toggle(&mut self, row: (OrgId, i64)) {
        match self.0.iter().position(|marked| *marked == row) {
            Some(at) => {
                self.0.remove(at);
            }
            None => self.0.push(row),
        }
    }

    /// Marks each of `rows` not marked yet.
    pub fn extend(&mut self, rows: impl IntoIterator<Item = (OrgId, i64)>) {
        for row in rows {
            if !self.contains(&row) {
                self.0.push(row);
            }
        }
    }

    pub fn retain(&mut self, keep: impl FnMut(&(OrgId, i64)) -> bool) {
        self.0.retain(keep);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}
