//! `Board`'s notation: FEN and its castling field, SAN and LAN, UCI and XBoard, reading and
//! writing, as python-chess does (chess-notation's lenient module underneath).

use chess_notation::lenient::{
    self as notation, EnPassantSpec, FenOptions, castling_rooks, castling_shredder, castling_xfen,
};
use chess_rules::lenient::RawMove;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::errors::{illegal_move, move_error};
use super::game::raw_move;
use super::{BaseBoard, Board, Move};

/// python-chess's `en_passant` argument: ``"fen"``, ``"xfen"``, anything else is ``"legal"``.
fn en_passant(spec: &str) -> EnPassantSpec {
    match spec {
        "fen" => EnPassantSpec::Fen,
        "xfen" => EnPassantSpec::Xfen,
        _ => EnPassantSpec::Legal,
    }
}

impl BaseBoard {
    /// The FEN of the position, as python-chess's default `fen()` writes it.
    pub(crate) fn fen_string(&self) -> String {
        notation::write_fen(self.pos(), FenOptions::default())
    }

    /// The SAN (or LAN) of a move, `+` or `#` included.
    pub(crate) fn san_string(&self, py: Python<'_>, m: RawMove, long: bool) -> PyResult<String> {
        notation::san(self.pos(), m, long).map_err(|e| {
            illegal_move(
                py,
                format!(
                    "san() and lan() expect a legal, pseudo-legal or null move: {e} in {}",
                    self.fen_string()
                ),
            )
        })
    }

    /// The legal move of SAN text.
    pub(crate) fn parse_san_text(&self, py: Python<'_>, san: &str) -> PyResult<RawMove> {
        notation::parse_san(self.pos(), san).map_err(|e| move_error(py, &e, self.pos()))
    }

    /// The legal move of UCI text.
    pub(crate) fn parse_uci_text(&self, py: Python<'_>, uci: &str) -> PyResult<RawMove> {
        notation::parse_uci_legal(self.pos(), uci).map_err(|e| move_error(py, &e, self.pos()))
    }
}

#[pymethods]
impl Board {
    /// The FEN of the position: Shredder-FEN castling with `shredder`; the en passant square
    /// only where a capture is legal (``en_passant="legal"``), after any double step
    /// (``"fen"``) or where a pawn could capture by its rules alone (``"xfen"``); ``~``
    /// after promoted pieces with `promoted`.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(
        slf: PyRef<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> String {
        let options = FenOptions {
            shredder,
            en_passant: self::en_passant(en_passant),
            promoted: promoted.unwrap_or(false),
        };
        notation::write_fen(slf.as_super().pos(), options)
    }

    /// The FEN with Shredder-FEN castling (the rooks' files, ``HAha``).
    #[pyo3(signature = (*, en_passant = "legal", promoted = None))]
    fn shredder_fen(slf: PyRef<'_, Self>, en_passant: &str, promoted: Option<bool>) -> String {
        Board::fen(slf, true, en_passant, promoted)
    }

    /// The first four fields of the FEN (``Board.epd`` adds the operations).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn _epd_position(
        slf: PyRef<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> String {
        let options = FenOptions {
            shredder,
            en_passant: self::en_passant(en_passant),
            promoted: promoted.unwrap_or(false),
        };
        notation::write_epd(slf.as_super().pos(), options)
    }

    /// Sets the position from a FEN, read as python-chess reads it (fields after the
    /// placement may be left out); clears the move stack. ``InvalidFenError`` (a
    /// ``ValueError``) for text that is no FEN.
    fn set_fen(mut slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        let py = slf.py();
        slf.as_super().set_fen_text(py, fen)
    }

    /// Sets the castling rights from a FEN castling field (``KQkq``, ``HAha``, ``-``);
    /// clears the move stack.
    fn set_castling_fen(mut slf: PyRefMut<'_, Self>, castling_fen: &str) -> PyResult<()> {
        let base = slf.as_super();
        if castling_fen.is_empty() || castling_fen == "-" {
            base.setup().castling_rights = chess_core::Bitboard::EMPTY;
            return Ok(());
        }
        let valid = {
            let b = castling_fen.as_bytes();
            let white = b
                .iter()
                .take_while(|c| matches!(c, b'K' | b'Q' | b'A'..=b'H'))
                .count();
            let black = b[white..]
                .iter()
                .take_while(|c| matches!(c, b'k' | b'q' | b'a'..=b'h'))
                .count();
            white <= 2 && black <= 2 && white + black == b.len()
        };
        if !valid {
            return Err(PyValueError::new_err(format!(
                "invalid castling field {castling_fen:?}: expected -, or up to two of KQ and A-H then up to two of kq and a-h"
            )));
        }
        let rights = castling_rooks(base.pos(), castling_fen);
        base.setup().castling_rights = rights;
        Ok(())
    }

    /// The castling field as Shredder-FEN writes it: the rooks' files (``HAha``).
    fn castling_shredder_fen(slf: PyRef<'_, Self>) -> String {
        castling_shredder(slf.as_super().pos())
    }

    /// The castling field as X-FEN writes it (``KQkq``, a file letter where another rook
    /// stands further out).
    fn castling_xfen(slf: PyRef<'_, Self>) -> String {
        castling_xfen(slf.as_super().pos())
    }

