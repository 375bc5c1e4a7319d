//! Who plays or analyses: the built-in engine or a UCI engine program, set up from one typed
//! description ([`PlayerSpec`], read from the text `chess match -e` takes: the engine, its
//! options, the built-in engine's level, tablebases, an opening book and a seed) and driven
//! through one interface ([`Player`]) by a game against a person, analysis, annotation and
//! the Python package; a match starts the same specs as processes.
//!
//! [`Player::analyse`] and [`Player::play`] take the game that led to the position
//! ([`History`]: a [`Game`](chess_rules::Game), a lone position, or a position with the
//! hashes of the earlier ones) and a [`Control`](chess_engine::Control) that stops them from
//! another thread.
//!
//! ```
//! use chess_lab::player::{Player, PlayerSpec};
//! use chess_engine::{Control, Limits};
//! use chess_rules::Position;
//!
//! let spec: PlayerSpec = "builtin,option.Hash=4".parse()?;
//! let mut player = Player::start(&spec)?;
//! let analysis =
//!     player.analyse(&Position::standard(), &Limits::depth(5), &Control::new(), |_| {})?;
//! assert!(analysis.best_move().is_some());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod error;
mod history;
mod play;
mod spec;
#[cfg(feature = "syzygy")]
mod tables;
mod thought;
mod uci;

pub use error::PlayerError;
pub use history::History;
pub use play::Player;
pub(crate) use spec::Host;
pub use spec::{BUILTIN, Engine, PlayerSpec, builtin_command, syzygy_path};
#[cfg(feature = "syzygy")]
pub use tables::open_tablebases;
pub use thought::{Analysis, BookChoice, Played};
pub(crate) use uci::spawn_client;
