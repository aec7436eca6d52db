//! Maps keyed by the server's ids (exchanges, contacts), hashed quickly.
//!
//! The inbox asks its marks and chains about every exchange each time it counts (200k
//! exchanges at a million contacts, several lookups each); with the standard SipHash the
//! lookups were most of a count. foldhash is several times quicker on an integer and seeded
//! at random per process, so ids a hostile server chose to collide are not known to collide.

use std::collections::HashMap;

/// The hasher of [`IdMap`].
pub type IdHasher = foldhash::fast::RandomState;

/// A map from an id to `V`.
pub type IdMap<V> = HashMap<i64, V, IdHasher>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_map_finds_what_it_holds() {
        let map: IdMap<&str> = [(1, "a"), (-7, "b"), (i64::MAX, "c")].into_iter().collect();
        assert_eq!((map.get(&-7), map.get(&2), map[&i64::MAX]), (Some(&"b"), None, "c"));
    }
}
