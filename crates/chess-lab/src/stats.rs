//! The statistics of a match: the Elo difference a score means, its error margin, the
//! likelihood of superiority, and the sequential probability ratio test that decides whether a
//! change gained strength.
//!
//! Games are counted two ways. A [`Tally`] counts wins, draws and losses (the trinomial model);
//! a [`PairTally`] counts the pairs of games played from one opening with colours swapped (the
//! pentanomial model, as Fishtest counts them), which cancels much of the openings' bias and
//! gives a narrower margin for the same games. Elo is logistic: a score `s` is
//! `-400 log10(1/s - 1)` Elo.
//!
//! ```
//! use chess_lab::stats::{Sprt, SprtStatus, Tally};
//!
//! let tally = Tally { wins: 139, draws: 40, losses: 21 };
//! let elo = tally.elo();
//! assert_eq!(elo.diff.round(), 235.0);
//! assert!(elo.margin > 40.0 && elo.margin < 60.0);
//! // Far beyond +5 Elo: the test accepts the gain.
//! let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05);
//! assert_eq!(sprt.status(&tally.distribution()), SprtStatus::AcceptH1);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::settings::{self, ParseSettingsError};

/// The z value of a two-sided 95% confidence interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The expected score of a player `elo` Elo stronger than the opponent.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference a score means (infinite for a score of 0 or 1).
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Results counted from one player's side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// The games counted.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points: a win is one, a draw a half.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Adds a game by its score (1, 0.5 or 0).
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The same games from the other player's side.
    #[must_use]
    pub const fn reversed(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The results as a distribution of per-game scores.
    #[must_use]
    pub fn distribution(&self) -> Distribution {
        Distribution::new(&[(0.0, self.losses), (0.5, self.draws), (1.0, self.wins)])
    }

    /// The Elo difference and its 95% margin, by the trinomial model. When every game ended
    /// alike, [`EloEstimate::unmeasurable`] says how.
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        let mut elo = self.distribution().elo();
        if elo.unmeasurable == Some(Unmeasurable::AllAlike) {
            // Neither all won nor all lost: all drawn.
            elo.unmeasurable = Some(Unmeasurable::AllDrawn);
        }
        elo
    }
}

impl fmt::Display for Tally {
    /// `+139 =40 -21`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// Pairs of games counted by their total from one player's side: `counts[k]` pairs scored
/// `k / 2` points out of 2 (0, ½, 1, 1½, 2).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct PairTally {
    /// The pairs by points times two.
    pub counts: [u32; 5],
}

impl PairTally {
    /// Adds a pair by its two scores (each 1, 0.5 or 0).
    pub fn add(&mut self, first: f64, second: f64) {
        let k = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// The pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The results as a distribution of per-game scores (a pair's mean).
    #[must_use]
    pub fn distribution(&self) -> Distribution {
        let mut outcomes = [(0.0, 0); 5];
        for (k, &n) in self.counts.iter().enumerate() {
            outcomes[k] = (k as f64 / 4.0, n);
        }
        Distribution::new(&outcomes)
    }

    /// The Elo difference and its 95% margin, by the pentanomial model.
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        self.distribution().elo()
    }
}

/// Independent samples of a per-game score: the mean, its variance per sample, and how many.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Distribution {
    /// How many samples (games, or pairs of games).
    pub samples: u32,
    /// The mean score per game, 0 to 1.
    pub mean: f64,
    /// The variance of one sample's score.
    pub variance: f64,
}

impl Distribution {
    /// The distribution of samples scoring `value` `count` times each.
    #[must_use]
    pub fn new(outcomes: &[(f64, u32)]) -> Distribution {
        let samples: u32 = outcomes.iter().map(|&(_, n)| n).sum();
        if samples == 0 {
            return Distribution {
                samples,
                mean: 0.5,
                variance: 0.0,
            };
        }
        let n = f64::from(samples);
        let mean = outcomes.iter().map(|&(v, c)| v * f64::from(c)).sum::<f64>() / n;
        let variance = outcomes
            .iter()
            .map(|&(v, c)| (v - mean).powi(2) * f64::from(c))
            .sum::<f64>()
            / n;
        Distribution {
            samples,
            mean,
            variance,
        }
    }

