//! Moves in UCI notation: `e2e4`, `e7e8q`, `0000`, and the drops of Crazyhouse, `N@f3`.
//!
//! UCI writes a move as origin and destination squares, plus a lowercase promotion letter.
//! Castling is written as the king's move to its destination in standard chess (`e1g1`) and as
//! "king takes own rook" in Chess960 (`e1h1`), as UCI engines and GUIs expect for each mode.
//! Reading accepts both forms wherever they are unambiguous.
//!
//! The variants' moves ([`UciMove::from_variant_move`], [`UciMove::to_variant_move`],
//! [`parse_variant`], [`format_variant`]) add a drop, the piece's upper-case letter, `@` and
//! the square (`P@e4`, as python-chess and Lichess write it; a lower-case letter is read too),
//! and a promotion to a king in Antichess (`a7a8k`).
//!
//! ```
//! use chess_notation::uci;
//! use chess_notation::VariantFen;
//! use chess_rules::variant::Variant;
//!
//! let fen: VariantFen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1".parse()?;
//! let pos = fen.into_position(Variant::Crazyhouse, Default::default())?;
//! let m = uci::parse_variant(&pos, "N@f3")?;
//! assert_eq!(uci::format_variant(&pos, m), "N@f3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use chess_notation::uci;
//! use chess_rules::Position;
//!
//! let pos = Position::standard();
//! let m = uci::parse(&pos, "g1f3")?;
//! assert_eq!(uci::format(&pos, m), "g1f3");
//! # Ok::<_, chess_notation::uci::UciMoveError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use chess_core::{Bitboard, Role, Square};
use chess_rules::variant::{Playable, VariantMoveList};
use chess_rules::{CastlingMode, Move, MoveMatch, Position};

/// A move as UCI text describes it, before it is matched against a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum UciMove {
    /// A move from one square to another, with an optional promotion.
    Normal {
        /// The origin.
        from: Square,
        /// The destination (for castling: the king's destination or the rook's square).
        to: Square,
        /// The promotion role, if any (a king only in Antichess).
        promotion: Option<Role>,
    },
    /// A drop of a piece from the pocket (Crazyhouse): `N@f3`.
    Put {
        /// The piece's role (pawn to queen).
        role: Role,
        /// The square it is put on.
        to: Square,
    },
    /// The null move, `0000`.
    Null,
}

/// Why text is not a UCI move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseUciMoveError {
    /// The byte offset of the first offending character.
    pub offset: usize,
}

impl fmt::Display for ParseUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid uci move at byte {}: expected two squares and an optional promotion letter (like e2e4 or e7e8q), a drop (like N@f3), or 0000",
            self.offset
        )
    }
}

impl std::error::Error for ParseUciMoveError {}

impl UciMove {
    /// Parses UCI move text (syntax only).
    pub fn from_ascii(text: &[u8]) -> Result<UciMove, ParseUciMoveError> {
        if text == b"0000" {
            return Ok(UciMove::Null);
        }
        let square = |i: usize| {
            text.get(i..i + 2)
                .and_then(Square::from_ascii)
                .ok_or(ParseUciMoveError { offset: i })
        };
        if text.get(1) == Some(&b'@') {
            // A drop: any piece but a king, its letter in either case.
            let role = Role::from_char(text[0].to_ascii_lowercase() as char)
                .filter(|&role| role != Role::King)
                .ok_or(ParseUciMoveError { offset: 0 })?;
            let to = square(2)?;
            if text.len() > 4 {
                return Err(ParseUciMoveError { offset: 4 });
            }
            return Ok(UciMove::Put { role, to });
        }
        let from = square(0)?;
        let to = square(2)?;
        let promotion = match text.get(4) {
            None => None,
            // A king only in Antichess: the position says whether it is legal.
            Some(&c) => match Role::from_char(c as char) {
                Some(Role::Pawn) | None => return Err(ParseUciMoveError { offset: 4 }),
                role => role,
            },
        };
        if text.len() > 5 {
            return Err(ParseUciMoveError { offset: 5 });
        }
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }

    /// The UCI text of a legal move `m` in `pos`: castling as the king's destination in standard
    /// chess and as the rook's square in Chess960.
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> UciMove {
        UciMove::of_move(m, pos.castling_mode())
    }

