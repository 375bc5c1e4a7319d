//! Comments in the movetext, `{` to `}` and `;` to the end of the line: read across refills
//! of the buffer, and handed to the visitor whole or, when longer than the buffer, in parts.

use std::io::{self, Read};

use crate::pgn::location::Location;
use crate::pgn::syntax::{SyntaxError, SyntaxErrorKind};
use crate::pgn::visitor::Visitor;

use super::bytes::{find_byte, utf8_cut};
use super::{EofInside, Reader};

impl<R: Read> Reader<R> {
    /// Reads a comment up to `close` (`}`, consumed, or a line break, not consumed); `pos` is
    /// just after the opening `{` or `;`. Returns whether the visitor asked to skip the game.
    pub(super) fn read_comment<V: Visitor>(
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
