//! Knowledge beyond the rules: Polyglot opening books (chess-notation's reader), Syzygy
//! tablebases (chess-syzygy) and the project's engine (chess-engine), each on a `Board`.

use std::sync::mpsc;
use std::time::Duration;

use chess_engine::{Control, Limits, Score, Searcher};
use chess_notation::polyglot::{self, BookError};
use chess_syzygy::{SyzygyError, Tablebase as Tables};
use pyo3::exceptions::{PyIndexError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyType};

use crate::board::{BaseBoard, Move, strict_position};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Book>()?;
    m.add_class::<Entry>()?;
    m.add_class::<Tablebase>()?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    Ok(())
}

/// One entry of a Polyglot book, as python-chess's `chess.polyglot.Entry`: the position's
/// key, the move in Polyglot's encoding and as a `Move` of the board it was found for, its
/// weight and its learn value.
#[pyclass(module = "kingside._native", frozen, eq)]
#[derive(PartialEq)]
pub(crate) struct Entry {
    /// The position's Polyglot key.
    #[pyo3(get)]
    key: u64,
    /// The move in Polyglot's 16-bit encoding.
    #[pyo3(get)]
    raw_move: u16,
    /// How often to play it, relative to the position's other entries.
    #[pyo3(get)]
    weight: u16,
    /// Free for a program's use (learning data).
    #[pyo3(get)]
    learn: u32,
    /// The move, written as the board's mode writes castling.
    #[pyo3(get, name = "move")]
    m: Move,
}

#[pymethods]
impl Entry {
    fn __repr__(&self) -> String {
        format!(
            "Entry(key={:#018x}, raw_move={:#06x}, weight={}, learn={}, move=Move.from_uci('{}'))",
            self.key,
            self.raw_move,
            self.weight,
            self.learn,
            self.m.uci_string()
        )
    }
}

/// A Polyglot opening book, read into memory and checked when opened.
#[pyclass(module = "kingside._native", frozen)]
pub(crate) struct Book(polyglot::Book);

impl Book {
    fn entries(&self, board: &BaseBoard, minimum_weight: u16) -> Vec<Entry> {
        let pos = board.pos();
        self.0
            .entries(pos.zobrist_hash())
            .filter(|e| e.weight >= minimum_weight)
            .filter_map(|e| {
                let raw = polyglot::raw_move(e.raw_move)?;
                let m = pos.from_chess960(pos.chess960, raw);
                pos.is_legal(m).then(|| Entry {
                    key: e.key,
                    raw_move: e.raw_move,
                    weight: e.weight,
                    learn: e.learn,
                    m: Move::of(m),
                })
            })
            .collect()
    }
}

