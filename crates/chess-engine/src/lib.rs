//! A computer opponent: a chess engine that plays real chess, at full strength or at one of ten
//! levels for casual players, and speaks the UCI protocol both ways.
//!
//! - [`evaluate`]: a tapered evaluation (piece-square values, pawn structure, king safety,
//!   mobility), from the side to move's point of view; [`eval`] has its tuned terms as a
//!   tuner sees them, and [`nnue`] the network that corrects it.
//! - [`Searcher`]: iterative deepening alpha-beta with principal variation search, a
//!   transposition table, quiescence search, pruning and reductions, time management for clocks
//!   and multi-PV; [`Limits`] say how long, [`Control`] stops it from another thread.
//! - [`Level`]: ten strengths for casual players; their random choices replay exactly from a
//!   fixed seed unless seeded with [`random_seed`].
//! - [`see`]: static exchange evaluation.
//! - [`bench()`]: Stockfish's bench convention, a node count that changes with any change to the
//!   search.
//! - [`uci`]: a UCI server ([`uci::run`], for GUIs) and a client ([`uci::Client`], to play
//!   against other engines).
//!
//! The laboratory around the engine (matches and their statistics, analysis with any engine,
//! the tuner of the evaluation and the trainer of the network) is the `chess-lab` crate, so
//! that a program embedding the engine compiles none of it.
//!
//! ```
//! use chess_engine::{Control, Limits, Score, Searcher};
//! use chess_notation::{Fen, uci};
//! use chess_rules::CastlingMode;
//!
//! // White mates in two: 1. Qh3+ gxh3 2. g3#.
//! let fen: Fen = "r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1".parse()?;
//! let pos = fen.into_position(CastlingMode::Standard)?;
//! let mut searcher = Searcher::new();
//! let result = searcher.search(&pos, &[], &Limits::mate(2), &Control::new(), |info| {
//!     println!("depth {} score {}", info.depth, info.score);
//! });
//! assert_eq!(result.score, Score::Mate(2));
//! let best = result.best_move.expect("not checkmate or stalemate");
//! assert_eq!(uci::format(&pos, best), "d3h3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod bench;
mod correction;
pub mod eval;
mod level;
mod limits;
pub mod nnue;
mod ordering;
mod score;
mod search;
mod see;
mod tablebases;
mod time;
mod tt;
pub mod uci;

pub use bench::{BENCH_POSITIONS, BenchResult, DEFAULT_BENCH_DEPTH, bench};
pub use eval::evaluate;
pub use level::{Level, Rng, random_seed};
pub use limits::{Clock, Control, Limits};
pub use score::Score;
pub use search::{
    DEFAULT_HASH_MB, MAX_DEPTH, MAX_HASH_MB, MAX_THREADS, SearchInfo, SearchResult, Searcher,
};
pub use see::{see, see_ge};
#[cfg(feature = "syzygy")]
pub use tablebases::Tablebase;
pub use tablebases::TablebaseSettings;

/// The engine's name and version, the one name it goes by everywhere: `id name` in UCI, the
/// built-in player of `chess match` (its PGN's `White` and `Black` tags) and the `Annotator`
/// of `chess annotate`.
pub const ENGINE_NAME: &str = concat!("chess-engine ", env!("CARGO_PKG_VERSION"));

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
