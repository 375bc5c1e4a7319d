//! The visitor interface of the streaming reader.

use core::ops::ControlFlow;

use super::location::Location;
use super::result::GameResult;
use super::syntax::SyntaxError;

/// Whether to read a variation or skip it, the answer to [`Visitor::begin_variation`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[must_use]
pub enum VariationChoice {
    /// Visit the variation's tokens, then [`Visitor::end_variation`].
    Continue,
    /// Skip the variation (and everything nested in it) without visiting it: no calls until
    /// after its closing `)`, and no [`Visitor::end_variation`] for it.
    Skip,
}

/// Receives the tokens of each game from a [`Reader`](super::Reader).
///
/// For each game the reader calls, in this order:
///
/// 1. [`begin_game`](Visitor::begin_game), then [`normalised`](Visitor::normalised) for the
///    forum markup or line breaks that stood before the game, then [`tag`](Visitor::tag) for
///    each tag pair;
/// 2. [`begin_movetext`](Visitor::begin_movetext), then [`san`](Visitor::san),
///    [`nag`](Visitor::nag), [`comment`](Visitor::comment) (and
///    [`partial_comment`](Visitor::partial_comment) for comments longer than the reader's
///    buffer), [`begin_variation`](Visitor::begin_variation) /
///    [`end_variation`](Visitor::end_variation) and [`outcome`](Visitor::outcome) as they come;
///    [`syntax_error`](Visitor::syntax_error) for what is not PGN, and
///    [`normalised`](Visitor::normalised) for what is not PGN but read as meant; and, to a visitor that
///    [wants them](Visitor::wants_movetext_bytes), the source's bytes of the movetext in
///    pieces, through [`movetext_bytes`](Visitor::movetext_bytes);
/// 3. [`truncated`](Visitor::truncated) when the input ends inside the game;
/// 4. [`end_game`](Visitor::end_game), whose value [`Reader::read_game`](super::Reader::read_game)
///    returns.
///
/// Every token comes as raw bytes from the reader's buffer (no allocation) with its
/// [`Location`]. Returning `ControlFlow::Break(())` from a callback skips the rest of the game:
/// the reader goes on to the game's end without further calls but `movetext_bytes` (if
/// wanted), `truncated` (if the input ends inside the game) and `end_game`.
///
/// ```
/// use std::ops::ControlFlow;
/// use chess_notation::pgn::{Location, Reader, Visitor};
///
/// /// Counts the moves of the mainline.
/// struct MoveCounter(usize);
///
/// impl Visitor for MoveCounter {
///     type Output = usize;
///     fn begin_game(&mut self, _: Location) {
///         self.0 = 0;
///     }
///     fn san(&mut self, _: &[u8], _: Location) -> ControlFlow<()> {
///         self.0 += 1;
///         ControlFlow::Continue(())
///     }
///     fn end_game(&mut self) -> usize {
///         self.0
///     }
/// }
///
/// let pgn = b"[Event \"?\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {good} Nc6 1-0\n\n1.d4 *";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut counter = MoveCounter(0);
/// assert_eq!(reader.read_game(&mut counter)?, Some(4)); // the variation is skipped
/// assert_eq!(reader.read_game(&mut counter)?, Some(1));
/// assert_eq!(reader.read_game(&mut counter)?, None);
/// # Ok::<_, std::io::Error>(())
/// ```
pub trait Visitor {
    /// What [`Visitor::end_game`] produces for each game.
    type Output;

    /// A game begins at `at` (its first tag or movetext token).
    fn begin_game(&mut self, at: Location) {
        let _ = at;
    }

