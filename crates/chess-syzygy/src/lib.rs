//! Probing Syzygy endgame tablebases: for any position of at most seven pieces whose tables
//! are at hand, the result with best play (win, draw or loss, and whether the 50-move rule
//! spoils it) and the distance to the next capture or pawn move; and at the root, the moves
//! that keep the best result within the 50-move rule.
//!
//! Syzygy tables come as one WDL file (`KQvKR.rtbw`) and one DTZ file (`KQvKR.rtbz`) per
//! material. A [`Tablebase`] is given the directories that hold them and opens each file, by
//! memory-mapping it, when a position of its material is first probed; probing takes `&self`,
//! so the threads of a search can share one tablebase.
//!
//! ```
//! use chess_notation::Fen;
//! use chess_rules::CastlingMode;
//! use chess_syzygy::{Dtz, RootOptions, Tablebase, Wdl};
//!
//! # let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else { return Ok(()) };
//! // `dir` holds python-chess's 3- and 4-piece tables (`KBNvK.rtbw`, `KBNvK.rtbz`...).
//! let tables = Tablebase::open(dir)?;
//!
//! // KBN against K: a win, but it takes a while.
//! let fen: Fen = "8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1".parse()?;
//! let pos = fen.into_position(CastlingMode::Standard)?;
//! assert_eq!(tables.probe_wdl(&pos)?, Wdl::Win);
//! assert_eq!(tables.probe_dtz(&pos)?, Dtz(50));
//!
//! // At the root: the moves that keep the win, fastest first.
//! let root = tables.probe_root(&pos, RootOptions::default())?;
//! assert!(root.best_moves().iter().all(|rm| rm.wdl == Wdl::Win && rm.dtz == Some(Dtz(50))));
//!
//! // With 60 halfmoves gone, the 50-move rule comes first.
//! let late: Fen = "8/2K5/4B3/3N4/8/8/4k3/8 w - - 60 90".parse()?;
//! let root = tables.probe_root(&late.into_position(CastlingMode::Standard)?, RootOptions::default())?;
//! assert_eq!(root.wdl(), Some(Wdl::CursedWin));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Probing follows the algorithm of the tables' author, as Stockfish and python-chess implement
//! it: captures and en passant, which the tables leave out, are looked at one move ahead, and
//! the values agree with python-chess's `chess.syzygy` (the tests check thousands of positions
//! against it). Files are checked as they are opened and every read of them is bounds-checked:
//! a missing, truncated or corrupt table is a [`SyzygyError`], never a panic.

#![deny(missing_docs)]

mod bytes;
mod error;
mod file;
mod index;
mod material;
mod pairs;
mod probe;
mod root;
mod table;
mod tablebase;
mod values;

pub use error::{CorruptKind, SyzygyError, TableKind};
pub use material::{MAX_PIECES, Material};
pub use root::{RootMove, RootOptions, RootProbe};
pub use tablebase::Tablebase;
pub use values::{Dtz, Wdl};

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
