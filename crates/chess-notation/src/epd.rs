//! Extended Position Description: the first four fields of a FEN followed by operations
//! `opcode operand ... ;`.
//!
//! Operations are kept in order with their operands as written; typed accessors read the
//! common opcodes: `bm` and `am` (SAN moves, resolved against the position in lenient mode),
//! `pv`, `id`, `c0`–`c9`, `acd`, `ce`, `hmvc`, `fmvn`, and perft counts `D1 20 ;D2 400`.
//! Opcodes this module does not know (`wdl_table 2;`) are kept like any other.
//!
//! Two common deviations are accepted: the last operation may lack its `;`, and the four
//! fields may be followed by the two FEN clocks (`... w KQkq - 0 1`), which are kept and
//! written back.
//!
//! The variants' fields are read and written as python-chess writes their EPD: Crazyhouse's
//! pockets and promoted pieces in the placement (`RNBQKBNR[Qp]`, `Q~`; a ninth rank `/Qp` is
//! read too), and Three-check's counters after the four fields (`w KQkq - 3+3`, the checks
//! each side has left to give). [`Epd::variant_position`] builds the position of a variant.
//!
//! ```
//! use chess_notation::Epd;
//!
//! let epd: Epd = r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "ruy \"lopez\"";"#.parse()?;
//! assert_eq!(epd.id(), Some("ruy \"lopez\""));
//! let bm = epd.moves("bm")?;
//! assert_eq!(bm.len(), 1);
//! assert_eq!(epd.to_string(), r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "ruy \"lopez\"";"#);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use chess_rules::variant::{Playable, Variant, VariantPosition};
use chess_rules::{CastlingMode, Move, Position};

use crate::fen::{Fen, FenError, ParseFenError, VariantFen, VariantFenError};
use crate::san::{SanMode, SanMoveError, SanPlus};

/// One operand of an EPD operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// An unquoted token: a number, a move, a word.
    Word(String),
    /// A quoted string, unescaped (`"a \"b\""` holds `a "b"`).
    String(String),
}

impl Operand {
    /// The text of the operand (unescaped for strings).
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Operand::Word(s) | Operand::String(s) => s,
        }
    }
}

/// An EPD operation: an opcode and its operands, like `bm Nf3 e4` or `id "test 1"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// The opcode: a letter followed by letters, digits and underscores.
    pub opcode: String,
    /// The operands, in order.
    pub operands: Vec<Operand>,
}

/// A parsed EPD line: position fields and operations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Epd {
    /// The position (clocks from `hmvc`/`fmvn`, from trailing FEN clocks, or `0 1`), with
    /// the variants' fields.
    fen: VariantFen,
    /// The two FEN clocks, when the line carried them after the fourth field.
    fen_clocks: Option<(u32, u32)>,
    /// The operations, in order.
    pub operations: Vec<Operation>,
}

/// What was wrong in an EPD line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EpdErrorKind {
    /// The position fields are not valid (the FEN error, whose offset is the same).
    Fen(ParseFenError),
    /// An opcode does not start with a letter or contains other characters than letters,
    /// digits and underscores.
    InvalidOpcode,
    /// A quoted string has no closing quote.
    UnterminatedString,
    /// A `\` in a quoted string is not followed by `"` or `\`.
    InvalidEscape,
    /// A `;` with no opcode before it.
    EmptyOperation,
    /// An operand of a numeric opcode (`acd`, `ce`, `hmvc`, `fmvn`, `D1`...) is not a number
    /// in range, or the opcode has not exactly one operand.
    InvalidNumber,
}

/// Why text is not EPD: the byte offset and what was wrong.
///
/// ```
/// use chess_notation::Epd;
///
/// let err = "8/8/8/8/8/8/8/K6k w - - acd x;".parse::<Epd>().unwrap_err();
/// assert_eq!(err.offset, 28);
/// assert_eq!(err.to_string(), "invalid epd at byte 28: expected a number as the operand of acd");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseEpdError {
    /// The byte offset of the offending text.
    pub offset: usize,
    /// What was wrong.
    pub kind: EpdErrorKind,
    /// The opcode concerned, if any.
    pub opcode: Option<String>,
}

