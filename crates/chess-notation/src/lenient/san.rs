//! SAN, LAN and UCI of lenient positions, with python-chess's reading and writing rules.

use core::fmt;
use core::ops::ControlFlow;

use chess_core::{Bitboard, File, Rank, Role, Square};
use chess_rules::lenient::{EmptySquareError, LenientPosition, RawMove};

/// Why text is not a move, or not one of this position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LenientMoveError {
    /// The text is not a move at all (python-chess's `InvalidMoveError`).
    Invalid {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A move, but not a legal one here (python-chess's `IllegalMoveError`).
    Illegal {
        /// The text.
        text: String,
    },
    /// A move several legal moves match (python-chess's `AmbiguousMoveError`).
    Ambiguous {
        /// The text.
        text: String,
        /// The legal moves it matches.
        candidates: Vec<RawMove>,
    },
    /// Fully specified squares of a pawn reaching the last rank without a promotion piece
    /// (an `IllegalMoveError`).
    MissingPromotion {
        /// The text.
        text: String,
    },
}

impl fmt::Display for LenientMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LenientMoveError::Invalid { text, reason } => {
                write!(f, "invalid move {text:?}: {reason}")
            }
            LenientMoveError::Illegal { text } => {
                write!(f, "illegal move {text:?}: no legal move matches")
            }
            LenientMoveError::Ambiguous { text, candidates } => {
                write!(f, "ambiguous move {text:?}: candidates are")?;
                for (i, m) in candidates.iter().enumerate() {
                    write!(f, "{}{m}", if i == 0 { " " } else { ", " })?;
                }
                Ok(())
            }
            LenientMoveError::MissingPromotion { text } => {
                write!(
                    f,
                    "illegal move {text:?}: a pawn reaching the last rank needs a promotion piece"
                )
            }
        }
    }
}

impl std::error::Error for LenientMoveError {}

fn invalid(text: &str, reason: &'static str) -> LenientMoveError {
    LenientMoveError::Invalid {
        text: text.to_owned(),
        reason,
    }
}

/// Reads a move in UCI as python-chess's `Move.from_uci` does: `e2e4`, `e7e8q` (any piece
/// letter, so that `e7e8k` reads and is then illegal), `N@f3` and `P@e4` (drops), `0000`.
///
/// ```
/// use chess_core::{Role, Square};
/// use chess_notation::lenient::parse_uci;
/// use chess_rules::lenient::RawMove;
///
/// assert_eq!(parse_uci("e7e8q")?, RawMove::promote(Square::E7, Square::E8, Role::Queen));
/// assert_eq!(parse_uci("N@f3")?, RawMove::put(Role::Knight, Square::F3));
/// assert!(parse_uci("e2e2").is_err());
/// # Ok::<_, chess_notation::lenient::LenientMoveError>(())
/// ```
pub fn parse_uci(text: &str) -> Result<RawMove, LenientMoveError> {
    let bytes = text.as_bytes();
    if text == "0000" {
        return Ok(RawMove::NULL);
    }
    let square = |i: usize| bytes.get(i..i + 2).and_then(Square::from_ascii);
    if bytes.len() == 4 && bytes[1] == b'@' {
        let role = Role::from_char(char::from(bytes[0]).to_ascii_lowercase());
        return match (role, square(2)) {
            (Some(role), Some(to)) => Ok(RawMove::put(role, to)),
            _ => Err(invalid(
                text,
                "expected a piece letter, @ and a square, like N@f3",
            )),
        };
    }
    if !(4..=5).contains(&bytes.len()) {
        return Err(invalid(
            text,
            "expected two squares and an optional promotion letter (like e2e4 or e7e8q), a drop (N@f3) or 0000",
        ));
    }
    let (Some(from), Some(to)) = (square(0), square(2)) else {
        return Err(invalid(text, "expected two squares, like e2e4"));
    };
    let promotion = match bytes.get(4) {
        None => None,
        Some(&c) if c.is_ascii_lowercase() => Some(
            Role::from_char(char::from(c))
                .ok_or_else(|| invalid(text, "expected a promotion letter n, b, r or q"))?,
        ),
        Some(_) => return Err(invalid(text, "expected a lowercase promotion letter")),
    };
    if from == to {
        return Err(invalid(
            text,
            "the two squares are the same (0000 is the null move)",
        ));
    }
    Ok(RawMove {
        from,
        to,
        promotion,
        drop: None,
    })
}

