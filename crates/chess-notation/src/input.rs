//! Moves as a person types them: SAN in its lenient forms (`e4`, `Nf3`, `exd5`, `0-0`, `e8Q`,
//! and with a lowercase piece letter where that is unambiguous: `nf3`, `kxe2`, `o-o`) or UCI (`e2e4`, `e7e8q`), read into the legal move, or into the reason there is none, for a
//! program to put into words.
//!
//! ```
//! use chess_core::{Role, Square};
//! use chess_notation::input::{self, InputError};
//! use chess_rules::Position;
//!
//! let pos = Position::standard();
//! assert!(input::parse_move(&pos, "Nf3").is_ok());
//! assert!(input::parse_move(&pos, "g1f3").is_ok());
//! assert_eq!(input::parse_move(&pos, "hello"), Err(InputError::NotAMove));
//! assert_eq!(
//!     input::parse_move(&pos, "Nf4"),
//!     Err(InputError::CannotGoThere { role: Role::Knight, to: Square::F4 })
//! );
//! assert_eq!(input::parse_move(&pos, "e3e4"), Err(InputError::NoPieceThere { square: Square::E3 }));
//! ```

use core::fmt;

use chess_core::{Bitboard, CastlingSide, File, Piece, Rank, Role, Square};
use chess_rules::{Move, MoveMatch, Position};

use crate::san::{San, SanMode};
use crate::uci::UciMove;

/// Why typed text is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// Not a move at all: neither SAN nor UCI.
    NotAMove,
    /// The move starts from a square that holds no piece of the side to move (of the kind the
    /// text names).
    NoPieceThere {
        /// The square.
        square: Square,
    },
    /// No piece of that kind of the side to move can go there, whatever the checks.
    CannotGoThere {
        /// The kind of piece.
        role: Role,
        /// The destination.
        to: Square,
    },
    /// A pawn move to the last rank that does not say which piece the pawn becomes.
    PromotionNeeded {
        /// The destination.
        to: Square,
    },
    /// A promotion on a move that is not one.
    NotAPromotion,
    /// A piece could go there, but the move would leave the king in check (`in_check`: the
    /// king is in check now, and the move does not get it out).
    LeavesKingInCheck {
        /// Whether the king is in check already.
        in_check: bool,
    },
    /// Several legal moves match: the text must say which piece.
    Ambiguous {
        /// The matching legal moves.
        candidates: Vec<Move>,
    },
    /// Castling on that side is not possible now (no right left, pieces between, or the king
    /// in check, passing through or landing on an attacked square).
    CastlingNotPossible(CastlingSide),
    /// A null move (`--`, `Z0`), which passes the turn and is no move of a game.
    NullMove,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NotAMove => f.write_str("not a move: expected SAN (e4, Nf3) or UCI (e2e4)"),
            InputError::NoPieceThere { square } => {
                write!(f, "no piece of the side to move on {square}")
            }
            InputError::CannotGoThere { role, to } => {
                write!(f, "no {role} of the side to move can go to {to}")
            }
            InputError::PromotionNeeded { to } => {
                write!(
                    f,
                    "a pawn reaching {to} must become a piece: say which (=Q, =R, =B or =N)"
                )
            }
            InputError::NotAPromotion => f.write_str("only a pawn reaching the last rank promotes"),
            InputError::LeavesKingInCheck { in_check: true } => {
                f.write_str("the king is in check and would still be")
            }
            InputError::LeavesKingInCheck { in_check: false } => {
                f.write_str("the move would leave the king in check")
            }
            InputError::Ambiguous { candidates } => {
                write!(f, "ambiguous: {} moves match", candidates.len())
            }
            InputError::CastlingNotPossible(side) => write!(
                f,
                "castling {side} is not possible now",
                side = match side {
                    CastlingSide::KingSide => "kingside",
                    CastlingSide::QueenSide => "queenside",
                }
            ),
            InputError::NullMove => f.write_str("a null move is no move of a game"),
        }
    }
}

impl std::error::Error for InputError {}

