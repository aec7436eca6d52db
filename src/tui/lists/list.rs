//! A virtual list: the rows stay where they are (`Arc<[T]>` in the store); this holds the
//! filtered order, the selection and the scroll offset. The order is recomputed only when
//! the filter text or the data changes, never per frame: on the UI thread when few rows are
//! searched, otherwise as a [`FilterJob`] on a worker whose answer comes back by its
//! generation — a newer keystroke makes an older search stop and its answer be dropped.

use crate::tui::lists::filter::{
    Cancel, FilterEngine, Never, Ordered, Ranked, SearchChunk, SearchIndex, rank_in_parallel,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Searches over at most this many rows run at once on the UI thread (a few ms); larger
/// ones run on a worker.
pub const INLINE_ROWS: usize = 4096;

/// Selection, scroll offset and filter of one list over data held elsewhere.
#[derive(Debug, Clone, Default)]
pub struct ListState {
    /// The filter as typed.
    filter: String,
    /// The filter `order` answers: it lags `filter` while a search runs.
    shown: String,
    /// How many rows the index had when `order` was made (narrowing is only valid then).
    shown_rows: usize,
    /// The answers to shorter filters that the shown one extends, shortest first, to come
    /// back to at once when a letter is deleted (as fzf does). Within [`EARLIER_ROWS`].
    earlier: Vec<Earlier>,
    /// The searchable text of the rows (its columns joined), folded once when the data
    /// changes; while a large list is being indexed it covers only its first rows.
    index: SearchIndex,
    /// The id of every row, to keep the selection on the same item across a refresh.
    ids: Vec<i64>,
    /// Indexes into the data of the rows that pass the filter: best match first, or the
    /// table's order when there is no filter, or the sort's when one is chosen.
    order: Vec<u32>,
    /// The same rows in the data's order (a sorted list's too), where the search for one
    /// more letter starts (empty when there is no filter).
    matched: Arc<Vec<u32>>,
    /// Position in `order` of the selected row.
    selected: usize,
    /// Position in `order` of the first visible row.
    offset: usize,
    /// The rows the filter may show, ascending, when some are set aside (the inbox's
    /// category and handled filters); `None`: all.
    kept: Option<Vec<u32>>,
    /// Every row in the order of the column the user sorts by; `None`: the server's order.
    /// With a sort, the filter's matches keep this order (as k9s does), rather than
    /// ranking the best match first.
    sorted: Option<Arc<[u32]>>,
    /// The generation of the latest sort asked for; an older sort's answer is dropped.
    sorts: Arc<AtomicU64>,
    /// The generation of the latest search; a running search of an older one stops.
    searches: Arc<AtomicU64>,
    /// The search whose answer is awaited.
    searching: Option<u64>,
    /// The generation of the latest rows; an index build of older rows stops.
    rows: Arc<AtomicU64>,
}

/// An answer kept for a filter the user typed on from.
#[derive(Debug, Clone)]
struct Earlier {
    filter: String,
    ranked: Ranked,
    /// How many rows the index had then.
    rows: usize,
}

/// How many row numbers the earlier answers may hold, as so many times the list's rows:
/// the two latest answers at least (a million rows: 16 MB).
const EARLIER_ROWS: usize = 4;

/// A search too large for the UI thread, to run on a worker.
#[derive(Debug)]
pub struct FilterJob {
    pub generation: u64,
    filter: String,
    index: SearchIndex,
    /// The rows to search, in the data's order: the previous answer when a letter was
    /// added, else every row.
    candidates: Arc<Vec<u32>>,
    latest: Arc<AtomicU64>,
    select: Select,
    /// The sort's order of every row, when one is chosen: the matches are shown in it,
    /// rather than best first.
    sorted: Option<Arc<[u32]>>,
}

/// What to select once a search answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Select {
    /// The best match: the filter text changed.
    Best,
    /// This item if it passes (the rows changed, or the filter was cleared), else the first.
    Item(Option<i64>),
    /// This row if it passes, else the next one in the table's order (rows were set aside).
    Row(Option<usize>),
}

