//! A virtual list: the rows stay where they are (`Arc<[T]>` in the store); this holds the
//! filtered order, the selection and the scroll offset. The order is recomputed only when
//! the filter text or the data changes (DESIGN §3, §8).

use crate::tui::filter::{FilterEngine, SearchIndex};

/// Selection, scroll offset and filter of one list over data held elsewhere.
#[derive(Debug, Clone, Default)]
pub struct ListState {
    filter: String,
    /// The searchable text of every row (its columns joined), converted once for the matcher
    /// when the data changes.
    haystack: SearchIndex,
    /// The id of every row, to keep the selection on the same item across a refresh.
    ids: Vec<i64>,
    /// Indexes into the data of the rows that pass the filter, ascending.
    order: Vec<u32>,
    /// Position in `order` of the selected row.
    selected: usize,
    /// Position in `order` of the first visible row.
    offset: usize,
    /// The rows the filter may show, ascending, when some are set aside (the inbox's
    /// category and handled filters); `None`: all.
    kept: Option<Vec<u32>>,
}

impl ListState {
    /// Takes new data (its rows' searchable text and ids), keeping the filter and, when the
    /// same item is still there, the selection.
    pub fn set_rows(&mut self, haystack: Vec<String>, ids: Vec<i64>, engine: &mut FilterEngine) {
        let previous = self.selected_id();
        self.haystack = SearchIndex::new(haystack.iter().map(String::as_str));
        self.ids = ids;
        self.kept = None;
        let all = self.candidates();
        self.order = engine.filter(&self.filter, &self.haystack, &all);
        self.selected = 0;
        if let Some(id) = previous {
            self.select_id(id);
        }
        self.clamp();
    }

    /// Changes the filter text. Typing one more character only searches the rows that
    /// matched before, since a longer fuzzy pattern can only match fewer rows.
    pub fn set_filter(&mut self, filter: &str, engine: &mut FilterEngine) {
        if filter == self.filter {
            return;
        }
        let narrowing = !self.filter.is_empty() && filter.starts_with(self.filter.as_str());
        let previous = self.selected_index();
        self.order = if narrowing {
            engine.filter(filter, &self.haystack, &self.order)
        } else {
            engine.filter(filter, &self.haystack, &self.candidates())
        };
        self.filter = filter.to_string();
        self.selected = match previous {
            Some(index) => self.order.partition_point(|&i| (i as usize) < index),
            None => 0,
        };
        self.offset = 0;
        self.clamp();
    }

    /// Sets rows aside whatever the filter (`keep` false), or none (`None`); the selection
    /// stays on its item when it is kept, else goes to the next kept row.
    pub fn keep_only(&mut self, keep: Option<&[bool]>, engine: &mut FilterEngine) {
        let previous = self.selected_index();
        self.kept = keep.map(|keep| {
            (0..self.haystack.len() as u32)
                .filter(|&i| keep.get(i as usize) != Some(&false))
                .collect()
        });
        self.order = engine.filter(&self.filter, &self.haystack, &self.candidates());
        self.selected = match previous {
            Some(index) => self.order.partition_point(|&i| (i as usize) < index),
            None => 0,
        };
        self.clamp();
    }

    /// The rows the filter searches: all, or the kept ones.
    fn candidates(&self) -> Vec<u32> {
        match &self.kept {
            Some(kept) => kept.clone(),
            None => (0..self.haystack.len() as u32).collect(),
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
        self.haystack.len()
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

    fn list(rows: &[&str]) -> (ListState, FilterEngine) {
        let mut engine = FilterEngine::default();
        let mut list = ListState::default();
        let ids = (0..rows.len() as i64).map(|i| i * 10).collect();
        list.set_rows(rows.iter().map(|r| r.to_string()).collect(), ids, &mut engine);
        (list, engine)
    }

    #[test]
    fn filter_is_fuzzy_case_insensitive_and_keeps_data_order() {
        let (mut list, mut engine) =
            list(&["Ann Smith", "Bob Jones", "Zoë Ångström", "annie", "a\u{1f}n\u{1f}n"]);
        list.set_filter("ANN", &mut engine);
        assert_eq!(list.order(), [0, 3], "a word matches within one column, not across");
        list.set_filter("asmth", &mut engine);
        assert_eq!(list.order(), [0]);
        list.set_filter("zoe", &mut engine);
        assert_eq!(list.order(), [2], "accents are normalised");
        list.set_filter("bob smith", &mut engine);
        assert_eq!(list.order(), [] as [u32; 0], "every word must match");
        list.set_filter("", &mut engine);
        assert_eq!(list.order(), [0, 1, 2, 3, 4]);
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
    fn selection_follows_the_item_through_filter_and_reload() {
        let (mut list, mut engine) = list(&["a1", "b", "a2", "a3"]);
        list.move_by(2);
        assert_eq!(list.selected_id(), Some(20));
        list.set_filter("a", &mut engine);
        assert_eq!(list.selected_id(), Some(20));
        list.set_rows(vec!["new".into(), "a2".into()], vec![99, 20], &mut engine);
        assert_eq!(list.selected_id(), Some(20));
        assert_eq!(list.order(), [1]);
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
}
