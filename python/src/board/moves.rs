//! `Move` and `Piece`, as python-chess's: small immutable values, made once per distinct value
//! and shared, so that listing moves or pieces allocates only the list.

use chess_core::{Color, Role, Square};
use chess_rules::lenient::RawMove;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};

use super::convert::{piece_type_of, role_of};
use super::errors::invalid_move;

/// The number of distinct `Move` values of the dense machine-learning index: origin and
/// destination (64 × 64) times no promotion or one of four (knight, bishop, rook, queen).
/// See [`move_index`].
pub(crate) const MOVE_INDEX_SIZE: usize = 64 * 64 * 5;

/// The dense index of a move, documented for Python users as `kingside.move_index`:
///
/// ```text
/// index = from_square * 64 + to_square + 4096 * k
/// k: 0 no promotion, 1 knight, 2 bishop, 3 rook, 4 queen
/// ```
///
/// Castling is indexed as the move is written (`e1g1` in standard chess, `e1h1` in Chess960).
/// `None` for a promotion to a pawn or a king, and for drops, which no index has.
pub(crate) fn move_index(from: u8, to: u8, promotion: Option<u8>) -> Option<usize> {
    let k = match promotion {
        None => 0,
        Some(p @ 2..=5) => usize::from(p) - 1,
        Some(_) => return None,
    };
    Some(usize::from(from) * 64 + usize::from(to) + 4096 * k)
}

/// A move as python-chess writes it: origin and destination squares (0..63, A1 = 0), an
/// optional promotion piece type (1..6) and an optional drop piece type; the null move is
/// `Move(0, 0)`, ``0000``, false in a boolean context. A move does not know its position:
/// castling is the king's move to its destination in standard chess (``e1g1``) and the king
/// taking its rook in Chess960 (``e1h1``).
///
/// Moves are immutable (python-chess's can be changed in place): the board lists shared
/// objects.
///
/// >>> import kingside as chess
/// >>> chess.Move.from_uci("e7e8q") == chess.Move(chess.E7, chess.E8, chess.QUEEN)
/// True
/// >>> chess.Move.from_uci("N@f3").drop
/// 2
#[pyclass(module = "kingside", frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Move {
    /// The origin square, 0..63.
    #[pyo3(get)]
    pub(crate) from_square: u8,
    /// The destination square, 0..63.
    #[pyo3(get)]
    pub(crate) to_square: u8,
    /// The promotion piece type (1..6), or None.
    #[pyo3(get)]
    pub(crate) promotion: Option<u8>,
    /// The piece type dropped (1..6), or None.
    #[pyo3(get)]
    pub(crate) drop: Option<u8>,
}

/// The shared objects: every move without a drop (64 × 64 × 7 promotions, none included),
/// then every drop onto its own square (6 × 64).
const SHARED_MOVES: usize = 64 * 64 * 7 + 6 * 64;

static MOVES: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();

impl Move {
    /// The slot of a move among the shared objects, if it has one.
    fn slot(self) -> Option<usize> {
        let from = usize::from(self.from_square);
        let to = usize::from(self.to_square);
        match (self.promotion, self.drop) {
            (p, None) => Some(from * 64 + to + 4096 * usize::from(p.unwrap_or(0))),
            (None, Some(d)) if from == to => Some(64 * 64 * 7 + (usize::from(d) - 1) * 64 + to),
            _ => None,
        }
    }

    fn from_slot(slot: usize) -> Move {
        if slot < 64 * 64 * 7 {
            let p = (slot / 4096) as u8;
            Move {
                from_square: ((slot / 64) % 64) as u8,
                to_square: (slot % 64) as u8,
                promotion: (p > 0).then_some(p),
                drop: None,
            }
        } else {
            let rest = slot - 64 * 64 * 7;
            let sq = (rest % 64) as u8;
            Move {
                from_square: sq,
                to_square: sq,
                promotion: None,
                drop: Some((rest / 64) as u8 + 1),
            }
        }
    }

