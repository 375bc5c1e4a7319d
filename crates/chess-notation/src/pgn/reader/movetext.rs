//! The movetext, up to the end of the game: moves, comments, variations, NAGs and the result,
//! driving the visitor; what is not PGN is reported and read past.

use std::io::{self, Read};

use crate::pgn::result::nonstandard_result;
use crate::pgn::syntax::{SyntaxError, SyntaxErrorKind};
use crate::pgn::visitor::{VariationChoice, Visitor};

use super::bytes::find_either;
use super::markup::{forum_markup, markup};
use super::token::{may_be_nonstandard_result, result_token, token_to_visitor};
use super::{EofInside, LOOKAHEAD, Reader};

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

impl<R: Read> Reader<R> {
    /// Reads the movetext up to the end of the game.
    //
    // The rarer symbols (comments, variations, NAGs, blanks) each have a function; the moves'
    // path, the other delimiters and the results stay in the loop. Each of those taken out
    // into a function of its own (with the flags passed in and out) cost 1.5 to 2% more
    // instructions reading PGN into games (callgrind, a single-threaded GameBuilder over
    // 10 MB of the pgn-reader bench files), while this loop counts the same instructions as
    // the one function it was before.
    pub(super) fn read_movetext<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mut skip: bool,
    ) -> io::Result<()> {
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
            if self.blank(c) {
                continue;
            }
            let first_on_line = self.line_blank;
            self.line_blank = false;
            let quiet = skip || skipping > 0;
            match c {
                b'{' => skip = self.brace_comment(visitor, skip, quiet)?,
                b';' => skip |= self.line_comment(visitor, quiet)?,
                b'(' => self.open_variation(visitor, quiet, &mut depth, &mut skipping),
                b')' => self.close_variation(visitor, &mut skip, &mut depth, &mut skipping),
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
                b'$' => skip |= self.nag(visitor, quiet),
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
                    let mut result = maybe_result.then(|| result_token(token)).flatten();
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

    /// Moves past whitespace or a line break `c` at `pos`; false for any other byte.
    #[inline]
    fn blank(&mut self, c: u8) -> bool {
        match CLASS[c as usize] {
            WS => {
                self.pos += 1;
                while self.pos < self.end && CLASS[self.buf[self.pos] as usize] == WS {
                    self.pos += 1;
                }
                true
            }
            NL => {
                self.newline();
                true
            }
            _ => false,
        }
    }

    /// A `{` comment at `pos`, reported unless `quiet`. Returns the new `skip`: whether the
    /// visitor asked to skip the game.
    #[inline]
    fn brace_comment<V: Visitor>(
        &mut self,
        visitor: &mut V,
        skip: bool,
        quiet: bool,
    ) -> io::Result<bool> {
        let at = self.location();
        self.pos += 1;
        // Most comments are short, complete in the lookahead and on one line: one pass, eight
        // bytes at a time, finds the closing brace or a line break; a comment across lines
        // takes the general path, which counts its lines.
        let start = self.pos;
        let limit = self.end.min(start + LOOKAHEAD - 1);
        let close = find_either(&self.buf[start..limit], b'}', b'\n')
            .map(|len| start + len)
            .filter(|&stop| self.buf[stop] == b'}');
        if let Some(stop) = close {
            self.pos = stop + 1;
            if !quiet {
                return Ok(visitor.comment(&self.buf[start..stop], at).is_break());
            }
            Ok(skip)
        } else {
            Ok(skip | self.read_comment(visitor, at, quiet, b'}')?)
        }
    }

    /// A `;` comment at `pos`, to the end of the line, reported unless `quiet`. Returns whether
    /// the visitor asked to skip the game.
    #[inline]
    fn line_comment<V: Visitor>(&mut self, visitor: &mut V, quiet: bool) -> io::Result<bool> {
        let at = self.location();
        self.pos += 1;
        self.read_comment(visitor, at, quiet, b'\n')
    }

    /// A `(` at `pos`: a variation the visitor follows (one more of the `depth` open ones), or
    /// skips (from then on `skipping` counts the nesting inside it).
    #[inline]
    fn open_variation<V: Visitor>(
        &mut self,
        visitor: &mut V,
        quiet: bool,
        depth: &mut u32,
        skipping: &mut u32,
    ) {
        let at = self.location();
        self.pos += 1;
        if quiet {
            *skipping += 1;
        } else {
            match visitor.begin_variation(at) {
                VariationChoice::Continue => *depth += 1,
                VariationChoice::Skip => *skipping = 1,
            }
        }
    }

    /// A `)` at `pos`: the end of a variation skipped or followed, or an error outside any.
    #[inline]
    fn close_variation<V: Visitor>(
        &mut self,
        visitor: &mut V,
        skip: &mut bool,
        depth: &mut u32,
        skipping: &mut u32,
    ) {
        let at = self.location();
        self.pos += 1;
        if *skipping > 0 {
            *skipping -= 1;
        } else if *depth > 0 {
            *depth -= 1;
            if !*skip {
                *skip = visitor.end_variation(at).is_break();
            }
        } else if !*skip {
            let error = SyntaxError {
                at,
                kind: SyntaxErrorKind::UnmatchedParenthesis,
            };
            *skip = visitor.syntax_error(error).is_break();
        }
    }

    /// A `$` at `pos`: a NAG, or an error without a number up to 255 after it, reported unless
    /// `quiet`. Returns whether the visitor asked to skip the game.
    #[inline]
    fn nag<V: Visitor>(&mut self, visitor: &mut V, quiet: bool) -> bool {
        let at = self.location();
        let start = self.pos + 1;
        let mut i = start;
        let mut value: u32 = 0;
        while i < self.end && self.buf[i].is_ascii_digit() {
            value = (value * 10 + u32::from(self.buf[i] - b'0')).min(1000);
            i += 1;
        }
        self.pos = i;
        if quiet {
            return false;
        }
        match u8::try_from(value) {
            Ok(nag) if i > start => visitor.nag(nag, at).is_break(),
            _ => visitor
                .syntax_error(SyntaxError {
                    at,
                    kind: SyntaxErrorKind::InvalidNag,
                })
                .is_break(),
        }
    }

    /// The end of the game's movetext, by `end`: an error for the variations left open
    /// (unless the visitor skips the game), and where the input ended inside the game.
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

    /// Moves past the rest of a token too long to be a move, across refills.
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
}

#[cfg(test)]
mod tests {
    use core::ops::ControlFlow;

    use super::*;
    use crate::pgn::DEFAULT_BUFFER_SIZE;
    use crate::pgn::location::Location;

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
}