/// The move in UCI as the board writes it: castling as the king's destination in standard
/// chess (`e1g1`), as the king taking its rook when `chess960` (`e1h1`).
#[must_use]
pub fn uci(pos: &LenientPosition, m: RawMove, chess960: bool) -> String {
    pos.from_chess960(chess960, pos.to_chess960(m)).to_string()
}

/// The legal move UCI text names, read as python-chess's `Board.parse_uci` reads it (castling
/// in either form); the null move for `0000`.
pub fn parse_uci_legal(pos: &LenientPosition, text: &str) -> Result<RawMove, LenientMoveError> {
    let m = parse_uci(text)?;
    if m.is_null() {
        return Ok(m);
    }
    let m = pos.from_chess960(pos.chess960, pos.to_chess960(m));
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(LenientMoveError::Illegal {
            text: text.to_owned(),
        })
    }
}

/// The move in SAN without its `+` or `#` (long algebraic with `long`: `Ng1-f3`, `e2xd3`):
/// `--` for the null move, `N@f3` for a drop, `O-O` and `O-O-O` for castling.
pub fn algebraic_without_suffix(
    pos: &LenientPosition,
    m: RawMove,
    long: bool,
) -> Result<String, EmptySquareError> {
    if m.is_null() {
        return Ok("--".to_owned());
    }
    if let Some(role) = m.drop {
        let mut san = String::new();
        if role != Role::Pawn {
            san.push(role.upper_char());
        }
        san.push('@');
        san.push_str(&m.to.to_string());
        return Ok(san);
    }
    if pos.is_castling(m) {
        return Ok(if m.to.file() < m.from.file() {
            "O-O-O".to_owned()
        } else {
            "O-O".to_owned()
        });
    }
    let Some(role) = pos.board.role_at(m.from) else {
        return Err(EmptySquareError { m });
    };
    let capture = pos.is_capture(m);
    let mut san = String::with_capacity(8);
    if role == Role::Pawn {
        if long {
            san.push_str(&m.from.to_string());
        } else if capture {
            san.push(m.from.file().char());
        }
    } else {
        san.push(role.upper_char());
        if long {
            san.push_str(&m.from.to_string());
        } else {
            let others = pos.board.pieces(pos.turn, role).without(m.from);
            let mut rivals = Bitboard::EMPTY;
            for other in pos.legal_moves(others, Bitboard::from_square(m.to)) {
                rivals.add(other.from);
            }
            if rivals.any() {
                let same_rank = rivals.intersects(Bitboard::rank(m.from.rank()));
                let same_file = rivals.intersects(Bitboard::file(m.from.file()));
                // The file when it tells them apart; the rank when the file does not, with
                // the file too when the rank alone would not either.
                if same_rank || !same_file {
                    san.push(m.from.file().char());
                }
                if same_file {
                    san.push(m.from.rank().char());
                }
            }
        }
    }
    if capture {
        san.push('x');
    } else if long {
        san.push('-');
    }
    san.push_str(&m.to.to_string());
    if let Some(promotion) = m.promotion {
        san.push('=');
        san.push(promotion.upper_char());
    }
    Ok(san)
}

/// The move in SAN (long algebraic with `long`) with `+` or `#` when it checks or mates, as
/// python-chess's `Board.san` and `Board.lan` write it, whether or not it is legal.
///
/// ```
/// use chess_core::Square;
/// use chess_notation::lenient::san;
/// use chess_rules::lenient::{LenientPosition, RawMove};
///
/// let pos = LenientPosition::standard();
/// assert_eq!(san(&pos, RawMove::new(Square::G1, Square::F3), false)?, "Nf3");
/// assert_eq!(san(&pos, RawMove::new(Square::G1, Square::F3), true)?, "Ng1-f3");
/// # Ok::<_, chess_rules::lenient::EmptySquareError>(())
/// ```
pub fn san(pos: &LenientPosition, m: RawMove, long: bool) -> Result<String, EmptySquareError> {
    let mut text = algebraic_without_suffix(pos, m, long)?;
    if m.is_null() {
        return Ok(text);
    }
    if let Some(after) = pos.after(m) {
        if after.is_check() {
            text.push(if after.has_legal_moves() { '+' } else { '#' });
        }
    }
    Ok(text)
}

