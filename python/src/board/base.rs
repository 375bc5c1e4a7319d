//! `BaseBoard`'s methods: the pieces, what they attack and pin, editing, the placement FEN,
//! Chess960 set-ups, transforms, copies and pickling.

use chess_core::{Bitboard, Board as Pieces, Color, Piece as CorePiece, Role, Square};
use chess_notation::lenient::{board_fen, read_board_fen};
use chess_rules::lenient::{LenientGame, LenientPosition};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use super::convert::{self, bitboard, square};
use super::errors::invalid_fen;
use super::squareset::{SquareSet, square_set};
use super::{BaseBoard, Piece, new_like};

/// The standard placement field.
const STARTING_BOARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

impl BaseBoard {
    /// The squares of one kind of piece, any color.
    fn role(&self, role: Role) -> u64 {
        self.pos().board.by_role(role).0
    }

    /// Sets the placement from a FEN field (python-chess's rules; `~` marks promoted pieces).
    pub(crate) fn set_board_fen_text(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        let (board, promoted) =
            read_board_fen(fen).map_err(|e| invalid_fen(py, format!("{e} ({fen:?})")))?;
        let pos = self.setup();
        pos.board = board;
        pos.promoted = promoted;
        Ok(())
    }

    /// The attackers of `color` on `sq`, sliders seen through `occupied` (the board's pieces
    /// by default).
    fn attackers_bb(
        &self,
        color: &Bound<'_, PyAny>,
        sq: &Bound<'_, PyAny>,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bitboard> {
        let color = convert::color(color)?;
        let sq = square(sq, "square")?;
        let occupied = match occupied {
            Some(o) if !o.is_none() => Bitboard(super::squareset::into_mask(o)?),
            _ => self.pos().board.occupied(),
        };
        Ok(self.pos().attackers_mask(color, sq, occupied))
    }

    /// Applies `f` (a function of bitboards) to every bitboard of the placement.
    pub(crate) fn transform_pieces(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let call = |bb: Bitboard| -> PyResult<Bitboard> {
            bitboard(&f.call1((bb.0,))?, "transformed bitboard")
        };
        let pos = self.pos();
        let roles: Vec<Bitboard> = Role::ALL
            .iter()
            .map(|&r| call(pos.board.by_role(r)))
            .collect::<PyResult<_>>()?;
        let white = call(pos.board.by_color(Color::White))?;
        let black = call(pos.board.by_color(Color::Black))?;
        let promoted = call(pos.promoted)?;
        let mut board = Pieces::empty();
        for (role, bb) in Role::ALL.iter().zip(roles) {
            for sq in bb {
                if white.contains(sq) {
                    board.put(sq, CorePiece::new(Color::White, *role));
                } else if black.contains(sq) {
                    board.put(sq, CorePiece::new(Color::Black, *role));
                }
            }
        }
        let pos = self.setup();
        pos.board = board;
        pos.promoted = promoted;
        Ok(())
    }
}

#[pymethods]
impl BaseBoard {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> BaseBoard {
        BaseBoard::new(LenientPosition::empty(false))
    }

    /// Sets the placement of `board_fen` (the standard one by default, none for None): what
    /// ``BaseBoard.__init__`` does.
    #[pyo3(signature = (board_fen = Some(STARTING_BOARD_FEN)))]
    fn _init_board(&mut self, py: Python<'_>, board_fen: Option<&str>) -> PyResult<()> {
        match board_fen {
            None => self.replace(LenientGame::new(LenientPosition::empty(false))),
            Some(fen) => self.set_board_fen_text(py, fen)?,
        }
        Ok(())
    }

    /// Puts the pieces where they stand at the start of a game.
    fn reset_board(&mut self) {
        self.setup().board = Pieces::standard();
        self.setup().promoted = Bitboard::EMPTY;
    }

    /// Removes every piece.
    fn clear_board(&mut self) {
        self.setup().board = Pieces::empty();
        self.setup().promoted = Bitboard::EMPTY;
    }

    #[getter]
    fn pawns(&self) -> u64 {
        self.role(Role::Pawn)
    }

    #[getter]
    fn knights(&self) -> u64 {
        self.role(Role::Knight)
    }

    #[getter]
    fn bishops(&self) -> u64 {
        self.role(Role::Bishop)
    }

