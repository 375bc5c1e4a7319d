//! Each king of a bare board: in check, and, as if its side were to move, checkmated or
//! stalemated. A board drawn or pasted without a side to move says both at once.

use core::fmt;

use chess_core::{CastlingRights, Color, Role, Square};

use crate::{CastlingMode, Position, PositionError, PositionErrorKinds, Setup};

/// What a board says about one king.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct KingStatus {
    /// Where the king stands.
    pub square: Square,
    /// Whether an enemy piece attacks it.
    pub in_check: bool,
    /// Whether its side, to move, would be checkmated.
    pub checkmate: bool,
    /// Whether its side, to move, would be stalemated.
    pub stalemate: bool,
}

/// Why a board's kings cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KingsError {
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king.
    TooManyKings {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// Both kings are attacked: no side can be the one to move.
    BothInCheck,
    /// The position of a side to move is impossible for another reason (both pawns and
    /// castling are allowed leniently; what remains is in the error).
    Position(PositionError),
}

impl fmt::Display for KingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KingsError::NoKing(color) => write!(f, "the board has no {color} king"),
            KingsError::TooManyKings { color, count } => {
                write!(f, "the board has {count} {color} kings: expected one")
            }
            KingsError::BothInCheck => f.write_str("both kings are in check"),
            KingsError::Position(e) => fmt::Display::fmt(e, f),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for KingsError {}

impl Setup {
    /// Each king, white first: in check, and checkmated or stalemated as if its side were to
    /// move (a side whose opponent is in check cannot be the one to move, and is neither).
    ///
    /// The side to move of the setup does not matter, its castling rights count for their
    /// own side and its en passant square for the side to move. Castling rights are read
    /// under Chess960 rules when `chess960` is set or when they can only mean Chess960.
    /// Problems a board drawn by hand often has ([`PositionErrorKinds::IGNORABLE`]) are
    /// overlooked.
    ///
    /// ```
    /// use chess_core::{Board, Square};
    /// use chess_rules::Setup;
    ///
    /// // Fool's mate, the side to move left unsaid.
    /// let board = Board::from_plain(
    ///     "rnb.kbnr\npppp.ppp\n........\n....p...\n......Pq\n.....P..\nPPPPP..P\nRNBQKBNR\n",
    /// )?;
    /// let [white, black] = Setup { board, ..Setup::empty() }.king_status(false)?;
    /// assert_eq!(white.square, Square::E1);
    /// assert!(white.in_check && white.checkmate);
    /// assert!(!black.in_check && !black.checkmate && !black.stalemate);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn king_status(&self, chess960: bool) -> Result<[KingStatus; 2], KingsError> {
        let board = &self.board;
        let mut kings = [Square::A1; 2];
        for color in Color::ALL {
            let k = board.pieces(color, Role::King);
            match k.count() {
                0 => return Err(KingsError::NoKing(color)),
                1 => kings[color.index()] = k.first_unchecked(),
                count => return Err(KingsError::TooManyKings { color, count }),
            }
        }
        let in_check =
            Color::ALL.map(|c| board.is_attacked(kings[c.index()], !c, board.occupied()));
        if in_check[0] && in_check[1] {
            return Err(KingsError::BothInCheck);
        }
        let mut status = [0, 1].map(|i| KingStatus {
            square: kings[i],
            in_check: in_check[i],
            checkmate: false,
            stalemate: false,
        });
        for color in Color::ALL {
            if in_check[(!color).index()] {
                // The opponent is in check: this side cannot be the one to move.
                continue;
            }
            let mut castling = CastlingRights::NONE;
            for (c, side, rook) in self.castling.iter() {
                if c == color {
                    castling.add(c, side, rook.file());
                }
            }
            let turn_setup = Setup {
                board: board.clone(),
                turn: color,
                castling,
                ep_square: self.ep_square.filter(|_| self.turn == color),
                halfmoves: 0,
                fullmoves: 1,
            };
            let mode = CastlingMode::for_setup(&turn_setup, chess960);
            let pos = Position::from_setup(turn_setup, mode)
                .or_else(|e| e.ignore(PositionErrorKinds::IGNORABLE))
                .map_err(KingsError::Position)?;
            let i = color.index();
            status[i].checkmate = pos.is_checkmate();
            status[i].stalemate = pos.is_stalemate();
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use chess_core::{Board, Square};

    use super::*;

    fn status(plain: &str) -> Result<[KingStatus; 2], KingsError> {
        let board = Board::from_plain(plain).unwrap();
        Setup {
            board,
            ..Setup::empty()
        }
        .king_status(false)
    }

    #[test]
    fn mate_stalemate_and_neither() {
        // Black king h8 stalemated by a queen on f7 and a king on g6 (white to move it would
        // be nothing); white is not in check.
        let [white, black] = status(
            ".......k\n.....Q..\n......K.\n........\n........\n........\n........\n........\n",
        )
        .unwrap();
        assert_eq!((black.square, black.in_check), (Square::H8, false));
        assert!(black.stalemate && !black.checkmate);
        assert!(!white.in_check && !white.checkmate && !white.stalemate);
        // The queen to g7: mate, and the side in check is the only one that can be to move.
        let [white, black] = status(
            ".......k\n......Q.\n......K.\n........\n........\n........\n........\n........\n",
        )
        .unwrap();
        assert!(black.in_check && black.checkmate && !black.stalemate);
        assert!(!white.checkmate && !white.stalemate);
    }

    #[test]
    fn boards_that_cannot_be_judged() {
        let empty_but_white_king =
            "........\n........\n........\n........\n........\n........\n........\n....K...\n";
        assert_eq!(
            status(empty_but_white_king),
            Err(KingsError::NoKing(Color::Black))
        );
        let two_black_kings =
            "k......k\n........\n........\n........\n........\n........\n........\n....K...\n";
        let e = status(two_black_kings).unwrap_err();
        assert_eq!(
            e,
            KingsError::TooManyKings {
                color: Color::Black,
                count: 2
            }
        );
        assert_eq!(e.to_string(), "the board has 2 black kings: expected one");
        // Rooks giving check to both kings.
        let both =
            "k...R...\n........\n........\n........\n........\n........\n........\nr...K...\n";
        assert_eq!(status(both), Err(KingsError::BothInCheck));
    }
}
