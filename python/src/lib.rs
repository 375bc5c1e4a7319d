//! The native module of the `kingside` Python package: the project's crates, bound with PyO3
//! against Python's stable ABI. The Python files in `python/kingside` give it its public
//! names, docstrings and type stubs; this module is `kingside._native`.

use pyo3::prelude::*;

// Rust's allocations in the module (the records, batches and arrays) go to mimalloc, as in the
// `chess` binary: a fifth faster reading games than glibc's allocator, whose locks the reading
// threads contend for. Python's own objects keep Python's allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod analysis;
mod arrays;
mod board;
mod games;
mod inputs;
mod interrupt;
mod pgn;
mod polyglot;
mod svg;
mod syzygy;
mod training;
mod variant;

/// The module `kingside._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    games::register(m)?;
    board::register(m)?;
    arrays::register(m)?;
    analysis::register(m)?;
    pgn::register(m)?;
    polyglot::register(m)?;
    svg::register(m)?;
    syzygy::register(m)?;
    training::register(m)?;
    variant::register(m)?;
    Ok(())
}