    /// A tag pair `[Name "value"]`: the name and the value as written, with its escapes
    /// (`\"`, `\\`; see [`unescape_tag_value`](super::unescape_tag_value)).
    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        let _ = (name, value, at);
        ControlFlow::Continue(())
    }

    /// The tags are over; the movetext begins at `at` (where the reader stood).
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        let _ = at;
        ControlFlow::Continue(())
    }

    /// Whether the visitor wants this game's movetext as the source has it, through
    /// [`Visitor::movetext_bytes`]. Asked once per game, when the movetext begins: after
    /// [`Visitor::begin_movetext`], or where it would have come for a game the visitor skips.
    /// The default, `false`, costs the reader nothing.
    fn wants_movetext_bytes(&self) -> bool {
        false
    }

    /// A piece of the game's movetext, byte for byte as the source has it, when
    /// [`Visitor::wants_movetext_bytes`] said so.
    ///
    /// The pieces of a game, in the order they come, make its movetext: from its first byte
    /// (where [`Visitor::begin_movetext`] is, the tag section and the blank lines after it
    /// left out) to the last byte of its result token; for a game without one, to where the
    /// game ends (the line of the next game's tags, or the end of the input), whitespace
    /// included. Line breaks (LF or CRLF), comments, move numbers, annotations, variations and
    /// escape lines are as written. The pieces come between `begin_movetext` and
    /// [`Visitor::end_game`], whatever the other callbacks return: a visitor that skips the
    /// rest of a game (after an illegal move) still gets its whole text. Where the text is
    /// cut into pieces depends on the reader's buffer: a game that fits in it mostly comes
    /// in one piece, a longer one in several; an empty movetext in none.
    ///
    /// ```
    /// use chess_notation::pgn::{Reader, Visitor};
    ///
    /// /// The source text of each game's movetext.
    /// struct Movetext(Vec<u8>);
    ///
    /// impl Visitor for Movetext {
    ///     type Output = Vec<u8>;
    ///     fn wants_movetext_bytes(&self) -> bool {
    ///         true
    ///     }
    ///     fn movetext_bytes(&mut self, bytes: &[u8]) {
    ///         self.0.extend_from_slice(bytes);
    ///     }
    ///     fn end_game(&mut self) -> Vec<u8> {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    ///
    /// let pgn = "[Event \"?\"]\r\n\r\n1. e4 { [%clk 0:03:00] } 1... e5?!\r\n2. Nf3 $1 1-0\n\n1. d4";
    /// let mut reader = Reader::new(pgn.as_bytes());
    /// let mut movetext = Movetext(Vec::new());
    /// assert_eq!(
    ///     reader.read_game(&mut movetext)?.unwrap(),
    ///     b"1. e4 { [%clk 0:03:00] } 1... e5?!\r\n2. Nf3 $1 1-0"
    /// );
    /// assert_eq!(reader.read_game(&mut movetext)?.unwrap(), b"1. d4");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    fn movetext_bytes(&mut self, bytes: &[u8]) {
        let _ = bytes;
    }

    /// A move token, without move number and without `!`/`?` annotations (which come as
    /// [`Visitor::nag`]): `Nf3+`, `O-O`, `e8=Q#`, `--`, or whatever text stood there.
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        let _ = (san, at);
        ControlFlow::Continue(())
    }

    /// A numeric annotation glyph: `$14`, or `!` (1), `?` (2), `!!` (3), `??` (4), `!?` (5),
    /// `?!` (6) after a move.
    fn nag(&mut self, nag: u8, at: Location) -> ControlFlow<()> {
        let _ = (nag, at);
        ControlFlow::Continue(())
    }

    /// A comment: the text between `{` and `}` as written (line breaks included), or the rest
    /// of a line after `;`. For a comment longer than the reader's buffer, this is the last
    /// part, after calls to [`Visitor::partial_comment`].
    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        let _ = (comment, at);
        ControlFlow::Continue(())
    }

    /// A part of a comment too long for the reader's buffer; the comment continues with more
    /// parts and ends with a call to [`Visitor::comment`]. Parts are never cut inside a UTF-8
    /// sequence. The default treats each part as a comment of its own.
    fn partial_comment(&mut self, part: &[u8], at: Location) -> ControlFlow<()> {
        self.comment(part, at)
    }

    /// A variation begins (`(`): visit it or skip it. The default skips it.
    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        let _ = at;
        VariationChoice::Skip
    }

    /// A visited variation ends (`)`).
    fn end_variation(&mut self, at: Location) -> ControlFlow<()> {
        let _ = at;
        ControlFlow::Continue(())
    }

    /// The result token that ends the game's movetext: `1-0`, `0-1`, `1/2-1/2` or `*` (and,
    /// unless [`Reader::strict`](super::Reader::strict), the results written otherwise, like
    /// `1/2`, `½-½` or `1–0`, after a call to [`Visitor::normalised`]).
    /// Games without one end at the next tag section or at the end of the input without this
    /// call.
    fn outcome(&mut self, result: GameResult, at: Location) -> ControlFlow<()> {
        let _ = (result, at);
        ControlFlow::Continue(())
    }

    /// Something that is not PGN: the reader goes on after it (skipping the rest of the game
    /// if this returns `Break`). The default ignores it.
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        let _ = error;
        ControlFlow::Continue(())
    }

    /// Text that is not PGN but that the lenient reader reads as its author meant: forum
    /// markup ([`ForumMarkup`](super::SyntaxErrorKind::ForumMarkup), `[pgn]`, ignored), an
    /// HTML line break ([`HtmlLineBreak`](super::SyntaxErrorKind::HtmlLineBreak), `<br />`,
    /// read as whitespace) or a result written otherwise than PGN writes it
    /// ([`NonstandardResult`](super::SyntaxErrorKind::NonstandardResult): `1–0`, `½-½`, `1/2`,
    /// read as the result, which comes through [`Visitor::outcome`] right after). Reading goes
    /// on as if standard PGN stood there. A [strict](super::Reader::strict) reader reports the
    /// same through [`Visitor::syntax_error`] instead, and reads past it (a result so written
    /// does not end the game). Forum markup and line breaks between two games come right after
    /// the [`Visitor::begin_game`] of the game after them (the game then begins at the first
    /// of them); after the last game of the input, nothing reports them. The default ignores
    /// it.
    fn normalised(&mut self, note: SyntaxError) {
        let _ = note;
    }

    /// The input ends inside this game (at `at`): before its result token, possibly inside a
    /// comment, a variation, the tag section or a move, as a file cut off during a download
    /// ends. Called just before [`Visitor::end_game`], even for a game the visitor asked to
    /// skip. The default ignores it.
    fn truncated(&mut self, at: Location) {
        let _ = at;
    }

    /// The game is over; what to return for it.
    fn end_game(&mut self) -> Self::Output;
}

