//! `read_game` with any visitor: python-chess's calls, in its order, with Python boards (the
//! visitor may keep them, as `BoardBuilder` does, and may read moves its own way with
//! `parse_san`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

use super::read::{Open, Sink, read_game};
use super::{headers_class, initial_board, skip_marker};

/// Reads a game from `handle` with `visitor`: the visitor's result, or None at the end of the
/// file.
#[pyfunction]
pub(crate) fn pgn_read_visitor<'py>(
    handle: &Bound<'py, PyAny>,
    visitor: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = handle.py();
    let mut sink = Calls {
        visitor: visitor.clone(),
        skip: skip_marker(py)?,
        managed: None,
        unmanaged: None,
        boards: Vec::new(),
    };
    read_game(handle, &mut sink)
}

/// The visitor and the reader's state around it.
struct Calls<'py> {
    visitor: Bound<'py, PyAny>,
    skip: Bound<'py, PyAny>,
    /// What `begin_headers` returned.
    managed: Option<Bound<'py, PyAny>>,
    /// The headers the reader keeps itself when `begin_headers` returned no ``Headers``.
    unmanaged: Option<Bound<'py, PyAny>>,
    boards: Vec<Bound<'py, PyAny>>,
}

impl<'py> Calls<'py> {
    fn call0(&self, name: &str) -> PyResult<Bound<'py, PyAny>> {
        self.visitor.call_method0(name)
    }

    /// Whether a callback answered `SKIP`.
    fn skips(&self, answer: &Bound<'py, PyAny>) -> bool {
        answer.is(&self.skip)
    }

    fn top(&self) -> &Bound<'py, PyAny> {
        self.boards
            .last()
            .expect("the reader keeps the mainline's board")
    }
}

impl<'py> Sink<'py> for Calls<'py> {
    fn begin_game(&mut self) -> PyResult<bool> {
        let answer = self.call0("begin_game")?;
        Ok(self.skips(&answer))
    }

    fn begin_headers(&mut self) -> PyResult<()> {
        let py = self.visitor.py();
        let managed = self.call0("begin_headers")?;
        let headers = headers_class(py)?;
        if !managed.is_instance(&headers)? {
            self.unmanaged = Some(headers.call1((PyDict::new(py),))?);
        }
        self.managed = Some(managed);
        Ok(())
    }

    fn header(&mut self, name: &str, value: &str) -> PyResult<()> {
        self.visitor.call_method1("visit_header", (name, value))?;
        if let Some(headers) = &self.unmanaged {
            headers.set_item(name, value)?;
        }
        Ok(())
    }

    fn end_headers(&mut self) -> PyResult<bool> {
        let answer = self.call0("end_headers")?;
        Ok(self.skips(&answer))
    }

    fn start_board(&mut self) -> PyResult<bool> {
        let py = self.visitor.py();
        let headers = self
            .unmanaged
            .clone()
            .or_else(|| self.managed.clone())
            .unwrap_or_else(|| py.None().into_bound(py));
        let handle_error = self.visitor.getattr("handle_error")?;
        let board = initial_board(py)?.call1((headers, handle_error))?;
        if board.is_none() {
            return Ok(false);
        }
        self.visitor.call_method1("visit_board", (&board,))?;
        self.boards = vec![board];
        Ok(true)
    }

    fn comment(&mut self, text: &str) -> PyResult<()> {
        self.visitor.call_method1("visit_comment", (text,))?;
        Ok(())
    }

    fn open(&mut self) -> PyResult<Open> {
        if !self.top().getattr("move_stack")?.is_truthy()? {
            return Ok(Open::Ignored);
        }
        let answer = self.call0("begin_variation")?;
        if self.skips(&answer) {
            return Ok(Open::Skipped);
        }
        let board = self.top().call_method0("copy")?;
        board.call_method0("pop")?;
        self.boards.push(board);
        Ok(Open::Opened)
    }

    fn end_skipped(&mut self) -> PyResult<()> {
        self.call0("end_variation")?;
        Ok(())
    }

    fn close(&mut self) -> PyResult<()> {
        if self.boards.len() > 1 {
            self.call0("end_variation")?;
            self.boards.pop();
        }
        Ok(())
    }

    fn nag(&mut self, digits: &str) -> PyResult<()> {
        let py = self.visitor.py();
        let nag = py.get_type::<PyInt>().call1((digits,))?;
        self.visitor.call_method1("visit_nag", (nag,))?;
        Ok(())
    }

    fn in_mainline(&self) -> bool {
        self.boards.len() == 1
    }

    fn result(&mut self, result: &str) -> PyResult<()> {
        self.visitor.call_method1("visit_result", (result,))?;
        Ok(())
    }

    fn san(&mut self, token: &str) -> PyResult<bool> {
        let py = self.visitor.py();
        let board = self.top().clone();
        let mut failed = false;
        let answer = self
            .visitor
            .call_method1("begin_parse_san", (&board, token))?;
        if !self.skips(&answer) {
            match self.visitor.call_method1("parse_san", (&board, token)) {
                Ok(m) => {
                    self.visitor.call_method1("visit_move", (&board, &m))?;
                    board.call_method1("push", (m,))?;
                }
                Err(error) if error.is_instance_of::<PyValueError>(py) => {
                    self.visitor
                        .call_method1("handle_error", (error.into_value(py),))?;
                    failed = true;
                }
                Err(error) => return Err(error),
            }
        }
        self.visitor.call_method1("visit_board", (&board,))?;
        Ok(failed)
    }

    fn end_game(&mut self) -> PyResult<Bound<'py, PyAny>> {
        self.call0("end_game")?;
        self.boards.clear();
        self.call0("result")
    }
}
