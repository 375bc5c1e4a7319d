//! Each king of a bare board: in check, and, as if its side were to move, checkmated or
//! stalemated. A board drawn or pasted without a side to move says both at once.

use core::fmt;

use chess_core::{CastlingRights, Color, Role, Square};

use crate::variant::{Playable, Variant, VariantPosition, VariantPositionError, VariantSetup};
use crate::{
    CastlingMode, DrawReason, Outcome, Position, PositionError, PositionErrorKinds, Setup,
    WinReason,
};

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
    /// The same, under a variant's rules.
    VariantPosition(VariantPositionError),
    /// The variant's kings are not royal (Antichess, Giveaway, Suicide): there is no check,
    /// checkmate or stalemate of a king to tell.
    NotRoyal(Variant),
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
            KingsError::VariantPosition(e) => fmt::Display::fmt(e, f),
            KingsError::NotRoyal(variant) => write!(
                f,
                "the kings of {} are not royal: no check, checkmate or stalemate to tell",
                variant.name()
            ),
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
            let turn_setup = self.with_turn(color);
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

    /// This setup with `color` to move: its castling rights for their own side, its en
    /// passant square if `color` was to move, the clocks at the start.
    fn with_turn(&self, color: Color) -> Setup {
        let mut castling = CastlingRights::NONE;
        for (c, side, rook) in self.castling.iter() {
            if c == color {
                castling.add(c, side, rook.file());
            }
        }
        Setup {
            board: self.board.clone(),
            turn: color,
            castling,
            ep_square: self.ep_square.filter(|_| self.turn == color),
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

impl VariantSetup {
    /// Each king under `variant`'s rules, white first, as [`Setup::king_status`] tells them
    /// for standard chess: in check as the variant counts check (never while Atomic's kings
    /// stand side by side, never in Racing Kings, whose positions allow none), and checkmated
    /// or stalemated as if its side were to move, the variant's own end first (a king on the
    /// hill is neither). `None` for a side the variant lets have no king: Horde's white, and
    /// Atomic's side whose king exploded. The pockets and checks left are the setup's.
    ///
    /// ```
    /// use chess_core::Board;
    /// use chess_rules::Setup;
    /// use chess_rules::variant::{Variant, VariantSetup};
    ///
    /// // In Atomic, kings side by side are never in check, though a rook attacks one.
    /// let board = Board::from_plain(
    ///     "........\n........\n........\n........\n........\n...kK...\n........\n....r...\n",
    /// )?;
    /// let setup = VariantSetup::from(Setup { board, ..Setup::empty() });
    /// let [white, black] = setup.king_status(Variant::Atomic, false)?;
    /// assert!(!white.unwrap().in_check && !black.unwrap().in_check);
    /// // The horde has no king.
    /// let horde = VariantSetup::start(Variant::Horde);
    /// let [white, black] = horde.king_status(Variant::Horde, false)?;
    /// assert_eq!(white, None);
    /// assert!(!black.unwrap().checkmate);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`KingsError`] as for standard chess, [`KingsError::VariantPosition`] for a position
    /// the variant does not allow with either side to move, and [`KingsError::NotRoyal`] for
    /// Antichess, Giveaway and Suicide.
    pub fn king_status(
        &self,
        variant: Variant,
        chess960: bool,
    ) -> Result<[Option<KingStatus>; 2], KingsError> {
        if matches!(
            variant,
            Variant::Antichess | Variant::Giveaway | Variant::Suicide
        ) {
            return Err(KingsError::NotRoyal(variant));
        }
        let board = &self.setup.board;
        let mut kings = [None; 2];
        for color in Color::ALL {
            let k = board.pieces(color, Role::King);
            let kingless = matches!(
                (variant, color),
                (Variant::Horde, Color::White) | (Variant::Atomic, _)
            );
            kings[color.index()] = match k.count() {
                0 if kingless => None,
                0 => return Err(KingsError::NoKing(color)),
                1 => Some(k.first_unchecked()),
                count => return Err(KingsError::TooManyKings { color, count }),
            };
        }
        let mut status = [None; 2];
        let mut opponent_in_check = [false; 2];
        for color in Color::ALL {
            let Some(square) = kings[color.index()] else {
                continue;
            };
            let setup = VariantSetup {
                setup: self.setup.with_turn(color),
                ..self.clone()
            };
            let mode = CastlingMode::for_setup(&setup.setup, chess960);
            let built = VariantPosition::from_setup(variant, setup, mode)
                .or_else(|e| e.ignore(PositionErrorKinds::IGNORABLE));
            let king = match built {
                Ok(pos) => {
                    let outcome = pos.outcome();
                    KingStatus {
                        square,
                        in_check: pos.is_check(),
                        checkmate: matches!(
                            outcome,
                            Some(Outcome::Decisive {
                                reason: WinReason::Checkmate,
                                ..
                            })
                        ),
                        stalemate: outcome
                            == Some(Outcome::Draw {
                                reason: DrawReason::Stalemate,
                            }),
                    }
                }
                // The opponent is in check: this side cannot be the one to move.
                Err(e) if e.kinds() == PositionErrorKinds::OPPOSITE_CHECK => {
                    opponent_in_check[color.index()] = true;
                    KingStatus {
                        square,
                        in_check: false,
                        checkmate: false,
                        stalemate: false,
                    }
                }
                // Atomic: the opponent's king exploded, so the game is over with the
                // opponent to move; this side is neither in check nor mated.
                Err(e)
                    if e.kinds() == PositionErrorKinds::MISSING_KING
                        && kings[(!color).index()].is_none() =>
                {
                    KingStatus {
                        square,
                        in_check: false,
                        checkmate: false,
                        stalemate: false,
                    }
                }
                Err(e) => return Err(KingsError::VariantPosition(e)),
            };
            status[color.index()] = Some(king);
        }
        if opponent_in_check == [true, true] {
            return Err(KingsError::BothInCheck);
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

    fn variant_status(
        variant: Variant,
        plain: &str,
        pockets: Option<crate::variant::Pockets>,
    ) -> Result<[Option<KingStatus>; 2], KingsError> {
        let board = Board::from_plain(plain).unwrap();
        let setup = VariantSetup {
            setup: Setup {
                board,
                ..Setup::empty()
            },
            pockets,
            ..VariantSetup::default()
        };
        setup.king_status(variant, false)
    }

    #[test]
    fn variants_judge_their_kings_by_their_rules() {
        use crate::variant::Pockets;
        // A back-rank mate in standard chess; in Crazyhouse a knight in black's pocket drops
        // between.
        let back_rank =
            "R.....k.\n.....ppp\n........\n........\n........\n........\n........\n......K.\n";
        let [_, black] = status(back_rank).unwrap();
        assert!(black.in_check && black.checkmate);
        let [_, black] = variant_status(Variant::Crazyhouse, back_rank, None).unwrap();
        assert!(black.unwrap().checkmate);
        let mut pockets = Pockets::EMPTY;
        pockets.add(Color::Black, Role::Knight);
        let [_, black] = variant_status(Variant::Crazyhouse, back_rank, Some(pockets)).unwrap();
        let black = black.unwrap();
        assert!(black.in_check && !black.checkmate && !black.stalemate);
        // A king on the hill has won: the other side, to move, is neither mated nor
        // stalemated, though it has no move.
        let hill =
            "k.......\n........\n.Q......\n........\n....K...\n........\n........\n........\n";
        let [_, black] = status(hill).unwrap();
        assert!(black.stalemate);
        let [_, black] = variant_status(Variant::KingOfTheHill, hill, None).unwrap();
        let black = black.unwrap();
        assert!(!black.checkmate && !black.stalemate);
        // No kings to judge in the losing variants; no check in Racing Kings.
        assert_eq!(
            variant_status(Variant::Antichess, hill, None),
            Err(KingsError::NotRoyal(Variant::Antichess))
        );
        let check =
            "k.......\n........\n........\n........\n........\n........\nR.......\n.......K\n";
        let e = variant_status(Variant::RacingKings, check, None).unwrap_err();
        assert!(
            matches!(&e, KingsError::VariantPosition(e) if e.kinds().contains(PositionErrorKinds::RACE_CHECK)),
            "{e:?}"
        );
        // Atomic: a king may be gone (exploded), the other judged.
        let exploded =
            "........\n........\n........\n........\n........\n........\n........\n....K...\n";
        let [white, black] = variant_status(Variant::Atomic, exploded, None).unwrap();
        assert_eq!(black, None);
        assert!(!white.unwrap().checkmate);
    }
}