/// What a [`FilterJob`] found.
#[derive(Debug)]
pub struct Filtered {
    pub generation: u64,
    ranked: Ranked,
    filter: String,
    rows: usize,
    select: Select,
}

impl FilterJob {
    /// Ranks the candidates; `None` when a newer search made this one useless.
    pub fn perform(&self) -> Option<Filtered> {
        let newer: Arc<dyn Cancel> =
            Arc::new(Newer { latest: Arc::clone(&self.latest), mine: self.generation });
        let (filter, index, candidates) = (&self.filter, &self.index, &self.candidates);
        let ordered = ranking(self.sorted.as_deref());
        let ranked = rank_in_parallel(filter, index, candidates, &newer, ordered)?;
        Some(Filtered {
            generation: self.generation,
            ranked: in_sort_order(ranked, self.sorted.as_deref()),
            filter: self.filter.clone(),
            rows: self.index.len(),
            select: self.select,
        })
    }
}

/// Cancels a search once a newer one started.
struct Newer {
    latest: Arc<AtomicU64>,
    mine: u64,
}

impl Cancel for Newer {
    fn cancelled(&self) -> bool {
        self.latest.load(Ordering::Relaxed) != self.mine
    }
}

/// How a search's matches are ordered: best first, unless a sort is chosen (`sorted`), whose
/// order they are shown in ([`in_sort_order`]).
fn ranking(sorted: Option<&[u32]>) -> Ordered {
    if sorted.is_some() { Ordered::AsGiven } else { Ordered::BestFirst }
}

/// A search's answer shown in the sort's order when one is chosen (`sorted`: every row in
/// it). The search itself read the rows in the data's order (see `candidates`).
fn in_sort_order(ranked: Ranked, sorted: Option<&[u32]>) -> Ranked {
    let Some(sorted) = sorted else { return ranked };
    Ranked { order: among(sorted, &ranked.matched), matched: ranked.matched }
}

/// The rows of `order` (every row of a list, once) that are among `rows`, in `order`'s order.
fn among(order: &[u32], rows: &[u32]) -> Vec<u32> {
    let mut wanted = vec![false; order.len()];
    for &row in rows {
        if let Some(slot) = wanted.get_mut(row as usize) {
            *slot = true;
        }
    }
    // Room for every row at once: grown as they came, the vector was copied again and again
    // (a millisecond at 100k rows).
    let mut among = Vec::with_capacity(rows.len());
    among.extend(order.iter().copied().filter(|&row| wanted.get(row as usize) == Some(&true)));
    among
}

/// A sort of one generation of rows: whether a newer sort made it useless.
#[derive(Debug, Clone)]
pub struct SortTicket {
    rows: u64,
    pub generation: u64,
    latest: Arc<AtomicU64>,
}

impl SortTicket {
    pub fn is_current(&self) -> bool {
        self.latest.load(Ordering::Relaxed) == self.generation
    }
}

/// Rows of one generation being indexed off the UI thread: whether a newer set of rows
/// made the work useless.
#[derive(Debug, Clone)]
pub struct RowsTicket {
    pub generation: u64,
    latest: Arc<AtomicU64>,
}

impl RowsTicket {
    pub fn is_current(&self) -> bool {
        self.latest.load(Ordering::Relaxed) == self.generation
    }
}

impl ListState {
    /// Takes new data: the ids of every row and as much of their index as is built (all of
    /// it for a small list; the rest comes with [`ListState::add_chunk`]). Keeps the filter
    /// and, when the same item is still there, the selection.
    pub fn set_rows(
        &mut self,
        ids: Vec<i64>,
        index: SearchIndex,
        engine: &mut FilterEngine,
    ) -> (RowsTicket, Option<FilterJob>) {
        let previous = self.selected_id();
        let generation = self.rows.fetch_add(1, Ordering::Relaxed) + 1;
        self.ids = ids;
        self.kept = None;
        // The sort was of the old rows; the caller sorts the new ones. Until then, as many
        // rows (a refresh) keep the old order rather than flash the server's.
        if self.sorted.as_ref().is_some_and(|sorted| sorted.len() != self.ids.len()) {
            self.sorted = None;
        }
        self.index = index;
        // Until the search answers, the old order stays shown, without rows that are gone.
        self.order.retain(|&row| (row as usize) < self.ids.len());
        self.shown_rows = usize::MAX;
        self.earlier.clear();
        let job = self.search(engine, Select::Item(previous));
        self.clamp();
        (RowsTicket { generation, latest: Arc::clone(&self.rows) }, job)
    }

