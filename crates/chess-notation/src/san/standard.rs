//! SAN of standard chess and Chess960 (the variants' moves are in `variant`).

use core::fmt;
use core::str::FromStr;

use chess_core::{Bitboard, CastlingSide, File, Rank, Role, Square, attacks};
use chess_rules::{Move, MoveMatch, Position};

/// A move in SAN, as text describes it (not yet matched against a position).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece's role.
        role: Role,
        /// The origin file, when given (disambiguation, or a pawn capture).
        file: Option<File>,
        /// The origin rank, when given (disambiguation).
        rank: Option<Rank>,
        /// Whether the move is marked as a capture (`x`).
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion role, if any.
        promotion: Option<Role>,
    },
    /// Castling, `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// A drop of a piece from the pocket (Crazyhouse): `N@f3`, `P@e4` (python-chess's `@e4`
    /// for a pawn is read too).
    Put {
        /// The piece's role (pawn to queen).
        role: Role,
        /// The square it is put on.
        to: Square,
    },
    /// A null move (`--` or `Z0` in lenient mode), used in analysis to pass the turn.
    Null,
}

/// A check or checkmate mark after a move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// The mark: `+` or `#`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }

    /// The mark a move deserves, from the position after it.
    #[must_use]
    pub fn from_position(after: &Position) -> Option<Suffix> {
        if !after.is_check() {
            None
        } else if after.has_legal_moves() {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        }
    }
}

/// A move in SAN with its check or mate mark, as written in PGN.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The `+` or `#` mark, if any.
    pub suffix: Option<Suffix>,
}

/// How much to accept when reading SAN.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum SanMode {
    /// Only the move as this crate writes it; the check mark may be left out.
    #[default]
    Strict,
    /// What real-world PGN contains (see the module documentation).
    Lenient,
}

/// Why text is not SAN at all.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseSanError {
    /// The byte offset where the text stopped making sense.
    pub offset: usize,
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a san move (at byte {}): expected a move like e4, Nf3, exd5, e8=Q, O-O or Qxf7#",
            self.offset
        )
    }
}

impl std::error::Error for ParseSanError {}

/// Why a well-formed SAN move does not name a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SanError {
    /// No legal move matches.
    Illegal,
    /// Several legal moves match: the text needs more disambiguation.
    Ambiguous {
        /// The matching legal moves.
        candidates: Vec<Move>,
    },
    /// In strict mode: a legal move matches, but the text is not its standard SAN (needless or
    /// missing disambiguation, a wrong `x`, or a wrong `+`/`#`).
    NotStandard {
        /// The standard SAN of the move.
        expected: SanPlus,
    },
    /// A null move, which this caller does not accept.
    NullMove,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Illegal => f.write_str("illegal san move: no legal move matches"),
            SanError::Ambiguous { candidates } => {
                f.write_str("ambiguous san move: candidates are")?;
                for (i, m) in candidates.iter().enumerate() {
                    write!(f, "{}{}", if i == 0 { " " } else { ", " }, m)?;
                }
                Ok(())
            }
            SanError::NotStandard { expected } => {
                write!(f, "non-standard san move: expected {expected}")
            }
            SanError::NullMove => f.write_str("null move not allowed here"),
        }
    }
}

impl std::error::Error for SanError {}

/// Why [`parse_move`] failed: not SAN, or not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SanMoveError {
    /// The text is not SAN.
    Parse(ParseSanError),
    /// The SAN names no legal move, or several.
    Move(SanError),
}

impl fmt::Display for SanMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanMoveError::Parse(e) => e.fmt(f),
            SanMoveError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SanMoveError {}

impl From<ParseSanError> for SanMoveError {
    fn from(e: ParseSanError) -> SanMoveError {
        SanMoveError::Parse(e)
    }
}

impl From<SanError> for SanMoveError {
    fn from(e: SanError) -> SanMoveError {
        SanMoveError::Move(e)
    }
}

/// The legal move of `pos` written as `text`, read in `mode`.
pub fn parse_move(pos: &Position, text: &str, mode: SanMode) -> Result<Move, SanMoveError> {
    let san = SanPlus::from_ascii_with(text.as_bytes(), mode)?;
    Ok(san.to_move_with(pos, mode)?)
}

