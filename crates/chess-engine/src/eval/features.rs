//! The tuned terms of the evaluation: each has a middlegame and an endgame weight at a fixed
//! index of [`WEIGHTS`](super::weights::WEIGHTS), and the evaluation reports how often each
//! applies to a [`Sink`], which either adds up the weights (the evaluation proper) or records
//! the counts (the tuner's features).

use chess_core::{Bitboard, Board, Color};

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
/// An attack on the enemy king by its attack units (see [`king`](super::king)), 0 to 20 (more
/// counts as 20: the games say too little about rarer attacks to tell them apart), when two
/// pieces or more join it: `KING_DANGER + units`.
pub(crate) const KING_DANGER: usize = PASSED_KING_DISTANCE + 1;
/// The number of attack units [`KING_DANGER`] tells apart.
pub(crate) const KING_DANGER_UNITS: usize = 21;
/// A check the side could give on its next move to a square the enemy does not attack, by the
/// checking role: `SAFE_CHECK + role - 1` (knight, bishop, rook, queen).
pub(crate) const SAFE_CHECK: usize = KING_DANGER + KING_DANGER_UNITS;
/// Checks the side could give, none of them safe.
pub(crate) const UNSAFE_CHECK: usize = SAFE_CHECK + 4;
/// A square next to the enemy king that we attack and that they defend with nothing but their
/// king or queen.
pub(crate) const WEAK_KING_RING: usize = UNSAFE_CHECK + 1;
/// A file at or next to the side's own king without pawns of its own (but with enemy pawns).
pub(crate) const KING_SEMI_OPEN_FILE: usize = WEAK_KING_RING + 1;
/// A file at or next to the side's own king without any pawn.
pub(crate) const KING_OPEN_FILE: usize = KING_SEMI_OPEN_FILE + 1;
/// An enemy pawn storming the side's king: the most advanced enemy pawn of each file at or
/// next to the king, by its rank counted from the side's own first rank: `PAWN_STORM + rank`.
pub(crate) const PAWN_STORM: usize = KING_OPEN_FILE + 1;
/// An enemy piece (by role, `+ role`) that a knight or bishop of the side attacks, when it is
/// not a pawn defended by a pawn.
pub(crate) const THREAT_BY_MINOR: usize = PAWN_STORM + 8;
/// A weak enemy piece (by role, `+ role`) that a rook of the side attacks.
pub(crate) const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 6;
/// A weak enemy piece that the side's king attacks.
pub(crate) const THREAT_BY_KING: usize = THREAT_BY_ROOK + 6;
/// A weak enemy piece that is not defended at all, or a piece other than a pawn attacked twice.
pub(crate) const HANGING: usize = THREAT_BY_KING + 1;
/// An enemy piece other than a pawn attacked by a pawn of the side that is itself safe.
pub(crate) const THREAT_BY_SAFE_PAWN: usize = HANGING + 1;
/// An enemy piece other than a pawn that a pawn of the side would attack after a safe push.
pub(crate) const THREAT_BY_PAWN_PUSH: usize = THREAT_BY_SAFE_PAWN + 1;
/// A pawn defended by a pawn of its own, by its rank counted from its side: `SUPPORTED + rank`.
pub(crate) const SUPPORTED: usize = THREAT_BY_PAWN_PUSH + 1;
/// A pawn with a pawn of its own beside it, by its rank: `PHALANX + rank`.
pub(crate) const PHALANX: usize = SUPPORTED + 8;
/// A pawn no pawn of its own can defend (none on the next files beside or behind it) whose
/// square in front an enemy pawn attacks.
pub(crate) const BACKWARD: usize = PHALANX + 8;
/// A passed pawn whose square in front holds a piece, by its rank: `PASSED_BLOCKED + rank`.
pub(crate) const PASSED_BLOCKED: usize = BACKWARD + 1;
/// A passed pawn whose square in front is empty and not attacked by the enemy, by its rank.
pub(crate) const PASSED_FREE: usize = PASSED_BLOCKED + 8;
/// A passed pawn the enemy king cannot catch when the enemy has nothing but its king and
/// pawns (the rule of the square, with a move to spare).
pub(crate) const UNSTOPPABLE: usize = PASSED_FREE + 8;
/// The distance of the side's king to the nearest pawn (of either side).
pub(crate) const KING_PAWN_DISTANCE: usize = UNSTOPPABLE + 1;
/// A knight on an outpost: on the fourth to sixth rank, defended by a pawn, and out of reach
/// of the enemy pawns.
pub(crate) const KNIGHT_OUTPOST: usize = KING_PAWN_DISTANCE + 1;
/// A bishop on an outpost.
pub(crate) const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// A pawn of the side on the squares of one of its bishop's colour (per bishop and pawn).
pub(crate) const BISHOP_PAWNS: usize = BISHOP_OUTPOST + 1;
/// A knight or bishop with a pawn (of either side) on the square in front of it, which
/// shields it from attacks along the file.
pub(crate) const MINOR_BEHIND_PAWN: usize = BISHOP_PAWNS + 1;
/// The distance of a knight or bishop to its own king (per square).
pub(crate) const KING_PROTECTOR: usize = MINOR_BEHIND_PAWN + 1;
/// A bishop on a long diagonal that sees both central squares on it past the pawns.
pub(crate) const LONG_DIAGONAL_BISHOP: usize = KING_PROTECTOR + 1;
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on the seventh.
pub(crate) const ROOK_ON_SEVENTH: usize = LONG_DIAGONAL_BISHOP + 1;
/// A rook on the file of an enemy queen.
pub(crate) const ROOK_ON_QUEEN_FILE: usize = ROOK_ON_SEVENTH + 1;
/// Space: the safe squares of the side's centre behind its pawns, weighted by the side's
/// piece count squared (see `eval::space`), while there are pieces to use it.
pub(crate) const SPACE: usize = ROOK_ON_QUEEN_FILE + 1;
/// A rook of the side behind its own passed pawn on its file, nothing between them.
pub(crate) const ROOK_BEHIND_PASSER: usize = SPACE + 1;
/// An enemy rook behind the side's passed pawn on its file, nothing between them.
pub(crate) const ENEMY_ROOK_BEHIND_PASSER: usize = ROOK_BEHIND_PASSER + 1;
/// Per rank beyond the fourth of a passed pawn, the distance of the side's own king to the
/// square in front of it (with [`PASSED_KING_DISTANCE`], each king's distance has its own
/// weight).
pub(crate) const PASSED_OWN_KING_DISTANCE: usize = ENEMY_ROOK_BEHIND_PASSER + 1;
/// The first of the complexity terms: how winnable an ending is, whoever is ahead. Each is
/// counted for white alone (they describe the position, not a side), only their endgame
/// weights count, and their sum moves the endgame score towards the side ahead or towards
/// zero, never past it (see [`endgame::complexity`](super::endgame::complexity)). In order:
/// a passed pawn of either side, a pawn of either side, the kings' file distance less their
/// rank distance, pawns on both wings, a king in the enemy half, no pieces but kings and
/// pawns, the kings facing each other with every pawn on one wing, and a constant.
pub(crate) const COMPLEXITY: usize = PASSED_OWN_KING_DISTANCE + 1;
/// The number of complexity terms.
pub(crate) const COMPLEXITY_TERMS: usize = 8;
/// The number of tuned terms.
pub(crate) const COUNT: usize = COMPLEXITY + COMPLEXITY_TERMS;

