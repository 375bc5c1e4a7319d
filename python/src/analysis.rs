//! The project's engine on a board, as chess-lab's `Player` runs it: `kingside.engine.analyse`
//! makes python-chess's shapes of what this returns.

use std::sync::mpsc;
use std::time::Duration;

use chess_engine::{Control, Limits, Score};
use chess_lab::player::{History, Player, PlayerSpec};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::board::{BaseBoard, Move, strict_position};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    Ok(())
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
    let mut spec = PlayerSpec::builtin();
    spec.set_option("Hash", &hash_mb.max(1).to_string());
    spec.set_option("Threads", &threads.max(1).to_string());
    let control = Control::new();
    let stop = std::sync::Arc::clone(control.stop_flag());
    let (send, receive) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("kingside-analyse".into())
        .spawn(move || {
            // Started here, without the GIL: its table is allocated and cleared.
            let history = History::Hashes {
                position: &pos,
                earlier: &history,
            };
            let analysis =
                Player::start(&spec)
                    .map_err(|e| e.to_string())
                    .and_then(|mut player| {
                        player
                            .analyse(history, &limits, &control, |_| {})
                            .map_err(|e| e.to_string())
                    });
            // A position without moves has no line: mated, or stalemated (python-chess's
            // engines say `score mate 0` or `cp 0` there).
            let none = if pos.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            let _ = send.send(analysis.map(|a| (a.score().unwrap_or(none), a)));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("no thread to search on: {e}")))?;
    let mut receive = receive;
    let (score, analysis) = loop {
        // The receiver goes to the waiting code and back: a `&Receiver` may not cross into
        // code that runs without the GIL.
        let (item, back) = py.detach(move || (receive.recv_timeout(SIGNAL_POLL), receive));
        receive = back;
        match item {
            Ok(Ok(result)) => break result,
            Ok(Err(e)) => return Err(PyRuntimeError::new_err(e)),
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
    let score_dict = PyDict::new(py);
    match score {
        Score::Cp(cp) => score_dict.set_item("cp", cp)?,
        Score::Mate(n) => score_dict.set_item("mate", n)?,
    }
    out.set_item("score", score_dict)?;
    let pv = PyList::new(
        py,
        analysis
            .best_line()
            .iter()
            .map(|&m| Move::of_legal(m, chess960).into_object(py))
            .collect::<PyResult<Vec<_>>>()?,
    )?;
    let best = match analysis.best_move() {
        Some(m) => Some(Move::of_legal(m, chess960).into_object(py)?),
        None => None,
    };
    out.set_item("pv", pv)?;
    out.set_item("best_move", best)?;
    out.set_item("depth", analysis.depth.unwrap_or(0))?;
    out.set_item("seldepth", analysis.seldepth.unwrap_or(0))?;
    out.set_item("nodes", analysis.nodes.unwrap_or(0))?;
    out.set_item("time", analysis.time.unwrap_or_default().as_secs_f64())?;
    Ok(out)
}