/// A visitor whose output is a function of another visitor's: see [`VisitorExt::map_output`].
#[derive(Clone, Debug)]
pub struct MapOutput<V, F> {
    visitor: V,
    f: F,
}

/// Turns any visitor into one whose output is `f` of its output, at the end of each game.
///
/// ```
/// use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};
///
/// let mut reader = Reader::new("1. e4 e5 2. Nf3 *\n\n1. d4 *".as_bytes());
/// let mut moves = GameBuilder::new().map_output(|game| game.map_or(0, |g| g.mainline.moves.len()));
/// assert_eq!(reader.read_game(&mut moves)?, Some(3));
/// assert_eq!(reader.read_game(&mut moves)?, Some(1));
/// # Ok::<_, std::io::Error>(())
/// ```
pub trait VisitorExt: Visitor + Sized {
    /// This visitor with `f` applied to what it returns for each game.
    fn map_output<T, F: FnMut(Self::Output) -> T>(self, f: F) -> MapOutput<Self, F> {
        MapOutput { visitor: self, f }
    }

    /// This visitor, returning with each game where the game started (its first byte's line,
    /// column and offset in the input).
    ///
    /// ```
    /// use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};
    ///
    /// let mut reader = Reader::new("1. e4 *\n\n[Event \"b\"]\n1. d4 *\n".as_bytes());
    /// let mut builder = GameBuilder::new().with_start();
    /// let (first, _) = reader.read_game(&mut builder)?.unwrap();
    /// let (second, _) = reader.read_game(&mut builder)?.unwrap();
    /// assert_eq!((first.line, first.offset), (1, 0));
    /// assert_eq!((second.line, second.offset), (3, 9));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    fn with_start(self) -> WithStart<Self> {
        WithStart {
            visitor: self,
            start: Location::default(),
        }
    }
}

