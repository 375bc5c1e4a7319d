//! FEN of standard chess and Chess960 (the variants' forms are in `variant`).

use core::fmt;
use core::str::FromStr;

use chess_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, Piece, Rank, Role, Square,
};
use chess_rules::variant::RemainingChecks;
use chess_rules::{CastlingMode, EnPassantMode, Position, PositionError, Setup};

/// The FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position as FEN describes it: the six fields, parsed but not yet validated.
///
/// Reading accepts standard FEN, X-FEN and Shredder-FEN castling fields (`KQkq`, `HAha` and
/// mixtures), extra whitespace between fields, and FENs that stop after the placement, side to
/// move, castling or en passant field (the clocks default to `0 1`). Writing produces X-FEN:
/// `KQkq` where that is unambiguous, file letters otherwise; the en passant square only when an
/// en passant capture is legal (see [`Fen::from_position_with`] for the alternative).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen {
    setup: Setup,
}

/// The six fields of a FEN, for error reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The piece placement.
    Board,
    /// The side to move.
    Turn,
    /// The castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// The halfmove clock.
    Halfmoves,
    /// The fullmove number.
    Fullmoves,
    /// Whatever follows the six fields.
    Trailing,
    /// The pockets of Crazyhouse (`[Qp]` after the placement, or a ninth rank `/Qp`).
    Pockets,
    /// The checks of Three-check (`3+3` before the clocks, or Lichess's `+0+0` after them).
    RemainingChecks,
}

impl FenField {
    fn name(self) -> &'static str {
        match self {
            FenField::Board => "board field",
            FenField::Turn => "side to move",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
            FenField::Trailing => "end",
            FenField::Pockets => "pockets",
            FenField::RemainingChecks => "three-check counters",
        }
    }
}

/// What was wrong in a FEN.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The text is empty.
    Empty,
    /// The placement does not have 8 ranks separated by `/` (how many it has).
    WrongRankCount(usize),
    /// A rank does not describe exactly 8 squares (the rank, and how many it describes).
    WrongRankLength {
        /// The rank, as a FEN reader counts them (the first rank of the field is rank 8).
        rank: Rank,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    InvalidPiece(char),
    /// The side to move is not `w` or `b`.
    InvalidTurn,
    /// A character that is not a castling letter.
    InvalidCastling(char),
    /// A castling letter with no king and rook to match it.
    CastlingMismatch(char),
    /// A castling side given twice.
    DuplicateCastling(char),
    /// The en passant field is not `-` or a square on rank 3 or 6.
    InvalidEnPassant,
    /// A clock that is not a number.
    InvalidNumber,
    /// A clock too large to represent.
    NumberOutOfRange,
    /// Text after the fullmove number.
    TrailingText,
    /// Two digits in a row in a rank (`44`): a canonical FEN counts the empty squares with
    /// one (see [`Fen::from_ascii_lenient`]).
    AdjacentDigits,
    /// A castling letter after one it should come before (`kqKQ`): a canonical FEN gives
    /// white's rights before black's and the king side before the queen side (see
    /// [`Fen::from_ascii_lenient`]).
    CastlingOrder(char),
    /// A character in the pockets that is not a piece a pocket holds (PNBRQ, pnbrq), or
    /// pockets where standard FEN has none.
    InvalidPocket(char),
    /// The counters of Three-check are not two numbers from 0 to 3: `3+3` (the checks each
    /// side has left to give) or Lichess's `+0+0` (the checks each side has given).
    InvalidRemainingChecks,
}