    #[getter]
    fn rooks(&self) -> u64 {
        self.role(Role::Rook)
    }

    #[getter]
    fn queens(&self) -> u64 {
        self.role(Role::Queen)
    }

    #[getter]
    fn kings(&self) -> u64 {
        self.role(Role::King)
    }

    /// The promoted pieces (Crazyhouse's ``~``), a bitboard.
    #[getter]
    fn promoted(&self) -> u64 {
        self.pos().promoted.0
    }

    #[setter]
    fn set_promoted(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.edit().promoted = bitboard(value, "promoted")?;
        Ok(())
    }

    /// Every piece, a bitboard.
    #[getter]
    fn occupied(&self) -> u64 {
        self.pos().board.occupied().0
    }

    /// The pieces of each color, ``[black, white]``: indexed by a color (``chess.WHITE`` is
    /// 1).
    #[getter]
    fn occupied_co(&self) -> [u64; 2] {
        let b = &self.pos().board;
        [b.by_color(Color::Black).0, b.by_color(Color::White).0]
    }

    /// The squares of the pieces of a type and color, a bitboard.
    fn pieces_mask(
        &self,
        piece_type: &Bound<'_, PyAny>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<u64> {
        let role = convert::piece_type(piece_type, "piece_type")?;
        Ok(self.pos().board.pieces(convert::color(color)?, role).0)
    }

