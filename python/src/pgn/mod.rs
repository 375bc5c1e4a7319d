//! python-chess's `chess.pgn` for `kingside.pgn`: the game tree's nodes keep their fields in
//! Rust (a node made by the reader holds its comment as a Rust string and its children and
//! NAGs in Rust vectors until Python asks for them), `read_game` reads a game in one call
//! (lines taken from the handle's `readline`, split into tokens by python-chess's rules in
//! chess-notation's `lenient` module, SAN read on lenient positions, or on a variant's
//! positions for a game with a `Variant` tag), and the exporters write a game in one call. The
//! Python module (`python/kingside/pgn.py`) gives these their names, the methods written in
//! Python, and the paths for visitors of one's own.

mod build;
mod export;
mod names;
mod node;
mod read;
mod visit;

use pyo3::prelude::*;

pub(crate) use names::{
    board_type, child_node_class, child_node_type, game_builder_class, game_class, game_type,
    headers_class, headers_type, initial_board, is_exactly, python_name, skip_marker,
};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<node::GameNode>()?;
    m.add_class::<node::ChildNode>()?;
    m.add_class::<node::Game>()?;
    m.add_class::<node::PgnMainlineIterator>()?;
    m.add_class::<build::PgnTags>()?;
    m.add_function(wrap_pyfunction!(build::pgn_read_game, m)?)?;
    m.add_function(wrap_pyfunction!(build::pgn_read_headers, m)?)?;
    m.add_function(wrap_pyfunction!(visit::pgn_read_visitor, m)?)?;
    m.add_function(wrap_pyfunction!(export::pgn_export, m)?)?;
    Ok(())
}
