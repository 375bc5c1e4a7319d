//! The names of Python modules the Rust side of `kingside.pgn` calls (its classes, helpers and
//! markers, `kingside.Board`), each imported once, on first use.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// A name of a Python module, imported once.
pub(super) fn imported<'py>(
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
            $crate::pgn::names::imported(py, &CELL, $module, $name)
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
