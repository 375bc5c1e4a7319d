//! A board with the names python-chess users know: `Board`, `Move`, `Piece` and the legal
//! moves, over chess-rules' `Game` (the position, its history and the draw rules) and
//! chess-notation's FEN, SAN and UCI.
//!
//! Moves cross to Python as python-chess writes them: origin, destination and promotion, with
//! squares 0..63 (A1 = 0) and pieces 1..6 (pawn to king); castling as the king's move to its
//! destination in standard chess (`e1g1`) and as the king taking its rook in Chess960
//! (`e1h1`). The `Move` objects are made once per distinct move and shared, so that listing
//! the legal moves allocates only the list.

use chess_core::{Color, Role, Square};
use chess_notation::fen::STARTING_FEN;
use chess_notation::san::{self, SanError, SanMode, SanMoveError, SanPlus};
use chess_notation::uci::{ParseUciMoveError, UciMove};
use chess_notation::{BoardFen, Fen};
use std::sync::OnceLock;

use chess_rules::{
    CastlingMode, DrawReason, EnPassantMode, Game, MoveList, Outcome, Position, PositionErrorKinds,
    WinReason,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyType};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Move>()?;
    m.add_class::<Piece>()?;
    m.add_class::<Board>()?;
    m.add_class::<LegalMoves>()?;
    m.add("STARTING_FEN", STARTING_FEN)?;
    Ok(())
}

/// The number of distinct `Move` values: origin and destination (64 × 64) times no promotion
/// or one of four (knight, bishop, rook, queen). See [`move_index`].
pub(crate) const MOVE_INDEX_SIZE: usize = 64 * 64 * 5;

/// The dense index of a move, documented for Python users as `kingside.move_index`:
///
/// ```text
/// index = from_square * 64 + to_square + 4096 * k
/// k: 0 no promotion, 1 knight, 2 bishop, 3 rook, 4 queen
/// ```
///
/// Castling is indexed as the move is written (`e1g1` in standard chess, `e1h1` in Chess960).
/// `None` for a promotion to a pawn or a king, which no move has.
pub(crate) fn move_index(from: u8, to: u8, promotion: Option<u8>) -> Option<usize> {
    let k = match promotion {
        None => 0,
        Some(p @ 2..=5) => usize::from(p) - 1,
        Some(_) => return None,
    };
    Some(usize::from(from) * 64 + usize::from(to) + 4096 * k)
}

/// Raises the Python exception class `name` of `kingside._errors` with `message`.
fn error(
    py: Python<'_>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
    message: String,
) -> PyErr {
    match cell.import(py, "kingside._errors", name) {
        Ok(class) => PyErr::from_type(class.clone(), message),
        Err(e) => e,
    }
}

/// `kingside.InvalidMoveError`: text that is no move.
pub(crate) fn invalid_move(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "InvalidMoveError", message)
}

/// `kingside.IllegalMoveError`: a move that is not legal here.
pub(crate) fn illegal_move(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "IllegalMoveError", message)
}

/// `kingside.AmbiguousMoveError`: SAN that several legal moves match.
fn ambiguous_move(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "AmbiguousMoveError", message)
}

/// `kingside.InvalidFenError`: a FEN that is not one, or not a possible position.
pub(crate) fn invalid_fen(py: Python<'_>, message: String) -> PyErr {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    error(py, &CLASS, "InvalidFenError", message)
}

/// A move as python-chess writes it: origin, destination, promotion.
///
/// Squares are 0..63 (A1 = 0, B1 = 1, ..., H8 = 63) and the promotion is a piece type
/// (2 knight .. 5 queen) or None, as python-chess's `chess.Move`. A move does not know its
/// position: castling is the king's move to its destination in standard chess (`e1g1`) and
/// the king taking its rook in Chess960 (`e1h1`). The null move is `Move(0, 0)`, `0000`.
#[pyclass(module = "kingside._native", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Move {
    /// The origin square, 0..63.
    #[pyo3(get)]
    pub(crate) from_square: u8,
    /// The destination square, 0..63.
    #[pyo3(get)]
    pub(crate) to_square: u8,
    /// The promotion piece type (2..5), or None.
    #[pyo3(get)]
    pub(crate) promotion: Option<u8>,
}

