//! Search values inside the engine and the scores it reports.

use core::fmt;

use chess_core::Color;
use chess_notation::pgn::Eval;

/// A search value in centipawns from the side to move's point of view; mates are encoded as
/// [`MATE`] minus the distance to mate in plies.
pub(crate) type Value = i32;

/// The deepest ply the search reaches (the size of its per-ply tables).
pub(crate) const MAX_PLY: usize = 128;
/// The value of being mated now, negated: `MATE - n` is a mate delivered `n` plies from the root.
pub(crate) const MATE: Value = 32_000;
/// Larger than any value, for open windows.
pub(crate) const INFINITE: Value = MATE + 1;
/// Values at or beyond this (in absolute value) are mates.
pub(crate) const MATE_BOUND: Value = MATE - MAX_PLY as Value;
/// The value of a draw.
pub(crate) const DRAW: Value = 0;
/// The value of a tablebase win at the root; `TB_WIN - n` is a position `n` plies from the
/// root that the tables say is won. Below every mate, above every evaluation.
pub(crate) const TB_WIN: Value = MATE_BOUND - 1;
/// Values at or beyond this (in absolute value) are tablebase wins or mates: they depend on the
/// distance from the root, which the transposition table takes out when it stores them.
pub(crate) const TB_WIN_BOUND: Value = TB_WIN - MAX_PLY as Value;
/// How a tablebase win is reported: in centipawns, this minus its distance in plies (as
/// Stockfish reports them).
const TB_WIN_CP: i32 = 20_000;

/// The value of delivering mate `ply` plies from the root.
#[inline]
pub(crate) const fn mate_in(ply: usize) -> Value {
    MATE - ply as Value
}

/// The value of being mated `ply` plies from the root.
#[inline]
pub(crate) const fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// Whether `value` says that one side mates by force.
#[inline]
pub(crate) const fn is_mate(value: Value) -> bool {
    value >= MATE_BOUND || value <= -MATE_BOUND
}

/// A score as UCI reports it, from the side to move's point of view.
///
/// ```
/// use chess_engine::Score;
///
/// assert_eq!(Score::Cp(35).to_string(), "cp 35");
/// assert_eq!(Score::Mate(-2).to_string(), "mate -2");
/// assert!(Score::Mate(3) > Score::Mate(5));
/// assert!(Score::Mate(-1) < Score::Cp(-900));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// An advantage in centipawns (100 is about a pawn); negative when the side to move is worse.
    Cp(i32),
    /// A forced mate in this many moves: positive when the side to move mates, negative when it
    /// gets mated, `0` when it is checkmated already.
    Mate(i32),
}

impl Score {
    /// The score of an internal search value.
    #[must_use]
    pub(crate) const fn from_value(value: Value) -> Score {
        if value >= MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value <= -MATE_BOUND {
            Score::Mate(-(MATE + value) / 2)
        } else if value >= TB_WIN_BOUND {
            Score::Cp(TB_WIN_CP - (TB_WIN - value))
        } else if value <= -TB_WIN_BOUND {
            Score::Cp(-TB_WIN_CP + (TB_WIN + value))
        } else {
            Score::Cp(value)
        }
    }

    /// A single number that orders scores: centipawns, with mates beyond every centipawn
    /// score (shorter mates further out).
    #[must_use]
    pub const fn ordering_key(self) -> i64 {
        match self {
            Score::Cp(cp) => cp as i64,
            Score::Mate(n) if n > 0 => 1_000_000 - n as i64,
            Score::Mate(n) => -1_000_000 - n as i64,
        }
    }

