//! Texel tuning: the evaluation's weights fitted to the results of games (and, when given,
//! the scores searches gave their positions).
//!
//! Every tuned term of the evaluation (piece-square values, mobility, pawn structure, rooks,
//! the king's shelter; see `src/eval/features.rs`) has a middlegame and an endgame weight.
//! A [`Sample`] is a position's terms, counted for white minus black, with its game phase and
//! the result of the game it comes from. The evaluation is linear in the weights, so the
//! logistic fit of results against evaluations (Texel's method: minimise the squared error
//! between the result and `1 / (1 + 10^(-k eval / 400))`) has an exact gradient, and
//! [`Tuner::fit`] follows it with Adam. [`render`] writes the weights as the Rust source of
//! `src/eval/weights.rs`.
//!
//! `cargo run --release -p chess-lab --example tune -- GAMES.pgn...` runs it on games; see
//! docs/engine.md for the data and the result.
//!
//! ```
//! use chess_lab::tune::{Sample, Tuner};
//! use chess_rules::Position;
//!
//! let start = Sample::new(&Position::standard(), 0.5).expect("a quiet position");
//! let mut tuner = Tuner::new(vec![start]);
//! // The start position scores its tempo: about even.
//! assert!(tuner.evaluate(0).abs() < 50.0);
//! tuner.fit(10, 1.0, |_, _| {});
//! ```

use core::fmt::Write as _;

use chess_engine::eval::{self, features};
use chess_rules::Position;

/// A position's evaluation terms and its game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The terms that apply, with their counts for white minus black.
    terms: Vec<(u16, i16)>,
    /// The side to move's bonus, for white (added after the scale, as the engine does).
    tempo: i32,
    /// The game phase, 24 (opening) to 0 (pawn endgame).
    phase: i32,
    /// The scale of the endgame score (see `eval::endgame`), 1 or less.
    scale: f64,
    /// The result for white: 1, 0.5 or 0.
    result: f64,
    /// A search's score of the position for white, in centipawns, if known.
    search: Option<f64>,
    /// What the fit aims at: the result, or a blend of it with the search's score.
    target: f64,
}

impl Sample {
    /// The sample of `pos` from a game that white scored `result` in (1, 0.5 or 0); `None` for
    /// a position in check, which no static evaluation judges well.
    #[must_use]
    pub fn new(pos: &Position, result: f64) -> Option<Sample> {
        if pos.is_check() {
            return None;
        }
        let eval::Trace {
            terms,
            tempo,
            phase,
            scale,
        } = eval::trace(pos);
        Some(Sample {
            terms,
            tempo,
            phase,
            scale,
            result,
            search: None,
            target: result,
        })
    }

    /// The sample with a search's score of the position for white (a `[%eval]` of the game),
    /// which [`Tuner::blend_search`] may mix into the target.
    #[must_use]
    pub fn with_search(mut self, centipawns: f64) -> Sample {
        self.search = Some(centipawns);
        self
    }

    /// The result for white.
    #[must_use]
    pub fn result(&self) -> f64 {
        self.result
    }
}

/// A fit of the weights to samples.
pub struct Tuner {
    samples: Vec<Sample>,
    /// The middlegame and endgame weight of every term.
    weights: Vec<[f64; 2]>,
    /// The weights the L2 penalty pulls towards, and its strength.
    anchor: Vec<[f64; 2]>,
    l2: f64,
    /// The scale of the logistic curve: evaluations in centipawns to expected results.
    k: f64,
}

impl Tuner {
    /// A tuner over `samples`, starting from the engine's weights.
    #[must_use]
    pub fn new(samples: Vec<Sample>) -> Tuner {
        let weights = eval::weights()
            .into_iter()
            .map(|(mg, eg)| [f64::from(mg), f64::from(eg)])
            .collect();
        Tuner {
            samples,
            anchor: Vec::new(),
            weights,
            l2: 0.0,
            k: 1.0,
        }
    }

    /// Starts from nothing but material (100, 300, 300, 500 and 900 centipawns for every
    /// square) instead of the engine's weights: a fit from there owes nothing to earlier
    /// choices of weights.
    pub fn start_from_material(&mut self) {
        const MATERIAL: [f64; 6] = [100.0, 300.0, 300.0, 500.0, 900.0, 0.0];
        for w in &mut self.weights {
            *w = [0.0, 0.0];
        }
        for (role, value) in MATERIAL.iter().enumerate() {
            for sq in 0..64 {
                self.weights[features::PSQT + 64 * role + sq] = [*value, *value];
            }
        }
    }