    /// The UCI text of a legal move `m` of a game in castling `mode`: castling as the king's
    /// destination in standard chess and as the rook's square in Chess960, a drop as
    /// [`UciMove::Put`]. The position is not needed: a [`Move`] knows its squares.
    ///
    /// ```
    /// use chess_core::Square;
    /// use chess_notation::uci::UciMove;
    /// use chess_rules::{CastlingMode, Move};
    ///
    /// let castle = Move::castle(Square::E1, Square::H1);
    /// assert_eq!(UciMove::of_move(castle, CastlingMode::Standard).to_string(), "e1g1");
    /// assert_eq!(UciMove::of_move(castle, CastlingMode::Chess960).to_string(), "e1h1");
    /// ```
    #[must_use]
    pub const fn of_move(m: Move, mode: CastlingMode) -> UciMove {
        if let Some(role) = m.dropped() {
            return UciMove::Put { role, to: m.to() };
        }
        let to = if m.is_castle() && !mode.is_chess960() {
            m.king_to_or_to()
        } else {
            m.to()
        };
        UciMove::Normal {
            from: m.from(),
            to,
            promotion: m.promotion(),
        }
    }

    /// The legal move of `pos` this text stands for.
    ///
    /// Castling is recognised both as the king's move to its destination (unless that is also
    /// an ordinary king move, as can happen in Chess960) and as the king taking its own rook.
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalUciMoveError> {
        let illegal = || IllegalUciMoveError { uci: self };
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = self
        else {
            return Err(illegal());
        };
        if promotion == Some(Role::King) {
            return Err(illegal());
        }
        let role = pos.board().role_at(from).ok_or_else(illegal)?;
        if let MoveMatch::One(m) = pos.find_move(role, Bitboard::from(from), to, promotion) {
            return Ok(m);
        }
        if promotion.is_none() && role == Role::King {
            // Castling: king takes rook (`e1h1`), or king to its destination (`e1g1`).
            let moves = pos.moves_from(from);
            let castle = moves
                .iter()
                .find(|m| m.is_castle() && m.to() == to)
                .or_else(|| {
                    moves
                        .iter()
                        .find(|m| m.is_castle() && m.king_to_or_to() == to)
                });
            if let Some(&m) = castle {
                return Ok(m);
            }
        }
        Err(illegal())
    }
}

impl UciMove {
    /// The UCI text of a legal move `m` in `pos`, a position of any variant (or standard
    /// chess): castling as for [`UciMove::from_move`] by the position's castling mode, a drop
    /// as [`UciMove::Put`].
    #[must_use]
    pub fn from_variant_move<P: Playable>(pos: &P, m: Move) -> UciMove {
        UciMove::of_move(m, pos.castling_mode())
    }

    /// The legal move of `pos`, a position of any variant (or standard chess), this text
    /// stands for; castling is read as [`UciMove::to_move`] reads it.
    pub fn to_variant_move<P: Playable>(self, pos: &P) -> Result<Move, IllegalUciMoveError> {
        let illegal = || IllegalUciMoveError { uci: self };
        let (from, to, promotion) = match self {
            UciMove::Null => return Err(illegal()),
            UciMove::Put { role, to } => {
                let m = Move::put(role, to);
                return if pos.is_legal(m) {
                    Ok(m)
                } else {
                    Err(illegal())
                };
            }
            UciMove::Normal {
                from,
                to,
                promotion,
            } => (from, to, promotion),
        };
        let mut moves = VariantMoveList::new();
        let _ = pos.generate(&mut moves, Bitboard::from(from), Bitboard::FULL);
        let moves = moves.iter().filter(|m| !m.is_drop());
        let mut castles = moves.clone().filter(|m| m.is_castle());
        if let Some(&m) = moves
            .clone()
            .find(|m| m.to() == to && m.promotion() == promotion && !m.is_castle())
        {
            return Ok(m);
        }
        if promotion.is_some() {
            return Err(illegal());
        }
        // Castling: king takes rook (`e1h1`), or king to its destination (`e1g1`).
        let castle = castles
            .clone()
            .find(|m| m.to() == to)
            .or_else(|| castles.find(|m| m.king_to_or_to() == to));
        castle.copied().ok_or_else(illegal)
    }
}

impl FromStr for UciMove {
    type Err = ParseUciMoveError;

    fn from_str(s: &str) -> Result<UciMove, ParseUciMoveError> {
        UciMove::from_ascii(s.as_bytes())
    }
}

