//! `LegalMoveGenerator` and `PseudoLegalMoveGenerator`: python-chess's live views of a
//! board's moves. On a kingside board they read the board's Rust state; on anything else
//! (python-chess's own tests hand them a mock) they call its generator methods, as
//! python-chess's do.

use pyo3::prelude::*;

use super::game::{move_iter, raw_move};
use super::{BaseBoard, Board};

/// The moves of a generator as SAN where legal, UCI otherwise, for its `repr`.
fn names(board: &Bound<'_, PyAny>, moves: &Bound<'_, PyAny>) -> PyResult<String> {
    let mut out = Vec::new();
    for m in moves.try_iter()? {
        let m = m?;
        let legal = board.call_method1("is_legal", (&m,))?.is_truthy()?;
        let text = if legal {
            board.call_method1("san", (&m,))?
        } else {
            board.call_method1("uci", (&m,))?
        };
        out.push(text.extract::<String>()?);
    }
    Ok(out.join(", "))
}

// The board's properties that return the generators: here rather than with the game's other
// methods (`game`), whose helpers the generators use, so that the two files do not import
// each other (`cargo xtask structure`).
#[pymethods]
impl Board {
    /// The legal moves: a live view, iterable, with ``count()`` and ``move in``.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator::of(slf.clone().into_any().unbind())
    }

    /// The pseudo-legal moves: a live view, iterable, with ``count()`` and ``move in``.
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator::of(slf.clone().into_any().unbind())
    }
}

/// The legal moves of a board, a live view as python-chess's ``board.legal_moves``:
/// iterable (in python-chess's order), ``count()``, ``len()``, ``move in``, false when
/// there is none.
#[pyclass(module = "kingside")]
pub(crate) struct LegalMoveGenerator {
    /// The board, as python-chess's attribute of that name.
    #[pyo3(get)]
    board: Py<PyAny>,
}

impl LegalMoveGenerator {
    pub(crate) fn of(board: Py<PyAny>) -> LegalMoveGenerator {
        LegalMoveGenerator { board }
    }
}

#[pymethods]
impl LegalMoveGenerator {
    #[new]
    fn new(board: Py<PyAny>) -> LegalMoveGenerator {
        LegalMoveGenerator { board }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = self.board.bind(py);
        if let Ok(b) = board.cast::<Board>() {
            let base = b.as_super().borrow();
            return move_iter(py, base.legal_moves());
        }
        board
            .call_method0("generate_legal_moves")?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let board = self.board.bind(py);
        if let Ok(b) = board.cast::<Board>() {
            return Ok(b.as_super().borrow().legal_moves().len());
        }
        // python-chess's generator has no length: `list()` must not walk the moves twice.
        let _ = board;
        Err(pyo3::exceptions::PyTypeError::new_err(
            "a generator over another kind of board has no len(); use count()",
        ))
    }

    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        let board = self.board.bind(py);
        if board.cast::<Board>().is_ok() {
            return self.__len__(py);
        }
        Ok(board
            .call_method0("generate_legal_moves")?
            .try_iter()?
            .count())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let board = self.board.bind(py);
        if let Ok(b) = board.cast::<Board>() {
            return Ok(!b.as_super().borrow().legal_moves().is_empty());
        }
        Ok(board
            .call_method0("generate_legal_moves")?
            .try_iter()?
            .next()
            .transpose()?
            .is_some())
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = self.board.bind(py);
        if let Ok(b) = board.cast::<BaseBoard>() {
            let Ok(m) = raw_move(r#move) else {
                return Ok(false);
            };
            return Ok(b.borrow().pos().is_legal(m));
        }
        board.call_method1("is_legal", (r#move,))?.is_truthy()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let board = slf.borrow().board.clone_ref(py);
        let board = board.bind(py);
        let moves = slf.call_method0("__iter__")?;
        Ok(format!(
            "<LegalMoveGenerator at {:#x} ({})>",
            slf.as_ptr() as usize,
            names(board, &moves)?
        ))
    }
}

/// The pseudo-legal moves of a board, a live view as python-chess's
/// ``board.pseudo_legal_moves``.
#[pyclass(module = "kingside")]
pub(crate) struct PseudoLegalMoveGenerator {
    /// The board, as python-chess's attribute of that name.
    #[pyo3(get)]
    board: Py<PyAny>,
}

impl PseudoLegalMoveGenerator {
    pub(crate) fn of(board: Py<PyAny>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator { board }
    }
}

#[pymethods]
impl PseudoLegalMoveGenerator {
    #[new]
    fn new(board: Py<PyAny>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator { board }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = self.board.bind(py);
        if let Ok(b) = board.cast::<BaseBoard>() {
            return move_iter(py, b.borrow().pseudo_legal_moves());
        }
        board
            .call_method0("generate_pseudo_legal_moves")?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let board = self.board.bind(py);
        if let Ok(b) = board.cast::<BaseBoard>() {
            return Ok(b.borrow().pseudo_legal_moves().len());
        }
        Ok(board
            .call_method0("generate_pseudo_legal_moves")?
            .try_iter()?
            .count())
    }

    /// The number of pseudo-legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = self.board.bind(py);
        if let Ok(b) = board.cast::<BaseBoard>() {
            let Ok(m) = raw_move(r#move) else {
                return Ok(false);
            };
            return Ok(b.borrow().pos().is_pseudo_legal(m));
        }
        board
            .call_method1("is_pseudo_legal", (r#move,))?
            .is_truthy()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let board = slf.borrow().board.clone_ref(py);
        let board = board.bind(py);
        let moves = slf.call_method0("__iter__")?;
        Ok(format!(
            "<PseudoLegalMoveGenerator at {:#x} ({})>",
            slf.as_ptr() as usize,
            names(board, &moves)?
        ))
    }
}