/// The moves of `moves` in SAN with move numbers (`1. e4 e5 2. Nf3`, `3...Nf6` when black
/// starts), as python-chess's `Board.variation_san` writes them; the first move that is not
/// legal where it is played is the error, with its index.
pub fn variation_san(pos: &LenientPosition, moves: &[RawMove]) -> Result<String, usize> {
    let mut pos = pos.clone();
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(i);
        }
        let text = san(&pos, m, false).map_err(|_| i)?;
        if !out.is_empty() {
            out.push(' ');
        }
        if pos.turn.is_white() {
            out.push_str(&format!("{}. {text}", pos.fullmoves));
        } else if i == 0 {
            out.push_str(&format!("{}...{text}", pos.fullmoves));
        } else {
            out.push_str(&text);
        }
        pos.play(m).map_err(|_| i)?;
    }
    Ok(out)
}

/// The parts of a SAN move as python-chess's pattern reads them: an optional piece letter
/// (`NBKRQ`), an optional file and rank, an optional `-` or `x`, the destination, an optional
/// promotion (`=Q`, `Q`, `=q`), an optional `+` or `#`, and nothing else.
struct SanParts {
    role: Option<Role>,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

fn san_parts(text: &str) -> Option<SanParts> {
    let b = text.as_bytes();
    let mut i = 0;
    let role = match b.first() {
        Some(&c @ (b'N' | b'B' | b'K' | b'R' | b'Q')) => {
            i += 1;
            Role::from_char(char::from(c).to_ascii_lowercase())
        }
        _ => None,
    };
    // The pattern is greedy with backtracking: the destination is the last file and rank
    // pair before the promotion and suffix, anything before it disambiguates.
    let mut end = b.len();
    if end > i && matches!(b[end - 1], b'+' | b'#') {
        end -= 1;
    }
    let mut promotion = None;
    if end > i
        && matches!(
            b[end - 1].to_ascii_lowercase(),
            b'n' | b'b' | b'r' | b'q' | b'k'
        )
    {
        // A lowercase `b` there may be the file of the destination... it cannot: the
        // destination ends in a rank digit, so a trailing letter is a promotion.
        promotion = Role::from_char(char::from(b[end - 1]).to_ascii_lowercase());
        end -= 1;
        if end > i && b[end - 1] == b'=' {
            end -= 1;
        }
    }
    if end < i + 2 {
        return None;
    }
    let to = Square::from_ascii(&b[end - 2..end])?;
    let mut middle = &b[i..end - 2];
    if let Some((&last, rest)) = middle.split_last() {
        if matches!(last, b'-' | b'x') {
            middle = rest;
        }
    }
    let mut file = None;
    let mut rank = None;
    let mut rest = middle;
    if let Some((&c, tail)) = rest.split_first() {
        if let Some(f) = File::from_char(char::from(c)).filter(|_| c.is_ascii_lowercase()) {
            file = Some(f);
            rest = tail;
        }
    }
    if let Some((&c, tail)) = rest.split_first() {
        if let Some(r) = Rank::from_char(char::from(c)) {
            rank = Some(r);
            rest = tail;
        }
    }
    if !rest.is_empty() {
        return None;
    }
    Some(SanParts {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

/// Which castling a castling text is (`O-O`, `0-0-0+`, ...): true for the king's side.
fn castle_side(text: &str) -> Option<bool> {
    match text {
        "O-O" | "O-O+" | "O-O#" | "0-0" | "0-0+" | "0-0#" => Some(true),
        "O-O-O" | "O-O-O+" | "O-O-O#" | "0-0-0" | "0-0-0+" | "0-0-0#" => Some(false),
        _ => None,
    }
}

/// Reads SAN as python-chess's `Board.parse_san` does: castling as `O-O`, `O-O-O` (or with
/// zeros, with `+` or `#`), the null moves `--`, `Z0`, `0000` and `@@@@`, and moves matching
/// python-chess's SAN pattern; a piece letter selects the piece, two squares name a move
/// fully (any piece, castling included), a pawn move without a file stays on its file.
///
/// ```
/// use chess_core::Square;
/// use chess_notation::lenient::{LenientMoveError, parse_san};
/// use chess_rules::lenient::{LenientPosition, RawMove};
///
/// let pos = LenientPosition::standard();
/// assert_eq!(parse_san(&pos, "Nf3")?, RawMove::new(Square::G1, Square::F3));
/// assert_eq!(parse_san(&pos, "e2-e4")?, RawMove::new(Square::E2, Square::E4));
/// assert!(matches!(parse_san(&pos, "Nf3\n"), Err(LenientMoveError::Invalid { .. })));
/// # Ok::<_, LenientMoveError>(())
/// ```
pub fn parse_san(pos: &LenientPosition, text: &str) -> Result<RawMove, LenientMoveError> {
    let castle = match text.as_bytes().first() {
        Some(b'O' | b'0') => castle_side(text),
        _ => None,
    };
    if let Some(kingside) = castle {
        return pos
            .castling_moves(Bitboard::FULL, Bitboard::FULL)
            .into_iter()
            .find(|&m| {
                if kingside {
                    pos.is_kingside_castling(m)
                } else {
                    pos.is_queenside_castling(m)
                }
            })
            .ok_or_else(|| LenientMoveError::Illegal {
                text: text.to_owned(),
            });
    }
    let Some(parts) = san_parts(text) else {
        if matches!(text, "--" | "Z0" | "0000" | "@@@@") {
            return Ok(RawMove::NULL);
        }
        if text.contains(',') {
            return Err(invalid(text, "moves of several legs are not supported"));
        }
        return Err(invalid(
            text,
            "expected a move like e4, Nf3, exd5, e8=Q, O-O or Qxf7#",
        ));
    };
    let illegal = || LenientMoveError::Illegal {
        text: text.to_owned(),
    };
    let to_mask = Bitboard::from_square(parts.to) & !pos.board.by_color(pos.turn);
    let mut from_mask = Bitboard::FULL;
    if let Some(file) = parts.file {
        from_mask &= Bitboard::file(file);
    }
    if let Some(rank) = parts.rank {
        from_mask &= Bitboard::rank(rank);
    }
    if let Some(role) = parts.role {
        from_mask &= pos.board.pieces(pos.turn, role);
    } else if let (Some(file), Some(rank)) = (parts.file, parts.rank) {
        // Two squares: any piece's move, castling included.
        let m = pos
            .find_move(Square::new(file, rank), parts.to, parts.promotion)
            .ok_or_else(illegal)?;
        return if m.promotion == parts.promotion {
            Ok(m)
        } else {
            Err(LenientMoveError::MissingPromotion {
                text: text.to_owned(),
            })
        };
    } else {
        from_mask &= pos.board.by_role(chess_core::Role::Pawn);
        if parts.file.is_none() {
            // A pawn capture names its file.
            from_mask &= Bitboard::file(parts.to.file());
        }
    }
    // The first match, stopping at a second one (then the candidates are listed again).
    let mut found = None;
    let several = pos
        .each_legal(from_mask, to_mask, &mut |m| {
            if m.promotion != parts.promotion {
                ControlFlow::Continue(())
            } else if found.is_some() {
                ControlFlow::Break(())
            } else {
                found = Some(m);
                ControlFlow::Continue(())
            }
        })
        .is_break();
    if several {
        let candidates = pos
            .legal_moves(from_mask, to_mask)
            .into_iter()
            .filter(|m| m.promotion == parts.promotion)
            .collect();
        return Err(LenientMoveError::Ambiguous {
            text: text.to_owned(),
            candidates,
        });
    }
    found.ok_or_else(illegal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lenient::read_fen;

    #[test]
    fn ambiguous_san_lists_every_candidate_not_just_the_first_two() {
        // Three knights reach d5: the search stops at the second, the error names all three.
        let pos = read_fen("4k3/8/8/8/5N2/2N1N3/8/4K3 w - - 0 1", false).unwrap();
        match parse_san(&pos, "Nd5") {
            Err(LenientMoveError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates.len(), 3);
            }
            other => panic!("expected an ambiguous move, got {other:?}"),
        }
        assert_eq!(parse_san(&pos, "Nfd5").unwrap().to_string(), "f4d5");
    }

    #[test]
    fn castling_texts_are_recognised_by_their_first_byte_then_in_full() {
        let pos = read_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false).unwrap();
        assert_eq!(parse_san(&pos, "O-O").unwrap().to_string(), "e1g1");
        assert_eq!(parse_san(&pos, "0-0-0+").unwrap().to_string(), "e1c1");
        assert!(matches!(
            parse_san(&pos, "O-O-O-O"),
            Err(LenientMoveError::Invalid { .. })
        ));
    }
}