    /// Takes the next chunk of the index of the rows of `generation`; searches again when a
    /// filter is set (the new rows may match).
    pub fn add_chunk(
        &mut self,
        generation: u64,
        chunk: Arc<SearchChunk>,
        engine: &mut FilterEngine,
    ) -> Option<FilterJob> {
        if self.rows.load(Ordering::Relaxed) != generation || self.index.len() >= self.ids.len() {
            return None;
        }
        self.index.push(chunk);
        if self.filter.trim().is_empty() {
            return None;
        }
        let selected = self.selected_id();
        self.search(engine, Select::Item(selected))
    }

    /// Sets rows aside whatever the filter (`keep` false), or none (`None`); the selection
    /// stays on its item when it is kept, else goes to the next kept row.
    pub fn keep_only(
        &mut self,
        keep: Option<&[bool]>,
        engine: &mut FilterEngine,
    ) -> Option<FilterJob> {
        let previous = self.selected_index();
        self.kept = keep.map(|keep| {
            (0..self.ids.len() as u32).filter(|&i| keep.get(i as usize) != Some(&false)).collect()
        });
        // The previous answer was over other rows: no narrowing from it.
        self.shown_rows = usize::MAX;
        self.earlier.clear();
        let job = self.search(engine, Select::Row(previous));
        self.clamp();
        job
    }

    /// The rows a search looks at, in the data's order whatever the sort (the search reads
    /// each chunk of the index once, in turn): the indexed ones, all or the kept ones.
    fn candidates(&self) -> Vec<u32> {
        let indexed = self.index.len() as u32;
        match &self.kept {
            Some(kept) => kept.iter().copied().take_while(|&row| row < indexed).collect(),
            None => (0..indexed).collect(),
        }
    }

    /// The rows the filter may show, in the table's order: sorted, or the server's.
    fn table_order(&self) -> Vec<u32> {
        let all = self.ids.len() as u32;
        match (&self.sorted, &self.kept) {
            (None, None) => (0..all).collect(),
            (None, Some(kept)) => kept.clone(),
            (Some(sorted), None) => sorted.to_vec(),
            (Some(sorted), Some(kept)) => among(sorted, kept),
        }
    }

    /// Starts a new sort of these rows: older sorts' answers are dropped from now on.
    pub fn sort_ticket(&self) -> SortTicket {
        SortTicket {
            rows: self.rows.load(Ordering::Relaxed),
            generation: self.sorts.fetch_add(1, Ordering::Relaxed) + 1,
            latest: Arc::clone(&self.sorts),
        }
    }

    /// Takes the rows' sorted order (`None`: the server's) of the sort of `ticket`; the
    /// selection stays on its item. Nothing happens when a newer sort or newer rows came.
    pub fn set_sorted(
        &mut self,
        ticket: &SortTicket,
        sorted: Option<Arc<[u32]>>,
        engine: &mut FilterEngine,
    ) -> Option<FilterJob> {
        let fits = sorted.as_ref().is_none_or(|order| order.len() == self.ids.len());
        if !self.wants(ticket) || !fits {
            return None;
        }
        let selected = self.selected_id();
        self.sorted = sorted;
        // The previous answers were in another order.
        self.shown_rows = usize::MAX;
        self.earlier.clear();
        let job = self.search(engine, Select::Item(selected));
        self.clamp();
        job
    }

