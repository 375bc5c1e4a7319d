//! `read_game`'s walk through a game's lines, as python-chess's reader walks them: which lines
//! belong to the game (it ends at a blank line outside comments, or at the end of the file),
//! the tag pairs, the movetext's tokens and comments, the variations skipped; what to do with
//! each is a [`Sink`]'s (the reader of `GameBuilder`'s games in Rust, or the calls of a Python
//! visitor).
//!
//! Lines come one by one from the handle's `readline`, so that the handle stands just after
//! the game when the call returns, as python-chess leaves it (`tell()` then gives where the
//! next game starts).

use chess_notation::lenient::{
    MovetextToken, is_blank_line, movetext_tokens, skip_braces, suffix_nag, tag_pair,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// What happened at a `(`.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Open {
    /// Nothing: no move to take back (python-chess ignores the bracket).
    Ignored,
    /// The visitor skips the variation: its tokens are passed over to the matching `)`.
    Skipped,
    /// The variation is read.
    Opened,
}

/// What `read_game` does with a game's parts, in python-chess's order of calls.
pub(crate) trait Sink<'py> {
    /// The game begins (its first line is read); true to skip it.
    fn begin_game(&mut self) -> PyResult<bool>;
    /// The tags begin (for a game not skipped).
    fn begin_headers(&mut self) -> PyResult<()>;
    /// A tag pair.
    fn header(&mut self, name: &str, value: &str) -> PyResult<()>;
    /// The tags are over; true to skip the movetext.
    fn end_headers(&mut self) -> PyResult<bool>;
    /// Sets up the starting position from the tags; false when it cannot be (the movetext is
    /// then skipped).
    fn start_board(&mut self) -> PyResult<bool>;
    /// A brace comment, outside skipped variations.
    fn comment(&mut self, text: &str) -> PyResult<()>;
    /// A `(` outside skipped variations.
    fn open(&mut self) -> PyResult<Open>;
    /// The `)` of a variation skipped from its start (the visitor's `end_variation`).
    fn end_skipped(&mut self) -> PyResult<()>;
    /// A `)` outside skipped variations (ignored in the mainline).
    fn close(&mut self) -> PyResult<()>;
    /// A NAG: `$` and its digits, or the number of a move suffix.
    fn nag(&mut self, digits: &str) -> PyResult<()>;
    /// Whether the reader is in the mainline (where results are results, not moves).
    fn in_mainline(&self) -> bool;
    /// A result token in the mainline.
    fn result(&mut self, result: &str) -> PyResult<()>;
    /// A move token; true when it cannot be read (what follows in its variation is skipped).
    fn san(&mut self, token: &str) -> PyResult<bool>;
    /// The game is over: the visitor's result.
    fn end_game(&mut self) -> PyResult<Bound<'py, PyAny>>;
}

/// A line of the file (copied out of the handle's string, so that reading it again and again
/// costs nothing), or what follows a comment on one: the text from `start`.
pub(crate) struct Line {
    text: String,
    start: usize,
}

impl Line {
    /// The end of the file.
    fn end() -> Line {
        Line {
            text: String::new(),
            start: 0,
        }
    }

    fn as_str(&self) -> &str {
        &self.text[self.start..]
    }

    /// Whether this is the end of the file ("" from `readline`), or nothing is left of the line.
    fn is_empty(&self) -> bool {
        self.start >= self.text.len()
    }

    /// The line from `offset` bytes further on.
    fn advanced(self, offset: usize) -> Line {
        Line {
            start: self.start + offset,
            ..self
        }
    }
}

/// The lines of a text handle, read with its `readline` ("" at the end).
pub(crate) struct Lines<'py> {
    readline: Bound<'py, PyAny>,
}

