//! `Board`'s game state and moves: side to move, castling rights, en passant square, clocks,
//! the move stack, making and taking back moves, move generation and legality, copies.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chess_core::{Bitboard, Color, Square};
use chess_notation::lenient::read_fen;
use chess_rules::lenient::{LenientGame, LenientPosition, RawMove};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};

use crate::interrupt::interruptible;

use super::convert::{self, bitboard, optional_bitboard};
use super::errors::{illegal_move, invalid_fen};
use super::squareset::{SquareSet, square_set};
use super::{BaseBoard, Board, Move, new_like};

/// The list iterator of moves, as Python objects.
pub(crate) fn move_iter<'py>(py: Python<'py>, moves: &[RawMove]) -> PyResult<Bound<'py, PyAny>> {
    let list = PyList::new(
        py,
        moves
            .iter()
            .map(|&m| Move::object(py, m))
            .collect::<PyResult<Vec<_>>>()?,
    )?;
    list.try_iter().map(Bound::into_any)
}

/// The move an argument names (a `Move`, or anything with python-chess's move attributes).
pub(crate) fn raw_move(value: &Bound<'_, PyAny>) -> PyResult<RawMove> {
    // Read in place (a frozen class): a copy of the move made on the stack and read back
    // whole stalls the load on the copy's byte stores, a third of `is_capture`'s time.
    Ok(value.cast::<Move>()?.get().raw())
}

impl BaseBoard {
    /// Plays `m` as python-chess's `push` does; only a move from an empty square is refused
    /// (python-chess fails on it too, after corrupting the board).
    pub(crate) fn push_raw(&mut self, py: Python<'_>, m: RawMove) -> PyResult<()> {
        let fen = || chess_notation::lenient::write_fen(self.pos(), Default::default());
        if !m.is_null() && m.drop.is_none() && self.pos().board.piece_at(m.from).is_none() {
            return Err(illegal_move(
                py,
                format!(
                    "push() expects a legal, pseudo-legal or null move: there is no piece on {} for {m} in {}",
                    m.from,
                    fen()
                ),
            ));
        }
        self.play()
            .push(m)
            .map_err(|e| illegal_move(py, e.to_string()))
    }

    /// Reads a FEN into the board (python-chess's `set_fen`), clearing the stack.
    pub(crate) fn set_fen_text(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        let chess960 = self.pos().chess960;
        let pos = read_fen(fen, chess960).map_err(|e| invalid_fen(py, format!("{e} ({fen:?})")))?;
        self.replace(LenientGame::new(pos));
        Ok(())
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyClassInitializer<Board> {
        PyClassInitializer::from(BaseBoard::new(LenientPosition::empty(false)))
            .add_subclass(Board {})
    }

    /// What ``Board.__init__`` does: the position of a FEN (the standard start by default,
    /// an empty board for None) in standard chess or Chess960.
    #[pyo3(signature = (fen, chess960 = false))]
    fn _init(mut slf: PyRefMut<'_, Self>, fen: Option<&str>, chess960: bool) -> PyResult<()> {
        let py = slf.py();
        let base = slf.as_super();
        match fen {
            None => base.replace(LenientGame::new(LenientPosition::empty(chess960))),
            Some(chess_notation::fen::STARTING_FEN) => {
                let mut pos = LenientPosition::standard();
                pos.chess960 = chess960;
                base.replace(LenientGame::new(pos));
            }
            Some(fen) => {
                base.edit().chess960 = chess960;
                base.set_fen_text(py, fen)?;
            }
        }
        Ok(())
    }

    /// The side to move: True for white.
    #[getter]
    fn turn(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().turn.is_white()
    }

    #[setter]
    fn set_turn(mut slf: PyRefMut<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let color = convert::color(value)?;
        slf.as_super().edit().turn = color;
        Ok(())
    }

    /// The castling rights: a bitboard of the rooks a king may still castle with.
    #[getter]
    fn castling_rights(slf: PyRef<'_, Self>) -> u64 {
        slf.as_super().pos().castling_rights.0
    }

    #[setter]
    fn set_castling_rights(mut slf: PyRefMut<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let rights = bitboard(value, "castling_rights")?;
        slf.as_super().edit().castling_rights = rights;
        Ok(())
    }

    /// The square a pawn skipped with a double step on the last move, or None (set even when
    /// no capture en passant is possible).
    #[getter]
    fn ep_square(slf: PyRef<'_, Self>) -> Option<u8> {
        slf.as_super().pos().ep_square.map(|s| s as u8)
    }

    #[setter]
    fn set_ep_square(mut slf: PyRefMut<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let sq = convert::optional_square(value, "ep_square")?;
        slf.as_super().edit().ep_square = sq;
        Ok(())
    }

    /// Halfmoves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(slf: PyRef<'_, Self>) -> u32 {
        slf.as_super().pos().halfmoves
    }

