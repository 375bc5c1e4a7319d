//! The evaluation's tuned terms of a position, as a tuner sees them.

use chess_rules::Position;

use super::features::COUNT;
use super::sink::Counts;
use super::weights::WEIGHTS;
use super::{NORMAL, TEMPO, phase, scale_factor, terms, total};

/// The tuned terms of a position as the evaluation counts them, with what it does with their
/// sum: what a Texel tuner fits the weights to (chess-lab's `tune` is one).
///
/// The evaluation for white is linear in the weights but for the complexity terms and the
/// scale: with `mg` and `eg` the sums of the middlegame and endgame weights of the terms
/// below [`COMPLEXITY`](super::features::COMPLEXITY) times their counts, and `c` the sum of
/// the endgame weights of the complexity terms times theirs, it is
/// `(mg * phase + winnable(eg, c) * scale * (24 - phase)) / 24 + tempo`, where
/// `winnable(eg, c) = eg + sign(eg) * max(c, -|eg|)` (the engine's integer arithmetic rounds
/// on the way).
///
/// ```
/// use chess_engine::eval::{self, features};
/// use chess_rules::Position;
///
/// let trace = eval::trace(&Position::standard());
/// // The start is symmetric: every piece-square term cancels out.
/// assert!(trace.terms.iter().all(|&(i, _)| usize::from(i) >= features::COMPLEXITY));
/// assert_eq!((trace.phase, trace.tempo), (24, 10));
/// ```
#[derive(Clone, PartialEq, Debug)]
pub struct Trace {
    /// The terms that apply, by their index in [`features`](super::features), with their
    /// counts for white minus black (the complexity terms, which describe the position rather
    /// than a side, for white alone); terms that cancel out are left out.
    pub terms: Vec<(u16, i16)>,
    /// The side to move's bonus, for white: positive when white is to move.
    pub tempo: i32,
    /// The game phase: 24 with all pieces on the board, 0 with kings and pawns only.
    pub phase: i32,
    /// The scale of the endgame score for endings the side ahead rarely wins, 1 or less, as
    /// the current weights decide who is ahead.
    pub scale: f64,
}

/// The tuned terms of `pos` (see [`Trace`]).
#[must_use]
pub fn trace(pos: &Position) -> Trace {
    let board = pos.board();
    let mut counts = Counts::default();
    terms(board, &mut counts);
    let terms: Vec<(u16, i16)> = (0..COUNT)
        .map(|i| counts.0[0][i] - counts.0[1][i])
        .enumerate()
        .filter(|&(_, c)| c != 0)
        .map(|(i, c)| {
            (
                i as u16,
                c.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
            )
        })
        .collect();
    let tempo = if pos.turn().is_white() { TEMPO } else { -TEMPO };
    let scale = f64::from(scale_factor(board, total(board))) / f64::from(NORMAL);
    Trace {
        terms,
        tempo,
        phase: phase(board),
        scale,
    }
}

/// The middlegame and endgame weight of every term, by its index in
/// [`features`](super::features): the weights the engine evaluates with.
#[must_use]
pub fn weights() -> Vec<(i32, i32)> {
    WEIGHTS.iter().map(|w| (w.0, w.1)).collect()
}