impl fmt::Display for ParseEpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let EpdErrorKind::Fen(e) = &self.kind {
            return write!(f, "invalid epd position: {e}");
        }
        write!(f, "invalid epd at byte {}: ", self.offset)?;
        let opcode = self.opcode.as_deref().unwrap_or("?");
        match &self.kind {
            EpdErrorKind::Fen(_) => Ok(()),
            EpdErrorKind::InvalidOpcode => f.write_str(
                "expected an opcode (a letter followed by letters, digits or underscores)",
            ),
            EpdErrorKind::UnterminatedString => {
                f.write_str("unterminated string: expected a closing \"")
            }
            EpdErrorKind::InvalidEscape => f.write_str("expected \\\" or \\\\ after \\"),
            EpdErrorKind::EmptyOperation => f.write_str("expected an opcode before ;"),
            EpdErrorKind::InvalidNumber => {
                write!(f, "expected a number as the operand of {opcode}")
            }
        }
    }
}

impl std::error::Error for ParseEpdError {}

/// Why the moves of an operation could not be read: the position is not valid, or an operand
/// is not a legal move in it.
#[derive(Clone, Debug)]
pub enum EpdMoveError {
    /// The position fields do not describe a legal position.
    Position(FenError),
    /// An operand is not a legal SAN move (the opcode, the operand's index from 0, its text, and
    /// why).
    Move {
        /// The opcode (`bm`, `am`, `pv`).
        opcode: String,
        /// Which operand, from 0.
        index: usize,
        /// The operand's text.
        text: String,
        /// Why it is not a legal move.
        error: SanMoveError,
    },
}

impl fmt::Display for EpdMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdMoveError::Position(e) => write!(f, "invalid epd position: {e}"),
            EpdMoveError::Move {
                opcode,
                index,
                text,
                error,
            } => write!(
                f,
                "invalid move {text:?} (operand {} of {opcode}): {error}",
                index + 1
            ),
        }
    }
}

impl std::error::Error for EpdMoveError {}

/// Whether `c` may appear in an opcode after its first letter.
fn is_opcode_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Whether the opcode's operand must be a number.
fn is_numeric_opcode(opcode: &str) -> bool {
    matches!(
        opcode,
        "acd" | "acn" | "acs" | "ce" | "dm" | "hmvc" | "fmvn"
    ) || perft_depth(opcode).is_some()
}

