//! Finding the tables and reading positions. Scratch directories for broken tables are
//! `chess_testdata::TempDir`s.

use std::path::{Path, PathBuf};

use chess_notation::{Fen, FenError};
use chess_rules::{CastlingMode, Position, PositionErrorKinds};
use chess_syzygy::Tablebase;

/// The directory of the fetched tables, or `None` (the test is skipped, visibly).
pub fn tables_dir() -> Option<PathBuf> {
    chess_testdata::file(chess_testdata::SYZYGY_DIR)
}

/// A tablebase of the fetched 3- and 4-piece tables, or `None` (the test is skipped).
pub fn tables() -> Option<Tablebase> {
    let dir = tables_dir()?;
    let tables = Tablebase::open(&dir).expect("the fetched tables' directory is listed");
    Some(tables)
}

/// The position of a FEN. Tablebase test positions need not be reachable: a check no move
/// could give is accepted, as the tables hold such positions too.
pub fn position(fen: &str) -> Position {
    let parsed: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    parsed
        .into_position(CastlingMode::Standard)
        .or_else(|e| match e {
            FenError::Position(e) => e.ignore(PositionErrorKinds::IMPOSSIBLE_CHECK),
            e => panic!("{fen}: {e}"),
        })
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The lines of one of the crate's own data files (`tests/data/`), without comments.
pub fn data_lines(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}