/// A visitor whose output comes with where the game started: see [`VisitorExt::with_start`].
#[derive(Clone, Debug)]
pub struct WithStart<V> {
    visitor: V,
    start: Location,
}

impl<V: Visitor> Visitor for WithStart<V> {
    type Output = (Location, V::Output);

    fn begin_game(&mut self, at: Location) {
        self.start = at;
        self.visitor.begin_game(at);
    }
    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.tag(name, value, at)
    }
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        self.visitor.begin_movetext(at)
    }
    fn wants_movetext_bytes(&self) -> bool {
        self.visitor.wants_movetext_bytes()
    }
    fn movetext_bytes(&mut self, bytes: &[u8]) {
        self.visitor.movetext_bytes(bytes);
    }
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.san(san, at)
    }
    fn nag(&mut self, nag: u8, at: Location) -> ControlFlow<()> {
        self.visitor.nag(nag, at)
    }
    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.comment(comment, at)
    }
    fn partial_comment(&mut self, part: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.partial_comment(part, at)
    }
    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        self.visitor.begin_variation(at)
    }
    fn end_variation(&mut self, at: Location) -> ControlFlow<()> {
        self.visitor.end_variation(at)
    }
    fn outcome(&mut self, result: GameResult, at: Location) -> ControlFlow<()> {
        self.visitor.outcome(result, at)
    }
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        self.visitor.syntax_error(error)
    }
    fn normalised(&mut self, note: SyntaxError) {
        self.visitor.normalised(note);
    }
    fn truncated(&mut self, at: Location) {
        self.visitor.truncated(at);
    }
    fn end_game(&mut self) -> (Location, V::Output) {
        (self.start, self.visitor.end_game())
    }
}

impl<V: Visitor> VisitorExt for V {}

impl<V: Visitor, T, F: FnMut(V::Output) -> T> Visitor for MapOutput<V, F> {
    type Output = T;

    fn begin_game(&mut self, at: Location) {
        self.visitor.begin_game(at);
    }
    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.tag(name, value, at)
    }
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        self.visitor.begin_movetext(at)
    }
    fn wants_movetext_bytes(&self) -> bool {
        self.visitor.wants_movetext_bytes()
    }
    fn movetext_bytes(&mut self, bytes: &[u8]) {
        self.visitor.movetext_bytes(bytes);
    }
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.san(san, at)
    }
    fn nag(&mut self, nag: u8, at: Location) -> ControlFlow<()> {
        self.visitor.nag(nag, at)
    }
    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.comment(comment, at)
    }
    fn partial_comment(&mut self, part: &[u8], at: Location) -> ControlFlow<()> {
        self.visitor.partial_comment(part, at)
    }
    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        self.visitor.begin_variation(at)
    }
    fn end_variation(&mut self, at: Location) -> ControlFlow<()> {
        self.visitor.end_variation(at)
    }
    fn outcome(&mut self, result: GameResult, at: Location) -> ControlFlow<()> {
        self.visitor.outcome(result, at)
    }
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        self.visitor.syntax_error(error)
    }
    fn normalised(&mut self, note: SyntaxError) {
        self.visitor.normalised(note);
    }
    fn truncated(&mut self, at: Location) {
        self.visitor.truncated(at);
    }
    fn end_game(&mut self) -> T {
        (self.f)(self.visitor.end_game())
    }
}
