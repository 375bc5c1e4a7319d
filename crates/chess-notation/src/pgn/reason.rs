//! Why a game, or a variation of it, could not be read: the reason and its kind, and the
//! diagnostic of a flaw the lenient reader set aside to keep the rest of a game.

use core::fmt;
use std::io;

use super::location::Location;
use super::syntax::SyntaxErrorKind;
use crate::fen::{FenError, VariantFenError};
use crate::san::ParseSanError;

/// The kinds of [`PgnError`](super::PgnError) and [`Diagnostic`], as a program reporting errors would group
/// them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// The text is not PGN, or a move token is not SAN.
    Syntax,
    /// A move that is not legal in its position (or a null move where none is allowed).
    IllegalMove,
    /// A move that matches several legal moves.
    AmbiguousMove,
    /// The `FEN` tag is not a valid FEN or describes an impossible position.
    InvalidFen,
    /// A `Variant` tag naming a variant other than standard chess, Chess960 and the variants
    /// Lichess plays (Bughouse, Shogi, …).
    UnsupportedVariant,
    /// The input ended inside the game (in strict reading).
    Truncated,
    /// The underlying reader failed.
    Io,
}

impl PgnErrorKind {
    /// A stable lowercase name: `syntax`, `illegal_move`, `ambiguous_move`, `invalid_fen`,
    /// `unsupported_variant`, `truncated`, `io`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnErrorKind::Syntax => "syntax",
            PgnErrorKind::IllegalMove => "illegal_move",
            PgnErrorKind::AmbiguousMove => "ambiguous_move",
            PgnErrorKind::InvalidFen => "invalid_fen",
            PgnErrorKind::UnsupportedVariant => "unsupported_variant",
            PgnErrorKind::Truncated => "truncated",
            PgnErrorKind::Io => "io",
        }
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game could not be read (or, in a [`Diagnostic`], why a variation was dropped). Its
/// `Display` says why without saying where: the location travels apart, in [`PgnError::at`](super::PgnError::at).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorReason {
    /// The reader found text that is not PGN.
    Syntax(SyntaxErrorKind),
    /// A move token that is not SAN.
    InvalidSan {
        /// The token.
        san: String,
        /// Where in the token it stopped making sense.
        error: ParseSanError,
    },
    /// A move that no legal move matches.
    IllegalMove {
        /// The move as written.
        san: String,
        /// The position it was played in, as FEN.
        fen: String,
    },
    /// A move that a legal move matches, but not as standard SAN writes it (strict reading:
    /// the standard form is given).
    NotStandard {
        /// The move as written.
        san: String,
        /// How standard SAN writes it.
        expected: String,
    },
    /// A move written in long algebraic notation, with its origin square where standard SAN
    /// has none: `Ng1-f3`, `Nd8d5`, `Nb1xc3`, `e2e4`, or a piece's move as its two squares
    /// alone (`d1h5` for a queen). The lenient reader plays the move, with a [`Diagnostic`];
    /// the strict one refuses it.
    LongAlgebraic {
        /// The move as written.
        san: String,
        /// How standard SAN writes it.
        expected: String,
    },
    /// An en passant mark, `e.p.` (or `e.p`, `ep`), after an en passant capture: on its own
    /// (`exd6 e.p.`) or glued to the move (`exd6e.p.`). The lenient reader ignores it, with a
    /// [`Diagnostic`]; the strict one refuses it.
    EnPassantMark {
        /// The mark as written.
        mark: String,
    },
    /// An annotation glyph standing for a NAG, as books and ChessBase print them: `±` for
    /// `$16`, `∞` for `$13`, `N` for `$146`, … The lenient reader reads it as the NAG, with a
    /// [`Diagnostic`]; the strict one refuses it.
    AnnotationGlyph {
        /// The glyph as written.
        glyph: String,
        /// The NAG it stands for here (of the pairs that exist for each side, the one of the
        /// side that just moved).
        nag: u8,
    },
    /// A null move where the reader does not allow them, or while in check.
    NullMove {
        /// The move as written.
        san: String,
    },
    /// A move that several legal moves match.
    AmbiguousMove {
        /// The move as written.
        san: String,
        /// The matching moves in standard SAN, sorted.
        candidates: Vec<String>,
    },
    /// The `FEN` tag is not valid.
    InvalidFen {
        /// The tag's value.
        fen: String,
        /// Why.
        error: FenError,
    },
    /// The `FEN` tag of a variant's game (its `Variant` tag names one of the variants) is not
    /// a valid FEN, or describes a position impossible in that variant.
    InvalidVariantFen {
        /// The tag's value.
        fen: String,
        /// Why.
        error: VariantFenError,
    },
    /// The `Variant` tag names a variant this reader does not play.
    UnsupportedVariant(String),
    /// A variation (`(`) before any move it could be an alternative to.
    VariationBeforeMove,
    /// A comment longer than the limit of the [`GameBuilder`](super::GameBuilder).
    CommentTooLong(usize),
    /// The input ended inside the game, before its result token (strict reading; the lenient
    /// reader returns the game with [`PgnGame::truncated`](super::PgnGame::truncated) set).
    Truncated,
    /// The text holds no game.
    NoGame,
    /// The underlying reader failed.
    Io {
        /// The kind of I/O error.
        kind: io::ErrorKind,
        /// Its message.
        message: String,
    },
}