/// Why text is not a FEN: the field, the byte offset, and what was expected.
///
/// ```
/// use chess_notation::{Fen, FenField};
///
/// let err = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1".parse::<Fen>().unwrap_err();
/// assert_eq!(err.field, FenField::Castling);
/// assert_eq!(err.offset, 48);
/// assert_eq!(
///     err.to_string(),
///     "invalid castling field in fen at byte 48: unexpected 'x': expected one of KQkq, A-H, a-h or -"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseFenError {
    /// The field the error is in.
    pub field: FenField,
    /// The byte offset of the offending text.
    pub offset: usize,
    /// What was wrong.
    pub kind: FenErrorKind,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} in fen at byte {}: ",
            self.field.name(),
            self.offset
        )?;
        match &self.kind {
            FenErrorKind::Empty => f.write_str("the text is empty: expected a fen"),
            FenErrorKind::WrongRankCount(n) => {
                write!(f, "found {n} ranks: expected 8 ranks separated by /")
            }
            FenErrorKind::WrongRankLength { rank, squares } => write!(
                f,
                "rank {} describes {squares} squares: expected 8",
                rank.char()
            ),
            FenErrorKind::InvalidPiece(c) => write!(
                f,
                "unexpected {c:?}: expected a piece letter (KQRBNP, kqrbnp), a digit 1-8 or /"
            ),
            FenErrorKind::InvalidTurn => f.write_str("expected w or b"),
            FenErrorKind::InvalidCastling(c) => {
                write!(f, "unexpected {c:?}: expected one of KQkq, A-H, a-h or -")
            }
            FenErrorKind::CastlingMismatch(c) => write!(
                f,
                "castling right {c:?} does not match the pieces: expected a king on its back rank and a rook on that side"
            ),
            FenErrorKind::DuplicateCastling(c) => {
                write!(f, "castling right {c:?} repeats a side already given")
            }
            FenErrorKind::InvalidEnPassant => f.write_str("expected a square on rank 3 or 6, or -"),
            FenErrorKind::InvalidNumber => f.write_str("expected a number"),
            FenErrorKind::NumberOutOfRange => f.write_str("number out of range"),
            FenErrorKind::TrailingText => f.write_str("unexpected text after the fullmove number"),
            FenErrorKind::AdjacentDigits => {
                f.write_str("two digits in a row: empty squares are counted with one digit")
            }
            FenErrorKind::CastlingOrder(c) => write!(
                f,
                "castling right {c:?} out of order: expected white's before black's, the king side first (KQkq)"
            ),
            FenErrorKind::InvalidPocket(c) => write!(
                f,
                "unexpected {c:?}: expected the letters of the pieces in the pockets (PNBRQ, pnbrq)"
            ),
            FenErrorKind::InvalidRemainingChecks => f.write_str(
                "expected the checks left to give, from 0 to 3 (3+3), or lichess's checks given (+0+0)",
            ),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Why a FEN could not become a position: it was not a FEN, or it describes a position that
/// cannot occur in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a FEN.
    Parse(ParseFenError),
    /// The FEN is well-formed but the position is not legal (with every reason).
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Parse(e) => Some(e),
            FenError::Position(e) => Some(e),
        }
    }
}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// A cursor over the fields of a FEN.
pub(super) struct Fields<'a> {
    pub(super) text: &'a [u8],
    pub(super) pos: usize,
}

impl<'a> Fields<'a> {
    /// The next whitespace-separated field and its offset.
    fn next(&mut self) -> Option<(usize, &'a [u8])> {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        if self.pos == self.text.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < self.text.len() && !self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        Some((start, &self.text[start..self.pos]))
    }
}

