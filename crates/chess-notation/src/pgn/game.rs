//! The owned game tree, the visitor that builds it, and the game-by-game reader.

use core::fmt;
use core::ops::ControlFlow;
use core::str::FromStr;
use std::io::{self, Read};
use std::time::Duration;

use chess_rules::{CastlingMode, Move, Position};

use super::reader::Reader;
use super::visitor::{VariationChoice, Visitor};
use super::{Eval, GameResult, Location, SyntaxError, SyntaxErrorKind, decode, unescape_tag_value};
use crate::fen::{Fen, FenError};
use crate::san::{ParseSanError, San, SanError, SanMode, SanPlus};

/// A move of the game tree with what was written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    /// The move; `None` for a null move (`--`, `Z0`), which passes the turn.
    pub m: Option<Move>,
    /// The move in standard SAN with its `+`/`#` mark (normalised: `Ng1-f3` reads as `Nf3`).
    pub san: SanPlus,
    /// Numeric annotation glyphs (`$1`, or `!` as 1 and so on), in order.
    pub nags: Vec<u8>,
    /// Comments before the move (at the start of a game or variation, or after a variation).
    pub comments_before: Vec<String>,
    /// Comments after the move.
    pub comments_after: Vec<String>,
    /// Alternatives to this move, each a line starting in the position before it.
    pub variations: Vec<Line>,
}

impl MoveNode {
    /// A node for the legal move `m` of `pos` (SAN computed), with nothing around it.
    #[must_use]
    pub fn new(pos: &Position, m: Move) -> MoveNode {
        MoveNode {
            m: Some(m),
            san: SanPlus::from_move(pos, m),
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments_after: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// A null move.
    #[must_use]
    pub fn null() -> MoveNode {
        MoveNode {
            m: None,
            san: SanPlus {
                san: San::Null,
                suffix: None,
            },
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments_after: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// Whether this is a null move.
    #[must_use]
    pub fn is_null(&self) -> bool {
        self.m.is_none()
    }

    /// The clock time of the first `[%clk ...]` command in the comments after the move.
    #[must_use]
    pub fn clock(&self) -> Option<Duration> {
        self.comments_after.iter().find_map(|c| super::clock(c))
    }

    /// The evaluation of the first `[%eval ...]` command in the comments after the move.
    #[must_use]
    pub fn eval(&self) -> Option<Eval> {
        self.comments_after.iter().find_map(|c| super::eval(c))
    }
}

/// A sequence of moves: the mainline or a variation.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Line {
    /// The moves, in order.
    pub moves: Vec<MoveNode>,
    /// Comments at the end of the line that belong to no move: after the last move's
    /// variations, or in a line without moves.
    pub comments: Vec<String>,
}

/// A game read from PGN: headers, starting position, move tree and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in file order, unescaped.
    pub headers: Vec<(String, String)>,
    /// The starting position: standard, or from the `FEN` tag (Chess960 for a `Variant` tag
    /// naming it, or when the castling rights can only mean Chess960).
    pub initial: Position,
    /// The mainline, with variations hanging from its moves.
    pub mainline: Line,
    /// The result token that ended the movetext, if there was one.
    pub result: Option<GameResult>,
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame {
            headers: Vec::new(),
            initial: Position::standard(),
            mainline: Line::default(),
            result: None,
        }
    }
}

impl PgnGame {
    /// The value of the first tag with this name.
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag (replacing the first with that name, else appending).
    pub fn set_header(&mut self, name: &str, value: &str) {
        match self.headers.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => value.clone_into(v),
            None => self.headers.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The moves of the mainline (null moves as `None`).
    pub fn mainline_moves(&self) -> impl Iterator<Item = Option<Move>> + '_ {
        self.mainline.moves.iter().map(|node| node.m)
    }

    /// The position at the end of the mainline.
    #[must_use]
    pub fn final_position(&self) -> Position {
        let mut pos = self.initial.clone();
        for node in &self.mainline.moves {
            match node.m {
                Some(m) => {
                    if pos.play(m).is_err() {
                        break;
                    }
                }
                None => match pos.null_move() {
                    Some(next) => pos = next,
                    None => break,
                },
            }
        }
        pos
    }
}

impl FromStr for PgnGame {
    type Err = PgnError;

