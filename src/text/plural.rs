//! Counts in words: the one helper for every "1 domain", "3 replies" the program writes, so
//! no message says "1 domains".

use std::fmt::Display;

/// The noun for `n` things: `one` for exactly one, `many` otherwise (none included).
pub fn noun<'a, N: PartialEq + From<u8>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) { one } else { many }
}

/// `1 domain`, `3 domains`, `0 replies`: a count with its noun.
pub fn count<N: Display + PartialEq + From<u8> + Copy>(n: N, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1usize, "domain", "domains"), "1 domain");
        assert_eq!(count(0usize, "reply", "replies"), "0 replies");
        assert_eq!(count(3u64, "hour", "hours"), "3 hours");
        assert_eq!(noun(2usize, "row", "rows"), "rows");
    }
}