/// The character at byte `i` of `text` (or of its valid UTF-8 prefix), for error messages.
pub(super) fn char_at(text: &[u8], i: usize) -> char {
    let rest = &text[i..];
    let valid = match core::str::from_utf8(rest) {
        Ok(s) => s,
        Err(e) => core::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or(""),
    };
    valid.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The piece byte of each FEN letter, and 0xff (no piece) for every other byte.
static PIECE_BYTES: [u8; 256] = {
    let mut table = [0xffu8; 256];
    let letters = *b"PNBRQKpnbrqk";
    let mut i = 0;
    while i < letters.len() {
        if let Some(piece) = Piece::from_char(letters[i] as char) {
            table[letters[i] as usize] = piece.to_byte();
        }
        i += 1;
    }
    table
};

fn parse_board(text: &[u8], base: usize) -> Result<Board, ParseFenError> {
    parse_board_marked(text, base, None)
}

/// The placement `text` (at `base` in the FEN); with `promoted`, a `~` after a piece (a
/// promoted piece of Crazyhouse) is read and its square added there, else it is an invalid
/// piece as in standard FEN.
pub(super) fn parse_board_marked(
    text: &[u8],
    base: usize,
    mut promoted: Option<&mut Bitboard>,
) -> Result<Board, ParseFenError> {
    let error = |offset: usize, kind| ParseFenError {
        field: FenField::Board,
        offset,
        kind,
    };
    let mut board = Board::empty();
    let mut rank_index = 0usize;
    let mut file = 0usize;
    for (i, &c) in text.iter().enumerate() {
        match c {
            b'/' => {
                if file != 8 {
                    return Err(error(
                        base + i,
                        FenErrorKind::WrongRankLength {
                            rank: Rank::ALL[7 - rank_index.min(7)],
                            squares: file,
                        },
                    ));
                }
                rank_index += 1;
                if rank_index > 7 {
                    let ranks = text.split(|&c| c == b'/').count();
                    return Err(error(base + i, FenErrorKind::WrongRankCount(ranks)));
                }
                file = 0;
            }
            b'1'..=b'8' => {
                file += usize::from(c - b'0');
                if file > 8 {
                    return Err(error(
                        base + i,
                        FenErrorKind::WrongRankLength {
                            rank: Rank::ALL[7 - rank_index],
                            squares: file,
                        },
                    ));
                }
            }
            _ => {
                let Some(piece) = Piece::from_byte(PIECE_BYTES[c as usize]) else {
                    let after_piece = i > 0 && PIECE_BYTES[text[i - 1] as usize] != 0xff;
                    if let Some(promoted) =
                        promoted.as_deref_mut().filter(|_| c == b'~' && after_piece)
                    {
                        promoted.add(Square::new(File::ALL[file - 1], Rank::ALL[7 - rank_index]));
                        continue;
                    }
                    return Err(error(
                        base + i,
                        FenErrorKind::InvalidPiece(char_at(text, i)),
                    ));
                };
                if file >= 8 {
                    return Err(error(
                        base + i,
                        FenErrorKind::WrongRankLength {
                            rank: Rank::ALL[7 - rank_index],
                            squares: file + 1,
                        },
                    ));
                }
                let sq = Square::new(File::ALL[file], Rank::ALL[7 - rank_index]);
                board.put_on_empty(sq, piece);
                file += 1;
            }
        }
    }
    if rank_index < 7 {
        return Err(error(
            base + text.len(),
            FenErrorKind::WrongRankCount(rank_index + 1),
        ));
    }
    if file != 8 {
        return Err(error(
            base + text.len(),
            FenErrorKind::WrongRankLength {
                rank: Rank::First,
                squares: file,
            },
        ));
    }
    Ok(board)
}

fn parse_castling(
    text: &[u8],
    base: usize,
    board: &Board,
) -> Result<CastlingRights, ParseFenError> {
    let error = |i: usize, kind| ParseFenError {
        field: FenField::Castling,
        offset: base + i,
        kind,
    };
    let mut rights = CastlingRights::NONE;
    if text == b"-" {
        return Ok(rights);
    }
    for (i, &c) in text.iter().enumerate() {
        if !c.is_ascii_alphabetic() {
            return Err(error(i, FenErrorKind::InvalidCastling(char_at(text, i))));
        }
        let color = Color::from_white(c.is_ascii_uppercase());
        let lower = c.to_ascii_lowercase();
        let back = Rank::First.relative_to(color);
        let king = board
            .pieces(color, Role::King)
            .single_square()
            .filter(|k| k.rank() == back);
        let rooks = board.pieces(color, Role::Rook) & chess_core::Bitboard::rank(back);
        let rook = match lower {
            // X-FEN: the outermost rook on that side of the king.
            b'k' => king.and_then(|k| rooks.into_iter().rfind(|r| r.file() > k.file())),
            b'q' => king.and_then(|k| rooks.into_iter().find(|r| r.file() < k.file())),
            b'a'..=b'h' => {
                let file = File::from_char(lower as char).unwrap_or(File::A);
                king.filter(|k| k.file() != file)
                    .map(|_| Square::new(file, back))
                    .filter(|r| rooks.contains(*r))
            }
            _ => return Err(error(i, FenErrorKind::InvalidCastling(c as char))),
        };
        let (Some(king), Some(rook)) = (king, rook) else {
            return Err(error(i, FenErrorKind::CastlingMismatch(c as char)));
        };
        let side = CastlingSide::from_king_and_rook(king, rook);
        if rights.has(color, side) {
            return Err(error(i, FenErrorKind::DuplicateCastling(c as char)));
        }
        rights.add(color, side, rook.file());
    }
    Ok(rights)
}

/// A spelling that is not canonical, which [`Fen::from_ascii_lenient`] accepted and wrote back
/// in its canonical form ([`Fen::from_ascii`] rejects it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Normalisation {
    /// The field.
    pub field: FenField,
    /// The byte where it starts.
    pub offset: usize,
    /// What was normalised.
    pub kind: NormalisationKind,
}