/// The depth of a perft-count opcode `D1`, `D2`...
fn perft_depth(opcode: &str) -> Option<u32> {
    let digits = opcode.strip_prefix('D')?;
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// A cursor over an EPD line.
struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn skip_whitespace(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// The next whitespace-separated field (for the position fields).
    fn field(&mut self) -> Option<(usize, usize)> {
        self.skip_whitespace();
        let start = self.pos;
        while self.pos < self.text.len() && !self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        (self.pos > start).then_some((start, self.pos))
    }
}

fn is_number(text: &[u8]) -> bool {
    !text.is_empty() && text.iter().all(u8::is_ascii_digit)
}

impl Epd {
    /// An EPD of `pos` with no operations. EPD has no clock fields: the clocks are set to
    /// `0 1` (push `hmvc` and `fmvn` operations to keep them).
    #[must_use]
    pub fn from_position(pos: &Position) -> Epd {
        Epd::from_variant_fen(VariantFen::from(Fen::from_position(pos)))
    }

    /// An EPD of `pos`, a position of any variant, with no operations (see
    /// [`Epd::from_position`] for the clocks).
    ///
    /// ```
    /// use chess_notation::Epd;
    /// use chess_rules::variant::{ThreeCheck, Playable};
    ///
    /// let epd = Epd::from_variant_position(&ThreeCheck::new());
    /// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3");
    /// ```
    #[must_use]
    pub fn from_variant_position<P: Playable>(pos: &P) -> Epd {
        Epd::from_variant_fen(VariantFen::from_position(pos))
    }

    fn from_variant_fen(fen: VariantFen) -> Epd {
        let mut epd = Epd {
            fen,
            fen_clocks: None,
            operations: Vec::new(),
        };
        epd.apply_clocks();
        epd
    }

    /// Parses an EPD line.
    pub fn from_ascii(text: &[u8]) -> Result<Epd, ParseEpdError> {
        let mut c = Cursor { text, pos: 0 };
        // The four position fields.
        let mut end = 0;
        for _ in 0..4 {
            match c.field() {
                Some((_, e)) => end = e,
                None => break,
            }
        }
        // EPD files come from other programs: their spellings are read leniently.
        let fen_error = |e: ParseFenError| ParseEpdError {
            offset: e.offset,
            kind: EpdErrorKind::Fen(e),
            opcode: None,
        };
        let (mut fen, _) = VariantFen::from_ascii_lenient(&text[..end]).map_err(fen_error)?;
        // Four fields are required: a FEN that stopped early has defaulted them.
        let fields = text[..end]
            .split(u8::is_ascii_whitespace)
            .filter(|f| !f.is_empty())
            .count();
        if fields < 4 {
            let e = ParseFenError {
                field: [
                    crate::FenField::Board,
                    crate::FenField::Turn,
                    crate::FenField::Castling,
                    crate::FenField::EnPassant,
                ][fields.min(3)],
                offset: end,
                kind: crate::FenErrorKind::Empty,
            };
            return Err(ParseEpdError {
                offset: end,
                kind: EpdErrorKind::Fen(e),
                opcode: None,
            });
        }
        // Three-check's counters, the checks left to give (an opcode starts with a letter).
        let save = c.pos;
        match c.field() {
            Some((s, e)) if text[s].is_ascii_digit() && text[s..e].contains(&b'+') => {
                let checks = crate::fen::parse_checks(&text[s..e], s, false).map_err(fen_error)?;
                fen.set_remaining_checks(Some(checks));
            }
            _ => c.pos = save,
        }
        let mut epd = Epd {
            fen,
            fen_clocks: None,
            operations: Vec::new(),
        };
        // Optional FEN clocks: two numbers (an opcode starts with a letter, so no confusion).
        let save = c.pos;
        if let Some((s1, e1)) = c.field() {
            if is_number(&text[s1..e1]) {
                let number = |s: usize, e: usize| {
                    core::str::from_utf8(&text[s..e])
                        .ok()
                        .and_then(|t| t.parse::<u32>().ok())
                        .ok_or(ParseEpdError {
                            offset: s,
                            kind: EpdErrorKind::InvalidNumber,
                            opcode: None,
                        })
                };
                let half = number(s1, e1)?;
                let after = c.pos;
                let full = match c.field() {
                    Some((s2, e2)) if is_number(&text[s2..e2]) => number(s2, e2)?,
                    _ => {
                        c.pos = after;
                        1
                    }
                };
                epd.fen_clocks = Some((half, full.max(1)));
            } else {
                c.pos = save;
            }
        }
        epd.parse_operations(&mut c)?;
        epd.apply_clocks();
        Ok(epd)
    }

    fn parse_operations(&mut self, c: &mut Cursor<'_>) -> Result<(), ParseEpdError> {
        let text = c.text;
        loop {
            c.skip_whitespace();
            let Some(&first) = text.get(c.pos) else {
                return Ok(());
            };
            if first == b';' {
                return Err(ParseEpdError {
                    offset: c.pos,
                    kind: EpdErrorKind::EmptyOperation,
                    opcode: None,
                });
            }
            let start = c.pos;
            while c.pos < text.len() && is_opcode_char(text[c.pos]) {
                c.pos += 1;
            }
            let at_boundary =
                c.pos == text.len() || text[c.pos].is_ascii_whitespace() || text[c.pos] == b';';
            if !first.is_ascii_alphabetic() || !at_boundary {
                return Err(ParseEpdError {
                    offset: if first.is_ascii_alphabetic() {
                        c.pos
                    } else {
                        start
                    },
                    kind: EpdErrorKind::InvalidOpcode,
                    opcode: None,
                });
            }
            // Only ASCII alphanumerics were taken.
            let opcode = String::from_utf8_lossy(&text[start..c.pos]).into_owned();
            let mut operands = Vec::new();
            let mut offsets = Vec::new();
            loop {
                c.skip_whitespace();
                match text.get(c.pos) {
                    None => break,
                    Some(b';') => {
                        c.pos += 1;
                        break;
                    }
                    Some(b'"') => {
                        offsets.push(c.pos);
                        operands.push(Operand::String(parse_string(c, &opcode)?));
                    }
                    Some(_) => {
                        let s = c.pos;
                        while c.pos < text.len()
                            && !text[c.pos].is_ascii_whitespace()
                            && text[c.pos] != b';'
                        {
                            c.pos += 1;
                        }
                        offsets.push(s);
                        operands.push(Operand::Word(
                            String::from_utf8_lossy(&text[s..c.pos]).into_owned(),
                        ));
                    }
                }
            }
            if is_numeric_opcode(&opcode) {
                let ok = match operands.as_slice() {
                    [Operand::Word(w)] => {
                        if opcode == "ce" || opcode == "dm" {
                            w.parse::<i32>().is_ok()
                        } else {
                            w.parse::<u64>().is_ok()
                        }
                    }
                    _ => false,
                };
                if !ok {
                    return Err(ParseEpdError {
                        offset: offsets.first().copied().unwrap_or(c.pos),
                        kind: EpdErrorKind::InvalidNumber,
                        opcode: Some(opcode),
                    });
                }
            }
            self.operations.push(Operation { opcode, operands });
        }
    }

    /// Sets the clocks of the position from `hmvc`/`fmvn`, else from the FEN clocks.
    fn apply_clocks(&mut self) {
        let (mut half, mut full) = self.fen_clocks.unwrap_or((0, 1));
        if let Some(h) = self.number("hmvc").and_then(|n| u32::try_from(n).ok()) {
            half = h;
        }
        if let Some(f) = self.number("fmvn").and_then(|n| u32::try_from(n).ok()) {
            full = f.max(1);
        }
        let mut setup = self.fen.fen().setup().clone();
        setup.halfmoves = half;
        setup.fullmoves = full;
        self.fen.set_fen(Fen::from_setup(setup));
    }

    /// The position fields as a FEN (with clocks from `hmvc`/`fmvn` or `0 1`), without the
    /// variants' fields (see [`Epd::variant_fen`]).
    #[must_use]
    pub fn fen(&self) -> &Fen {
        self.fen.fen()
    }

    /// The position fields as a FEN with the variants' fields (pockets, promoted pieces,
    /// Three-check's counters).
    #[must_use]
    pub fn variant_fen(&self) -> &VariantFen {
        &self.fen
    }

    /// The position, standard chess unless the castling rights can only mean Chess960. The
    /// variants' fields, if any, are not read: see [`Epd::variant_position`].
    pub fn position(&self) -> Result<Position, FenError> {
        self.fen().clone().into_position_auto()
    }

    /// The position under an explicit castling mode.
    pub fn position_with(&self, mode: CastlingMode) -> Result<Position, FenError> {
        self.fen().clone().into_position(mode)
    }

    /// The position by `variant`'s rules, under Chess960 castling when `chess960` asks for it,
    /// else as the castling rights need.
    ///
    /// ```
    /// use chess_notation::Epd;
    /// use chess_rules::variant::{Playable, Variant};
    ///
    /// let epd: Epd = "2k5/8/8/8/8/8/8/4K3[Qn] w - - D1 67;".parse()?;
    /// let pos = epd.variant_position(Variant::Crazyhouse, false)?;
    /// assert_eq!(pos.count_legal_moves(), 67);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn variant_position(
        &self,
        variant: Variant,
        chess960: bool,
    ) -> Result<VariantPosition, VariantFenError> {
        self.fen.clone().into_position_for(variant, chess960)
    }

    /// The first operation with this opcode.
    #[must_use]
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.opcode == opcode)
    }

    /// The operands of the first operation with this opcode.
    #[must_use]
    pub fn operands(&self, opcode: &str) -> Option<&[Operand]> {
        self.operation(opcode).map(|op| op.operands.as_slice())
    }

    /// The first operand of an opcode, as text.
    #[must_use]
    pub fn first_operand(&self, opcode: &str) -> Option<&str> {
        self.operands(opcode)?.first().map(Operand::as_str)
    }

    /// The single numeric operand of an opcode (validated when parsing for `acd`, `ce`,
    /// `hmvc`, `fmvn`, `dm`, `acn`, `acs` and `D1`, `D2`...).
    #[must_use]
    pub fn number(&self, opcode: &str) -> Option<i64> {
        self.first_operand(opcode)?.parse().ok()
    }

    /// The position's identifier (`id`).
    #[must_use]
    pub fn id(&self) -> Option<&str> {
        self.first_operand("id")
    }

    /// Comment `c0` to `c9` (`n` from 0 to 9).
    #[must_use]
    pub fn comment(&self, n: u8) -> Option<&str> {
        if n > 9 {
            return None;
        }
        let opcode = [b'c', b'0' + n];
        self.first_operand(core::str::from_utf8(&opcode).ok()?)
    }

    /// The analysis count depth (`acd`).
    #[must_use]
    pub fn acd(&self) -> Option<u32> {
        self.number("acd").and_then(|n| u32::try_from(n).ok())
    }

    /// The centipawn evaluation (`ce`).
    #[must_use]
    pub fn ce(&self) -> Option<i32> {
        self.number("ce").and_then(|n| i32::try_from(n).ok())
    }

    /// The halfmove clock (`hmvc`).
    #[must_use]
    pub fn hmvc(&self) -> Option<u32> {
        self.number("hmvc").and_then(|n| u32::try_from(n).ok())
    }

    /// The fullmove number (`fmvn`).
    #[must_use]
    pub fn fmvn(&self) -> Option<u32> {
        self.number("fmvn").and_then(|n| u32::try_from(n).ok())
    }

    /// The perft counts `D1 20 ;D2 400`, as (depth, nodes), in the order given.
    #[must_use]
    pub fn perft_counts(&self) -> Vec<(u32, u64)> {
        self.operations
            .iter()
            .filter_map(|op| {
                let depth = perft_depth(&op.opcode)?;
                let nodes = op.operands.first()?.as_str().parse().ok()?;
                Some((depth, nodes))
            })
            .collect()
    }

    /// The moves of a move-list opcode resolved against the position: for `pv` each move in
    /// the position after the previous ones, for any other opcode (`bm`, `am`...) each move in
    /// the position itself. SAN is read in lenient mode. An absent opcode gives no moves.
    pub fn moves(&self, opcode: &str) -> Result<Vec<Move>, EpdMoveError> {
        let Some(operands) = self.operands(opcode) else {
            return Ok(Vec::new());
        };
        let root = self.position().map_err(EpdMoveError::Position)?;
        let mut pos = root.clone();
        let mut moves = Vec::with_capacity(operands.len());
        for (index, operand) in operands.iter().enumerate() {
            let text = operand.as_str();
            let m = SanPlus::from_ascii_with(text.as_bytes(), SanMode::Lenient)
                .map_err(SanMoveError::from)
                .and_then(|san| Ok(san.to_move_with(&pos, SanMode::Lenient)?))
                .map_err(|error| EpdMoveError::Move {
                    opcode: opcode.to_owned(),
                    index,
                    text: text.to_owned(),
                    error,
                })?;
            if opcode == "pv" {
                pos.play_unchecked(m);
            }
            moves.push(m);
        }
        Ok(moves)
    }

    /// The best moves (`bm`).
    pub fn bm(&self) -> Result<Vec<Move>, EpdMoveError> {
        self.moves("bm")
    }

    /// The moves to avoid (`am`).
    pub fn am(&self) -> Result<Vec<Move>, EpdMoveError> {
        self.moves("am")
    }

    /// The predicted variation (`pv`).
    pub fn pv(&self) -> Result<Vec<Move>, EpdMoveError> {
        self.moves("pv")
    }

    /// Appends an operation.
    pub fn push(&mut self, opcode: &str, operands: Vec<Operand>) {
        self.operations.push(Operation {
            opcode: opcode.to_owned(),
            operands,
        });
        if opcode == "hmvc" || opcode == "fmvn" {
            self.apply_clocks();
        }
    }
}

