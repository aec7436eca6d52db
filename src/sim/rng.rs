//! A small deterministic PRNG (splitmix64): the same seed gives the same organisations,
//! names and e-mail chains on every run and every machine, without a dependency.

/// Salts that give each kind of item its own stream of numbers.
pub mod salt {
    pub const ORG: u64 = 1;
    pub const CONTACT: u64 = 2;
    pub const CHAIN: u64 = 3;
    pub const KEYS: u64 = 4;
    pub const LIVE: u64 = 5;
    pub const AWAY: u64 = 6;
}

/// splitmix64: fast, statistically fine for test data, and trivially seedable per item.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator for one item (an exchange, a contact) derived from a base seed, so the
    /// item's data does not depend on how many numbers were drawn before it.
    pub fn for_item(seed: u64, salt: u64, id: i64) -> Rng {
        let mut mixer = Rng(seed ^ salt.wrapping_mul(0xA076_1D64_78BD_642F));
        let base = mixer.next_u64();
        Rng(base ^ (id as u64).wrapping_mul(0xE703_7ED1_A0B4_28DB))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            return 0;
        }
        // Multiply-shift keeps the bias negligible for the small bounds used here.
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: i64, high: i64) -> i64 {
        if high <= low {
            return low;
        }
        low + self.below((high - low + 1) as u64) as i64
    }

    /// True with probability `percent`/100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// A hex token of `len` characters, for message ids and keys.
    pub fn hex(&mut self, len: usize) -> String {
        let mut out = String::with_capacity(len);
        while out.len() < len {
            out.push_str(&format!("{:016x}", self.next_u64()));
        }
        out.truncate(len);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_bounds_hold() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            let n = a.between(-3, 3);
            assert!((-3..=3).contains(&n));
            b.between(-3, 3);
        }
        assert_ne!(Rng::for_item(1, 2, 3).next_u64(), Rng::for_item(1, 2, 4).next_u64());
        assert_eq!(Rng::for_item(1, 2, 3).next_u64(), Rng::for_item(1, 2, 3).next_u64());
    }
}