    /// The standard error of the mean.
    #[must_use]
    pub fn std_error(&self) -> f64 {
        if self.samples == 0 {
            return f64::INFINITY;
        }
        (self.variance / f64::from(self.samples)).sqrt()
    }

    /// The Elo difference of the mean score and the half width of its 95% interval.
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        let diff = elo_from_score(self.mean);
        let se = self.std_error();
        let low = elo_from_score(self.mean - Z95 * se);
        let high = elo_from_score(self.mean + Z95 * se);
        let margin = (high - low) / 2.0;
        let unmeasurable = if self.samples == 0 {
            Some(Unmeasurable::NoGames)
        } else if self.mean >= 1.0 {
            Some(Unmeasurable::AllWon)
        } else if self.mean <= 0.0 {
            Some(Unmeasurable::AllLost)
        } else if self.variance <= 0.0 {
            Some(Unmeasurable::AllAlike)
        } else {
            None
        };
        EloEstimate {
            diff,
            margin: if margin.is_nan() || unmeasurable.is_some() {
                f64::INFINITY
            } else {
                margin
            },
            los: self.los(),
            unmeasurable,
        }
    }

    /// The likelihood of superiority: how likely the true mean is above one half.
    #[must_use]
    pub fn los(&self) -> f64 {
        let se = self.std_error();
        if self.samples == 0 {
            return 0.5;
        }
        if se == 0.0 {
            return if self.mean > 0.5 {
                1.0
            } else if self.mean < 0.5 {
                0.0
            } else {
                0.5
            };
        }
        normal_cdf((self.mean - 0.5) / se)
    }
}

/// An Elo difference with its error margin.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct EloEstimate {
    /// The difference, from the first player's side (infinite for a score of 0% or 100%).
    pub diff: f64,
    /// The half width of its 95% confidence interval (infinite when unknown: see
    /// [`EloEstimate::unmeasurable`]).
    pub margin: f64,
    /// The likelihood of superiority, 0 to 1.
    pub los: f64,
    /// Why the games so far cannot measure the difference and its margin, if they cannot:
    /// none played, or all of them ended alike (no spread to measure a margin from).
    pub unmeasurable: Option<Unmeasurable>,
}

impl fmt::Display for EloEstimate {
    /// `+235 ± 50`, or `not measurable yet (all games won)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.unmeasurable {
            Some(why) => write!(f, "not measurable yet ({why})"),
            // Rounded first, so that -0.2 is 0, not -0.
            None => write!(f, "{:+} ± {:.0}", self.diff.round() as i64, self.margin),
        }
    }
}

/// Why an Elo difference cannot be measured yet: a score of 0% or 100% is an infinite
/// difference, and results that are all alike have no spread to give a margin.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Unmeasurable {
    /// No games have been played.
    NoGames,
    /// Every game was won (a score of 100%).
    AllWon,
    /// Every game was lost (a score of 0%).
    AllLost,
    /// Every game was drawn.
    AllDrawn,
    /// Every result (of a game, or of a pair of games) was the same, neither all won nor all
    /// lost.
    AllAlike,
}

impl fmt::Display for Unmeasurable {
    /// `all games won`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unmeasurable::NoGames => "no games",
            Unmeasurable::AllWon => "all games won",
            Unmeasurable::AllLost => "all games lost",
            Unmeasurable::AllDrawn => "all games drawn",
            Unmeasurable::AllAlike => "all results alike",
        })
    }
}

/// A sequential probability ratio test between two hypotheses on the Elo difference: H0, the
/// difference is `elo0`, against H1, it is `elo1`, with the error rates `alpha` (accepting H1
/// when H0 holds) and `beta` (accepting H0 when H1 holds). The log-likelihood ratio is
/// the generalised SPRT's approximation (Michel Van den Bergh's), which holds for trinomial and
/// pentanomial counts alike: `n (s1 - s0) (2 mean - s0 - s1) / (2 variance)`.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 is true.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 is true.
    pub beta: f64,
}

/// Where a sequential test stands.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SprtStatus {
    /// Not decided yet: play on.
    Continue,
    /// H0 accepted: no gain of `elo1`.
    AcceptH0,
    /// H1 accepted: a gain.
    AcceptH1,
}

impl FromStr for Sprt {
    type Err = ParseSettingsError;