    /// The Python object of this move: shared where it has a slot.
    pub(crate) fn into_object(self, py: Python<'_>) -> PyResult<Bound<'_, Move>> {
        let Some(slot) = self.slot() else {
            return Bound::new(py, self);
        };
        let moves = MOVES.get_or_try_init(py, || {
            (0..SHARED_MOVES)
                .map(|i| Py::new(py, Move::from_slot(i)))
                .collect::<PyResult<Vec<_>>>()
        })?;
        Ok(moves[slot].bind(py).clone())
    }

    /// The move with a dense machine-learning index (see [`move_index`]).
    pub(crate) fn from_index(index: usize) -> Move {
        let k = index / 4096;
        Move {
            from_square: ((index / 64) % 64) as u8,
            to_square: (index % 64) as u8,
            promotion: (k > 0).then_some(k as u8 + 1),
            drop: None,
        }
    }

    /// The dense machine-learning index, 0 for moves without one.
    pub(crate) fn index(self) -> usize {
        if self.drop.is_some() {
            return 0;
        }
        move_index(self.from_square, self.to_square, self.promotion).unwrap_or(0)
    }

    /// The move of the rules crates.
    pub(crate) fn raw(&self) -> RawMove {
        RawMove {
            from: Square::from_index_masked(self.from_square),
            to: Square::from_index_masked(self.to_square),
            promotion: self.promotion.and_then(|p| role_of(i64::from(p))),
            drop: self.drop.and_then(|d| role_of(i64::from(d))),
        }
    }

    /// The Python move of a move of the rules crates.
    pub(crate) fn of(m: RawMove) -> Move {
        Move {
            from_square: m.from as u8,
            to_square: m.to as u8,
            promotion: m.promotion.map(piece_type_of),
            drop: m.drop.map(piece_type_of),
        }
    }

    /// The shared Python object of a move of the rules crates.
    pub(crate) fn object(py: Python<'_>, m: RawMove) -> PyResult<Bound<'_, Move>> {
        Move::of(m).into_object(py)
    }

    /// A legal move of the validated position as python-chess writes it (castling as the
    /// king's destination unless `chess960`).
    pub(crate) fn of_legal(m: chess_rules::Move, chess960: bool) -> Move {
        let to = if m.is_castle() && !chess960 {
            m.king_to_or_to()
        } else {
            m.to()
        };
        Move {
            from_square: m.from() as u8,
            to_square: to as u8,
            promotion: m.promotion().map(piece_type_of),
            drop: None,
        }
    }

    pub(crate) fn is_null(self) -> bool {
        self.raw().is_null()
    }

    pub(crate) fn uci_string(self) -> String {
        self.raw().to_string()
    }

    /// A move from any object with python-chess's move attributes (`from_square`,
    /// `to_square`, `promotion`, `drop`): a kingside `Move` directly, or python-chess's own.
    pub(crate) fn extract(value: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(m) = value.cast::<Move>() {
            return Ok(*m.get());
        }
        let field = |name: &str| value.getattr(name);
        let (Ok(from), Ok(to)) = (field("from_square"), field("to_square")) else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "expected a Move, not {}",
                value.get_type().name()?
            )));
        };
        let optional = |name: &str| -> PyResult<Option<i64>> {
            match value.getattr(name) {
                Ok(v) if !v.is_none() => Ok(Some(super::convert::integer(&v, name)?)),
                _ => Ok(None),
            }
        };
        Move::checked(
            super::convert::integer(&from, "from_square")?,
            super::convert::integer(&to, "to_square")?,
            optional("promotion")?,
            optional("drop")?,
        )
    }

    /// A move of checked parts: squares 0..63, piece types 1..6.
    pub(crate) fn checked(
        from: i64,
        to: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Move> {
        let square = |value: i64, name: &str| {
            u8::try_from(value).ok().filter(|&v| v < 64).ok_or_else(|| {
                PyValueError::new_err(format!("{name} is a square 0..63, not {value}"))
            })
        };
        let piece = |value: Option<i64>, name: &str| match value {
            None => Ok(None),
            Some(v @ 1..=6) => Ok(Some(v as u8)),
            Some(v) => Err(PyValueError::new_err(format!(
                "{name} is a piece type 1..6 (pawn to king) or None, not {v}"
            ))),
        };
        Ok(Move {
            from_square: square(from, "from_square")?,
            to_square: square(to, "to_square")?,
            promotion: piece(promotion, "promotion")?,
            drop: piece(drop, "drop")?,
        })
    }
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn new(
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Move> {
        Move::checked(from_square, to_square, promotion, drop)
    }

    /// The move of UCI text: ``e2e4``, ``e7e8q``, ``N@f3`` (a drop), ``0000`` (the null move).
    ///
    /// Raises ``InvalidMoveError`` for anything else.
    #[classmethod]
    fn from_uci<'py>(cls: &Bound<'py, PyType>, uci: &str) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let m =
            chess_notation::lenient::parse_uci(uci).map_err(|e| invalid_move(py, e.to_string()))?;
        Move::build(cls, Move::of(m))
    }

    /// The null move, ``0000``: false in a boolean context.
    #[classmethod]
    fn null<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        Move::build(cls, Move::of(RawMove::NULL))
    }

    /// The move in UCI: ``e2e4``, ``e7e8q``, ``P@e4``, ``0000``.
    fn uci(&self) -> String {
        self.uci_string()
    }

    /// The move as XBoard writes it: UCI, with ``@@@@`` for the null move.
    fn xboard(&self) -> String {
        if self.is_null() {
            "@@@@".to_owned()
        } else {
            self.uci_string()
        }
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

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<Move>() {
            Ok(other) => Ok((self == other.get())
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.from_square)
            | u64::from(self.to_square) << 6
            | u64::from(self.promotion.unwrap_or(0)) << 12
            | u64::from(self.drop.unwrap_or(0)) << 15
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let m = slf.get();
        (
            slf.get_type(),
            (m.from_square, m.to_square, m.promotion, m.drop),
        )
            .into_pyobject(py)
    }
}