    /// Aims the fit at `lambda` times the game's result plus `1 - lambda` times the expected
    /// result of the search's score, for samples that have one (with the current `k`): a
    /// search's judgement is far less noisy than one game's result, so few games go further.
    pub fn blend_search(&mut self, lambda: f64) {
        let k = self.k;
        for sample in &mut self.samples {
            sample.target = match sample.search {
                Some(cp) => lambda * sample.result + (1.0 - lambda) * sigmoid(k, cp),
                None => sample.result,
            };
        }
    }

    /// Penalises each weight's squared distance from its current value by `l2` (per
    /// centipawn squared, against the mean squared error), so that terms the samples say
    /// little about stay where they are.
    pub fn regularise(&mut self, l2: f64) {
        self.anchor.clone_from(&self.weights);
        self.l2 = l2;
    }

    /// The samples.
    #[must_use]
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether there are no samples.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// The evaluation of sample `i` for white with the current weights, in centipawns.
    #[must_use]
    pub fn evaluate(&self, i: usize) -> f64 {
        let sample = &self.samples[i];
        evaluate(sample, &self.weights)
    }

    /// The mean squared error of the predictions with the current weights and `k`.
    #[must_use]
    pub fn error(&self) -> f64 {
        mean_error(&self.samples, &self.weights, self.k)
    }

    /// The mean squared error of the current weights on other samples (held out from the
    /// fit, to see it generalise).
    #[must_use]
    pub fn error_on(&self, samples: &[Sample]) -> f64 {
        mean_error(samples, &self.weights, self.k)
    }

    /// Chooses the curve's scale `k` that fits the current weights best (a golden-section
    /// search), and returns it.
    pub fn fit_k(&mut self) -> f64 {
        let (mut lo, mut hi) = (0.1f64, 4.0f64);
        let ratio = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..60 {
            let a = hi - ratio * (hi - lo);
            let b = lo + ratio * (hi - lo);
            if mean_error(&self.samples, &self.weights, a)
                < mean_error(&self.samples, &self.weights, b)
            {
                hi = b;
            } else {
                lo = a;
            }
        }
        self.k = (lo + hi) / 2.0;
        self.k
    }

    /// Runs `epochs` steps of Adam on the whole set with learning rate `rate` (centipawns per
    /// step); `progress` hears the epoch and the error now and then.
    pub fn fit(&mut self, epochs: usize, rate: f64, mut progress: impl FnMut(usize, f64)) {
        let n = self.weights.len();
        let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
        let mut m = vec![[0.0f64; 2]; n];
        let mut v = vec![[0.0f64; 2]; n];
        let scale = core::f64::consts::LN_10 * self.k / 400.0;
        for epoch in 1..=epochs {
            let mut gradient = vec![[0.0f64; 2]; n];
            for sample in &self.samples {
                let (mg_sum, eg_sum, complexity) = sums(sample, &self.weights);
                let eval = blend(sample, mg_sum, winnable(eg_sum, complexity));
                let predicted = sigmoid(self.k, eval);
                // d(error)/d(eval), the factor 2/N left to the step size.
                let d = (predicted - sample.target) * predicted * (1.0 - predicted) * scale;
                let mg = d * f64::from(sample.phase) / 24.0;
                // Where the complexity would take the endgame score past zero, the score is
                // zero whatever the weights.
                let eg = if complexity > -eg_sum.abs() {
                    d * sample.scale * f64::from(24 - sample.phase) / 24.0
                } else {
                    0.0
                };
                let sign = sign(eg_sum);
                for &(i, c) in &sample.terms {
                    let g = &mut gradient[usize::from(i)];
                    if usize::from(i) >= features::COMPLEXITY {
                        g[1] += eg * sign * f64::from(c);
                    } else {
                        g[0] += mg * f64::from(c);
                        g[1] += eg * f64::from(c);
                    }
                }
            }
            let count = self.samples.len().max(1) as f64;
            for i in 0..n {
                for j in 0..2 {
                    let mut g = 2.0 * gradient[i][j] / count;
                    if let Some(anchor) = self.anchor.get(i) {
                        g += 2.0 * self.l2 * (self.weights[i][j] - anchor[j]);
                    }
                    m[i][j] = beta1 * m[i][j] + (1.0 - beta1) * g;
                    v[i][j] = beta2 * v[i][j] + (1.0 - beta2) * g * g;
                    let m_hat = m[i][j] / (1.0 - beta1.powi(epoch as i32));
                    let v_hat = v[i][j] / (1.0 - beta2.powi(epoch as i32));
                    self.weights[i][j] -= rate * m_hat / (v_hat.sqrt() + epsilon);
                }
            }
            if epoch % 50 == 0 || epoch == epochs {
                progress(epoch, self.error());
            }
        }
    }

