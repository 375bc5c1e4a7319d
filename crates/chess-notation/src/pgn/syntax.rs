//! What the reader found that is not PGN, and where.

use core::fmt;

use super::location::Location;
use super::result::GameResult;

/// What the reader found that is not PGN.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// A character that cannot stand here (like `]`, `}` or `"` in the movetext).
    UnexpectedChar(u8),
    /// A `)` with no `(` before it.
    UnmatchedParenthesis,
    /// The game ended inside a variation.
    UnterminatedVariation,
    /// A `{` with no `}` before the end of the input.
    UnterminatedComment,
    /// A tag pair that is not `[Name "value"]`.
    InvalidTag,
    /// A tag pair longer than the reader's buffer (its size).
    TagTooLong(usize),
    /// A move token of hundreds of characters.
    TokenTooLong,
    /// A `$` without a number from 0 to 255, or annotation marks other than `!`, `?`, `!!`,
    /// `??`, `!?`, `?!`.
    InvalidNag,
    /// The markup of a forum post around PGN, `[pgn]` or `[/pgn]` (in any case): the lenient
    /// reader ignores it.
    ForumMarkup,
    /// An HTML line break, `<br>`, `<br/>` or `<br />` (in any case): the lenient reader reads
    /// it as whitespace.
    HtmlLineBreak,
    /// A result written otherwise than PGN writes it: with an en dash, an em dash or a minus
    /// sign (`1–0`, `0—1`, `1/2–1/2`), with `½` (`½-½`, `½–½`), or as `1/2`. The lenient reader
    /// reads it as this result (as the game's result token, and in the `Result` tag).
    NonstandardResult(GameResult),
}

/// Something that is not PGN, and where.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct SyntaxError {
    /// Where it is.
    pub at: Location,
    /// What it is.
    pub kind: SyntaxErrorKind,
}

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SyntaxErrorKind::UnexpectedChar(c) => write!(
                f,
                "unexpected {:?}: expected a move, move number, comment, variation, nag or result",
                char::from(c)
            ),
            SyntaxErrorKind::UnmatchedParenthesis => {
                f.write_str("unexpected ')': no variation is open")
            }
            SyntaxErrorKind::UnterminatedVariation => {
                f.write_str("the game ends inside a variation: expected ')'")
            }
            SyntaxErrorKind::UnterminatedComment => {
                f.write_str("comment not closed: expected '}' before the end of the input")
            }
            SyntaxErrorKind::InvalidTag => {
                f.write_str("invalid tag pair: expected [Name \"value\"]")
            }
            SyntaxErrorKind::TagTooLong(n) => {
                write!(f, "tag pair longer than the reader's buffer of {n} bytes")
            }
            SyntaxErrorKind::TokenTooLong => f.write_str("token too long to be a move"),
            SyntaxErrorKind::InvalidNag => {
                f.write_str("invalid annotation: expected $0 to $255, or !, ?, !!, ??, !?, ?!")
            }
            SyntaxErrorKind::ForumMarkup => f.write_str("forum markup [pgn] or [/pgn] is not pgn"),
            SyntaxErrorKind::HtmlLineBreak => {
                f.write_str("html line break <br> is not pgn: expected whitespace")
            }
            SyntaxErrorKind::NonstandardResult(result) => {
                write!(f, "result not written as pgn writes it: expected {result}")
            }
        }
    }
}

impl fmt::Display for SyntaxError {
    /// What is wrong, without where (that is [`SyntaxError::at`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for SyntaxError {}
