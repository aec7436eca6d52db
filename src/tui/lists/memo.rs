//! A value made from a list, kept until the list or the other inputs change. Frames only
//! read the state, and what they show of a whole list (a count, one item found in it) would
//! otherwise be made again on every frame: per-row work on the UI thread.

use crate::api::Items;
use std::sync::{Arc, Mutex, Weak};

/// The last value made from a list of `T` and a key of the other inputs. It knows the list
/// it was made from, so that a newer list is never taken for it (a reload is a new list),
/// without keeping it: a list the screen let go of (100k contacts, replaced by a reload) is
/// freed, not held until the value is next asked for.
#[derive(Debug)]
pub struct ListMemo<T, K, V>(Mutex<Option<Made<T, K, V>>>);

#[derive(Debug)]
struct Made<T, K, V> {
    /// A weak handle keeps the list's allocation from being reused by another list while
    /// it is here, so comparing addresses stays sound; the rows themselves are freed.
    list: Option<Weak<Vec<T>>>,
    key: K,
    value: V,
}

impl<T, K, V> Default for ListMemo<T, K, V> {
    fn default() -> Self {
        ListMemo(Mutex::new(None))
    }
}

impl<T, K, V> Clone for ListMemo<T, K, V> {
    /// A copy makes its value afresh.
    fn clone(&self) -> Self {
        ListMemo::default()
    }
}

impl<T, K: PartialEq, V: Clone> ListMemo<T, K, V> {
    /// The value for `list` and `key`: the one kept when both are the same as when it was
    /// made, else `make`'s, then kept.
    pub fn get(&self, list: Option<&Items<T>>, key: K, make: impl FnOnce() -> V) -> V {
        // A poisoned memo only means a frame panicked while making it: make it afresh.
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(made) = kept.as_ref() {
            let same_list = match (&made.list, list) {
                (Some(a), Some(b)) => Weak::ptr_eq(a, &Arc::downgrade(b)),
                (None, None) => true,
                _ => false,
            };
            if same_list && made.key == key {
                return made.value.clone();
            }
        }
        let value = make();
        *kept = Some(Made { list: list.map(Arc::downgrade), key, value: value.clone() });
        value
    }
}

impl<T, K, V> ListMemo<T, K, V> {
    /// Keeps `value` as made from `list` and `key` (made elsewhere: on the worker that read
    /// the list).
    pub fn put(&self, list: Option<&Items<T>>, key: K, value: V) {
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *kept = Some(Made { list: list.map(Arc::downgrade), key, value });
    }
}

impl<T, K: Clone, V: Clone> ListMemo<T, K, V> {
    /// Takes what `other` made (for its list and key), as if made here: a worker makes the
    /// values on a copy of the state, and the UI thread's memos take them. Gives back the
    /// value it replaced, for the caller to let go of where it costs nothing (a needs list
    /// of ten thousand items is as many frees).
    pub fn adopt(&self, other: &ListMemo<T, K, V>) -> Option<V> {
        let theirs = other.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let made = theirs.as_ref()?;
        let copy =
            Made { list: made.list.clone(), key: made.key.clone(), value: made.value.clone() };
        let mut ours = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        ours.replace(copy).map(|replaced| replaced.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_made_again_only_for_another_list_or_key() {
        let memo = ListMemo::default();
        let list: Items<u8> = Arc::new(vec![1, 2]);
        let mut made = 0;
        let mut get = |list: Option<&Items<u8>>, key: u8| {
            memo.get(list, key, || {
                made += 1;
                list.map_or(0, |l| l.len())
            })
        };
        assert_eq!(get(Some(&list), 0), 2);
        assert_eq!(get(Some(&list), 0), 2);
        let same_items: Items<u8> = Arc::new(vec![1, 2]);
        assert_eq!(get(Some(&same_items), 0), 2, "an equal list is still another list");
        assert_eq!(get(Some(&same_items), 1), 2);
        assert_eq!(get(None, 1), 0);
        assert_eq!(made, 4);
    }

    #[test]
    fn an_adopted_value_is_kept_for_its_list_and_key() {
        let (ours, theirs) = (ListMemo::default(), ListMemo::default());
        let list: Items<u8> = Arc::new(vec![1, 2]);
        ours.adopt(&theirs);
        assert_eq!(ours.get(Some(&list), 0, || 1), 1, "nothing to adopt: made here");
        assert_eq!(theirs.get(Some(&list), 0, || 7), 7);
        ours.adopt(&theirs);
        assert_eq!(ours.get(Some(&list), 0, || 1), 7, "the worker's value");
        assert_eq!(ours.get(Some(&list), 1, || 2), 2, "another key: made again");
    }

    #[test]
    fn a_value_does_not_keep_its_list() {
        let memo = ListMemo::default();
        let list: Items<u8> = Arc::new(vec![1, 2]);
        assert_eq!(memo.get(Some(&list), (), || list.len()), 2);
        assert_eq!(Arc::strong_count(&list), 1);
        assert_eq!(memo.get(Some(&list), (), || 0), 2, "still the same list");
    }
}