impl PgnErrorReason {
    /// The kind of error.
    #[must_use]
    pub fn kind(&self) -> PgnErrorKind {
        match self {
            PgnErrorReason::Syntax(_)
            | PgnErrorReason::InvalidSan { .. }
            | PgnErrorReason::LongAlgebraic { .. }
            | PgnErrorReason::EnPassantMark { .. }
            | PgnErrorReason::AnnotationGlyph { .. }
            | PgnErrorReason::VariationBeforeMove
            | PgnErrorReason::CommentTooLong(_)
            | PgnErrorReason::NoGame => PgnErrorKind::Syntax,
            PgnErrorReason::IllegalMove { .. }
            | PgnErrorReason::NotStandard { .. }
            | PgnErrorReason::NullMove { .. } => PgnErrorKind::IllegalMove,
            PgnErrorReason::AmbiguousMove { .. } => PgnErrorKind::AmbiguousMove,
            PgnErrorReason::InvalidFen { .. } | PgnErrorReason::InvalidVariantFen { .. } => {
                PgnErrorKind::InvalidFen
            }
            PgnErrorReason::UnsupportedVariant(_) => PgnErrorKind::UnsupportedVariant,
            PgnErrorReason::Truncated => PgnErrorKind::Truncated,
            PgnErrorReason::Io { .. } => PgnErrorKind::Io,
        }
    }

    /// Whether this is a flaw of one move (unreadable, illegal, ambiguous, not standard, a null
    /// move): what drops a variation rather than the game in lenient reading.
    pub(crate) fn is_move_error(&self) -> bool {
        matches!(
            self,
            PgnErrorReason::InvalidSan { .. }
                | PgnErrorReason::IllegalMove { .. }
                | PgnErrorReason::NotStandard { .. }
                | PgnErrorReason::NullMove { .. }
                | PgnErrorReason::AmbiguousMove { .. }
        )
    }
}

impl fmt::Display for PgnErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorReason::Syntax(kind) => kind.fmt(f),
            PgnErrorReason::InvalidSan { san, error } => write!(
                f,
                "invalid move {san}: not san at byte {}: expected a move like e4, Nf3, exd5, e8=Q, O-O or Qxf7#",
                error.offset
            ),
            PgnErrorReason::IllegalMove { san, fen } => {
                write!(f, "illegal move {san}: no legal move matches in {fen}")
            }
            PgnErrorReason::NotStandard { san, expected } => {
                write!(f, "move {san} is not standard san: expected {expected}")
            }
            PgnErrorReason::LongAlgebraic { san, expected } => {
                write!(
                    f,
                    "move {san} in long algebraic notation: expected {expected}"
                )
            }
            PgnErrorReason::EnPassantMark { mark } => {
                write!(f, "en passant mark {mark} after the move is not san")
            }
            PgnErrorReason::AnnotationGlyph { glyph, nag } => {
                write!(f, "annotation glyph {glyph} is not pgn: expected ${nag}")
            }
            PgnErrorReason::NullMove { san } => write!(
                f,
                "null move {san} not allowed: null moves are off, or the side to move is in check"
            ),
            PgnErrorReason::AmbiguousMove { san, candidates } => write!(
                f,
                "ambiguous move {san}: candidates are {}",
                candidates.join(", ")
            ),
            PgnErrorReason::InvalidFen { fen, error } => write!(f, "invalid fen {fen:?}: {error}"),
            PgnErrorReason::InvalidVariantFen { fen, error } => {
                write!(f, "invalid fen {fen:?}: {error}")
            }
            PgnErrorReason::UnsupportedVariant(v) => write!(
                f,
                "unsupported variant {v:?}: expected standard chess, chess960 or one of the variants \
                 lichess plays (crazyhouse, atomic, antichess, king of the hill, three-check, \
                 horde, racing kings)"
            ),
            PgnErrorReason::VariationBeforeMove => {
                f.write_str("variation before any move: expected a move before '('")
            }
            PgnErrorReason::CommentTooLong(n) => write!(f, "comment longer than {n} bytes"),
            PgnErrorReason::Truncated => {
                f.write_str("the input ends inside the game: expected a result token")
            }
            PgnErrorReason::NoGame => f.write_str("no game in the input"),
            PgnErrorReason::Io { message, .. } => write!(f, "read error: {message}"),
        }
    }
}

