//! The engine's laboratory: what measures, compares and improves chess engines, kept out of
//! `chess-engine` so that a program embedding the engine compiles none of it.
//!
//! - [`tournament`]: matches between UCI engines as cutechess-cli plays them, on real clocks,
//!   with adjudication, and [`stats`]: the Elo difference of a score, its margin, and the
//!   sequential test.
//! - [`analysis`]: analysis with the built-in search or any UCI engine, and the judgement of
//!   moves by the winning chances they give away.
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
pub mod stats;
pub mod tournament;
pub mod train;
pub mod tune;

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