    /// `elo0=E0,elo1=E1[,alpha=A][,beta=B]`: the bounds are needed, the error rates default to
    /// 0.05; `elo0 < elo1`, and both rates between 0 and 0.5.
    ///
    /// ```
    /// use chess_lab::stats::Sprt;
    ///
    /// let test: Sprt = "elo0=0,elo1=5".parse()?;
    /// assert_eq!(test, Sprt::new(0.0, 5.0, 0.05, 0.05));
    /// assert_eq!(
    ///     "elo0=0".parse::<Sprt>().unwrap_err().to_string(),
    ///     "elo0 and elo1 are needed"
    /// );
    /// # Ok::<_, chess_lab::settings::ParseSettingsError>(())
    /// ```
    fn from_str(text: &str) -> Result<Sprt, ParseSettingsError> {
        let mut test = Sprt::new(0.0, 5.0, 0.05, 0.05);
        let mut given = (false, false);
        for item in settings::items(
            text,
            &["elo0", "elo1", "alpha", "beta"],
            "elo0, elo1, alpha, beta",
        )? {
            let value: f64 = item.number()?;
            match item.key {
                "elo0" => (test.elo0, given.0) = (value, true),
                "elo1" => (test.elo1, given.1) = (value, true),
                "alpha" => test.alpha = value,
                _ => test.beta = value,
            }
        }
        if !(given.0 && given.1) {
            return Err(settings::invalid(text, "elo0 and elo1 are needed"));
        }
        let rate = |p: f64| p > 0.0 && p < 0.5;
        let ordered = test.elo0.partial_cmp(&test.elo1) == Some(core::cmp::Ordering::Less);
        if !ordered || !test.elo1.is_finite() || !rate(test.alpha) || !rate(test.beta) {
            return Err(settings::invalid(
                text,
                "expected elo0 < elo1 and alpha, beta between 0 and 0.5",
            ));
        }
        Ok(test)
    }
}

impl Sprt {
    /// A test of `elo0` against `elo1` with error rates `alpha` and `beta`.
    #[must_use]
    pub const fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        }
    }

    /// The log-likelihood ratio of the results.
    #[must_use]
    pub fn llr(&self, results: &Distribution) -> f64 {
        if results.samples == 0 || results.variance <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        f64::from(results.samples) * (s1 - s0) * (2.0 * results.mean - s0 - s1)
            / (2.0 * results.variance)
    }

    /// The lower and upper bounds of the ratio: below the first H0 is accepted, above the
    /// second H1.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Whether the results decide the test.
    #[must_use]
    pub fn status(&self, results: &Distribution) -> SprtStatus {
        let llr = self.llr(results);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtStatus::AcceptH1
        } else if llr <= lower {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }
}

/// The standard normal distribution function.
fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / core::f64::consts::SQRT_2)
}

