//! Which moves give check, answered from squares computed once per position.

use chess_core::{Bitboard, Piece, Role, Square, attacks};

use crate::{Move, MoveKind, Position};

/// The squares from which each kind of piece of the side to move would check the other king,
/// and the pieces of the side to move whose leaving their square uncovers a check: what
/// [`Position::check_squares`] computes once so that [`CheckSquares::gives_check`] answers for
/// each move with a lookup or two.
///
/// A search asks whether a move checks for most of the moves of most of its nodes;
/// [`Position::gives_check`] computes the sliders' attacks on the king again for each move,
/// this once for the position (Stockfish keeps the same in its `StateInfo`).
///
/// ```
/// use chess_core::{Piece, Square};
/// use chess_rules::{Move, Position, Setup};
///
/// let mut setup = Setup::empty();
/// setup.board.put(Square::E8, Piece::BlackKing);
/// setup.board.put(Square::E2, Piece::WhiteBishop);
/// setup.board.put(Square::E1, Piece::WhiteRook);
/// setup.board.put(Square::G1, Piece::WhiteKing);
/// let pos = Position::from_setup(setup, Default::default())?;
/// let checks = pos.check_squares();
/// // Wherever the bishop goes, it uncovers the rook's check.
/// assert!(checks.gives_check(&pos, Move::new(Square::E2, Square::B5)));
/// assert!(!checks.gives_check(&pos, Move::new(Square::G1, Square::F2)));
/// # Ok::<_, chess_rules::PositionError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CheckSquares {
    /// The king of the side not to move.
    king: Square,
    /// By role: the squares from which such a piece of the side to move attacks `king`, with
    /// the board as it is (none for the king).
    squares: [Bitboard; 6],
    /// The pieces of the side to move that stand alone between one of their sliders and
    /// `king`.
    discoverers: Bitboard,
    /// The position's hash, to catch a use with another position in debug builds.
    hash: u64,
}

impl CheckSquares {
    /// The squares from which a piece of `role` of the side to move attacks the other king,
    /// with the board as it is (none for the king).
    ///
    /// ```
    /// use chess_core::{Bitboard, Role, Square};
    /// use chess_rules::Position;
    ///
    /// let checks = Position::standard().check_squares();
    /// assert!(checks.for_role(Role::Knight).contains(Square::F6));
    /// // Only the squares of the black pawns next to the king: a bishop would have to take one.
    /// assert_eq!(checks.for_role(Role::Bishop), Bitboard::from(Square::D7) | Square::F7);
    /// ```
    #[inline]
    #[must_use]
    pub const fn for_role(&self, role: Role) -> Bitboard {
        self.squares[role as usize]
    }

    /// The pieces of the side to move that uncover a check by a slider behind them when they
    /// leave the line to the other king.
    #[inline]
    #[must_use]
    pub const fn discoverers(&self) -> Bitboard {
        self.discoverers
    }

    /// Whether the legal move `m` of `pos` gives check: the same answer as
    /// [`Position::gives_check`], for the position these squares were computed for.
    #[inline]
    #[must_use]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        debug_assert_eq!(
            self.hash,
            pos.zobrist_hash(),
            "check squares of another position"
        );
        let (from, to) = (m.from(), m.to());
        let discovered = self.discoverers.contains(from) && !attacks::aligned(from, to, self.king);
        match m.kind() {
            MoveKind::Normal | MoveKind::DoublePush => {
                let Some(role) = pos.board.role_at(from) else {
                    return false;
                };
                discovered || self.for_role(role).contains(to)
            }
            MoveKind::Promotion => {
                let role = m.promotion().unwrap_or(Role::Queen);
                // The pawn's own square is empty once it has moved: a promoted rook on the
                // eighth rank may check along it through there.
                let occupied = pos.board.occupied().without(from);
                discovered
                    || attacks::for_piece(Piece::new(pos.turn, role), to, occupied)
                        .contains(self.king)
            }
            // Rare, and each moves two pieces or empties two squares: asked the long way.
            MoveKind::Castle | MoveKind::EnPassant => pos.gives_check(m),
            // A piece put down (Crazyhouse) checks from its square or not at all.
            MoveKind::Drop => m
                .dropped()
                .is_some_and(|role| self.for_role(role).contains(to)),
        }
    }
}

impl Position {
    /// The squares that say which moves give check here, for [`CheckSquares::gives_check`].
    #[must_use]
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let king = self.king_of(them);
        let occupied = board.occupied();
        let diagonal = attacks::bishop(king, occupied);
        let straight = attacks::rook(king, occupied);
        let mut discoverers = Bitboard::EMPTY;
        let snipers = (attacks::rook_rays(king) & board.line_sliders(us))
            | (attacks::bishop_rays(king) & board.diagonal_sliders(us));
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                discoverers |= blockers & board.by_color(us);
            }
        }
        CheckSquares {
            king,
            squares: [
                attacks::pawn(them, king),
                attacks::knight(king),
                diagonal,
                straight,
                diagonal | straight,
                Bitboard::EMPTY,
            ],
            discoverers,
            hash: self.hash,
        }
    }
}

#[cfg(test)]
mod tests {
    use chess_core::{Color, Piece};

    use super::*;
    use crate::{CastlingMode, Setup};

    fn position(pieces: &[(Square, Piece)]) -> Position {
        let mut setup = Setup::empty();
        for &(sq, piece) in pieces {
            setup.board.put(sq, piece);
        }
        setup.turn = Color::White;
        Position::from_setup(setup, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn discoverers_are_the_lone_blockers_of_the_side_to_move() {
        // White's bishop on e2 blocks the rook; black's knight on b5 blocks nothing of white's.
        let mut pieces = vec![
            (Square::E8, Piece::BlackKing),
            (Square::B5, Piece::BlackKnight),
            (Square::E2, Piece::WhiteBishop),
            (Square::E1, Piece::WhiteRook),
            (Square::G1, Piece::WhiteKing),
        ];
        let pos = position(&pieces);
        let checks = pos.check_squares();
        assert_eq!(checks.discoverers(), Bitboard::from(Square::E2));
        assert!(checks.gives_check(&pos, Move::new(Square::E2, Square::D3)));
        assert!(!checks.gives_check(&pos, Move::new(Square::G1, Square::H1)));
        // Two blockers: neither uncovers a check alone.
        pieces.push((Square::E7, Piece::BlackPawn));
        let pos = position(&pieces);
        assert!(pos.check_squares().discoverers().is_empty());
        assert!(
            !pos.check_squares()
                .gives_check(&pos, Move::new(Square::E2, Square::D3))
        );
    }

    #[test]
    fn a_promoted_rook_checks_through_the_square_its_pawn_left() {
        // The pawn on b7 takes on a8 and becomes a rook whose rank runs through b8 to the king.
        let pos = position(&[
            (Square::D8, Piece::BlackKing),
            (Square::A8, Piece::BlackKnight),
            (Square::B7, Piece::WhitePawn),
            (Square::A1, Piece::WhiteKing),
        ]);
        let checks = pos.check_squares();
        for (role, check) in [
            (Role::Rook, true),
            (Role::Queen, true),
            (Role::Bishop, false),
        ] {
            let m = Move::promote(Square::B7, Square::A8, role);
            assert!(pos.is_legal(m));
            assert_eq!(checks.gives_check(&pos, m), check, "{m:?}");
            assert_eq!(pos.after(m).is_check(), check, "{m:?}");
        }
    }
}
