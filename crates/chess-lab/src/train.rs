//! Training of the [network](chess_engine::nnue::Network) on positions labelled with a search's
//! score and the game's result, as the `datagen` example writes them (`FEN | score | result`,
//! the score in centipawns and the result 1.0, 0.5 or 0.0, both for white).
//!
//! The trainer fits the network in floating point by gradient descent (Adam, in batches, on
//! several threads), then rounds its weights to the integers the engine evaluates with. Each
//! position is aimed at `λ × result + (1 − λ) × sigmoid(score / K)`, the prediction being
//! `sigmoid(output)` with the output in units of `K` centipawns: `K` is fitted first, so that
//! the score's winning chances match the results of the data, and the network then speaks the
//! same centipawns as the search that labelled it.
//!
//! ```
//! use chess_lab::train::{Config, Sample, Trainer};
//!
//! let lines = [
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 0.5",
//!     "4k3/8/8/8/8/8/4P3/4K2R w - - 0 1 | 900 | 1.0",
//!     "4k2r/4p3/8/8/8/8/8/4K3 w - - 0 1 | -900 | 0.0",
//! ];
//! let samples: Vec<Sample> = lines.iter().map(|l| l.parse().unwrap()).collect();
//! let config = Config { epochs: 200, batch_size: 3, rate: 0.01, ..Config::default() };
//! let mut trainer = Trainer::new(&config, 150.0);
//! let before = trainer.loss(&samples);
//! trainer.train(&samples, &[], |_| {});
//! assert!(trainer.loss(&samples) < before / 2.0);
//! // White's rook wins, black's rook wins.
//! assert!(trainer.evaluate(&samples[1]) > 200.0);
//! assert!(trainer.evaluate(&samples[2]) < -200.0);
//! ```

use std::fmt;
use std::str::FromStr;

use chess_core::{Color, Square};
use chess_notation::BoardFen;

use chess_engine::Rng;
use chess_engine::nnue::{
    BUCKETS, HIDDEN, INPUTS, KING_BUCKETS, Network, QA, QB, bucket, feature, flip_feature,
    king_bucket,
};

/// The largest weight: the integer output weights must stay within 127 (see
/// [`Network::evaluate`]), and the accumulator's 16 bits need headroom.
const CLIP: f32 = 1.98;

/// A training position: its inputs, side to move, score and result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The inputs of white's view (black's are their [`flip_feature`]s).
    features: [u16; 32],
    len: u8,
    /// The squares of the white and the black king.
    kings: [Option<Square>; 2],
    white_to_move: bool,
    bucket: u8,
    /// The score for white, in centipawns.
    score: i16,
    /// The result for white: 0 lost, 1 drawn, 2 won.
    result: u8,
    /// The evaluation the network corrects, for the side to move, in centipawns (0 for a
    /// network that evaluates alone).
    base: i16,
}

/// Why a line is not a sample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSampleError(String);

impl fmt::Display for ParseSampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseSampleError {}

impl FromStr for Sample {
    type Err = ParseSampleError;

    /// Reads `FEN | score | result`.
    fn from_str(line: &str) -> Result<Sample, ParseSampleError> {
        let error = |message: String| ParseSampleError(message);
        let mut fields = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(error(
                "expected three fields, FEN | score | result".to_owned(),
            ));
        };
        let mut fen_fields = fen.split_ascii_whitespace();
        let placement = fen_fields.next().unwrap_or("");
        let board = BoardFen::parse(placement).map_err(|e| error(format!("FEN: {e}")))?;
        let white_to_move = match fen_fields.next() {
            Some("w") => true,
            Some("b") => false,
            other => {
                return Err(error(format!(
                    "FEN: expected the side to move, w or b, found {other:?}"
                )));
            }
        };
        let score: i32 = score
            .parse()
            .map_err(|_| error(format!("score: expected centipawns, found {score:?}")))?;
        let result = match result {
            "1.0" | "1" | "1-0" => 2,
            "0.5" | "1/2-1/2" => 1,
            "0.0" | "0" | "0-1" => 0,
            _ => {
                return Err(error(format!(
                    "result: expected 1.0, 0.5 or 0.0, found {result:?}"
                )));
            }
        };
        let pieces = board.occupied().count();
        if pieces > 32 {
            return Err(error(format!("FEN: {pieces} pieces, more than 32")));
        }
        let mut sample = Sample {
            features: [0; 32],
            len: 0,
            kings: [Color::White, Color::Black].map(|c| board.king_of(c)),
            white_to_move,
            bucket: bucket(pieces) as u8,
            score: score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
            result,
            base: 0,
        };
        for (sq, piece) in board.iter() {
            sample.features[usize::from(sample.len)] = feature(Color::White, piece, sq) as u16;
            sample.len += 1;
        }
        Ok(sample)
    }
}

