//! Why a player could not start or play.

use std::path::PathBuf;

use chess_engine::uci::ClientError;
use chess_notation::polyglot::BookError;

/// Why a [`Player`](super::Player) could not start or play.
///
/// The errors about a file or directory say what is wrong with it and hold its path, for the
/// caller to name it as its user gave it (the CLI names the option too).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerError {
    /// The engine could not be started or set up (an option it does not have), or failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The opening book could not be read.
    #[error("{error}")]
    Book {
        /// The book's path.
        path: PathBuf,
        /// Why.
        error: BookError,
    },
    /// A directory of tablebases could not be read.
    #[cfg(feature = "syzygy")]
    #[error("{error}")]
    Tablebases {
        /// The directory.
        dir: PathBuf,
        /// Why.
        error: chess_syzygy::SyzygyError,
    },
    /// None of the tablebase directories holds a table (every probe would fail, each naming
    /// a table rather than the directories that lack them all).
    #[error("no Syzygy table found (table files are named like KQvK.rtbw and KQvK.rtbz)")]
    NoTables {
        /// The directories.
        dirs: Vec<PathBuf>,
    },
    /// A setting this player cannot honour where it runs.
    #[error("{setting}: {why}")]
    Unsupported {
        /// The setting, as the text form names it (`level`, `book`, `seed`, `syzygy`).
        setting: &'static str,
        /// Why, and what to do instead.
        why: &'static str,
    },
    /// [`Player::play`](super::Player::play) in a position without a legal move.
    #[error("the position has no legal move")]
    NoMove,
}
