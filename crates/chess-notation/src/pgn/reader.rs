//! The streaming PGN reader: a fixed-size buffer over any `io::Read`, a tokenizer, and the game
//! structure (tags, movetext, variations, results) driving a [`Visitor`].

use core::ops::ControlFlow;
use std::io::{self, Read};

use super::location::Location;
use super::result::{GameResult, nonstandard_result};
use super::syntax::{SyntaxError, SyntaxErrorKind};
use super::visitor::{VariationChoice, Visitor};

/// The default buffer size: the longest tag pair the reader accepts, and the size of the parts
/// long comments are cut into.
pub const DEFAULT_BUFFER_SIZE: usize = 64 * 1024;

/// Tokens are complete in the buffer when at least this many bytes are available; longer move
/// tokens are reported as too long.
const LOOKAHEAD: usize = 256;

// Byte classes of the tokenizer.
const WS: u8 = 0;
const NL: u8 = 1;
const TOKEN: u8 = 2;
const DELIM: u8 = 3;

static CLASS: [u8; 256] = {
    let mut table = [TOKEN; 256];
    table[b' ' as usize] = WS;
    table[b'\t' as usize] = WS;
    table[b'\r' as usize] = WS;
    table[0x0b] = WS;
    table[0x0c] = WS;
    table[b'\n' as usize] = NL;
    // `<` begins the HTML line break `<br />` that posts on the web hold; never a move.
    let delims = b"{}()[];$\"<";
    let mut i = 0;
    while i < delims.len() {
        table[delims[i] as usize] = DELIM;
        i += 1;
    }
    table
};

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

/// How a game's movetext ended.
#[derive(Copy, Clone, PartialEq, Eq)]
enum End {
    /// A result token, consumed.
    Result,
    /// The next game's tags (not consumed).
    NextGame,
    /// The end of the input.
    Eof,
}

/// The parts of a tag pair found in the buffer (indices into it).
enum TagScan {
    Complete {
        name: (usize, usize),
        value: (usize, usize),
        end: usize,
    },
    /// The tag may continue past the data in the buffer.
    Incomplete,
    /// Not a tag pair: where and what.
    Malformed(usize, SyntaxErrorKind),
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