/// The legal move of `pos` that `text` names, in SAN (read leniently) or UCI; or why there is
/// none. Surrounding whitespace is ignored.
///
/// # Errors
///
/// [`InputError`] says why the text is no legal move, from the most telling reason: not a move
/// at all, an ambiguous one, a pawn move that does not say its promotion, a square without a
/// piece of the side to move, no such piece able to go there, or a move into check.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, InputError> {
    let text = text.trim();
    // A piece letter may be lowercase (`nf3`): see `san::read_typed`.
    let san = crate::san::read_typed(pos, text.as_bytes())
        .ok()
        .map(|s| s.san);
    let uci = text.parse::<UciMove>().ok();
    // Whichever reading is legal wins.
    if let Some(Ok(m)) = san.map(|san| san.to_move_with(pos, SanMode::Lenient)) {
        return Ok(m);
    }
    if let Some(Ok(m)) = uci.map(|uci| uci.to_move(pos)) {
        return Ok(m);
    }
    let (role, from, origin, to, promotion) = match (san, uci) {
        (Some(San::Null), _) => return Err(InputError::NullMove),
        (Some(San::Castle(side)), _) => return Err(InputError::CastlingNotPossible(side)),
        (
            _,
            Some(UciMove::Normal {
                from,
                to,
                promotion,
            }),
        ) => {
            let piece = pos
                .board()
                .piece_at(from)
                .filter(|p| p.color() == pos.turn());
            let Some(role) = piece.map(Piece::role) else {
                return Err(InputError::NoPieceThere { square: from });
            };
            (role, Bitboard::from(from), Some(from), to, promotion)
        }
        (
            Some(San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            }),
            _,
        ) => {
            let origin = file.zip(rank).map(|(file, rank)| Square::new(file, rank));
            (role, origin_mask(file, rank), origin, to, promotion)
        }
        _ => return Err(InputError::NotAMove),
    };
    Err(explain(pos, role, from, origin, to, promotion))
}

/// Why no legal move of `role` goes from `from` to `to` with `promotion`.
fn explain(
    pos: &Position,
    role: Role,
    from: Bitboard,
    origin: Option<Square>,
    to: Square,
    promotion: Option<Role>,
) -> InputError {
    if let MoveMatch::Several = pos.find_move(role, from, to, promotion) {
        let candidates = pos.matching_moves(role, from, to, promotion).to_vec();
        return InputError::Ambiguous { candidates };
    }
    let us = pos.turn();
    if let Some(square) = origin {
        if pos.board().piece_at(square) != Some(Piece::new(us, role)) {
            return InputError::NoPieceThere { square };
        }
    }
    let last_rank = to.rank() == Rank::Eighth.relative_to(us);
    let reaches = pos.pseudo_legal_origins(role, from, to).any();
    if role == Role::Pawn && last_rank && promotion.is_none() && reaches {
        return InputError::PromotionNeeded { to };
    }
    if promotion.is_some() && !(role == Role::Pawn && last_rank) && reaches {
        return InputError::NotAPromotion;
    }
    if reaches {
        InputError::LeavesKingInCheck {
            in_check: pos.is_check(),
        }
    } else {
        InputError::CannotGoThere { role, to }
    }
}

/// The squares a move described with these origin hints can start from.
fn origin_mask(file: Option<File>, rank: Option<Rank>) -> Bitboard {
    file.map_or(Bitboard::FULL, Bitboard::file) & rank.map_or(Bitboard::FULL, Bitboard::rank)
}

