//! Syzygy tablebases for `kingside.syzygy`: chess-syzygy's probes on a board, the GIL released
//! while they read tables. Errors: `MissingTableError` (a `KeyError`) for a missing table,
//! `KeyError` for what no table holds (castling rights, too many pieces), `OSError` for a file
//! that cannot be read.

use std::sync::RwLock;

use chess_syzygy::{SyzygyError, Tablebase as Tables, Wdl};
use pyo3::exceptions::{PyKeyError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::board::{BaseBoard, strict_position};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Tablebase>()?;
    Ok(())
}

/// `kingside.MissingTableError`, a `KeyError`: no table holds the position.
fn missing_table(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    match CLASS.import(py, "kingside._errors", "MissingTableError") {
        Ok(class) => PyErr::from_type(class.clone(), message),
        Err(e) => e,
    }
}

fn syzygy_error(py: Python<'_>, e: SyzygyError, fen: &str) -> PyErr {
    match e {
        SyzygyError::MissingTable { .. } => missing_table(py, format!("{e} ({fen})")),
        SyzygyError::Castling | SyzygyError::TooManyPieces { .. } => {
            PyKeyError::new_err(format!("{e} ({fen})"))
        }
        other => PyOSError::new_err(other.to_string()),
    }
}

/// The tables of the directories and files added, each opened (memory-mapped) when a
/// position of its material is first probed.
#[pyclass(module = "kingside._native", frozen)]
pub(crate) struct Tablebase(RwLock<Tables>);

impl Tablebase {
    /// Runs a probe on the board's position, the GIL released.
    fn probe<T: Send>(
        &self,
        py: Python<'_>,
        board: &Bound<'_, BaseBoard>,
        probe: impl FnOnce(&Tables, &chess_rules::Position) -> Result<T, SyzygyError> + Send,
    ) -> PyResult<T> {
        let (pos, fen) = {
            let board = board.borrow();
            (strict_position(&board)?, board.fen_string())
        };
        let tables = self.0.read().map_err(|_| {
            PyRuntimeError::new_err("a probe failed earlier; open the tables again")
        })?;
        py.detach(|| probe(&tables, &pos))
            .map_err(|e| syzygy_error(py, e, &fen))
    }
}

#[pymethods]
impl Tablebase {
    #[new]
    fn new() -> Tablebase {
        Tablebase(RwLock::new(Tables::new()))
    }

    /// Adds the tables of a directory; returns how many files it adds.
    fn add_directory(&self, py: Python<'_>, directory: std::path::PathBuf) -> PyResult<usize> {
        let mut tables = self.0.write().map_err(|_| {
            PyRuntimeError::new_err("a probe failed earlier; open the tables again")
        })?;
        tables
            .add_directory(&directory)
            .map_err(|e| syzygy_error(py, e, ""))
    }

    /// Adds one table file; returns whether it was added.
    fn add_file(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<bool> {
        let mut tables = self.0.write().map_err(|_| {
            PyRuntimeError::new_err("a probe failed earlier; open the tables again")
        })?;
        tables.add_file(&path).map_err(|e| syzygy_error(py, e, ""))
    }

    /// The value the WDL table stores (-2..2), without captures or en passant.
    fn probe_wdl_table(&self, py: Python<'_>, board: &Bound<'_, BaseBoard>) -> PyResult<i8> {
        self.probe(py, board, |t, pos| t.probe_wdl_table(pos))
            .map(|w| w as i8)
    }

    /// Win (2), cursed win (1), draw (0), blessed loss (-1) or loss (-2) for the side to move.
    fn probe_wdl(&self, py: Python<'_>, board: &Bound<'_, BaseBoard>) -> PyResult<i8> {
        self.probe(py, board, |t, pos| t.probe_wdl(pos))
            .map(|w| w as i8)
    }

    /// The distance to zeroing, signed as the result, en passant included.
    fn probe_dtz(&self, py: Python<'_>, board: &Bound<'_, BaseBoard>) -> PyResult<i32> {
        self.probe(py, board, |t, pos| t.probe_dtz(pos))
            .map(|d| d.0)
    }

    /// The distance to zeroing as if no en passant capture were possible.
    fn probe_dtz_no_ep(&self, py: Python<'_>, board: &Bound<'_, BaseBoard>) -> PyResult<i32> {
        self.probe(py, board, |t, pos| t.probe_dtz_no_ep(pos))
            .map(|d| d.0)
    }

    /// The distance the DTZ table stores, read for the result `wdl`; None when the table
    /// stores only the other side to move.
    fn probe_dtz_table(
        &self,
        py: Python<'_>,
        board: &Bound<'_, BaseBoard>,
        wdl: i8,
    ) -> PyResult<Option<i32>> {
        let wdl = Wdl::from_i8(wdl)
            .ok_or_else(|| PyValueError::new_err(format!("wdl is -2..2, not {wdl}")))?;
        self.probe(py, board, |t, pos| t.probe_dtz_table(pos, wdl))
    }
}