    /// Reads the first game of the text.
    fn from_str(s: &str) -> Result<PgnGame, PgnError> {
        GameReader::new(s.as_bytes())
            .next()
            .unwrap_or(Err(PgnError {
                game: 1,
                at: Location {
                    line: 1,
                    column: 1,
                    offset: 0,
                },
                reason: PgnErrorReason::NoGame,
            }))
    }
}

/// The kinds of [`PgnError`], as a program reporting errors would group them.
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
    /// A `Variant` tag naming a variant other than standard chess and Chess960.
    UnsupportedVariant,
    /// The underlying reader failed.
    Io,
}

impl PgnErrorKind {
    /// A stable lowercase name: `syntax`, `illegal_move`, `ambiguous_move`, `invalid_fen`,
    /// `unsupported_variant`, `io`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnErrorKind::Syntax => "syntax",
            PgnErrorKind::IllegalMove => "illegal_move",
            PgnErrorKind::AmbiguousMove => "ambiguous_move",
            PgnErrorKind::InvalidFen => "invalid_fen",
            PgnErrorKind::UnsupportedVariant => "unsupported_variant",
            PgnErrorKind::Io => "io",
        }
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game could not be read.
#[derive(Clone, Debug)]
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
    /// The `Variant` tag names a variant this reader does not play.
    UnsupportedVariant(String),
    /// A variation (`(`) before any move it could be an alternative to.
    VariationBeforeMove,
    /// A comment longer than the limit of the [`GameBuilder`].
    CommentTooLong(usize),
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

/// Why a game of a PGN file could not be read: the game's number (from 1), where, and why.
///
/// ```
/// use chess_notation::pgn::{GameReader, PgnErrorKind};
///
/// let pgn = "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"3\"]\n\n1. d4 *\n";
/// let games: Vec<_> = GameReader::new(pgn.as_bytes()).collect();
/// assert_eq!(games.len(), 3);
/// let err = games[1].as_ref().unwrap_err();
/// assert_eq!((err.game, err.at.line, err.at.column), (2, 7, 13));
/// assert_eq!(err.kind(), PgnErrorKind::IllegalMove);
/// assert_eq!(err.to_string(), "game 2, line 7, column 13: illegal move Ke3: no legal move matches in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
/// assert!(games[2].is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct PgnError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// Where the offending token starts.
    pub at: Location,
    /// What was wrong.
    pub reason: PgnErrorReason,
}