/// What [`Normalisation`] normalised.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NormalisationKind {
    /// Digits in a row in a rank, counted as one number of empty squares (`44` is `8`).
    AdjacentDigits,
    /// Castling letters out of the canonical order (this one came too late).
    CastlingOrder(char),
}

impl fmt::Display for Normalisation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}: ", self.field.name(), self.offset)?;
        match self.kind {
            NormalisationKind::AdjacentDigits => {
                f.write_str("two digits in a row, counted as one (44 is 8)")
            }
            NormalisationKind::CastlingOrder(_) => {
                f.write_str("castling rights out of order, written KQkq")
            }
        }
    }
}

/// What is not canonical in `text`, which parsed into `setup`.
pub(super) fn normalisations(text: &[u8], setup: &Setup) -> Vec<Normalisation> {
    let mut notes = Vec::new();
    let mut fields = Fields { text, pos: 0 };
    if let Some((base, placement)) = fields.next() {
        for (i, pair) in placement.windows(2).enumerate() {
            if pair[0].is_ascii_digit() && pair[1].is_ascii_digit() {
                notes.push(Normalisation {
                    field: FenField::Board,
                    offset: base + i,
                    kind: NormalisationKind::AdjacentDigits,
                });
                break;
            }
        }
    }
    let _turn = fields.next();
    if let Some((base, castling)) = fields.next().filter(|(_, c)| *c != b"-") {
        // White's before black's, the king side before the queen side.
        let mut last = None;
        for (i, &c) in castling.iter().enumerate() {
            let color = Color::from_white(c.is_ascii_uppercase());
            let king_file = setup.board.king_of(color).map(Square::file);
            let king_side = match c.to_ascii_lowercase() {
                b'k' => true,
                b'q' => false,
                letter => File::from_char(letter as char)
                    .zip(king_file)
                    .is_some_and(|(file, king)| file > king),
            };
            let key = (color.is_black(), !king_side);
            if last.is_some_and(|last| key <= last) {
                notes.push(Normalisation {
                    field: FenField::Castling,
                    offset: base + i,
                    kind: NormalisationKind::CastlingOrder(c as char),
                });
                break;
            }
            last = Some(key);
        }
    }
    notes
}

fn parse_number(text: &[u8], base: usize, field: FenField) -> Result<u32, ParseFenError> {
    let error = |i: usize, kind| ParseFenError {
        field,
        offset: base + i,
        kind,
    };
    let mut value: u32 = 0;
    for (i, &c) in text.iter().enumerate() {
        if !c.is_ascii_digit() {
            return Err(error(i, FenErrorKind::InvalidNumber));
        }
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(c - b'0')))
            .ok_or(error(0, FenErrorKind::NumberOutOfRange))?;
    }
    Ok(value)
}

