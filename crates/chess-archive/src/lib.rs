//! Game archives as rows: each game of a PGN file as a [`GameRecord`] of typed fields (the
//! common tags parsed, the moves, the clock and evaluation of every ply, the outcome by
//! the rules, where it was read and what was wrong with it), ready for a columnar file;
//! compressed input recognised by its content ([`compression`]), large files cut into parts
//! that workers read on their own ([`split`]), and, with the `parquet` feature, [`parquet`]
//! writes the records as Parquet in the schemas of `docs/formats.md`.
//!
//! ```
//! use chess_archive::{GameRecord, RecordOptions};
//! use chess_notation::pgn::{GameBuilder, GameResult, Reader, VisitorExt};
//! use chess_rules::Termination;
//!
//! let pgn = "[White \"Ann\"]\n[WhiteElo \"1850\"]\n[TimeControl \"180+2\"]\n\n\
//!            1. e4 { [%clk 0:03:00] } e5 { [%clk 0:02:58.5] } 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let mut reader = Reader::new(pgn.as_bytes());
//! let (start, game) = reader.read_game(&mut GameBuilder::new().with_start())?.unwrap();
//! let record = GameRecord::new(game, start, 1, &RecordOptions::default());
//! assert_eq!(record.tag_i32("WhiteElo"), Some(1850));
//! assert_eq!(record.time_control(), Some((180, 2)));
//! let uci: Vec<String> = record.uci_moves().map(|m| m.to_string()).collect();
//! assert_eq!(uci[..2], ["e2e4", "e7e5"]);
//! assert_eq!(record.clocks[..3], [Some(180_000), Some(178_500), None]);
//! assert_eq!(record.result_token, GameResult::WhiteWins);
//! assert_eq!(record.outcome.and_then(|o| o.termination()), Some(Termination::Checkmate));
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! # Features
//!
//! - `compression` (default): [`compression`] (zstd, gzip, bzip2) and [`split`].
//! - `parquet`: [`parquet`], through the Arrow crates.

#![deny(missing_docs)]

#[cfg(feature = "compression")]
pub mod compression;
mod convert;
#[cfg(feature = "compression")]
pub mod input;
pub mod json;
pub mod jsonl;
mod movetext;
pub mod output;
#[cfg(feature = "parquet")]
pub mod parquet;
mod record;
mod schema;
#[cfg(feature = "compression")]
pub mod split;
mod tags;
mod visitor;

#[cfg(feature = "compression")]
pub use compression::Compression;
pub use convert::{
    Conversion, ConvertError, OutputFormat, ReadOptions, RecordWriter, Records, Totals,
    UnknownFormat, WriteError, convert,
};
pub use record::{GameRecord, RecordError, RecordOptions, TYPED_TAGS};
pub use schema::{NotGames, Schema, UnknownSchema};
pub use tags::Tags;
pub use visitor::RecordVisitor;

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
