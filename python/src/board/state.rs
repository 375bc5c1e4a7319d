//! The state of both board classes: `BaseBoard`'s Rust struct, which a `Board` shares (it adds
//! no field), the moves of its position kept once generated, and what the other files of the
//! module ask of any board (its validated position, a new one of its class, its fields).

use std::sync::OnceLock;

use chess_core::Bitboard;
use chess_rules::lenient::{LenientGame, LenientPosition, RawMove};
use pyo3::prelude::*;

/// The pieces on the board, as python-chess's ``chess.BaseBoard``: no side to move, castling
/// or move stack. (The Rust struct also holds what a `Board` adds: see the module docs.)
#[pyclass(module = "kingside._native", subclass, dict, weakref)]
pub(crate) struct BaseBoard {
    pub(crate) game: LenientGame,
    /// The legal moves of the current position, generated once: `list(board.legal_moves)`
    /// asks for their number and then for them.
    legal: OnceLock<Vec<RawMove>>,
    /// The pseudo-legal moves, the same way.
    pseudo: OnceLock<Vec<RawMove>>,
}

/// A board with its game state, as python-chess's ``chess.Board``.
#[pyclass(module = "kingside._native", extends = BaseBoard, subclass)]
pub(crate) struct Board {}

impl BaseBoard {
    pub(super) fn new(pos: LenientPosition) -> BaseBoard {
        BaseBoard {
            game: LenientGame::new(pos),
            legal: OnceLock::new(),
            pseudo: OnceLock::new(),
        }
    }

    /// The current position.
    #[inline]
    pub(crate) fn pos(&self) -> &LenientPosition {
        self.game.position()
    }

    /// The current position, to change: the cached moves are dropped. The move stack stays.
    #[inline]
    pub(crate) fn edit(&mut self) -> &mut LenientPosition {
        self.forget_moves();
        self.game.position_mut()
    }

    /// Drops the cached moves: the position changed.
    fn forget_moves(&mut self) {
        self.legal = OnceLock::new();
        self.pseudo = OnceLock::new();
    }

    /// The current position, to set up anew: the cached moves and the move stack are
    /// dropped, as python-chess's editing methods clear the stack.
    pub(crate) fn setup(&mut self) -> &mut LenientPosition {
        self.game.clear_history();
        self.edit()
    }

    /// The game, to play or take back moves: the cached moves are dropped.
    #[inline]
    pub(crate) fn play(&mut self) -> &mut LenientGame {
        self.forget_moves();
        &mut self.game
    }

    /// The legal moves of the current position, in python-chess's order.
    pub(crate) fn legal_moves(&self) -> &[RawMove] {
        self.legal
            .get_or_init(|| self.pos().legal_moves(Bitboard::FULL, Bitboard::FULL))
    }

    /// The pseudo-legal moves of the current position, in python-chess's order.
    pub(crate) fn pseudo_legal_moves(&self) -> &[RawMove] {
        self.pseudo.get_or_init(|| {
            self.pos()
                .pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL)
        })
    }

    /// Replaces the whole state.
    pub(crate) fn replace(&mut self, game: LenientGame) {
        self.forget_moves();
        self.game = game;
    }
}

/// The validated position of a board, for the engine, tablebases and the strict readers:
/// positions that cannot occur in a game (no king, a capturable king) are refused with a
/// ``ValueError`` that says why; those that are only unusual (pawns on the back rank,
/// impossible checks) are taken.
pub(crate) fn strict_position(board: &BaseBoard) -> PyResult<chess_rules::Position> {
    board
        .pos()
        .to_position()
        .or_else(|e| e.ignore(chess_rules::PositionErrorKinds::IGNORABLE))
        .map_err(|e| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{e} ({})",
                chess_notation::lenient::write_fen(board.pos(), Default::default())
            ))
        })
}

/// A new, empty instance of the class of `slf` (a subclass included), made as python-chess
/// makes one: `type(self)(None)`, so that a subclass's `__init__` runs.
pub(crate) fn new_like<'py>(slf: &Bound<'py, BaseBoard>) -> PyResult<Bound<'py, BaseBoard>> {
    let instance = slf.get_type().call1((slf.py().None(),))?;
    Ok(instance.cast_into::<BaseBoard>()?)
}

/// The fields of a board, for `__eq__` and friends: the Rust state of any board object.
pub(crate) fn state_of<'py>(value: &Bound<'py, PyAny>) -> Option<PyRef<'py, BaseBoard>> {
    value.cast::<BaseBoard>().ok().map(|b| b.borrow())
}
