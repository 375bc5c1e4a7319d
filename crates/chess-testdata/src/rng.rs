//! The workspace's one deterministic generator of test inputs.

/// The state that replaces a seed of 0, which xorshift never leaves (the golden ratio's
/// fraction, also the seed of the magic search).
const ZERO_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// A small deterministic generator, xorshift64* (Marsaglia's xorshift with Vigna's shifts 12, 25
/// and 27 and multiplier `0x2545_f491_4f6c_dd1d`): reproducible random inputs for tests,
/// benchmarks and the magic search of `cargo xtask gen-tables`.
///
/// The sequence of a seed is fixed: the checked-in attack tables were found with it (from the
/// seed `0x9e37_79b9_7f4a_7c15`), so a change to it shows as a stale
/// `crates/chess-core/src/attacks/generated.rs`. Not for anything a user sees: the engine has
/// its own generator (`chess_engine::Rng`) for its levels.
///
/// ```
/// use chess_testdata::Rng;
///
/// let mut rng = Rng::new(1);
/// assert_eq!(rng.next_u64(), 0x47e4_ce4b_896c_dd1d);
/// let die = rng.below(6);
/// assert!(die < 6);
/// // The same seed, the same numbers.
/// let mut again = Rng::new(1);
/// again.next_u64();
/// assert_eq!(again.below(6), die);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator starting from `seed`. A seed of 0, from which xorshift would give nothing
    /// but zeros, starts from `0x9e37_79b9_7f4a_7c15` instead.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { ZERO_SEED } else { seed })
    }

    /// The next number: every bit equally likely.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (the next number modulo `n`: a bias of at most `n` in 2^64, nothing
    /// a test notices).
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "no number is below 0");
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first and the thousandth number of a few seeds, computed apart from this code (the
    /// attack tables depend on every number of the magic search's sequence).
    #[test]
    fn the_sequence_is_xorshift64_star() {
        for (seed, first, thousandth) in [
            (1, 0x47e4_ce4b_896c_dd1d, 0x0304_e771_4a5f_abc4),
            (7, 0xd1fb_af7f_728d_2eae, 0xe8de_3171_5856_d7f6),
            (
                0x9e37_79b9_7f4a_7c15,
                0x0d83_b3e2_9a21_487a,
                0xcd13_4a62_6664_73dd,
            ),
            (
                0x5eed_d0b1_e0c4,
                0x54e6_e25c_2b32_7fdf,
                0x703c_f1a7_75c5_29fe,
            ),
            (u64::MAX, 0xf92c_c9e5_c600_0000, 0x310e_4fb3_4099_6466),
        ] {
            let mut rng = Rng::new(seed);
            assert_eq!(rng.next_u64(), first, "seed {seed:#x}");
            let last = (1..1000).map(|_| rng.next_u64()).last();
            assert_eq!(last, Some(thousandth), "seed {seed:#x}");
        }
    }

    #[test]
    fn the_magic_search_seed_starts_as_it_always_did() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                0x0d83_b3e2_9a21_487a,
                0x54c4_4c79_f1fe_9d67,
                0xa845_f342_007a_0e78
            ]
        );
    }

    #[test]
    fn a_zero_seed_does_not_stick_at_zero() {
        let mut rng = Rng::new(0);
        assert_eq!(rng, Rng::new(ZERO_SEED));
        assert_ne!(rng.next_u64(), 0);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = Rng::new(42);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let n = rng.below(7);
            seen[n] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(Rng::new(5).below(1), 0);
    }

    #[test]
    #[should_panic(expected = "no number is below 0")]
    fn below_zero_panics() {
        let _ = Rng::new(1).below(0);
    }
}