impl UciMove {
    /// Appends the move's text to `out`, as [`Display`](fmt::Display) writes it but without
    /// the formatting machinery (a game's worth of moves goes to one string).
    pub fn append_to(&self, out: &mut String) {
        match self {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                for square in [from, to] {
                    out.push(square.file().char());
                    out.push(square.rank().char());
                }
                if let Some(role) = promotion {
                    out.push(role.char());
                }
            }
            UciMove::Put { role, to } => {
                out.push(role.upper_char());
                out.push('@');
                out.push(to.file().char());
                out.push(to.rank().char());
            }
            UciMove::Null => out.push_str("0000"),
        }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(role) = promotion {
                    fmt::Write::write_char(f, role.char())?;
                }
                Ok(())
            }
            UciMove::Put { role, to } => write!(f, "{}@{to}", role.upper_char()),
            UciMove::Null => f.write_str("0000"),
        }
    }
}

/// The UCI move is well-formed but not a legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalUciMoveError {
    /// The move that was looked for.
    pub uci: UciMove,
}

impl fmt::Display for IllegalUciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move in this position: {}", self.uci)
    }
}

impl std::error::Error for IllegalUciMoveError {}

/// Why [`parse`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMoveError {
    /// The text is not a UCI move.
    Parse(ParseUciMoveError),
    /// The text is a UCI move, but not a legal one here.
    Illegal(IllegalUciMoveError),
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Parse(e) => e.fmt(f),
            UciMoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for UciMoveError {}

impl From<ParseUciMoveError> for UciMoveError {
    fn from(e: ParseUciMoveError) -> UciMoveError {
        UciMoveError::Parse(e)
    }
}

impl From<IllegalUciMoveError> for UciMoveError {
    fn from(e: IllegalUciMoveError) -> UciMoveError {
        UciMoveError::Illegal(e)
    }
}

/// The legal move of `pos` written as `text` in UCI notation.
pub fn parse(pos: &Position, text: &str) -> Result<Move, UciMoveError> {
    Ok(UciMove::from_str(text)?.to_move(pos)?)
}

/// The UCI text of the legal move `m` in `pos`.
#[must_use]
pub fn format(pos: &Position, m: Move) -> String {
    UciMove::from_move(pos, m).to_string()
}

/// The legal move of `pos`, a position of any variant, written as `text` in UCI notation.
pub fn parse_variant<P: Playable>(pos: &P, text: &str) -> Result<Move, UciMoveError> {
    Ok(UciMove::from_str(text)?.to_variant_move(pos)?)
}

/// The UCI text of the legal move `m` in `pos`, a position of any variant.
#[must_use]
pub fn format_variant<P: Playable>(pos: &P, m: Move) -> String {
    UciMove::from_variant_move(pos, m).to_string()
}

/// A line of play from `pos` in UCI notation, `0000` for a null move (`None`), with the
/// position it ends in. The moves must be legal where they stand (as a game's are); the line
/// stops before a null move made while in check.
///
/// ```
/// use chess_notation::uci;
/// use chess_rules::Position;
///
/// let pos = Position::standard();
/// let e4 = uci::parse(&pos, "e2e4")?;
/// let (line, end) = uci::format_line(&pos, [Some(e4), None]);
/// assert_eq!(line, ["e2e4", "0000"]);
/// assert!(end.turn().is_white());
/// # Ok::<_, uci::UciMoveError>(())
/// ```
#[must_use]
pub fn format_line(
    pos: &Position,
    moves: impl IntoIterator<Item = Option<Move>>,
) -> (Vec<String>, Position) {
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for m in moves {
        match m {
            Some(m) => {
                line.push(format(&pos, m));
                pos.play_unchecked(m);
            }
            None => match pos.null_move() {
                Some(next) => {
                    line.push("0000".to_owned());
                    pos = next;
                }
                None => break,
            },
        }
    }
    (line, pos)
}