/// The SAN reading of a move as a person types it (lenient SAN, also with its piece letter in
/// lowercase: `nf3`, `qh5`, `kxe2`, `rxa8`, `o-o`), chosen for `pos`.
///
/// Text that is SAN as written is read so when that names a legal move here. Otherwise, when it
/// starts with a lowercase piece letter (`n`, `b`, `r`, `q`, `k`, or `p` for a pawn), it is read
/// with that letter in capitals. So `b` stays a pawn file unless only a bishop move fits:
/// `bxc3` is the b-pawn's capture when it is legal, else the bishop's (`Bxc3`); and a `b`
/// followed by a rank digit starts a square (`b1c3`), never a bishop. When neither reading
/// names a legal move, the one that explains best is returned (the capitalised one when it
/// is ambiguous or the other is not SAN), for the caller to say why.
///
/// Whether this is `Ok` does not depend on `pos`: only which reading is returned does.
///
/// ```
/// use chess_notation::san::{self, SanMode};
/// use chess_rules::Position;
///
/// let pos = Position::standard();
/// let knight = san::read_typed(&pos, b"nf3")?;
/// assert_eq!(knight.to_string(), "Nf3");
/// assert_eq!(san::parse_move_typed(&pos, "nf3")?, san::parse_move(&pos, "Nf3", SanMode::Strict)?);
/// // b4 is the pawn: the b-file comes first.
/// assert_eq!(san::read_typed(&pos, b"b4")?.to_string(), "b4");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`ParseSanError`] when the text is no SAN in either reading.
pub fn read_typed(pos: &Position, text: &[u8]) -> Result<SanPlus, ParseSanError> {
    let as_written = SanPlus::from_ascii_with(text, SanMode::Lenient);
    let capitalized = capitalize_piece(text)
        .and_then(|text| SanPlus::from_ascii_with(&text, SanMode::Lenient).ok());
    let Some(capitalized) = capitalized else {
        return as_written;
    };
    let Ok(as_written) = as_written else {
        return Ok(capitalized);
    };
    let legal = |san: &SanPlus| san.to_move_with(pos, SanMode::Lenient);
    match (legal(&as_written), legal(&capitalized)) {
        (Ok(_), _) => Ok(as_written),
        (_, Ok(_) | Err(SanError::Ambiguous { .. })) => Ok(capitalized),
        _ => Ok(as_written),
    }
}

/// The legal move of `pos` that `text` names as a person types it: lenient SAN whose piece
/// letter may be lowercase (see [`read_typed`]).
///
/// ```
/// use chess_notation::{Fen, san};
///
/// let pos = "4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1".parse::<Fen>()?.into_position_auto()?;
/// // The b-pawn takes on c3 when it can ...
/// assert_eq!(san::parse_move_typed(&pos, "bxc3")?.to_string(), "b2c3");
/// // ... and the bishop when only it can.
/// let pos = "4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1".parse::<Fen>()?.into_position_auto()?;
/// assert_eq!(san::parse_move_typed(&pos, "bxc3")?.to_string(), "d2c3");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`SanMoveError`] when the text is no SAN, or names no legal move or several.
pub fn parse_move_typed(pos: &Position, text: &str) -> Result<Move, SanMoveError> {
    let san = read_typed(pos, text.as_bytes())?;
    Ok(san.to_move_with(pos, SanMode::Lenient)?)
}

/// `text` with its first letter in capitals, when it is a lowercase piece letter that does not
/// start a square (`b1`).
fn capitalize_piece(text: &[u8]) -> Option<Vec<u8>> {
    let (&first, rest) = text.split_first()?;
    let starts_square = first == b'b' && rest.first().is_some_and(u8::is_ascii_digit);
    if !matches!(first, b'n' | b'b' | b'r' | b'q' | b'k' | b'p') || starts_square {
        return None;
    }
    let mut text = text.to_vec();
    text[0] = first.to_ascii_uppercase();
    Some(text)
}

/// A byte reader for the SAN grammar.
struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.text.get(self.pos + ahead).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn file(&mut self) -> Option<File> {
        let file = self.peek().and_then(|c| File::from_char(c as char))?;
        self.pos += 1;
        Some(file)
    }

    fn rank(&mut self) -> Option<Rank> {
        let rank = self.peek().and_then(|c| Rank::from_char(c as char))?;
        self.pos += 1;
        Some(rank)
    }

    fn error(&self) -> ParseSanError {
        ParseSanError { offset: self.pos }
    }
}

/// The role of a promotion letter: a knight to a queen, or a king (Antichess's, which only
/// its positions accept).
#[inline]
fn promotion_role(c: u8, lenient: bool) -> Option<Role> {
    piece_role(if lenient { c.to_ascii_uppercase() } else { c })
}

