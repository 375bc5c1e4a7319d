//! FEN and EPD of lenient positions, with python-chess's reading and writing rules.

use chess_core::{Bitboard, Board, Color, File, Piece, Rank, Square};
use chess_rules::lenient::LenientPosition;

use crate::fen::{FenErrorKind, FenField, ParseFenError, board_fen};

/// Which en passant square a FEN shows (python-chess's `en_passant` argument).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum EnPassantSpec {
    /// Only when an en passant capture is legal (`"legal"`, the default).
    #[default]
    Legal,
    /// Whenever the last move was a double step, as the FEN standard has it (`"fen"`).
    Fen,
    /// When a pawn could take en passant by its rules alone, as X-FEN has it (`"xfen"`).
    Xfen,
}

/// How [`write_fen`] writes a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct FenOptions {
    /// Castling rights as the rooks' files (`HAha`) rather than X-FEN (`KQkq`).
    pub shredder: bool,
    /// Which en passant square to show.
    pub en_passant: EnPassantSpec,
    /// Whether to mark promoted pieces with `~` (Crazyhouse).
    pub promoted: bool,
}

/// The castling field as X-FEN writes it: `K` and `Q` (`k`, `q`) for the outermost rook on
/// each side of the king, the rook's file where another rook stands further out; `-` for
/// none.
#[must_use]
pub fn castling_xfen(pos: &LenientPosition) -> String {
    let rights = pos.clean_castling_rights();
    let mut out = String::new();
    for color in Color::ALL {
        let Some(king) = pos.king(color) else {
            continue;
        };
        let backrank = Bitboard::rank(Rank::First.relative_to(color));
        let rooks = pos.board.pieces(color, chess_core::Role::Rook) & backrank;
        for rook in (rights & backrank).into_iter().rev() {
            let a_side = rook.file() < king.file();
            let outer = rooks
                .without(rook)
                .into_iter()
                .any(|other| (other.file() < rook.file()) == a_side);
            let c = if outer {
                rook.file().char()
            } else if a_side {
                'q'
            } else {
                'k'
            };
            out.push(if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The castling field as Shredder-FEN writes it: the rooks' files (`HAha`), `-` for none.
#[must_use]
pub fn castling_shredder(pos: &LenientPosition) -> String {
    let rights = pos.clean_castling_rights();
    let mut out = String::new();
    for (rank, upper) in [(Rank::First, true), (Rank::Eighth, false)] {
        for rook in (rights & Bitboard::rank(rank)).into_iter().rev() {
            let c = rook.file().char();
            out.push(if upper { c.to_ascii_uppercase() } else { c });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The first four fields of the FEN (an EPD without operations).
#[must_use]
pub fn write_epd(pos: &LenientPosition, options: FenOptions) -> String {
    let promoted = if options.promoted {
        pos.promoted
    } else {
        Bitboard::EMPTY
    };
    let mut out = board_fen(&pos.board, promoted);
    out.push(' ');
    out.push(pos.turn.char());
    out.push(' ');
    out.push_str(&if options.shredder {
        castling_shredder(pos)
    } else {
        castling_xfen(pos)
    });
    out.push(' ');
    let ep = pos.ep_square.filter(|_| match options.en_passant {
        EnPassantSpec::Fen => true,
        EnPassantSpec::Legal => pos.has_legal_en_passant(),
        EnPassantSpec::Xfen => pos.has_pseudo_legal_en_passant(),
    });
    match ep {
        Some(sq) => out.push_str(&sq.to_string()),
        None => out.push('-'),
    }
    out
}

/// The FEN of the position, as python-chess's `Board.fen()` writes it.
///
/// ```
/// use chess_notation::lenient::{FenOptions, read_fen, write_fen};
///
/// let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
/// let pos = read_fen(fen, false)?;
/// // No black pawn can take en passant: the square is left out by default.
/// assert_eq!(write_fen(&pos, FenOptions::default()), fen.replace("e3", "-"));
/// # Ok::<_, chess_notation::ParseFenError>(())
/// ```
#[must_use]
pub fn write_fen(pos: &LenientPosition, options: FenOptions) -> String {
    let mut out = write_epd(pos, options);
    out.push(' ');
    out.push_str(&pos.halfmoves.to_string());
    out.push(' ');
    out.push_str(&pos.fullmoves.to_string());
    out
}

/// Reads a FEN as python-chess does: the fields after the placement may be left out (white to
/// move, no castling, no en passant square, `0 1`); `~` marks a promoted piece; the castling
/// field is X-FEN or Shredder-FEN (`K`, `Q`, a file letter; at most two letters a color)
/// and every right is kept as the square of its rook (a `K` without its rook still names
/// `h1`); an en passant square is kept as it is; a fullmove number of 0 reads as 1.
pub fn read_fen(text: &str, chess960: bool) -> Result<LenientPosition, ParseFenError> {
    let mut fields = Fields::new(text);
    let (board_start, board_text) = fields
        .next()
        .ok_or_else(|| error(FenField::Board, 0, FenErrorKind::Empty))?;
    let turn = match fields.next() {
        None => Color::White,
        Some((_, "w")) => Color::White,
        Some((_, "b")) => Color::Black,
        Some((at, _)) => return Err(error(FenField::Turn, at, FenErrorKind::InvalidTurn)),
    };
    let castling = match fields.next() {
        None => None,
        Some((at, field)) => {
            check_castling(field, at)?;
            Some(field)
        }
    };
    let ep_square = match fields.next() {
        None | Some((_, "-")) => None,
        Some((at, field)) => Some(
            Square::from_ascii(field.as_bytes())
                .filter(|_| field.len() == 2)
                .ok_or_else(|| error(FenField::EnPassant, at, FenErrorKind::InvalidEnPassant))?,
        ),
    };
    let halfmoves = match fields.next() {
        None => 0,
        Some((at, field)) => number(field, at, FenField::Halfmoves)?,
    };
    let fullmoves = match fields.next() {
        None => 1,
        Some((at, field)) => number(field, at, FenField::Fullmoves)?.max(1),
    };
    if let Some((at, _)) = fields.next() {
        return Err(error(FenField::Trailing, at, FenErrorKind::TrailingText));
    }
    let (board, promoted) = read_board(board_text, board_start)?;
    let mut pos = LenientPosition {
        board,
        promoted,
        turn,
        castling_rights: Bitboard::EMPTY,
        ep_square,
        halfmoves,
        fullmoves,
        chess960,
    };
    if let Some(field) = castling {
        pos.castling_rights = castling_rooks(&pos, field);
    }
    Ok(pos)
}

/// Reads the placement field alone (surrounding whitespace allowed), with `~` marks for
/// promoted pieces.
pub fn read_board_fen(text: &str) -> Result<(Board, Bitboard), ParseFenError> {
    let start = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    if let Some(at) = trimmed.find(char::is_whitespace) {
        return Err(error(
            FenField::Trailing,
            start + at,
            FenErrorKind::TrailingText,
        ));
    }
    read_board(trimmed, start)
}

/// The squares of the rooks a castling field names, on the position's board.
#[must_use]
pub fn castling_rooks(pos: &LenientPosition, field: &str) -> Bitboard {
    let mut rights = Bitboard::EMPTY;
    for c in field.chars().filter(|&c| c != '-') {
        let color = Color::from_white(c.is_ascii_uppercase());
        let rank = Rank::First.relative_to(color);
        let backrank = Bitboard::rank(rank);
        let rooks = pos.board.pieces(color, chess_core::Role::Rook) & backrank;
        let king = pos.king(color);
        let corner = |file| Square::new(file, rank);
        match c.to_ascii_lowercase() {
            // As python-chess reads them: `Q` names the leftmost rook when it stands left of
            // the king, else the corner; with a king but no rook at all it names nothing.
            'q' => match (king, rooks.first()) {
                (None, _) => rights.add(corner(File::A)),
                (Some(_), None) => {}
                (Some(king), Some(rook)) if rook < king => rights.add(rook),
                (Some(_), Some(_)) => rights.add(corner(File::A)),
            },
            'k' => match (rooks.last(), king) {
                (Some(rook), Some(king)) if king < rook => rights.add(rook),
                _ => rights.add(corner(File::H)),
            },
            f => {
                if let Some(file) = File::from_char(f) {
                    rights.add(corner(file));
                }
            }
        }
    }
    rights
}

fn error(field: FenField, offset: usize, kind: FenErrorKind) -> ParseFenError {
    ParseFenError {
        field,
        offset,
        kind,
    }
}

/// The whitespace-separated fields of a text, with their byte offsets.
struct Fields<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Fields<'a> {
    fn new(text: &'a str) -> Fields<'a> {
        Fields { text, at: 0 }
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = &self.text[self.at..];
        let skip = rest.len() - rest.trim_start().len();
        let start = self.at + skip;
        let rest = &self.text[start..];
        if rest.is_empty() {
            self.at = self.text.len();
            return None;
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        self.at = start + len;
        Some((start, &rest[..len]))
    }
}

/// python-chess's castling field: `-`, or up to two white letters (`KQ`, `A`-`H`) then up to
/// two black ones.
fn check_castling(field: &str, at: usize) -> Result<(), ParseFenError> {
    if field == "-" {
        return Ok(());
    }
    let bytes = field.as_bytes();
    let white = bytes
        .iter()
        .take_while(|b| matches!(b, b'K' | b'Q' | b'A'..=b'H'))
        .count();
    let black = bytes[white..]
        .iter()
        .take_while(|b| matches!(b, b'k' | b'q' | b'a'..=b'h'))
        .count();
    let bad = if white > 2 {
        Some(2)
    } else if black > 2 {
        Some(white + 2)
    } else if white + black < bytes.len() {
        Some(white + black)
    } else {
        None
    };
    match bad {
        None => Ok(()),
        Some(i) => Err(error(
            FenField::Castling,
            at + i,
            FenErrorKind::InvalidCastling(char::from(bytes[i])),
        )),
    }
}

fn number(field: &str, at: usize, which: FenField) -> Result<u32, ParseFenError> {
    let digits = field.strip_prefix('+').unwrap_or(field);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(which, at, FenErrorKind::InvalidNumber));
    }
    digits
        .parse()
        .map_err(|_| error(which, at, FenErrorKind::NumberOutOfRange))
}

fn read_board(text: &str, start: usize) -> Result<(Board, Bitboard), ParseFenError> {
    let rows = text.split('/').count();
    if rows != 8 {
        return Err(error(
            FenField::Board,
            start,
            FenErrorKind::WrongRankCount(rows),
        ));
    }
    let mut board = Board::empty();
    let mut promoted = Bitboard::EMPTY;
    let mut at = start;
    for (i, row) in text.split('/').enumerate() {
        let rank = Rank::ALL[7 - i];
        let mut file = 0usize;
        let mut previous_digit = false;
        let mut previous_piece: Option<Square> = None;
        for (j, c) in row.char_indices() {
            let offset = at + j;
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if previous_digit {
                    return Err(error(FenField::Board, offset, FenErrorKind::AdjacentDigits));
                }
                file += d as usize;
                previous_digit = true;
                previous_piece = None;
            } else if c == '~' {
                let Some(sq) = previous_piece.take() else {
                    return Err(error(
                        FenField::Board,
                        offset,
                        FenErrorKind::InvalidPiece('~'),
                    ));
                };
                promoted.add(sq);
                previous_digit = false;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    let sq = Square::new(File::ALL[file], rank);
                    board.put(sq, piece);
                    previous_piece = Some(sq);
                } else {
                    previous_piece = None;
                }
                file += 1;
                previous_digit = false;
            } else {
                return Err(error(
                    FenField::Board,
                    offset,
                    FenErrorKind::InvalidPiece(c),
                ));
            }
        }
        if file != 8 {
            return Err(error(
                FenField::Board,
                at,
                FenErrorKind::WrongRankLength {
                    rank,
                    squares: file,
                },
            ));
        }
        at += row.len() + 1;
    }
    Ok((board, promoted))
}