/// Every distinct move, made once: the legal moves of a position are these objects, shared.
static MOVES: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();

impl Move {
    /// The shared object of the move with index `index` (below [`MOVE_INDEX_SIZE`]).
    pub(crate) fn shared(py: Python<'_>, index: usize) -> PyResult<Bound<'_, Move>> {
        let moves = MOVES.get_or_try_init(py, || {
            (0..MOVE_INDEX_SIZE)
                .map(|i| Py::new(py, Move::from_index(i)))
                .collect::<PyResult<Vec<_>>>()
        })?;
        Ok(moves[index].bind(py).clone())
    }

    /// The move with a dense index (see [`move_index`]).
    pub(crate) fn from_index(index: usize) -> Move {
        let k = index / 4096;
        Move {
            from_square: ((index / 64) % 64) as u8,
            to_square: (index % 64) as u8,
            promotion: (k > 0).then_some(k as u8 + 1),
        }
    }

    /// The dense index (see [`move_index`]).
    pub(crate) fn index(self) -> usize {
        move_index(self.from_square, self.to_square, self.promotion).unwrap_or(0)
    }

    /// The Python form of a legal move of chess-rules, castling written as `chess960` says.
    pub(crate) fn of(m: chess_rules::Move, chess960: bool) -> Move {
        let to = if m.is_castle() && !chess960 {
            m.king_to_or_to()
        } else {
            m.to()
        };
        Move {
            from_square: m.from() as u8,
            to_square: to as u8,
            promotion: m.promotion().map(|role| role as u8 + 1),
        }
    }

    /// The shared Python object of a legal move of chess-rules.
    pub(crate) fn object(
        py: Python<'_>,
        m: chess_rules::Move,
        chess960: bool,
    ) -> PyResult<Bound<'_, Move>> {
        Move::shared(py, Move::of(m, chess960).index())
    }

    /// The move as UCI text reads it.
    fn to_uci_move(self) -> Option<UciMove> {
        if self.is_null() {
            return Some(UciMove::Null);
        }
        Some(UciMove::Normal {
            from: Square::from_index(usize::from(self.from_square))?,
            to: Square::from_index(usize::from(self.to_square))?,
            promotion: match self.promotion {
                None => None,
                Some(p) => Some(Role::from_index(usize::from(p).checked_sub(1)?)?),
            },
        })
    }

    fn is_null(self) -> bool {
        self.from_square == 0 && self.to_square == 0 && self.promotion.is_none()
    }

    /// The legal move of `pos` this move names, if any.
    pub(crate) fn to_legal(self, pos: &Position) -> Option<chess_rules::Move> {
        self.to_uci_move()?.to_move(pos).ok()
    }

    pub(crate) fn uci_string(self) -> String {
        match self.to_uci_move() {
            Some(uci) => uci.to_string(),
            None => "0000".to_owned(),
        }
    }
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn new(
        py: Python<'_>,
        from_square: u8,
        to_square: u8,
        promotion: Option<u8>,
    ) -> PyResult<Move> {
        if from_square > 63 || to_square > 63 {
            return Err(PyValueError::new_err(format!(
                "a square is 0..63, not {}",
                from_square.max(to_square)
            )));
        }
        if matches!(promotion, Some(p) if !(2..=5).contains(&p)) {
            return Err(invalid_move(
                py,
                format!("a promotion is a piece type 2..5 (knight to queen), not {promotion:?}"),
            ));
        }
        Ok(Move {
            from_square,
            to_square,
            promotion,
        })
    }

    /// The move of UCI text: `e2e4`, `e7e8q`, `0000` (the null move).
    ///
    /// Raises ``InvalidMoveError`` for anything else.
    ///
    /// >>> from kingside import Move
    /// >>> Move.from_uci("e7e8q") == Move(52, 60, 5)
    /// True
    #[staticmethod]
    fn from_uci(py: Python<'_>, uci: &str) -> PyResult<Move> {
        match UciMove::from_ascii(uci.as_bytes()) {
            Ok(UciMove::Normal {
                from,
                to,
                promotion,
            }) => Ok(Move {
                from_square: from as u8,
                to_square: to as u8,
                promotion: promotion.map(|role| role as u8 + 1),
            }),
            Ok(UciMove::Null) => Ok(Move::null()),
            Err(e) => Err(invalid_move(py, format!("{e} ({uci:?})"))),
        }
    }