    /// The weights, rounded.
    #[must_use]
    pub fn weights(&self) -> Vec<(i32, i32)> {
        self.weights
            .iter()
            .map(|w| (w[0].round() as i32, w[1].round() as i32))
            .collect()
    }
}

/// The middlegame and endgame sums of a sample's terms, and its complexity (the
/// [`COMPLEXITY`](features::COMPLEXITY) terms, which count apart).
fn sums(sample: &Sample, weights: &[[f64; 2]]) -> (f64, f64, f64) {
    let (mut mg, mut eg, mut complexity) = (0.0, 0.0, 0.0);
    for &(i, c) in &sample.terms {
        let w = weights[usize::from(i)];
        if usize::from(i) >= features::COMPLEXITY {
            complexity += w[1] * f64::from(c);
        } else {
            mg += w[0] * f64::from(c);
            eg += w[1] * f64::from(c);
        }
    }
    (mg, eg, complexity)
}

/// -1, 0 or 1 as `x` is negative, zero or positive.
fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// The endgame score moved by the complexity, as `eval::endgame::winnable` does.
fn winnable(eg: f64, complexity: f64) -> f64 {
    eg + sign(eg) * complexity.max(-eg.abs())
}

/// The evaluation for white from the sums: the phase blend, the scale, the tempo.
fn blend(sample: &Sample, mg: f64, eg: f64) -> f64 {
    let phase = f64::from(sample.phase);
    (mg * phase + eg * sample.scale * (24.0 - phase)) / 24.0 + f64::from(sample.tempo)
}