    /// The score as PGN's `[%eval]` has it, from white's point of view, given the side to move
    /// (whose point of view the score is from): a score for black changes sign. The `Display`
    /// of [`Eval`] writes it (`0.35`, `#-2`), and [`Command`](chess_notation::pgn::Command)
    /// the whole command.
    ///
    /// `Mate(0)`, the side to move checkmated already, is `#0` from either side: it is the one
    /// score whose side the evaluation does not say.
    ///
    /// ```
    /// use chess_core::Color;
    /// use chess_engine::Score;
    /// use chess_notation::pgn::{Command, Eval};
    ///
    /// assert_eq!(Score::Cp(35).to_eval(Color::White), Eval::Centipawns(35));
    /// // Black to move and better by 0.35: white is worse by as much.
    /// assert_eq!(Score::Cp(35).to_eval(Color::Black), Eval::Centipawns(-35));
    /// assert_eq!(Score::Mate(2).to_eval(Color::Black), Eval::Mate(-2));
    ///
    /// let eval = Score::Cp(31).to_eval(Color::Black);
    /// assert_eq!(Command::Eval { eval, depth: Some(14) }.to_string(), "[%eval -0.31,14]");
    /// ```
    #[must_use]
    pub const fn to_eval(self, side_to_move: Color) -> Eval {
        let sign = match side_to_move {
            Color::White => 1,
            Color::Black => -1,
        };
        // Saturating: `i32::MIN` has no opposite.
        match self {
            Score::Cp(cp) => Eval::Centipawns(cp.saturating_mul(sign)),
            Score::Mate(n) => Eval::Mate(n.saturating_mul(sign)),
        }
    }

    /// The score of an `[%eval]` (from white's point of view) for `side_to_move`: the way back
    /// of [`Score::to_eval`].
    ///
    /// ```
    /// use chess_core::Color;
    /// use chess_engine::Score;
    /// use chess_notation::pgn::Eval;
    ///
    /// assert_eq!(Score::from_eval(Eval::Centipawns(-35), Color::Black), Score::Cp(35));
    /// assert_eq!(Score::from_eval(Eval::Mate(3), Color::White), Score::Mate(3));
    /// ```
    #[must_use]
    pub const fn from_eval(eval: Eval, side_to_move: Color) -> Score {
        // The change of sign is its own inverse.
        let white = match eval {
            Eval::Centipawns(cp) => Score::Cp(cp),
            Eval::Mate(n) => Score::Mate(n),
        };
        match white.to_eval(side_to_move) {
            Eval::Centipawns(cp) => Score::Cp(cp),
            Eval::Mate(n) => Score::Mate(n),
        }
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> core::cmp::Ordering {
        self.ordering_key().cmp(&other.ordering_key())
    }
}

impl fmt::Display for Score {
    /// Writes the score as UCI does after `score`: `cp 25` or `mate -3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_values_count_moves_not_plies() {
        // Mate delivered on our first move: the mated side is at ply 1.
        assert_eq!(Score::from_value(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_value(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_value(mate_in(5)), Score::Mate(3));
        // We are checkmated at the root, or after our move and the reply.
        assert_eq!(Score::from_value(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_value(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_value(mated_in(4)), Score::Mate(-2));
        assert_eq!(Score::from_value(123), Score::Cp(123));
        // Tablebase wins and losses: 20 000 centipawns less their distance.
        assert_eq!(Score::from_value(TB_WIN - 7), Score::Cp(19_993));
        assert_eq!(Score::from_value(-TB_WIN + 4), Score::Cp(-19_996));
        assert_eq!(
            Score::from_value(TB_WIN_BOUND - 1),
            Score::Cp(TB_WIN_BOUND - 1)
        );
        assert!(is_mate(mate_in(10)) && is_mate(mated_in(10)) && !is_mate(3000));
    }

    #[test]
    fn evals_are_scores_from_whites_side() {
        for score in [
            Score::Cp(0),
            Score::Cp(-17),
            Score::Mate(3),
            Score::Mate(-1),
        ] {
            for side in [Color::White, Color::Black] {
                assert_eq!(Score::from_eval(score.to_eval(side), side), score);
            }
        }
        assert_eq!(Score::Cp(-17).to_eval(Color::White), Eval::Centipawns(-17));
        assert_eq!(Score::Mate(-1).to_eval(Color::Black), Eval::Mate(1));
        assert_eq!(Score::Mate(0).to_eval(Color::Black), Eval::Mate(0));
    }

    #[test]
    fn scores_order_mates_beyond_centipawns() {
        let mut scores = [
            Score::Cp(10),
            Score::Mate(2),
            Score::Mate(-3),
            Score::Cp(-500),
            Score::Mate(1),
            Score::Mate(-1),
        ];
        scores.sort();
        assert_eq!(
            scores,
            [
                Score::Mate(-1),
                Score::Mate(-3),
                Score::Cp(-500),
                Score::Cp(10),
                Score::Mate(2),
                Score::Mate(1),
            ]
        );
    }
}
