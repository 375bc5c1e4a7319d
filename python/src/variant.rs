//! The state python-chess's `chess.variant` boards add to kingside's `Board`, with their rules:
//! `VariantState`, over chess-rules' `VariantPosition`. `python/kingside/variant.py` makes the
//! classes (`CrazyhouseBoard`, `AtomicBoard`, …) as subclasses of `Board` that keep one.
//!
//! The board's own Rust state (the pieces, side to move, castling rights, en passant square,
//! clocks and promoted pieces) stays where a standard board keeps it, so that what only reads
//! those works unchanged, and standard boards pay nothing for the variants. A `VariantState`
//! adds the variant, the pockets and the checks left, and its own move stack (each entry with
//! the position before the move: a variant's move is no standard move to take back); it asks
//! chess-rules for every judgement, on the variant position of the board's current fields,
//! built again only when they changed (a board may be edited square by square).
//!
//! `VariantLine` is such a board held in Rust alone, its fields and state copied: the PGN
//! reader plays a variant game's lines on it with the same code as the board's `parse_san`,
//! `push` and `pop`, without a Python call per move.

use chess_core::{Color, Role};
use chess_notation::VariantFen;
use chess_notation::san::{SanError, SanMode, SanMoveError, SanPlus, parse_variant_move};
use chess_rules::lenient::{LenientGame, LenientPosition, RawMove, Status};
use chess_rules::variant::{
    Playable, Pockets, RemainingChecks, Variant, VariantPosition, VariantSetup,
};
use chess_rules::{
    CastlingMode, EnPassantMode, Move as RulesMove, Outcome, PositionErrorKinds, Termination,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::board::errors::{ambiguous_move, illegal_move, invalid_fen, invalid_move};
use crate::board::{BaseBoard, Move};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VariantState>()
}

/// What a move of the stack replaced: the board's fields and the variant's.
#[derive(Clone)]
struct Saved {
    pos: LenientPosition,
    pockets: Option<Pockets>,
    checks: Option<RemainingChecks>,
}

/// The variant of a board, its pockets and checks left, and its move stack (python-chess's
/// variant boards' own state), with the judgements of chess-rules on the board's position.
#[pyclass(module = "kingside._native")]
#[derive(Clone)]
pub(crate) struct VariantState {
    variant: Variant,
    pockets: Option<Pockets>,
    checks: Option<RemainingChecks>,
    stack: Vec<(RawMove, Saved)>,
    /// The variant position of the fields last asked about (None: no position of the
    /// variant's rules, such as a board without kings).
    cache: Option<(VariantSetup, Option<VariantPosition>)>,
}

/// The Python move of a legal move (castling as the king's destination unless `chess960`).
fn py_move(m: RulesMove, chess960: bool) -> Move {
    match m.dropped() {
        Some(role) => Move::of(RawMove::put(role, m.to())),
        None => Move::of_legal(m, chess960),
    }
}

/// The variant position of `setup`, if the variant's rules allow it (the unusual but playable
/// set-ups included, as python-chess plays them).
fn build(variant: Variant, setup: VariantSetup, chess960: bool) -> Option<VariantPosition> {
    let mode = CastlingMode::for_setup(&setup.setup, chess960);
    VariantPosition::from_setup(variant, setup, mode)
        .or_else(|e| e.ignore(PositionErrorKinds::IGNORABLE))
        .ok()
}

/// The legal move of `pos` that the Python move `m` names, castling written either way.
fn find(pos: &VariantPosition, m: RawMove, chess960: bool) -> Option<RulesMove> {
    let moves = pos.legal_moves();
    let named = |c960: bool| {
        moves
            .iter()
            .copied()
            .find(|&legal| py_move(legal, c960).raw() == m)
    };
    named(chess960).or_else(|| named(!chess960))
}

/// python-chess's name of how a game ends, and its winner (True white), seen from the side
/// to move `turn` (a variant's decisive end is its win or its loss).
fn termination(outcome: Outcome, turn: Color) -> (String, Option<bool>) {
    let winner = outcome.winner();
    let name = match outcome.termination() {
        Some(Termination::VariantWin) if winner != Some(turn) => "VARIANT_LOSS".to_owned(),
        Some(t) => t.as_str().to_ascii_uppercase(),
        None => "VARIANT_DRAW".to_owned(),
    };
    (name, winner.map(Color::is_white))
}