fn evaluate(sample: &Sample, weights: &[[f64; 2]]) -> f64 {
    let (mg, eg, complexity) = sums(sample, weights);
    blend(sample, mg, winnable(eg, complexity))
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn mean_error(samples: &[Sample], weights: &[[f64; 2]], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.target - sigmoid(k, evaluate(s, weights))).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The Rust source of `src/eval/weights.rs` holding `weights` (as [`Tuner::weights`] gives
/// them), with `provenance` (the fit, and the recipe: command, data digests, date), one
/// comment line per line, saying where they come from.
#[must_use]
pub fn render(weights: &[(i32, i32)], provenance: &str) -> String {
    let mut out = String::new();
    out.push_str("// @generated by `cargo run --release -p chess-lab --example tune`.\n");
    for line in provenance.lines() {
        let _ = writeln!(out, "// {line}");
    }
    out.push_str(
        "//! The weights of the tuned terms (see [`features`](super::features)), fitted to the\n\
         //! engine's own games: their results and its searches' scores of their positions.\n\n\
         use super::features::COUNT;\nuse super::tapered::S;\n\n\
         /// Every weight, by feature index.\n\
         #[rustfmt::skip]\n\
         pub(crate) static WEIGHTS: [S; COUNT] = [\n",
    );
    let sections = features::SECTIONS;
    let mut i = 0;
    while i < weights.len() {
        if let Some((_, name)) = sections.iter().find(|(start, _)| *start == i) {
            let _ = writeln!(out, "    // {name}");
        }
        let end = sections
            .iter()
            .map(|(start, _)| *start)
            .filter(|&start| start > i)
            .min()
            .unwrap_or(weights.len())
            .min(i + 8);
        out.push_str("   ");
        for &(mg, eg) in &weights[i..end] {
            let _ = write!(out, " S({mg}, {eg}),");
        }
        out.push('\n');
        i = end;
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::Fen;
    use chess_rules::CastlingMode;

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    /// The samples' linear evaluation is the engine's, for white.
    #[test]
    fn samples_evaluate_as_the_engine_does() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "4k3/8/8/8/8/8/8/3RK2n b - - 0 1",
            "6k1/8/6KP/8/B7/8/8/8 w - - 0 1",
            "8/5pk1/6p1/2b5/8/5PP1/4B1KP/8 w - - 0 1",
        ] {
            let pos = position(fen);
            let tuner = Tuner::new(vec![Sample::new(&pos, 0.5).unwrap()]);
            let engine = chess_engine::evaluate(&pos);
            let white = if pos.turn().is_white() {
                engine
            } else {
                -engine
            };
            // The engine rounds down twice (the scaled endgame score, then the blend).
            assert!(
                (tuner.evaluate(0) - f64::from(white)).abs() <= 2.0,
                "{fen}: {} against {white}",
                tuner.evaluate(0)
            );
        }
        let check = position("4k3/8/8/8/8/8/8/K3R3 b - - 0 1");
        assert!(check.is_check() && Sample::new(&check, 0.5).is_none());
    }

    /// Fitting moves the weights towards the results: positions with an extra knight that
    /// white always loses drive the knight's value down.
    #[test]
    fn fitting_follows_the_results() {
        let pos = position("4k3/pppppppp/8/8/8/3N4/PPPPPPPP/4K3 w - - 0 1");
        let samples = vec![Sample::new(&pos, 0.0).unwrap(); 20];
        let mut tuner = Tuner::new(samples);
        let before = tuner.error();
        let knight = |t: &Tuner| t.weights()[features::PSQT + 64 + 19];
        let start = knight(&tuner);
        tuner.fit(200, 2.0, |_, _| {});
        assert!(tuner.error() < before);
        assert!(
            knight(&tuner).1 < start.1,
            "{:?} {:?}",
            knight(&tuner),
            start
        );
    }

    #[test]
    fn k_fits_a_known_curve() {
        // Results drawn from the curve with k = 1.5, as expected values.
        let pos = [
            position("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
            position("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1"),
            position("4k3/p7/8/8/8/8/8/4K3 w - - 0 1"),
        ];
        let mut samples = Vec::new();
        for p in &pos {
            let probe = Tuner::new(vec![Sample::new(p, 0.5).unwrap()]);
            let result = sigmoid(1.5, probe.evaluate(0));
            samples.push(Sample::new(p, result).unwrap());
        }
        let mut tuner = Tuner::new(samples);
        let k = tuner.fit_k();
        assert!((k - 1.5).abs() < 0.01, "{k}");
    }

    #[test]
    fn rendering_lists_every_weight() {
        let weights: Vec<(i32, i32)> = (0..features::COUNT as i32).map(|i| (i, -i)).collect();
        let text = render(&weights, "test data");
        assert!(text.starts_with("// @generated"));
        assert!(text.contains("// test data\n"));
        assert_eq!(text.matches(" S(").count(), features::COUNT);
        assert!(
            text.contains("    // bishop pair\n    S(450, -450),\n"),
            "{text}"
        );
    }

    #[test]
    fn search_scores_blend_into_the_target_and_l2_holds_weights() {
        let pos = position("4k3/pppppppp/8/8/8/3N4/PPPPPPPP/4K3 w - - 0 1");
        let sample = Sample::new(&pos, 0.0).unwrap().with_search(300.0);
        let mut tuner = Tuner::new(vec![sample.clone(); 10]);
        tuner.k = 1.0;
        tuner.blend_search(0.25);
        let expected = 0.75 * sigmoid(1.0, 300.0);
        assert!((tuner.samples[0].target - expected).abs() < 1e-12);
        // Without a search score the target stays the result.
        let mut plain = Tuner::new(vec![Sample::new(&pos, 0.0).unwrap()]);
        plain.blend_search(0.25);
        assert_eq!(plain.samples[0].target, 0.0);

        let knight = |t: &Tuner| t.weights()[features::PSQT + 64 + 19];
        let mut free = Tuner::new(vec![Sample::new(&pos, 0.0).unwrap(); 10]);
        let mut held = Tuner::new(vec![Sample::new(&pos, 0.0).unwrap(); 10]);
        held.regularise(1.0);
        free.fit(100, 2.0, |_, _| {});
        held.fit(100, 2.0, |_, _| {});
        let start = knight(&Tuner::new(Vec::new()));
        assert!((knight(&held).1 - start.1).abs() < (knight(&free).1 - start.1).abs());
    }
}
