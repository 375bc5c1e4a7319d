//! The unvalidated state of a game: what a FEN describes.

use chess_core::{Board, CastlingRights, Color, File, Square};

/// Whether castling follows the standard rules or Chess960's.
///
/// Move generation is the same for both (castling is "king takes own rook" inside); the mode
/// decides which castling rights a position may have (in standard chess only the `a` and `h`
/// rooks with the king on `e1`/`e8`) and how notation writes castling in UCI (`e1g1` or `e1h1`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingMode {
    /// Standard chess.
    #[default]
    Standard,
    /// Chess960 (Fischer random chess).
    Chess960,
}

impl CastlingMode {
    /// How to read the castling rights of `setup`: Chess960 when `chess960` asks for it, else
    /// the mode the rights need ([`Setup::castling_mode`]). The one place the program decides
    /// it, for FEN, PGN, UCI and the command line alike.
    #[must_use]
    pub fn for_setup(setup: &Setup, chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            setup.castling_mode()
        }
    }

    /// `Chess960` when `chess960` is true.
    #[must_use]
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    /// Whether this is Chess960.
    #[must_use]
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}

/// Everything a position consists of, not yet checked: the fields of a FEN.
///
/// Turn it into a [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup), which rejects anything that cannot
/// occur in a game.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: CastlingRights,
    /// The square a pawn skipped with a double step on the last move, if any (whether or not a
    /// capture en passant is possible).
    pub ep_square: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after black's move.
    pub fullmoves: u32,
}

impl Setup {
    /// The mode the castling rights can only be read in: Chess960 when a king with a right
    /// stands off the `e` file or a rook with a right off its `a` or `h` file, else standard.
    #[must_use]
    pub fn castling_mode(&self) -> CastlingMode {
        let standard = self.castling.iter().all(|(color, side, rook)| {
            rook.file() == side.standard_rook_file()
                && self.board.king_of(color).map(Square::file) == Some(File::E)
        });
        CastlingMode::from_chess960(!standard)
    }

    /// The starting setup of standard chess.
    #[must_use]
    pub fn standard() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling: CastlingRights::standard(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// An empty board, white to move, no rights.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::standard()
    }
}
