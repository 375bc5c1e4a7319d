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
//! - SAN as people write it: `0-0`, `e8Q`, a missing or extra `x`, `!?` glued to the move (see
//!   [`SanMode::Lenient`](crate::san::SanMode::Lenient); these, strict reading refuses only
//!   with [`GameBuilder::san_mode`] strict too);
//! - what posts on the web and other programs hold, each read with a [`Diagnostic`] on the
//!   game that says what was read how, and where (the first of each kind in a game): moves in
//!   long algebraic notation (`Ng1-f3`, `Nd8d5`, `Nb1xc3`, `e2e4`, and `d1h5` for a queen's
//!   move), played; the forum markup `[pgn]` … `[/pgn]`, ignored; an en passant mark after an
//!   en passant capture (`exd6 e.p.`, `exd6e.p.`), ignored; results written with a long dash
//!   or `½` (`1–0`, `0—1`, `½–½`, `½-½`, `1/2`), in the movetext and in the `Result` tag, read
//!   as the result; HTML line breaks (`<br />`), read as whitespace; annotation glyphs (`±`,
//!   `∞`, `⩲`, `+−`, `N`, `□`, `↑`, …), read as their NAGs;
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
mod line_position;
mod location;
#[cfg(feature = "parallel")]
mod parallel;
mod part;
mod reader;
mod reason;
mod result;
mod syntax;
mod text;
mod tree;
mod visitor;
mod writer;

pub use builder::{GameBuilder, MoveToken};
pub use commands::{
    Command, CommandBytes, Commands, Eval, Mark, MarkColor, Marks, ParseMarkError,
    ParseMarkErrorKind, clock, clock_and_eval, command_bytes, commands, emt, eval, marks,
    parse_clock, parse_eval, without_commands,
};
pub use date::{Date, ParseDateError, ParseTimeError, Time};
pub use error::{PartialGame, PgnError};
pub use games::GameReader;
pub use location::Location;
#[cfg(feature = "parallel")]
pub use parallel::{ParallelReader, ParallelVisit};
pub use part::Part;
pub use reader::{DEFAULT_BUFFER_SIZE, Reader};
pub use reason::{Diagnostic, PgnErrorKind, PgnErrorReason};
pub use result::GameResult;
pub use syntax::{SyntaxError, SyntaxErrorKind};
pub use text::{decode_into, unescape_tag_value, unescape_tag_value_into};
pub use tree::{Line, MoveNode, PgnGame, ToGameError};
pub use visitor::{MapOutput, VariationChoice, Visitor, VisitorExt, WithStart};
pub use writer::write_game;