/// The role of a piece letter (upper case; a pawn has none).
#[inline]
fn piece_role(c: u8) -> Option<Role> {
    match c {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

impl San {
    /// Parses strict SAN (without a `+`/`#` mark; see [`SanPlus::from_ascii`]).
    pub fn from_ascii(text: &[u8]) -> Result<San, ParseSanError> {
        San::from_ascii_with(text, SanMode::Strict)
    }

    /// Parses SAN in `mode` (without a `+`/`#` mark; in lenient mode trailing marks and
    /// annotations are skipped).
    pub fn from_ascii_with(text: &[u8], mode: SanMode) -> Result<San, ParseSanError> {
        let plus = SanPlus::from_ascii_with(text, mode)?;
        if plus.suffix.is_some() && mode == SanMode::Strict {
            return Err(ParseSanError {
                offset: text.len() - 1,
            });
        }
        Ok(plus.san)
    }

    /// Parses the move part of SAN from the cursor, leaving marks and annotations.
    fn parse(c: &mut Cursor<'_>, mode: SanMode) -> Result<San, ParseSanError> {
        let lenient = mode == SanMode::Lenient;
        // Castling.
        let castle_letter = match c.peek() {
            Some(b'O') => Some(b'O'),
            Some(b'0') if lenient => Some(b'0'),
            Some(b'o') if lenient => Some(b'o'),
            _ => None,
        };
        if let Some(letter) = castle_letter {
            let start = c.pos;
            c.pos += 1;
            if c.eat(b'-') && c.eat(letter) {
                if c.peek() == Some(b'-') && c.peek_at(1) == Some(letter) {
                    c.pos += 2;
                    return Ok(San::Castle(CastlingSide::QueenSide));
                }
                return Ok(San::Castle(CastlingSide::KingSide));
            }
            c.pos = start;
            return Err(c.error());
        }
        if lenient {
            if c.text[c.pos..].starts_with(b"--") {
                c.pos += 2;
                return Ok(San::Null);
            }
            if c.text[c.pos..].starts_with(b"Z0") {
                c.pos += 2;
                return Ok(San::Null);
            }
        }

        // A drop: a piece letter (`P` for a pawn, or none, as python-chess writes it), `@`,
        // a square.
        let dropped = match (c.peek(), c.peek_at(1)) {
            (Some(b'@'), _) => Some((Role::Pawn, 1)),
            (Some(b'P'), Some(b'@')) => Some((Role::Pawn, 2)),
            (Some(x), Some(b'@')) => piece_role(x)
                .filter(|&role| role != Role::King)
                .map(|role| (role, 2)),
            _ => None,
        };
        if let Some((role, skip)) = dropped {
            c.pos += skip;
            let (Some(file), Some(rank)) = (c.file(), c.rank()) else {
                return Err(c.error());
            };
            return Ok(San::Put {
                role,
                to: Square::new(file, rank),
            });
        }

        let role = match c.peek() {
            Some(b'P') if lenient => {
                c.pos += 1;
                Role::Pawn
            }
            Some(x) => match piece_role(x) {
                Some(role) => {
                    c.pos += 1;
                    role
                }
                None => Role::Pawn,
            },
            None => return Err(c.error()),
        };

        // Up to two squares' worth of coordinates: [file][rank][-|x][file rank].
        let first_file = c.file();
        let first_rank = c.rank();
        let separator = if c.eat(b'x') {
            Some(b'x')
        } else if lenient && c.eat(b'-') {
            Some(b'-')
        } else {
            None
        };
        let second_file = c.file();
        let second_rank = c.rank();

        let (file, rank, to) = match (first_file, first_rank, second_file, second_rank) {
            (Some(f), Some(r), None, None) if separator.is_none() => {
                (None, None, Square::new(f, r))
            }
            (from_file, from_rank, Some(f), Some(r)) => (from_file, from_rank, Square::new(f, r)),
            _ => return Err(c.error()),
        };
        let capture = separator == Some(b'x');
        if separator == Some(b'-') && (file.is_none() || rank.is_none()) {
            // The dash only appears in the long form `Ng1-f3`.
            return Err(c.error());
        }
        if !lenient {
            // Strict SAN: pawns show their file exactly on captures, never a rank.
            if role == Role::Pawn && (rank.is_some() || capture != file.is_some()) {
                return Err(c.error());
            }
        }

        let promotion = match c.peek() {
            Some(b'=') => {
                c.pos += 1;
                let role = c.peek().and_then(|x| promotion_role(x, lenient));
                match role {
                    Some(role) => {
                        c.pos += 1;
                        Some(role)
                    }
                    None => return Err(c.error()),
                }
            }
            Some(b'(') if lenient => {
                let role = c.peek_at(1).and_then(|x| promotion_role(x, true));
                match (role, c.peek_at(2)) {
                    (Some(role), Some(b')')) => {
                        c.pos += 3;
                        Some(role)
                    }
                    _ => return Err(c.error()),
                }
            }
            Some(x) if lenient && role == Role::Pawn => match promotion_role(x, true) {
                Some(role) => {
                    c.pos += 1;
                    Some(role)
                }
                None => None,
            },
            _ => None,
        };
        if promotion.is_some() && role != Role::Pawn {
            return Err(c.error());
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The SAN of the legal move `m` in `pos`, without a check mark.
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> San {
        let board = pos.board();
        let (from, to) = (m.from(), m.to());
        if let Some(side) = m.castling_side() {
            return San::Castle(side);
        }
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let capture = m.is_en_passant() || board.piece_at(to).is_some();
        if role == Role::Pawn {
            return San::Normal {
                role,
                file: capture.then_some(from.file()),
                rank: None,
                capture,
                to,
                promotion: m.promotion(),
            };
        }
        // Other pieces of the same kind that could go to the same square. Attack sets find
        // them cheaply; the rare candidates are then checked for legality (a pinned piece
        // does not count).
        let us = pos.turn();
        let occupied = board.occupied();
        let reach = match role {
            Role::Knight => attacks::knight(to),
            Role::Bishop => attacks::bishop(to, occupied),
            Role::Rook => attacks::rook(to, occupied),
            Role::Queen => attacks::queen(to, occupied),
            Role::Pawn | Role::King => Bitboard::EMPTY,
        };
        let mut others = Bitboard::EMPTY;
        for other in (reach & board.pieces(us, role)).without(from) {
            if pos.is_legal(Move::new(other, to)) {
                others.add(other);
            }
        }
        disambiguated(role, from, to, capture, others)
    }

    /// The legal move of `pos` this strict SAN names.
    #[inline]
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.to_move_with(pos, SanMode::Strict)
    }

    /// The legal move of `pos` this SAN names, matched in `mode`.
    #[inline]
    pub fn to_move_with(&self, pos: &Position, mode: SanMode) -> Result<Move, SanError> {
        // Nearly every real move is found by the attack tables alone. That answer comes back
        // in a register, not through the large `Result` (whose error can list candidates and
        // is returned through memory, which costs a stalled load per move when reading PGN);
        // everything else, errors included, takes the full path.
        if let Some(m) = self.find_unique(pos) {
            if mode == SanMode::Lenient || self.is_standard_for(pos, m) {
                return Ok(m);
            }
        }
        self.resolve_full(pos, mode)
    }

    /// Whether this description is how standard SAN writes `m`, the one legal move of `pos`
    /// it matches by the attack tables alone, in the cases that can be told without writing
    /// the move: a piece move without an origin (unique among the role's moves to the square,
    /// so no disambiguation is due), or a pawn push or capture with exactly the origin file a
    /// capture needs; and the capture mark right. `false` also means "ask the full path".
    #[inline]
    fn is_standard_for(&self, pos: &Position, m: Move) -> bool {
        let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            ..
        } = *self
        else {
            return false;
        };
        let captures = m.is_en_passant() || pos.board().occupied().contains(to);
        let origin_ok = match role {
            Role::Pawn => rank.is_none() && file.is_some() == captures,
            _ => file.is_none() && rank.is_none(),
        };
        origin_ok && capture == captures && m.to() == to
    }

    /// The one legal move of a normal (not castling, not null) description, when the attack
    /// tables alone decide it: what [`San::find`] returns in that case, or `None`.
    fn find_unique(&self, pos: &Position) -> Option<Move> {
        let San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } = *self
        else {
            return None;
        };
        match pos.find_move(role, origin_mask(file, rank), to, promotion) {
            MoveMatch::One(m) => Some(m),
            _ => None,
        }
    }

    /// [`San::to_move_with`] without its shortcut.
    fn resolve_full(&self, pos: &Position, mode: SanMode) -> Result<Move, SanError> {
        let m = self.find(pos, mode)?;
        if mode == SanMode::Strict {
            self.written_as(San::from_move(pos, m), || {
                Suffix::from_position(&pos.after(m))
            })?;
        }
        Ok(m)
    }

    /// Strict reading's last check: this text is `expected`, the SAN of the move it named
    /// (else the error says what standard SAN writes, with the mark `suffix` gives).
    pub(super) fn written_as(
        &self,
        expected: San,
        suffix: impl FnOnce() -> Option<Suffix>,
    ) -> Result<(), SanError> {
        if expected == *self {
            Ok(())
        } else {
            Err(SanError::NotStandard {
                expected: SanPlus {
                    san: expected,
                    suffix: suffix(),
                },
            })
        }
    }

    /// The one legal move matching the description (loosely: the origin hints and capture mark
    /// are filters, checked against the standard form afterwards in strict mode).
    fn find(&self, pos: &Position, mode: SanMode) -> Result<Move, SanError> {
        let (role, file, rank, to, promotion) = match *self {
            San::Null => return Err(SanError::NullMove),
            // Standard chess has no pockets.
            San::Put { .. } => return Err(SanError::Illegal),
            San::Castle(side) => {
                let us = pos.turn();
                let king = pos.king_of(us);
                let rook = pos
                    .castling_rights()
                    .rook(us, side)
                    .ok_or(SanError::Illegal)?;
                let m = Move::castle(king, rook);
                return if pos.is_legal(m) {
                    Ok(m)
                } else {
                    Err(SanError::Illegal)
                };
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => (role, file, rank, to, promotion),
        };
        let from = origin_mask(file, rank);
        match pos.find_move(role, from, to, promotion) {
            MoveMatch::One(m) => Ok(m),
            MoveMatch::Several => Err(SanError::Ambiguous {
                candidates: pos.matching_moves(role, from, to, promotion).to_vec(),
            }),
            MoveMatch::None => match (role, file, rank) {
                // The long form of castling, `Ke1g1`, and a bare origin and destination,
                // `d1h5`, which the grammar reads as a pawn's but a piece makes: read them as
                // UCI would.
                (Role::King | Role::Pawn, Some(file), Some(rank)) if mode == SanMode::Lenient => {
                    crate::uci::UciMove::Normal {
                        from: Square::new(file, rank),
                        to,
                        promotion,
                    }
                    .to_move(pos)
                    .map_err(|_| SanError::Illegal)
                }
                _ => Err(SanError::Illegal),
            },
        }
    }

    /// Writes the SAN into `out`.
    pub fn append_to(&self, out: &mut String) {
        match *self {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    out.push(role.upper_char());
                }
                if let Some(file) = file {
                    out.push(file.char());
                }
                if let Some(rank) = rank {
                    out.push(rank.char());
                }
                if capture {
                    out.push('x');
                }
                out.push(to.file().char());
                out.push(to.rank().char());
                if let Some(role) = promotion {
                    out.push('=');
                    out.push(role.upper_char());
                }
            }
            San::Castle(CastlingSide::KingSide) => out.push_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => out.push_str("O-O-O"),
            San::Put { role, to } => {
                // As Lichess writes it, `P@e4` for a pawn too.
                out.push(role.upper_char());
                out.push('@');
                out.push(to.file().char());
                out.push(to.rank().char());
            }
            San::Null => out.push_str("--"),
        }
    }
}