    /// Reads the movetext up to the end of the game.
    fn read_movetext<V: Visitor>(&mut self, visitor: &mut V, mut skip: bool) -> io::Result<()> {
        // Open variations the visitor is in.
        let mut depth: u32 = 0;
        // Nesting inside a variation being skipped.
        let mut skipping: u32 = 0;
        let end = loop {
            if self.pos >= self.refill_at {
                self.fill_for(visitor)?;
            }
            let Some(c) = self.peek() else {
                break End::Eof;
            };
            match CLASS[c as usize] {
                WS => {
                    self.pos += 1;
                    while self.pos < self.end && CLASS[self.buf[self.pos] as usize] == WS {
                        self.pos += 1;
                    }
                    continue;
                }
                NL => {
                    self.newline();
                    continue;
                }
                _ => {}
            }
            let first_on_line = self.line_blank;
            self.line_blank = false;
            let quiet = skip || skipping > 0;
            match c {
                b'{' => {
                    let at = self.location();
                    self.pos += 1;
                    // Most comments are short, complete in the lookahead and on one line: one
                    // pass, eight bytes at a time, finds the closing brace or a line break; a
                    // comment across lines takes the general path, which counts its lines.
                    let start = self.pos;
                    let limit = self.end.min(start + LOOKAHEAD - 1);
                    let close = find_either(&self.buf[start..limit], b'}', b'\n')
                        .map(|len| start + len)
                        .filter(|&stop| self.buf[stop] == b'}');
                    if let Some(stop) = close {
                        self.pos = stop + 1;
                        if !quiet {
                            skip = visitor.comment(&self.buf[start..stop], at).is_break();
                        }
                    } else {
                        skip |= self.read_comment(visitor, at, quiet, b'}')?;
                    }
                }
                b';' => {
                    let at = self.location();
                    self.pos += 1;
                    skip |= self.read_comment(visitor, at, quiet, b'\n')?;
                }
                b'(' => {
                    let at = self.location();
                    self.pos += 1;
                    if quiet {
                        skipping += 1;
                    } else {
                        match visitor.begin_variation(at) {
                            VariationChoice::Continue => depth += 1,
                            VariationChoice::Skip => skipping = 1,
                        }
                    }
                }
                b')' => {
                    let at = self.location();
                    self.pos += 1;
                    if skipping > 0 {
                        skipping -= 1;
                    } else if depth > 0 {
                        depth -= 1;
                        if !skip {
                            skip = visitor.end_variation(at).is_break();
                        }
                    } else if !skip {
                        let error = SyntaxError {
                            at,
                            kind: SyntaxErrorKind::UnmatchedParenthesis,
                        };
                        skip = visitor.syntax_error(error).is_break();
                    }
                }
                b'[' if first_on_line => {
                    if let Some(len) = forum_markup(&self.buf[self.pos..self.end]) {
                        skip |= self.markup(visitor, SyntaxErrorKind::ForumMarkup, len, quiet);
                        self.line_blank = true;
                        continue;
                    }
                    // The next game's tags: this game has no result token.
                    self.line_blank = true;
                    break End::NextGame;
                }
                b'%' if self.at_column_one() => {
                    self.skip_line_for(visitor)?;
                }
                b'$' => {
                    let at = self.location();
                    let start = self.pos + 1;
                    let mut i = start;
                    let mut value: u32 = 0;
                    while i < self.end && self.buf[i].is_ascii_digit() {
                        value = (value * 10 + u32::from(self.buf[i] - b'0')).min(1000);
                        i += 1;
                    }
                    self.pos = i;
                    if !quiet {
                        skip = match u8::try_from(value) {
                            Ok(nag) if i > start => visitor.nag(nag, at).is_break(),
                            _ => visitor
                                .syntax_error(SyntaxError {
                                    at,
                                    kind: SyntaxErrorKind::InvalidNag,
                                })
                                .is_break(),
                        };
                    }
                }
                _ if CLASS[c as usize] == DELIM => {
                    if let Some((len, kind)) = markup(&self.buf[self.pos..self.end]) {
                        skip |= self.markup(visitor, kind, len, quiet);
                        // Whitespace, as far as the start of a line is concerned.
                        self.line_blank = first_on_line;
                        continue;
                    }
                    let at = self.location();
                    self.pos += 1;
                    if !quiet {
                        let error = SyntaxError {
                            at,
                            kind: SyntaxErrorKind::UnexpectedChar(c),
                        };
                        skip = visitor.syntax_error(error).is_break();
                    }
                }
                _ => {
                    let at = self.location();
                    let start = self.pos;
                    let mut i = start;
                    while i < self.end && CLASS[self.buf[i] as usize] == TOKEN {
                        i += 1;
                    }
                    if i - start >= LOOKAHEAD {
                        // No move is that long. Decided by length alone, so that the same
                        // text gives the same tokens wherever the buffer's refills fall.
                        self.pos = i;
                        self.skip_long_token(visitor)?;
                        if !quiet {
                            let error = SyntaxError {
                                at,
                                kind: SyntaxErrorKind::TokenTooLong,
                            };
                            skip = visitor.syntax_error(error).is_break();
                        }
                        continue;
                    }
                    let token_end = i;
                    // The space after a token, by far the most common separator, is consumed
                    // here rather than by another turn of the loop.
                    if i < self.end && self.buf[i] == b' ' {
                        i += 1;
                    }
                    self.pos = i;
                    let token = &self.buf[start..token_end];
                    // Only tokens starting like a result are compared with the results (0xc2
                    // begins `½-½`): moves never are.
                    let maybe_result = matches!(c, b'0' | b'1' | b'*' | 0xc2);
                    let mut result = if maybe_result {
                        result_token(token)
                    } else {
                        None
                    };
                    if result.is_none() && maybe_result && may_be_nonstandard_result(token) {
                        if let Some(written) = nonstandard_result(token) {
                            let note = SyntaxError {
                                at,
                                kind: SyntaxErrorKind::NonstandardResult(written),
                            };
                            if self.strict {
                                // Not a result: reported, and read past.
                                if !quiet {
                                    skip = visitor.syntax_error(note).is_break();
                                }
                                continue;
                            }
                            if !quiet {
                                visitor.normalised(note);
                            }
                            result = Some(written);
                        }
                    }
                    if let Some(result) = result {
                        if depth == 0 && skipping == 0 {
                            if !skip {
                                let _ = visitor.outcome(result, at);
                            }
                            self.end_movetext(visitor, token_end);
                            return self.finish_game(End::Result, 0, skip, visitor);
                        }
                        // A result inside a variation is not the end of the game.
                        continue;
                    }
                    if !quiet {
                        skip = token_to_visitor(visitor, token, at).is_break();
                    }
                }
            }
        };
        self.end_movetext(visitor, self.pos);
        // A variation left open is an error whether the visitor followed it or skipped it.
        self.finish_game(end, depth + skipping, skip, visitor)
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

    fn finish_game<V: Visitor>(
        &mut self,
        end: End,
        open_variations: u32,
        skip: bool,
        visitor: &mut V,
    ) -> io::Result<()> {
        if end != End::Result && open_variations > 0 && !skip {
            let error = SyntaxError {
                at: self.location(),
                kind: SyntaxErrorKind::UnterminatedVariation,
            };
            let _ = visitor.syntax_error(error);
        }
        if end == End::Eof {
            self.eof_inside.get_or_insert(EofInside::Movetext);
            if !self.input_continues {
                visitor.truncated(self.location());
            }
        }
        Ok(())
    }

    #[cold]
    fn skip_long_token<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<()> {
        loop {
            while self.pos < self.end && CLASS[self.buf[self.pos] as usize] == TOKEN {
                self.pos += 1;
            }
            if self.pos < self.end || self.eof {
                return Ok(());
            }
            self.refill(visitor)?;
        }
    }

    /// Reads a comment up to `close` (`}`, consumed, or a line break, not consumed); `pos` is
    /// just after the opening `{` or `;`. Returns whether the visitor asked to skip the game.
    fn read_comment<V: Visitor>(
        &mut self,
        visitor: &mut V,
        at: Location,
        quiet: bool,
        close: u8,
    ) -> io::Result<bool> {
        let mut searched = 0;
        loop {
            let hay = &self.buf[self.pos + searched..self.end];
            if let Some(i) = find_byte(hay, close) {
                let stop = self.pos + searched + i;
                let (from, to) = (self.pos, stop);
                self.count_lines(from, to);
                self.pos = if close == b'}' { stop + 1 } else { stop };
                if quiet {
                    return Ok(false);
                }
                let mut text = &self.buf[from..to];
                if close == b'\n' && text.last() == Some(&b'\r') {
                    text = &text[..text.len() - 1];
                }
                return Ok(visitor.comment(text, at).is_break());
            }
            searched = self.end - self.pos;
            if !self.eof && (self.pos > 0 || self.end < self.buf.len()) {
                self.refill(visitor)?;
                continue;
            }
            if self.eof {
                // No closing brace before the end of the input.
                let (from, to) = (self.pos, self.end);
                self.count_lines(from, to);
                self.pos = self.end;
                if close == b'}' {
                    self.eof_inside = Some(EofInside::Comment);
                }
                if quiet {
                    return Ok(false);
                }
                if close == b'}' {
                    let error = SyntaxError {
                        at,
                        kind: SyntaxErrorKind::UnterminatedComment,
                    };
                    if visitor.syntax_error(error).is_break() {
                        return Ok(true);
                    }
                }
                return Ok(visitor.comment(&self.buf[from..to], at).is_break());
            }
            // The buffer is full of comment: hand over a part, cut at a character boundary.
            let cut = utf8_cut(&self.buf[self.pos..self.end]) + self.pos;
            let (from, to) = (self.pos, cut);
            self.count_lines(from, to);
            self.pos = cut;
            searched = 0;
            if !quiet && visitor.partial_comment(&self.buf[from..to], at).is_break() {
                // Skip the rest of the comment and the game.
                return self.read_comment(visitor, at, true, close).map(|_| true);
            }
        }
    }
}

/// Sends a move token (possibly with a move number before it and annotations after it) to the
/// visitor.
#[inline]
fn token_to_visitor<V: Visitor>(visitor: &mut V, token: &[u8], at: Location) -> ControlFlow<()> {
    let mut rest = token;
    let mut at = at;
    // A move number `12.` `12...`, possibly glued to the move (`1.e4`, `1...e5`), or the dots
    // alone (`...`).
    if rest[0].is_ascii_digit() || rest[0] == b'.' {
        let mut i = 0;
        while i < rest.len() && rest[i].is_ascii_digit() {
            i += 1;
        }
        let digits = i;
        while i < rest.len() && rest[i] == b'.' {
            i += 1;
        }
        if i == rest.len() {
            // `12.`, `12...`, `...`, or a bare `12`.
            return ControlFlow::Continue(());
        }
        if i > digits {
            rest = &rest[i..];
            at.column += i as u64;
            at.offset += i as u64;
        }
        // Otherwise something like `0-0` or garbage: a move token as it is.
    }
    let mut k = rest.len();
    while k > 0 && matches!(rest[k - 1], b'!' | b'?') {
        k -= 1;
    }
    if k > 0 {
        visitor.san(&rest[..k], at)?;
    }
    if k < rest.len() {
        let suffix = &rest[k..];
        let at = Location {
            column: at.column + k as u64,
            offset: at.offset + k as u64,
            ..at
        };
        return match annotation_nag(suffix) {
            Some(nag) => visitor.nag(nag, at),
            None => visitor.syntax_error(SyntaxError {
                at,
                kind: SyntaxErrorKind::InvalidNag,
            }),
        };
    }
    ControlFlow::Continue(())
}

/// The NAG of a move annotation.
fn annotation_nag(suffix: &[u8]) -> Option<u8> {
    match suffix {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// The result a standard result token stands for.
#[inline]
fn result_token(token: &[u8]) -> Option<GameResult> {
    match token {
        b"*" => Some(GameResult::Unknown),
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

/// Whether a token starting like a result but none of the standard ones may be a result
/// written otherwise ([`nonstandard_result`]): `½`, or a `/` or a byte of a UTF-8 sequence
/// after the first digit. One test, so that the move numbers `1.` and `12.` pass by.
#[inline]
fn may_be_nonstandard_result(token: &[u8]) -> bool {
    token[0] == 0xc2 || token.get(1).is_some_and(|&b| b == b'/' || b >= 0x80)
}

/// The forum markup or HTML line break `bytes` start with, if they do: its length and kind.
#[inline]
fn markup(bytes: &[u8]) -> Option<(usize, SyntaxErrorKind)> {
    match bytes.first() {
        Some(b'[') => forum_markup(bytes).map(|len| (len, SyntaxErrorKind::ForumMarkup)),
        Some(b'<') => html_line_break(bytes).map(|len| (len, SyntaxErrorKind::HtmlLineBreak)),
        _ => None,
    }
}

/// The length of the forum markup `[pgn]` or `[/pgn]` (in any case) `bytes` start with.
fn forum_markup(bytes: &[u8]) -> Option<usize> {
    let name = match bytes {
        [b'[', b'/', rest @ ..] => rest,
        [b'[', rest @ ..] => rest,
        _ => return None,
    };
    let len = bytes.len() - name.len() + 4;
    (name.len() >= 4 && name[..3].eq_ignore_ascii_case(b"pgn") && name[3] == b']').then_some(len)
}

/// The length of the HTML line break `<br>`, `<br/>` or `<br />` (in any case, with any
/// spaces before the `/`) `bytes` start with.
fn html_line_break(bytes: &[u8]) -> Option<usize> {
    if bytes.len() < 4 || bytes[0] != b'<' || !bytes[1..3].eq_ignore_ascii_case(b"br") {
        return None;
    }
    let mut i = 3;
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    if bytes.get(i) == Some(&b'/') {
        i += 1;
    }
    (bytes.get(i) == Some(&b'>')).then_some(i + 1)
}

/// Whether `bytes` start with a tag pair that a reader with a buffer of `buffer_size` bytes
/// reads as a complete `Event` tag (what makes a second `Event` tag start a new game).
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

/// Whether `bytes` start with the forum markup `[pgn]` or `[/pgn]` (which does not end a game's
/// movetext, as tags at the start of a line do).
#[cfg(feature = "parallel")]
pub(crate) fn starts_with_forum_markup(bytes: &[u8]) -> bool {
    forum_markup(bytes).is_some()
}

/// Finds the parts of the tag pair starting at `buf[start]` (a `[`). With `lenient_quotes`, a
/// value whose closing quote is not followed by `]` (unescaped quotes inside it, as old files
/// have) runs to the first quote that is.
fn scan_tag(buf: &[u8], start: usize, lenient_quotes: bool) -> TagScan {
    let mut i = start + 1;
    let skip_spaces = |i: &mut usize| {
        while *i < buf.len() && matches!(buf[*i], b' ' | b'\t') {
            *i += 1;
        }
    };
    skip_spaces(&mut i);
    let name_start = i;
    while i < buf.len()
        && (buf[i].is_ascii_alphanumeric()
            || matches!(buf[i], b'_' | b'+' | b'#' | b'=' | b':' | b'-'))
    {
        i += 1;
    }
    let name_end = i;
    if i == buf.len() {
        return TagScan::Incomplete;
    }
    if name_end == name_start {
        return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag);
    }
    skip_spaces(&mut i);
    if i == buf.len() {
        return TagScan::Incomplete;
    }
    if buf[i] != b'"' {
        return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag);
    }
    i += 1;
    let value_start = i;
    loop {
        // The next unescaped quote on the line.
        loop {
            match buf.get(i) {
                None => return TagScan::Incomplete,
                Some(b'"') => break,
                // An escape, but never of the line break that ends the tag.
                Some(b'\\') if buf.get(i + 1) != Some(&b'\n') => i += 2,
                Some(b'\n') => return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag),
                Some(_) => i += 1,
            }
        }
        let value_end = i;
        i += 1;
        skip_spaces(&mut i);
        match buf.get(i) {
            None => return TagScan::Incomplete,
            Some(b']') => {
                return TagScan::Complete {
                    name: (name_start, name_end),
                    value: (value_start, value_end),
                    end: i + 1,
                };
            }
            Some(_) if lenient_quotes => i = value_end + 1,
            Some(_) => return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag),
        }
    }
}

/// Where to cut `part` so as not to split a UTF-8 sequence at its end (never at 0).
fn utf8_cut(part: &[u8]) -> usize {
    let n = part.len();
    for back in 1..=n.min(4) {
        let b = part[n - back];
        if b & 0xc0 != 0x80 {
            let len = match b {
                0xf0.. => 4,
                0xe0.. => 3,
                0xc0.. => 2,
                _ => 1,
            };
            return if back < len && n - back > 0 {
                n - back
            } else {
                n
            };
        }
    }
    n
}

/// The position of the first `needle` in `hay`, a word at a time.
#[inline]
pub(crate) fn find_byte(hay: &[u8], needle: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let pattern = LO.wrapping_mul(u64::from(needle));
    let mut i = 0;
    while i + 8 <= hay.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&hay[i..i + 8]);
        let x = u64::from_le_bytes(word) ^ pattern;
        let found = x.wrapping_sub(LO) & !x & HI;
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    hay[i..].iter().position(|&b| b == needle).map(|p| i + p)
}