    /// The squares of the pieces of a type and color.
    fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: &Bound<'_, PyAny>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, SquareSet>> {
        square_set(py, Bitboard(self.pieces_mask(piece_type, color)?))
    }

    /// The piece on a square, or None.
    fn piece_at<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, Piece>>> {
        let sq = convert::square(square, "square")?;
        self.pos()
            .board
            .piece_at(sq)
            .map(|p| Piece::object(py, p))
            .transpose()
    }

    /// The type of the piece on a square (1 pawn .. 6 king), or None.
    fn piece_type_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        let sq = convert::square(square, "square")?;
        Ok(self.pos().board.role_at(sq).map(convert::piece_type_of))
    }

    /// The color of the piece on a square, or None.
    fn color_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<bool>> {
        let sq = convert::square(square, "square")?;
        Ok(self.pos().board.color_at(sq).map(Color::is_white))
    }

    /// The square of the king of a color (of the highest one if there are several; promoted
    /// kings do not count), or None.
    fn king(&self, color: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        Ok(self.pos().king(convert::color(color)?).map(|s| s as u8))
    }

    /// The squares the piece on a square attacks, a bitboard (empty for an empty square).
    fn attacks_mask(&self, square: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(self
            .pos()
            .attacks_mask(convert::square(square, "square")?)
            .0)
    }

    /// The squares the piece on a square attacks.
    fn attacks<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, SquareSet>> {
        square_set(py, Bitboard(self.attacks_mask(square)?))
    }

    /// The pieces of a color that attack a square, a bitboard; sliders see through the
    /// pieces missing from `occupied` when it is given.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers_mask(
        &self,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        Ok(self.attackers_bb(color, square, occupied)?.0)
    }

    /// Whether a piece of a color attacks a square.
    #[pyo3(signature = (color, square, occupied = None))]
    fn is_attacked_by(
        &self,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        Ok(self.attackers_bb(color, square, occupied)?.any())
    }

    /// The pieces of a color that attack a square.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, SquareSet>> {
        square_set(py, self.attackers_bb(color, square, occupied)?)
    }

    /// The line along which the piece of a color on a square may move because it is pinned
    /// to its king (every square when it is not pinned), a bitboard.
    fn pin_mask(&self, color: &Bound<'_, PyAny>, square: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(self
            .pos()
            .pin_mask(convert::color(color)?, convert::square(square, "square")?)
            .0)
    }

    /// The line along which the piece on a square may move (see ``pin_mask``).
    fn pin<'py>(
        &self,
        py: Python<'py>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, SquareSet>> {
        square_set(py, Bitboard(self.pin_mask(color, square)?))
    }

    /// Whether the piece of a color on a square is pinned to its king.
    fn is_pinned(&self, color: &Bound<'_, PyAny>, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != u64::MAX)
    }

    /// Removes the piece on a square and returns it (None for an empty square). On a
    /// ``Board`` this clears the move stack.
    fn remove_piece_at<'py>(
        &mut self,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, Piece>>> {
        let sq = convert::square(square, "square")?;
        self.setup()
            .remove(sq)
            .map(|p| Piece::object(py, p))
            .transpose()
    }

    /// Puts a piece on a square (None empties it), marked promoted or not. On a ``Board``
    /// this clears the move stack.
    #[pyo3(signature = (square, piece, promoted = false))]
    fn set_piece_at(
        &mut self,
        square: &Bound<'_, PyAny>,
        piece: &Bound<'_, PyAny>,
        promoted: bool,
    ) -> PyResult<()> {
        let sq = convert::square(square, "square")?;
        if piece.is_none() {
            self.setup().remove(sq);
        } else {
            let piece = Piece::extract(piece)?;
            self.setup().put(sq, piece, promoted);
        }
        Ok(())
    }

    /// The placement field of the FEN, promoted pieces marked ``~`` with `promoted`.
    #[pyo3(signature = (*, promoted = false))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let marks = if promoted.unwrap_or(false) {
            self.pos().promoted
        } else {
            Bitboard::EMPTY
        };
        board_fen(&self.pos().board, marks)
    }

    /// Sets the placement from a FEN's placement field. On a ``Board`` this clears the move
    /// stack.
    fn set_board_fen(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        self.set_board_fen_text(py, fen)
    }

    /// Every piece by its square, from ``h8`` down to ``a1`` (the squares of `mask` only).
    #[pyo3(signature = (*, mask = None))]
    fn piece_map<'py>(
        &self,
        py: Python<'py>,
        mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mask = convert::optional_bitboard(mask, "mask")?;
        let board = &self.pos().board;
        let map = PyDict::new(py);
        let pieces = Piece::objects(py)?;
        for sq in (board.occupied() & mask).into_iter().rev() {
            if let Some(piece) = board.piece_at(sq) {
                map.set_item(sq as u8, pieces[piece.index()].bind(py))?;
            }
        }
        Ok(map)
    }

    /// Sets the placement from a mapping of squares to pieces. On a ``Board`` this clears
    /// the move stack.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut board = Pieces::empty();
        let items = pieces.call_method0("items")?;
        for item in items.try_iter()? {
            let item = item?;
            let (sq, piece): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            board.put(square(&sq, "square")?, Piece::extract(&piece)?);
        }
        let pos = self.setup();
        pos.board = board;
        pos.promoted = Bitboard::EMPTY;
        Ok(())
    }

    /// Sets up the pieces of a Chess960 starting position by its number, 0..959 (518 is the
    /// standard one).
    fn set_chess960_pos(&mut self, scharnagl: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = convert::integer(scharnagl, "scharnagl")?;
        let board = u32::try_from(n)
            .ok()
            .and_then(Pieces::chess960)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "scharnagl is the number of a Chess960 starting position, 0..959, not {n}"
                ))
            })?;
        let pos = self.setup();
        pos.board = board;
        pos.promoted = Bitboard::EMPTY;
        Ok(())
    }

    /// The number of the Chess960 starting position the pieces stand in, or None.
    fn chess960_pos(&self) -> Option<u32> {
        self.pos().board.chess960_number()
    }

    /// The board as python-chess prints it: a rank a line, rank 8 first, ``.`` for empty.
    fn __str__(&self) -> String {
        let board = &self.pos().board;
        let mut out = String::with_capacity(127);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_index(rank * 8 + file).expect("0..63");
                out.push(board.piece_at(sq).map_or('.', CorePiece::char));
                if file < 7 {
                    out.push(' ');
                }
            }
            if rank > 0 {
                out.push('\n');
            }
        }
        out
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!(
            "{name}('{}')",
            board_fen(&slf.borrow().pos().board, Bitboard::EMPTY)
        ))
    }

    /// Boards are equal when their pieces are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match super::state_of(other) {
            Some(other) => Ok((self.pos().board == other.pos().board)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            None => Ok(py.NotImplemented()),
        }
    }

    /// Applies a function of bitboards (``chess.flip_vertical``, ...) to the placement.
    fn apply_transform(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
        self.transform_pieces(f)
    }

    /// A copy with a function of bitboards applied to the placement.
    fn transform<'py>(
        slf: &Bound<'py, Self>,
        f: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = slf.call_method0("copy")?;
        board.call_method1("apply_transform", (f,))?;
        Ok(board)
    }

    /// Flips the board top to bottom and swaps the colors.
    fn apply_mirror(&mut self) {
        let mirrored = self.pos().mirror();
        let pos = self.setup();
        pos.board = mirrored.board;
        pos.promoted = mirrored.promoted;
    }

    /// A copy flipped top to bottom with the colors swapped.
    fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let board = slf.call_method0("copy")?;
        board.call_method0("apply_mirror")?;
        Ok(board)
    }

    /// A copy of the pieces.
    fn copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, BaseBoard>> {
        let copy = new_like(slf)?;
        {
            let this = slf.borrow();
            let mut other = copy.borrow_mut();
            let pos = other.setup();
            pos.board = this.pos().board.clone();
            pos.promoted = this.pos().promoted;
        }
        Ok(copy)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0("copy")
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let copy = slf.call_method0("copy")?;
        if let Ok(memo) = memo.cast::<PyDict>() {
            memo.set_item(slf.as_ptr() as usize, &copy)?;
        }
        Ok(copy)
    }

    /// A board without pieces.
    #[classmethod]
    fn empty<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        cls.call1((cls.py().None(),))
    }

    /// A board with the pieces of a Chess960 starting position.
    #[classmethod]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = cls.call_method0("empty")?;
        board.call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }

    /// The state for pickling: the position, the moves of the stack from its root, and the
    /// instance's own attributes.
    fn __getstate__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let root = this.game.root();
        let moves: Vec<(u8, u8, Option<u8>, Option<u8>)> = this
            .game
            .moves()
            .map(|m| {
                let m = super::Move::of(m);
                (m.from_square, m.to_square, m.promotion, m.drop)
            })
            .collect();
        let dict = slf.getattr("__dict__").ok();
        (position_state(&root), moves, dict).into_pyobject(py)
    }

    fn __setstate__(slf: &Bound<'_, Self>, state: &Bound<'_, PyTuple>) -> PyResult<()> {
        let (position, moves, dict): PickledBoard<'_> = state.extract()?;
        let root = position_from_state(&position)?;
        let mut game = LenientGame::new(root);
        for (from, to, promotion, drop) in moves {
            let m = super::Move::checked(from, to, promotion, drop)?.raw();
            game.push(m).map_err(|e| {
                PyValueError::new_err(format!("cannot restore the move stack: {e}"))
            })?;
        }
        slf.borrow_mut().replace(game);
        if let Some(dict) = dict {
            if let Ok(own) = slf.getattr("__dict__") {
                own.call_method1("update", (dict,))?;
            }
        }
        Ok(())
    }

    /// The memory the board holds: the object and its move stack.
    fn __sizeof__(&self) -> usize {
        std::mem::size_of::<Self>() + 48 + self.game.heap_size()
    }
}

