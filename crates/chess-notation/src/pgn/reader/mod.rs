//! The streaming PGN reader: a fixed-size buffer over any `io::Read`, a tokenizer, and the game
//! structure (tags, movetext, variations, results) driving a [`Visitor`].
//!
//! This module has the reader, its buffer and the tag section; the movetext (`movetext`) and
//! its comments (`comment`) and tokens (`token`) are read by modules of their own, with the
//! byte searches (`bytes`), the markup of posts on the web (`markup`) and tag pairs (`tags`)
//! beside them.

mod bytes;
mod comment;
mod markup;
mod movetext;
mod tags;
mod token;

use core::ops::ControlFlow;
use std::io::{self, Read};

use super::location::Location;
use super::syntax::{SyntaxError, SyntaxErrorKind};
use super::visitor::Visitor;

use bytes::line_breaks;
use markup::{forum_markup, html_line_break, markup};
use tags::{TagScan, scan_tag};

pub(crate) use bytes::find_byte;
#[cfg(feature = "parallel")]
pub(crate) use markup::starts_with_forum_markup;

/// The default buffer size: the longest tag pair the reader accepts, and the size of the parts
/// long comments are cut into.
pub const DEFAULT_BUFFER_SIZE: usize = 64 * 1024;

/// Tokens are complete in the buffer when at least this many bytes are available; longer move
/// tokens are reported as too long.
const LOOKAHEAD: usize = 256;

/// Whether `bytes` start with a tag pair that a reader with a buffer of `buffer_size` bytes
/// reads as a complete `Event` tag (what makes a second `Event` tag start a new game).
//
// Here rather than with the tag pairs (`tags`): it asks how large the reader's buffer is.
#[cfg(feature = "parallel")]
pub(crate) fn starts_with_event_tag(bytes: &[u8], strict: bool, buffer_size: usize) -> bool {
    if !bytes.starts_with(b"[") {
        return false;
    }
    match scan_tag(bytes, 0, !strict) {
        TagScan::Complete { name, end, .. } => {
            &bytes[name.0..name.1] == b"Event" && end <= buffer_size.max(4 * LOOKAHEAD)
        }
        _ => false,
    }
}

/// Reads PGN games one at a time from any [`Read`], calling a [`Visitor`] for every token.
///
/// Memory is constant: the reader keeps one buffer of fixed size (64 KiB by default, see
/// [`Reader::with_buffer_size`]) that it refills as it goes, whatever the size of the input,
/// and allocates nothing per game or per move. It accepts what real-world files contain: a
/// UTF-8 byte order mark, CRLF line ends, `%` escape lines, `;` comments, comments across lines,
/// empty lines in the tag section or the movetext, `1.e4` and `1... e5` spellings, games
/// without a result token (they end at the next tag section) or without tags, and tag values
/// with unescaped inner quotes (`[White ""Socrates" Expert"]` reads as the text between the
/// first quote and the last one before `]`). It also reads what posts on the web hold, saying
/// so through [`Visitor::normalised`]: results written with `½` or a long dash (`1/2`, `½-½`,
/// `1–0`, `0—1`, `1/2–1/2`) as result tokens, the forum markup `[pgn]` and `[/pgn]` (ignored)
/// and HTML line breaks `<br />` (whitespace). [`Reader::strict`] rejects the quotes and these.
///
/// Where a game ends: at its result token, at a `[` that begins a line in the movetext, at a
/// second `Event` tag in the tag section, or at the end of the input. A game that the end of
/// the input cuts off (before its result token, possibly inside a comment, a variation or a
/// move) is reported through [`Visitor::truncated`]. A `;` comment in the tag
/// section is skipped, unless an empty line separates it from the last tag: then it is the
/// movetext's first comment. Text that is not PGN is
/// reported through [`Visitor::syntax_error`] with its line and column, and reading goes on.
///
/// ```
/// use chess_notation::pgn::{GameResult, Location, Reader, Visitor};
/// use std::ops::ControlFlow;
///
/// struct Results;
/// impl Visitor for Results {
///     type Output = Option<GameResult>;
///     fn end_game(&mut self) -> Option<GameResult> { None }
/// }
///
/// let mut reader = Reader::new("[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4".as_bytes());
/// let mut games = 0;
/// while reader.read_game(&mut Results)?.is_some() {
///     games += 1;
/// }
/// assert_eq!(games, 2);
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct Reader<R> {
    inner: R,
    buf: Box<[u8]>,
    /// The next byte to look at.
    pos: usize,
    /// The end of the valid data in `buf`.
    end: usize,
    /// Whether `inner` has reported the end of the input.
    eof: bool,
    /// The first `pos` with fewer than `LOOKAHEAD` bytes after it while more input may come
    /// (`usize::MAX` at the end of the input): one comparison per token decides on a refill.
    refill_at: usize,
    /// The offset in the input of `buf[0]`.
    consumed: u64,
    /// The current line, from 1.
    line: u64,
    /// The offset in the input of the current line's first byte.
    line_start: u64,
    /// Whether only whitespace stands before `pos` on its line.
    line_blank: bool,
    /// Whether only the four standard result tokens end a game, and tag values must escape
    /// their quotes.
    strict: bool,
    /// Whether more input follows the end of `inner` (a part of a larger input, read on
    /// another thread): then a game at the end is not cut off.
    pub(crate) input_continues: bool,
    /// Where the last game read started.
    pub(crate) game_start: Location,
    /// Where the last game read was when the input ended, if it ended inside it.
    pub(crate) eof_inside: Option<EofInside>,
    /// The input's error, held back until the bytes read before it have been parsed: it is
    /// returned by the next [`Reader::read_game`] once no game is left before it.
    error: Option<io::Error>,
    /// The first byte in `buf` of the movetext a visitor wants as bytes and has not been
    /// given yet ([`Visitor::movetext_bytes`]); [`NO_MOVETEXT`] when none is wanted.
    movetext_from: usize,
    /// Forum markup and HTML line breaks skipped before the next game, for its visitor
    /// ([`Visitor::normalised`]). Empty, and never allocated, for plain PGN.
    pending: Vec<SyntaxError>,
}