/// Whether any legal move of `pos` goes from `from` (a cheap test for move input).
#[must_use]
pub fn has_moves_from(pos: &Position, from: Square) -> bool {
    !pos.moves_between(Bitboard::from(from), Bitboard::FULL)
        .is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_rules::CastlingMode;

    #[test]
    fn syntax() {
        assert_eq!("0000".parse::<UciMove>(), Ok(UciMove::Null));
        assert_eq!(
            "e7e8q".parse::<UciMove>(),
            Ok(UciMove::Normal {
                from: Square::E7,
                to: Square::E8,
                promotion: Some(Role::Queen)
            })
        );
        for (bad, offset) in [
            ("", 0),
            ("e2", 2),
            ("e2e9", 2),
            ("e7e8p", 4),
            ("e2e4 ", 4),
            ("K@e4", 0),
            ("N@e9", 2),
            ("N@e4x", 4),
            ("@e4", 0),
            ("e7e8qq", 5),
            ("é2e4", 0),
        ] {
            assert_eq!(
                bad.parse::<UciMove>(),
                Err(ParseUciMoveError { offset }),
                "{bad:?}"
            );
        }
        assert_eq!(UciMove::Null.to_string(), "0000");
        // A drop, the letter in either case; a promotion to a king (Antichess's) as
        // python-chess reads it, for the position to accept or not.
        for text in ["N@f3", "n@f3"] {
            assert_eq!(
                text.parse::<UciMove>(),
                Ok(UciMove::Put {
                    role: Role::Knight,
                    to: Square::F3
                })
            );
        }
        assert_eq!(
            "e7e8k".parse::<UciMove>(),
            Ok(UciMove::Normal {
                from: Square::E7,
                to: Square::E8,
                promotion: Some(Role::King)
            })
        );
    }

    #[test]
    fn appended_text_is_the_displayed_text() {
        let mut text = String::new();
        for m in [
            UciMove::Null,
            UciMove::Normal {
                from: Square::A1,
                to: Square::H8,
                promotion: None,
            },
            UciMove::Normal {
                from: Square::B2,
                to: Square::C1,
                promotion: Some(Role::Knight),
            },
            UciMove::Put {
                role: Role::Pawn,
                to: Square::E4,
            },
        ] {
            text.clear();
            m.append_to(&mut text);
            assert_eq!(text, m.to_string());
        }
    }

    #[test]
    fn castling_in_both_modes() {
        let mut standard = chess_rules::Setup::standard();
        standard.board = chess_core::Board::from_plain(
            "r...k..r\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nR...K..R\n",
        )
        .unwrap();
        let pos = Position::from_setup(standard.clone(), CastlingMode::Standard).unwrap();
        let castle = parse(&pos, "e1g1").unwrap();
        assert!(castle.is_castle());
        assert_eq!(parse(&pos, "e1h1").unwrap(), castle);
        assert_eq!(format(&pos, castle), "e1g1");
        assert_eq!(format(&pos, parse(&pos, "e1c1").unwrap()), "e1c1");

        let chess960 = Position::from_setup(standard, CastlingMode::Chess960).unwrap();
        let castle = parse(&chess960, "e1g1").unwrap();
        assert_eq!(format(&chess960, castle), "e1h1");
        assert_eq!(parse(&chess960, "e1h1").unwrap(), castle);
    }

    #[test]
    fn king_to_destination_prefers_the_plain_king_move() {
        // Chess960: king f1, rook h1. "f1g1" is a normal king move; castling is "f1h1".
        let mut setup = chess_rules::Setup::standard();
        setup.board = chess_core::Board::from_plain(
            "....k...\n........\n........\n........\n........\n........\n........\n.....K.R\n",
        )
        .unwrap();
        setup.castling = chess_core::CastlingRights::NONE;
        setup.castling.add(
            chess_core::Color::White,
            chess_core::CastlingSide::KingSide,
            chess_core::File::H,
        );
        let pos = Position::from_setup(setup, CastlingMode::Chess960).unwrap();
        assert!(!parse(&pos, "f1g1").unwrap().is_castle());
        assert!(parse(&pos, "f1h1").unwrap().is_castle());
    }

    #[test]
    fn illegal_and_null() {
        let pos = Position::standard();
        assert!(matches!(parse(&pos, "e2e5"), Err(UciMoveError::Illegal(_))));
        assert!(matches!(parse(&pos, "0000"), Err(UciMoveError::Illegal(_))));
        assert!(matches!(parse(&pos, "e2"), Err(UciMoveError::Parse(_))));
        assert_eq!(
            parse(&pos, "e2e5").unwrap_err().to_string(),
            "illegal move in this position: e2e5"
        );
        assert!(has_moves_from(&pos, Square::G1));
        assert!(!has_moves_from(&pos, Square::E1));
    }

    #[test]
    fn every_legal_move_round_trips() {
        for n in [0, 518, 959] {
            let mut pos = Position::chess960(n).unwrap();
            for _ in 0..40 {
                let moves = pos.legal_moves();
                for &m in &moves {
                    assert_eq!(parse(&pos, &format(&pos, m)), Ok(m));
                }
                let Some(&m) = moves.get((pos.zobrist_hash() % 7) as usize % moves.len().max(1))
                else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
    }
}