/// A line of moves as a person types it (`1. e4 c5 2.Nf3`, `e2e4 c7c5 g1f3`), played from
/// `start`: SAN or UCI, move numbers (`1.`, `12...`, also glued to the move) skipped. Returns
/// the moves, or the first token that is no legal move, as (its index among the tokens, the
/// token, why).
///
/// ```
/// use chess_notation::input;
/// use chess_rules::Position;
///
/// let moves = input::parse_line(&Position::standard(), "1. e4 c5 2.Nf3 d7d6")?;
/// assert_eq!(moves.len(), 4);
/// let error = input::parse_line(&Position::standard(), "1. e4 e4").unwrap_err();
/// assert_eq!((error.index, error.token.as_str()), (2, "e4"));
/// # Ok::<_, input::LineError>(())
/// ```
///
/// # Errors
///
/// [`LineError`] for the first token that is no legal move in the position reached.
pub fn parse_line(start: &Position, text: &str) -> Result<Vec<Move>, LineError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (index, token) in text.split_whitespace().enumerate() {
        // `12.`, `12...`, or a number glued to its move: `12.Nf3`.
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
        let text = if digits > 0 && dots > 0 {
            &token[digits + dots..]
        } else {
            token
        };
        if text.is_empty() {
            continue;
        }
        let m = parse_move(&pos, text).map_err(|reason| LineError {
            index,
            token: token.to_owned(),
            reason,
        })?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

/// A token of a line that is no legal move (see [`parse_line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The token's index among the line's whitespace-separated tokens (move numbers counted).
    pub index: usize,
    /// The token.
    pub token: String,
    /// Why it is no legal move.
    pub reason: InputError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "word {} ({}): {}",
            self.index + 1,
            self.token,
            self.reason
        )
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fen;

    fn pos(fen: &str) -> Position {
        fen.parse::<Fen>().unwrap().into_position_auto().unwrap()
    }

    #[test]
    fn each_reason() {
        let promote = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
        // The wrong message of old: with nothing in check, a pawn to the last rank without a
        // piece asks for one.
        for text in ["e8", "e7e8", "e8+"] {
            assert_eq!(
                parse_move(&promote, text),
                Err(InputError::PromotionNeeded { to: Square::E8 }),
                "{text}"
            );
        }
        assert!(parse_move(&promote, "e8=Q").is_ok());
        assert!(parse_move(&promote, "e7e8n").is_ok());
        let start = Position::standard();
        assert_eq!(parse_move(&start, "e4=Q"), Err(InputError::NotAPromotion));
        assert_eq!(
            parse_move(&start, "Ke2"),
            Err(InputError::CannotGoThere {
                role: Role::King,
                to: Square::E2
            })
        );
        assert_eq!(
            parse_move(&start, "e7e5"),
            Err(InputError::NoPieceThere { square: Square::E7 })
        );
        assert_eq!(
            parse_move(&start, "O-O"),
            Err(InputError::CastlingNotPossible(CastlingSide::KingSide))
        );
        assert_eq!(parse_move(&start, "--"), Err(InputError::NullMove));
        assert_eq!(parse_move(&start, "e2e9"), Err(InputError::NotAMove));
        // A pinned piece, a king walking into check, a check not answered.
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(
            parse_move(&pinned, "Nf4"),
            Err(InputError::LeavesKingInCheck { in_check: false })
        );
        assert_eq!(
            parse_move(&pinned, "Ke2"),
            Err(InputError::CannotGoThere {
                role: Role::King,
                to: Square::E2
            })
        );
        let checked = pos("4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1");
        assert_eq!(
            parse_move(&checked, "Nf3"),
            Err(InputError::LeavesKingInCheck { in_check: true })
        );
        let two_knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        match parse_move(&two_knights, "Nd2") {
            Err(InputError::Ambiguous { candidates }) => assert_eq!(candidates.len(), 2),
            other => panic!("{other:?}"),
        }
        assert!(parse_move(&two_knights, "Nbd2").is_ok());
        assert!(parse_move(&two_knights, "  b1d2 ").is_ok());
    }

    /// `nf3` was refused: a piece letter typed in lowercase reads as the piece, and says why
    /// when it is no legal move, as the capital does.
    #[test]
    fn lowercase_piece_letters() {
        let start = Position::standard();
        assert_eq!(parse_move(&start, "nf3"), parse_move(&start, "Nf3"));
        assert!(parse_move(&start, "nf3").is_ok());
        assert_eq!(
            parse_move(&start, "nf4"),
            Err(InputError::CannotGoThere {
                role: Role::Knight,
                to: Square::F4
            })
        );
        let two_knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        match parse_move(&two_knights, "nd2") {
            Err(InputError::Ambiguous { candidates }) => assert_eq!(candidates.len(), 2),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            parse_move(&two_knights, "nbd2"),
            parse_move(&two_knights, "Nbd2")
        );
        // UCI stays UCI: b1d2 is the knight's move, not a bishop's.
        assert_eq!(
            parse_move(&two_knights, "b1d2"),
            parse_move(&two_knights, "Nbd2")
        );
    }
}