impl Sample {
    /// The score for the side to move, in centipawns.
    #[must_use]
    pub fn score(&self) -> i32 {
        let score = i32::from(self.score);
        if self.white_to_move { score } else { -score }
    }

    /// The result for the side to move: 0, 0.5 or 1.
    #[must_use]
    pub fn result(&self) -> f32 {
        let result = f32::from(self.result) / 2.0;
        if self.white_to_move {
            result
        } else {
            1.0 - result
        }
    }

    /// The inputs of the side to move's view, then the other's (the first
    /// [`Sample::pieces`] of each), for a network of `king_buckets` king buckets.
    fn views(&self, king_buckets: usize) -> ([u16; 32], [u16; 32]) {
        let offset = |color: Color| {
            if king_buckets == 1 {
                0
            } else {
                (king_bucket(color, self.kings[color as usize]) * INPUTS) as u16
            }
        };
        let (white_offset, black_offset) = (offset(Color::White), offset(Color::Black));
        let mut white = self.features;
        let mut black = [0u16; 32];
        for (b, w) in black.iter_mut().zip(&mut white[..self.pieces()]) {
            *b = flip_feature(usize::from(*w)) as u16 + black_offset;
            *w += white_offset;
        }
        if self.white_to_move {
            (white, black)
        } else {
            (black, white)
        }
    }

    /// The sample for a residual network: `cp` (for the side to move) is the evaluation the
    /// network is to correct, the classical one of the position.
    #[must_use]
    pub fn with_base(mut self, cp: i32) -> Sample {
        self.base = cp.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16;
        self
    }

    /// The evaluation the network corrects, for the side to move, in centipawns.
    #[must_use]
    pub fn base(&self) -> i32 {
        i32::from(self.base)
    }

    /// The number of pieces on the board.
    #[must_use]
    pub fn pieces(&self) -> usize {
        usize::from(self.len)
    }

    /// The same position with the files reversed (a to h): as good a sample, since only the
    /// castling rights, which the network does not see, tell the wings apart.
    #[must_use]
    pub fn mirrored(&self) -> Sample {
        let mut mirrored = self.clone();
        for f in &mut mirrored.features[..self.pieces()] {
            *f ^= 7;
        }
        mirrored.kings = self.kings.map(|king| king.map(Square::flip_horizontal));
        mirrored
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct Config {
    /// Passes over the data.
    pub epochs: usize,
    /// Positions a step.
    pub batch_size: usize,
    /// Adam's step size at the start; it decays to a twentieth by the last epoch (cosine).
    pub rate: f32,
    /// The weight of the game's result in the target (λ), against the score's.
    pub lambda: f32,
    /// Threads that compute the gradient.
    pub threads: usize,
    /// The seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Fit a network that corrects the samples' [`base`](Sample::base) evaluation (added to
    /// its output) instead of one that evaluates alone.
    pub residual: bool,
    /// Fit a network with [`KING_BUCKETS`] king buckets (a network to go on from that has
    /// none is copied into them first: [`Network::with_king_buckets`]).
    pub king_buckets: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            epochs: 30,
            batch_size: 16384,
            rate: 0.001,
            lambda: 0.5,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            seed: 1,
            residual: false,
            king_buckets: false,
        }
    }
}

