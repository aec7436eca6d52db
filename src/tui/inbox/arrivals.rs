//! What moved in the inbox between two loads: the replies that arrived (or moved) since the
//! last list, told apart by their `updated_at`. Plain data, made where the list is: on the
//! UI thread for a small list, by a worker for a large one (200k ids at a million contacts).

use crate::api::{Exchange, Timestamp};
use std::collections::HashMap;
use std::sync::Arc;

/// The ids of a load with their `updated_at`.
pub type Known = Arc<HashMap<i64, Option<Timestamp>>>;

/// A load's ids, and the replies that moved since the load before (`None` for a first load:
/// it only remembers what is there).
#[derive(Debug, Clone, PartialEq)]
pub struct Arrivals {
    pub known: Known,
    pub moved: Option<Vec<Exchange>>,
}

impl Arrivals {
    /// What moved in `items` since `before`.
    pub fn since(before: Option<&Known>, items: &[Exchange]) -> Arrivals {
        let known: Known = Arc::new(items.iter().map(|e| (e.id, e.updated_at)).collect());
        let moved = before.map(|before| {
            let moved = items.iter().filter(|e| before.get(&e.id) != Some(&e.updated_at));
            moved.cloned().collect()
        });
        Arrivals { known, moved }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange(id: i64, at: &str) -> Exchange {
        Exchange { id, updated_at: Timestamp::parse(at), ..Exchange::default() }
    }

    #[test]
    fn a_first_load_remembers_and_a_later_one_names_what_moved() {
        let first = [exchange(1, "2024-05-01T00:00:00Z"), exchange(2, "2024-05-01T00:00:00Z")];
        let arrivals = Arrivals::since(None, &first);
        assert_eq!((arrivals.known.len(), arrivals.moved), (2, None));
        let later = [exchange(1, "2024-05-01T00:00:00Z"), exchange(2, "2024-05-02T00:00:00Z")];
        let moved = Arrivals::since(Some(&arrivals.known), &later).moved.unwrap();
        assert_eq!(moved.iter().map(|e| e.id).collect::<Vec<_>>(), [2]);
    }
}