    /// The null move, ``0000``: false in a boolean context.
    #[staticmethod]
    fn null() -> Move {
        Move {
            from_square: 0,
            to_square: 0,
            promotion: None,
        }
    }

    /// The move in UCI: ``e2e4``, ``e7e8q``, ``0000``.
    ///
    /// >>> from kingside import Move
    /// >>> Move(12, 28).uci()
    /// 'e2e4'
    fn uci(&self) -> String {
        self.uci_string()
    }

    fn __str__(&self) -> String {
        self.uci_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci_string())
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }
}

/// A piece: a type (1 pawn .. 6 king) and a color (True = white), as python-chess's
/// `chess.Piece`.
#[pyclass(module = "kingside._native", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Piece {
    /// The piece type: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king.
    #[pyo3(get)]
    piece_type: u8,
    /// The color: True for white.
    #[pyo3(get)]
    color: bool,
}

impl Piece {
    fn rust(self) -> Option<chess_core::Piece> {
        let role = Role::from_index(usize::from(self.piece_type).checked_sub(1)?)?;
        let color = if self.color {
            Color::White
        } else {
            Color::Black
        };
        Some(chess_core::Piece::new(color, role))
    }

    fn of(piece: chess_core::Piece) -> Piece {
        Piece {
            piece_type: piece.role() as u8 + 1,
            color: piece.color() == Color::White,
        }
    }
}

#[pymethods]
impl Piece {
    #[new]
    fn new(piece_type: u8, color: bool) -> PyResult<Piece> {
        if !(1..=6).contains(&piece_type) {
            return Err(PyValueError::new_err(format!(
                "a piece type is 1..6 (pawn to king), not {piece_type}"
            )));
        }
        Ok(Piece { piece_type, color })
    }

    /// The piece of a letter: ``P``, ``N``, ... for white, ``p``, ``n``, ... for black.
    ///
    /// >>> from kingside import Piece
    /// >>> Piece.from_symbol("q")
    /// Piece.from_symbol('q')
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        match (
            chars.next().and_then(chess_core::Piece::from_char),
            chars.next(),
        ) {
            (Some(piece), None) => Ok(Piece::of(piece)),
            _ => Err(PyValueError::new_err(format!(
                "a piece symbol is one of PNBRQK, pnbrqk, not {symbol:?}"
            ))),
        }
    }

    /// The letter of the piece: uppercase for white.
    ///
    /// >>> from kingside import Board
    /// >>> Board().piece_at(4).symbol()
    /// 'K'
    fn symbol(&self) -> String {
        self.rust().map_or('?', |p| p.char()).to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}

/// A chess board with its move stack, as python-chess's ``chess.Board``: the same names, the
/// same meaning, for standard chess and Chess960 (``chess960=True``: castling is written as
/// the king taking its rook, ``e1h1``, as python-chess writes it in that mode).
///
/// Squares are 0..63 (A1 = 0), colors booleans (True = white), piece types 1..6 (pawn to
/// king), as in python-chess. Unlike python-chess, ``push`` refuses a move that is not legal
/// (``IllegalMoveError``) rather than corrupting the board, and there are no null moves.
///
/// >>> from kingside import Board
/// >>> board = Board()
/// >>> board.push_san("e4")
/// Move.from_uci('e2e4')
/// >>> board.fen()
/// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
/// >>> len(board.legal_moves), board.turn
/// (20, False)
/// >>> board.san(board.parse_uci("g8f6"))
/// 'Nf6'
/// >>> print(board)
/// r n b q k b n r
/// p p p p p p p p
/// . . . . . . . .
/// . . . . . . . .
/// . . . . P . . .
/// . . . . . . . .
/// P P P P . P P P
/// R N B Q K B N R
#[pyclass(module = "kingside._native", subclass)]
#[derive(Clone)]
pub(crate) struct Board {
    /// Boxed: a position is aligned to a cache line (64 bytes), more than Python's allocator
    /// gives an object.
    pub(crate) game: Box<Game>,
    /// The legal moves of the current position, generated once: `list(board.legal_moves)`
    /// asks for their number and then for them.
    legal: OnceLock<MoveList>,
}