impl Move {
    /// The move as an instance of `cls`: the shared object for `Move` itself, a new one for
    /// a subclass.
    fn build<'py>(cls: &Bound<'py, PyType>, m: Move) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        if cls.is(py.get_type::<Move>()) {
            Ok(m.into_object(py)?.into_any())
        } else {
            cls.call1((m.from_square, m.to_square, m.promotion, m.drop))
        }
    }
}

/// A piece: a type (1 pawn .. 6 king) and a color (True white), as python-chess's
/// ``chess.Piece``, immutable and shared.
///
/// >>> import kingside as chess
/// >>> chess.Piece.from_symbol("q")
/// Piece.from_symbol('q')
/// >>> chess.Piece(chess.KNIGHT, chess.WHITE).unicode_symbol()
/// '♘'
#[pyclass(module = "kingside", frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Piece {
    /// The piece type: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king.
    #[pyo3(get)]
    pub(crate) piece_type: u8,
    /// The color: True for white.
    #[pyo3(get)]
    pub(crate) color: bool,
}

static PIECES: PyOnceLock<Vec<Py<Piece>>> = PyOnceLock::new();

impl Piece {
    pub(crate) fn rust(self) -> chess_core::Piece {
        let role = role_of(i64::from(self.piece_type)).unwrap_or(Role::Pawn);
        chess_core::Piece::new(Color::from_white(self.color), role)
    }

    pub(crate) fn of(piece: chess_core::Piece) -> Piece {
        Piece {
            piece_type: piece_type_of(piece.role()),
            color: piece.color().is_white(),
        }
    }

    /// The shared Python objects of the twelve pieces, by `chess_core::Piece::index`.
    pub(crate) fn objects(py: Python<'_>) -> PyResult<&Vec<Py<Piece>>> {
        PIECES.get_or_try_init(py, || {
            chess_core::Piece::ALL
                .iter()
                .map(|&p| Py::new(py, Piece::of(p)))
                .collect::<PyResult<Vec<_>>>()
        })
    }

    /// The shared Python object of a piece.
    pub(crate) fn object(py: Python<'_>, piece: chess_core::Piece) -> PyResult<Bound<'_, Piece>> {
        Ok(Piece::objects(py)?[piece.index()].bind(py).clone())
    }

    /// A piece from any object with python-chess's piece attributes.
    pub(crate) fn extract(value: &Bound<'_, PyAny>) -> PyResult<chess_core::Piece> {
        if let Ok(p) = value.cast::<Piece>() {
            return Ok(p.get().rust());
        }
        let role = super::convert::piece_type(&value.getattr("piece_type")?, "piece_type")?;
        let color = super::convert::color(&value.getattr("color")?)?;
        Ok(chess_core::Piece::new(color, role))
    }
}

#[pymethods]
impl Piece {
    #[new]
    fn new(piece_type: &Bound<'_, PyAny>, color: &Bound<'_, PyAny>) -> PyResult<Piece> {
        let role = super::convert::piece_type(piece_type, "piece_type")?;
        let color = super::convert::color(color)?;
        Ok(Piece::of(chess_core::Piece::new(color, role)))
    }

    /// The piece of a letter: ``P``, ``N``, ... for white, ``p``, ``n``, ... for black.
    #[classmethod]
    fn from_symbol<'py>(cls: &Bound<'py, PyType>, symbol: &str) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let mut chars = symbol.chars();
        let piece = match (
            chars.next().and_then(chess_core::Piece::from_char),
            chars.next(),
        ) {
            (Some(piece), None) => piece,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "a piece symbol is one of PNBRQK or pnbrqk, not {symbol:?}"
                )));
            }
        };
        if cls.is(py.get_type::<Piece>()) {
            Ok(Piece::object(py, piece)?.into_any())
        } else {
            let p = Piece::of(piece);
            cls.call1((p.piece_type, p.color))
        }
    }

    /// The letter of the piece: uppercase for white.
    fn symbol(&self) -> String {
        self.rust().char().to_string()
    }

    /// The Unicode symbol of the piece (``♔`` for the white king), the other color's with
    /// ``invert_color``.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let piece = self.rust();
        let piece = if invert_color {
            chess_core::Piece::new(!piece.color(), piece.role())
        } else {
            piece
        };
        piece.unicode().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<Piece>() {
            Ok(other) => Ok((self == other.get())
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// 0..5 for white's pieces, 6..11 for black's, as python-chess hashes them.
    fn __hash__(&self) -> u64 {
        u64::from(self.piece_type) - 1 + if self.color { 0 } else { 6 }
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let p = slf.get();
        (slf.get_type(), (p.piece_type, p.color)).into_pyobject(slf.py())
    }

    /// The piece as SVG (``kingside.svg.piece``).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py()
            .import("kingside.svg")?
            .call_method1("piece", (slf,))?
            .extract()
    }
}
