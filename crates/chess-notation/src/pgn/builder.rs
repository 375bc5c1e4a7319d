//! The visitor that builds a [`PgnGame`] from the reader's tokens, with its options.

use core::mem::discriminant;
use core::ops::ControlFlow;

use chess_rules::variant::{Variant, VariantPosition};
use chess_rules::{CastlingMode, Move, Position};

use super::error::PartialGame;
use super::error::PgnError;
use super::line_position::LinePosition;
use super::location::Location;
use super::reason::{Diagnostic, PgnErrorReason};
use super::result::{GameResult, nonstandard_result};
use super::syntax::{SyntaxError, SyntaxErrorKind};
use super::text::{decode, unescape_tag_value};
use super::tree::{Line, MoveNode, PgnGame};
use super::visitor::{VariationChoice, Visitor};
use crate::fen::{Fen, FenError, VariantFen};
use crate::san::{San, SanError, SanMode, SanPlus};

/// What a move token stands for, as [`GameBuilder::read_token`] reads it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum MoveToken {
    /// A move (`None`: a null move, where they are allowed).
    Move(Option<Move>),
    /// An annotation glyph (`±`), standing for this NAG after the move before it.
    Nag(u8),
    /// An en passant mark (`e.p.`) after the en passant capture before it: nothing to play.
    Mark,
}

/// The notes [`GameBuilder::otherwise`] asks to take: where and why, up to two.
type Notes = [Option<(Location, PgnErrorReason)>; 2];

/// A line being built: its moves so far, the position after them and before the last one,
/// and comments waiting for the next move.
#[derive(Clone)]
struct Frame<P> {
    line: Line,
    pos: P,
    before_last: P,
    pending: Vec<String>,
}

