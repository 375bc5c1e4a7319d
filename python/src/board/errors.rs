//! The Python exceptions of moves and positions, raised with the Rust crates' messages: the
//! classes live in `kingside._errors` (subclasses of `ValueError`, as python-chess's).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// Raises the Python exception class `name` of `kingside._errors` with `message`.
fn error(
    py: Python<'_>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
    message: String,
) -> PyErr {
    match cell.import(py, "kingside._errors", name) {
        Ok(class) => PyErr::from_type(class.clone(), message),
        Err(e) => e,
    }
}

/// `InvalidMoveError`: text that is no move.
pub(crate) fn invalid_move(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "InvalidMoveError", message)
}

/// `IllegalMoveError`: a move that is not legal here.
pub(crate) fn illegal_move(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "IllegalMoveError", message)
}

/// `AmbiguousMoveError`: SAN that several legal moves match.
pub(crate) fn ambiguous_move(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "AmbiguousMoveError", message)
}

/// `InvalidFenError`: a FEN that is not one.
pub(crate) fn invalid_fen(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "InvalidFenError", message)
}

/// The Python error of a lenient notation error in `pos` (whose FEN the message of a move
/// that is not legal there, or ambiguous, gives): what `Board.parse_san` raises, and the PGN
/// reader hands to `handle_error`.
pub(crate) fn move_error(
    py: Python<'_>,
    e: &chess_notation::lenient::LenientMoveError,
    pos: &chess_rules::lenient::LenientPosition,
) -> PyErr {
    use chess_notation::lenient::{FenOptions, LenientMoveError as E, write_fen};
    let in_position = || format!("{e} in {}", write_fen(pos, FenOptions::default()));
    match e {
        E::Invalid { .. } => invalid_move(py, e.to_string()),
        E::Ambiguous { .. } => ambiguous_move(py, in_position()),
        E::Illegal { .. } | E::MissingPromotion { .. } => illegal_move(py, in_position()),
    }
}
