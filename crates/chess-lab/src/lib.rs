//! The engine's laboratory: what measures, compares and improves chess engines, kept out of
//! `chess-engine` so that a program embedding the engine compiles none of it.
//!
//! - [`tournament`]: matches between UCI engines as cutechess-cli plays them, on real clocks,
//!   with adjudication, set up from typed values read from text ([`TimeControl`], the
//!   adjudication rules, [`stats::Sprt`]; [`settings`] says why a text could not be read),
//!   and [`stats`]: the Elo difference of a score, its margin, and the sequential test.
//! - [`player`]: the built-in engine or a UCI engine behind one interface, set up from one
//!   typed description (which `chess match -e` reads: options, level, tablebases, book,
//!   seed), analysing and playing a game's position until done or stopped from another
//!   thread, for games, analysis, the Python package and matches.
//! - [`analysis`]: the judgement of moves by the winning chances they give away, and the
//!   annotation of games with it.
//! - [`compare`]: perft compared with another engine, narrowed to the position where the two
//!   move generators differ.
//! - [`tune`]: Texel tuning of the evaluation's weights; [`train`]: training of its network.
//!
//! ```
//! use chess_lab::stats::Tally;
//!
//! let tally = Tally { wins: 60, draws: 20, losses: 20 };
//! assert_eq!(tally.points(), 70.0);
//! assert!(tally.elo().diff > 140.0);
//! ```

#![deny(missing_docs)]

pub mod analysis;
pub mod compare;
pub mod player;
pub mod settings;
pub mod stats;
mod time_control;
pub mod tournament;
pub mod train;
pub mod tune;

pub use time_control::{ParseTimeControlError, TimeControl};

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