/// Where the evaluation reports its terms.
pub(crate) trait Sink: Sized {
    /// Term `feature` applies `count` times to `color`.
    fn add(&mut self, color: Color, feature: usize, count: i32);

    /// Reports the pawn-structure terms of both sides of `board` (see
    /// [`pawns::structure`](super::pawns::structure)) and returns their passed pawns, white's
    /// first.
    #[inline(always)]
    fn pawn_structure(&mut self, board: &Board) -> [Bitboard; 2] {
        [Color::White, Color::Black].map(|c| super::pawns::structure(board, c, self))
    }
}

/// The evaluation proper: the sum of the weights of each side's terms, and the complexity
/// of the position (the sum of the endgame weights of the [`COMPLEXITY`] terms).
#[derive(Copy, Clone, Default, Debug)]
pub(crate) struct Total {
    pub(crate) sides: [S; 2],
    pub(crate) complexity: i32,
}

impl Sink for Total {
    #[inline(always)]
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        let weight = super::weights::WEIGHTS[feature];
        if feature >= COMPLEXITY {
            self.complexity += weight.1 * count;
        } else {
            self.sides[color as usize] += weight * count;
        }
    }

    /// The weighted terms come from the thread's cache of pawn structures.
    #[inline(always)]
    fn pawn_structure(&mut self, board: &Board) -> [Bitboard; 2] {
        let (scores, passed) = super::pawns::cached_structure(board);
        self.sides[0] += scores[0];
        self.sides[1] += scores[1];
        passed
    }
}

/// The count of every term by side, for tests that check which terms a position sets off.
#[cfg(test)]
pub(crate) struct Counts(pub(crate) [[i32; COUNT]; 2]);

#[cfg(test)]
impl Sink for Counts {
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        self.0[color as usize][feature] += count;
    }
}
