//! Polyglot opening books for `kingside.polyglot`: the entries of a book file, read into memory
//! and checked by chess-notation's reader, handed to Python as plain tuples (the Python module
//! gives them python-chess's shapes and choice rules), and the 781 keys of Polyglot hashing.

use chess_core::{CastlingSides, Color, File, Piece, Role, Square, zobrist};
use chess_notation::polyglot::{self, BookError};
use pyo3::exceptions::{PyIndexError, PyOSError, PyValueError};
use pyo3::prelude::*;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Book>()?;
    m.add_function(wrap_pyfunction!(polyglot_random_array, m)?)?;
    Ok(())
}

/// An entry as Python sees it: key, encoded move, weight, learn.
type RawEntry = (u64, u16, u16, u32);

fn raw(e: polyglot::Entry) -> RawEntry {
    (e.key, e.raw_move, e.weight, e.learn)
}

/// A Polyglot opening book, read into memory and checked when opened.
#[pyclass(module = "kingside._native", frozen)]
pub(crate) struct Book(polyglot::Book);

#[pymethods]
impl Book {
    #[new]
    fn new(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Book> {
        let book = py
            .detach(|| polyglot::Book::open(&path))
            .map_err(|e| match e {
                BookError::Io(io) => PyOSError::new_err(format!("{}: {io}", path.display())),
                other => PyValueError::new_err(format!("{}: {other}", path.display())),
            })?;
        Ok(Book(book))
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    /// The entry at an index (negative from the end); ``IndexError`` beyond the book.
    fn entry(&self, index: isize) -> PyResult<RawEntry> {
        let len = self.0.len() as isize;
        let i = if index < 0 { index + len } else { index };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.0.entry(i))
            .map(raw)
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "book index {index} out of range (the book has {len} entries)"
                ))
            })
    }

    /// The entries of a key, in book order.
    fn entries(&self, key: u64) -> Vec<RawEntry> {
        self.0.entries(key).map(raw).collect()
    }

    /// The index of the first entry whose key is not below `key` (the book's length when
    /// none).
    fn bisect_key_left(&self, key: u64) -> usize {
        self.0.lower_bound(key)
    }
}

/// The 781 keys of Polyglot hashing in the format's order: 768 for the pieces (the kinds black
/// pawn, white pawn, black knight, ... white king, each by square from a1), 4 for the castling
/// rights (white's king side and queen side, then black's), 8 for the en passant files, 1 for
/// white to move.
#[pyfunction]
fn polyglot_random_array() -> Vec<u64> {
    let mut keys = Vec::with_capacity(781);
    for role in Role::ALL {
        for color in [Color::Black, Color::White] {
            for sq in Square::ALL {
                keys.push(zobrist::piece(Piece::new(color, role), sq));
            }
        }
    }
    for sides in [
        CastlingSides::WHITE_KING_SIDE,
        CastlingSides::WHITE_QUEEN_SIDE,
        CastlingSides::BLACK_KING_SIDE,
        CastlingSides::BLACK_QUEEN_SIDE,
    ] {
        keys.push(zobrist::castling(sides));
    }
    for file in File::ALL {
        keys.push(zobrist::en_passant(file));
    }
    keys.push(zobrist::WHITE_TO_MOVE);
    keys
}