    /// The SAN of a move (legal, pseudo-legal or null), with ``+`` or ``#``.
    fn san(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = raw_move(r#move)?;
        slf.as_super().san_string(slf.py(), m, false)
    }

    /// The long algebraic notation of a move: ``Ng1-f3``, ``e5xd6#``.
    fn lan(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = raw_move(r#move)?;
        slf.as_super().san_string(slf.py(), m, true)
    }

    /// The SAN of a move, then plays it.
    fn san_and_push(mut slf: PyRefMut<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let py = slf.py();
        let m = raw_move(r#move)?;
        let base = slf.as_super();
        let san = base.san_string(py, m, false)?;
        base.push_raw(py, m)?;
        Ok(san)
    }

    /// The moves of a line in SAN with move numbers (``1. e4 e5 2. Nf3``), the board left as
    /// it is; ``IllegalMoveError`` names the first move that is not legal where it comes.
    fn variation_san(slf: PyRef<'_, Self>, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let py = slf.py();
        let moves = variation
            .try_iter()?
            .map(|m| raw_move(&m?))
            .collect::<PyResult<Vec<_>>>()?;
        let base = slf.as_super();
        notation::variation_san(base.pos(), &moves).map_err(|i| {
            let mut pos = base.pos().clone();
            for &m in &moves[..i] {
                let _ = pos.play(m);
            }
            illegal_move(
                py,
                format!(
                    "illegal move {} in position {}",
                    moves[i],
                    notation::write_fen(&pos, FenOptions::default())
                ),
            )
        })
    }

    /// The legal move SAN text names (python-chess's reading: ``O-O``, ``0-0``, ``e2e4`` and
    /// ``e2-e4``, ``--`` for the null move). ``InvalidMoveError`` for text that is no move,
    /// ``IllegalMoveError`` and ``AmbiguousMoveError`` when it names no legal move or
    /// several.
    fn parse_san<'py>(slf: PyRef<'py, Self>, san: &str) -> PyResult<Bound<'py, Move>> {
        let m = slf.as_super().parse_san_text(slf.py(), san)?;
        Move::object(slf.py(), m)
    }

    /// Plays the move SAN text names and returns it.
    fn push_san<'py>(mut slf: PyRefMut<'py, Self>, san: &str) -> PyResult<Bound<'py, Move>> {
        let py = slf.py();
        let base = slf.as_super();
        let m = base.parse_san_text(py, san)?;
        base.push_raw(py, m)?;
        Move::object(py, m)
    }

    /// The UCI of a move, castling as the board's mode writes it (or as `chess960` says).
    #[pyo3(signature = (r#move, *, chess960 = None))]
    fn uci(
        slf: PyRef<'_, Self>,
        r#move: &Bound<'_, PyAny>,
        chess960: Option<bool>,
    ) -> PyResult<String> {
        let m = raw_move(r#move)?;
        let pos = slf.as_super().pos();
        Ok(notation::uci(pos, m, chess960.unwrap_or(pos.chess960)))
    }

    /// The legal move UCI text names (castling in either form); ``0000`` is the null move.
    fn parse_uci<'py>(slf: PyRef<'py, Self>, uci: &str) -> PyResult<Bound<'py, Move>> {
        let m = slf.as_super().parse_uci_text(slf.py(), uci)?;
        Move::object(slf.py(), m)
    }

    /// Plays the move UCI text names and returns it.
    fn push_uci<'py>(mut slf: PyRefMut<'py, Self>, uci: &str) -> PyResult<Bound<'py, Move>> {
        let py = slf.py();
        let base = slf.as_super();
        let m = base.parse_uci_text(py, uci)?;
        base.push_raw(py, m)?;
        Move::object(py, m)
    }

    /// The move as XBoard writes it: UCI, castling as ``O-O`` or ``O-O-O`` in Chess960,
    /// ``@@@@`` for the null move.
    #[pyo3(signature = (r#move, chess960 = None))]
    fn xboard(
        slf: PyRef<'_, Self>,
        r#move: &Bound<'_, PyAny>,
        chess960: Option<bool>,
    ) -> PyResult<String> {
        let m = raw_move(r#move)?;
        let pos = slf.as_super().pos();
        let chess960 = chess960.unwrap_or(pos.chess960);
        if !chess960 || !pos.is_castling(m) {
            return Ok(if m.is_null() {
                "@@@@".to_owned()
            } else {
                m.to_string()
            });
        }
        Ok(if pos.is_kingside_castling(m) {
            "O-O".to_owned()
        } else {
            "O-O-O".to_owned()
        })
    }

    /// The legal move XBoard text names (SAN, as python-chess reads it).
    fn parse_xboard<'py>(slf: PyRef<'py, Self>, xboard: &str) -> PyResult<Bound<'py, Move>> {
        Board::parse_san(slf, xboard)
    }

    /// Plays the move XBoard text names and returns it.
    fn push_xboard<'py>(slf: PyRefMut<'py, Self>, xboard: &str) -> PyResult<Bound<'py, Move>> {
        Board::push_san(slf, xboard)
    }
}
