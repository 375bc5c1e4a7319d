//! Why a setup is not a legal position.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

use crate::{CastlingMode, Setup};

bitflags::bitflags! {
    /// The reasons a [`Setup`] cannot occur in a game. A [`PositionError`] carries all that
    /// apply.
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
    pub struct PositionErrorKinds: u16 {
        /// A side has no king.
        const MISSING_KING = 1 << 0;
        /// A side has more than one king.
        const TOO_MANY_KINGS = 1 << 1;
        /// A pawn stands on the first or eighth rank.
        const PAWNS_ON_BACKRANK = 1 << 2;
        /// A side has more than 16 pieces, more than 8 pawns, or more promoted pieces than its
        /// missing pawns allow.
        const TOO_MUCH_MATERIAL = 1 << 3;
        /// The side not to move is in check.
        const OPPOSITE_CHECK = 1 << 4;
        /// The side to move is in check in a way no move could have produced (three checkers,
        /// two that no single move can give together, or checks that contradict the en passant
        /// square).
        const IMPOSSIBLE_CHECK = 1 << 5;
        /// The en passant square is not behind a pawn that could just have advanced two squares.
        const INVALID_EP_SQUARE = 1 << 6;
        /// A castling right has no king or rook in place for it (or, in standard chess, is not
        /// one of the standard four; or the variant has no castling: Racing Kings).
        const INVALID_CASTLING_RIGHTS = 1 << 7;
        /// Racing Kings: a king is in check (no move may give check).
        const RACE_CHECK = 1 << 8;
        /// Racing Kings: black to move with both kings on the eighth rank (the race ended a move
        /// before).
        const RACE_OVER = 1 << 9;
        /// Racing Kings: a pawn, or more pieces of a kind than the start has (two knights,
        /// bishops, rooks, one queen a side).
        const RACE_MATERIAL = 1 << 10;
    }
}

impl PositionErrorKinds {
    /// The reasons [`PositionError::ignore`] can set aside: the position stays safe to play
    /// from. Missing or extra kings and a capturable king cannot be ignored.
    pub const IGNORABLE: PositionErrorKinds = PositionErrorKinds::PAWNS_ON_BACKRANK
        .union(PositionErrorKinds::TOO_MUCH_MATERIAL)
        .union(PositionErrorKinds::IMPOSSIBLE_CHECK)
        .union(PositionErrorKinds::INVALID_EP_SQUARE)
        .union(PositionErrorKinds::INVALID_CASTLING_RIGHTS)
        .union(PositionErrorKinds::RACE_MATERIAL);

    pub(crate) fn describe(self) -> &'static str {
        match self {
            PositionErrorKinds::MISSING_KING => "a side has no king",
            PositionErrorKinds::TOO_MANY_KINGS => "a side has more than one king",
            PositionErrorKinds::PAWNS_ON_BACKRANK => "pawns on the first or eighth rank",
            PositionErrorKinds::TOO_MUCH_MATERIAL => {
                "too much material (more than 16 pieces or 8 pawns a side, or more promoted pieces than missing pawns)"
            }
            PositionErrorKinds::OPPOSITE_CHECK => "the side not to move is in check",
            PositionErrorKinds::IMPOSSIBLE_CHECK => {
                "impossible check: no legal move could have produced it"
            }
            PositionErrorKinds::INVALID_EP_SQUARE => {
                "invalid en passant square: no pawn can just have advanced two squares past it"
            }
            PositionErrorKinds::INVALID_CASTLING_RIGHTS => {
                "invalid castling rights: the king or rook is not in place"
            }
            PositionErrorKinds::RACE_CHECK => "a king is in check, which racing kings forbids",
            PositionErrorKinds::RACE_OVER => {
                "black to move with both kings on the eighth rank: the race is over"
            }
            PositionErrorKinds::RACE_MATERIAL => {
                "material racing kings does not have: pawns, or more pieces of a kind than the start"
            }
            _ => "invalid position",
        }
    }
}

/// A setup that is not a legal position, with every reason why.
///
/// ```
/// use chess_core::{Board, Color, Piece, Square};
/// use chess_rules::{CastlingMode, Position, PositionErrorKinds, Setup};
///
/// let mut setup = Setup::empty();
/// setup.board.put(Square::E1, Piece::WhiteKing);
/// let error = Position::from_setup(setup, CastlingMode::Standard).unwrap_err();
/// assert_eq!(error.kinds(), PositionErrorKinds::MISSING_KING);
/// assert_eq!(error.to_string(), "illegal position: a side has no king");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub(crate) setup: Box<Setup>,
    pub(crate) mode: CastlingMode,
    pub(crate) kinds: PositionErrorKinds,
    /// Why each castling right that does not fit does not, one sentence each (see
    /// `validate::castling_problems`): worked out when the error is made, so that showing it
    /// validates nothing again.
    pub(crate) castling_problems: Box<[String]>,
}

impl PositionError {
    /// Every reason the setup was rejected.
    #[must_use]
    pub fn kinds(&self) -> PositionErrorKinds {
        self.kinds
    }

    /// The rejected setup.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Takes the rejected setup back.
    #[must_use]
    pub fn into_setup(self) -> Setup {
        *self.setup
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, (_, kind)) in self.kinds.iter_names().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if kind == PositionErrorKinds::INVALID_CASTLING_RIGHTS
                && !self.castling_problems.is_empty()
            {
                // Each right that does not fit, and why.
                f.write_str(&self.castling_problems.join("; "))?;
                continue;
            }
            f.write_str(kind.describe())?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PositionError {}

/// The error of [`Position::play`](crate::Position::play): the move is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The rejected move.
    pub m: crate::Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move: {}", self.m)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalMoveError {}

#[cfg(test)]
mod tests {
    use chess_core::{CastlingSide, Color, File, Piece, Square};

    use crate::{CastlingMode, Position, PositionErrorKinds, Setup};

    /// The black king on d8 with both its rooks, the white king and rooks at home; all four
    /// rights.
    fn king_on_d8() -> Setup {
        let mut setup = Setup::empty();
        for (sq, piece) in [
            (Square::E1, Piece::WhiteKing),
            (Square::A1, Piece::WhiteRook),
            (Square::H1, Piece::WhiteRook),
            (Square::D8, Piece::BlackKing),
            (Square::A8, Piece::BlackRook),
            (Square::H8, Piece::BlackRook),
        ] {
            setup.board.put(sq, piece);
        }
        for color in Color::ALL {
            setup.castling.add(color, CastlingSide::KingSide, File::H);
            setup.castling.add(color, CastlingSide::QueenSide, File::A);
        }
        setup
    }

    #[test]
    fn each_castling_right_that_does_not_fit_is_named() {
        let error = Position::from_setup(king_on_d8(), CastlingMode::Standard).unwrap_err();
        assert_eq!(error.kinds(), PositionErrorKinds::INVALID_CASTLING_RIGHTS);
        assert_eq!(
            error.to_string(),
            "illegal position: castling right k: the black king is on d8, not e8 as standard \
             chess needs; castling right q: the black king is on d8, not e8 as standard chess \
             needs"
        );
        // Under Chess960 rules the same rights fit.
        assert!(Position::from_setup(king_on_d8(), CastlingMode::Chess960).is_ok());
        // A right without its rook, named by its file in Chess960.
        let mut setup = king_on_d8();
        setup.board.remove(Square::H1);
        let error = Position::from_setup(setup, CastlingMode::Chess960).unwrap_err();
        assert_eq!(
            error.to_string(),
            "illegal position: castling right H: there is no white rook on h1"
        );
    }
}
