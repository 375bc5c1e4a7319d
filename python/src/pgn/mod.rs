//! python-chess's `chess.pgn` for `kingside.pgn`: the game tree's nodes keep their fields in
//! Rust (a node made by the reader holds its comment as a Rust string and its children and
//! NAGs in Rust vectors until Python asks for them), `read_game` reads a game in one call
//! (lines taken from the handle's `readline`, split into tokens by python-chess's rules in
//! chess-notation's `lenient` module, SAN read on lenient positions), and the exporters write
//! a game in one call. The Python module (`python/kingside/pgn.py`) gives these their names,
//! the methods written in Python, and the paths for visitors of one's own.

mod build;
mod export;
mod node;
mod read;
mod visit;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

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

/// A name of a Python module, imported once.
fn imported<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    module: &str,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import(module)?.getattr(name)?.unbind())
    })
    .map(|object| object.bind(py).clone())
}

/// Declares a function returning a name of `kingside.pgn` (or another module), imported on
/// first use: the classes and helpers the Rust side calls.
macro_rules! python_name {
    ($fn:ident, $module:literal, $name:literal) => {
        #[doc = concat!("`", $module, ".", $name, "`, imported once.")]
        pub(crate) fn $fn(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
            static CELL: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
            $crate::pgn::imported(py, &CELL, $module, $name)
        }
    };
}
pub(crate) use python_name;

/// Declares a function returning a class of `kingside.pgn` (or another module) as a reference
/// that lives as long as the module: for comparing an object's class without reference counts.
macro_rules! python_class {
    ($fn:ident, $module:literal, $name:literal) => {
        #[doc = concat!("The class `", $module, ".", $name, "`, imported once.")]
        pub(crate) fn $fn(py: Python<'_>) -> PyResult<&'static Py<PyAny>> {
            static CELL: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
            CELL.get_or_try_init(py, || {
                Ok::<_, PyErr>(py.import($module)?.getattr($name)?.unbind())
            })
        }
    };
}

python_class!(child_node_type, "kingside.pgn", "ChildNode");
python_class!(game_type, "kingside.pgn", "Game");
python_class!(headers_type, "kingside.pgn", "Headers");
python_class!(board_type, "kingside", "Board");

/// Whether `object`'s class is exactly `class` (not a subclass).
pub(crate) fn is_exactly(object: &Bound<'_, PyAny>, class: &Py<PyAny>) -> bool {
    std::ptr::eq(
        object.get_type_ptr().cast::<()>(),
        class.as_ptr().cast::<()>(),
    )
}

python_name!(skip_marker, "kingside.pgn", "SKIP");
python_name!(headers_class, "kingside.pgn", "Headers");
python_name!(child_node_class, "kingside.pgn", "ChildNode");
python_name!(game_class, "kingside.pgn", "Game");
python_name!(game_builder_class, "kingside.pgn", "GameBuilder");
python_name!(initial_board, "kingside.pgn", "_initial_board");
