//! Randomness for a session: a seed that differs from run to run (or a fixed one, `--seed`),
//! and the few numbers drawn from it (a Chess960 start, the engine's seed).

use std::hash::{BuildHasher, RandomState};
use std::time::{SystemTime, UNIX_EPOCH};

/// A seed that differs from run to run: std's `RandomState` is keyed from the operating
/// system's randomness once per process, and the clock and process id vary it further, so two
/// sessions started in the same second still differ.
pub fn fresh_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    RandomState::new().hash_one((nanos, std::process::id()))
}

/// SplitMix64 (Steele, Lea and Flood): a few well-spread numbers from one seed, no dependency.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0); the bias of the multiply-shift is below 2^-50 for the
    /// small `n` used here.
    pub fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_seeds_differ() {
        // Two draws in the same process share the clock's coarse part; RandomState's per-call
        // keys still tell them apart.
        assert_ne!(fresh_seed(), fresh_seed());
    }

    #[test]
    fn same_seed_same_numbers() {
        let draw = |seed| {
            let mut rng = SplitMix::new(seed);
            [rng.below(960), rng.below(960), rng.below(960)]
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        // Bounded, and spread over the range.
        let mut rng = SplitMix::new(1);
        let values: Vec<u32> = (0..2000).map(|_| rng.below(960)).collect();
        assert!(values.iter().all(|&v| v < 960));
        assert!(values.iter().any(|&v| v < 100) && values.iter().any(|&v| v > 860));
    }
}
