//! The native module of the `kingside` Python package: the project's crates, bound with PyO3
//! against Python's stable ABI. The Python files in `python/kingside` give it its public
//! names, docstrings and type stubs; this module is `kingside._native`.

use pyo3::prelude::*;

mod analysis;
mod arrays;
mod board;
mod games;
mod training;

/// The module `kingside._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    games::register(m)?;
    board::register(m)?;
    arrays::register(m)?;
    analysis::register(m)?;
    training::register(m)?;
    Ok(())
}