impl VariantState {
    fn setup_of(&self, pos: &LenientPosition) -> VariantSetup {
        VariantSetup {
            setup: pos.to_setup(),
            pockets: self.pockets,
            promoted: pos.promoted,
            remaining_checks: self.checks,
        }
    }

    /// The variant position of the board's fields `pos`, if the rules allow one.
    fn position(&mut self, pos: &LenientPosition) -> Option<&VariantPosition> {
        let setup = self.setup_of(pos);
        if self
            .cache
            .as_ref()
            .is_none_or(|(cached, _)| *cached != setup)
        {
            let built = build(self.variant, setup.clone(), pos.chess960);
            self.cache = Some((setup, built));
        }
        self.cache.as_ref().and_then(|(_, pos)| pos.as_ref())
    }

    fn saved(&self, pos: &LenientPosition) -> Saved {
        Saved {
            pos: pos.clone(),
            pockets: self.pockets,
            checks: self.checks,
        }
    }

    /// Plays `m` on the board's fields `pos` and puts it on the stack: a legal move by the
    /// variant's rules, anything else (the null move, a move the rules do not allow) as a
    /// standard board plays it, as python-chess does. The fields after the move.
    fn play(
        &mut self,
        py: Python<'_>,
        pos: &LenientPosition,
        m: RawMove,
    ) -> PyResult<LenientPosition> {
        let chess960 = pos.chess960;
        let legal = self
            .position(pos)
            .and_then(|variant_pos| find(variant_pos, m, chess960));
        self.play_found(py, pos, m, legal)
    }

    /// `play` of `m` when the legal move it names (if any) is known: `legal`.
    fn play_found(
        &mut self,
        py: Python<'_>,
        pos: &LenientPosition,
        m: RawMove,
        legal: Option<RulesMove>,
    ) -> PyResult<LenientPosition> {
        let saved = self.saved(pos);
        let chess960 = pos.chess960;
        let played = legal.and_then(|legal| {
            let mut after = self.position(pos)?.clone();
            after.play_unchecked(legal);
            Some(after)
        });
        let after = match played {
            Some(after) => {
                let setup = after.to_variant_setup(EnPassantMode::Always);
                let mut after = LenientPosition::from_setup(&setup.setup, chess960);
                after.promoted = setup.promoted;
                self.pockets = setup.pockets;
                self.checks = setup.remaining_checks;
                after
            }
            None => {
                if !m.is_null() && m.drop.is_none() && pos.board.piece_at(m.from).is_none() {
                    return Err(illegal_move(
                        py,
                        format!(
                            "push() expects a legal, pseudo-legal or null move: there is no piece on {} for {m}",
                            m.from
                        ),
                    ));
                }
                let mut game = LenientGame::new(pos.clone());
                game.push(m).map_err(|e| illegal_move(py, e.to_string()))?;
                game.position().clone()
            }
        };
        self.stack.push((m, saved));
        Ok(after)
    }

    /// Takes back the last move of the stack: the move and the board's fields before it, or
    /// None when the stack is empty.
    fn take_back(&mut self) -> Option<(RawMove, LenientPosition)> {
        let (m, saved) = self.stack.pop()?;
        self.pockets = saved.pockets;
        self.checks = saved.checks;
        Some((m, saved.pos))
    }