fn parse_string(c: &mut Cursor<'_>, opcode: &str) -> Result<String, ParseEpdError> {
    let text = c.text;
    let open = c.pos;
    c.pos += 1;
    let mut out = Vec::new();
    loop {
        match text.get(c.pos) {
            None => {
                return Err(ParseEpdError {
                    offset: open,
                    kind: EpdErrorKind::UnterminatedString,
                    opcode: Some(opcode.to_owned()),
                });
            }
            Some(b'"') => {
                c.pos += 1;
                return Ok(String::from_utf8_lossy(&out).into_owned());
            }
            Some(b'\\') => match text.get(c.pos + 1) {
                Some(&e @ (b'"' | b'\\')) => {
                    out.push(e);
                    c.pos += 2;
                }
                _ => {
                    return Err(ParseEpdError {
                        offset: c.pos,
                        kind: EpdErrorKind::InvalidEscape,
                        opcode: Some(opcode.to_owned()),
                    });
                }
            },
            Some(&b) => {
                out.push(b);
                c.pos += 1;
            }
        }
    }
}

impl FromStr for Epd {
    type Err = ParseEpdError;

    fn from_str(s: &str) -> Result<Epd, ParseEpdError> {
        Epd::from_ascii(s.as_bytes())
    }
}

/// Whether a word operand can be written unquoted and read back the same.
fn is_plain_word(s: &str) -> bool {
    !s.is_empty() && !s.starts_with('"') && s.bytes().all(|c| !c.is_ascii_whitespace() && c != b';')
}

impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The first four fields of the FEN, and the counters of Three-check.
        let mut fields = String::with_capacity(96);
        self.fen.write_placement(&mut fields, false);
        self.fen.write_rights(&mut fields);
        f.write_str(&fields)?;
        if let Some(checks) = self.fen.remaining_checks() {
            write!(f, " {checks}")?;
        }
        if let Some((half, full)) = self.fen_clocks {
            write!(f, " {half} {full}")?;
        }
        for op in &self.operations {
            write!(f, " {}", op.opcode)?;
            for operand in &op.operands {
                match operand {
                    Operand::Word(w) if is_plain_word(w) => write!(f, " {w}")?,
                    Operand::Word(s) | Operand::String(s) => {
                        f.write_str(" \"")?;
                        for c in s.chars() {
                            if c == '"' || c == '\\' {
                                f.write_str("\\")?;
                            }
                            fmt::Write::write_char(f, c)?;
                        }
                        f.write_str("\"")?;
                    }
                }
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_counts_and_missing_semicolon() {
        let epd: Epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 20 ;D2 400"
            .parse()
            .unwrap();
        assert_eq!(epd.perft_counts(), [(1, 20), (2, 400)]);
        assert_eq!(
            epd.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 20; D2 400;"
        );
    }

    #[test]
    fn fen_clocks_after_the_fields() {
        let epd: Epd = "8/8/8/8/8/8/8/K6k b - - 12 40 id \"x\";".parse().unwrap();
        assert_eq!(epd.fen().setup().halfmoves, 12);
        assert_eq!(epd.fen().setup().fullmoves, 40);
        assert_eq!(epd.to_string(), "8/8/8/8/8/8/8/K6k b - - 12 40 id \"x\";");
        let epd: Epd = "8/8/8/8/8/8/8/K6k b - - hmvc 3; fmvn 9;".parse().unwrap();
        assert_eq!((epd.hmvc(), epd.fmvn()), (Some(3), Some(9)));
        assert_eq!(epd.fen().to_string(), "8/8/8/8/8/8/8/K6k b - - 3 9");
    }

    #[test]
    fn the_fields_of_the_variants() {
        use chess_rules::variant::{Playable, Variant};

        // Crazyhouse's pockets (also as a ninth rank) and promoted pieces.
        let epd: Epd = "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - D1 20;".parse().unwrap();
        assert_eq!(epd.to_string(), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - D1 20;");
        let pos = epd.variant_position(Variant::Crazyhouse, false).unwrap();
        assert_eq!(pos.count_legal_moves(), 20);
        assert_eq!(
            Epd::from_variant_position(&pos).to_string(),
            "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - -"
        );
        // Three-check's counters after the four fields, and the clocks after them.
        let epd: Epd = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+2 4 9 id \"x\";"
            .parse()
            .unwrap();
        assert_eq!(
            epd.to_string(),
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+2 4 9 id \"x\";"
        );
        let pos = epd.variant_position(Variant::ThreeCheck, false).unwrap();
        assert_eq!(pos.remaining_checks().unwrap().to_string(), "1+2");
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (4, 9));
        // The standard position of the same lines ignores them.
        assert!(epd.position().is_ok());
        let err = "8/8/8/8/8/8/8/K6k w - - 4+3".parse::<Epd>().unwrap_err();
        assert!(matches!(err.kind, EpdErrorKind::Fen(_)), "{err}");
    }

    #[test]
    fn errors_say_where() {
        let err = "8/8/8/8/8/8/8/K6k w - - id \"abc"
            .parse::<Epd>()
            .unwrap_err();
        assert_eq!(
            (err.offset, &err.kind),
            (27, &EpdErrorKind::UnterminatedString)
        );
        let err = "8/8/8/8/8/8/8/K6k w - - 9x 1;".parse::<Epd>().unwrap_err();
        assert_eq!((err.offset, &err.kind), (24, &EpdErrorKind::InvalidOpcode));
        let err = "8/8/8/8/8/8/8/K6k w - - ab-c 1;"
            .parse::<Epd>()
            .unwrap_err();
        assert_eq!((err.offset, &err.kind), (26, &EpdErrorKind::InvalidOpcode));
        let err = "8/8/8/8/8/8/8/K6k w -".parse::<Epd>().unwrap_err();
        assert!(matches!(err.kind, EpdErrorKind::Fen(_)), "{err}");
        let err = "8/8/8/8/8/8/8/K6k w - - ;".parse::<Epd>().unwrap_err();
        assert_eq!((err.offset, &err.kind), (24, &EpdErrorKind::EmptyOperation));
        let err = "8/8/8/8/8/8/8/K6k w - - c0 \"a\\b\";"
            .parse::<Epd>()
            .unwrap_err();
        assert_eq!((err.offset, &err.kind), (29, &EpdErrorKind::InvalidEscape));
    }
}