/// The network in floating point, as the trainer fits it.
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    /// 1, or [`KING_BUCKETS`].
    king_buckets: usize,
    /// The first layer, input by input ([`INPUTS`] a king bucket).
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// The output layer, bucket by bucket: the side to move's half, then the other's.
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl FloatNetwork {
    fn zeroed(king_buckets: usize) -> FloatNetwork {
        FloatNetwork {
            king_buckets,
            w1: vec![0.0; king_buckets * INPUTS * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; BUCKETS * 2 * HIDDEN],
            b2: vec![0.0; BUCKETS],
        }
    }

    /// Small random weights: uniform within ±1/√fan-in.
    fn random(rng: &mut Rng, king_buckets: usize) -> FloatNetwork {
        let mut net = FloatNetwork::zeroed(king_buckets);
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * bound
        };
        let first = 1.0 / (INPUTS as f32).sqrt();
        net.w1.iter_mut().for_each(|w| *w = uniform(first));
        let output = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        net.w2.iter_mut().for_each(|w| *w = uniform(output));
        net
    }

    fn params(&self) -> [&[f32]; 4] {
        [&self.w1, &self.b1, &self.w2, &self.b2]
    }

    fn params_mut(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    /// The first layer's sums of the side to move's view and the other's.
    fn accumulate(&self, sample: &Sample) -> ([f32; HIDDEN], [f32; HIDDEN]) {
        let mut us = [0.0f32; HIDDEN];
        let mut them = [0.0f32; HIDDEN];
        us.copy_from_slice(&self.b1);
        them.copy_from_slice(&self.b1);
        let (ours, theirs) = sample.views(self.king_buckets);
        let n = sample.pieces();
        for (acc, features) in [(&mut us, &ours[..n]), (&mut them, &theirs[..n])] {
            for &f in features {
                let f = usize::from(f);
                add(acc, &self.w1[f * HIDDEN..(f + 1) * HIDDEN]);
            }
        }
        (us, them)
    }

    /// The output (a logit of the side to move's winning chances) from the accumulators.
    fn output(&self, bucket: usize, us: &[f32; HIDDEN], them: &[f32; HIDDEN]) -> f32 {
        let w = &self.w2[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        let dot = |acc: &[f32; HIDDEN], w: &[f32]| -> f32 {
            acc.iter().zip(w).map(|(&x, &w)| screlu(x) * w).sum()
        };
        dot(us, &w[..HIDDEN]) + dot(them, &w[HIDDEN..]) + self.b2[bucket]
    }

    /// The network's output for `sample`, in units of the scale: a logit of the winning
    /// chances of the side to move.
    #[must_use]
    pub fn logit(&self, sample: &Sample) -> f32 {
        let (us, them) = self.accumulate(sample);
        self.output(usize::from(sample.bucket), &us, &them)
    }

    /// The floating-point network of a quantized one (the inverse of
    /// [`FloatNetwork::quantize`] up to its rounding), and the network's scale: the weights
    /// to go on training from.
    #[must_use]
    pub fn dequantize(net: &Network) -> (FloatNetwork, f32) {
        let mut net = net.clone();
        let mut float = FloatNetwork::zeroed(net.king_buckets());
        let params = net.parameters_mut();
        for (weights, row) in float
            .w1
            .chunks_exact_mut(HIDDEN)
            .zip(params.feature_weights.iter())
        {
            for (w, &value) in weights.iter_mut().zip(row) {
                *w = f32::from(value) / QA as f32;
            }
        }
        for (b, &value) in float.b1.iter_mut().zip(params.feature_bias.iter()) {
            *b = f32::from(value) / QA as f32;
        }
        for (weights, row) in float
            .w2
            .chunks_exact_mut(2 * HIDDEN)
            .zip(params.output_weights.iter())
        {
            for (w, &value) in weights.iter_mut().zip(row) {
                *w = f32::from(value) / QB as f32;
            }
        }
        for (b, &value) in float.b2.iter_mut().zip(params.output_bias.iter()) {
            *b = value as f32 / (QA * QB) as f32;
        }
        (float, *params.scale as f32)
    }

    /// The network in integers, its output in centipawns of `scale` per unit.
    #[must_use]
    pub fn quantize(&self, scale: f32) -> Network {
        let mut net = Network::zeroed_with_king_buckets(self.king_buckets > 1);
        let params = net.parameters_mut();
        let q = |w: f32, by: i32| (w.clamp(-CLIP, CLIP) * by as f32).round() as i16;
        for (row, weights) in params
            .feature_weights
            .iter_mut()
            .zip(self.w1.chunks_exact(HIDDEN))
        {
            for (value, &w) in row.iter_mut().zip(weights) {
                *value = q(w, QA);
            }
        }
        for (value, &w) in params.feature_bias.iter_mut().zip(&self.b1) {
            *value = q(w, QA);
        }
        for (row, weights) in params
            .output_weights
            .iter_mut()
            .zip(self.w2.chunks_exact(2 * HIDDEN))
        {
            for (value, &w) in row.iter_mut().zip(weights) {
                *value = q(w, QB);
            }
        }
        for (value, &b) in params.output_bias.iter_mut().zip(&self.b2) {
            *value = (b * (QA * QB) as f32).round() as i32;
        }
        *params.scale = scale.round() as i32;
        net
    }
}

#[inline(always)]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

#[inline(always)]
fn add(acc: &mut [f32; HIDDEN], column: &[f32]) {
    for (a, &c) in acc.iter_mut().zip(column) {
        *a += c;
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The position of a data line (`FEN | score | result`) as the trainer's `--dedup` tells
/// positions apart: the FEN's first four fields (placement, side to move, castling rights, en
/// passant square), whatever the move counters and the labels after them.
///
/// ```
/// use chess_lab::train::position_key;
///
/// let a = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 120 | 1.0";
/// let b = "4k3/8/8/8/8/8/4P3/4K3 w - - 12 40 | 95 | 0.5";
/// assert_eq!(position_key(a), position_key(b));
/// assert_eq!(position_key(a), "4k3/8/8/8/8/8/4P3/4K3 w - -");
/// assert_ne!(position_key(a), position_key("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 | 0 | 0.5"));
/// ```
#[must_use]
pub fn position_key(line: &str) -> &str {
    let fen = line.split('|').next().unwrap_or("").trim_start();
    // The end of the fourth field, or of the FEN where it has fewer.
    let mut end = fen.len();
    let mut fields = 0;
    let mut in_field = false;
    for (i, c) in fen.char_indices() {
        if c.is_ascii_whitespace() {
            if in_field {
                fields += 1;
                in_field = false;
                if fields == 4 {
                    end = i;
                    break;
                }
            }
        } else {
            in_field = true;
        }
    }
    fen[..end].trim_end()
}

/// Fits the scale `K` that makes `sigmoid(score / K)` best predict the results of `samples`
/// (a golden-section search between 50 and 1000 centipawns).
#[must_use]
pub fn fit_scale(samples: &[Sample]) -> f32 {
    let error = |k: f64| -> f64 {
        samples
            .iter()
            .map(|s| {
                let p = 1.0 / (1.0 + (-f64::from(s.score()) / k).exp());
                (p - f64::from(s.result())).powi(2)
            })
            .sum()
    };
    let (mut lo, mut hi) = (50.0f64, 1000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0) as f32
}

/// The gradient of the loss over a batch, and the loss.
struct Gradient {
    params: FloatNetwork,
    loss: f64,
}

impl Gradient {
    fn new(king_buckets: usize) -> Gradient {
        Gradient {
            params: FloatNetwork::zeroed(king_buckets),
            loss: 0.0,
        }
    }

    fn clear(&mut self) {
        for p in self.params.params_mut() {
            p.fill(0.0);
        }
        self.loss = 0.0;
    }
}

/// Fits a network to samples.
#[derive(Debug)]
pub struct Trainer {
    net: FloatNetwork,
    /// Adam's moments, parameter by parameter.
    m: FloatNetwork,
    v: FloatNetwork,
    steps: u64,
    epochs: usize,
    config: Config,
    /// The scale `K` in centipawns.
    scale: f32,
    rng: Rng,
}

/// What [`Trainer::train`] reports after each epoch.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean loss on the training samples during the epoch.
    pub train_loss: f64,
    /// The mean loss on the held-out samples after it (0 without any).
    pub validation_loss: f64,
    /// The step size of its last step.
    pub rate: f32,
}

impl Trainer {
    /// A trainer of a network of random weights, for data whose scores are worth `scale`
    /// centipawns a unit of logit (see [`fit_scale`]).
    #[must_use]
    pub fn new(config: &Config, scale: f32) -> Trainer {
        let mut rng = Rng::new(config.seed);
        let king_buckets = if config.king_buckets { KING_BUCKETS } else { 1 };
        Trainer {
            net: FloatNetwork::random(&mut rng, king_buckets),
            m: FloatNetwork::zeroed(king_buckets),
            v: FloatNetwork::zeroed(king_buckets),
            steps: 0,
            epochs: 0,
            config: config.clone(),
            scale,
            rng,
        }
    }

    /// A trainer that goes on from the weights of `net` (fine-tuning it on new data), at the
    /// network's own scale, residual if `net` is and with king buckets if `net` or `config`
    /// has them (a network without them copied into them). `None` when the network has no
    /// positive scale (a zeroed network): there is nothing to go on from.
    #[must_use]
    pub fn from_network(config: &Config, net: &Network) -> Option<Trainer> {
        let king_buckets = config.king_buckets || net.king_buckets() > 1;
        let net = if king_buckets {
            net.with_king_buckets()
        } else {
            net.clone()
        };
        let (float, scale) = FloatNetwork::dequantize(&net);
        if scale <= 0.0 {
            return None;
        }
        let config = Config {
            residual: net.is_residual(),
            king_buckets,
            ..config.clone()
        };
        let mut trainer = Trainer::new(&config, scale);
        trainer.net = float;
        Some(trainer)
    }

    /// The scale `K`: centipawns a unit of logit.
    #[must_use]
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The network as fitted so far.
    #[must_use]
    pub fn network(&self) -> &FloatNetwork {
        &self.net
    }

    /// The evaluation of `sample` for the side to move by the network as fitted so far, in
    /// centipawns.
    #[must_use]
    pub fn evaluate(&self, sample: &Sample) -> f32 {
        self.logit(sample) * self.scale
    }

    /// The fitted network in integers, in centipawns of the trainer's scale.
    #[must_use]
    pub fn quantized(&self) -> Network {
        let mut net = self.net.quantize(self.scale);
        net.set_residual(self.config.residual);
        net
    }

    /// The predicted logit of `sample`: the network's output, plus the base evaluation's
    /// when the network corrects it.
    fn logit(&self, sample: &Sample) -> f32 {
        self.net.logit(sample) + self.base_logit(sample)
    }

    /// The base evaluation of `sample` in units of logit (0 unless residual).
    fn base_logit(&self, sample: &Sample) -> f32 {
        if self.config.residual {
            sample.base() as f32 / self.scale
        } else {
            0.0
        }
    }

    fn target(&self, sample: &Sample) -> f32 {
        let lambda = self.config.lambda;
        lambda * sample.result() + (1.0 - lambda) * sigmoid(sample.score() as f32 / self.scale)
    }

    /// The mean squared error on `samples` of the winning chances of other evaluations,
    /// `evals[i]` the centipawns of `samples[i]` for the side to move: the error the
    /// network's is to be compared with.
    #[must_use]
    pub fn loss_of(&self, samples: &[Sample], evals: &[f32]) -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        let total: f64 = samples
            .iter()
            .zip(evals)
            .map(|(s, &cp)| f64::from((sigmoid(cp / self.scale) - self.target(s)).powi(2)))
            .sum();
        total / samples.len() as f64
    }

    /// The mean squared error of the network's winning chances on `samples`.
    #[must_use]
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        let total: f64 = samples
            .iter()
            .map(|s| f64::from((sigmoid(self.logit(s)) - self.target(s)).powi(2)))
            .sum();
        total / samples.len() as f64
    }

    /// Trains on `samples` for the configured epochs, reporting the loss on them and on
    /// `held_out` after each.
    pub fn train(
        &mut self,
        samples: &[Sample],
        held_out: &[Sample],
        mut on_epoch: impl FnMut(Epoch),
    ) {
        while self.epochs < self.config.epochs {
            on_epoch(self.epoch(samples, held_out));
        }
    }

    /// One pass over `samples` in a random order; the loss on them and on `held_out`.
    ///
    /// The step size follows the schedule of the configured epochs: call this that many times
    /// with the same samples.
    pub fn epoch(&mut self, samples: &[Sample], held_out: &[Sample]) -> Epoch {
        let threads = self.config.threads.max(1);
        let mut gradients: Vec<Gradient> = (0..threads)
            .map(|_| Gradient::new(self.net.king_buckets))
            .collect();
        let mut order: Vec<u32> = (0..samples.len() as u32).collect();
        // Fisher-Yates with the trainer's generator.
        for i in (1..order.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let batch = self.config.batch_size.max(1);
        let total_steps = (samples.len().div_ceil(batch) * self.config.epochs).max(1);
        let mut rate = self.config.rate;
        let mut loss = 0.0;
        for chunk in order.chunks(batch) {
            let progress = (self.steps as f32 / total_steps as f32).min(1.0);
            rate = self.config.rate
                * (0.05 + 0.95 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
            loss += self.step(samples, chunk, &mut gradients, rate);
        }
        self.epochs += 1;
        Epoch {
            epoch: self.epochs,
            train_loss: loss / samples.len().max(1) as f64,
            validation_loss: self.loss(held_out),
            rate,
        }
    }

    /// One step of Adam on the samples `batch` of `samples`; returns their summed loss.
    fn step(
        &mut self,
        samples: &[Sample],
        batch: &[u32],
        gradients: &mut [Gradient],
        rate: f32,
    ) -> f64 {
        let per_thread = batch.len().div_ceil(gradients.len());
        let this = &*self;
        std::thread::scope(|scope| {
            for (part, gradient) in batch.chunks(per_thread).zip(gradients.iter_mut()) {
                scope.spawn(move || {
                    gradient.clear();
                    for &i in part {
                        this.accumulate_gradient(&samples[i as usize], gradient);
                    }
                });
            }
        });
        let (first, rest) = gradients.split_first_mut().expect("a thread");
        let parts = batch.len().div_ceil(per_thread);
        for other in &rest[..parts.saturating_sub(1)] {
            for (sum, part) in first
                .params
                .params_mut()
                .into_iter()
                .zip(other.params.params())
            {
                for (s, &p) in sum.iter_mut().zip(part) {
                    *s += p;
                }
            }
            first.loss += other.loss;
        }
        self.steps += 1;
        let (beta1, beta2, epsilon) = (0.9f32, 0.999f32, 1e-8f32);
        let correction1 = 1.0 - beta1.powi(self.steps.min(100_000) as i32);
        let correction2 = 1.0 - beta2.powi(self.steps.min(100_000) as i32);
        let scale = 1.0 / batch.len() as f32;
        let params = self.net.params_mut();
        let ms = self.m.params_mut();
        let vs = self.v.params_mut();
        for (((p, m), v), g) in params
            .into_iter()
            .zip(ms)
            .zip(vs)
            .zip(first.params.params())
        {
            for (((p, m), v), &g) in p.iter_mut().zip(m.iter_mut()).zip(v.iter_mut()).zip(g) {
                let g = g * scale;
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                let step = rate * (*m / correction1) / ((*v / correction2).sqrt() + epsilon);
                *p = (*p - step).clamp(-CLIP, CLIP);
            }
        }
        first.loss
    }

    /// Adds the gradient of `sample`'s squared error to `gradient`.
    fn accumulate_gradient(&self, sample: &Sample, gradient: &mut Gradient) {
        let net = &self.net;
        let (us, them) = net.accumulate(sample);
        let bucket = usize::from(sample.bucket);
        let output = net.output(bucket, &us, &them) + self.base_logit(sample);
        let predicted = sigmoid(output);
        let error = predicted - self.target(sample);
        gradient.loss += f64::from(error * error);
        // d(error²)/d(output).
        let d = 2.0 * error * predicted * (1.0 - predicted);
        let range = bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN;
        let w2 = &net.w2[range.clone()];
        let g2 = &mut gradient.params.w2[range];
        gradient.params.b2[bucket] += d;
        let mut d_us = [0.0f32; HIDDEN];
        let mut d_them = [0.0f32; HIDDEN];
        for (half, (acc, d_acc)) in [(&us, &mut d_us), (&them, &mut d_them)]
            .into_iter()
            .enumerate()
        {
            let w = &w2[half * HIDDEN..(half + 1) * HIDDEN];
            let g = &mut g2[half * HIDDEN..(half + 1) * HIDDEN];
            for j in 0..HIDDEN {
                let x = acc[j];
                g[j] += d * screlu(x);
                d_acc[j] = if x > 0.0 && x < 1.0 {
                    d * w[j] * 2.0 * x
                } else {
                    0.0
                };
            }
        }
        for j in 0..HIDDEN {
            gradient.params.b1[j] += d_us[j] + d_them[j];
        }
        let (ours, theirs) = sample.views(net.king_buckets);
        let n = sample.pieces();
        for (features, d_acc) in [(&ours[..n], &d_us), (&theirs[..n], &d_them)] {
            for &f in features {
                let f = usize::from(f);
                add(
                    (&mut gradient.params.w1[f * HIDDEN..(f + 1) * HIDDEN])
                        .try_into()
                        .expect("HIDDEN weights"),
                    d_acc,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<Sample> {
        [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 0.5",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | 250 | 1.0",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 | -40 | 0.5",
            "4k3/8/8/8/8/8/4P3/4K2R b - - 0 1 | 900 | 1.0",
            "4k2r/4p3/8/8/8/8/8/4K3 w - - 0 1 | -900 | 0.0",
        ]
        .iter()
        .map(|l| l.parse().expect("a sample"))
        .collect()
    }

    #[test]
    fn lines_parse_and_bad_lines_say_why() {
        let sample: Sample = "4k3/8/8/8/8/8/4P3/4K2R b - - 0 1 | 900 | 1.0"
            .parse()
            .expect("a sample");
        assert_eq!(sample.pieces(), 4);
        assert_eq!(sample.score(), -900);
        assert!((sample.result() - 0.0).abs() < f32::EPSILON);
        for (line, says) in [
            ("4k3/8/8/8/8/8/4P3/4K2R b - - 0 1 | 900", "three fields"),
            ("4k3/8/8/8/8/8/4P3/4K2X b - - 0 1 | 900 | 1.0", "FEN"),
            (
                "4k3/8/8/8/8/8/4P3/4K2R x - - 0 1 | 900 | 1.0",
                "side to move",
            ),
            ("4k3/8/8/8/8/8/4P3/4K2R b - - 0 1 | +9x | 1.0", "score"),
            ("4k3/8/8/8/8/8/4P3/4K2R b - - 0 1 | 900 | 2.0", "result"),
        ] {
            let error = line.parse::<Sample>().expect_err(line).to_string();
            assert!(error.contains(says), "{line}: {error}");
        }
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        gradient_matches_the_loss(false, false);
    }

    #[test]
    fn the_gradient_of_a_residual_network_is_the_slope_of_its_loss() {
        gradient_matches_the_loss(true, false);
    }

    #[test]
    fn the_gradient_of_a_network_with_king_buckets_is_the_slope_of_its_loss() {
        gradient_matches_the_loss(true, true);
    }

    #[test]
    fn a_residual_network_adds_its_output_to_the_base() {
        let sample = samples()[1].clone().with_base(150);
        assert_eq!(sample.base(), 150);
        let config = Config::default();
        let alone = Trainer::new(&config, 200.0);
        let residual = Trainer::new(
            &Config {
                residual: true,
                ..config
            },
            200.0,
        );
        let difference = residual.evaluate(&sample) - alone.evaluate(&sample);
        assert!((difference - 150.0).abs() < 1e-3, "{difference}");
        // The base moves the loss: a base that agrees with the target lowers it.
        assert!(residual.loss(std::slice::from_ref(&sample)) < alone.loss(&[sample]));
        assert!(residual.quantized().is_residual() && !alone.quantized().is_residual());
    }

    fn gradient_matches_the_loss(residual: bool, king_buckets: bool) {
        let samples: Vec<Sample> = samples()
            .into_iter()
            .zip([40, -120, 300, 0, -60])
            .map(|(s, base)| s.with_base(base))
            .collect();
        let config = Config {
            threads: 1,
            lambda: 0.3,
            residual,
            king_buckets,
            ..Config::default()
        };
        let mut trainer = Trainer::new(&config, 200.0);
        let kb = trainer.net.king_buckets;
        assert_eq!(kb, if king_buckets { KING_BUCKETS } else { 1 });
        // Weights large enough that some neurons are between 0 and 1.
        trainer.net = FloatNetwork::random(&mut Rng::new(9), kb);
        trainer.net.w1.iter_mut().for_each(|w| *w *= 6.0);
        trainer.net.b1.iter_mut().for_each(|b| *b = 0.4);
        let mut gradient = Gradient::new(kb);
        for s in &samples {
            trainer.accumulate_gradient(s, &mut gradient);
        }
        let total_loss = |t: &Trainer| t.loss(&samples) * samples.len() as f64;
        assert!((gradient.loss - total_loss(&trainer)).abs() < 1e-4);
        // Every parameter that some sample moves, in each of the four parts; but not the
        // first layer's where a step of h would take a neuron across a kink of the
        // activation (at 0 or 1), where the slope on either side differs.
        let h = 1e-3;
        let accumulators: Vec<_> = samples.iter().map(|s| trainer.net.accumulate(s)).collect();
        let near_kink = |neuron: usize| {
            accumulators.iter().any(|(us, them)| {
                [us[neuron], them[neuron]]
                    .iter()
                    .any(|&x| x.abs() < 2.0 * h || (x - 1.0).abs() < 2.0 * h)
            })
        };
        let mut checked = [0; 4];
        for (part, checked) in checked.iter_mut().enumerate() {
            let count = trainer.net.params()[part].len();
            for i in (0..count).step_by((count / (97 * kb)).max(1)) {
                if part < 2 && near_kink(i % HIDDEN) {
                    continue;
                }
                let analytic = f64::from(gradient.params.params()[part][i]);
                let mut plus = Trainer {
                    net: trainer.net.clone(),
                    ..Trainer::new(&config, 200.0)
                };
                plus.net.params_mut()[part][i] += h;
                let mut minus = Trainer {
                    net: trainer.net.clone(),
                    ..Trainer::new(&config, 200.0)
                };
                minus.net.params_mut()[part][i] -= h;
                let numeric = (total_loss(&plus) - total_loss(&minus)) / (2.0 * f64::from(h));
                assert!(
                    (analytic - numeric).abs() <= 2e-3 * (1.0 + numeric.abs()),
                    "part {part} index {i}: {analytic} against {numeric}"
                );
                if analytic.abs() > 1e-6 {
                    *checked += 1;
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
    }

    #[test]
    fn a_trainer_from_a_network_starts_from_its_weights() {
        let net = Network::default_network();
        let config = Config {
            residual: true,
            ..Config::default()
        };
        let trainer = Trainer::from_network(&config, &net).expect("a scale");
        assert_eq!(trainer.quantized().to_bytes(), net.to_bytes());
        // The network says whether it is residual, not the configuration.
        let plain = Config {
            residual: false,
            ..config.clone()
        };
        let trainer = Trainer::from_network(&plain, &net).expect("a scale");
        assert!(trainer.quantized().is_residual());
        assert!(Trainer::from_network(&config, &Network::zeroed()).is_none());
        // Asked for king buckets, it starts from the network copied into them: the same
        // evaluations.
        let bucketed = Config {
            king_buckets: true,
            ..config.clone()
        };
        let trainer = Trainer::from_network(&bucketed, &net).expect("a scale");
        assert_eq!(trainer.quantized().king_buckets(), KING_BUCKETS);
        assert_eq!(
            trainer.quantized().to_bytes(),
            net.with_king_buckets().to_bytes()
        );
        // A network from random weights is another network.
        assert_ne!(
            Trainer::new(&config, trainer.scale).quantized().to_bytes(),
            net.to_bytes()
        );
    }

    #[test]
    fn the_integer_network_evaluates_as_the_float_one() {
        for king_buckets in [false, true] {
            integer_against_float(king_buckets);
        }
    }

    fn integer_against_float(king_buckets: bool) {
        let config = Config {
            king_buckets,
            ..Config::default()
        };
        let mut trainer = Trainer::new(&config, 250.0);
        trainer.net = FloatNetwork::random(&mut Rng::new(11), trainer.net.king_buckets);
        trainer.net.w1.iter_mut().for_each(|w| *w *= 4.0);
        trainer.net.b1.iter_mut().for_each(|b| *b = 0.25);
        trainer.net.w2.iter_mut().for_each(|w| *w *= 10.0);
        let net = trainer.quantized();
        let mut differences = Vec::new();
        for line in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let sample: Sample = format!("{line} | 0 | 0.5").parse().expect("a sample");
            let pos = line
                .parse::<chess_notation::Fen>()
                .expect("a FEN")
                .into_position(chess_rules::CastlingMode::Standard)
                .expect("legal");
            let float = trainer.evaluate(&sample);
            let integer = net.evaluate(&net.refresh(pos.board()), pos.board(), pos.turn());
            assert!(float.abs() > 20.0, "{float}");
            differences.push((float - integer as f32).abs());
        }
        // Rounding to 1/255 and 1/64 costs a few centipawns (here, with larger weights than
        // a trained network's, up to about 12).
        assert!(differences.iter().all(|&d| d < 16.0), "{differences:?}");
    }

    #[test]
    fn a_mirrored_sample_is_the_mirrored_position() {
        let sample: Sample = "4k3/8/8/8/8/8/4P3/4K2R b - - 0 1 | 900 | 1.0"
            .parse()
            .expect("a sample");
        let mirrored: Sample = "3k4/8/8/8/8/8/3P4/R2K4 b - - 0 1 | 900 | 1.0"
            .parse()
            .expect("a sample");
        let mut a = sample.mirrored().features[..4].to_vec();
        let mut b = mirrored.features[..4].to_vec();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        assert_eq!(sample.mirrored().kings, mirrored.kings);
        // With king buckets too: the kings go to the other wing's buckets.
        let (mut a, _) = sample.mirrored().views(KING_BUCKETS);
        let (mut b, _) = mirrored.views(KING_BUCKETS);
        a[..4].sort_unstable();
        b[..4].sort_unstable();
        assert_eq!(a, b);
        assert_ne!(sample.views(KING_BUCKETS).0, sample.views(1).0);
        assert_eq!(sample.mirrored().mirrored(), sample);
    }

    #[test]
    fn the_scale_fits_the_results() {
        // Results drawn as sigmoid(score / 150) predicts them fit a scale near 150.
        let mut rng = Rng::new(2);
        let mut samples = Vec::new();
        for i in 0..4000 {
            let score = (i % 81 - 40) * 15;
            let p = 1.0 / (1.0 + (-(score as f64) / 150.0).exp());
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let result = if u < p { "1.0" } else { "0.0" };
            let line = format!("4k3/8/8/8/8/8/4P3/4K2R w - - 0 1 | {score} | {result}");
            samples.push(line.parse::<Sample>().expect("a sample"));
        }
        let k = fit_scale(&samples);
        assert!((120.0..185.0).contains(&k), "{k}");
    }
}