/// A flaw the lenient reader set aside to keep the rest of a game: where, and why. Either a
/// variation dropped for an illegal, ambiguous or unreadable move in it (that move's error as
/// reason), or text that is not standard PGN which the lenient reader read as its author meant
/// (what a strict reader refuses with the same reason):
///
/// - [`LongAlgebraic`](PgnErrorReason::LongAlgebraic): `Ng1-f3`, `Nd8d5`, `d1h5`, played;
/// - [`EnPassantMark`](PgnErrorReason::EnPassantMark): `exd6 e.p.`, the mark ignored;
/// - [`AnnotationGlyph`](PgnErrorReason::AnnotationGlyph): `±`, read as its NAG;
/// - [`Syntax`](PgnErrorReason::Syntax) with [`ForumMarkup`](SyntaxErrorKind::ForumMarkup)
///   (`[pgn]`, ignored), [`HtmlLineBreak`](SyntaxErrorKind::HtmlLineBreak) (`<br />`, read as
///   whitespace) or [`NonstandardResult`](SyntaxErrorKind::NonstandardResult) (`1–0`, `½-½`,
///   read as the result, in the movetext or the `Result` tag).
///
/// A game has the diagnostic of the first of each kind of these (a game written in long
/// algebraic notation says so once). `Display` says where, what was done, and why:
///
/// ```
/// use chess_notation::pgn::{GameReader, GameResult};
///
/// let pgn = "[pgn]1. e4 d5 2. exd5 Qd8xd5 3. Nb1-c3 ± Qa5<br />4. d4 1–0[/pgn]";
/// let game = GameReader::new(pgn.as_bytes()).next().unwrap()?;
/// assert_eq!(game.mainline.moves.len(), 7);
/// assert_eq!(game.mainline.moves[4].nags, [16]);
/// assert_eq!(game.result, Some(GameResult::WhiteWins));
/// let notes: Vec<String> = game.diagnostics.iter().map(ToString::to_string).collect();
/// assert_eq!(notes, [
///     "line 1, column 1: ignored: forum markup [pgn] or [/pgn] is not pgn",
///     "line 1, column 23: read as Qxd5: move Qd8xd5 in long algebraic notation: expected Qxd5",
///     "line 1, column 40: read as $16: annotation glyph ± is not pgn: expected $16",
///     "line 1, column 46: read as whitespace: html line break <br> is not pgn: expected whitespace",
///     "line 1, column 58: read as 1-0: result not written as pgn writes it: expected 1-0",
/// ]);
/// // Strict reading refuses the first of them, where it is.
/// let error = GameReader::new(pgn.as_bytes()).strict(true).next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "game 1, line 1, column 1: forum markup [pgn] or [/pgn] is not pgn");
/// # Ok::<_, chess_notation::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the offending token starts.
    pub at: Location,
    /// What was wrong with it.
    pub reason: PgnErrorReason,
}

impl Diagnostic {
    /// The kind of flaw.
    #[must_use]
    pub fn kind(&self) -> PgnErrorKind {
        self.reason.kind()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.at)?;
        match &self.reason {
            PgnErrorReason::LongAlgebraic { expected, .. } => write!(f, "read as {expected}")?,
            PgnErrorReason::AnnotationGlyph { nag, .. } => write!(f, "read as ${nag}")?,
            PgnErrorReason::EnPassantMark { .. }
            | PgnErrorReason::Syntax(SyntaxErrorKind::ForumMarkup) => f.write_str("ignored")?,
            PgnErrorReason::Syntax(SyntaxErrorKind::HtmlLineBreak) => {
                f.write_str("read as whitespace")?;
            }
            PgnErrorReason::Syntax(SyntaxErrorKind::NonstandardResult(result)) => {
                write!(f, "read as {result}")?;
            }
            _ => f.write_str("variation dropped")?,
        }
        write!(f, ": {}", self.reason)
    }
}