/// The placement field: the first of `fields`.
pub(super) fn first_field<'a>(fields: &mut Fields<'a>) -> Result<(usize, &'a [u8]), ParseFenError> {
    fields.next().ok_or(ParseFenError {
        field: FenField::Board,
        offset: 0,
        kind: FenErrorKind::Empty,
    })
}

/// The fields after the placement, into a setup with `board`. With `checks`, the counters of
/// Three-check are read where they may stand (`3+3` before the clocks, Lichess's `+0+0` after
/// them) into it; without, such a field is an error, as in standard FEN.
pub(super) fn parse_tail(
    fields: &mut Fields<'_>,
    board: Board,
    mut checks: Option<&mut Option<RemainingChecks>>,
) -> Result<Setup, ParseFenError> {
    let mut setup = Setup {
        board,
        ..Setup::empty()
    };
    if let Some((base, turn)) = fields.next() {
        setup.turn = match turn {
            b"w" => Color::White,
            b"b" => Color::Black,
            _ => {
                return Err(ParseFenError {
                    field: FenField::Turn,
                    offset: base,
                    kind: FenErrorKind::InvalidTurn,
                });
            }
        };
    }
    if let Some((base, castling)) = fields.next() {
        setup.castling = parse_castling(castling, base, &setup.board)?;
    }
    if let Some((base, ep)) = fields.next() {
        if ep != b"-" {
            let square = Square::from_ascii(ep)
                .filter(|sq| matches!(sq.rank(), Rank::Third | Rank::Sixth))
                .ok_or(ParseFenError {
                    field: FenField::EnPassant,
                    offset: base,
                    kind: FenErrorKind::InvalidEnPassant,
                })?;
            setup.ep_square = Some(square);
        }
    }
    let mut next = fields.next();
    if let (Some(checks), Some((base, field))) = (checks.as_deref_mut(), next) {
        // X-FEN's counters, the checks left to give: a number, `+`, a number.
        if field.contains(&b'+') && field[0] != b'+' {
            *checks = Some(parse_checks(field, base, false)?);
            next = fields.next();
        }
    }
    if let Some((base, halfmoves)) = next {
        setup.halfmoves = parse_number(halfmoves, base, FenField::Halfmoves)?;
    }
    if let Some((base, fullmoves)) = fields.next() {
        // Some programs write 0; it can only mean the first move.
        setup.fullmoves = parse_number(fullmoves, base, FenField::Fullmoves)?.max(1);
    }
    let mut next = fields.next();
    if let (Some(checks), Some((base, field))) = (checks, next) {
        // Lichess's counters after the clocks, the checks given: `+`, a number, `+`, a number
        // (in one FEN with X-FEN's, they would say it twice).
        if field[0] == b'+' && checks.is_none() {
            *checks = Some(parse_checks(&field[1..], base + 1, true)?);
            next = fields.next();
        }
    }
    if let Some((base, _)) = next {
        return Err(ParseFenError {
            field: FenField::Trailing,
            offset: base,
            kind: FenErrorKind::TrailingText,
        });
    }
    Ok(setup)
}

/// Three-check's counters `W+B` (at `base`): the checks each side has left to give, or with
/// `given` the checks each has given (Lichess's form, without its leading `+`).
pub(crate) fn parse_checks(
    text: &[u8],
    base: usize,
    given: bool,
) -> Result<RemainingChecks, ParseFenError> {
    let error = ParseFenError {
        field: FenField::RemainingChecks,
        offset: base,
        kind: FenErrorKind::InvalidRemainingChecks,
    };
    let count = |digits: &[u8]| match digits {
        [d @ b'0'..=b'3'] => Some(d - b'0'),
        _ => None,
    };
    let plus = text.iter().position(|&c| c == b'+').ok_or(error.clone())?;
    let (white, black) = (count(&text[..plus]), count(&text[plus + 1..]));
    let (Some(white), Some(black)) = (white, black) else {
        return Err(error);
    };
    let checks = if given {
        RemainingChecks::new(3 - white, 3 - black)
    } else {
        RemainingChecks::new(white, black)
    };
    checks.ok_or(error)
}

