//! `Board`'s judgements: what a move is (capture, castling, ...), castling rights, validity
//! (`status()`), check, mate, the draw rules and the outcome, as python-chess judges them.

use chess_core::{Bitboard, CastlingSide, Color, File, Rank, Role, Square};
use chess_rules::Outcome;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use super::Board;
use super::convert;
use super::game::raw_move;

/// `kingside.Outcome(Termination.NAME, winner)` of an outcome of the rules: the member named
/// as chess-rules names the [`Termination`](chess_rules::Termination) (python-chess's names,
/// in capitals).
fn outcome_object<'py>(py: Python<'py>, outcome: Outcome) -> PyResult<Bound<'py, PyAny>> {
    static OUTCOME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static TERMINATION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    // A board's game ends by the rules alone (a variant's too): never by resignation, time or
    // agreement.
    let termination = outcome.termination().ok_or_else(|| {
        PyRuntimeError::new_err(format!("{outcome}: not an end by the rules (a bug)"))
    })?;
    let winner = outcome.winner().map(Color::is_white);
    let termination = TERMINATION
        .import(py, "kingside._board", "Termination")?
        .getattr(termination.as_str().to_ascii_uppercase())?;
    OUTCOME
        .import(py, "kingside._board", "Outcome")?
        .call1((termination, winner))
}

/// The PGN result of an outcome (``*`` for none).
pub(crate) fn result_text(outcome: Option<Outcome>) -> &'static str {
    outcome.map_or("*", |outcome| outcome.result())
}

