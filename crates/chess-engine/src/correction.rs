//! Correction histories: what the searches of similar positions found, added to the static
//! evaluation.
//!
//! A search that ends far from the static evaluation says the evaluation misjudges positions
//! like this one; the tables keep a running average of that error by pawn structure and by
//! each side's pieces other than pawns (Stockfish's correction history), and the search adds
//! their sum, at most 128 cp either way, to the static evaluation its pruning goes by. The
//! transposition table keeps the raw evaluation, so that a stored entry does not carry a
//! correction that has since moved on.

use chess_core::{Color, Role};
use chess_rules::Position;

use crate::ordering::nudge;
use crate::score::{TB_WIN_BOUND, Value};

/// Entries of each correction table.
const CORRECTION_SIZE: usize = 16_384;
/// Entries stay within plus or minus this.
const CORRECTION_MAX: i32 = 1024;

/// Correction histories: running averages of how far searches ended from the static
/// evaluation, by pawn structure and by each side's pieces other than pawns, for the side to
/// move; their sum is added to the static evaluation.
pub(crate) struct Corrections {
    /// By side to move, then by both sides' pawns.
    pawns: Box<[[i16; CORRECTION_SIZE]; 2]>,
    /// By side to move, then by the side whose pieces index the entry.
    pieces: Box<[[[i16; CORRECTION_SIZE]; 2]; 2]>,
}

impl Corrections {
    pub(crate) fn new() -> Corrections {
        Corrections {
            pawns: Box::new([[0; CORRECTION_SIZE]; 2]),
            pieces: Box::new([[[0; CORRECTION_SIZE]; 2]; 2]),
        }
    }

    pub(crate) fn clear(&mut self) {
        *self = Corrections::new();
    }

    fn indices(pos: &Position) -> [usize; 3] {
        let board = pos.board();
        let index = |key: u64| (key >> 50) as usize % CORRECTION_SIZE;
        let pawns = board
            .pieces(Color::White, Role::Pawn)
            .0
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ board
                .pieces(Color::Black, Role::Pawn)
                .0
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
                .rotate_left(29);
        let pieces = |color: Color| {
            let mut key = 0u64;
            for (role, k) in [
                (Role::Knight, 0x9e37_79b9_7f4a_7c15u64),
                (Role::Bishop, 0xc2b2_ae3d_27d4_eb4f),
                (Role::Rook, 0x1656_67b1_9e37_79f9),
                (Role::Queen, 0x85eb_ca77_c2b2_ae63),
                (Role::King, 0x27d4_eb2f_1656_67c5),
            ] {
                key = key.rotate_left(13) ^ board.pieces(color, role).0.wrapping_mul(k);
            }
            key.wrapping_mul(0xff51_afd7_ed55_8ccd)
        };
        [
            index(pawns),
            index(pieces(Color::White)),
            index(pieces(Color::Black)),
        ]
    }

    /// `raw` corrected by what the searches of positions like `pos` found.
    pub(crate) fn apply(&self, pos: &Position, raw: Value) -> Value {
        let [p, w, b] = Self::indices(pos);
        let side = pos.turn() as usize;
        let sum = 2 * i32::from(self.pawns[side][p])
            + i32::from(self.pieces[side][0][w])
            + i32::from(self.pieces[side][1][b]);
        (raw + sum / 32).clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }

    /// Moves the entries of `pos` towards `error`, the search's value less the corrected
    /// evaluation, the more the deeper the search.
    pub(crate) fn update(&mut self, pos: &Position, error: Value, depth: i32) {
        let [p, w, b] = Self::indices(pos);
        let side = pos.turn() as usize;
        let bonus = (error * depth / 8).clamp(-CORRECTION_MAX / 4, CORRECTION_MAX / 4);
        nudge(&mut self.pawns[side][p], bonus, CORRECTION_MAX);
        nudge(&mut self.pieces[side][0][w], bonus, CORRECTION_MAX);
        nudge(&mut self.pieces[side][1][b], bonus, CORRECTION_MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::Fen;
    use chess_rules::CastlingMode;

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().expect("test fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_fresh_table_corrects_nothing() {
        let corrections = Corrections::new();
        for raw in [-300, 0, 17, 450] {
            assert_eq!(corrections.apply(&position(START), raw), raw);
        }
    }

    #[test]
    fn errors_pull_the_evaluation_up_to_a_bound() {
        let pos = position(START);
        let mut corrections = Corrections::new();
        corrections.update(&pos, 200, 8);
        let once = corrections.apply(&pos, 0);
        assert!(once > 0, "one error of +200 at depth 8 moved it by {once}");
        for _ in 0..1000 {
            corrections.update(&pos, 10_000, 30);
        }
        assert_eq!(corrections.apply(&pos, 0), 4 * CORRECTION_MAX / 32);
        for _ in 0..1000 {
            corrections.update(&pos, -10_000, 30);
        }
        assert_eq!(corrections.apply(&pos, 0), -4 * CORRECTION_MAX / 32);
        // Never past the bound of tablebase wins, whatever the table says.
        assert!(corrections.apply(&pos, TB_WIN_BOUND - 5) < TB_WIN_BOUND);
    }

    #[test]
    fn corrections_are_shared_by_structure_and_kept_apart_by_side() {
        let pos = position(START);
        let mut corrections = Corrections::new();
        for _ in 0..100 {
            corrections.update(&pos, 400, 16);
        }
        let full = corrections.apply(&pos, 0);
        // Black to move in the same position: the other side's tables, untouched.
        let black = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(corrections.apply(&black, 0), 0);
        // The same pawns and black pieces, white's knights gone: the pawn table (counted
        // twice) and black's table still apply, white's does not.
        let fewer = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1");
        let shared = corrections.apply(&fewer, 0);
        assert!(0 < shared && shared < full, "{shared} of {full}");
        assert!((shared - full * 3 / 4).abs() <= 1, "{shared} of {full}");
    }
}