impl Fen {
    /// The FEN of the standard starting position.
    #[must_use]
    pub fn standard() -> Fen {
        Fen {
            setup: Setup::standard(),
        }
    }

    /// A FEN of `setup`, as it is.
    #[must_use]
    pub fn from_setup(setup: Setup) -> Fen {
        Fen { setup }
    }

    /// The FEN of `pos`, with the en passant square only when an en passant capture is legal.
    #[must_use]
    pub fn from_position(pos: &Position) -> Fen {
        Fen::from_position_with(pos, EnPassantMode::Legal)
    }

    /// The FEN of `pos`, with the en passant square as `ep` says: [`EnPassantMode::Always`]
    /// writes it after every double step, as some programs do.
    #[must_use]
    pub fn from_position_with(pos: &Position, ep: EnPassantMode) -> Fen {
        Fen {
            setup: pos.to_setup_with(ep),
        }
    }

    /// The parsed fields.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Takes the parsed fields.
    #[must_use]
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Parses a FEN from bytes, strictly: the spellings [`Fen::from_ascii_lenient`] accepts
    /// and normalises (two digits in a row, castling letters out of order) are errors that
    /// say where. Missing trailing fields (the clocks, as EPD leaves them out) are accepted.
    ///
    /// ```
    /// use chess_notation::{Fen, FenErrorKind, FenField};
    ///
    /// let error = Fen::from_ascii(b"8/8/8/8/8/8/8/4K2k w - - 0 1").map(|_| ());
    /// assert!(error.is_ok());
    /// let error = Fen::from_ascii(b"44/8/8/8/8/8/8/4K2k w - - 0 1").unwrap_err();
    /// assert_eq!((error.field, error.offset, error.kind), (FenField::Board, 0, FenErrorKind::AdjacentDigits));
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<Fen, ParseFenError> {
        let (fen, notes) = Fen::from_ascii_lenient(text)?;
        match notes.first() {
            None => Ok(fen),
            Some(note) => Err(ParseFenError {
                field: note.field,
                offset: note.offset,
                kind: match note.kind {
                    NormalisationKind::AdjacentDigits => FenErrorKind::AdjacentDigits,
                    NormalisationKind::CastlingOrder(c) => FenErrorKind::CastlingOrder(c),
                },
            }),
        }
    }

    /// Parses a FEN from bytes, accepting spellings that are not canonical and saying what was
    /// normalised: the readers of files written by other programs use this.
    ///
    /// ```
    /// use chess_notation::Fen;
    ///
    /// let (fen, notes) = Fen::from_ascii_lenient(b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1")?;
    /// assert_eq!(fen, Fen::standard());
    /// assert_eq!(notes.len(), 2);
    /// assert_eq!(notes[0].to_string(), "board field at byte 18: two digits in a row, counted as one (44 is 8)");
    /// assert_eq!(notes[1].to_string(), "castling field at byte 49: castling rights out of order, written KQkq");
    /// # Ok::<_, chess_notation::ParseFenError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What is wrong, where.
    pub fn from_ascii_lenient(text: &[u8]) -> Result<(Fen, Vec<Normalisation>), ParseFenError> {
        let fen = Fen::parse_fields(text)?;
        let notes = normalisations(text, &fen.setup);
        Ok((fen, notes))
    }

    fn parse_fields(text: &[u8]) -> Result<Fen, ParseFenError> {
        let mut fields = Fields { text, pos: 0 };
        let (base, placement) = first_field(&mut fields)?;
        let board = parse_board(placement, base)?;
        let setup = parse_tail(&mut fields, board, None)?;
        Ok(Fen { setup })
    }

