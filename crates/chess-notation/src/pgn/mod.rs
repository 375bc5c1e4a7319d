//! Portable Game Notation: a streaming reader with a visitor interface, an owned game tree on
//! top of it, and a writer in export format.
//!
//! Two levels:
//!
//! - [`Reader`] and [`Visitor`]: tokens as raw bytes with their line and column, in constant
//!   memory whatever the size of the input, with no allocation per move. Variations can be
//!   skipped cheaply.
//! - [`GameReader`] and [`PgnGame`]: each game as headers, starting position, move tree
//!   (mainline and variations, with SAN, NAGs and comments) and result, or a [`PgnError`]
//!   saying which game, where, why, and what was read of it before; the reader then goes on
//!   with the next game. [`PgnGame`]'s `Display` writes export format, which reads back the
//!   same (start tags included); [`PgnGame::to_game`] and [`PgnGame::from_game`] go to and
//!   from a game of the rules.
//! - [`ParallelReader`] (feature `parallel`, on by default): the same on several threads, in
//!   input order, with [`ParallelReader::visit`] to run a visitor of one's own on each thread.
//!
//! The commands of comments (`[%eval 0.17]`, `[%clk 0:03:00]`, `[%cal Ge2e4]`, …) are read by
//! [`commands`], [`eval`], [`clock`], [`emt`] and [`marks`], and written by [`Command`].
//!
//! The values of the date and time tags are [`Date`] (`2024.01.31`, `????.??.??`, with days
//! since 1970-01-01 and back, and today's date) and [`Time`] (`23:59:07`).
//!
//! Real-world files are read as their authors meant; [`GameReader::strict`] rejects each of
//! these with a located error:
//!
//! - a byte order mark, CRLF line ends, `%` escape lines, `;` comments, empty lines inside a
//!   game, `1.e4` and `1... e5`, games without tags or without a result token;
//! - the draws written `1/2` and `½-½`;
//! - SAN as people write it: `0-0`, `e8Q`, `Ng1-f3`, a missing or extra `x`, `!?` glued to the
//!   move (see [`SanMode::Lenient`](crate::san::SanMode::Lenient));
//! - tag values with unescaped inner quotes: `[Event "The "Big" Match"]` is the text between
//!   the first quote and the last quote before `]`;
//! - an illegal or unreadable move inside a variation (as study exports from the big sites
//!   hold) drops that variation, with a [`Diagnostic`] on the game; the mainline and the rest of
//!   the game are kept;
//! - a game that the end of the input cuts off (no result token; the end inside a comment,
//!   variation, tag section or move) is kept with [`PgnGame::truncated`] saying where the input
//!   ended: a file cut during a download never passes as complete.
//!
//! ```
//! use chess_notation::pgn::{GameReader, GameResult};
//!
//! let pgn = "[Event \"Casual\"]\n[White \"A\"]\n\n1. e4 {best by test} e5 (1... c5) 2. Qh5?! Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n";
//! let game = GameReader::new(pgn.as_bytes()).next().unwrap()?;
//! assert_eq!(game.header("White"), Some("A"));
//! assert_eq!(game.mainline.moves.len(), 7);
//! assert_eq!(game.result, Some(GameResult::WhiteWins));
//! assert!(game.final_position().is_checkmate());
//! assert_eq!(
//!     game.to_string(),
//!     "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
//!      [Black \"?\"]\n[Result \"1-0\"]\n\n\
//!      1. e4 {best by test} 1... e5 (1... c5) 2. Qh5 $6 Nc6 3. Bc4 Nf6 $4 4. Qxf7# 1-0\n"
//! );
//! # Ok::<_, chess_notation::pgn::PgnError>(())
//! ```

mod builder;
mod commands;
mod date;
mod error;
mod games;
#[cfg(feature = "parallel")]
mod parallel;
mod part;
mod reader;
mod reason;
mod tree;
mod visitor;
mod writer;

use core::fmt;

use chess_core::Color;

pub use builder::GameBuilder;
pub use commands::{
    Command, CommandBytes, Commands, Eval, Mark, MarkColor, Marks, ParseMarkError,
    ParseMarkErrorKind, clock, command_bytes, commands, emt, eval, marks, parse_clock, parse_eval,
    without_commands,
};
pub use date::{Date, ParseDateError, ParseTimeError, Time};
pub use error::{PartialGame, PgnError};
pub use games::GameReader;
#[cfg(feature = "parallel")]
pub use parallel::{ParallelReader, ParallelVisit};
pub use part::Part;
pub use reader::{DEFAULT_BUFFER_SIZE, Reader};
pub use reason::{Diagnostic, PgnErrorKind, PgnErrorReason};
pub use tree::{Line, MoveNode, PgnGame, ToGameError};
pub use visitor::{MapOutput, VariationChoice, Visitor, VisitorExt, WithStart};
pub use writer::write_game;

/// Where a token stands in the input.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Location {
    /// The line, from 1.
    pub line: u64,
    /// The column in bytes, from 1 (a byte order mark takes no room).
    pub column: u64,
    /// The offset in bytes from the start of the input.
    pub offset: u64,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// The result token at the end of a game's movetext.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, in progress or abandoned.
    Unknown,
}

impl GameResult {
    /// The token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a game `winner` won.
    #[must_use]
    pub const fn winner(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The result a token stands for.
    #[must_use]
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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

/// A tag value as written (`a \"b\"`) to its text (`a "b"`): `\"` and `\\` are unescaped, other
/// backslashes kept. Invalid UTF-8 is read as Latin-1, as old PGN files are often encoded.
#[must_use]
pub fn unescape_tag_value(raw: &[u8]) -> String {
    let mut out = String::new();
    unescape_tag_value_into(raw, &mut out);
    out
}

/// [`unescape_tag_value`] at the end of `out`.
pub fn unescape_tag_value_into(raw: &[u8], out: &mut String) {
    if !raw.contains(&b'\\') {
        decode_into(raw, out);
        return;
    }
    let start = out.len();
    decode_into(raw, out);
    let text = out.split_off(start);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('"' | '\\')) = chars.peek() {
                out.push(next);
                chars.next();
                continue;
            }
        }
        out.push(c);
    }
}

/// Bytes to text: UTF-8 when valid, else Latin-1.
pub(crate) fn decode(raw: &[u8]) -> String {
    let mut text = String::new();
    decode_into(raw, &mut text);
    text
}

/// Bytes of a PGN file as text at the end of `out`: UTF-8 when valid, else Latin-1 (as old
/// PGN files are often encoded).
pub fn decode_into(raw: &[u8], out: &mut String) {
    match core::str::from_utf8(raw) {
        Ok(s) => out.push_str(s),
        Err(_) => out.extend(raw.iter().map(|&b| char::from(b))),
    }
}
