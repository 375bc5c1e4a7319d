//! python-chess's `chess` module over chess-rules' lenient positions: `BaseBoard` (the
//! pieces), `Board` (a game: side to move, castling, en passant, clocks and the move stack),
//! `Move`, `Piece`, `SquareSet` and the move generators, with python-chess's names, arguments
//! and behaviour (`python/kingside/__init__.py` puts the module together).
//!
//! Both board classes keep their whole state in `BaseBoard`'s Rust struct (a `Board` adds no
//! field), so that a `Board` method reaches it with one borrow; the methods live in a file per
//! theme, as python-chess's documentation groups them (pyo3's `multiple-pymethods`).

mod base;
mod convert;
pub(crate) mod errors;
mod game;
mod generators;
mod moves;
mod notation;
mod rules;
mod squareset;
mod state;

use pyo3::prelude::*;

pub(crate) use errors::invalid_fen;
pub(crate) use moves::{MOVE_INDEX_SIZE, Move, Piece, move_index};
pub(crate) use state::{BaseBoard, Board, new_like, state_of, strict_position};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Move>()?;
    m.add_class::<Piece>()?;
    m.add_class::<BaseBoard>()?;
    m.add_class::<Board>()?;
    m.add_class::<squareset::SquareSet>()?;
    m.add_class::<generators::LegalMoveGenerator>()?;
    m.add_class::<generators::PseudoLegalMoveGenerator>()?;
    m.add("STARTING_FEN", chess_notation::fen::STARTING_FEN)?;
    Ok(())
}
