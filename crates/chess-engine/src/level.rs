//! Strength levels for casual players, and the small random generator they draw moves with.

use core::fmt;

/// A playing strength from 1 (a beginner's opponent) to 10 (full strength).
///
/// Weaker levels search less (a depth and node cap) and do not always play their best move:
/// they look at several candidate moves and pick one at random among those within a margin
/// of the best, the margin widening as the level drops. Mates they see are never thrown away.
///
/// ```
/// use chess_engine::Level;
///
/// assert_eq!(Level::new(3).map(Level::get), Some(3));
/// assert_eq!(Level::new(11), None);
/// // UCI's "Skill Level" runs from 0 to 20.
/// assert_eq!(Level::from_skill(0), Level::MIN);
/// assert_eq!(Level::from_skill(20), Level::MAX);
/// assert_eq!(Level::default(), Level::MAX);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// How a level limits the search and picks its move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Settings {
    /// The depth cap.
    pub(crate) depth: Option<u32>,
    /// The node cap.
    pub(crate) nodes: Option<u64>,
    /// How many candidate moves to search with full scores (multi-PV lines).
    pub(crate) candidates: usize,
    /// Candidates at most this many centipawns below the best may be played.
    pub(crate) margin: i32,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// The level `n`, if `1 <= n <= 10`.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 10 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level for UCI's `Skill Level` (0 to 20; larger values count as 20), spread evenly
    /// over 1 to 10.
    #[must_use]
    pub const fn from_skill(skill: u8) -> Level {
        let skill = if skill > 20 { 20 } else { skill };
        Level(1 + (skill * 9 + 10) / 20)
    }

    /// The number of the level, 1 to 10.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    pub(crate) const fn settings(self) -> Settings {
        let (depth, nodes, candidates, margin) = match self.0 {
            1 => (1, 300, 6, 400),
            2 => (2, 1_000, 5, 250),
            3 => (3, 3_000, 5, 170),
            4 => (4, 8_000, 4, 120),
            5 => (5, 20_000, 4, 80),
            6 => (6, 50_000, 3, 50),
            7 => (8, 150_000, 3, 30),
            8 => (10, 500_000, 2, 15),
            9 => (14, 2_000_000, 2, 8),
            _ => {
                return Settings {
                    depth: None,
                    nodes: None,
                    candidates: 1,
                    margin: 0,
                };
            }
        };
        Settings {
            depth: Some(depth),
            nodes: Some(nodes),
            candidates,
            margin,
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A seed that differs from run to run, for [`Searcher::set_seed`](crate::Searcher::set_seed):
/// the wall clock in nanoseconds hashed with the standard library's randomly keyed hasher
/// (`RandomState`, keyed from the operating system), so that two programs started in the same
/// nanosecond still differ.
///
/// A [`Searcher`](crate::Searcher) starts from a fixed seed, so that tests and analyses replay
/// exactly; a program that plays people at the weaker levels seeds it with this, so that its
/// games vary. The UCI server does ([`uci::run`](crate::uci::run)).
///
/// ```
/// use chess_engine::{Level, Searcher, random_seed};
///
/// let mut searcher = Searcher::new();
/// searcher.set_level(Level::MIN);
/// searcher.set_seed(random_seed());
/// ```
#[must_use]
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    use std::time::{SystemTime, UNIX_EPOCH};

    // std's `RandomState` is keyed from the operating system's randomness once per process;
    // the clock and the process id vary it further, so two sessions started in the same
    // second still differ.
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    RandomState::new().hash_one((nanos, std::process::id()))
}

/// SplitMix64 (Steele, Lea and Flood): tiny, fast, and good enough to vary a casual
/// opponent's moves or draw a Chess960 start; seeded, so that games can be replayed.
///
/// ```
/// use chess_engine::Rng;
///
/// let draw = |seed| {
///     let mut rng = Rng::new(seed);
///     [rng.below(960), rng.below(960)]
/// };
/// assert_eq!(draw(7), draw(7));
/// assert!(draw(7).iter().all(|&n| n < 960));
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator starting from `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0), without modulo bias worth mentioning.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// Picks one of `scores` (best first), at random among those within `margin` of the best,
/// closer ones more likely; returns its index.
pub(crate) fn pick(scores: &[i32], margin: i32, rng: &mut Rng) -> usize {
    let Some(&best) = scores.first() else {
        return 0;
    };
    let weights: Vec<u64> = scores
        .iter()
        .map(|&s| {
            let behind = best.saturating_sub(s);
            if behind <= margin {
                (margin - behind + 1) as u64
            } else {
                0
            }
        })
        .collect();
    let total: u64 = weights.iter().sum();
    let mut r = rng.below(total);
    for (i, &w) in weights.iter().enumerate() {
        if r < w {
            return i;
        }
        r -= w;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skill_levels_cover_every_level() {
        let levels: Vec<u8> = (0..=20).map(|s| Level::from_skill(s).get()).collect();
        assert_eq!(levels.first(), Some(&1));
        assert_eq!(levels.last(), Some(&10));
        assert!(levels.windows(2).all(|w| w[0] <= w[1] && w[1] - w[0] <= 1));
        for n in 1..=10 {
            assert!(levels.contains(&n), "{n}");
        }
        assert_eq!(Level::from_skill(255), Level::MAX);
    }

    #[test]
    fn weaker_levels_search_less_and_wander_more() {
        let settings: Vec<Settings> = (1..=10)
            .filter_map(Level::new)
            .map(Level::settings)
            .collect();
        for w in settings.windows(2) {
            let (weak, strong) = (w[0], w[1]);
            assert!(weak.margin >= strong.margin);
            match (weak.depth, strong.depth) {
                (Some(a), Some(b)) => assert!(a < b),
                (Some(_), None) => {}
                _ => panic!("only level 10 is unlimited"),
            }
        }
        assert_eq!(Level::MAX.settings().candidates, 1);
    }

    #[test]
    fn random_seeds_differ() {
        // Even two calls within the same nanosecond (the hasher's keys differ per call).
        let seeds: Vec<u64> = (0..8).map(|_| random_seed()).collect();
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len(), "{seeds:?}");
    }

    #[test]
    fn rng_is_seeded_and_spread() {
        let a: Vec<u64> = {
            let mut r = Rng::new(7);
            (0..4).map(|_| r.next_u64()).collect()
        };
        let b: Vec<u64> = {
            let mut r = Rng::new(7);
            (0..4).map(|_| r.next_u64()).collect()
        };
        assert_eq!(a, b);
        let mut r = Rng::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..6000 {
            counts[r.below(6) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(r.below(0), 0);
    }

    #[test]
    fn pick_stays_within_the_margin() {
        let mut rng = Rng::new(3);
        let scores = [50, 45, 20, -300];
        let mut seen = [0u32; 4];
        for _ in 0..1000 {
            seen[pick(&scores, 40, &mut rng)] += 1;
        }
        assert_eq!(seen[3], 0);
        assert!(
            seen[0] > seen[1] && seen[1] > seen[2] && seen[2] > 0,
            "{seen:?}"
        );
        // With no margin only the best is played.
        assert_eq!(pick(&scores, 0, &mut rng), 0);
        assert_eq!(pick(&[], 100, &mut rng), 0);
    }
}