/// The number of line breaks in `part` and the position of the last, in one pass a word at a
/// time; `None` without any.
#[inline]
fn line_breaks(part: &[u8]) -> Option<(u64, usize)> {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let pattern = 0x0101_0101_0101_0101u64.wrapping_mul(u64::from(b'\n'));
    let (mut n, mut last) = (0u64, None);
    let mut i = 0;
    while i + 8 <= part.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&part[i..i + 8]);
        let x = u64::from_le_bytes(word) ^ pattern;
        // Exactly the high bit of every zero byte of x (no borrow between bytes).
        let zeros = !(((x & LOW7) + LOW7) | x | LOW7);
        if zeros != 0 {
            n += u64::from(zeros.count_ones());
            last = Some(i + (63 - zeros.leading_zeros() as usize) / 8);
        }
        i += 8;
    }
    for (k, &b) in part[i..].iter().enumerate() {
        if b == b'\n' {
            n += 1;
            last = Some(i + k);
        }
    }
    last.map(|last| (n, last))
}

/// The position of the first `a` or `b` in `hay`, a word at a time.
#[inline]
fn find_either(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let (pattern_a, pattern_b) = (LO.wrapping_mul(u64::from(a)), LO.wrapping_mul(u64::from(b)));
    let mut i = 0;
    while i + 8 <= hay.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&hay[i..i + 8]);
        let word = u64::from_le_bytes(word);
        let (x, y) = (word ^ pattern_a, word ^ pattern_b);
        // Each mask's lowest set bit marks its first match exactly (a false match can only
        // follow a real one), so the lowest bit of the union is the first of either.
        let found = (x.wrapping_sub(LO) & !x & HI) | (y.wrapping_sub(LO) & !y & HI);
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    hay[i..]
        .iter()
        .position(|&c| c == a || c == b)
        .map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects the pieces of each game's movetext bytes; with `skip_at_first_move`, asks to
    /// skip each game at its first move.
    struct Pieces {
        wanted: bool,
        skip_at_first_move: bool,
        pieces: Vec<Vec<u8>>,
    }

    impl Pieces {
        fn new() -> Pieces {
            Pieces {
                wanted: true,
                skip_at_first_move: false,
                pieces: Vec::new(),
            }
        }
    }

    impl Visitor for Pieces {
        type Output = Vec<Vec<u8>>;
        fn wants_movetext_bytes(&self) -> bool {
            self.wanted
        }
        fn movetext_bytes(&mut self, bytes: &[u8]) {
            assert!(self.wanted, "bytes for a visitor that does not want them");
            assert!(!bytes.is_empty(), "an empty piece");
            self.pieces.push(bytes.to_vec());
        }
        fn san(&mut self, _: &[u8], _: Location) -> ControlFlow<()> {
            if self.skip_at_first_move {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
        fn end_game(&mut self) -> Vec<Vec<u8>> {
            core::mem::take(&mut self.pieces)
        }
    }

    /// The pieces of each game of `text`, read with a buffer of `buffer` bytes.
    fn movetext_pieces(text: &[u8], buffer: usize, visitor: &mut Pieces) -> Vec<Vec<Vec<u8>>> {
        let mut reader = Reader::with_buffer_size(text, buffer);
        let mut games = Vec::new();
        while let Some(pieces) = reader.read_game(visitor).unwrap() {
            games.push(pieces);
        }
        games
    }

    /// Games with long movetexts (a long comment, an escape line, a `;` comment, a variation,
    /// a token too long to be a move) and the movetext of each, as written.
    fn long_games() -> (String, Vec<String>) {
        let mut text = String::new();
        let mut movetexts = Vec::new();
        for i in 0..12 {
            let mut movetext = String::new();
            for n in 1..=60 {
                movetext.push_str(&format!(
                    "{n}. Nf3 {{ [%eval 0.{i}] [%clk 0:03:00] }} {n}... Nf6?? {}",
                    if n % 7 == 0 { "\n" } else { "" }
                ));
            }
            movetext.push_str("(1. e4 $1 e5)\n%escaped line\n; a rest-of-line comment\n");
            movetext.push_str(&format!("{{{}}}\n", "long comment ".repeat(100 * i)));
            movetext.push_str(&"x".repeat(300));
            movetext.push_str(" 1-0");
            text.push_str(&format!("[Event \"{i}\"]\n[Site \"?\"]\n\n{movetext}\n\n"));
            movetexts.push(movetext);
        }
        (text, movetexts)
    }

    #[test]
    fn movetext_bytes_are_the_source_across_refills() {
        let (text, movetexts) = long_games();
        for buffer in [1024, 1500, 4096, DEFAULT_BUFFER_SIZE] {
            let games = movetext_pieces(text.as_bytes(), buffer, &mut Pieces::new());
            assert_eq!(games.len(), movetexts.len());
            for (pieces, movetext) in games.iter().zip(&movetexts) {
                assert_eq!(pieces.concat(), movetext.as_bytes(), "{buffer}-byte buffer");
                if buffer == 1024 {
                    assert!(pieces.len() > 1, "a movetext longer than the buffer");
                }
            }
        }
    }

    #[test]
    fn a_visitor_that_skips_the_game_still_gets_its_movetext_bytes() {
        let (text, movetexts) = long_games();
        let mut skipper = Pieces::new();
        skipper.skip_at_first_move = true;
        let games = movetext_pieces(text.as_bytes(), 1024, &mut skipper);
        let games: Vec<Vec<u8>> = games.iter().map(|pieces| pieces.concat()).collect();
        let movetexts: Vec<&[u8]> = movetexts.iter().map(String::as_bytes).collect();
        assert_eq!(games, movetexts);
        // A visitor that does not want them gets none (`movetext_bytes` would panic).
        let mut unwanted = Pieces::new();
        unwanted.wanted = false;
        let games = movetext_pieces(text.as_bytes(), 1024, &mut unwanted);
        assert!(games.iter().all(Vec::is_empty));
    }

    #[test]
    fn movetext_bytes_keep_crlf_line_breaks() {
        let text = b"[Event \"a\"]\r\n[Site \"?\"]\r\n\r\n1. e4 { [%clk 0:03:00] } 1... e5?!\r\n\
                     2. Nf3 $1 { two\r\nlines } 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 d5 *\r\n";
        let games = movetext_pieces(text, 1024, &mut Pieces::new());
        let games: Vec<Vec<u8>> = games.iter().map(|pieces| pieces.concat()).collect();
        assert_eq!(
            games,
            [
                &b"1. e4 { [%clk 0:03:00] } 1... e5?!\r\n2. Nf3 $1 { two\r\nlines } 1-0"[..],
                b"1. d4 d5 *"
            ]
        );
    }

    #[test]
    fn movetext_bytes_of_games_without_a_result_run_to_the_games_end() {
        // To the next game's tags (the line breaks before them included), to the end of the
        // input, or into a comment the input cuts off; an empty movetext gives no piece.
        let text = b"[Event \"a\"]\n\n1. e4 e5\n2. Nf3\n\n[Event \"b\"]\n[Event \"c\"]\n\n\
                     1. d4 d5  \n\n[Event \"d\"]\n\n1. c4 { cut off";
        let games = movetext_pieces(text, 1024, &mut Pieces::new());
        let games: Vec<Vec<u8>> = games.iter().map(|pieces| pieces.concat()).collect();
        assert_eq!(
            games,
            [
                &b"1. e4 e5\n2. Nf3\n\n"[..],
                b"",
                b"1. d4 d5  \n\n",
                b"1. c4 { cut off"
            ]
        );
        // A game without tags starts at its first token.
        let games = movetext_pieces(b"\n\n  1. e4 *\n1. d4 1/2", 1024, &mut Pieces::new());
        let games: Vec<Vec<u8>> = games.iter().map(|pieces| pieces.concat()).collect();
        assert_eq!(games, [&b"1. e4 *"[..], b"1. d4 1/2"]);
    }

    /// Line breaks counted a word at a time against the obvious count, on random strings with
    /// bytes next to `\n` in value (which a borrowing zero test would confuse).
    #[test]
    fn line_breaks_match_the_obvious_count() {
        let alphabet = [b'\n', 0x0b, 0x09, 0x00, 0x8a, 0xff, b'a'];
        let mut rng = chess_testdata::Rng::new(0x1234_5678_9abc_def0);
        for len in 0..40usize {
            for _ in 0..500 {
                let part: Vec<u8> = (0..len)
                    .map(|_| alphabet[rng.below(alphabet.len())])
                    .collect();
                let n = part.iter().filter(|&&b| b == b'\n').count() as u64;
                let last = part.iter().rposition(|&b| b == b'\n');
                assert_eq!(line_breaks(&part), last.map(|l| (n, l)), "{part:?}");
            }
        }
    }

    /// The word-at-a-time search against the obvious one, on every short string over an
    /// alphabet that includes both needles and bytes next to them (borrows between bytes).
    #[test]
    fn find_either_finds_the_first_of_two() {
        let alphabet = [b'}', b'\n', b'|', b'~', b'\t', 0x0b, 0x00, 0xff, b'a'];
        let mut hay = Vec::new();
        for len in 0..20usize {
            for seed in 0..1000u64 {
                hay.clear();
                let mut rng =
                    chess_testdata::Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ len as u64);
                for _ in 0..len {
                    hay.push(alphabet[rng.below(alphabet.len())]);
                }
                let expected = hay.iter().position(|&c| c == b'}' || c == b'\n');
                assert_eq!(find_either(&hay, b'}', b'\n'), expected, "{hay:?}");
            }
        }
    }

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

    #[test]
    fn markup_and_results_are_recognised_exactly() {
        for (text, len) in [
            ("[pgn]", Some(5)),
            ("[/pgn]", Some(6)),
            ("[PgN] x", Some(5)),
            ("[/PGN]", Some(6)),
            ("[pgn ]", None),
            ("[pgn", None),
            ("[Event \"x\"]", None),
            ("[/pg]", None),
        ] {
            assert_eq!(forum_markup(text.as_bytes()), len, "{text}");
        }
        for (text, len) in [
            ("<br>", Some(4)),
            ("<br/>", Some(5)),
            ("<br />", Some(6)),
            ("<BR  />x", Some(7)),
            ("<Br>", Some(4)),
            ("<br", None),
            ("<b>", None),
            ("<brr>", None),
            ("<br //>", None),
        ] {
            assert_eq!(html_line_break(text.as_bytes()), len, "{text}");
        }
        let (white, black, draw) = (
            Some(GameResult::WhiteWins),
            Some(GameResult::BlackWins),
            Some(GameResult::Draw),
        );
        for (text, result) in [
            ("1\u{2013}0", white),
            ("1\u{2014}0", white),
            ("1\u{2212}0", white),
            ("0\u{2013}1", black),
            ("0\u{2014}1", black),
            ("\u{bd}\u{2013}\u{bd}", draw),
            ("\u{bd}\u{2014}\u{bd}", draw),
            ("\u{bd}-\u{bd}", draw),
            ("1/2\u{2013}1/2", draw),
            ("1/2", draw),
            ("\u{bd}", draw),
            ("1-0", None),
            ("1/2-1/2", None),
            ("1\u{2013}", None),
            ("1\u{2013}1", None),
            ("2\u{2013}0", None),
            ("1\u{2013}0\u{2013}", None),
            ("\u{b1}", None),
            ("10.", None),
        ] {
            assert_eq!(nonstandard_result(text.as_bytes()), result, "{text}");
            if result.is_some() {
                assert!(may_be_nonstandard_result(text.as_bytes()), "{text}");
            }
        }
        // Move numbers never go that far.
        for number in ["1.", "1...", "12.", "19...", "100.", "0"] {
            assert!(!may_be_nonstandard_result(number.as_bytes()), "{number}");
        }
    }

    #[test]
    fn find_byte_finds_the_first() {
        let hay = b"abcdefghijklmnop}qrstuvwxyz}";
        assert_eq!(find_byte(hay, b'}'), Some(16));
        assert_eq!(find_byte(b"", b'}'), None);
        assert_eq!(find_byte(b"\x80\x81}", b'}'), Some(2));
        assert_eq!(utf8_cut("abé".as_bytes()), 4);
        assert_eq!(utf8_cut(&"abé".as_bytes()[..3]), 2);
        assert_eq!(utf8_cut(&"a€".as_bytes()[..3]), 1);
        assert_eq!(utf8_cut(&[0xe2, 0x82]), 2);
        for n in 0..40 {
            let mut v = vec![b'x'; n];
            v.push(b'\n');
            assert_eq!(find_byte(&v, b'\n'), Some(n));
            assert_eq!(find_byte(&v[..n], b'\n'), None);
        }
    }
}
