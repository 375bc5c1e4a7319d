//! What is wrong with a setup, as python-chess's `Board.status()` reports it, and the material
//! that cannot mate.

use chess_core::{Bitboard, Color, Rank, Role, Square, attacks};

use super::position::LenientPosition;

bitflags::bitflags! {
    /// The reasons a lenient position could not occur in a game of standard chess or
    /// Chess960, with python-chess's values (`chess.Status`): empty when it is valid.
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
    pub struct Status: u32 {
        /// White has no king.
        const NO_WHITE_KING = 1 << 0;
        /// Black has no king.
        const NO_BLACK_KING = 1 << 1;
        /// More than two kings.
        const TOO_MANY_KINGS = 1 << 2;
        /// More than 8 white pawns.
        const TOO_MANY_WHITE_PAWNS = 1 << 3;
        /// More than 8 black pawns.
        const TOO_MANY_BLACK_PAWNS = 1 << 4;
        /// A pawn on the first or eighth rank.
        const PAWNS_ON_BACKRANK = 1 << 5;
        /// More than 16 white pieces.
        const TOO_MANY_WHITE_PIECES = 1 << 6;
        /// More than 16 black pieces.
        const TOO_MANY_BLACK_PIECES = 1 << 7;
        /// Castling rights that no king and rook can use
        /// ([`LenientPosition::clean_castling_rights`] differs).
        const BAD_CASTLING_RIGHTS = 1 << 8;
        /// An en passant square that no double step explains.
        const INVALID_EP_SQUARE = 1 << 9;
        /// The side not to move is in check.
        const OPPOSITE_CHECK = 1 << 10;
        /// No piece at all.
        const EMPTY = 1 << 11;
        /// Racing Kings: a check (unused by standard chess).
        const RACE_CHECK = 1 << 12;
        /// Racing Kings: the race is over (unused by standard chess).
        const RACE_OVER = 1 << 13;
        /// Racing Kings: material that cannot be (unused by standard chess).
        const RACE_MATERIAL = 1 << 14;
        /// More than two checkers.
        const TOO_MANY_CHECKERS = 1 << 15;
        /// A check that no move could have given.
        const IMPOSSIBLE_CHECK = 1 << 16;
    }
}

impl LenientPosition {
    /// Everything that keeps the position from occurring in a game; empty when it is valid.
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    /// use chess_rules::lenient::{LenientPosition, Status};
    ///
    /// let mut pos = LenientPosition::standard();
    /// assert_eq!(pos.status(), Status::empty());
    /// pos.remove(Square::H1);
    /// assert_eq!(pos.status(), Status::BAD_CASTLING_RIGHTS);
    /// ```
    #[must_use]
    pub fn status(&self) -> Status {
        let b = &self.board;
        let mut status = Status::empty();
        if b.occupied().is_empty() {
            status |= Status::EMPTY;
        }
        if b.pieces(Color::White, Role::King).is_empty() {
            status |= Status::NO_WHITE_KING;
        }
        if b.pieces(Color::Black, Role::King).is_empty() {
            status |= Status::NO_BLACK_KING;
        }
        if b.by_role(Role::King).count() > 2 {
            status |= Status::TOO_MANY_KINGS;
        }
        if b.by_color(Color::White).count() > 16 {
            status |= Status::TOO_MANY_WHITE_PIECES;
        }
        if b.by_color(Color::Black).count() > 16 {
            status |= Status::TOO_MANY_BLACK_PIECES;
        }
        if b.pieces(Color::White, Role::Pawn).count() > 8 {
            status |= Status::TOO_MANY_WHITE_PAWNS;
        }
        if b.pieces(Color::Black, Role::Pawn).count() > 8 {
            status |= Status::TOO_MANY_BLACK_PAWNS;
        }
        if b.by_role(Role::Pawn).intersects(Bitboard::BACKRANKS) {
            status |= Status::PAWNS_ON_BACKRANK;
        }
        if self.castling_rights != self.clean_castling_rights() {
            status |= Status::BAD_CASTLING_RIGHTS;
        }
        let valid_ep = self.valid_ep_square();
        if self.ep_square != valid_ep {
            status |= Status::INVALID_EP_SQUARE;
        }
        if self.was_into_check() {
            status |= Status::OPPOSITE_CHECK;
        }
        let checkers = self.checkers();
        if checkers.any() {
            if checkers.count() > 2 {
                status |= Status::TOO_MANY_CHECKERS;
            }
            let our_kings = b.pieces(self.turn, Role::King) & !self.promoted;
            let impossible = match valid_ep {
                // After a double step, the pawn that made it is the only possible checker,
                // unless the check was there before it (then it is impossible too).
                Some(ep) => {
                    let pushed_to = Square::from_index_masked(ep as u8 ^ Square::A2 as u8);
                    let pushed_from = Square::from_index_masked(ep as u8 ^ Square::A4 as u8);
                    let before = b.occupied().without(pushed_to).with(pushed_from);
                    checkers.more_than_one()
                        || (checkers.last() != Some(pushed_to)
                            && our_kings
                                .into_iter()
                                .any(|king| self.is_attacked_by(!self.turn, king, before)))
                }
                None => {
                    checkers.count() > 2
                        || (checkers.count() == 2
                            && checkers.first().zip(checkers.last()).is_some_and(
                                |(first, last)| attacks::line(first, last).intersects(our_kings),
                            ))
                }
            };
            if impossible {
                status |= Status::IMPOSSIBLE_CHECK;
            }
        }
        status
    }

    /// Whether [`LenientPosition::status`] is empty.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.status().is_empty()
    }

    /// The en passant square when a double step explains it: on the third or sixth rank as
    /// the side to move needs, behind an enemy pawn, empty, with the square the pawn came
    /// from empty too.
    #[must_use]
    pub fn valid_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square.filter(|&ep| ep != Square::A1)?;
        let us = self.turn;
        if ep.rank() != Rank::Sixth.relative_to(us) {
            return None;
        }
        let forward = if us.is_white() { 8 } else { -8 };
        let pawn = Square::from_index_masked((ep as i8 - forward) as u8);
        let origin = Square::from_index_masked((ep as i8 + forward) as u8);
        let b = &self.board;
        if !b.pieces(!us, Role::Pawn).contains(pawn)
            || b.occupied().contains(ep)
            || b.occupied().contains(origin)
        {
            return None;
        }
        Some(ep)
    }

    /// Whether `color` can never checkmate, whatever either side plays: python-chess's rule
    /// (a lone knight or same-colored bishops, unless the opponent's pieces could help).
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        crate::position::insufficient_material(&self.board, color)
    }

    /// Whether neither side can ever checkmate.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|color| self.has_insufficient_material(color))
    }
}