    /// Whether the castling rights can only mean Chess960: a king off the `e` file or a rook off
    /// the `a`/`h` files with a castling right (see [`Setup::castling_mode`]).
    /// [`Fen::into_position_auto`] uses this.
    #[must_use]
    pub fn castling_mode(&self) -> CastlingMode {
        self.setup.castling_mode()
    }

    /// The position, validated under `mode`.
    pub fn into_position(self, mode: CastlingMode) -> Result<Position, FenError> {
        Ok(Position::from_setup(self.setup, mode)?)
    }

    /// The position, standard chess unless the castling rights can only mean Chess960.
    pub fn into_position_auto(self) -> Result<Position, FenError> {
        self.into_position_for(false)
    }

    /// The position under Chess960 rules when `chess960` asks for them, else as the castling
    /// rights need (see [`CastlingMode::for_setup`]).
    pub fn into_position_for(self, chess960: bool) -> Result<Position, FenError> {
        let mode = CastlingMode::for_setup(&self.setup, chess960);
        self.into_position(mode)
    }

    /// The FEN with Shredder-FEN castling (always file letters: `HAha`).
    #[must_use]
    pub fn shredder(&self) -> Shredder<'_> {
        Shredder(self)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, shredder: bool) -> fmt::Result {
        // Built in one buffer and handed over in one call: the formatting machinery costs more
        // per call than writing the bytes.
        let setup = &self.setup;
        let mut out = Ascii::new();
        write_board(&setup.board, &mut out);
        out.push(b' ');
        out.push(setup.turn.char() as u8);
        out.push(b' ');
        write_castling(&mut out, setup, shredder);
        out.push(b' ');
        match setup.ep_square {
            Some(sq) => {
                out.push(sq.file().char() as u8);
                out.push(sq.rank().char() as u8);
            }
            None => out.push(b'-'),
        }
        out.push(b' ');
        out.push_number(setup.halfmoves);
        out.push(b' ');
        out.push_number(setup.fullmoves);
        f.write_str(out.as_str())
    }
}

/// A small stack buffer for ASCII text: a FEN is at most 71 + 1 + 1 + 1 + 4 + 1 + 2 + 1 + 10 +
/// 1 + 10 = 103 bytes.
pub(super) struct Ascii {
    bytes: [u8; 112],
    len: usize,
}

impl Ascii {
    pub(super) const fn new() -> Ascii {
        Ascii {
            bytes: [0; 112],
            len: 0,
        }
    }

    #[inline]
    pub(super) fn push(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    fn push_number(&mut self, mut n: u32) {
        let mut digits = [0u8; 10];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[i..] {
            self.push(d);
        }
    }

    pub(super) fn as_str(&self) -> &str {
        // Only ASCII is ever pushed, so this cannot fail.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

pub(super) fn write_castling(out: &mut Ascii, setup: &Setup, shredder: bool) {
    if setup.castling.is_empty() {
        out.push(b'-');
        return;
    }
    for (color, side, rook) in setup.castling.iter() {
        // X-FEN: K or Q when the castling rook is the outermost rook on its side of the king.
        let outermost = !shredder && {
            let back = Rank::First.relative_to(color);
            let rooks = setup.board.pieces(color, Role::Rook) & chess_core::Bitboard::rank(back);
            let beyond = match side {
                CastlingSide::KingSide => {
                    rooks.into_iter().filter(|r| r.file() > rook.file()).count()
                }
                CastlingSide::QueenSide => {
                    rooks.into_iter().filter(|r| r.file() < rook.file()).count()
                }
            };
            beyond == 0
        };
        // Only ASCII letters: the cast cannot lose anything.
        out.push(side.letter(color, (!outermost).then_some(rook.file())) as u8);
    }
}

impl FromStr for Fen {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Fen, ParseFenError> {
        Fen::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl From<Setup> for Fen {
    fn from(setup: Setup) -> Fen {
        Fen { setup }
    }
}

impl From<&Position> for Fen {
    fn from(pos: &Position) -> Fen {
        Fen::from_position(pos)
    }
}

/// A FEN written with Shredder-FEN castling, from [`Fen::shredder`].
#[derive(Copy, Clone, Debug)]
pub struct Shredder<'a>(&'a Fen);

impl fmt::Display for Shredder<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, true)
    }
}

/// The placement field of a FEN on its own: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`.
///
/// ```
/// use chess_core::Board;
/// use chess_notation::BoardFen;
///
/// let board = BoardFen::parse("8/8/8/8/4k3/8/8/4K3")?;
/// assert_eq!(BoardFen(&board).to_string(), "8/8/8/8/4k3/8/8/4K3");
/// assert_eq!(BoardFen(&Board::standard()).to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
/// # Ok::<_, chess_notation::ParseFenError>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct BoardFen<'a>(pub &'a Board);

impl BoardFen<'_> {
    /// Parses a placement field (nothing else may follow).
    pub fn parse(text: &str) -> Result<Board, ParseFenError> {
        let mut fields = Fields {
            text: text.as_bytes(),
            pos: 0,
        };
        let Some((base, placement)) = fields.next() else {
            return Err(ParseFenError {
                field: FenField::Board,
                offset: 0,
                kind: FenErrorKind::Empty,
            });
        };
        let board = parse_board(placement, base)?;
        if let Some((offset, _)) = fields.next() {
            return Err(ParseFenError {
                field: FenField::Trailing,
                offset,
                kind: FenErrorKind::TrailingText,
            });
        }
        Ok(board)
    }
}

