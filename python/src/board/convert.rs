//! Python values as chess values: squares, colors, piece types and bitboards as python-chess
//! passes them (plain ints and bools), checked with errors that name the argument.

use chess_core::{Bitboard, Color, Role, Square};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

/// A square, 0..63 (`chess.A1` .. `chess.H8`).
pub(crate) fn square(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Square> {
    let index = integer(value, name)?;
    usize::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("{name} is a square 0..63, not {index}")))
}

/// A square or None.
pub(crate) fn optional_square(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<Square>> {
    if value.is_none() {
        Ok(None)
    } else {
        square(value, name).map(Some)
    }
}

/// A piece type, 1..6 (`chess.PAWN` .. `chess.KING`).
pub(crate) fn piece_type(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Role> {
    let index = integer(value, name)?;
    role_of(index).ok_or_else(|| {
        PyValueError::new_err(format!(
            "{name} is a piece type 1..6 (pawn to king), not {index}"
        ))
    })
}

/// The role of a piece type number, 1..6.
pub(crate) fn role_of(index: i64) -> Option<Role> {
    usize::try_from(index - 1).ok().and_then(Role::from_index)
}

/// The piece type number of a role, 1..6.
pub(crate) fn piece_type_of(role: Role) -> u8 {
    role as u8 + 1
}

/// A color: python-chess's colors are booleans (`chess.WHITE` is True); any value is taken
/// by its truth, as python-chess takes it.
pub(crate) fn color(value: &Bound<'_, PyAny>) -> PyResult<Color> {
    Ok(Color::from_white(value.is_truthy()?))
}

/// A bitboard: an int (or anything with `__index__`, such as a `SquareSet`), its low 64 bits
/// as python-chess masks them (`~chess.BB_A1` is a negative int).
pub(crate) fn bitboard(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Bitboard> {
    if let Ok(bb) = value.extract::<u64>() {
        return Ok(Bitboard(bb));
    }
    let int = value.call_method0("__index__").map_err(|_| {
        PyTypeError::new_err(format!(
            "{name} is a bitboard (an int or a SquareSet), not {}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let masked = int.bitand(u64::MAX)?;
    Ok(Bitboard(masked.extract::<u64>()?))
}

/// A bitboard, or every square for None.
pub(crate) fn optional_bitboard(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
) -> PyResult<Bitboard> {
    match value {
        None => Ok(Bitboard::FULL),
        Some(v) if v.is_none() => Ok(Bitboard::FULL),
        Some(v) => bitboard(v, name),
    }
}

/// A Python int, named in the error when it is not one.
pub(crate) fn integer(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i64> {
    if let Ok(int) = value.cast::<PyInt>() {
        return int
            .extract::<i64>()
            .map_err(|_| PyValueError::new_err(format!("{name} is out of range: {int}")));
    }
    value
        .call_method0("__index__")
        .and_then(|v| v.extract::<i64>())
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{name} is an int, not {}",
                value
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })
}

/// A count or clock: a non-negative int that fits 32 bits.
pub(crate) fn counter(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u32> {
    let n = integer(value, name)?;
    u32::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("{name} is a number 0..{}, not {n}", u32::MAX)))
}