#[pymethods]
impl Board {
    /// Whether a move captures en passant.
    fn is_en_passant(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_en_passant(raw_move(r#move)?))
    }

    /// Whether a move captures (en passant included).
    fn is_capture(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_capture(raw_move(r#move)?))
    }

    /// Whether a move resets the halfmove clock (a pawn move or a capture).
    fn is_zeroing(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_zeroing(raw_move(r#move)?))
    }

    /// Whether no earlier position can repeat after a move: it resets the halfmove clock,
    /// takes away a castling right, or an en passant capture is legal now.
    fn is_irreversible(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_irreversible(raw_move(r#move)?))
    }

    /// Whether a move castles.
    fn is_castling(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_castling(raw_move(r#move)?))
    }

    /// Whether a move castles towards the ``h`` file.
    fn is_kingside_castling(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf.as_super().pos().is_kingside_castling(raw_move(r#move)?))
    }

    /// Whether a move castles towards the ``a`` file.
    fn is_queenside_castling(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf
            .as_super()
            .pos()
            .is_queenside_castling(raw_move(r#move)?))
    }

    /// The castling rights a king and rook can use, a bitboard of rooks.
    fn clean_castling_rights(slf: PyRef<'_, Self>) -> u64 {
        slf.as_super().pos().clean_castling_rights().0
    }

    /// Whether a color may still castle.
    fn has_castling_rights(slf: PyRef<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf
            .as_super()
            .pos()
            .has_castling_rights(convert::color(color)?))
    }

    /// Whether a color may still castle towards the ``h`` file.
    fn has_kingside_castling_rights(
        slf: PyRef<'_, Self>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let color = convert::color(color)?;
        Ok(slf
            .as_super()
            .pos()
            .has_castling_side(color, CastlingSide::KingSide))
    }

    /// Whether a color may still castle towards the ``a`` file.
    fn has_queenside_castling_rights(
        slf: PyRef<'_, Self>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let color = convert::color(color)?;
        Ok(slf
            .as_super()
            .pos()
            .has_castling_side(color, CastlingSide::QueenSide))
    }

    /// Whether a castling right needs Chess960 (a rook off the corner or a king off ``e1``/
    /// ``e8``).
    fn has_chess960_castling_rights(slf: PyRef<'_, Self>) -> bool {
        let pos = slf.as_super().pos();
        let mut as960 = pos.clone();
        as960.chess960 = true;
        let rights = as960.clean_castling_rights();
        if rights.intersects(!Bitboard::CORNERS) {
            return true;
        }
        for color in Color::ALL {
            let backrank = Bitboard::rank(Rank::First.relative_to(color));
            let e = Square::new(File::E, Rank::First.relative_to(color));
            if rights.intersects(backrank) && !pos.board.pieces(color, Role::King).contains(e) {
                return true;
            }
        }
        false
    }

    /// Whether some pseudo-legal en passant capture exists.
    fn has_pseudo_legal_en_passant(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().has_pseudo_legal_en_passant()
    }

    /// Whether some legal en passant capture exists.
    fn has_legal_en_passant(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().has_legal_en_passant()
    }

    /// What keeps the position from occurring in a game, as ``Status`` flags
    /// (``Status.VALID`` when nothing does).
    fn status<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        static STATUS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        let bits = slf.as_super().pos().status().bits();
        STATUS
            .import(slf.py(), "kingside._board", "Status")?
            .call1((bits,))
    }

    /// Whether the position can occur in a game (``status()`` is ``VALID``).
    fn is_valid(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().is_valid()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(slf: PyRef<'_, Self>) -> bool {
        let base = slf.as_super();
        base.pos().is_check() && base.legal_moves().is_empty()
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(slf: PyRef<'_, Self>) -> bool {
        let base = slf.as_super();
        !base.pos().is_check() && base.legal_moves().is_empty()
    }

    /// Whether neither side can ever checkmate.
    fn is_insufficient_material(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().pos().is_insufficient_material()
    }

    /// Whether a color can never checkmate, whatever the moves.
    fn has_insufficient_material(slf: PyRef<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(slf
            .as_super()
            .pos()
            .has_insufficient_material(convert::color(color)?))
    }

    /// Whether 75 moves by each side passed without a capture or pawn move (a draw).
    fn is_seventyfive_moves(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().game.is_seventyfive_moves()
    }

    /// Whether the position occurred five times (a draw).
    fn is_fivefold_repetition(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().game.is_fivefold_repetition()
    }

    /// Whether 50 moves by each side passed without a capture or pawn move.
    fn is_fifty_moves(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().game.is_fifty_moves()
    }

    /// Whether the 50-move rule may be claimed, now or with the next move.
    fn can_claim_fifty_moves(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().game.can_claim_fifty_moves()
    }

    /// Whether a threefold repetition may be claimed, now or with the next move.
    fn can_claim_threefold_repetition(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().game.can_claim_threefold_repetition()
    }

    /// Whether a draw may be claimed (the 50-move rule or a threefold repetition).
    fn can_claim_draw(slf: PyRef<'_, Self>) -> bool {
        slf.as_super().game.can_claim_draw()
    }

    /// Whether the position occurred `count` times since the last irreversible move.
    #[pyo3(signature = (count = None))]
    fn is_repetition(slf: PyRef<'_, Self>, count: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let count = match count {
            Some(c) => convert::integer(c, "count")?,
            None => 3,
        };
        Ok(slf
            .as_super()
            .game
            .is_repetition(usize::try_from(count).unwrap_or(0)))
    }

    /// Whether a variant rule ended the game (never in standard chess).
    fn is_variant_end(_slf: PyRef<'_, Self>) -> bool {
        false
    }

    /// Whether the side to move lost by a variant rule (never in standard chess).
    fn is_variant_loss(_slf: PyRef<'_, Self>) -> bool {
        false
    }

    /// Whether the side to move won by a variant rule (never in standard chess).
    fn is_variant_win(_slf: PyRef<'_, Self>) -> bool {
        false
    }

    /// Whether a variant rule drew the game (never in standard chess).
    fn is_variant_draw(_slf: PyRef<'_, Self>) -> bool {
        false
    }

    /// How the game ended, as an ``Outcome``, or None: checkmate, insufficient material,
    /// stalemate, the 75-move rule, fivefold repetition; with `claim_draw` also the 50-move
    /// rule and threefold repetition.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        slf: PyRef<'py, Self>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        match slf.as_super().game.outcome(claim_draw) {
            None => Ok(None),
            Some(outcome) => outcome_object(py, outcome).map(Some),
        }
    }

    /// Whether the game is over (see ``outcome``).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(slf: PyRef<'_, Self>, claim_draw: bool) -> bool {
        slf.as_super().game.outcome(claim_draw).is_some()
    }

    /// The PGN result: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(slf: PyRef<'_, Self>, claim_draw: bool) -> &'static str {
        result_text(slf.as_super().game.outcome(claim_draw))
    }
}