    /// The legal move of SAN text on the board's fields `pos` (None for the null move), read
    /// leniently as python-chess reads it; python-chess's `ValueError` for text naming none.
    fn read_san(
        &mut self,
        py: Python<'_>,
        pos: &LenientPosition,
        san: &str,
    ) -> PyResult<Option<RulesMove>> {
        if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
            return Ok(None);
        }
        let Some(pos) = self.position(pos) else {
            return Err(illegal_move(
                py,
                format!("no legal move in this position: {san:?}"),
            ));
        };
        match parse_variant_move(pos, san.trim(), SanMode::Lenient) {
            Ok(m) => Ok(Some(m)),
            Err(SanMoveError::Parse(e)) => Err(invalid_move(py, format!("{e}: {san:?}"))),
            Err(SanMoveError::Move(e @ SanError::Ambiguous { .. })) => {
                Err(ambiguous_move(py, format!("{e}: {san:?}")))
            }
            Err(SanMoveError::Move(e)) => Err(illegal_move(py, format!("{e}: {san:?}"))),
        }
    }

    /// The pockets and checks of a new game of the variant.
    fn start_extras(&mut self) {
        self.pockets = self.variant.has_pockets().then_some(Pockets::EMPTY);
        self.checks = self
            .variant
            .has_remaining_checks()
            .then_some(RemainingChecks::START);
    }

    fn pockets_mut(&mut self) -> PyResult<&mut Pockets> {
        self.cache = None;
        self.pockets
            .as_mut()
            .ok_or_else(|| PyValueError::new_err("this variant has no pockets"))
    }

    /// Whether `m`, played in the position `saved`, can never be taken back: python-chess's
    /// rule for the variant (Crazyhouse: only a loss of castling rights; Three-check: a check
    /// too).
    fn irreversible(&self, saved: &Saved, pos: Option<&VariantPosition>, m: RawMove) -> bool {
        if m.is_null() {
            return false;
        }
        match self.variant {
            Variant::Crazyhouse => saved.pos.reduces_castling_rights(m),
            Variant::ThreeCheck => {
                saved.pos.is_irreversible(m)
                    || pos.is_some_and(|pos| {
                        find(pos, m, saved.pos.chess960).is_some_and(|legal| pos.gives_check(legal))
                    })
            }
            _ => saved.pos.is_irreversible(m),
        }
    }
}

/// A move `VariantLine::parse_san` read: as the Python board keeps it (`raw`), and the
/// variant's legal move it is (None for the null move).
pub(crate) struct LineMove {
    pub(crate) raw: RawMove,
    legal: Option<RulesMove>,
}

/// A variant board held in Rust, apart from its Python object: the board's fields and its
/// `VariantState`, copied. `read_game` plays a variant game's lines on these (one per open
/// line, as python-chess's reader keeps a board per line), by the same code as the board's
/// `parse_san`, `push` and `pop`.
#[derive(Clone)]
pub(crate) struct VariantLine {
    pos: LenientPosition,
    state: VariantState,
}

impl VariantLine {
    /// A copy of `board`, a variant board of `kingside.variant`.
    pub(crate) fn of(board: &Bound<'_, PyAny>) -> PyResult<VariantLine> {
        let state = board.getattr(pyo3::intern!(board.py(), "_state"))?;
        let state = state.cast::<VariantState>()?.borrow().clone();
        let pos = board.cast::<BaseBoard>()?.borrow().pos().clone();
        Ok(VariantLine { pos, state })
    }

    /// Whether a move was played (there is one to take back).
    pub(crate) fn has_moves(&self) -> bool {
        !self.state.stack.is_empty()
    }

    /// The board's `parse_san`.
    pub(crate) fn parse_san(&mut self, py: Python<'_>, san: &str) -> PyResult<LineMove> {
        let legal = self.state.read_san(py, &self.pos, san)?;
        let raw = legal.map_or(RawMove::NULL, |m| py_move(m, self.pos.chess960).raw());
        Ok(LineMove { raw, legal })
    }

    /// The board's `push` of a move its `parse_san` read (the legal move known, not looked
    /// for again).
    pub(crate) fn push(&mut self, py: Python<'_>, m: &LineMove) -> PyResult<()> {
        self.pos = self.state.play_found(py, &self.pos, m.raw, m.legal)?;
        Ok(())
    }

    /// The board's `pop` (nothing when no move was played).
    pub(crate) fn pop(&mut self) {
        if let Some((_, pos)) = self.state.take_back() {
            self.pos = pos;
        }
    }
}

/// A piece type of Python (1..5: the pocket's roles).
fn pocket_role(piece_type: u8) -> PyResult<Role> {
    match piece_type {
        1 => Ok(Role::Pawn),
        2 => Ok(Role::Knight),
        3 => Ok(Role::Bishop),
        4 => Ok(Role::Rook),
        5 => Ok(Role::Queen),
        _ => Err(PyValueError::new_err(format!(
            "a pocket holds pawns to queens (piece types 1..5), not {piece_type}"
        ))),
    }
}