impl fmt::Display for BoardFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Ascii::new();
        write_board(self.0, &mut out);
        f.write_str(out.as_str())
    }
}

fn write_board(board: &Board, out: &mut Ascii) {
    write_placement(board, Bitboard::EMPTY, |b| out.push(b));
}

/// The placement field, promoted pieces marked `~` when `promoted` holds them (Crazyhouse);
/// with [`Bitboard::EMPTY`] it is [`BoardFen`]'s text.
///
/// ```
/// use chess_core::{Bitboard, Board, Square};
/// use chess_notation::fen::board_fen;
///
/// assert_eq!(board_fen(&Board::standard(), Bitboard::EMPTY), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
/// let marked = board_fen(&Board::standard(), Bitboard::from_square(Square::D1));
/// assert_eq!(marked, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR");
/// ```
#[must_use]
pub fn board_fen(board: &Board, promoted: Bitboard) -> String {
    let mut out = String::with_capacity(72);
    write_placement(board, promoted, |b| out.push(char::from(b)));
    out
}

/// The one placement writer, byte by byte.
#[inline]
fn write_placement(board: &Board, promoted: Bitboard, mut push: impl FnMut(u8)) {
    // Rank by rank from the occupancy: runs of empty squares are counted from bit positions
    // rather than by looking at every square.
    let occupied = board.occupied().0;
    for rank in (0..8u32).rev() {
        let mut row = (occupied >> (8 * rank)) as u8 as u32;
        let mut file = 0;
        while row != 0 {
            let gap = row.trailing_zeros();
            if gap > 0 {
                push(b'0' + gap as u8);
            }
            file += gap;
            let sq = Square::ALL[(8 * rank + file) as usize];
            if let Some(piece) = board.piece_at(sq) {
                push(PIECE_LETTERS[piece.to_byte() as usize]);
                if promoted.contains(sq) {
                    push(b'~');
                }
            }
            file += 1;
            row >>= gap + 1;
        }
        if file < 8 {
            push(b'0' + (8 - file) as u8);
        }
        if rank > 0 {
            push(b'/');
        }
    }
}

/// The FEN letter of each piece byte (`0bCCCC_TTTT`).
static PIECE_LETTERS: [u8; 32] = {
    let mut table = [b'?'; 32];
    let mut byte = 0;
    while byte < 32 {
        if let Some(piece) = Piece::from_byte(byte as u8) {
            table[byte] = piece.char() as u8;
        }
        byte += 1;
    }
    table
};