impl Board {
    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    fn chess960(&self) -> bool {
        self.position().is_chess960()
    }

    /// The legal move of the position a Python move names, or `IllegalMoveError`.
    fn legal(&self, py: Python<'_>, m: &Move) -> PyResult<chess_rules::Move> {
        m.to_legal(self.position()).ok_or_else(|| {
            illegal_move(
                py,
                format!(
                    "illegal move in this position: {} ({})",
                    m.uci_string(),
                    self.fen()
                ),
            )
        })
    }

    /// The legal moves of the current position.
    fn legal_moves_cached(&self) -> &MoveList {
        self.legal.get_or_init(|| self.position().legal_moves())
    }

    fn play(&mut self, m: chess_rules::Move) {
        self.legal = OnceLock::new();
        self.game
            .play_past_end(m)
            .expect("the move was found among the legal moves");
    }

    fn parse_san_move(&self, py: Python<'_>, san: &str) -> PyResult<chess_rules::Move> {
        san::parse_move(self.position(), san, SanMode::Lenient).map_err(|e| {
            let message = format!("{e} ({san} in {})", self.fen());
            match e {
                SanMoveError::Parse(_) => invalid_move(py, message),
                SanMoveError::Move(SanError::Ambiguous { .. }) => ambiguous_move(py, message),
                SanMoveError::Move(_) => illegal_move(py, message),
            }
        })
    }

    fn parse_uci_move(&self, py: Python<'_>, uci: &str) -> PyResult<chess_rules::Move> {
        let parsed = UciMove::from_ascii(uci.as_bytes())
            .map_err(|e: ParseUciMoveError| invalid_move(py, format!("{e} ({uci:?})")))?;
        parsed
            .to_move(self.position())
            .map_err(|e| illegal_move(py, format!("{e} ({uci} in {})", self.fen())))
    }

    /// The outcome by the rules, claims included where `claim_draw`: the termination's name
    /// (python-chess's `Termination` member) and the winner.
    fn termination(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        if let Some(outcome) = self.game.outcome() {
            return Some(match outcome {
                Outcome::Decisive { winner, reason } => (
                    match reason {
                        WinReason::Checkmate => "CHECKMATE",
                        // Resignation and time are never declared on a board.
                        WinReason::Resignation | WinReason::TimeForfeit => "CHECKMATE",
                    },
                    Some(winner == Color::White),
                ),
                Outcome::Draw { reason } => (
                    match reason {
                        DrawReason::Stalemate => "STALEMATE",
                        DrawReason::InsufficientMaterial
                        | DrawReason::TimeoutVsInsufficientMaterial => "INSUFFICIENT_MATERIAL",
                        DrawReason::SeventyFiveMoveRule => "SEVENTYFIVE_MOVES",
                        DrawReason::FivefoldRepetition => "FIVEFOLD_REPETITION",
                        DrawReason::FiftyMoveRule => "FIFTY_MOVES",
                        DrawReason::ThreefoldRepetition | DrawReason::Agreement => {
                            "THREEFOLD_REPETITION"
                        }
                    },
                    None,
                ),
            });
        }
        if claim_draw {
            if self.game.can_claim_fifty_moves() {
                return Some(("FIFTY_MOVES", None));
            }
            if self.game.can_claim_threefold_repetition() {
                return Some(("THREEFOLD_REPETITION", None));
            }
        }
        None
    }