impl<P: Clone> Frame<P> {
    fn new(pos: P) -> Frame<P> {
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

/// The positions a builder plays lines in, each with its own stack of lines in the builder:
/// the builder's code is compiled once for standard chess and once for the variants, and a
/// game takes one of the two when its movetext begins.
trait Played: LinePosition {
    fn frames(builder: &GameBuilder) -> &Vec<Frame<Self>>;
    fn frames_mut(builder: &mut GameBuilder) -> &mut Vec<Frame<Self>>;
}

impl Played for Position {
    #[inline(always)]
    fn frames(builder: &GameBuilder) -> &Vec<Frame<Position>> {
        &builder.frames
    }
    #[inline(always)]
    fn frames_mut(builder: &mut GameBuilder) -> &mut Vec<Frame<Position>> {
        &mut builder.frames
    }
}

impl Played for VariantPosition {
    fn frames(builder: &GameBuilder) -> &Vec<Frame<VariantPosition>> {
        &builder.variant_frames
    }
    fn frames_mut(builder: &mut GameBuilder) -> &mut Vec<Frame<VariantPosition>> {
        &mut builder.variant_frames
    }
}

/// Where a game starts, as its tags say: a position of standard chess (or Chess960), or of a
/// variant.
enum Start {
    Standard(Position),
    Variant(VariantPosition),
}

/// The [`Visitor`] that builds a [`PgnGame`] (or the [`PgnError`] that stopped it, with what
/// was read before) from each game, with its options. [`GameReader`](super::GameReader) uses
/// it; use it directly with a [`Reader`](super::Reader) of your own.
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
    strict: bool,
    san_mode: SanMode,
    chess960: bool,
    game: u64,
    headers: Vec<(String, String)>,
    fen_at: Option<Location>,
    variant_at: Option<Location>,
    initial: Option<Position>,
    frames: Vec<Frame<Position>>,
    /// The start of a variant's game (whose lines are in `variant_frames`).
    variant_initial: Option<VariantPosition>,
    variant_frames: Vec<Frame<VariantPosition>>,
    /// Whether the game being read is a variant's (played in `variant_frames`).
    variant: bool,
    result: Option<GameResult>,
    error: Option<PgnError>,
    partial: Vec<u8>,
    diagnostics: Vec<Diagnostic>,
    truncated: Option<Location>,
    /// Inside a variation being dropped (for a bad move in it) until its `)`.
    dropping: bool,
}

impl Default for GameBuilder {
    fn default() -> GameBuilder {
        GameBuilder::new()
    }
}

impl GameBuilder {
    /// A lenient builder: SAN read leniently, a variation with a bad move dropped (with a
    /// [`Diagnostic`]) rather than the game, the spellings of posts on the web read as meant
    /// (with a [`Diagnostic`]: see [`GameBuilder::strict`]), null moves rejected, comments of
    /// up to 1 MiB.
    #[must_use]
    pub fn new() -> GameBuilder {
        GameBuilder {
            allow_null_moves: false,
            max_comment_len: 1 << 20,
            strict: false,
            san_mode: SanMode::Lenient,
            chess960: false,
            game: 0,
            headers: Vec::new(),
            fen_at: None,
            variant_at: None,
            initial: None,
            frames: Vec::new(),
            variant_initial: None,
            variant_frames: Vec::new(),
            variant: false,
            result: None,
            error: None,
            partial: Vec::new(),
            diagnostics: Vec::new(),
            truncated: None,
            dropping: false,
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

    /// In strict mode, a bad move inside a variation is an error for the game (instead of
    /// dropping the variation with a [`Diagnostic`]), and so is a game cut off by the end of
    /// the input ([`PgnErrorReason::Truncated`], instead of [`PgnGame::truncated`]). So is,
    /// where it stands, what the lenient builder reads as its author meant with a
    /// [`Diagnostic`]: a move in long algebraic notation
    /// ([`LongAlgebraic`](PgnErrorReason::LongAlgebraic): `Ng1-f3`, `Nd8d5`, `d1h5` for a
    /// queen's move), an en passant mark ([`EnPassantMark`](PgnErrorReason::EnPassantMark):
    /// `exd6 e.p.`), an annotation glyph ([`AnnotationGlyph`](PgnErrorReason::AnnotationGlyph):
    /// `±` for `$16`), a `Result` tag written otherwise than PGN writes it (`1–0`, `½-½`), and
    /// what the [`Reader`](super::Reader) reports through
    /// [`Visitor::normalised`].
    #[must_use]
    pub fn strict(mut self, strict: bool) -> GameBuilder {
        self.strict = strict;
        self
    }

    /// How moves are read: [`SanMode::Lenient`] (the default) accepts what real-world files
    /// hold; [`SanMode::Strict`] only standard SAN (a non-standard move is
    /// [`PgnErrorReason::NotStandard`]).
    #[must_use]
    pub fn san_mode(mut self, mode: SanMode) -> GameBuilder {
        self.san_mode = mode;
        self
    }

    /// Whether to read games without a `Variant` tag as Chess960 (castling by king and rook
    /// files, from the standard start when there is no `FEN` tag). Without it, such a game is
    /// standard chess unless its `FEN` can only mean Chess960.
    #[must_use]
    pub fn chess960(mut self, chess960: bool) -> GameBuilder {
        self.chess960 = chess960;
        self
    }

    /// The number of games begun so far.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.game
    }

    /// Ends the game being read with the error `reason` at `at` (the first error stands): for
    /// a visitor that reads moves itself ([`GameBuilder::read_move`]) and meets a bad one. The
    /// game then ends as a [`PgnError`] with what was read before.
    pub fn fail(&mut self, at: Location, reason: PgnErrorReason) -> ControlFlow<()> {
        if self.error.is_none() {
            self.error = Some(PgnError::new(self.game, at, reason));
        }
        ControlFlow::Break(())
    }

    /// Whether tokens are to be ignored: after an error, or inside a dropped variation.
    fn ignoring(&self) -> bool {
        self.error.is_some() || self.dropping
    }

    fn start(&mut self) -> Result<Start, (Location, PgnErrorReason)> {
        let header = |name: &str| {
            self.headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let at = self.fen_at.unwrap_or_default();
        let variant_at = self.variant_at.unwrap_or_default();
        let (variant, chess960) = match header("Variant") {
            None => (Variant::Standard, self.chess960),
            Some(v) => tag_variant(v).ok_or_else(|| {
                (
                    variant_at,
                    PgnErrorReason::UnsupportedVariant(v.trim().to_ascii_lowercase()),
                )
            })?,
        };
        if variant != Variant::Standard {
            return variant_start(variant, chess960, header("FEN"), at).map(Start::Variant);
        }
        let Some(text) = header("FEN") else {
            return Ok(Start::Standard(if chess960 {
                Fen::standard()
                    .into_position(CastlingMode::Chess960)
                    .unwrap_or_default()
            } else {
                Position::standard()
            }));
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
        // Files in the wild spell FENs in many ways: read leniently.
        let (fen, _) =
            Fen::from_ascii_lenient(text.trim().as_bytes()).map_err(|e| invalid(e.into()))?;
        fen.into_position_for(chess960)
            .map(Start::Standard)
            .map_err(invalid)
    }

    /// Plays the move `token` (at `at`) in the current line; reads the annotation glyphs and
    /// en passant marks that stand where moves do.
    #[inline]
    fn play<P: Played>(&mut self, token: &[u8], at: Location) -> Result<(), PgnErrorReason> {
        let Some(frame) = P::frames(self).last() else {
            return Ok(());
        };
        let (m, whole_origin) = match self.resolve(&frame.pos, token) {
            Ok(found) => found,
            Err(reason) => return self.read_otherwise::<P>(token, at, reason),
        };
        if whole_origin {
            self.note_long_algebraic::<P>(m, token, at)?;
        }
        self.push_move::<P>(m);
        Ok(())
    }

    /// Plays `m` (`None`: a null move) in the current line, with the comments waiting for it.
    #[inline(always)]
    fn push_move<P: Played>(&mut self, m: Option<Move>) {
        let Some(frame) = P::frames_mut(self).last_mut() else {
            return;
        };
        let mut node = match m {
            None => {
                let next = frame.pos.pass().unwrap_or_else(|| frame.pos.clone());
                frame.before_last = core::mem::replace(&mut frame.pos, next);
                MoveNode::null()
            }
            Some(m) => {
                let before = frame.pos.clone();
                let san = frame.pos.play_with_san(m);
                frame.before_last = before;
                MoveNode::with_san(Some(m), san)
            }
        };
        node.comments_before = core::mem::take(&mut frame.pending);
        frame.line.moves.push(node);
    }

    /// Notes the move `m` of the current line, written `token` (at `at`) with its whole origin
    /// square, if standard SAN writes it otherwise: a move in long algebraic notation.
    #[cold]
    fn note_long_algebraic<P: Played>(
        &mut self,
        m: Option<Move>,
        token: &[u8],
        at: Location,
    ) -> Result<(), PgnErrorReason> {
        let Some((frame, m)) = P::frames(self).last().zip(m) else {
            return Ok(());
        };
        match long_algebraic(&frame.pos, m, token) {
            Some(reason) => self.note(at, reason),
            None => Ok(()),
        }
    }

    /// The move `token` makes in `pos` under this builder's options: `None` for a null move
    /// (only when they are allowed and `pos` can pass the turn). A move in long algebraic
    /// notation (`Ng1-f3`, `d1h5` for a queen) is read when the SAN mode is lenient, but for a
    /// [strict](GameBuilder::strict) builder (then it is
    /// [`PgnErrorReason::LongAlgebraic`]).
    ///
    /// This and [`GameBuilder::initial`], [`GameBuilder::sets_start`] and
    /// [`GameBuilder::failed`] serve a visitor that lets the builder read the tags and plays
    /// the mainline itself (as chess-archive's record visitor does).
    ///
    /// # Errors
    ///
    /// Why `token` is not a move of `pos`, as a [`PgnError`](super::PgnError) would say it.
    pub fn read_move(&self, pos: &Position, token: &[u8]) -> Result<Option<Move>, PgnErrorReason> {
        self.read_move_in(pos, token)
    }

    /// [`GameBuilder::read_move`] in a position of a variant.
    ///
    /// # Errors
    ///
    /// Why `token` is not a move of `pos`, as a [`PgnError`](super::PgnError) would say it.
    pub fn read_variant_move(
        &self,
        pos: &VariantPosition,
        token: &[u8],
    ) -> Result<Option<Move>, PgnErrorReason> {
        self.read_move_in(pos, token)
    }

    fn read_move_in<P: LinePosition>(
        &self,
        pos: &P,
        token: &[u8],
    ) -> Result<Option<Move>, PgnErrorReason> {
        let (m, whole_origin) = self.resolve(pos, token)?;
        if let Some(m) = m.filter(|_| whole_origin && self.strict) {
            if let Some(reason) = long_algebraic(pos, m, token) {
                return Err(reason);
            }
        }
        Ok(m)
    }

    /// [`GameBuilder::read_move`] whatever the strictness, and whether the move was written
    /// with its whole origin square (as in long algebraic notation). Always inlined, as
    /// [`GameBuilder::push_move`] is: called, the two cost the builder about 8 % more
    /// instructions per move (the move and the large error come back through memory).
    #[inline(always)]
    fn resolve<P: LinePosition>(
        &self,
        pos: &P,
        token: &[u8],
    ) -> Result<(Option<Move>, bool), PgnErrorReason> {
        let mode = self.san_mode;
        let san =
            SanPlus::from_ascii_with(token, mode).map_err(|error| PgnErrorReason::InvalidSan {
                san: decode(token),
                error,
            })?;
        if san.san == San::Null {
            return if self.allow_null_moves && pos.pass().is_some() {
                Ok((None, false))
            } else {
                Err(PgnErrorReason::NullMove { san: decode(token) })
            };
        }
        let m = pos
            .san_to_move(&san, mode)
            .map_err(|e| move_error(e, token, pos))?;
        // Only a move written with its whole origin square can be long algebraic.
        let whole_origin = matches!(
            san.san,
            San::Normal {
                file: Some(_),
                rank: Some(_),
                ..
            }
        );
        Ok((Some(m), whole_origin))
    }

    /// Notes a flaw read as its author meant at `at`: a [`Diagnostic`], or for a strict
    /// builder the game's error, there (and the reason, as an error).
    fn note(&mut self, at: Location, reason: PgnErrorReason) -> Result<(), PgnErrorReason> {
        if self.strict {
            let _ = self.fail(at, reason.clone());
            return Err(reason);
        }
        self.push_note(at, reason);
        Ok(())
    }

    /// Adds the diagnostic of text read as its author meant, unless the game has one of the
    /// same kind already: a game written in long algebraic notation, or with a glyph after
    /// every other move, says so once, where it first does.
    fn push_note(&mut self, at: Location, reason: PgnErrorReason) {
        let kind = |reason: &PgnErrorReason| match reason {
            PgnErrorReason::Syntax(kind) => (discriminant(reason), Some(discriminant(kind))),
            _ => (discriminant(reason), None),
        };
        let new = kind(&reason);
        if !self.diagnostics.iter().any(|d| kind(&d.reason) == new) {
            self.diagnostics.push(Diagnostic { at, reason });
        }
    }

    /// `token` (at `at`), which is not a move for `reason`, in the current line: an
    /// annotation glyph, or an en passant mark with or without its capture; otherwise the
    /// error `reason`.
    #[cold]
    fn read_otherwise<P: Played>(
        &mut self,
        token: &[u8],
        at: Location,
        reason: PgnErrorReason,
    ) -> Result<(), PgnErrorReason> {
        let Some(frame) = P::frames(self).last() else {
            return Ok(());
        };
        let last = frame.line.moves.last().and_then(|node| node.m);
        let (read, notes) = self.otherwise(&frame.pos, last, token, at, reason)?;
        self.take_notes(notes)?;
        match read {
            MoveToken::Move(m) => self.push_move::<P>(m),
            MoveToken::Nag(nag) => {
                let _ = self.nag(nag, at);
            }
            MoveToken::Mark => {}
        }
        Ok(())
    }

    /// What `token` (at `at`), which is not a move of `pos` for `reason`, stands for: an
    /// annotation glyph's NAG (of the side that just moved), an en passant capture with its
    /// mark glued to it (`exd6e.p.`), or the mark alone after `last`, an en passant capture;
    /// with the notes to take. Otherwise the error `reason`.
    fn otherwise<P: LinePosition>(
        &self,
        pos: &P,
        last: Option<Move>,
        token: &[u8],
        at: Location,
        reason: PgnErrorReason,
    ) -> Result<(MoveToken, Notes), PgnErrorReason> {
        if !matches!(reason, PgnErrorReason::InvalidSan { .. }) {
            return Err(reason);
        }
        if let Some(nags) = glyph_nags(token) {
            // The glyph follows the move of the side that is not to move.
            let nag = if pos.white_to_move() {
                nags.black
            } else {
                nags.white
            };
            let glyph = decode(token);
            let note = (at, PgnErrorReason::AnnotationGlyph { glyph, nag });
            return Ok((MoveToken::Nag(nag), [Some(note), None]));
        }
        let Some(mark) = en_passant_mark(token) else {
            return Err(reason);
        };
        let (body, mark) = token.split_at(token.len() - mark);
        let mark_at = Location {
            column: at.column + body.len() as u64,
            offset: at.offset + body.len() as u64,
            ..at
        };
        let mark = (
            mark_at,
            PgnErrorReason::EnPassantMark { mark: decode(mark) },
        );
        if body.is_empty() {
            return if last.is_some_and(|m| m.is_en_passant()) {
                Ok((MoveToken::Mark, [Some(mark), None]))
            } else {
                Err(reason)
            };
        }
        match self.resolve(pos, body) {
            Ok((Some(m), whole_origin)) if m.is_en_passant() => {
                let long = whole_origin
                    .then(|| long_algebraic(pos, m, body))
                    .flatten()
                    .map(|reason| (at, reason));
                Ok((MoveToken::Move(Some(m)), [Some(mark), long]))
            }
            _ => Err(reason),
        }
    }

    /// Takes the notes of [`GameBuilder::otherwise`], in order: diagnostics, or for a strict
    /// builder the first as the game's error.
    fn take_notes(&mut self, notes: Notes) -> Result<(), PgnErrorReason> {
        for (at, reason) in notes.into_iter().flatten() {
            self.note(at, reason)?;
        }
        Ok(())
    }

    /// What the move token `token` (at `at`) stands for in `pos`, read as this builder reads
    /// the tokens of a game's mainline, for a visitor that plays the mainline itself (with
    /// [`GameBuilder::read_move`] it reads only moves): a move, or, unless the builder is
    /// [strict](GameBuilder::strict), an annotation glyph's NAG or an en passant mark after
    /// `last`, the move played before it. What the lenient builder reads as meant (those, and
    /// moves in long algebraic notation) it notes as a [`Diagnostic`] of the game; a strict
    /// builder ends the game with it as the error.
    ///
    /// ```
    /// use chess_notation::pgn::{GameBuilder, Location, MoveToken};
    /// use chess_notation::uci;
    /// use chess_rules::Position;
    ///
    /// let mut builder = GameBuilder::new();
    /// let pos = Position::standard();
    /// let at = Location::default();
    /// let nf3 = uci::parse(&pos, "g1f3")?;
    /// assert_eq!(builder.read_token(&pos, None, b"Ng1-f3", at), Ok(MoveToken::Move(Some(nf3))));
    /// let after = pos.after(nf3);
    /// assert_eq!(builder.read_token(&after, Some(nf3), "±".as_bytes(), at), Ok(MoveToken::Nag(16)));
    /// // A strict builder refuses both.
    /// let mut strict = GameBuilder::new().strict(true);
    /// assert!(strict.read_token(&pos, None, b"Ng1-f3", at).is_err());
    /// # Ok::<_, chess_notation::uci::UciMoveError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Why `token` stands for nothing here, as a [`PgnError`](super::PgnError) would say it.
    pub fn read_token(
        &mut self,
        pos: &Position,
        last: Option<Move>,
        token: &[u8],
        at: Location,
    ) -> Result<MoveToken, PgnErrorReason> {
        self.read_token_in(pos, last, token, at)
    }

    /// [`GameBuilder::read_token`] in a position of a variant: drops (`N@f3`, and
    /// python-chess's `@e4` for a pawn's) among the moves.
    ///
    /// # Errors
    ///
    /// Why `token` stands for nothing here, as a [`PgnError`](super::PgnError) would say it.
    pub fn read_variant_token(
        &mut self,
        pos: &VariantPosition,
        last: Option<Move>,
        token: &[u8],
        at: Location,
    ) -> Result<MoveToken, PgnErrorReason> {
        self.read_token_in(pos, last, token, at)
    }

    #[inline(always)]
    fn read_token_in<P: LinePosition>(
        &mut self,
        pos: &P,
        last: Option<Move>,
        token: &[u8],
        at: Location,
    ) -> Result<MoveToken, PgnErrorReason> {
        // The notes go by value only where there are some: two empty ones for every move
        // were a copy of their whole size (a fortieth of reading a Lichess file).
        match self.resolve(pos, token) {
            Ok((Some(m), true)) => {
                if let Some(reason) = long_algebraic(pos, m, token) {
                    self.note(at, reason)?;
                }
                Ok(MoveToken::Move(Some(m)))
            }
            Ok((m, _)) => Ok(MoveToken::Move(m)),
            Err(reason) => {
                let (read, notes) = self.otherwise(pos, last, token, at, reason)?;
                self.take_notes(notes)?;
                Ok(read)
            }
        }
    }

    /// The position the movetext starts from, once its tags have given it (`None` before the
    /// movetext, or when they could not).
    #[must_use]
    pub fn initial(&self) -> Option<&Position> {
        self.initial.as_ref()
    }

    /// The position a variant's game starts from, once its tags have given it: `None` before
    /// the movetext, when they could not, and for a game of standard chess or Chess960 (whose
    /// start is [`GameBuilder::initial`]).
    #[must_use]
    pub fn variant_initial(&self) -> Option<&VariantPosition> {
        self.variant_initial.as_ref()
    }

    /// Whether the tag `name` is one the start position is read from (`FEN`, `Variant`): the
    /// only ones a reader that keeps the tags itself must give the builder.
    #[must_use]
    pub fn sets_start(name: &[u8]) -> bool {
        name == b"FEN" || name == b"Variant"
    }

    /// Whether the game has met an error (and its tokens are ignored).
    #[must_use]
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// The frames folded into the mainline: open variations hang from their moves as they
    /// are (every move in them was legal).
    fn fold_frames<P: Played>(&mut self) -> Line {
        while P::frames(self).len() > 1 {
            self.close_variation::<P>();
        }
        P::frames_mut(self)
            .pop()
            .map(Frame::finish)
            .unwrap_or_default()
    }

    fn close_variation<P: Played>(&mut self) {
        let frames = P::frames_mut(self);
        if frames.len() > 1 {
            if let Some(frame) = frames.pop() {
                let line = frame.finish();
                if let Some(last) = frames
                    .last_mut()
                    .and_then(|parent| parent.line.moves.last_mut())
                {
                    last.variations.push(line);
                }
            }
        }
    }

    /// How deep the current line is (1: the mainline).
    fn depth(&self) -> usize {
        if self.variant {
            self.variant_frames.len()
        } else {
            self.frames.len()
        }
    }

    /// The current line's moves and comments waiting for a move.
    fn current_line(&mut self) -> Option<(&mut Line, &mut Vec<String>)> {
        if self.variant {
            let frame = self.variant_frames.last_mut()?;
            Some((&mut frame.line, &mut frame.pending))
        } else {
            let frame = self.frames.last_mut()?;
            Some((&mut frame.line, &mut frame.pending))
        }
    }

    /// Opens a variation of the current line's last move, from the position before it;
    /// `false` when the line has no move yet.
    /// Opens a variation of the current line's last move, from the position before it:
    /// `None` outside the movetext, `Some(false)` when the line has no move yet.
    fn open_variation<P: Played>(&mut self) -> Option<bool> {
        let frames = P::frames_mut(self);
        let parent = frames.last()?;
        if parent.line.moves.is_empty() {
            return Some(false);
        }
        let start = parent.before_last.clone();
        frames.push(Frame::new(start));
        Some(true)
    }
}

/// What a `Variant` tag's value means: `Some(true)` for Chess960, `Some(false)` for standard
/// chess (or a set-up position of it), `None` for a variant this crate does not play.
pub(crate) fn chess960_variant(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "standard" | "chess" | "normal" | "from position" | "fromposition" => Some(false),
        "chess960"
        | "chess 960"
        | "960"
        | "fischerandom"
        | "fischerrandom"
        | "fischer random"
        | "fischer random chess" => Some(true),
        _ => None,
    }
}

/// What a `Variant` tag's value means: the variant, and whether it is played with Chess960's
/// castling (Chess960 itself is standard chess so); `None` for a variant this crate does not
/// play. The names are python-chess's and Lichess's (see [`Variant::with_castling_mode`]).
fn tag_variant(value: &str) -> Option<(Variant, bool)> {
    if let Some(chess960) = chess960_variant(value) {
        return Some((Variant::Standard, chess960));
    }
    let (variant, mode) = Variant::with_castling_mode(value).ok()?;
    Some((variant, mode == CastlingMode::Chess960))
}

/// The start of a game of `variant` (not standard chess): its start position, or the position
/// of its `FEN` tag `fen` (at `at`) by the variant's rules, read leniently as standard FENs
/// are, pockets, promoted pieces and checks included.
fn variant_start(
    variant: Variant,
    chess960: bool,
    fen: Option<&str>,
    at: Location,
) -> Result<VariantPosition, (Location, PgnErrorReason)> {
    let Some(text) = fen else {
        return Ok(VariantPosition::new(variant));
    };
    let invalid = |error| {
        (
            at,
            PgnErrorReason::InvalidVariantFen {
                fen: text.to_owned(),
                error,
            },
        )
    };
    let (fen, _) = VariantFen::from_ascii_lenient(text.trim().as_bytes())
        .map_err(|e| invalid(crate::fen::VariantFenError::Parse(e)))?;
    fen.into_position_for(variant, chess960).map_err(invalid)
}

/// The reason for a move that SAN resolution refused.
fn move_error<P: LinePosition>(e: SanError, token: &[u8], pos: &P) -> PgnErrorReason {
    match e {
        SanError::Ambiguous { candidates } => {
            let mut candidates: Vec<String> =
                candidates.iter().map(|&m| pos.san(m).to_string()).collect();
            candidates.sort();
            PgnErrorReason::AmbiguousMove {
                san: decode(token),
                candidates,
            }
        }
        SanError::NotStandard { expected } => PgnErrorReason::NotStandard {
            san: decode(token),
            expected: expected.to_string(),
        },
        SanError::NullMove => PgnErrorReason::NullMove { san: decode(token) },
        _ => PgnErrorReason::IllegalMove {
            san: decode(token),
            fen: pos.fen_text(),
        },
    }
}

/// The move `m` of `pos`, written `token` with its whole origin square: the note that it is
/// long algebraic, unless standard SAN also gives the whole square (three queens that could go
/// to the same square).
#[cold]
fn long_algebraic<P: LinePosition>(pos: &P, m: Move, token: &[u8]) -> Option<PgnErrorReason> {
    match pos.san(m) {
        San::Normal {
            file: Some(_),
            rank: Some(_),
            ..
        } => None,
        _ => Some(PgnErrorReason::LongAlgebraic {
            san: decode(token),
            expected: pos.san_plus(m).to_string(),
        }),
    }
}

/// The length of the en passant mark `token` ends with (`e.p.`, `e.p` or `ep`, in any case),
/// if it does.
fn en_passant_mark(token: &[u8]) -> Option<usize> {
    [&b"e.p."[..], b"e.p", b"ep"]
        .into_iter()
        .find(|mark| {
            token.len() >= mark.len()
                && token[token.len() - mark.len()..].eq_ignore_ascii_case(mark)
        })
        .map(<[u8]>::len)
}

/// The NAGs an annotation glyph stands for, for each side (the same for the glyphs that are
/// not about one side).
#[derive(Copy, Clone)]
struct GlyphNags {
    white: u8,
    black: u8,
}

/// The NAGs an annotation glyph stands for: the symbols of the standard NAG table as books,
/// ChessBase and the big sites print them, and their ASCII spellings (`+/-`, `+-`, `=/+`).
fn glyph_nags(token: &[u8]) -> Option<GlyphNags> {
    let text = core::str::from_utf8(token).ok()?;
    let (white, black) = match text {
        "‼" => (3, 3),
        "⁇" => (4, 4),
        "⁉" => (5, 5),
        "⁈" => (6, 6),
        "□" => (7, 7),
        "=" => (10, 10),
        "∞" => (13, 13),
        "⩲" | "+/=" | "+=" => (14, 14),
        "⩱" | "=/+" | "=+" => (15, 15),
        "±" | "+/-" => (16, 16),
        "∓" | "-/+" => (17, 17),
        "+−" | "+-" => (18, 18),
        "−+" | "-+" => (19, 19),
        "⨀" | "⊙" => (22, 23),
        "⟳" | "↻" | "↑↑" => (32, 33),
        "↑" => (36, 37),
        "→" => (40, 41),
        "=/∞" | "=∞" => (44, 45),
        "⇆" => (132, 133),
        "⊕" => (138, 139),
        "∆" | "Δ" => (140, 140),
        "⌓" => (142, 142),
        "N" => (146, 146),
        _ => return None,
    };
    Some(GlyphNags { white, black })
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
        self.variant_initial = None;
        self.variant_frames.clear();
        self.variant = false;
        self.result = None;
        self.error = None;
        self.partial.clear();
        self.diagnostics.clear();
        self.truncated = None;
        self.dropping = false;
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
        let mut value = unescape_tag_value(value);
        let mut flow = ControlFlow::Continue(());
        if name == "Result" && GameResult::from_token(&value).is_none() {
            if let Some(result) = nonstandard_result(value.trim().as_bytes()) {
                // `1–0`, `½-½`: read as the result, the tag written as PGN writes it (strictly,
                // an error there, the tag kept as written).
                let reason = PgnErrorReason::Syntax(SyntaxErrorKind::NonstandardResult(result));
                if self.note(at, reason).is_ok() {
                    result.as_str().clone_into(&mut value);
                } else {
                    flow = ControlFlow::Break(());
                }
            }
        }
        self.headers.push((name, value));
        flow
    }

    fn begin_movetext(&mut self, _: Location) -> ControlFlow<()> {
        if self.error.is_some() {
            return ControlFlow::Break(());
        }
        match self.start() {
            Ok(Start::Standard(pos)) => {
                self.initial = Some(pos.clone());
                self.frames.push(Frame::new(pos));
                ControlFlow::Continue(())
            }
            Ok(Start::Variant(pos)) => {
                self.variant = true;
                self.variant_initial = Some(pos.clone());
                self.variant_frames.push(Frame::new(pos));
                ControlFlow::Continue(())
            }
            Err((at, reason)) => self.fail(at, reason),
        }
    }

    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        if self.ignoring() {
            return if self.error.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        }
        // The game's rules were chosen once, when its movetext began.
        let played = if self.variant {
            self.play::<VariantPosition>(san, at)
        } else {
            self.play::<Position>(san, at)
        };
        match played {
            Ok(()) => ControlFlow::Continue(()),
            Err(reason) if self.depth() > 1 && !self.strict && reason.is_move_error() => {
                // A bad move in a variation costs the variation, not the game.
                self.diagnostics.push(Diagnostic { at, reason });
                if self.variant {
                    self.variant_frames.pop();
                } else {
                    self.frames.pop();
                }
                self.dropping = true;
                ControlFlow::Continue(())
            }
            Err(reason) => self.fail(at, reason),
        }
    }

