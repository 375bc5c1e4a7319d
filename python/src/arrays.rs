//! Arrays for machine learning, made in one pass over a whole list of positions: piece planes
//! and bitboards (`planes`, `bitboards`), and the dense move index with its inverse
//! (`move_index`, `index_move`, `move_indices`). Each returns the bytes of the array; the
//! Python side makes them a NumPy array without a copy.

use chess_core::{Board as Pieces, Color, Role};
use chess_notation::{BoardFen, Fen};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyString};

use crate::board::{BaseBoard, MOVE_INDEX_SIZE, Move, invalid_fen, move_index};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bitboards, m)?)?;
    m.add_function(wrap_pyfunction!(planes, m)?)?;
    m.add_function(wrap_pyfunction!(move_indices, m)?)?;
    m.add_function(wrap_pyfunction!(index_move, m)?)?;
    m.add_function(wrap_pyfunction!(py_move_index, m)?)?;
    m.add("MOVE_INDEX_SIZE", MOVE_INDEX_SIZE)?;
    Ok(())
}

/// The twelve piece kinds in plane order: white pawn, knight, bishop, rook, queen, king, then
/// black's.
pub(crate) const PLANES: [(Color, Role); 12] = [
    (Color::White, Role::Pawn),
    (Color::White, Role::Knight),
    (Color::White, Role::Bishop),
    (Color::White, Role::Rook),
    (Color::White, Role::Queen),
    (Color::White, Role::King),
    (Color::Black, Role::Pawn),
    (Color::Black, Role::Knight),
    (Color::Black, Role::Bishop),
    (Color::Black, Role::Rook),
    (Color::Black, Role::Queen),
    (Color::Black, Role::King),
];

/// The pieces of each item: a `Board`, a FEN, or a FEN's placement field alone.
fn boards(py: Python<'_>, items: &Bound<'_, PyAny>) -> PyResult<Vec<Pieces>> {
    let mut out = Vec::with_capacity(items.len().unwrap_or(0));
    for item in items.try_iter()? {
        let item = item?;
        if let Ok(board) = item.cast::<BaseBoard>() {
            out.push(board.borrow().pos().board.clone());
        } else if let Ok(text) = item.cast::<PyString>() {
            let text = text.to_cow()?;
            let text = text.as_ref();
            let pieces = match Fen::from_ascii(text.trim().as_bytes()) {
                Ok(fen) => fen.into_setup().board,
                Err(e) => BoardFen::parse(text.trim())
                    .map_err(|_| invalid_fen(py, format!("{e} ({text:?})")))?,
            };
            out.push(pieces);
        } else {
            return Err(PyTypeError::new_err(format!(
                "a position is a kingside.Board or a FEN string, not {}",
                item.get_type().name()?
            )));
        }
    }
    Ok(out)
}

/// The twelve bitboards of each position, in plane order, as little-endian `u64`s: the bytes
/// of a `uint64[N, 12]` array.
#[pyfunction]
fn bitboards<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<(usize, Bound<'py, PyByteArray>)> {
    let boards = boards(py, positions)?;
    let bytes = PyByteArray::new_with(py, boards.len() * 12 * 8, |out| {
        for (board, chunk) in boards.iter().zip(out.chunks_exact_mut(12 * 8)) {
            for ((color, role), word) in PLANES.iter().zip(chunk.chunks_exact_mut(8)) {
                word.copy_from_slice(&board.pieces(*color, *role).0.to_le_bytes());
            }
        }
        Ok(())
    })?;
    Ok((boards.len(), bytes))
}

/// The twelve 8×8 planes of each position, in plane order, a byte a square (1 where the piece
/// stands), row = rank (rank 1 first), column = file: the bytes of a `uint8[N, 12, 8, 8]`
/// array.
#[pyfunction]
fn planes<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
) -> PyResult<(usize, Bound<'py, PyByteArray>)> {
    let boards = boards(py, positions)?;
    let bytes = PyByteArray::new_with(py, boards.len() * 12 * 64, |out| {
        // `new_with` hands zeroed memory: only the occupied squares are written.
        for (board, chunk) in boards.iter().zip(out.chunks_exact_mut(12 * 64)) {
            for ((color, role), plane) in PLANES.iter().zip(chunk.chunks_exact_mut(64)) {
                for sq in board.pieces(*color, *role) {
                    plane[sq as usize] = 1;
                }
            }
        }
        Ok(())
    })?;
    Ok((boards.len(), bytes))
}

/// The dense index of a move: ``from_square * 64 + to_square + 4096 * k``, k 0 for no
/// promotion, 1 knight, 2 bishop, 3 rook, 4 queen.
#[pyfunction]
#[pyo3(name = "move_index")]
fn py_move_index(r#move: PyRef<'_, Move>) -> usize {
    r#move.index()
}

/// The move of a dense index (0 .. MOVE_INDEX_SIZE - 1).
#[pyfunction]
fn index_move(py: Python<'_>, index: usize) -> PyResult<Bound<'_, Move>> {
    if index >= MOVE_INDEX_SIZE {
        return Err(PyValueError::new_err(format!(
            "a move index is 0..{}, not {index}",
            MOVE_INDEX_SIZE - 1
        )));
    }
    Move::from_index(index).into_object(py)
}

/// The dense indices of moves, as little-endian `i64`s: the bytes of an `int64[N]` array.
#[pyfunction]
fn move_indices<'py>(
    py: Python<'py>,
    moves: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let mut indices = Vec::with_capacity(moves.len().unwrap_or(0) * 8);
    for m in moves.try_iter()? {
        let m = m?;
        let m = m
            .cast::<Move>()
            .map_err(|_| PyTypeError::new_err("move_indices takes kingside.Move objects"))?;
        let m = m.get();
        let index = if m.drop.is_some() {
            0
        } else {
            move_index(m.from_square, m.to_square, m.promotion).unwrap_or(0) as i64
        };
        indices.extend_from_slice(&index.to_le_bytes());
    }
    Ok(PyByteArray::new(py, &indices))
}
