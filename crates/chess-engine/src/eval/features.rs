//! The tuned terms of the evaluation: each has a middlegame and an endgame weight at a fixed
//! index of [`WEIGHTS`](super::weights::WEIGHTS), and the evaluation reports how often each
//! applies to a [`Sink`], which either adds up the weights (the evaluation proper) or records
//! the counts (the tuner's features).

use chess_core::Color;

use super::S;

/// Piece-square values (material included) by role and square, as seen by white (a black
/// piece counts at its square flipped vertically): `PSQT + 64 * role + square`.
pub(crate) const PSQT: usize = 0;
/// Knight mobility by the number of squares reached (0 to 8).
pub(crate) const KNIGHT_MOBILITY: usize = PSQT + 6 * 64;
/// Bishop mobility (0 to 13 squares).
pub(crate) const BISHOP_MOBILITY: usize = KNIGHT_MOBILITY + 9;
/// Rook mobility (0 to 14 squares).
pub(crate) const ROOK_MOBILITY: usize = BISHOP_MOBILITY + 14;
/// Queen mobility (0 to 27 squares).
pub(crate) const QUEEN_MOBILITY: usize = ROOK_MOBILITY + 15;
/// Both bishops.
pub(crate) const BISHOP_PAIR: usize = QUEEN_MOBILITY + 28;
/// A rook on a file without pawns.
pub(crate) const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file without pawns of its own.
pub(crate) const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A pawn on the rank in front of a king on its first two ranks (its file and the next).
pub(crate) const SHIELD_NEAR: usize = ROOK_SEMI_OPEN_FILE + 1;
/// A pawn two ranks in front of such a king.
pub(crate) const SHIELD_FAR: usize = SHIELD_NEAR + 1;
/// A pawn with a pawn of its own in front of it on its file.
pub(crate) const DOUBLED: usize = SHIELD_FAR + 1;
/// A pawn without pawns of its own on the next files.
pub(crate) const ISOLATED: usize = DOUBLED + 1;
/// A passed pawn by its rank counted from its own side: `PASSED + rank`.
pub(crate) const PASSED: usize = ISOLATED + 1;
/// Per rank beyond the fourth of a passed pawn, per square the enemy king is further than ours
/// from the square in front of it.
pub(crate) const PASSED_KING_DISTANCE: usize = PASSED + 8;
/// The number of tuned terms.
pub(crate) const COUNT: usize = PASSED_KING_DISTANCE + 1;

/// Where the evaluation reports its terms.
pub(crate) trait Sink {
    /// Term `feature` applies `count` times to `color`.
    fn add(&mut self, color: Color, feature: usize, count: i32);
    /// A term that is not tuned (king attacks) is worth `value` to `color`.
    fn add_fixed(&mut self, color: Color, value: S);
}

/// The evaluation proper: the sum of the weights of each side's terms.
pub(crate) struct Total(pub(crate) [S; 2]);

impl Sink for Total {
    #[inline(always)]
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        self.0[color as usize] += super::weights::WEIGHTS[feature] * count;
    }

    #[inline(always)]
    fn add_fixed(&mut self, color: Color, value: S) {
        self.0[color as usize] += value;
    }
}