    fn nag(&mut self, nag: u8, _: Location) -> ControlFlow<()> {
        if self.ignoring() {
            return ControlFlow::Continue(());
        }
        if let Some(node) = self
            .current_line()
            .and_then(|(line, _)| line.moves.last_mut())
        {
            node.nags.push(nag);
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, part: &[u8], at: Location) -> ControlFlow<()> {
        if self.ignoring() {
            return ControlFlow::Continue(());
        }
        if self.partial.len() + part.len() > self.max_comment_len {
            return self.fail(at, PgnErrorReason::CommentTooLong(self.max_comment_len));
        }
        self.partial.extend_from_slice(part);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        if self.ignoring() {
            self.partial.clear();
            return ControlFlow::Continue(());
        }
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
        let Some((line, pending)) = self.current_line() else {
            return ControlFlow::Continue(());
        };
        match line.moves.last_mut() {
            Some(last) if pending.is_empty() && last.variations.is_empty() => {
                last.comments_after.push(text);
            }
            _ => pending.push(text),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        if self.ignoring() {
            // Nested in a dropped variation: skipped whole, without an `end_variation`.
            return VariationChoice::Skip;
        }
        let opened = if self.variant {
            self.open_variation::<VariantPosition>()
        } else {
            self.open_variation::<Position>()
        };
        match opened {
            None => VariationChoice::Skip,
            Some(false) => {
                let _ = self.fail(at, PgnErrorReason::VariationBeforeMove);
                VariationChoice::Skip
            }
            Some(true) => VariationChoice::Continue,
        }
    }

    fn end_variation(&mut self, _: Location) -> ControlFlow<()> {
        if self.dropping {
            self.dropping = false;
        } else if self.error.is_none() {
            if self.variant {
                self.close_variation::<VariantPosition>();
            } else {
                self.close_variation::<Position>();
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, result: GameResult, _: Location) -> ControlFlow<()> {
        self.result = Some(result);
        ControlFlow::Continue(())
    }

    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        let structural = matches!(
            error.kind,
            SyntaxErrorKind::UnterminatedVariation | SyntaxErrorKind::UnterminatedComment
        );
        if self.dropping && !structural {
            // Inside text that is being dropped anyway.
            return ControlFlow::Continue(());
        }
        self.fail(error.at, PgnErrorReason::Syntax(error.kind))
    }

    fn normalised(&mut self, note: SyntaxError) {
        if self.error.is_none() {
            self.push_note(note.at, PgnErrorReason::Syntax(note.kind));
        }
    }

    fn truncated(&mut self, at: Location) {
        self.truncated = Some(at);
        if self.strict {
            let _ = self.fail(at, PgnErrorReason::Truncated);
        }
    }

    fn end_game(&mut self) -> Result<PgnGame, PgnError> {
        self.partial.clear();
        self.dropping = false;
        let mainline = if self.variant {
            self.fold_frames::<VariantPosition>()
        } else {
            self.fold_frames::<Position>()
        };
        let headers = core::mem::take(&mut self.headers);
        let diagnostics = core::mem::take(&mut self.diagnostics);
        if let Some(mut error) = self.error.take() {
            error.partial = Box::new(PartialGame {
                headers,
                initial: self.initial.take(),
                variant_initial: self.variant_initial.take(),
                mainline,
                diagnostics,
                truncated: self.truncated,
            });
            return Err(error);
        }
        Ok(PgnGame {
            headers,
            initial: self.initial.take().unwrap_or_default(),
            variant_initial: self.variant_initial.take(),
            mainline,
            result: self.result.take(),
            diagnostics,
            truncated: self.truncated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::{GameReader, PgnErrorKind};

    fn lenient(pgn: &str) -> PgnGame {
        match GameReader::new(pgn.as_bytes()).next() {
            Some(Ok(game)) => game,
            other => panic!("{pgn}: {other:?}"),
        }
    }

    fn strict(pgn: &str) -> PgnError {
        match GameReader::new(pgn.as_bytes()).strict(true).next() {
            Some(Err(error)) => error,
            other => panic!("{pgn}: {other:?}"),
        }
    }

    fn notes(game: &PgnGame) -> Vec<String> {
        game.diagnostics.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn glyphs_read_as_the_nag_of_the_side_that_just_moved() {
        let game = lenient("1. e4 ⨀ e5 ⨀ 2. Nf3 → Nc6 → 3. Bb5 ⇆ a6 ⇆ 4. Ba4 ± Nf6 ∓ 5. O-O N *");
        let nags: Vec<&[u8]> = game.mainline.moves.iter().map(|m| &m.nags[..]).collect();
        let expected: [&[u8]; 9] = [
            &[22],
            &[23],
            &[40],
            &[41],
            &[132],
            &[133],
            &[16],
            &[17],
            &[146],
        ];
        assert_eq!(nags, expected);
        // Said once, where the first glyph stands.
        assert_eq!(
            notes(&game),
            ["line 1, column 7: read as $22: annotation glyph ⨀ is not pgn: expected $22"]
        );
        let error = strict("1. e4 e5 2. Nf3 ∞ *");
        assert_eq!((error.at.line, error.at.column), (1, 17));
        assert_eq!(error.kind(), PgnErrorKind::Syntax);
        assert_eq!(
            error.reason,
            PgnErrorReason::AnnotationGlyph {
                glyph: "∞".into(),
                nag: 13
            }
        );
    }

    #[test]
    fn the_glyph_table_follows_the_standard_nags() {
        for (glyph, white, black) in [
            ("‼", 3, 3),
            ("⁇", 4, 4),
            ("⁉", 5, 5),
            ("⁈", 6, 6),
            ("□", 7, 7),
            ("=", 10, 10),
            ("∞", 13, 13),
            ("⩲", 14, 14),
            ("+/=", 14, 14),
            ("⩱", 15, 15),
            ("=/+", 15, 15),
            ("±", 16, 16),
            ("+/-", 16, 16),
            ("∓", 17, 17),
            ("-/+", 17, 17),
            ("+−", 18, 18),
            ("+-", 18, 18),
            ("−+", 19, 19),
            ("-+", 19, 19),
            ("⨀", 22, 23),
            ("⟳", 32, 33),
            ("↑↑", 32, 33),
            ("↑", 36, 37),
            ("→", 40, 41),
            ("=/∞", 44, 45),
            ("⇆", 132, 133),
            ("⊕", 138, 139),
            ("∆", 140, 140),
            ("⌓", 142, 142),
            ("N", 146, 146),
        ] {
            let nags = glyph_nags(glyph.as_bytes()).unwrap();
            assert_eq!((nags.white, nags.black), (white, black), "{glyph}");
        }
        for not_a_glyph in ["", "x", "NN", "==", "+", "$1", "±±"] {
            assert!(
                glyph_nags(not_a_glyph.as_bytes()).is_none(),
                "{not_a_glyph}"
            );
        }
    }

    #[test]
    fn en_passant_marks_after_an_en_passant_capture_are_ignored() {
        let ep = "1. e4 a6 2. e5 d5 3. ";
        for (text, mark, column) in [
            ("exd6 e.p.", "e.p.", 27),
            ("exd6e.p.", "e.p.", 26),
            ("exd6 ep", "ep", 27),
            ("exd6ep", "ep", 26),
            ("exd6 e.p", "e.p", 27),
            ("exd6E.P.", "E.P.", 26),
            ("e5xd6e.p.", "e.p.", 27),
        ] {
            let game = lenient(&format!("{ep}{text} Nc6 *"));
            let sans: Vec<String> = game
                .mainline
                .moves
                .iter()
                .map(|m| m.san.to_string())
                .collect();
            assert_eq!(sans, ["e4", "a6", "e5", "d5", "exd6", "Nc6"], "{text}");
            let note = format!(
                "line 1, column {column}: ignored: en passant mark {mark} after the move is not san"
            );
            assert!(notes(&game).contains(&note), "{text}: {:?}", notes(&game));
            let error = strict(&format!("{ep}{text} *"));
            assert_eq!(error.at.column, column, "{text}");
            assert_eq!(
                error.reason,
                PgnErrorReason::EnPassantMark { mark: mark.into() }
            );
        }
        // After a move that is not an en passant capture, the mark is no move.
        let error = GameReader::new("1. e4 d5 2. exd5 e.p. *".as_bytes())
            .next()
            .unwrap()
            .unwrap_err();
        assert!(
            matches!(error.reason, PgnErrorReason::InvalidSan { .. }),
            "{error}"
        );
        let error = GameReader::new("1. e4 d5 2. exd5e.p. *".as_bytes())
            .next()
            .unwrap()
            .unwrap_err();
        assert!(
            matches!(error.reason, PgnErrorReason::InvalidSan { .. }),
            "{error}"
        );
    }

    #[test]
    fn a_result_tag_written_otherwise_reads_as_the_result() {
        for (value, standard) in [
            ("1–0", "1-0"),
            ("0—1", "0-1"),
            ("½–½", "1/2-1/2"),
            ("½-½", "1/2-1/2"),
            ("1/2–1/2", "1/2-1/2"),
            ("1/2", "1/2-1/2"),
        ] {
            let pgn = format!("[Event \"e\"]\n[Result \"{value}\"]\n\n1. e4 *");
            let game = lenient(&pgn);
            assert_eq!(game.header("Result"), Some(standard), "{value}");
            assert_eq!(
                notes(&game),
                [format!(
                    "line 2, column 1: read as {standard}: result not written as pgn writes it: expected {standard}"
                )]
            );
            let error = strict(&pgn);
            assert_eq!((error.at.line, error.at.column), (2, 1));
            assert_eq!(error.kind(), PgnErrorKind::Syntax);
        }
        for value in ["1-0", "*", "?", "", "1–", "2–0"] {
            let pgn = format!("[Result \"{value}\"]\n\n1. e4 *");
            let game = lenient(&pgn);
            assert_eq!(game.header("Result"), Some(value));
            assert!(game.diagnostics.is_empty(), "{value}");
        }
    }

    #[test]
    fn long_algebraic_moves_are_noted_once_and_refused_strictly() {
        let game = lenient("1. e2-e4 e7-e5 2. Ng1-f3 Nb8c6 3. Bf1-b5 a7a6 4. d1e2 *");
        let sans: Vec<String> = game
            .mainline
            .moves
            .iter()
            .map(|m| m.san.to_string())
            .collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Qe2"]);
        assert_eq!(
            notes(&game),
            ["line 1, column 4: read as e4: move e2-e4 in long algebraic notation: expected e4"]
        );
        let error = strict("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. d1e2 *");
        assert_eq!(
            (error.at.column, error.to_string().as_str()),
            (
                34,
                "game 1, line 1, column 34: move d1e2 in long algebraic notation: expected Qe2"
            )
        );
        // Standard SAN gives the whole square when two other queens could go there too.
        let pgn = "[FEN \"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1\"]\n\n1. Qh4e1 *";
        let game = GameReader::new(pgn.as_bytes())
            .strict(true)
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(game.mainline.moves[0].san.to_string(), "Qh4e1");
        // `read_move` of a strict builder refuses it too.
        let pos = Position::standard();
        assert!(GameBuilder::new().read_move(&pos, b"Ng1-f3").is_ok());
        assert!(matches!(
            GameBuilder::new().strict(true).read_move(&pos, b"Ng1-f3"),
            Err(PgnErrorReason::LongAlgebraic { .. })
        ));
    }
}