/// A pickled board: the root position, the moves from it, the instance's attributes.
type PickledBoard<'py> = (
    Bound<'py, PyTuple>,
    Vec<(i64, i64, Option<i64>, Option<i64>)>,
    Option<Bound<'py, PyDict>>,
);

/// The fields of a position as plain values.
fn position_state(pos: &LenientPosition) -> (String, u64, bool, u64, Option<u8>, u32, u32, bool) {
    (
        board_fen(&pos.board, Bitboard::EMPTY),
        pos.promoted.0,
        pos.turn.is_white(),
        pos.castling_rights.0,
        pos.ep_square.map(|s| s as u8),
        pos.halfmoves,
        pos.fullmoves,
        pos.chess960,
    )
}

fn position_from_state(state: &Bound<'_, PyTuple>) -> PyResult<LenientPosition> {
    let (fen, promoted, white, castling, ep, halfmoves, fullmoves, chess960): (
        String,
        u64,
        bool,
        u64,
        Option<u8>,
        u32,
        u32,
        bool,
    ) = state.extract()?;
    let (board, _) = read_board_fen(&fen)
        .map_err(|e| PyTypeError::new_err(format!("not a pickled board: {e}")))?;
    Ok(LenientPosition {
        board,
        promoted: Bitboard(promoted),
        turn: Color::from_white(white),
        castling_rights: Bitboard(castling),
        ep_square: ep.and_then(|s| Square::from_index(usize::from(s))),
        halfmoves,
        fullmoves,
        chess960,
    })
}