    fn fen(&self) -> String {
        Fen::from_position_with(self.position(), EnPassantMode::Legal).to_string()
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = STARTING_FEN, *, chess960 = false))]
    fn new(py: Python<'_>, fen: &str, chess960: bool) -> PyResult<Board> {
        let parsed = Fen::from_ascii(fen.trim().as_bytes())
            .map_err(|e| invalid_fen(py, format!("{e} ({fen:?})")))?;
        // As python-chess, which takes any FEN: castling rights the pieces do not allow (in
        // standard chess, any but the standard four) and an en passant square no pawn can
        // have skipped are dropped, and positions that cannot occur in a game but are safe to
        // play from (pawns on the back rank, too much material, checks no move could give)
        // are taken; missing or extra kings and a king in capture are an error.
        let position =
            Position::from_setup(parsed.into_setup(), CastlingMode::from_chess960(chess960))
                .or_else(|e| e.ignore(PositionErrorKinds::IGNORABLE))
                .map_err(|e| invalid_fen(py, format!("{e} ({fen:?})")))?;
        Ok(Board {
            game: Box::new(Game::new(position)),
            legal: OnceLock::new(),
        })
    }

    /// The FEN of the position, the en passant square only where a capture is legal.
    #[pyo3(name = "fen")]
    fn py_fen(&self) -> String {
        self.fen()
    }

    /// The placement field of the FEN.
    fn board_fen(&self) -> String {
        BoardFen(self.position().board()).to_string()
    }

    /// The side to move: True for white.
    #[getter]
    fn turn(&self) -> bool {
        self.position().turn() == Color::White
    }

    /// Whether castling is Chess960's (king takes rook in UCI).
    #[getter(chess960)]
    fn is_chess960_mode(&self) -> bool {
        self.chess960()
    }

    /// The halfmove clock of the 50-move rule.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.position().halfmoves()
    }

    /// The fullmove number.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.position().fullmoves()
    }

    /// The number of moves on the stack.
    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The legal moves, a live view of the board.
    #[getter]
    fn legal_moves(slf: Bound<'_, Board>) -> LegalMoves {
        LegalMoves {
            board: slf.unbind(),
        }
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let chess960 = self.chess960();
        PyList::new(
            py,
            self.game
                .moves()
                .iter()
                .map(|&m| Move::object(py, m, chess960))
                .collect::<PyResult<Vec<_>>>()?,
        )
    }

    /// Plays a legal move; raises ``IllegalMoveError`` for any other.
    fn push(&mut self, py: Python<'_>, m: PyRef<'_, Move>) -> PyResult<()> {
        let m = self.legal(py, &m)?;
        self.play(m);
        Ok(())
    }

    /// Plays a move given in SAN and returns it.
    fn push_san<'py>(&mut self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, Move>> {
        let m = self.parse_san_move(py, san)?;
        let object = Move::object(py, m, self.chess960())?;
        self.play(m);
        Ok(object)
    }

    /// Plays a move given in UCI and returns it.
    fn push_uci<'py>(&mut self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
        let m = self.parse_uci_move(py, uci)?;
        let object = Move::object(py, m, self.chess960())?;
        self.play(m);
        Ok(object)
    }

    /// Takes back the last move and returns it; ``IndexError`` when there is none.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        let chess960 = self.chess960();
        self.legal = OnceLock::new();
        match self.game.undo() {
            Some(m) => Move::object(py, m, chess960),
            None => Err(PyIndexError::new_err("pop from empty move stack")),
        }
    }

    /// The move named by SAN text (read leniently, as python-chess reads it).
    fn parse_san<'py>(&self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, Move>> {
        let m = self.parse_san_move(py, san)?;
        Move::object(py, m, self.chess960())
    }

    /// The legal move named by UCI text.
    fn parse_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
        let m = self.parse_uci_move(py, uci)?;
        Move::object(py, m, self.chess960())
    }

    /// The SAN of a legal move, with ``+`` or ``#``.
    fn san(&self, py: Python<'_>, m: PyRef<'_, Move>) -> PyResult<String> {
        let legal = self.legal(py, &m)?;
        Ok(SanPlus::from_move(self.position(), legal).to_string())
    }

    /// The UCI of a legal move, castling as the board's mode writes it.
    fn uci(&self, py: Python<'_>, m: PyRef<'_, Move>) -> PyResult<String> {
        let legal = self.legal(py, &m)?;
        Ok(UciMove::from_move(self.position(), legal).to_string())
    }

    /// Whether a move is legal here.
    fn is_legal(&self, m: PyRef<'_, Move>) -> bool {
        m.to_legal(self.position()).is_some()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// Whether neither side can ever checkmate.
    fn is_insufficient_material(&self) -> bool {
        self.position().is_insufficient_material()
    }

    /// Whether a threefold repetition may be claimed now or by the next move.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.game.can_claim_threefold_repetition()
    }

    /// Whether the 50-move rule may be claimed now or by the next move.
    fn can_claim_fifty_moves(&self) -> bool {
        self.game.can_claim_fifty_moves()
    }

    /// Whether a draw may be claimed (threefold repetition or the 50-move rule).
    fn can_claim_draw(&self) -> bool {
        self.game.can_claim_fifty_moves() || self.game.can_claim_threefold_repetition()
    }

    /// Whether the game is over by the rules (or by a claim, with ``claim_draw``).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.termination(claim_draw).is_some()
    }

    /// How the game ended, as a ``kingside.Outcome``, or None while it goes on.
    ///
    /// Judged as python-chess judges it: checkmate, insufficient material, stalemate, the
    /// 75-move rule, fivefold repetition; with ``claim_draw``, then the 50-move rule and
    /// threefold repetition, which a player may claim.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        static OUTCOME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static TERMINATION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        let Some((name, winner)) = self.termination(claim_draw) else {
            return Ok(None);
        };
        let termination = TERMINATION
            .import(py, "kingside._board", "Termination")?
            .getattr(name)?;
        OUTCOME
            .import(py, "kingside._board", "Outcome")?
            .call1((termination, winner))
            .map(Some)
    }

    /// The Polyglot key, as `chess.polyglot.zobrist_hash`.
    fn zobrist_hash(&self) -> u64 {
        self.position().zobrist_hash()
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.position().clone();
        py.detach(move || chess_rules::perft(&pos, depth))
    }

    /// The piece on a square (0..63), or None.
    fn piece_at(&self, square: usize) -> PyResult<Option<Piece>> {
        let sq = Square::from_index(square)
            .ok_or_else(|| PyValueError::new_err(format!("a square is 0..63, not {square}")))?;
        Ok(self.position().board().piece_at(sq).map(Piece::of))
    }

    /// A copy, with the move stack unless ``stack`` is False.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board {
                game: Box::new(Game::new(self.position().clone())),
                legal: OnceLock::new(),
            }
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The board as python-chess prints it: a rank a line, rank 8 first, ``.`` for empty.
    fn __str__(&self) -> String {
        let board = self.position().board();
        let mut out = String::with_capacity(127);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_index(rank * 8 + file).expect("0..63");
                out.push(board.piece_at(sq).map_or('.', |p| p.char()));
                out.push(if file < 7 { ' ' } else { '\n' });
            }
        }
        out.pop();
        out
    }

    fn __repr__(&self) -> String {
        self.repr_string()
    }

    /// The board's equality, as python-chess's.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        self.equals(other)
    }
}