impl<'py> Lines<'py> {
    pub(crate) fn new(handle: &Bound<'py, PyAny>) -> PyResult<Lines<'py>> {
        Ok(Lines {
            readline: handle.getattr("readline")?,
        })
    }

    /// The next line (with its line break), or "" at the end. Lone surrogates (a file opened
    /// with `errors="surrogateescape"`) become U+FFFD.
    pub(crate) fn next(&mut self) -> PyResult<Line> {
        let line = self.readline.call0()?;
        let text = match line.cast_into::<PyString>() {
            Ok(text) => text,
            Err(e) => {
                let line = e.into_inner();
                return Err(PyTypeError::new_err(format!(
                    "read_game() reads text: the handle's readline() gave {} (open the file in text mode)",
                    line.get_type().name()?
                )));
            }
        };
        let text = match text.to_str() {
            Ok(text) => text.to_owned(),
            Err(_) => with_replacement_characters(&text)?,
        };
        Ok(Line { text, start: 0 })
    }
}

/// A string holding lone surrogates, each made U+FFFD.
fn with_replacement_characters(text: &Bound<'_, PyString>) -> PyResult<String> {
    let units = text.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let bytes = units.cast::<PyBytes>()?.as_bytes();
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    Ok(String::from_utf16_lossy(&units))
}

/// Whether a line is a `%` escape line or a `;` comment line.
fn is_comment_line(line: &str) -> bool {
    line.starts_with('%') || line.starts_with(';')
}

/// Reads one game from `handle` into `sink`: None at the end of the file.
pub(crate) fn read_game<'py, S: Sink<'py>>(
    handle: &Bound<'py, PyAny>,
    sink: &mut S,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let mut lines = Lines::new(handle)?;
    let mut line = lines.next()?;
    let boms = line.as_str().len() - line.as_str().trim_start_matches('\u{feff}').len();
    line = line.advanced(boms);
    while is_blank_line(line.as_str()) || is_comment_line(line.as_str()) {
        line = lines.next()?;
    }

    // The tags: one blank line between them is allowed.
    let mut found = false;
    let mut skipping = false;
    let mut after_blank = false;
    while !line.is_empty() {
        let text = line.as_str();
        if is_comment_line(text) {
            line = lines.next()?;
            continue;
        }
        if !after_blank && is_blank_line(text) {
            after_blank = true;
            line = lines.next()?;
            continue;
        }
        if !found {
            found = true;
            skipping = sink.begin_game()?;
            if !skipping {
                sink.begin_headers()?;
            }
        }
        if !text.starts_with('[') {
            break;
        }
        after_blank = false;
        if !skipping {
            // A line that is no tag pair is passed over.
            if let Some((name, value)) = tag_pair(text) {
                sink.header(name, value)?;
            }
        }
        line = lines.next()?;
    }
    if !found {
        return Ok(None);
    }
    if !skipping {
        skipping = sink.end_headers()?;
    }
    if !skipping {
        skipping = !sink.start_board()?;
    }

    if skipping {
        // To the first blank line outside brace comments.
        let mut in_comment = false;
        while !line.is_empty() {
            let text = line.as_str();
            if !in_comment {
                if is_blank_line(text) {
                    break;
                }
                if text.starts_with('%') {
                    line = lines.next()?;
                    continue;
                }
            }
            skip_braces(text, &mut in_comment);
            line = lines.next()?;
        }
        return sink.end_game().map(Some);
    }

    let mut skip_depth = 0_usize;
    // Whether `line` is a line of the file (not the rest of one after a comment).
    let mut fresh = true;
    while !line.is_empty() {
        let text = line.as_str();
        if fresh {
            if is_comment_line(text) {
                line = lines.next()?;
                continue;
            }
            if is_blank_line(text) {
                return sink.end_game().map(Some);
            }
        }
        let mut comment_at = None;
        for token in movetext_tokens(text) {
            match token {
                MovetextToken::Comment(after) => {
                    comment_at = Some(text.len() - after.len());
                    break;
                }
                MovetextToken::Open => {
                    if skip_depth > 0 {
                        skip_depth += 1;
                    } else if sink.open()? == Open::Skipped {
                        skip_depth = 1;
                    }
                }
                MovetextToken::Close => match skip_depth {
                    0 => sink.close()?,
                    1 => {
                        skip_depth = 0;
                        sink.end_skipped()?;
                    }
                    _ => skip_depth -= 1,
                },
                _ if skip_depth > 0 => {}
                MovetextToken::LineComment(_) => break,
                MovetextToken::Nag(digits) => sink.nag(digits)?,
                MovetextToken::Suffix(suffix) => {
                    const DIGITS: [&str; 7] = ["0", "1", "2", "3", "4", "5", "6"];
                    let nag = suffix_nag(suffix).unwrap_or(0);
                    sink.nag(DIGITS[usize::from(nag)])?;
                }
                MovetextToken::Result(result) if sink.in_mainline() => sink.result(result)?,
                MovetextToken::Result(token) | MovetextToken::Move(token) => {
                    if sink.san(token)? {
                        skip_depth = 1;
                    }
                }
            }
        }
        match comment_at {
            Some(at) => {
                let visit = |comment: &str| {
                    if skip_depth == 0 {
                        sink.comment(comment)
                    } else {
                        Ok(())
                    }
                };
                line = read_comment(&mut lines, line, at, visit)?;
                fresh = false;
            }
            None => {
                line = lines.next()?;
                fresh = true;
            }
        }
    }
    sink.end_game().map(Some)
}

/// A brace comment from `at` in `line` (just after its `{`) to the first `}`, on this line or
/// a later one, given to `visit` (without a space just after the `{` and one just before the
/// `}`); what follows the `}` on its line (the end of the file when the comment is not
/// closed).
fn read_comment(
    lines: &mut Lines<'_>,
    line: Line,
    at: usize,
    mut visit: impl FnMut(&str) -> PyResult<()>,
) -> PyResult<Line> {
    let end_before = |text: &str, close: usize| {
        if close > 0 && text.as_bytes()[close - 1] == b' ' {
            close - 1
        } else {
            close
        }
    };
    let first_at = at + usize::from(line.as_str()[at..].starts_with(' '));
    let first = &line.as_str()[first_at..];
    if first.is_empty() {
        // The file ends just after the brace.
        visit("")?;
        return Ok(Line::end());
    }
    if let Some(close) = first.find('}') {
        visit(&first[..end_before(first, close)])?;
        return Ok(line.advanced(first_at + close + 1));
    }
    let mut comment = first.to_owned();
    loop {
        let next = lines.next()?;
        let text = next.as_str();
        if text.is_empty() {
            visit(&comment)?;
            return Ok(next);
        }
        if let Some(close) = text.find('}') {
            comment.push_str(&text[..end_before(text, close)]);
            visit(&comment)?;
            return Ok(next.advanced(close + 1));
        }
        comment.push_str(text);
    }
}
