//! One stable sort for the whole binary's lists that are not on a measured path. The
//! standard library's `sort_by` is instantiated anew for every element type and every
//! comparison closure, about 8 KiB of machine code each: 43 of them, for our types, were
//! 378 KiB of the release binary. Here the sort itself runs once, over positions, with the
//! comparison behind a `dyn`; what is left per caller is a few hundred bytes that put the
//! items in the order found. Stable as `slice::sort_by` is; a pointer call per comparison
//! is nothing beside building the lists of campaigns, bots, replies and needs it sorts.
//! The per-keystroke ranking of matches and the zones of 100k contacts keep their own.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// A map of `items` built by inserting them one by one, the last of equal keys kept (as
/// `collect()` keeps it). `collect()` into a `BTreeMap` sorts the items first, with the
/// standard sort made anew for every key and value type (about 4 KiB each); the maps made
/// here hold a few thousand entries at most, and are made off the UI thread.
pub fn map_of<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (key, value) in items {
        map.insert(key, value);
    }
    map
}

/// A set of `items` built by inserting them, for the reason [`map_of`] says.
pub fn set_of<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    for item in items {
        set.insert(item);
    }
    set
}

/// Sorts `items` by `compare`, keeping equal items in their order (as `slice::sort_by`).
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    let order = positions(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    arrange(items, order);
}

/// Sorts `items` by the key `key` gives, equal keys in their order (as `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in their own order, equal items in their order (as `slice::sort`).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The positions `0..len` in the order `compare` gives them, ties in position order: the
/// one instantiation of the standard sort behind every caller.
#[inline(never)]
pub fn positions(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Puts `items` in `order` (position `i` takes the item that was at `order[i]`) by swaps
/// along each cycle of the permutation, without copying an item.
fn arrange<T>(items: &mut [T], order: Vec<usize>) {
    let mut placed = vec![false; order.len()];
    for start in 0..order.len() {
        let mut at = start;
        while !placed[at] {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_and_sets_made_by_inserting_are_what_collect_makes() {
        let pairs = [(3, "c"), (1, "a"), (3, "last"), (2, "b")];
        assert_eq!(map_of(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(set_of([5, 1, 5, 3]), [5, 1, 5, 3].into_iter().collect::<BTreeSet<_>>());
    }

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        // Pairs of (key, original position): equal keys must keep their positions' order.
        let mut seed = 7u64;
        for len in [0, 1, 2, 3, 5, 20, 33, 200, 1000] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            let mut ours = items.clone();
            sort_by_key(&mut ours, |item| item.0);
            assert_eq!(ours, expected, "{len} items");
            let mut down = items.clone();
            sort_by(&mut down, |a, b| b.0.cmp(&a.0));
            expected.sort_by_key(|a| std::cmp::Reverse(a.0));
            assert_eq!(down, expected, "{len} items, descending");
        }
    }

    #[test]
    fn moves_items_that_own_memory_without_losing_one() {
        let mut words: Vec<String> =
            ["pear", "apple", "fig", "apple", "kiwi"].map(String::from).to_vec();
        sort(&mut words);
        assert_eq!(words, ["apple", "apple", "fig", "kiwi", "pear"]);
    }

    #[test]
    fn positions_keep_ties_in_order() {
        let keys = [2, 1, 2, 0, 1];
        assert_eq!(positions(keys.len(), &mut |a, b| keys[a].cmp(&keys[b])), [3, 1, 4, 0, 2]);
    }
}
