//! A game stream as aligned arrays for training: for every position in which a move was
//! played, its pieces, side to move, the move (as its dense index), the clock and evaluation
//! after it, and the game's result. Made in Rust over the whole input; the Python side makes
//! each buffer a NumPy array without a copy.

use chess_archive::{ReadOptions, RecordOptions};
use chess_core::Color;
use chess_notation::pgn::{Eval, GameResult};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};

use crate::arrays::PLANES;
use crate::board::Move;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::inputs::{Failure, inputs};
use crate::interrupt::interruptible;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(position_arrays, m)?)?;
    Ok(())
}

/// The columns, as they grow.
#[derive(Default)]
struct Columns {
    game: Vec<i64>,
    ply: Vec<i32>,
    bitboards: Vec<u64>,
    turn: Vec<bool>,
    moves: Vec<i32>,
    clock: Vec<f32>,
    eval_cp: Vec<f32>,
    eval_mate: Vec<i16>,
    result: Vec<f32>,
    /// Games read whole, and games left out (an error, or cut by the input's end).
    games: u64,
    bad: u64,
}

impl Columns {
    /// The rows of a game: one per move played, in order.
    fn append(&mut self, game: i64, record: &chess_archive::GameRecord, chess960: bool) {
        let result = match record.result_token {
            GameResult::WhiteWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::Unknown => f32::NAN,
        };
        for (ply, (position, m)) in record.positions.iter().zip(&record.moves).enumerate() {
            let Some(m) = m else {
                // A null move: no move to learn, and the position after it is the next row.
                continue;
            };
            self.game.push(game);
            self.ply.push(i32::try_from(ply).unwrap_or(i32::MAX));
            let board = position.board();
            self.bitboards.extend(
                PLANES
                    .iter()
                    .map(|&(color, role)| board.pieces(color, role).0),
            );
            self.turn.push(position.turn() == Color::White);
            self.moves.push(Move::of_legal(*m, chess960).index() as i32);
            let clock = record.clocks.get(ply).copied().flatten();
            self.clock
                .push(clock.map_or(f32::NAN, |ms| ms as f32 / 1000.0));
            let (cp, mate) = match record.evals.get(ply).copied().flatten() {
                Some(Eval::Centipawns(cp)) => (cp as f32, 0),
                Some(Eval::Mate(n)) => (f32::NAN, i16::try_from(n).unwrap_or(i16::MAX)),
                None => (f32::NAN, 0),
            };
            self.eval_cp.push(cp);
            self.eval_mate.push(mate);
            self.result.push(result);
        }
    }
}

/// The little-endian bytes of a column, as a bytearray.
fn bytes<'py, T: Copy>(
    py: Python<'py>,
    values: &[T],
    to_le: impl Fn(T, &mut [u8]),
) -> PyResult<Bound<'py, PyByteArray>> {
    let size = core::mem::size_of::<T>();
    PyByteArray::new_with(py, core::mem::size_of_val(values), |out| {
        for (value, chunk) in values.iter().zip(out.chunks_exact_mut(size)) {
            to_le(*value, chunk);
        }
        Ok(())
    })
}

/// The aligned columns of every position a move was played in, as `{name: bytearray}` (see
/// `kingside.position_arrays`), with the counts of games read and left out.
#[pyfunction]
#[pyo3(signature = (sources, *, threads = 0, chess960 = false, allow_null_moves = false, part = None, stream_from = None))]
fn position_arrays<'py>(
    py: Python<'py>,
    sources: &Bound<'py, PyAny>,
    threads: usize,
    chess960: bool,
    allow_null_moves: bool,
    part: Option<&str>,
    stream_from: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let inputs = inputs(sources, part, stream_from, None)?;
    // The result comes from the result token, or the `Result` tag without one: the tags
    // stay; the final position and outcome are not wanted.
    let mut options = ReadOptions::new(RecordOptions {
        positions: true,
        skip_ending: true,
        ..RecordOptions::default()
    });
    options.threads = threads;
    options.chess960 = chess960;
    options.allow_null_moves = allow_null_moves;
    // On a thread of its own, so that Ctrl-C stops it (between two games).
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    let read = interruptible(py, stop, move || -> Result<Columns, Failure> {
        let mut columns = Columns::default();
        let mut number = 0_i64;
        for input in inputs {
            let name = input.name.clone();
            let mut records = input.records(&options)?;
            for record in &mut records {
                if stopped.load(Ordering::Relaxed) {
                    return Ok(columns);
                }
                // Games are numbered across the inputs, from 0: the row of the game in a
                // `read_games` of the same inputs.
                let game = number;
                number += 1;
                if record.error.is_some() || record.truncated {
                    columns.bad += 1;
                    continue;
                }
                columns.games += 1;
                columns.append(game, &record, options.chess960);
            }
            if let Some(e) = records.take_error() {
                return Err(Failure::pgn(&name, &e));
            }
        }
        Ok(columns)
    })?;
    let columns = read.map_err(|failure| failure.into_pyerr(py))?;
    let dict = PyDict::new(py);
    dict.set_item(
        "game",
        bytes(py, &columns.game, |v, b| {
            b.copy_from_slice(&v.to_le_bytes())
        })?,
    )?;
    dict.set_item(
        "ply",
        bytes(py, &columns.ply, |v, b| b.copy_from_slice(&v.to_le_bytes()))?,
    )?;
    dict.set_item(
        "bitboards",
        bytes(py, &columns.bitboards, |v, b| {
            b.copy_from_slice(&v.to_le_bytes())
        })?,
    )?;
    dict.set_item("turn", bytes(py, &columns.turn, |v, b| b[0] = u8::from(v))?)?;
    dict.set_item(
        "move",
        bytes(py, &columns.moves, |v, b| {
            b.copy_from_slice(&v.to_le_bytes())
        })?,
    )?;
    dict.set_item(
        "clock",
        bytes(py, &columns.clock, |v, b| {
            b.copy_from_slice(&v.to_le_bytes())
        })?,
    )?;
    dict.set_item(
        "eval_cp",
        bytes(py, &columns.eval_cp, |v, b| {
            b.copy_from_slice(&v.to_le_bytes())
        })?,
    )?;
    dict.set_item(
        "eval_mate",
        bytes(py, &columns.eval_mate, |v, b| {
            b.copy_from_slice(&v.to_le_bytes())
        })?,
    )?;
    dict.set_item(
        "result",
        bytes(py, &columns.result, |v, b| {
            b.copy_from_slice(&v.to_le_bytes())
        })?,
    )?;
    dict.set_item("games", columns.games)?;
    dict.set_item("bad_games", columns.bad)?;
    if columns.game.len() != columns.result.len() {
        return Err(PyRuntimeError::new_err(
            "the columns are not aligned (a bug)",
        ));
    }
    Ok(dict)
}