impl SanPlus {
    /// Parses strict SAN with an optional `+`/`#` mark.
    #[inline]
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii_with(text, SanMode::Strict)
    }

    /// Parses SAN in `mode`, with an optional `+`/`#` mark (in lenient mode followed by any
    /// annotation like `!`, `?`, `!?`).
    #[inline]
    pub fn from_ascii_with(text: &[u8], mode: SanMode) -> Result<SanPlus, ParseSanError> {
        if let Some(san) = SanPlus::parse_common(text) {
            return Ok(san);
        }
        SanPlus::parse_general(text, mode)
    }

    /// The forms that make up nearly all real moves (`e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd7`,
    /// `R1e2`, each with an optional `+` or `#`), read without the general grammar. `None` for
    /// anything else, which [`SanPlus::parse_general`] reads; both agree on every input the
    /// fast path accepts, in both modes (tested exhaustively on short strings). Always inlined:
    /// once the PGN game builder's move reading grew, the compiler stopped inlining it there,
    /// which cost about 4 % more instructions per move.
    #[inline(always)]
    fn parse_common(text: &[u8]) -> Option<SanPlus> {
        let (body, suffix) = match text.split_last() {
            Some((b'+', body)) => (body, Some(Suffix::Check)),
            Some((b'#', body)) => (body, Some(Suffix::Checkmate)),
            _ => (text, None),
        };
        let file = |c: u8| File::from_index(usize::from(c.wrapping_sub(b'a')));
        let rank = |c: u8| Rank::from_index(usize::from(c.wrapping_sub(b'1')));
        let square = |f: u8, r: u8| Some(Square::new(file(f)?, rank(r)?));
        let normal = |role, file, rank, capture, to| San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        };
        let san = match *body {
            [f, r] => normal(Role::Pawn, None, None, false, square(f, r)?),
            [p, f, r] => normal(piece_role(p)?, None, None, false, square(f, r)?),
            [a, b'x', f, r] => match file(a) {
                Some(from) => normal(Role::Pawn, Some(from), None, true, square(f, r)?),
                None => normal(piece_role(a)?, None, None, true, square(f, r)?),
            },
            [p, d, f, r] => {
                let role = piece_role(p)?;
                let to = square(f, r)?;
                match (file(d), rank(d)) {
                    (Some(from), _) => normal(role, Some(from), None, false, to),
                    (None, Some(from)) => normal(role, None, Some(from), false, to),
                    (None, None) => return None,
                }
            }
            _ => return None,
        };
        Some(SanPlus { san, suffix })
    }

    /// The whole grammar, both modes.
    #[inline(never)]
    fn parse_general(text: &[u8], mode: SanMode) -> Result<SanPlus, ParseSanError> {
        let mut c = Cursor { text, pos: 0 };
        let san = San::parse(&mut c, mode)?;
        let suffix = if c.eat(b'#') {
            Some(Suffix::Checkmate)
        } else if c.eat(b'+') {
            // `++` is an old way to write mate.
            if mode == SanMode::Lenient && c.eat(b'+') {
                Some(Suffix::Checkmate)
            } else {
                Some(Suffix::Check)
            }
        } else {
            None
        };
        if mode == SanMode::Lenient {
            while matches!(c.peek(), Some(b'!' | b'?' | b'+' | b'#')) {
                c.pos += 1;
            }
        }
        if c.pos != text.len() {
            return Err(c.error());
        }
        Ok(SanPlus { san, suffix })
    }

    /// The SAN of the legal move `m` in `pos`, with its check or mate mark.
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        SanPlus {
            san: San::from_move(pos, m),
            suffix: Suffix::from_position(&pos.after(m)),
        }
    }

    /// The SAN of the legal move `m`, which is then played on `pos` (cheaper than
    /// [`SanPlus::from_move`] followed by playing the move).
    pub fn from_move_and_play(pos: &mut Position, m: Move) -> SanPlus {
        let san = San::from_move(pos, m);
        pos.play_unchecked(m);
        SanPlus {
            san,
            suffix: Suffix::from_position(pos),
        }
    }

    /// The legal move of `pos` this strict SAN names (a wrong `+`/`#` is an error).
    #[inline]
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.to_move_with(pos, SanMode::Strict)
    }

    /// The legal move of `pos` this SAN names, matched in `mode` (lenient mode ignores the
    /// `+`/`#` mark).
    #[inline]
    pub fn to_move_with(&self, pos: &Position, mode: SanMode) -> Result<Move, SanError> {
        match mode {
            SanMode::Lenient => self.san.to_move_with(pos, mode),
            SanMode::Strict => self.resolve_strict(pos),
        }
    }

    /// [`SanPlus::to_move_with`] in strict mode: the mark must be the right one too.
    #[inline]
    fn resolve_strict(&self, pos: &Position) -> Result<Move, SanError> {
        // The common case in registers, as in lenient mode: a move the attack tables find,
        // written as standard SAN writes it, without a mark (the mark, when there is one, is
        // checked below).
        if let Some(m) = self.san.find_unique(pos) {
            if self.san.is_standard_for(pos, m) {
                return match self.suffix {
                    None => Ok(m),
                    Some(_) => self.check_mark(pos, m),
                };
            }
        }
        let m = self.san.resolve_full(pos, SanMode::Strict)?;
        self.check_mark(pos, m)
    }

    /// `Ok(m)` if the `+`/`#` mark, when there is one, is the one `m` deserves in `pos`.
    fn check_mark(&self, pos: &Position, m: Move) -> Result<Move, SanError> {
        if let Some(suffix) = self.suffix {
            // Most marks are checks: whether the move checks is cheap; whether it mates takes
            // the position after it.
            let actual = if !pos.gives_check(m) {
                None
            } else if pos.after(m).has_legal_moves() {
                Some(Suffix::Check)
            } else {
                Some(Suffix::Checkmate)
            };
            if actual != Some(suffix) {
                return Err(SanError::NotStandard {
                    expected: SanPlus {
                        san: self.san,
                        suffix: actual,
                    },
                });
            }
        }
        Ok(m)
    }

    /// Writes the SAN and its mark into `out`.
    pub fn append_to(&self, out: &mut String) {
        self.san.append_to(out);
        if let Some(suffix) = self.suffix {
            out.push(suffix.char());
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = String::with_capacity(8);
        self.append_to(&mut buf);
        f.write_str(&buf)
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = String::with_capacity(8);
        self.append_to(&mut buf);
        f.write_str(&buf)
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

impl From<San> for SanPlus {
    fn from(san: San) -> SanPlus {
        SanPlus { san, suffix: None }
    }
}

/// The squares a move described with these origin hints can start from.
#[inline]
pub(super) fn origin_mask(file: Option<File>, rank: Option<Rank>) -> Bitboard {
    let mut mask = Bitboard::FULL;
    if let Some(file) = file {
        mask &= Bitboard::file(file);
    }
    if let Some(rank) = rank {
        mask &= Bitboard::rank(rank);
    }
    mask
}

/// The SAN of a piece move from `from` to `to`, disambiguated against `others`, the origins
/// of the other pieces of its role that may legally go there: by file if that tells them
/// apart, else by rank, else by both.
#[inline]
pub(super) fn disambiguated(
    role: Role,
    from: Square,
    to: Square,
    capture: bool,
    others: Bitboard,
) -> San {
    let (file, rank) = if others.is_empty() {
        (None, None)
    } else if !others.intersects(Bitboard::file(from.file())) {
        (Some(from.file()), None)
    } else if !others.intersects(Bitboard::rank(from.rank())) {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    };
    San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci;

    /// Long algebraic moves of pieces read leniently as the move from the one square to the
    /// other, with or without the piece's letter, a dash or an `x`; strictly, never.
    #[test]
    fn long_algebraic_piece_moves_read_leniently() {
        // White: Qd1, Nb1, Ng1, Ke1, Rh1 and a pawn on b7; black: Ra8, Nc8, Qd8 and a pawn
        // on c3.
        let pos = position("r1nqk3/1P6/8/8/8/2p5/8/1N1QK1NR w K - 0 1");
        for (text, uci) in [
            ("d1h5", "d1h5"),
            ("d1-h5", "d1h5"),
            ("Qd1h5", "d1h5"),
            ("Qd1-h5", "d1h5"),
            ("Ng1-f3", "g1f3"),
            ("Ng1f3", "g1f3"),
            ("Nb1xc3", "b1c3"),
            ("b1xc3", "b1c3"),
            ("b1c3", "b1c3"),
            ("b7b8q", "b7b8q"),
            ("b7xa8=N", "b7a8n"),
            ("b7c8Q", "b7c8q"),
        ] {
            let expected = uci::parse(&pos, uci).unwrap();
            assert_eq!(
                parse_move(&pos, text, SanMode::Lenient),
                Ok(expected),
                "{text}"
            );
            assert!(parse_move(&pos, text, SanMode::Strict).is_err(), "{text}");
        }
        let castling = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        for text in ["e1g1", "Ke1g1", "Ke1-g1"] {
            let expected = uci::parse(&castling, "e1h1").unwrap();
            assert_eq!(
                parse_move(&castling, text, SanMode::Lenient),
                Ok(expected),
                "{text}"
            );
        }
        let black = position("3qk3/8/8/8/8/8/8/4K3 b - - 0 1");
        for text in ["d8d5", "Qd8d5", "Qd8-d5"] {
            let expected = uci::parse(&black, "d8d5").unwrap();
            assert_eq!(
                parse_move(&black, text, SanMode::Lenient),
                Ok(expected),
                "{text}"
            );
        }
        // Still not a move: onto one's own piece, from an empty square, the other side's
        // piece, a promotion of a piece, a wrong letter.
        for text in ["d1b1", "a1a2", "d8d5", "d1h5q", "Nd1h5", "Rd1h5"] {
            assert_eq!(
                parse_move(&pos, text, SanMode::Lenient),
                Err(SanMoveError::Move(SanError::Illegal)),
                "{text}"
            );
        }
    }

    fn position(fen: &str) -> Position {
        fen.parse::<crate::Fen>()
            .unwrap()
            .into_position_auto()
            .unwrap()
    }

    /// Every legal move of these positions, its SAN in lowercase (the piece letter alone, and
    /// the whole text), reads back as the same move; except where the lowercase text is the
    /// b-pawn's legal move as written (`bxc3` for `Bxc3`): the b-file comes first.
    #[test]
    fn lowercase_piece_letters_read_back_to_their_move() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Kiwipete: castling both ways, pins, captures everywhere.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            // Promotions with and without capture, a b-pawn and a bishop both taking on c3,
            // en passant on c6 and a bishop that can go there.
            "1r2k3/P5P1/8/1Pp5/4B3/2n5/1P1B4/R3K2R w KQ c6 0 1",
            // Two knights and two rooks that need disambiguation.
            "4k3/8/8/3N1N2/8/8/8/R3K2R w KQ - 0 1",
        ];
        let mut checked = 0;
        let mut pawn_first = 0;
        for fen in fens {
            let pos = position(fen);
            for &m in pos.legal_moves().iter() {
                let san = SanPlus::from_move(&pos, m).to_string();
                // The piece letter alone in lowercase (castling has none), and everything.
                let mut piece_lower = san.clone();
                if !san.starts_with('O') {
                    piece_lower[..1].make_ascii_lowercase();
                }
                for text in [piece_lower, san.to_ascii_lowercase()] {
                    // The b-pawn's move when the text, as written, is one.
                    let expected = match parse_move(&pos, &text, SanMode::Lenient) {
                        Ok(pawn) if pawn != m => {
                            assert_eq!(pos.board().role_at(m.from()), Some(Role::Bishop));
                            assert!(text.starts_with('b'), "{text}");
                            pawn_first += 1;
                            pawn
                        }
                        _ => m,
                    };
                    assert_eq!(
                        parse_move_typed(&pos, &text),
                        Ok(expected),
                        "{text} ({san}) in {fen}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "{checked}");
        // Bxc3 and Bc6 of the fourth position are the pawn's bxc3 and bxc6 (en passant).
        assert_eq!(pawn_first, 4);
    }

    #[test]
    fn lowercase_b_is_a_pawn_file_unless_only_a_bishop_fits() {
        let move_of = |fen: &str, text: &str| {
            let pos = position(fen);
            parse_move_typed(&pos, text).map(|m| SanPlus::from_move(&pos, m).to_string())
        };
        let both = "4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1";
        assert_eq!(move_of(both, "bxc3").as_deref(), Ok("bxc3"));
        assert_eq!(move_of(both, "Bxc3").as_deref(), Ok("Bxc3"));
        let bishop_only = "4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1";
        assert_eq!(move_of(bishop_only, "bxc3").as_deref(), Ok("Bxc3"));
        // 3. Bb5 of the Spanish, typed in lowercase.
        let spanish = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        assert_eq!(move_of(spanish, "bb5").as_deref(), Ok("Bb5"));
        assert_eq!(move_of(spanish, "b4").as_deref(), Ok("b4"));
        for (text, san) in [
            ("ng5", "Ng5"),
            ("nc3", "Nc3"),
            ("o-o", "O-O"),
            ("kf1", "Kf1"),
            ("qe2", "Qe2"),
            ("bxc6", "Bxc6"),
        ] {
            let pos = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
            assert_eq!(move_of(pos, text).as_deref(), Ok(san), "{text}");
        }
        let open = "r3k3/8/8/8/8/8/8/R3K2Q w Q - 0 1";
        for (text, san) in [
            ("rxa8+", "Rxa8+"),
            ("qh4", "Qh4"),
            ("kd2", "Kd2"),
            ("o-o-o", "O-O-O"),
        ] {
            assert_eq!(move_of(open, text).as_deref(), Ok(san), "{text}");
        }
        let pawn_on_e2 = "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1";
        assert_eq!(move_of(pawn_on_e2, "kxe2").as_deref(), Ok("Kxe2"));
        // A `b` and a rank start a square: b1c3 is no bishop move from the first rank.
        let pos = Position::standard();
        assert!(read_typed(&pos, b"b1c3").is_ok_and(|san| !matches!(
            san.san,
            San::Normal {
                role: Role::Bishop,
                ..
            }
        )));
        // Neither reading legal: the one that says why (no knight can go to f4).
        assert_eq!(
            read_typed(&pos, b"nf4").map(|san| san.to_string()),
            Ok("Nf4".to_owned())
        );
        assert_eq!(
            parse_move_typed(&pos, "nf4"),
            Err(SanMoveError::Move(SanError::Illegal))
        );
        // Whatever the position, text that is no SAN either way is refused.
        for text in ["game", "bad", "n", "x", "nf9", "pgn"] {
            assert!(read_typed(&pos, text.as_bytes()).is_err(), "{text}");
        }
    }

    #[test]
    fn common_forms_agree_with_the_grammar() {
        fn check(text: &[u8], accepted: &mut usize) {
            if let Some(fast) = SanPlus::parse_common(text) {
                *accepted += 1;
                for mode in [SanMode::Strict, SanMode::Lenient] {
                    assert_eq!(
                        SanPlus::parse_general(text, mode).ok(),
                        Some(fast),
                        "{:?} in {mode:?}",
                        String::from_utf8_lossy(text)
                    );
                }
            }
        }
        fn all(alphabet: &[u8], len: usize, prefix: &mut Vec<u8>, accepted: &mut usize) {
            check(prefix, accepted);
            if prefix.len() == len {
                return;
            }
            for &c in alphabet {
                prefix.push(c);
                all(alphabet, len, prefix, accepted);
                prefix.pop();
            }
        }
        let mut accepted = 0;
        all(b"abh18NKPxX+#=-O!?0", 4, &mut Vec::new(), &mut accepted);
        all(b"ah18NQx+#", 5, &mut Vec::new(), &mut accepted);
        // e4, Nf3, exd5, Nxe5, Nbd7, R1e2 and their checks, over the alphabets above.
        assert!(accepted > 300, "{accepted}");
    }
}