    /// Whether the answer of the sort of `ticket` is wanted: no newer sort or rows came.
    pub fn wants(&self, ticket: &SortTicket) -> bool {
        ticket.is_current() && ticket.rows == self.rows.load(Ordering::Relaxed)
    }

    /// Whether the rows are in a sort's order (not the server's).
    pub fn is_sorted(&self) -> bool {
        self.sorted.is_some()
    }

    /// How much of a large list is searchable yet, while it is being indexed.
    pub fn indexing_percent(&self) -> Option<usize> {
        (!self.indexed()).then(|| self.index.len() * 100 / self.ids.len().max(1))
    }

    /// Lets go of the searchable text while the rows are read again: the rows' ids, the
    /// order shown and the selection stay, so the new rows come back where the user was and
    /// are searchable again as they are indexed.
    pub fn let_go_of_index(&mut self) {
        self.index = SearchIndex::default();
        self.earlier = Vec::new();
        self.shown_rows = usize::MAX;
        self.rows.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether every row is searchable yet.
    pub fn indexed(&self) -> bool {
        self.index.len() >= self.ids.len()
    }

    /// Changes the filter text; the best match is selected once the answer is in. Typing
    /// one more letter only searches the rows that matched before, since a longer fuzzy
    /// pattern can only match fewer rows.
    pub fn set_filter(&mut self, filter: &str, engine: &mut FilterEngine) -> Option<FilterJob> {
        if filter == self.filter {
            return None;
        }
        self.filter = filter.to_string();
        let job = self.search(engine, Select::Best);
        self.clamp();
        job
    }

    /// Searches for the current filter: at once when few rows are searched, else returns
    /// the job for a worker (and cancels any older one).
    fn search(&mut self, engine: &mut FilterEngine, select: Select) -> Option<FilterJob> {
        let generation = self.searches.fetch_add(1, Ordering::Relaxed) + 1;
        self.searching = None;
        let narrowing = !self.shown.trim().is_empty()
            && self.filter.starts_with(self.shown.as_str())
            && self.shown_rows == self.index.len();
        let candidates: Arc<Vec<u32>> = if self.filter.trim().is_empty() {
            // Cleared: the table's own order, the item the user was on still selected.
            let select = match select {
                Select::Best => Select::Item(self.selected_id()),
                item => item,
            };
            let order = self.table_order();
            self.apply(Ranked { order, matched: Arc::default() }, String::new(), select);
            return None;
        } else if self.filter == self.shown && self.shown_rows == self.index.len() {
            // Back to the filter shown (a letter typed and deleted before its answer came):
            // the search of the longer one is cancelled, and nothing is to do.
            return None;
        } else if let Some(earlier) = self.take_earlier() {
            // A letter deleted: the answer to this filter is at hand.
            self.apply(earlier.ranked, earlier.filter, select);
            return None;
        } else if narrowing {
            Arc::clone(&self.matched)
        } else {
            Arc::new(self.candidates())
        };
        if candidates.len() <= INLINE_ROWS {
            let sorted = self.sorted.as_deref();
            let ranked = engine
                .rank(&self.filter, &self.index, &candidates, &Never, ranking(sorted))
                .unwrap_or_default();
            let ranked = in_sort_order(ranked, sorted);
            self.apply(ranked, self.filter.clone(), select);
            return None;
        }
        self.searching = Some(generation);
        Some(FilterJob {
            generation,
            filter: self.filter.clone(),
            index: self.index.clone(),
            candidates,
            latest: Arc::clone(&self.searches),
            select,
            sorted: self.sorted.clone(),
        })
    }

    /// Whether `answer` is the awaited one: no newer keystroke or rows came since.
    pub fn awaits(&self, answer: &Filtered) -> bool {
        self.searching == Some(answer.generation) && answer.rows == self.index.len()
    }

    /// Takes the answer of a search made off the UI thread; `false` when it is not the
    /// awaited one (a newer keystroke or new rows came since).
    pub fn filtered(&mut self, answer: Arc<Filtered>) -> bool {
        if !self.awaits(&answer) {
            return false;
        }
        self.searching = None;
        // The answer is normally held only here: its rows are taken, not copied (a copy of
        // a million rows would cost the UI thread milliseconds).
        let (ranked, filter, select) = match Arc::try_unwrap(answer) {
            Ok(answer) => (answer.ranked, answer.filter, answer.select),
            Err(shared) => (shared.ranked.clone(), shared.filter.clone(), shared.select),
        };
        self.apply(ranked, filter, select);
        true
    }

    /// Whether a search runs off the UI thread.
    pub fn searching(&self) -> bool {
        self.searching.is_some()
    }

    /// The search whose answer is awaited, by its generation.
    pub fn awaited_search(&self) -> Option<u64> {
        self.searching
    }

    /// The kept answer to the filter as typed now, if there is one for these rows.
    fn take_earlier(&mut self) -> Option<Earlier> {
        let rows = self.index.len();
        let at = self.earlier.iter().position(|e| e.filter == self.filter && e.rows == rows)?;
        // Those after it answer longer filters, which it does not extend.
        self.earlier.drain(at..).next()
    }

    fn apply(&mut self, ranked: Ranked, filter: String, select: Select) {
        let previous = Earlier {
            filter: std::mem::replace(&mut self.shown, filter),
            ranked: Ranked {
                order: std::mem::replace(&mut self.order, ranked.order),
                matched: std::mem::replace(&mut self.matched, ranked.matched),
            },
            rows: self.shown_rows,
        };
        self.keep_earlier(previous);
        self.shown_rows = self.index.len();
        self.selected = 0;
        if let Select::Best = select {
            self.offset = 0;
        }
        match select {
            Select::Item(Some(id)) => {
                self.select_id(id);
            }
            // In the table's order the next row is the one after; in a ranking, the best.
            Select::Row(Some(row)) if self.shown.trim().is_empty() && self.sorted.is_none() => {
                self.selected = self.order.partition_point(|&i| (i as usize) < row);
            }
            Select::Row(Some(row)) => {
                self.selected = self.order.iter().position(|&i| i as usize == row).unwrap_or(0);
            }
            _ => {}
        }
        self.clamp();
    }

    /// Keeps the answer that was shown when the new one extends its filter (a letter typed),
    /// and only the answers the new filter extends.
    fn keep_earlier(&mut self, previous: Earlier) {
        let shown = &self.shown;
        let extends = |earlier: &Earlier| {
            !earlier.filter.trim().is_empty()
                && shown.len() > earlier.filter.len()
                && shown.starts_with(earlier.filter.as_str())
                && earlier.rows == self.index.len()
        };
        self.earlier.retain(extends);
        if extends(&previous) {
            self.earlier.push(previous);
        }
        // The oldest go first when the answers kept would hold too many rows.
        let budget = EARLIER_ROWS * self.ids.len().max(1);
        let size = |e: &Earlier| e.ranked.order.len() + e.ranked.matched.len();
        while self.earlier.iter().map(size).sum::<usize>() > budget {
            self.earlier.remove(0);
        }
    }

    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// The rows passing the filter, as indexes into the data.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// How many rows the data has before filtering.
    pub fn total(&self) -> usize {
        self.ids.len()
    }

    /// Position of the selection among the filtered rows.
    pub fn selected(&self) -> usize {
        self.selected
    }

    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Index into the data of the selected row.
    pub fn selected_index(&self) -> Option<usize> {
        self.order.get(self.selected).map(|&i| i as usize)
    }

    pub fn selected_id(&self) -> Option<i64> {
        self.selected_index().and_then(|i| self.ids.get(i).copied())
    }

    /// Selects the item with this id if it passes the filter.
    pub fn select_id(&mut self, id: i64) -> bool {
        match self.order.iter().position(|&i| self.ids.get(i as usize) == Some(&id)) {
            Some(position) => {
                self.selected = position;
                true
            }
            None => false,
        }
    }

    /// Moves the selection by `delta` rows, stopping at either end.
    pub fn move_by(&mut self, delta: isize) {
        let last = self.order.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(delta).min(last);
    }

    /// Selects the row at a position among the filtered rows, if there is one.
    pub fn select_position(&mut self, position: usize) -> bool {
        if position < self.order.len() {
            self.selected = position;
            true
        } else {
            false
        }
    }

    pub fn top(&mut self) {
        self.selected = 0;
    }

    pub fn bottom(&mut self) {
        self.selected = self.order.len().saturating_sub(1);
    }

    /// Scrolls so the selection is among the `height` visible rows, and the last page is full.
    pub fn scroll_into_view(&mut self, height: usize) {
        let height = height.max(1);
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + height {
            self.offset = self.selected + 1 - height;
        }
        self.offset = self.offset.min(self.order.len().saturating_sub(height));
    }

    /// Scrolls the view by `delta` rows without moving past the data; the selection follows
    /// only as far as needed to stay visible (mouse wheel behaviour).
    pub fn scroll_by(&mut self, delta: isize, height: usize) {
        let height = height.max(1);
        let max_offset = self.order.len().saturating_sub(height);
        self.offset = self.offset.saturating_add_signed(delta).min(max_offset);
        let last_visible = (self.offset + height).min(self.order.len()).saturating_sub(1);
        self.selected = self.selected.clamp(self.offset, last_visible.max(self.offset));
        self.clamp();
    }

    fn clamp(&mut self) {
        self.selected = self.selected.min(self.order.len().saturating_sub(1));
        self.offset = self.offset.min(self.selected);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(rows: &[&str]) -> SearchIndex {
        SearchIndex::new(rows.iter().copied())
    }

    fn list(rows: &[&str]) -> (ListState, FilterEngine) {
        let mut engine = FilterEngine::default();
        let mut list = ListState::default();
        let ids = (0..rows.len() as i64).map(|i| i * 10).collect();
        list.set_rows(ids, index(rows), &mut engine);
        (list, engine)
    }

    #[test]
    fn filter_is_fuzzy_case_insensitive_and_ranks_the_best_first() {
        let (mut list, mut engine) =
            list(&["Ann Smith", "Bob Jones", "Zoë Ångström", "joANNa", "a\u{1f}n\u{1f}n", "Ann"]);
        list.set_filter("ANN", &mut engine);
        assert_eq!(list.order(), [0, 5, 3], "word starts first; a word matches within one column");
        assert_eq!(list.selected_id(), Some(0), "the best match is selected");
        list.set_filter("asmth", &mut engine);
        assert_eq!(list.order(), [0]);
        list.set_filter("zoe", &mut engine);
        assert_eq!(list.order(), [2], "accents are normalised");
        list.set_filter("bob smith", &mut engine);
        assert_eq!(list.order(), [] as [u32; 0], "every word must match");
        list.set_filter("", &mut engine);
        assert_eq!(list.order(), [0, 1, 2, 3, 4, 5], "the table's order returns");
    }

    #[test]
    fn narrowing_then_widening_gives_the_full_answer() {
        let (mut list, mut engine) = list(&["alpha", "beta", "alphabet"]);
        list.set_filter("al", &mut engine);
        list.set_filter("alpha", &mut engine);
        list.set_filter("alphab", &mut engine);
        assert_eq!(list.order(), [2]);
        list.set_filter("b", &mut engine);
        assert_eq!(list.order(), [1, 2]);
    }

    #[test]
    fn selection_follows_the_item_through_reload_and_clearing() {
        let (mut list, mut engine) = list(&["a1", "b", "a2", "a3"]);
        list.move_by(2);
        assert_eq!(list.selected_id(), Some(20));
        list.set_filter("a", &mut engine);
        assert_eq!(list.selected_id(), Some(0), "the best match is selected");
        list.move_by(1);
        assert_eq!(list.selected_id(), Some(20));
        list.set_rows(vec![99, 20], index(&["new", "a2"]), &mut engine);
        assert_eq!(list.selected_id(), Some(20), "a reload keeps the item");
        assert_eq!(list.order(), [1]);
        list.set_filter("", &mut engine);
        assert_eq!(list.selected_id(), Some(20), "clearing the filter keeps the item");
        assert_eq!(list.order(), [0, 1]);
    }

    #[test]
    fn moves_stop_at_the_ends_and_scroll_keeps_selection_visible() {
        let rows: Vec<String> = (0..100).map(|i| format!("row {i}")).collect();
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (mut list, _) = list(&refs);
        list.move_by(-5);
        assert_eq!(list.selected(), 0);
        list.move_by(30);
        list.scroll_into_view(10);
        assert_eq!((list.selected(), list.offset()), (30, 21));
        list.bottom();
        list.scroll_into_view(10);
        assert_eq!((list.selected(), list.offset()), (99, 90));
        list.scroll_by(-50, 10);
        assert_eq!((list.selected(), list.offset()), (49, 40));
        list.scroll_by(500, 10);
        assert_eq!(list.offset(), 90);
    }

    #[test]
    fn an_empty_list_has_no_selection() {
        let (mut list, mut engine) = list(&[]);
        list.move_by(3);
        list.bottom();
        list.set_filter("x", &mut engine);
        assert_eq!(list.selected_index(), None);
        assert_eq!(list.selected(), 0);
    }

    /// A list too large for the UI thread, each row named after its number.
    fn large(count: usize) -> (ListState, FilterEngine) {
        let rows: Vec<String> = (0..count).map(|i| format!("row {i}")).collect();
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        list(&refs)
    }

    #[test]
    fn a_large_sorted_list_keeps_its_order_through_a_search() {
        let count = INLINE_ROWS as u32 * 5;
        let (mut list, mut engine) = large(count as usize);
        // Sorted backwards: the last row first.
        let sorted: Arc<[u32]> = (0..count).rev().collect();
        let ticket = list.sort_ticket();
        assert!(list.set_sorted(&ticket, Some(sorted), &mut engine).is_none());
        // The first filters' searches are jobs; the last ones narrow to few rows, searched
        // on the UI thread.
        let mut inline = 0;
        for filter in ["row 1", "row 12", "row 1234", "row 12345"] {
            match list.set_filter(filter, &mut engine) {
                Some(job) => assert!(list.filtered(Arc::new(job.perform().expect("an answer")))),
                None => inline += 1,
            }
            let expected: Vec<u32> = (0..count)
                .rev()
                .filter(|&row| {
                    let mut rest = format!("row {row}").chars().collect::<Vec<_>>().into_iter();
                    filter.chars().filter(|c| *c != ' ').all(|wanted| rest.any(|c| c == wanted))
                })
                .collect();
            assert_eq!(
                list.order(),
                &expected[..],
                "{filter}: the sort's order, not the best first"
            );
        }
        assert!(inline > 0, "both ways of searching were tried");
    }

    #[test]
    fn a_large_search_runs_as_a_job_and_only_the_latest_answer_counts() {
        let (mut list, mut engine) = large(INLINE_ROWS * 3);
        let first = list.set_filter("row 1", &mut engine).expect("a job for a large list");
        assert!(list.searching());
        let second = list.set_filter("row 12", &mut engine).expect("a job again");
        assert_eq!(first.perform().map(|f| f.generation), None, "a newer keystroke cancels it");
        let answer = second.perform().expect("the latest search finishes");
        assert!(list.filtered(Arc::new(answer)));
        assert!(!list.searching());
        assert_eq!(list.selected_index(), Some(12), "the exact match is best");
        let expected: std::collections::BTreeSet<u32> = (0..INLINE_ROWS as u32 * 3)
            .filter(|i| {
                let text = format!("row {i}");
                let mut rest = text.chars();
                "row 12".chars().filter(|c| *c != ' ').all(|w| rest.any(|c| c == w))
            })
            .collect();
        let got: std::collections::BTreeSet<u32> = list.order().iter().copied().collect();
        assert_eq!(got, expected);
    }

    /// Types `filter` and, when a job answers it, applies the answer.
    fn typed(list: &mut ListState, engine: &mut FilterEngine, filter: &str) -> bool {
        let job = list.set_filter(filter, engine);
        let searched = job.is_some();
        if let Some(job) = job {
            assert!(list.filtered(Arc::new(job.perform().expect("the latest search"))));
        }
        searched
    }

    #[test]
    fn a_deleted_letter_brings_back_the_earlier_answer_without_a_search() {
        let (mut list, mut engine) = large(INLINE_ROWS * 3);
        assert!(typed(&mut list, &mut engine, "row 1"));
        let one = list.order().to_vec();
        assert!(typed(&mut list, &mut engine, "row 12"));
        typed(&mut list, &mut engine, "row 123");
        let twelve = {
            let mut fresh = large(INLINE_ROWS * 3);
            typed(&mut fresh.0, &mut fresh.1, "row 12");
            fresh.0.order().to_vec()
        };
        list.move_by(2);
        assert!(!typed(&mut list, &mut engine, "row 12"), "no search: kept");
        assert_eq!(list.order(), twelve, "as a search of it gives");
        assert_eq!(list.selected(), 0, "the best match selected, as after a search");
        assert!(!typed(&mut list, &mut engine, "row 1"));
        assert_eq!(list.order(), one);
        assert!(typed(&mut list, &mut engine, "row 13"), "another filter is searched");
        assert!(!typed(&mut list, &mut engine, "row 1"), "the shorter answer is still kept");
        assert_eq!(list.order(), one);
    }

    #[test]
    fn a_letter_deleted_before_its_answer_came_keeps_the_answer_shown() {
        let (mut list, mut engine) = large(INLINE_ROWS * 3);
        assert!(typed(&mut list, &mut engine, "row 1"));
        let shown = list.order().to_vec();
        let late = list.set_filter("row 12", &mut engine).expect("a job");
        assert!(list.set_filter("row 1", &mut engine).is_none(), "nothing to search");
        assert!(!list.searching());
        assert_eq!(late.perform().map(|f| f.generation), None, "the longer search stops");
        assert_eq!(list.order(), shown);
    }

    #[test]
    fn earlier_answers_are_forgotten_when_the_rows_change() {
        let (mut list, mut engine) = large(INLINE_ROWS * 3);
        typed(&mut list, &mut engine, "row 1");
        typed(&mut list, &mut engine, "row 12");
        let rows: Vec<String> = (0..INLINE_ROWS * 3).map(|i| format!("line {i}")).collect();
        let ids = (0..rows.len() as i64).collect();
        let (_, job) = list.set_rows(ids, SearchIndex::new(&rows), &mut engine);
        assert!(list.filtered(Arc::new(job.expect("searched again").perform().unwrap())));
        assert!(typed(&mut list, &mut engine, "row 1"), "searched, not taken from before");
        assert_eq!(list.order(), [] as [u32; 0]);
    }

    #[test]
    fn rows_arrive_in_chunks_and_a_filter_follows_them() {
        let count = crate::tui::lists::filter::CHUNK_ROWS * 2;
        let rows: Vec<String> = (0..count).map(|i| format!("row {i}")).collect();
        let mut engine = FilterEngine::default();
        let mut list = ListState::default();
        let ids: Vec<i64> = (0..count as i64).collect();
        let (ticket, job) = list.set_rows(ids, SearchIndex::default(), &mut engine);
        assert!(job.is_none());
        assert_eq!(list.order().len(), count, "every row is shown before it is searchable");
        assert!(!list.indexed());
        list.set_filter("9999", &mut engine);
        assert_eq!(list.order(), [] as [u32; 0], "nothing indexed yet");
        for part in rows.chunks(crate::tui::lists::filter::CHUNK_ROWS) {
            let chunk = Arc::new(SearchChunk::new(part.iter().map(String::as_str)));
            if let Some(job) = list.add_chunk(ticket.generation, chunk, &mut engine) {
                let answer = job.perform().expect("not cancelled");
                assert!(list.filtered(Arc::new(answer)));
            }
        }
        assert!(list.indexed());
        assert_eq!(list.selected_index(), Some(9999));
    }
}
