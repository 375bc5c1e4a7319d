//! Finding the tables, reading positions, and scratch directories for broken tables.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// A directory of its own under the system's temporary directory, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "chess-syzygy-{}-{name}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    pub fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