    #[setter]
    fn set_halfmove_clock(mut slf: PyRefMut<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = convert::counter(value, "halfmove_clock")?;
        slf.as_super().edit().halfmoves = n;
        Ok(())
    }

    /// The move number, starting at 1 and incremented after black's move.
    #[getter]
    fn fullmove_number(slf: PyRef<'_, Self>) -> u32 {
        slf.as_super().pos().fullmoves
    }

    #[setter]
    fn set_fullmove_number(mut slf: PyRefMut<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = convert::counter(value, "fullmove_number")?;
        slf.as_super().edit().fullmoves = n;
        Ok(())
    }

    /// Whether the board plays Chess960 (castling written as the king taking its rook,
    /// rooks off the corners keeping their rights).
    #[getter]
    fn chess960(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().chess960
    }

    #[setter]
    fn set_chess960(mut slf: PyRefMut<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let on = value.is_truthy()?;
        slf.as_super().edit().chess960 = on;
        Ok(())
    }

    /// The moves played, oldest first (a new list each time).
    #[getter]
    fn move_stack<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let base = slf.as_super();
        PyList::new(
            py,
            base.game
                .moves()
                .map(|m| Move::object(py, m))
                .collect::<PyResult<Vec<_>>>()?,
        )
    }

    /// Sets up the start position (keeping the Chess960 mode) and clears the move stack.
    fn reset(mut slf: PyRefMut<'_, Self>) {
        let base = slf.as_super();
        let mut pos = LenientPosition::standard();
        pos.chess960 = base.pos().chess960;
        base.replace(LenientGame::new(pos));
    }

    /// Removes every piece, every right and the move stack; white to move, ``0 1``.
    fn clear(mut slf: PyRefMut<'_, Self>) {
        let base = slf.as_super();
        let chess960 = base.pos().chess960;
        base.replace(LenientGame::new(LenientPosition::empty(chess960)));
    }

    /// Forgets the move stack, keeping the position.
    fn clear_stack(mut slf: PyRefMut<'_, Self>) {
        slf.as_super().play().clear_history();
    }

    /// A board of the position before the first move of the stack.
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, BaseBoard>> {
        let base = slf.as_super();
        let root = base.borrow().game.root();
        let board = new_like(base)?;
        board.borrow_mut().replace(LenientGame::new(root));
        Ok(board)
    }

    /// The number of halfmoves since the start of the game, by the move number and the side
    /// to move (not by the stack, which may have been cleared).
    fn ply(slf: PyRef<'_, Self>) -> u32 {
        let pos = slf.as_super().pos();
        2 * pos.fullmoves.saturating_sub(1) + u32::from(pos.turn.is_black())
    }

    /// Generates the pseudo-legal moves from `from_mask` to `to_mask`.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_pseudo_legal_moves<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        move_iter(slf.py(), &slf.as_super().pos().pseudo_legal_moves(from, to))
    }

    /// Generates the pseudo-legal en passant captures.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_pseudo_legal_ep<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        move_iter(slf.py(), &slf.as_super().pos().pseudo_legal_ep(from, to))
    }

    /// Generates the pseudo-legal captures (en passant last).
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_pseudo_legal_captures<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        move_iter(
            slf.py(),
            &slf.as_super().pos().pseudo_legal_captures(from, to),
        )
    }

    /// Generates the legal moves from `from_mask` to `to_mask`, in python-chess's order.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_legal_moves<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        let base = slf.as_super();
        if from == Bitboard::FULL && to == Bitboard::FULL {
            return move_iter(slf.py(), base.legal_moves());
        }
        move_iter(slf.py(), &base.pos().legal_moves(from, to))
    }

    /// Generates the legal en passant captures.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_legal_ep<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        move_iter(slf.py(), &slf.as_super().pos().legal_ep(from, to))
    }

    /// Generates the legal captures (en passant last).
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_legal_captures<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        move_iter(slf.py(), &slf.as_super().pos().legal_captures(from, to))
    }

    /// Generates the castling moves, the king on `from_mask` and the rook on `to_mask`.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_castling_moves<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = masks(from_mask, to_mask)?;
        move_iter(slf.py(), &slf.as_super().pos().castling_moves(from, to))
    }

    /// The pieces giving check to the side to move, a bitboard.
    fn checkers_mask(slf: PyRef<'_, Self>) -> u64 {
        slf.as_super().pos().checkers().0
    }

    /// The pieces giving check to the side to move.
    fn checkers<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, SquareSet>> {
        square_set(slf.py(), slf.as_super().pos().checkers())
    }

    /// Whether the side to move is in check.
    fn is_check(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().is_check()
    }

    /// Whether a move gives check.
    fn gives_check(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().gives_check(raw_move(r#move)?))
    }

    /// Whether a pseudo-legal move leaves the side's own king in check.
    fn is_into_check(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_into_check(raw_move(r#move)?))
    }

    /// Whether the side that just moved left its king in check.
    fn was_into_check(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().was_into_check()
    }

    /// Whether a move follows the pieces' rules here (castling included).
    fn is_pseudo_legal(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_pseudo_legal(raw_move(r#move)?))
    }

    /// Whether a move is legal here.
    fn is_legal(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_legal(raw_move(r#move)?))
    }

    /// Plays a move, as python-chess does without checking that it is legal (a
    /// pseudo-legal move, a null move or a drop is played as it is); a move from an empty
    /// square raises ``IllegalMoveError``.
    fn push(mut slf: PyRefMut<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = raw_move(r#move)?;
        let py = slf.py();
        slf.as_super().push_raw(py, m)
    }

    /// Takes back the last move and returns it; ``IndexError`` when the stack is empty.
    fn pop<'py>(mut slf: PyRefMut<'py, Self>) -> PyResult<Bound<'py, Move>> {
        let py = slf.py();
        match slf.as_super().play().pop() {
            Some(m) => Move::object(py, m),
            None => Err(PyIndexError::new_err("pop from empty move stack")),
        }
    }

    /// The last move played; ``IndexError`` when the stack is empty.
    fn peek<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, Move>> {
        match slf.as_super().game.peek() {
            Some(m) => Move::object(slf.py(), m),
            None => Err(PyIndexError::new_err("peek at an empty move stack")),
        }
    }

    /// The legal move between two squares (a pawn reaching the last rank promotes to a queen
    /// unless `promotion` says otherwise; castling by the king's destination or its rook's
    /// square); ``IllegalMoveError`` when there is none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move<'py>(
        slf: PyRef<'py, Self>,
        from_square: &Bound<'py, PyAny>,
        to_square: &Bound<'py, PyAny>,
        promotion: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Move>> {
        let py = slf.py();
        let from = convert::square(from_square, "from_square")?;
        let to = convert::square(to_square, "to_square")?;
        let promotion = match promotion {
            Some(p) if !p.is_none() => Some(convert::piece_type(p, "promotion")?),
            _ => None,
        };
        let pos = slf.as_super().pos();
        match pos.find_move(from, to, promotion) {
            Some(m) => Move::object(py, m),
            None => Err(illegal_move(
                py,
                format!(
                    "no legal move from {from} to {to} in {}",
                    chess_notation::lenient::write_fen(pos, Default::default())
                ),
            )),
        }
    }

    /// A castling move from `e1`/`e8` to a corner as the king's destination unless
    /// `chess960` (python-chess's private helper of that name, which some code calls).
    #[pyo3(signature = (chess960, from_square, to_square, promotion = None, drop = None))]
    fn _from_chess960<'py>(
        slf: PyRef<'py, Self>,
        chess960: bool,
        from_square: &Bound<'py, PyAny>,
        to_square: &Bound<'py, PyAny>,
        promotion: Option<&Bound<'py, PyAny>>,
        drop: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Move>> {
        let optional = |v: Option<&Bound<'py, PyAny>>, name: &str| -> PyResult<Option<i64>> {
            match v {
                Some(v) if !v.is_none() => convert::integer(v, name).map(Some),
                _ => Ok(None),
            }
        };
        let m = Move::checked(
            convert::integer(from_square, "from_square")?,
            convert::integer(to_square, "to_square")?,
            optional(promotion, "promotion")?,
            optional(drop, "drop")?,
        )?;
        let pos = slf.as_super().pos();
        Move::object(slf.py(), pos.from_chess960(chess960, m.raw()))
    }

    /// A castling move as the king taking its rook (python-chess's private helper).
    fn _to_chess960<'py>(
        slf: PyRef<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Move>> {
        let m = raw_move(r#move)?;
        Move::object(slf.py(), slf.as_super().pos().to_chess960(m))
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep (kingside's
    /// addition), on Rust threads; Ctrl-C stops it.
    fn perft(slf: PyRef<'_, Self>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let py = slf.py();
        let depth = convert::integer(depth, "depth")?;
        let depth = u32::try_from(depth)
            .ok()
            .filter(|&d| d <= 32)
            .ok_or_else(|| {
                PyValueError::new_err(format!("depth is a number of plies 0..32, not {depth}"))
            })?;
        let pos = slf.as_super().pos().clone();
        drop(slf);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let nodes = interruptible(py, stop, move || match pos.to_position() {
            // A position that can occur in a game goes the validated, faster way.
            Ok(valid) if pos.is_valid() => chess_rules::perft_stoppable(&valid, depth, &flag),
            _ => pos.perft_stoppable(depth, &flag),
        })?;
        nodes.ok_or_else(|| PyRuntimeError::new_err("perft was stopped"))
    }

    /// The Polyglot key of the position (as ``chess.polyglot.zobrist_hash``).
    fn zobrist_hash(slf: PyRef<'_, Self>) -> u64 {
        slf.as_super().pos().zobrist_hash()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        let base = slf.as_super().borrow();
        let fen = chess_notation::lenient::write_fen(base.pos(), Default::default());
        Ok(if base.pos().chess960 {
            format!("{name}('{fen}', chess960=True)")
        } else {
            format!("{name}('{fen}')")
        })
    }

    /// Boards are equal when their positions are (pieces, side to move, usable castling
    /// rights, the en passant square where a capture is legal, and both counters), as
    /// python-chess compares them: the move stacks do not count.
    fn __eq__(slf: PyRef<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Board>() else {
            return Ok(py.NotImplemented());
        };
        let this = slf.as_super().pos();
        let other = other.as_super().borrow();
        let that = other.pos();
        let equal = this.halfmoves == that.halfmoves
            && this.fullmoves == that.fullmoves
            && this.transposition_key() == that.transposition_key();
        Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// Applies a function of bitboards to the board, the en passant square and the castling
    /// rights; clears the move stack.
    fn apply_transform(mut slf: PyRefMut<'_, Self>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let base = slf.as_super();
        base.transform_pieces(f)?;
        let ep = base.pos().ep_square;
        let ep = match ep {
            None => None,
            Some(sq) => bitboard(
                &f.call1((Bitboard::from_square(sq).0,))?,
                "en passant square",
            )?
            .last(),
        };
        let castling = bitboard(
            &f.call1((base.pos().castling_rights.0,))?,
            "castling rights",
        )?;
        let pos = base.setup();
        pos.ep_square = ep;
        pos.castling_rights = castling;
        Ok(())
    }

    /// Flips the board top to bottom, swaps the colors and the side to move.
    fn apply_mirror(mut slf: PyRefMut<'_, Self>) {
        let base = slf.as_super();
        let mirrored = base.pos().mirror();
        base.replace(LenientGame::new(mirrored));
    }

    /// A copy, with the whole move stack (`stack=True`), none (False or 0) or its last
    /// `stack` moves.
    #[pyo3(signature = (*, stack = None))]
    fn copy<'py>(
        slf: &Bound<'py, Self>,
        stack: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, BaseBoard>> {
        let base = slf.as_super();
        let copy = new_like(base)?;
        let mut game = base.borrow().game.clone();
        match stack {
            None => {}
            Some(s) if s.cast::<pyo3::types::PyBool>().is_ok() && !s.is_truthy()? => {
                game.clear_history();
            }
            Some(s) if s.cast::<pyo3::types::PyBool>().is_ok() => {}
            Some(s) => {
                let n = convert::integer(s, "stack")?;
                if n <= 0 {
                    game.clear_history();
                } else {
                    game.keep_last(usize::try_from(n).unwrap_or(usize::MAX));
                }
            }
        }
        copy.borrow_mut().replace(game);
        Ok(copy)
    }

    /// An empty board, in Chess960 mode or not.
    #[classmethod]
    #[pyo3(signature = (*, chess960 = false))]
    fn empty<'py>(cls: &Bound<'py, PyType>, chess960: bool) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("chess960", chess960)?;
        cls.call((cls.py().None(),), Some(&kwargs))
    }

    /// A board set up in a Chess960 starting position by its number, in Chess960 mode.
    #[classmethod]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("chess960", true)?;
        let board = cls.call_method("empty", (), Some(&kwargs))?;
        board.call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }

    /// Sets up a Chess960 starting position by its number (0..959): every right, white to
    /// move, ``0 1``, Chess960 mode; clears the move stack.
    fn set_chess960_pos(mut slf: PyRefMut<'_, Self>, scharnagl: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = convert::integer(scharnagl, "scharnagl")?;
        let board = u32::try_from(n)
            .ok()
            .and_then(chess_core::Board::chess960)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "scharnagl is the number of a Chess960 starting position, 0..959, not {n}"
                ))
            })?;
        let base = slf.as_super();
        let mut pos = LenientPosition::empty(true);
        pos.castling_rights = board.by_role(chess_core::Role::Rook);
        pos.board = board;
        base.replace(LenientGame::new(pos));
        Ok(())
    }

    /// The number of the Chess960 starting position of the board, or None: the en passant
    /// square must be empty, and unless told to ignore them white must be to move, every
    /// rook must keep its right (and, with ``ignore_counters=False``, the clocks be ``0 1``).
    #[pyo3(signature = (*, ignore_turn = false, ignore_castling = false, ignore_counters = true))]
    fn chess960_pos(
        slf: PyRef<'_, Self>,
        ignore_turn: bool,
        ignore_castling: bool,
        ignore_counters: bool,
    ) -> Option<u32> {
        let pos = slf.as_super().pos();
        if pos.ep_square.is_some_and(|sq| sq != Square::A1) {
            return None;
        }
        if !ignore_turn && pos.turn != Color::White {
            return None;
        }
        if !ignore_castling
            && pos.clean_castling_rights() != pos.board.by_role(chess_core::Role::Rook)
        {
            return None;
        }
        if !ignore_counters && (pos.fullmoves != 1 || pos.halfmoves != 0) {
            return None;
        }
        pos.board.chess960_number()
    }
}

/// The masks of a generator call, every square by default.
fn masks(
    from: Option<&Bound<'_, PyAny>>,
    to: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Bitboard, Bitboard)> {
    Ok((
        optional_bitboard(from, "from_mask")?,
        optional_bitboard(to, "to_mask")?,
    ))
}