#[pymethods]
impl Book {
    #[new]
    fn new(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Book> {
        let book = py
            .detach(|| polyglot::Book::open(&path))
            .map_err(|e| match e {
                BookError::Io(io) => PyOSError::new_err(format!("{}: {io}", path.display())),
                other => PyValueError::new_err(format!("{}: {other}", path.display())),
            })?;
        Ok(Book(book))
    }

    /// The entries of the board's position whose moves are legal there, in book order,
    /// those below ``minimum_weight`` left out (as python-chess's ``find_all``).
    #[pyo3(signature = (board, *, minimum_weight = 1))]
    fn find_all(&self, board: PyRef<'_, BaseBoard>, minimum_weight: u16) -> Vec<Entry> {
        self.entries(&board, minimum_weight)
    }

    /// The entry with the highest weight (the first of them in book order); ``IndexError``
    /// when the position has none.
    #[pyo3(signature = (board, *, minimum_weight = 1))]
    fn find(&self, board: PyRef<'_, BaseBoard>, minimum_weight: u16) -> PyResult<Entry> {
        self.entries(&board, minimum_weight)
            .into_iter()
            .reduce(|best, e| if e.weight > best.weight { e } else { best })
            .ok_or_else(|| {
                PyIndexError::new_err(format!("no entry found for {}", board.fen_string()))
            })
    }

    /// An entry chosen with probability proportional to its weight, using ``random``'s
    /// ``getrandbits`` (Python's ``random`` module by default); ``IndexError`` when the
    /// position has no entry.
    #[pyo3(signature = (board, *, random = None))]
    fn weighted_choice(
        &self,
        py: Python<'_>,
        board: PyRef<'_, BaseBoard>,
        random: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Entry> {
        let random = match random {
            Some(random) => random,
            None => py.import("random")?.into_any(),
        };
        let entries = self.entries(&board, 1);
        let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
        if total == 0 {
            return Err(PyIndexError::new_err(format!(
                "no entry found for {}",
                board.fen_string()
            )));
        }
        let bits: u64 = random.call_method1("getrandbits", (64,))?.extract()?;
        let mut pick = ((u128::from(bits) * u128::from(total)) >> 64) as u64;
        for e in entries {
            let weight = u64::from(e.weight);
            if pick < weight {
                return Ok(e);
            }
            pick -= weight;
        }
        unreachable!("the pick is below the total weight")
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(&self, _exc_type: Py<PyAny>, _exc: Py<PyAny>, _tb: Py<PyAny>) {}

    /// Nothing to close: the book is in memory. For python-chess's ``with`` habit.
    fn close(&self) {}
}

/// `kingside.MissingTableError`, a `KeyError`: no table holds the position.
fn missing_table(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    match CLASS.import(py, "kingside._errors", "MissingTableError") {
        Ok(class) => PyErr::from_type(class.clone(), message),
        Err(e) => e,
    }
}

fn syzygy_error(py: Python<'_>, e: SyzygyError) -> PyErr {
    match e {
        SyzygyError::Castling
        | SyzygyError::TooManyPieces { .. }
        | SyzygyError::MissingTable { .. } => missing_table(py, e.to_string()),
        other => PyOSError::new_err(other.to_string()),
    }
}

/// Syzygy tablebases: the tables of the directories given, each file opened (memory-mapped)
/// when a position of its material is first probed. Probes release the GIL.
#[pyclass(module = "kingside._native", frozen)]
pub(crate) struct Tablebase(std::sync::RwLock<Tables>);

#[pymethods]
impl Tablebase {
    #[new]
    fn new(py: Python<'_>, directory: std::path::PathBuf) -> PyResult<Tablebase> {
        let tables = py
            .detach(|| Tables::open(&directory))
            .map_err(|e| syzygy_error(py, e))?;
        Ok(Tablebase(std::sync::RwLock::new(tables)))
    }

    /// Adds the tables of another directory; returns how many files it has.
    fn add_directory(&self, py: Python<'_>, directory: std::path::PathBuf) -> PyResult<usize> {
        let mut tables = self
            .0
            .write()
            .map_err(|_| PyRuntimeError::new_err("the tablebase failed"))?;
        tables
            .add_directory(&directory)
            .map_err(|e| syzygy_error(py, e))
    }

    /// Win, draw or loss for the side to move under the 50-move rule: 2 win, 1 win the
    /// 50-move rule turns into a draw, 0 draw, -1 loss the rule saves, -2 loss (as
    /// python-chess's ``probe_wdl``). ``MissingTableError`` (a ``KeyError``) where no table
    /// holds the position.
    fn probe_wdl(&self, py: Python<'_>, board: PyRef<'_, BaseBoard>) -> PyResult<i8> {
        let pos = strict_position(&board)?;
        drop(board);
        let tables = self
            .0
            .read()
            .map_err(|_| PyRuntimeError::new_err("the tablebase failed"))?;
        py.detach(|| tables.probe_wdl(&pos))
            .map(|wdl| wdl as i8)
            .map_err(|e| syzygy_error(py, e))
    }

    /// The distance to zeroing (the next capture or pawn move) in plies with best play,
    /// positive when the side to move wins, negative when it loses, 0 for a draw; beyond
    /// 100 in absolute value where the 50-move rule spoils the result (as python-chess's
    /// ``probe_dtz``).
    fn probe_dtz(&self, py: Python<'_>, board: PyRef<'_, BaseBoard>) -> PyResult<i32> {
        let pos = strict_position(&board)?;
        drop(board);
        let tables = self
            .0
            .read()
            .map_err(|_| PyRuntimeError::new_err("the tablebase failed"))?;
        py.detach(|| tables.probe_dtz(&pos))
            .map(|dtz| dtz.0)
            .map_err(|e| syzygy_error(py, e))
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(&self, _exc_type: Py<PyAny>, _exc: Py<PyAny>, _tb: Py<PyAny>) {}

    /// Nothing to close: the files are unmapped when the tablebase is dropped.
    fn close(&self) {}
}

/// How often the waiting thread looks whether Python has a signal to handle (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Searches the board's position with the built-in engine on a thread of its own, the GIL
/// released; Ctrl-C stops it. See `kingside.analyse`.
#[pyfunction]
#[pyo3(signature = (board, *, depth = None, time = None, nodes = None, threads = 1, hash_mb = 16))]
fn analyse<'py>(
    py: Python<'py>,
    board: PyRef<'_, BaseBoard>,
    depth: Option<u32>,
    time: Option<f64>,
    nodes: Option<u64>,
    threads: usize,
    hash_mb: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if depth.is_none() && time.is_none() && nodes.is_none() {
        return Err(PyValueError::new_err(
            "analyse needs a limit: depth, time (seconds) or nodes",
        ));
    }
    let movetime = match time {
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "time is a positive number of seconds, not {t}"
            )));
        }
        None => None,
    };
    let limits = Limits {
        depth,
        movetime,
        nodes,
        ..Limits::default()
    };
    let chess960 = board.pos().chess960;
    let pos = strict_position(&board)?;
    // The positions before this one, for repetitions.
    let history: Vec<u64> = board.game.earlier_hashes();
    drop(board);
    let control = Control::new();
    let stop = std::sync::Arc::clone(control.stop_flag());
    let (send, receive) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("kingside-analyse".into())
        .spawn(move || {
            let mut searcher = Searcher::with_hash(hash_mb.max(1));
            searcher.set_threads(threads.max(1));
            let result = searcher.search(&pos, &history, &limits, &control, |_| {});
            let _ = send.send(result);
        })
        .map_err(|e| PyRuntimeError::new_err(format!("no thread to search on: {e}")))?;
    let mut receive = receive;
    let result = loop {
        // The receiver goes to the waiting code and back: a `&Receiver` may not cross into
        // code that runs without the GIL.
        let (item, back) = py.detach(move || (receive.recv_timeout(SIGNAL_POLL), receive));
        receive = back;
        match item {
            Ok(result) => break result,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    let _ = py.detach(|| worker.join());
                    return Err(e);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the search thread panicked"));
            }
        }
    };
    let _ = py.detach(|| worker.join());
    let out = PyDict::new(py);
    let score = PyDict::new(py);
    match result.score {
        Score::Cp(cp) => score.set_item("cp", cp)?,
        Score::Mate(n) => score.set_item("mate", n)?,
    }
    out.set_item("score", score)?;
    let pv = PyList::new(
        py,
        result
            .pv
            .iter()
            .map(|&m| Move::of_legal(m, chess960).into_object(py))
            .collect::<PyResult<Vec<_>>>()?,
    )?;
    let best = match result.best_move {
        Some(m) => Some(Move::of_legal(m, chess960).into_object(py)?),
        None => None,
    };
    out.set_item("pv", pv)?;
    out.set_item("best_move", best)?;
    out.set_item("depth", result.depth)?;
    out.set_item("seldepth", result.seldepth)?;
    out.set_item("nodes", result.nodes)?;
    out.set_item("time", result.time.as_secs_f64())?;
    Ok(out)
}