impl PgnError {
    /// The kind of error.
    #[must_use]
    pub fn kind(&self) -> PgnErrorKind {
        match self.reason {
            PgnErrorReason::Syntax(_)
            | PgnErrorReason::InvalidSan { .. }
            | PgnErrorReason::VariationBeforeMove
            | PgnErrorReason::CommentTooLong(_)
            | PgnErrorReason::NoGame => PgnErrorKind::Syntax,
            PgnErrorReason::IllegalMove { .. } | PgnErrorReason::NullMove { .. } => {
                PgnErrorKind::IllegalMove
            }
            PgnErrorReason::AmbiguousMove { .. } => PgnErrorKind::AmbiguousMove,
            PgnErrorReason::InvalidFen { .. } => PgnErrorKind::InvalidFen,
            PgnErrorReason::UnsupportedVariant(_) => PgnErrorKind::UnsupportedVariant,
            PgnErrorReason::Io { .. } => PgnErrorKind::Io,
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, {}: ", self.game, self.at)?;
        match &self.reason {
            PgnErrorReason::Syntax(kind) => SyntaxError {
                at: self.at,
                kind: *kind,
            }
            .fmt(f),
            PgnErrorReason::InvalidSan { san, error } => write!(
                f,
                "invalid move {san}: not san at byte {}: expected a move like e4, Nf3, exd5, e8=Q, O-O or Qxf7#",
                error.offset
            ),
            PgnErrorReason::IllegalMove { san, fen } => {
                write!(f, "illegal move {san}: no legal move matches in {fen}")
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
            PgnErrorReason::UnsupportedVariant(v) => write!(
                f,
                "unsupported variant {v:?}: expected standard chess or chess960"
            ),
            PgnErrorReason::VariationBeforeMove => {
                f.write_str("variation before any move: expected a move before '('")
            }
            PgnErrorReason::CommentTooLong(n) => write!(f, "comment longer than {n} bytes"),
            PgnErrorReason::NoGame => f.write_str("no game in the input"),
            PgnErrorReason::Io { message, .. } => write!(f, "read error: {message}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// A line being built: its moves so far, the position after them and before the last one,
/// and comments waiting for the next move.
#[derive(Clone)]
struct Frame {
    line: Line,
    pos: Position,
    before_last: Position,
    pending: Vec<String>,
}

impl Frame {
    fn new(pos: Position) -> Frame {
        Frame {
            line: Line::default(),
            before_last: pos.clone(),
            pos,
            pending: Vec::new(),
        }
    }

    fn finish(mut self) -> Line {
        self.line.comments.append(&mut self.pending);
        self.line
    }
}

/// The [`Visitor`] that builds a [`PgnGame`] (or the error that stopped it) from each game,
/// with its options. [`GameReader`] uses it; use it directly with a [`Reader`] of your own.
///
/// ```
/// use chess_notation::pgn::{GameBuilder, Reader};
///
/// let mut reader = Reader::new("1. e4 -- 2. d4 *".as_bytes());
/// let mut builder = GameBuilder::new().allow_null_moves(true);
/// let game = reader.read_game(&mut builder)?.unwrap().unwrap();
/// assert!(game.mainline.moves[1].is_null());
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone)]
pub struct GameBuilder {
    allow_null_moves: bool,
    max_comment_len: usize,
    game: u64,
    headers: Vec<(String, String)>,
    fen_at: Option<Location>,
    variant_at: Option<Location>,
    initial: Option<Position>,
    frames: Vec<Frame>,
    result: Option<GameResult>,
    error: Option<PgnError>,
    partial: Vec<u8>,
}

impl Default for GameBuilder {
    fn default() -> GameBuilder {
        GameBuilder::new()
    }
}

impl GameBuilder {
    /// A builder rejecting null moves, with comments of up to 1 MiB.
    #[must_use]
    pub fn new() -> GameBuilder {
        GameBuilder {
            allow_null_moves: false,
            max_comment_len: 1 << 20,
            game: 0,
            headers: Vec::new(),
            fen_at: None,
            variant_at: None,
            initial: None,
            frames: Vec::new(),
            result: None,
            error: None,
            partial: Vec::new(),
        }
    }

    /// Whether to accept null moves (`--`, `Z0`): the turn passes, as
    /// [`Position::null_move`] does (never while in check).
    #[must_use]
    pub fn allow_null_moves(mut self, allow: bool) -> GameBuilder {
        self.allow_null_moves = allow;
        self
    }

    /// The longest comment accepted, in bytes (longer ones are an error for their game).
    #[must_use]
    pub fn max_comment_len(mut self, bytes: usize) -> GameBuilder {
        self.max_comment_len = bytes;
        self
    }

    /// The number of games begun so far.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.game
    }

    fn fail(&mut self, at: Location, reason: PgnErrorReason) -> ControlFlow<()> {
        if self.error.is_none() {
            self.error = Some(PgnError {
                game: self.game,
                at,
                reason,
            });
        }
        ControlFlow::Break(())
    }

    fn start(&mut self) -> Result<Position, (Location, PgnErrorReason)> {
        let header = |name: &str| {
            self.headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let at = self.fen_at.unwrap_or_default();
        let variant_at = self.variant_at.unwrap_or_default();
        let chess960 = match header("Variant").map(|v| v.trim().to_ascii_lowercase()) {
            None => false,
            Some(v) => match v.as_str() {
                "" | "standard" | "chess" | "normal" | "from position" | "fromposition" => false,
                "chess960"
                | "chess 960"
                | "960"
                | "fischerandom"
                | "fischerrandom"
                | "fischer random"
                | "fischer random chess" => true,
                _ => return Err((variant_at, PgnErrorReason::UnsupportedVariant(v))),
            },
        };
        let Some(text) = header("FEN") else {
            return Ok(if chess960 {
                Fen::standard()
                    .into_position(CastlingMode::Chess960)
                    .unwrap_or_default()
            } else {
                Position::standard()
            });
        };
        let invalid = |error: FenError| {
            (
                at,
                PgnErrorReason::InvalidFen {
                    fen: text.to_owned(),
                    error,
                },
            )
        };
        let fen = Fen::from_ascii(text.trim().as_bytes()).map_err(|e| invalid(e.into()))?;
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            fen.castling_mode()
        };
        fen.into_position(mode).map_err(invalid)
    }

    fn play(&mut self, token: &[u8], at: Location) -> Result<(), PgnErrorReason> {
        let allow_null = self.allow_null_moves;
        let Some(frame) = self.frames.last_mut() else {
            return Ok(());
        };
        let san = SanPlus::from_ascii_with(token, SanMode::Lenient).map_err(|error| {
            PgnErrorReason::InvalidSan {
                san: decode(token),
                error,
            }
        })?;
        let _ = at;
        let mut node = if san.san == San::Null {
            let next = frame
                .pos
                .null_move()
                .filter(|_| allow_null)
                .ok_or_else(|| PgnErrorReason::NullMove { san: decode(token) })?;
            let before = core::mem::replace(&mut frame.pos, next);
            frame.before_last = before;
            MoveNode::null()
        } else {
            let m = san
                .san
                .to_move_with(&frame.pos, SanMode::Lenient)
                .map_err(|e| match e {
                    SanError::Ambiguous { candidates } => {
                        let mut candidates: Vec<String> = candidates
                            .iter()
                            .map(|&m| San::from_move(&frame.pos, m).to_string())
                            .collect();
                        candidates.sort();
                        PgnErrorReason::AmbiguousMove {
                            san: decode(token),
                            candidates,
                        }
                    }
                    _ => PgnErrorReason::IllegalMove {
                        san: decode(token),
                        fen: Fen::from_position(&frame.pos).to_string(),
                    },
                })?;
            let before = frame.pos.clone();
            let san = SanPlus::from_move_and_play(&mut frame.pos, m);
            frame.before_last = before;
            MoveNode {
                m: Some(m),
                san,
                nags: Vec::new(),
                comments_before: Vec::new(),
                comments_after: Vec::new(),
                variations: Vec::new(),
            }
        };
        node.comments_before = core::mem::take(&mut frame.pending);
        frame.line.moves.push(node);
        Ok(())
    }
}

/// A comment as stored: trimmed, each line break a space.
fn normalise_comment(raw: &[u8]) -> String {
    let text = decode(raw);
    let text = text.trim();
    if !text.contains(['\n', '\r']) {
        return text.to_owned();
    }
    text.replace("\r\n", " ").replace(['\n', '\r'], " ")
}

impl Visitor for GameBuilder {
    type Output = Result<PgnGame, PgnError>;

    fn begin_game(&mut self, _: Location) {
        self.game += 1;
        self.headers.clear();
        self.fen_at = None;
        self.variant_at = None;
        self.initial = None;
        self.frames.clear();
        self.result = None;
        self.error = None;
        self.partial.clear();
    }

    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        let name = decode(name);
        // Errors about these tags point at the first of each, the one `start` reads.
        if name == "FEN" && self.fen_at.is_none() {
            self.fen_at = Some(at);
        }
        if name == "Variant" && self.variant_at.is_none() {
            self.variant_at = Some(at);
        }
        self.headers.push((name, unescape_tag_value(value)));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: Location) -> ControlFlow<()> {
        match self.start() {
            Ok(pos) => {
                self.initial = Some(pos.clone());
                self.frames.push(Frame::new(pos));
                ControlFlow::Continue(())
            }
            Err((at, reason)) => self.fail(at, reason),
        }
    }

    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        if self.error.is_some() {
            return ControlFlow::Break(());
        }
        match self.play(san, at) {
            Ok(()) => ControlFlow::Continue(()),
            Err(reason) => self.fail(at, reason),
        }
    }

    fn nag(&mut self, nag: u8, _: Location) -> ControlFlow<()> {
        if let Some(node) = self.frames.last_mut().and_then(|f| f.line.moves.last_mut()) {
            node.nags.push(nag);
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, part: &[u8], at: Location) -> ControlFlow<()> {
        if self.partial.len() + part.len() > self.max_comment_len {
            return self.fail(at, PgnErrorReason::CommentTooLong(self.max_comment_len));
        }
        self.partial.extend_from_slice(part);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        if self.partial.len() + comment.len() > self.max_comment_len {
            return self.fail(at, PgnErrorReason::CommentTooLong(self.max_comment_len));
        }
        let text = if self.partial.is_empty() {
            normalise_comment(comment)
        } else {
            self.partial.extend_from_slice(comment);
            let text = normalise_comment(&self.partial);
            self.partial.clear();
            text
        };
        let Some(frame) = self.frames.last_mut() else {
            return ControlFlow::Continue(());
        };
        match frame.line.moves.last_mut() {
            Some(last) if frame.pending.is_empty() && last.variations.is_empty() => {
                last.comments_after.push(text);
            }
            _ => frame.pending.push(text),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        if self.error.is_some() {
            return VariationChoice::Skip;
        }
        let Some(parent) = self.frames.last_mut() else {
            return VariationChoice::Skip;
        };
        if parent.line.moves.is_empty() {
            let _ = self.fail(at, PgnErrorReason::VariationBeforeMove);
            return VariationChoice::Skip;
        }
        let start = parent.before_last.clone();
        self.frames.push(Frame::new(start));
        VariationChoice::Continue
    }

    fn end_variation(&mut self, _: Location) -> ControlFlow<()> {
        if self.frames.len() > 1 {
            if let Some(frame) = self.frames.pop() {
                let line = frame.finish();
                if let Some(last) = self
                    .frames
                    .last_mut()
                    .and_then(|parent| parent.line.moves.last_mut())
                {
                    last.variations.push(line);
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, result: GameResult, _: Location) -> ControlFlow<()> {
        self.result = Some(result);
        ControlFlow::Continue(())
    }

    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        self.fail(error.at, PgnErrorReason::Syntax(error.kind))
    }

    fn end_game(&mut self) -> Result<PgnGame, PgnError> {
        if let Some(error) = self.error.take() {
            self.frames.clear();
            return Err(error);
        }
        while self.frames.len() > 1 {
            let _ = self.end_variation(Location::default());
        }
        let mainline = self.frames.pop().map(Frame::finish).unwrap_or_default();
        Ok(PgnGame {
            headers: core::mem::take(&mut self.headers),
            initial: self.initial.take().unwrap_or_default(),
            mainline,
            result: self.result.take(),
        })
    }
}

/// Reads games one after another as [`PgnGame`]s, skipping over bad ones.
///
/// Each item is a game or the error that stopped it (its number, line, column and reason); the
/// reader then goes on with the next game, so nothing after a bad game is lost. In strict mode
/// the first error is the last item. Memory stays bounded by the largest game.
///
/// ```
/// use chess_notation::pgn::GameReader;
///
/// let pgn = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 garbage *\n\n1. d4 d5 *\n";
/// let results: Vec<_> = GameReader::new(pgn.as_bytes()).collect();
/// assert_eq!(results.len(), 3);
/// assert!(results[0].as_ref().unwrap().final_position().is_checkmate());
/// assert_eq!(results[1].as_ref().unwrap_err().kind().as_str(), "syntax");
/// assert_eq!(results[2].as_ref().unwrap().mainline.moves.len(), 2);
///
/// let strict: Vec<_> = GameReader::new(pgn.as_bytes()).strict(true).collect();
/// assert_eq!(strict.len(), 2);
/// ```
pub struct GameReader<R> {
    reader: Reader<R>,
    builder: GameBuilder,
    strict: bool,
    done: bool,
}

impl<R: Read> GameReader<R> {
    /// A lenient reader with a default [`GameBuilder`].
    pub fn new(inner: R) -> GameReader<R> {
        GameReader::with_builder(Reader::new(inner), GameBuilder::new())
    }

    /// A reader over `reader`, building games with `builder`.
    pub fn with_builder(reader: Reader<R>, builder: GameBuilder) -> GameReader<R> {
        GameReader {
            reader,
            builder,
            strict: false,
            done: false,
        }
    }

    /// In strict mode, the first error ends the reading, and only the standard result tokens
    /// end a game: the draws `1/2` and `½-½`, read as results otherwise, are errors (see
    /// [`Reader::strict_results`]).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> GameReader<R> {
        self.strict = strict;
        self.reader = self.reader.strict_results(strict);
        self
    }

    /// Whether to accept null moves (see [`GameBuilder::allow_null_moves`]).
    #[must_use]
    pub fn allow_null_moves(mut self, allow: bool) -> GameReader<R> {
        self.builder = self.builder.allow_null_moves(allow);
        self
    }

    /// Reads every game, stopping at the first error (without the stricter reading of result
    /// tokens that [`GameReader::strict`] also turns on).
    pub fn read_all(mut self) -> Result<Vec<PgnGame>, PgnError> {
        self.strict = true;
        self.collect()
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Result<PgnGame, PgnError>> {
        if self.done {
            return None;
        }
        let item = match self.reader.read_game(&mut self.builder) {
            Ok(Some(result)) => result,
            Ok(None) => {
                self.done = true;
                return None;
            }
            Err(e) => {
                self.done = true;
                Err(PgnError {
                    game: self.builder.games(),
                    at: self.reader.location(),
                    reason: PgnErrorReason::Io {
                        kind: e.kind(),
                        message: e.to_string(),
                    },
                })
            }
        };
        if item.is_err() && self.strict {
            self.done = true;
        }
        Some(item)
    }
}