fn color_of(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

#[pymethods]
impl VariantState {
    /// The state of a new game of the variant named `name` (python-chess's `uci_variant`).
    #[new]
    fn py_new(name: &str) -> PyResult<VariantState> {
        let variant: Variant = name
            .parse()
            .map_err(|e| PyValueError::new_err(format!("{e}: {name:?}")))?;
        let mut state = VariantState {
            variant,
            pockets: None,
            checks: None,
            stack: Vec::new(),
            cache: None,
        };
        state.start_extras();
        Ok(state)
    }

    /// A copy, with the last `stack` moves of the stack (all of them by default).
    #[pyo3(signature = (stack = None))]
    fn copy(&self, stack: Option<usize>) -> VariantState {
        let mut copy = self.clone();
        if let Some(n) = stack {
            let drop = copy.stack.len().saturating_sub(n);
            copy.stack.drain(..drop);
        }
        copy
    }

    /// Empties the pockets and gives back the checks: a new game's extras. The stack stays.
    fn reset_extras(&mut self) {
        self.start_extras();
        self.cache = None;
    }

    /// Forgets the move stack.
    fn clear_stack(&mut self) {
        self.stack.clear();
    }

    /// Reads a FEN of the variant into `board` (pockets in brackets or as a ninth rank, `~`,
    /// the checks in either form), clearing the stack; raises ``InvalidFenError``.
    fn set_fen(&mut self, board: &Bound<'_, BaseBoard>, fen: &str) -> PyResult<()> {
        let py = board.py();
        let (parsed, _) = VariantFen::from_ascii_lenient(fen.trim().as_bytes())
            .map_err(|e| invalid_fen(py, format!("{e} ({fen:?})")))?;
        let setup = parsed.into_setup();
        let mut board = board.borrow_mut();
        let mut pos = LenientPosition::from_setup(&setup.setup, board.pos().chess960);
        pos.promoted = setup.promoted;
        board.replace(LenientGame::new(pos));
        self.start_extras();
        if self.pockets.is_some() {
            self.pockets = Some(setup.pockets.unwrap_or(Pockets::EMPTY));
        }
        if self.checks.is_some() {
            self.checks = Some(setup.remaining_checks.unwrap_or(RemainingChecks::START));
        }
        self.stack.clear();
        self.cache = None;
        Ok(())
    }

    /// The pocket of `color` as python-chess writes it (``qrbnp`` order, lower case).
    fn pocket_text(&self, white: bool) -> String {
        let Some(pockets) = self.pockets else {
            return String::new();
        };
        let color = color_of(white);
        Pockets::ROLES
            .iter()
            .flat_map(|&role| std::iter::repeat_n(role.char(), pockets.count(color, role).into()))
            .collect()
    }

    /// How many pieces of a type the pocket of `color` holds.
    fn pocket_count(&self, white: bool, piece_type: u8) -> PyResult<u8> {
        let role = pocket_role(piece_type)?;
        Ok(self.pockets.map_or(0, |p| p.count(color_of(white), role)))
    }

    /// Puts a piece in the pocket of `color`.
    fn pocket_add(&mut self, white: bool, piece_type: u8) -> PyResult<()> {
        let role = pocket_role(piece_type)?;
        self.pockets_mut()?.add(color_of(white), role);
        Ok(())
    }

    /// Takes a piece from the pocket of `color` (a ``ValueError`` if there is none).
    fn pocket_remove(&mut self, white: bool, piece_type: u8) -> PyResult<()> {
        let role = pocket_role(piece_type)?;
        if self.pockets_mut()?.remove(color_of(white), role) {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!(
                "no {} in the pocket",
                chess_core::Piece::new(color_of(white), role).char()
            )))
        }
    }

    /// Empties the pocket of `color`.
    fn pocket_clear(&mut self, white: bool) -> PyResult<()> {
        let color = color_of(white);
        let pockets = self.pockets_mut()?;
        for role in Pockets::ROLES {
            pockets.set(color, role, 0);
        }
        Ok(())
    }

    /// The checks each side has left to give, ``(white, black)``, or None.
    fn remaining_checks(&self) -> Option<(u8, u8)> {
        self.checks
            .map(|c| (c.get(Color::White), c.get(Color::Black)))
    }

    /// Sets the checks left to give (0..3 each).
    fn set_remaining_checks(&mut self, white: u8, black: u8) -> PyResult<()> {
        self.checks = Some(RemainingChecks::new(white, black).ok_or_else(|| {
            PyValueError::new_err(format!("checks left are 0..3, not {white} and {black}"))
        })?);
        self.cache = None;
        Ok(())
    }

    /// Swaps the pockets and the checks of the two sides (for a mirrored board).
    fn swap_sides(&mut self) {
        self.pockets = self.pockets.map(|p| p.swapped());
        self.checks = self.checks.map(RemainingChecks::swapped);
        self.cache = None;
    }

    /// The variant's extras as one comparable value, for ``__eq__``.
    fn extras_key(&self) -> (String, String, Option<(u8, u8)>) {
        (
            self.pocket_text(true),
            self.pocket_text(false),
            self.remaining_checks(),
        )
    }

    /// The legal moves from `from_mask` to `to_mask` (a drop goes from its square to it).
    #[pyo3(signature = (board, from_mask = u64::MAX, to_mask = u64::MAX))]
    fn legal_moves<'py>(
        &mut self,
        board: &Bound<'py, BaseBoard>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Vec<Bound<'py, Move>>> {
        let py = board.py();
        let board = board.borrow();
        let chess960 = board.pos().chess960;
        let Some(pos) = self.position(board.pos()) else {
            return Ok(Vec::new());
        };
        let mut moves = chess_rules::variant::VariantMoveList::new();
        let _ = pos.generate(
            &mut moves,
            chess_core::Bitboard(from_mask),
            chess_core::Bitboard(to_mask),
        );
        moves
            .iter()
            .map(|&m| py_move(m, chess960).into_object(py))
            .collect()
    }

    /// Whether the move is legal.
    fn is_legal(
        &mut self,
        board: &Bound<'_, BaseBoard>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let m = Move::extract(r#move)?.raw();
        let board = board.borrow();
        let chess960 = board.pos().chess960;
        Ok(!m.is_null()
            && self
                .position(board.pos())
                .is_some_and(|pos| find(pos, m, chess960).is_some()))
    }

    /// The en passant square when an en passant capture is legal.
    fn legal_ep_square(&mut self, board: &Bound<'_, BaseBoard>) -> Option<u8> {
        let board = board.borrow();
        self.position(board.pos())
            .and_then(|pos| pos.ep_square(EnPassantMode::Legal))
            .map(|sq| sq as u8)
    }

    /// Plays the move and puts it on the stack (see `play`).
    fn push(&mut self, board: &Bound<'_, BaseBoard>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = Move::extract(r#move)?.raw();
        let mut board = board.borrow_mut();
        let after = self.play(board.py(), board.pos(), m)?;
        board.replace(LenientGame::new(after));
        Ok(())
    }

    /// Takes back the last move and returns it (an ``IndexError`` when there is none).
    fn pop<'py>(&mut self, board: &Bound<'py, BaseBoard>) -> PyResult<Bound<'py, Move>> {
        let (m, pos) = self
            .take_back()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        board.borrow_mut().replace(LenientGame::new(pos));
        Move::object(board.py(), m)
    }

    /// The moves of the stack, oldest first.
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, Move>>> {
        self.stack
            .iter()
            .map(|&(m, _)| Move::object(py, m))
            .collect()
    }

    /// The number of moves on the stack.
    fn __len__(&self) -> usize {
        self.stack.len()
    }

    /// The pieces giving check to the side to move, as the variant counts check.
    fn checkers(&mut self, board: &Bound<'_, BaseBoard>) -> u64 {
        let board = board.borrow();
        self.position(board.pos()).map_or(0, |pos| pos.checkers().0)
    }

    /// Whether the legal move gives check (False for another move).
    fn gives_check(
        &mut self,
        board: &Bound<'_, BaseBoard>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let m = Move::extract(r#move)?.raw();
        let board = board.borrow();
        let chess960 = board.pos().chess960;
        Ok(self
            .position(board.pos())
            .is_some_and(|pos| find(pos, m, chess960).is_some_and(|legal| pos.gives_check(legal))))
    }

    /// Whether the game is over by the variant's own rules.
    fn is_variant_end(&mut self, board: &Bound<'_, BaseBoard>) -> bool {
        let board = board.borrow();
        self.position(board.pos())
            .is_some_and(Playable::is_variant_end)
    }

    /// The end by the variant's own rules: ``"win"`` (of the side to move), ``"loss"`` or
    /// ``"draw"``, or None.
    fn variant_result(&mut self, board: &Bound<'_, BaseBoard>) -> Option<&'static str> {
        let board = board.borrow();
        let pos = self.position(board.pos())?;
        let outcome = pos.variant_outcome()?;
        Some(match outcome.winner() {
            Some(winner) if winner == pos.turn() => "win",
            Some(_) => "loss",
            None => "draw",
        })
    }

    /// How the game ends by the position alone, python-chess's termination name and winner.
    fn outcome(&mut self, board: &Bound<'_, BaseBoard>) -> Option<(String, Option<bool>)> {
        let board = board.borrow();
        let pos = self.position(board.pos())?;
        let turn = pos.turn();
        pos.outcome().map(|outcome| termination(outcome, turn))
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&mut self, board: &Bound<'_, BaseBoard>) -> bool {
        let board = board.borrow();
        self.position(board.pos())
            .is_some_and(Playable::is_checkmate)
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&mut self, board: &Bound<'_, BaseBoard>) -> bool {
        let board = board.borrow();
        self.position(board.pos())
            .is_some_and(Playable::is_stalemate)
    }

    /// Whether the side to move has a legal move.
    fn has_legal_moves(&mut self, board: &Bound<'_, BaseBoard>) -> bool {
        let board = board.borrow();
        self.position(board.pos())
            .is_some_and(Playable::has_legal_moves)
    }

    /// Whether `color` can never win by the variant's rules. A board that is no position of
    /// the variant has insufficient material when its pieces and pockets are empty.
    fn has_insufficient_material(&mut self, board: &Bound<'_, BaseBoard>, white: bool) -> bool {
        let board = board.borrow();
        let color = color_of(white);
        let pockets = self.pockets;
        match self.position(board.pos()) {
            Some(pos) => pos.has_insufficient_material(color),
            None => {
                board.pos().board.by_color(color).is_empty()
                    && pockets.is_none_or(|p| p.len(color) == 0)
            }
        }
    }

    /// python-chess's status flags of the board in the variant (0: valid).
    fn status(&mut self, board: &Bound<'_, BaseBoard>) -> u32 {
        let board = board.borrow();
        let setup = self.setup_of(board.pos());
        let mode = CastlingMode::for_setup(&setup.setup, board.pos().chess960);
        let kinds = match VariantPosition::from_setup(self.variant, setup, mode) {
            Ok(_) => return 0,
            Err(e) => e.kinds(),
        };
        let standard = board.pos().status();
        let mut status = Status::empty();
        let mut keep = |kind: PositionErrorKinds, flags: Status| {
            if kinds.contains(kind) {
                status |= flags;
            }
        };
        let missing_kings = if self.variant == Variant::Horde {
            Status::NO_BLACK_KING
        } else {
            Status::NO_WHITE_KING | Status::NO_BLACK_KING
        };
        keep(
            PositionErrorKinds::MISSING_KING,
            standard & (missing_kings | Status::EMPTY),
        );
        keep(PositionErrorKinds::TOO_MANY_KINGS, Status::TOO_MANY_KINGS);
        keep(
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            Status::PAWNS_ON_BACKRANK,
        );
        let material = Status::TOO_MANY_WHITE_PAWNS
            | Status::TOO_MANY_BLACK_PAWNS
            | Status::TOO_MANY_WHITE_PIECES
            | Status::TOO_MANY_BLACK_PIECES;
        keep(
            PositionErrorKinds::TOO_MUCH_MATERIAL,
            if (standard & material).is_empty() {
                Status::TOO_MANY_WHITE_PIECES | Status::TOO_MANY_BLACK_PIECES
            } else {
                standard & material
            },
        );
        // python-chess's Atomic board never reports the side not to move in check (its
        // king may stand attacked while the kings touch, or explode with the next capture).
        if self.variant != Variant::Atomic {
            keep(PositionErrorKinds::OPPOSITE_CHECK, Status::OPPOSITE_CHECK);
        }
        keep(
            PositionErrorKinds::IMPOSSIBLE_CHECK,
            Status::IMPOSSIBLE_CHECK | (standard & Status::TOO_MANY_CHECKERS),
        );
        keep(
            PositionErrorKinds::INVALID_EP_SQUARE,
            Status::INVALID_EP_SQUARE,
        );
        keep(
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            Status::BAD_CASTLING_RIGHTS,
        );
        keep(
            PositionErrorKinds::RACE_CHECK,
            // python-chess's flags for a king in check in Racing Kings, all three.
            Status::RACE_CHECK | Status::TOO_MANY_CHECKERS | Status::IMPOSSIBLE_CHECK,
        );
        keep(PositionErrorKinds::RACE_OVER, Status::RACE_OVER);
        keep(PositionErrorKinds::RACE_MATERIAL, Status::RACE_MATERIAL);
        status.bits()
    }

    /// The SAN of the legal (or null) move, python-chess's way (a pawn's drop ``@e6``).
    fn san(&mut self, board: &Bound<'_, BaseBoard>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let py = board.py();
        let m = Move::extract(r#move)?.raw();
        if m.is_null() {
            return Ok("--".to_owned());
        }
        let board = board.borrow();
        let chess960 = board.pos().chess960;
        let pos = self.position(board.pos());
        let Some((pos, legal)) = pos.and_then(|pos| Some((pos, find(pos, m, chess960)?))) else {
            return Err(illegal_move(
                py,
                format!("san() expects a legal move in this variant: {m}"),
            ));
        };
        let text = SanPlus::from_variant_move(pos, legal).to_string();
        Ok(match text.strip_prefix("P@") {
            Some(rest) => format!("@{rest}"),
            None => text,
        })
    }

    /// The legal move of SAN text (read leniently, as python-chess reads it).
    fn parse_san<'py>(
        &mut self,
        board: &Bound<'py, BaseBoard>,
        san: &str,
    ) -> PyResult<Bound<'py, Move>> {
        let py = board.py();
        let board = board.borrow();
        let m = self.read_san(py, board.pos(), san)?;
        match m {
            Some(m) => py_move(m, board.pos().chess960).into_object(py),
            None => Move::object(py, RawMove::NULL),
        }
    }

    /// Whether the move can never be taken back, by python-chess's rule for the variant.
    fn is_irreversible(
        &mut self,
        board: &Bound<'_, BaseBoard>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let m = Move::extract(r#move)?.raw();
        let board = board.borrow();
        let saved = self.saved(board.pos());
        let pos = self.position(board.pos()).cloned();
        Ok(self.irreversible(&saved, pos.as_ref(), m))
    }

    /// Whether the current position occurred `count` times since the last irreversible move
    /// (the variant's extras included, as python-chess's transposition key has them).
    fn is_repetition(&mut self, board: &Bound<'_, BaseBoard>, count: usize) -> bool {
        let board = board.borrow();
        let chess960 = board.pos().chess960;
        let Some(key) = self.position(board.pos()).map(Playable::repetition_key) else {
            return false;
        };
        let mut seen = 1;
        if seen >= count {
            return true;
        }
        for (m, saved) in self.stack.iter().rev() {
            let setup = VariantSetup {
                setup: saved.pos.to_setup(),
                pockets: saved.pockets,
                promoted: saved.pos.promoted,
                remaining_checks: saved.checks,
            };
            let before = build(self.variant, setup, chess960);
            if self.irreversible(saved, before.as_ref(), *m) {
                break;
            }
            if before.as_ref().map(Playable::repetition_key) == Some(key) {
                seen += 1;
                if seen >= count {
                    return true;
                }
            }
        }
        false
    }
}