/// [`Reader::movetext_from`] when no visitor wants the movetext's bytes.
const NO_MOVETEXT: usize = usize::MAX;

/// Where the end of the input found a game (for the parallel reader, which needs to know
/// whether the next part starts a game).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum EofInside {
    /// In the tag section; whether an `Event` tag was read.
    Tags { seen_event: bool },
    /// In the movetext, outside comments.
    Movetext,
    /// In a brace comment.
    Comment,
}

impl<R: Read> Reader<R> {
    /// A reader with the default buffer size.
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_buffer_size(inner, DEFAULT_BUFFER_SIZE)
    }

    /// A reader with a buffer of `size` bytes (at least 1 KiB): the longest tag pair it
    /// accepts and the size of the parts long comments come in.
    pub fn with_buffer_size(inner: R, size: usize) -> Reader<R> {
        Reader {
            inner,
            buf: vec![0; size.max(4 * LOOKAHEAD)].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            refill_at: 0,
            consumed: 0,
            line: 1,
            line_start: 0,
            line_blank: true,
            strict: false,
            input_continues: false,
            game_start: Location {
                line: 1,
                column: 1,
                offset: 0,
            },
            eof_inside: None,
            error: None,
            movetext_from: NO_MOVETEXT,
            pending: Vec::new(),
        }
    }

    /// Whether to read only what the standard allows (`true`), or also the spellings of
    /// real-world files (`false`, the default), each reported through
    /// [`Visitor::normalised`]: results written otherwise than PGN writes them (`1/2`, `½-½`,
    /// `1–0`, `0—1`, `1/2–1/2`: strictly, a
    /// [`NonstandardResult`](SyntaxErrorKind::NonstandardResult) error, read past), forum
    /// markup (`[pgn]`, `[/pgn]`: strictly, a [`ForumMarkup`](SyntaxErrorKind::ForumMarkup)
    /// error) and HTML line breaks (`<br />`: strictly, an
    /// [`HtmlLineBreak`](SyntaxErrorKind::HtmlLineBreak) error); and tag values with unescaped
    /// quotes (strictly, an [`InvalidTag`](SyntaxErrorKind::InvalidTag) error).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Reader<R> {
        self.strict = strict;
        self
    }

    /// A reader that starts at `at` of a larger input: locations count from there, and `at`
    /// is the start of a line's content as if a game began there.
    #[cfg(feature = "parallel")]
    pub(crate) fn resume_at(mut self, at: Location) -> Reader<R> {
        self.consumed = at.offset;
        self.line = at.line;
        self.line_start = at.offset - (at.column - 1);
        self.game_start = at;
        self
    }

    /// Gives back the underlying reader (buffered data is lost).
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Gives back the underlying reader and the bytes read from it but not consumed.
    #[cfg(feature = "parallel")]
    pub(crate) fn into_parts(self) -> (R, Vec<u8>) {
        let rest = self.buf[self.pos..self.end].to_vec();
        (self.inner, rest)
    }

    /// Where the reader stands.
    #[must_use]
    pub fn location(&self) -> Location {
        let offset = self.consumed + self.pos as u64;
        Location {
            line: self.line,
            column: offset - self.line_start + 1,
            offset,
        }
    }

    /// Moves the unread data to the front of the buffer and reads more, once: afterwards either
    /// more data is there, or the buffer is full, or the input is over.
    #[cold]
    fn fill_more(&mut self) -> io::Result<()> {
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.end, 0);
            self.consumed += self.pos as u64;
            self.end -= self.pos;
            self.pos = 0;
        }
        let result = loop {
            if self.eof || self.end == self.buf.len() {
                break Ok(());
            }
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.end += n;
                    break Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    // What came before the error is read first; the error ends the input.
                    self.error = Some(e);
                    self.eof = true;
                }
            }
        };
        self.refill_at = if self.eof {
            usize::MAX
        } else {
            (self.end + 1).saturating_sub(LOOKAHEAD)
        };
        result
    }

    /// Makes sure `LOOKAHEAD` bytes are available, unless the input ends first.
    #[inline]
    fn fill(&mut self) -> io::Result<()> {
        while self.end - self.pos < LOOKAHEAD && !self.eof {
            self.fill_more()?;
        }
        Ok(())
    }

    /// [`Reader::fill`] in the movetext, for `visitor`: see [`Reader::refill`].
    #[inline]
    fn fill_for<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<()> {
        while self.end - self.pos < LOOKAHEAD && !self.eof {
            self.refill(visitor)?;
        }
        Ok(())
    }

    /// [`Reader::fill_more`], first giving `visitor` the bytes of the movetext it wants before
    /// `pos`, which the refill may move out of the buffer.
    #[cold]
    fn refill<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<()> {
        if self.movetext_from == NO_MOVETEXT {
            return self.fill_more();
        }
        self.give_movetext(visitor, self.pos);
        let result = self.fill_more();
        self.movetext_from = self.pos;
        result
    }

    /// Gives `visitor` the bytes of the movetext it wants before `to`, if any.
    #[inline]
    fn give_movetext<V: Visitor>(&mut self, visitor: &mut V, to: usize) {
        // Never true for `NO_MOVETEXT`.
        if self.movetext_from < to {
            visitor.movetext_bytes(&self.buf[self.movetext_from..to]);
            self.movetext_from = to;
        }
    }

    /// The movetext ends before `to`: gives `visitor` its last bytes, if it wants them.
    #[inline]
    fn end_movetext<V: Visitor>(&mut self, visitor: &mut V, to: usize) {
        self.give_movetext(visitor, to);
        self.movetext_from = NO_MOVETEXT;
    }

    #[inline]
    fn peek(&self) -> Option<u8> {
        if self.pos < self.end {
            Some(self.buf[self.pos])
        } else {
            None
        }
    }

    #[inline]
    fn newline(&mut self) {
        self.pos += 1;
        self.line += 1;
        self.line_start = self.consumed + self.pos as u64;
        self.line_blank = true;
    }

    /// Whether `pos` is at the first byte of its line.
    #[inline]
    fn at_column_one(&self) -> bool {
        self.consumed + self.pos as u64 == self.line_start
    }

    /// Counts the line breaks in `buf[from..to]`, which the reader is moving past.
    #[inline]
    fn count_lines(&mut self, from: usize, to: usize) {
        if let Some((n, last)) = line_breaks(&self.buf[from..to]) {
            self.line += n;
            self.line_start = self.consumed + (from + last + 1) as u64;
        }
    }

    /// Skips to the end of the line (not consuming the line break).
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let hay = &self.buf[self.pos..self.end];
            if let Some(i) = find_byte(hay, b'\n') {
                self.pos += i;
                return Ok(());
            }
            self.pos = self.end;
            if self.eof {
                return Ok(());
            }
            self.fill_more()?;
        }
    }

    /// [`Reader::skip_line`] in the movetext, for `visitor`: see [`Reader::refill`]. A copy
    /// rather than one function generic over the refill: with `skip_line` generic, reading
    /// slowed by about 6 % (tags and the space between games call it).
    #[cold]
    fn skip_line_for<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<()> {
        loop {
            let hay = &self.buf[self.pos..self.end];
            if let Some(i) = find_byte(hay, b'\n') {
                self.pos += i;
                return Ok(());
            }
            self.pos = self.end;
            if self.eof {
                return Ok(());
            }
            self.refill(visitor)?;
        }
    }

    /// Skips whitespace, escape lines, `;` comments and byte order marks before a game, and
    /// unless strict, forum markup and HTML line breaks (noted in `pending`). Returns whether a
    /// game follows.
    fn skip_to_game(&mut self) -> io::Result<bool> {
        loop {
            self.fill()?;
            let Some(c) = self.peek() else {
                return Ok(false);
            };
            match c {
                b'\n' => self.newline(),
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                0xef if self.buf[self.pos..self.end].starts_with(b"\xef\xbb\xbf") => {
                    self.pos += 3;
                    // Count the mark as zero columns wide.
                    self.line_start += 3;
                }
                b'%' if self.at_column_one() => self.skip_line()?,
                b';' => self.skip_line()?,
                b'[' | b'<' if !self.strict => match markup(&self.buf[self.pos..self.end]) {
                    Some((len, kind)) => {
                        let at = self.location();
                        self.pending.push(SyntaxError { at, kind });
                        self.pos += len;
                    }
                    None => return Ok(true),
                },
                _ => return Ok(true),
            }
        }
    }

    /// Reads the next game, calling `visitor` for its tokens; `None` at the end of the input.
    ///
    /// An I/O error of the underlying reader is returned as it is, after the games read before
    /// it (a game it cuts off ends there, as at the end of the input); syntax errors in the
    /// input go to [`Visitor::syntax_error`].
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        self.movetext_from = NO_MOVETEXT;
        self.pending.clear();
        // Markup at the end of a part of a larger input begins a game, which is then read
        // again across the part's end (see `ParallelReader`), as the sequential reader reads
        // it: with the game after it. At the end of the input, nothing follows it.
        let found = self.skip_to_game()? || (self.input_continues && !self.pending.is_empty());
        if !found {
            self.pending.clear();
            return match self.error.take() {
                Some(e) => Err(e),
                None => Ok(None),
            };
        }
        self.game_start = self
            .pending
            .first()
            .map_or_else(|| self.location(), |note| note.at);
        self.eof_inside = None;
        visitor.begin_game(self.game_start);
        for note in self.pending.drain(..) {
            visitor.normalised(note);
        }
        let mut skip = self.read_tags(visitor)?;
        if !skip {
            skip = visitor.begin_movetext(self.location()).is_break();
        }
        if visitor.wants_movetext_bytes() {
            self.movetext_from = self.pos;
        }
        self.read_movetext(visitor, skip)?;
        Ok(Some(visitor.end_game()))
    }

    /// Skips the next game; `false` at the end of the input.
    pub fn skip_game(&mut self) -> io::Result<bool> {
        struct Skipper;
        impl Visitor for Skipper {
            type Output = ();
            fn begin_movetext(&mut self, _: Location) -> ControlFlow<()> {
                ControlFlow::Break(())
            }
            fn end_game(&mut self) {}
        }
        Ok(self.read_game(&mut Skipper)?.is_some())
    }

    /// Reads the tag section; returns whether the visitor asked to skip the game.
    fn read_tags<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<bool> {
        let mut skip = false;
        let mut seen_event = false;
        // Line breaks since the last tag: after an empty line, a `;` comment is the movetext's.
        let mut breaks: Option<u32> = None;
        loop {
            self.fill()?;
            let Some(c) = self.peek() else {
                self.eof_inside = Some(EofInside::Tags { seen_event });
                return Ok(skip);
            };
            match c {
                b'\n' => {
                    self.newline();
                    breaks = breaks.map(|n| n + 1);
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'%' if self.at_column_one() => self.skip_line()?,
                b';' if breaks.is_some_and(|n| n >= 2) => return Ok(skip),
                b';' => self.skip_line()?,
                b'<' if !self.strict => match html_line_break(&self.buf[self.pos..self.end]) {
                    Some(len) => {
                        skip |= self.markup(visitor, SyntaxErrorKind::HtmlLineBreak, len, skip);
                    }
                    None => return Ok(skip),
                },
                b'[' => {
                    let at = self.location();
                    match self.scan_tag()? {
                        TagScan::Complete { name, value, end } => {
                            let name = &self.buf[name.0..name.1];
                            if name == b"Event" {
                                if seen_event {
                                    // A second Event: the next game's tags.
                                    return Ok(skip);
                                }
                                seen_event = true;
                            }
                            if !skip {
                                let value = &self.buf[value.0..value.1];
                                skip = visitor.tag(name, value, at).is_break();
                            }
                            self.pos = end;
                            breaks = Some(0);
                        }
                        TagScan::Incomplete => {
                            if !skip {
                                let error = SyntaxError {
                                    at,
                                    kind: SyntaxErrorKind::TagTooLong(self.buf.len()),
                                };
                                skip = visitor.syntax_error(error).is_break();
                            }
                            self.skip_line()?;
                        }
                        TagScan::Malformed(i, kind) => {
                            if let Some(len) = forum_markup(&self.buf[self.pos..self.end]) {
                                let kind = SyntaxErrorKind::ForumMarkup;
                                skip |= self.markup(visitor, kind, len, skip);
                                continue;
                            }
                            if !skip {
                                let column = at.column + (i - self.pos) as u64;
                                let error = SyntaxError {
                                    at: Location {
                                        column,
                                        offset: at.offset + (i - self.pos) as u64,
                                        ..at
                                    },
                                    kind,
                                };
                                skip = visitor.syntax_error(error).is_break();
                            }
                            self.skip_line()?;
                        }
                    }
                    self.line_blank = false;
                }
                _ => return Ok(skip),
            }
        }
    }

    /// Finds the parts of the tag pair at `pos`, reading more input as needed (up to the size
    /// of the buffer).
    fn scan_tag(&mut self) -> io::Result<TagScan> {
        loop {
            match scan_tag(&self.buf[..self.end], self.pos, !self.strict) {
                TagScan::Incomplete if !self.eof && (self.pos > 0 || self.end < self.buf.len()) => {
                    self.fill_more()?;
                }
                TagScan::Incomplete if self.eof => {
                    return Ok(TagScan::Malformed(self.end, SyntaxErrorKind::InvalidTag));
                }
                scan => return Ok(scan),
            }
        }
    }

    /// Moves past forum markup or an HTML line break of `len` bytes at `pos`, reporting it
    /// unless `quiet`: as text read as meant, or in strict reading as a syntax error. Returns
    /// whether the visitor asked to skip the game.
    #[cold]
    fn markup<V: Visitor>(
        &mut self,
        visitor: &mut V,
        kind: SyntaxErrorKind,
        len: usize,
        quiet: bool,
    ) -> bool {
        let note = SyntaxError {
            at: self.location(),
            kind,
        };
        self.pos += len;
        if quiet {
            false
        } else if self.strict {
            visitor.syntax_error(note).is_break()
        } else {
            visitor.normalised(note);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::GameResult;

    /// Writes down the calls that concern what the lenient reader reads as meant.
    #[derive(Default)]
    struct Notes(Vec<String>);

    impl Visitor for Notes {
        type Output = Vec<String>;
        fn begin_game(&mut self, at: Location) {
            self.0.push(format!("game {}:{}", at.line, at.column));
        }
        fn tag(&mut self, name: &[u8], _: &[u8], _: Location) -> ControlFlow<()> {
            self.0
                .push(format!("tag {}", String::from_utf8_lossy(name)));
            ControlFlow::Continue(())
        }
        fn san(&mut self, san: &[u8], _: Location) -> ControlFlow<()> {
            self.0.push(String::from_utf8_lossy(san).into_owned());
            ControlFlow::Continue(())
        }
        fn outcome(&mut self, result: GameResult, _: Location) -> ControlFlow<()> {
            self.0.push(format!("outcome {result}"));
            ControlFlow::Continue(())
        }
        fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
            let at = error.at;
            self.0
                .push(format!("error {:?} {}:{}", error.kind, at.line, at.column));
            ControlFlow::Continue(())
        }
        fn normalised(&mut self, note: SyntaxError) {
            let at = note.at;
            self.0
                .push(format!("note {:?} {}:{}", note.kind, at.line, at.column));
        }
        fn truncated(&mut self, _: Location) {
            self.0.push("truncated".into());
        }
        fn end_game(&mut self) -> Vec<String> {
            core::mem::take(&mut self.0)
        }
    }

    fn notes(text: &str, strict: bool, input_continues: bool) -> Vec<Vec<String>> {
        let mut reader = Reader::with_buffer_size(text.as_bytes(), 1024).strict(strict);
        reader.input_continues = input_continues;
        let mut games = Vec::new();
        while let Some(game) = reader.read_game(&mut Notes::default()).unwrap() {
            games.push(game);
        }
        games
    }

    const FORUM_POST: &str = "[pgn]\n[Event \"a\"]\n\n1. e4<br />e5 <BR> 2. Nf3 1\u{2013}0\n[/pgn]\n\n\
                              [PGN][Event \"b\"]\n1. d4 \u{bd}-\u{bd} [/pgn]<br>\n";

    #[test]
    fn forum_markup_line_breaks_and_results_written_otherwise_are_read_as_meant() {
        let games = notes(FORUM_POST, false, false);
        assert_eq!(
            games,
            [
                &[
                    "game 1:1",
                    "note ForumMarkup 1:1",
                    "tag Event",
                    "e4",
                    "note HtmlLineBreak 4:6",
                    "e5",
                    "note HtmlLineBreak 4:15",
                    "Nf3",
                    "note NonstandardResult(WhiteWins) 4:27",
                    "outcome 1-0",
                ][..],
                // The markup between the games comes with the second, which begins there;
                // after the last game, nothing reports it.
                &[
                    "game 5:1",
                    "note ForumMarkup 5:1",
                    "note ForumMarkup 7:1",
                    "tag Event",
                    "d4",
                    "note NonstandardResult(Draw) 8:7",
                    "outcome 1/2-1/2",
                ],
            ]
        );
    }

    #[test]
    fn strict_reading_reports_forum_markup_line_breaks_and_results_written_otherwise() {
        let games = notes(FORUM_POST, true, false);
        assert_eq!(
            games,
            [
                &[
                    "game 1:1",
                    "error ForumMarkup 1:1",
                    "tag Event",
                    "e4",
                    "error HtmlLineBreak 4:6",
                    "e5",
                    "error HtmlLineBreak 4:15",
                    "Nf3",
                    // Not a result: the game goes on, to the next game's tags (after the
                    // markup at the start of their line).
                    "error NonstandardResult(WhiteWins) 4:27",
                    "error ForumMarkup 5:1",
                    "error ForumMarkup 7:1",
                ][..],
                &[
                    "game 7:6",
                    "tag Event",
                    "d4",
                    "error NonstandardResult(Draw) 8:7",
                    "error ForumMarkup 8:13",
                    "error HtmlLineBreak 8:19",
                    "truncated",
                ],
            ]
        );
    }

    /// Markup at the end of a part of a larger input begins a game, which the parallel reader
    /// reads again across the cut; at the end of the input, it is the end.
    #[test]
    fn markup_at_the_end_of_a_part_begins_a_game() {
        let text = "1. e4 *\n[/pgn]\n<br>\n";
        assert_eq!(notes(text, false, false).len(), 1);
        let games = notes(text, false, true);
        assert_eq!(
            games[1],
            ["game 2:1", "note ForumMarkup 2:1", "note HtmlLineBreak 3:1"]
        );
    }
}