/// The complementary error function, to a relative error under 1.2e-7 (the Chebyshev fit of
/// Numerical Recipes' `erfcc`).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_specs_need_both_bounds() {
        let test: Sprt = "elo0=0,elo1=10,alpha=0.1".parse().unwrap();
        assert_eq!(
            (test.elo0, test.elo1, test.alpha, test.beta),
            (0.0, 10.0, 0.1, 0.05)
        );
        for bad in [
            "elo0=0",
            "elo0=5,elo1=0",
            "elo0=0,elo1=5,alpha=0.9",
            "elo0=x,elo1=5",
            "elo0=nan,elo1=5",
            "elo0=0,elo1=inf",
            "gamma=1",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-800.0, -200.0, -1.0, 0.0, 35.5, 400.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn normal_cdf_matches_known_values() {
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(1.959_963_984_540_054), 0.975, 1e-6));
        assert!(close(normal_cdf(-1.0), 0.158_655_253_9, 1e-6));
        assert!(close(normal_cdf(3.0), 0.998_650_101_97, 1e-6));
    }

    #[test]
    fn trinomial_margin_matches_the_old_match_script() {
        // The 2000 rung of docs/engine.md's ladder (6e09422): +235 ± 50.
        let tally = Tally {
            wins: 139,
            draws: 40,
            losses: 21,
        };
        let elo = tally.elo();
        assert_eq!(elo.diff.round(), 235.0);
        assert_eq!(elo.margin.round(), 50.0);
        assert!(elo.los > 0.999);
        assert_eq!(elo.to_string(), "+235 ± 50");
        assert_eq!(tally.reversed().elo().to_string(), "-235 ± 50");
    }

    #[test]
    fn an_even_score_is_zero_elo_with_half_superiority() {
        let tally = Tally {
            wins: 10,
            draws: 5,
            losses: 10,
        };
        let elo = tally.elo();
        assert!(close(elo.diff, 0.0, 1e-9));
        assert!(close(elo.los, 0.5, 1e-7));
        assert!(Tally::default().elo().margin.is_infinite());
    }

    #[test]
    fn a_score_of_nothing_or_everything_is_not_measurable_yet() {
        // The match summary said "Elo difference -inf (95%)", without a margin.
        let won = Tally {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        assert_eq!(won.elo().to_string(), "not measurable yet (all games won)");
        assert_eq!(
            won.reversed().elo().to_string(),
            "not measurable yet (all games lost)"
        );
        let drawn = Tally {
            wins: 0,
            draws: 3,
            losses: 0,
        };
        assert_eq!(drawn.elo().unmeasurable, Some(Unmeasurable::AllDrawn));
        assert!(drawn.elo().margin.is_infinite());
        assert_eq!(
            Tally::default().elo().to_string(),
            "not measurable yet (no games)"
        );
        let mut pairs = PairTally::default();
        pairs.add(1.0, 0.0);
        pairs.add(0.0, 1.0);
        assert_eq!(pairs.elo().unmeasurable, Some(Unmeasurable::AllAlike));
        pairs.add(1.0, 0.5);
        assert_eq!(pairs.elo().unmeasurable, None);
        assert!(pairs.elo().to_string().contains(" ± "), "{}", pairs.elo());
    }

    #[test]
    fn pairs_that_repeat_each_other_have_a_narrower_margin() {
        // The same 200 games, first as pairs where both colours score alike (the opening
        // decides little), then as single games.
        let mut pairs = PairTally::default();
        let mut games = Tally::default();
        for (first, second, n) in [
            (1.0, 0.5, 30),
            (0.5, 0.5, 40),
            (1.0, 0.0, 20),
            (0.0, 0.5, 10),
        ] {
            for _ in 0..n {
                pairs.add(first, second);
                games.add(first);
                games.add(second);
            }
        }
        assert_eq!(pairs.pairs(), 100);
        assert_eq!(pairs.counts, [0, 10, 60, 30, 0]);
        let (p, t) = (pairs.elo(), games.elo());
        assert!(close(p.diff, t.diff, 1e-9), "{p:?} {t:?}");
        assert!(p.margin < t.margin, "{p:?} {t:?}");
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05);
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944, 1e-3) && close(upper, 2.944, 1e-3));
        // Few games decide nothing.
        let few = Tally {
            wins: 3,
            draws: 2,
            losses: 1,
        };
        assert_eq!(sprt.status(&few.distribution()), SprtStatus::Continue);
        // A long even run accepts H0, a long run at +30 accepts H1.
        let even = Tally {
            wins: 12_000,
            draws: 6_000,
            losses: 12_000,
        };
        assert_eq!(sprt.status(&even.distribution()), SprtStatus::AcceptH0);
        let better = Tally {
            wins: 1300,
            draws: 1000,
            losses: 1000,
        };
        assert_eq!(sprt.status(&better.distribution()), SprtStatus::AcceptH1);
        // The ratio grows with the evidence for H1.
        let a = sprt.llr(&few.distribution());
        assert!(a > 0.0 && a < upper);
    }

    #[test]
    fn the_llr_matches_a_direct_computation() {
        // n (s1 - s0)(2 m - s0 - s1) / (2 var) for 60 wins, 20 draws, 20 losses at [0, 10].
        let tally = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (s0, s1) = (0.5, score_from_elo(10.0));
        let m: f64 = 0.7;
        let var = (0.6 * 0.3f64.powi(2)) + (0.2 * 0.2f64.powi(2)) + (0.2 * 0.7f64.powi(2));
        let expected = 100.0 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var);
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05);
        assert!(close(sprt.llr(&tally.distribution()), expected, 1e-9));
    }
}