impl Board {
    /// `Board('<fen>')`, with `chess960=True` in that mode.
    pub(crate) fn repr_string(&self) -> String {
        if self.chess960() {
            format!("Board('{}', chess960=True)", self.fen())
        } else {
            format!("Board('{}')", self.fen())
        }
    }

    /// Boards are equal when their positions are (pieces, side to move, castling rights, the
    /// en passant square where a capture is legal, and both move counters), as python-chess
    /// compares them: the move stacks do not count.
    fn equals(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Board>() {
            Ok(other) => {
                let other = other.borrow();
                let setup = |b: &Board| b.position().to_setup_with(EnPassantMode::Legal);
                setup(self) == setup(&other)
            }
            Err(_) => false,
        }
    }
}

/// The legal moves of a board, a live view as python-chess's `board.legal_moves`: iterable,
/// sized, ``move in board.legal_moves``, ``count()``.
#[pyclass(module = "kingside._native", frozen)]
pub(crate) struct LegalMoves {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoves {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = self.board.bind(py).try_borrow()?;
        let chess960 = board.chess960();
        let list = PyList::new(
            py,
            board
                .legal_moves_cached()
                .iter()
                .map(|&m| Move::object(py, m, chess960))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        list.try_iter().map(|iter| iter.into_any())
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let board = self.board.bind(py).try_borrow()?;
        Ok(board.legal_moves_cached().len())
    }

    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let board = self.board.bind(py).try_borrow()?;
        Ok(board.position().has_legal_moves())
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(m) = m.cast::<Move>() else {
            return Ok(false);
        };
        let board = self.board.bind(py).try_borrow()?;
        Ok(m.get().to_legal(board.position()).is_some())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = self.board.bind(py).try_borrow()?;
        let pos = board.position();
        let sans: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| SanPlus::from_move(pos, m).to_string())
            .collect();
        Ok(format!("<LegalMoves ({})>", sans.join(", ")))
    }
}
