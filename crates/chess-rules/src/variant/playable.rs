//! What every position can do, whatever its rules: the trait generic code is written against.

use core::fmt;
use core::ops::{ControlFlow, Deref};

use chess_core::{Bitboard, Board, CastlingRights, Color, Rank, Role, Square, zobrist};

use crate::movegen::{AnyMove, Counter, EnPassantFinder, Find};
use crate::variant::keys;
use crate::variant::{Pockets, RemainingChecks, Variant, VariantSetup};
use crate::{
    CastlingMode, DrawReason, EnPassantMode, IllegalMoveError, Move, MoveList, MoveSink, Outcome,
    Position, Setup, WinReason,
};

/// A position of some variant's rules, or of standard chess: what perft, a game, a notation
/// or a program needs of it. [`Position`] implements it for standard chess and Chess960,
/// each variant's type for its own rules ([`Crazyhouse`](crate::variant::Crazyhouse),
/// [`Atomic`](crate::variant::Atomic), …), and [`VariantPosition`](crate::variant::VariantPosition)
/// for a variant chosen at run time.
///
/// Generic code (`fn f<P: Playable>(pos: &P)`) is compiled once per rules, so standard chess
/// runs the standard position's own code through it;
/// [`VariantPosition`](crate::variant::VariantPosition) dispatches once per call instead.
///
/// The answers are python-chess's `chess.variant` boards', move for move (the tests hold them
/// to it): the legal moves (as a set; the order is this crate's), check, the end of the game
/// (python-chess's `outcome()` without the claims and the rules that need the game's history,
/// which a game keeps), insufficient material and the Polyglot key.
///
/// ```
/// use chess_rules::variant::{Atomic, Playable, Variant};
/// use chess_rules::{Outcome, WinReason};
/// use chess_core::{Color, Square};
/// use chess_rules::Move;
///
/// /// Plays the first legal move until the game ends, whatever the rules.
/// fn first_moves<P: Playable>(mut pos: P, plies: usize) -> P {
///     for _ in 0..plies {
///         let Some(&m) = pos.legal_moves().first() else { break };
///         pos.play_unchecked(m);
///     }
///     pos
/// }
///
/// let pos = first_moves(Atomic::new(), 4);
/// assert_eq!(pos.variant(), Variant::Atomic);
/// assert_eq!(pos.fullmoves(), 3);
/// ```
pub trait Playable: Clone + fmt::Debug {
    /// What [`Playable::play_undoable`] saves so that [`Playable::undo`] can take the move
    /// back.
    type Undo: Clone + fmt::Debug;

    /// The list [`Playable::legal_moves`] fills: standard chess's [`MoveList`], and for the
    /// variants the longer [`VariantMoveList`](crate::variant::VariantMoveList) (drops make
    /// more moves than standard chess's list has room for).
    type Moves: MoveSink + Default + Clone + fmt::Debug + Deref<Target = [Move]>;

    /// The rules.
    fn variant(&self) -> Variant;

    /// Where the pieces stand.
    fn board(&self) -> &Board;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The castling rights.
    fn castling_rights(&self) -> &CastlingRights;

    /// Standard or Chess960 castling.
    fn castling_mode(&self) -> CastlingMode;

    /// The en passant square, as `mode` defines it ([`EnPassantMode::Legal`]: when an en
    /// passant capture is among this variant's legal moves).
    fn ep_square(&self, mode: EnPassantMode) -> Option<Square>;

    /// Halfmoves since the last capture or pawn move.
    fn halfmoves(&self) -> u32;

    /// The move number: 1 at the start, incremented after each black move.
    fn fullmoves(&self) -> u32;

    /// The pockets (Crazyhouse only).
    fn pockets(&self) -> Option<&Pockets> {
        None
    }

    /// The promoted pieces, which go back to a pocket as pawns (Crazyhouse only).
    fn promoted(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The checks each side has left to give (Three-check only).
    fn remaining_checks(&self) -> Option<RemainingChecks> {
        None
    }

    /// The pieces giving check to the side to move, as the variant counts check: none in
    /// Antichess and Racing Kings, none for the horde, none in Atomic while the kings stand
    /// side by side.
    fn checkers(&self) -> Bitboard;

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Feeds every legal move from a square of `from_mask` to a square of `to_mask` into
    /// `sink`, in bulk (see [`MoveSink`]; a drop counts as going from its square to its
    /// square), and stops when the sink breaks. No move once the game is over by the
    /// variant's own rules ([`Playable::is_variant_end`]).
    fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()>;

    /// Every legal move.
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = Self::Moves::default();
        let _ = self.generate(&mut moves, Bitboard::FULL, Bitboard::FULL);
        moves
    }

    /// The number of legal moves, counted without building them (perft's last ply).
    fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        let _ = self.generate(&mut counter, Bitboard::FULL, Bitboard::FULL);
        counter.0
    }

    /// Whether the side to move has a legal move.
    fn has_legal_moves(&self) -> bool {
        self.generate(&mut AnyMove, Bitboard::FULL, Bitboard::FULL)
            .is_break()
    }

    /// Whether `m` is a legal move here.
    fn is_legal(&self, m: Move) -> bool {
        self.generate(&mut Find(m), Bitboard::from(m.from()), Bitboard::FULL)
            .is_break()
    }

    /// Whether the move `m` takes a piece: en passant included, castling and drops not.
    fn is_capture(&self, m: Move) -> bool {
        m.is_en_passant()
            || (!m.is_castle() && !m.is_drop() && self.board().piece_at(m.to()).is_some())
    }

    /// Whether the legal move `m` gives check, as the variant counts check.
    fn gives_check(&self, m: Move) -> bool {
        self.after(m).is_check()
    }

    /// Plays `m`, which must be legal here: the fast path, without a legality check. An
    /// illegal move leaves the position in an unspecified (but memory safe) state.
    fn play_unchecked(&mut self, m: Move);

    /// Plays the legal move `m` in place and returns what [`Playable::undo`] needs to take it
    /// back.
    fn play_undoable(&mut self, m: Move) -> Self::Undo;

    /// Takes back `m`, the last move played with [`Playable::play_undoable`].
    fn undo(&mut self, m: Move, undo: Self::Undo);

    /// Plays `m` if it is legal here, else leaves the position unchanged and says so.
    fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError { m })
        }
    }

    /// The position after the legal move `m`.
    #[must_use]
    fn after(&self, m: Move) -> Self {
        let mut pos = self.clone();
        pos.play_unchecked(m);
        pos
    }

    /// The Polyglot key, as python-chess's `chess.polyglot.zobrist_hash` computes it for the
    /// variant's board: the placement, castling rights, en passant file (when a pawn of the
    /// side to move stands next to the pawn that advanced) and side to move. Pockets, promoted
    /// pieces and checks left are not part of it (python-chess leaves them out; a Polyglot
    /// book has no keys for them): [`Playable::repetition_key`] counts them.
    fn zobrist_hash(&self) -> u64;

    /// The key two positions share when they are the same position for the repetition rules,
    /// as python-chess's transposition key tells them apart: [`Playable::zobrist_hash`] with
    /// the en passant square only when the capture is legal, and the pockets, promoted pieces
    /// and checks left of the variants that have them.
    fn repetition_key(&self) -> u64 {
        let mut key = self.zobrist_hash();
        if let Some(ep) = self.ep_square(EnPassantMode::PseudoLegal) {
            if self.ep_square(EnPassantMode::Legal).is_none() {
                key ^= zobrist::en_passant(ep.file());
            }
        }
        key ^ keys::variant_state(self.pockets(), self.promoted(), self.remaining_checks())
    }

    /// Whether the game is over by the variant's own rules (a king on the hill, a third
    /// check, an exploded king, …): then there are no legal moves.
    fn is_variant_end(&self) -> bool;

    /// The end of the game by the variant's own rules, if it is over by them: a loss of the
    /// side to move, then a win, then a draw (python-chess's `is_variant_loss`,
    /// `is_variant_win` and `is_variant_draw`, in that order).
    fn variant_outcome(&self) -> Option<Outcome>;

    /// Whether `color` can never win (python-chess's `has_insufficient_material`, with each
    /// variant's rules).
    fn has_insufficient_material(&self, color: Color) -> bool;

    /// Whether neither side can win: the draw by insufficient material.
    fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&color| self.has_insufficient_material(color))
    }

    /// Whether the side to move is in check and has no legal move.
    fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is not in check, the game is not over by the variant's rules,
    /// and there is no legal move.
    fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.is_variant_end() && !self.has_legal_moves()
    }

    /// How the game ends here by the rules of the position alone, if it does: the variant's
    /// own end, checkmate, insufficient material, or no legal move (a stalemate) —
    /// python-chess's `outcome()` in its order, without the rules of a game's history (the
    /// 75-move rule and fivefold repetition) and without claims.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.variant_outcome() {
            return Some(outcome);
        }
        if self.is_checkmate() {
            return Some(Outcome::Decisive {
                winner: !self.turn(),
                reason: WinReason::Checkmate,
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        if !self.has_legal_moves() {
            return Some(Outcome::Draw {
                reason: DrawReason::Stalemate,
            });
        }
        None
    }

    /// The fields of the position, with the en passant square as `ep` reports it: what a
    /// variant FEN writes.
    fn to_variant_setup(&self, ep: EnPassantMode) -> VariantSetup {
        VariantSetup {
            setup: Setup {
                board: self.board().clone(),
                turn: self.turn(),
                castling: *self.castling_rights(),
                ep_square: self.ep_square(ep),
                halfmoves: self.halfmoves(),
                fullmoves: self.fullmoves(),
            },
            pockets: self.pockets().copied(),
            promoted: self.promoted(),
            remaining_checks: self.remaining_checks(),
        }
    }
}

/// The en passant square of `pos`, stored as `stored` (the square skipped by the last double
/// step), as `mode` defines it with the variant's own legal moves.
pub(crate) fn ep_square_of<P: Playable>(
    pos: &P,
    stored: Option<Square>,
    mode: EnPassantMode,
) -> Option<Square> {
    let ep = stored?;
    let us = pos.turn();
    let pawns = pos.board().pieces(us, Role::Pawn);
    let pseudo = (chess_core::attacks::pawn(!us, ep) & pawns).any();
    match mode {
        EnPassantMode::Always => Some(ep),
        EnPassantMode::PseudoLegal => pseudo.then_some(ep),
        EnPassantMode::Legal => {
            let captured = Square::new(ep.file(), Rank::Fifth.relative_to(us));
            let legal = pseudo
                && pos
                    .generate(&mut EnPassantFinder, pawns, Bitboard::from(ep) | captured)
                    .is_break();
            legal.then_some(ep)
        }
    }
}

impl Playable for Position {
    type Undo = crate::Undo;
    type Moves = MoveList;

    fn variant(&self) -> Variant {
        Variant::Standard
    }

    #[inline]
    fn board(&self) -> &Board {
        Position::board(self)
    }

    #[inline]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    #[inline]
    fn castling_rights(&self) -> &CastlingRights {
        Position::castling_rights(self)
    }

    #[inline]
    fn castling_mode(&self) -> CastlingMode {
        Position::castling_mode(self)
    }

    #[inline]
    fn ep_square(&self, mode: EnPassantMode) -> Option<Square> {
        Position::ep_square(self, mode)
    }

    #[inline]
    fn halfmoves(&self) -> u32 {
        Position::halfmoves(self)
    }

    #[inline]
    fn fullmoves(&self) -> u32 {
        Position::fullmoves(self)
    }

    #[inline]
    fn checkers(&self) -> Bitboard {
        Position::checkers(self)
    }

    #[inline(always)]
    fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        Position::generate(self, sink, from_mask, to_mask)
    }

    #[inline]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        Position::count_legal_moves(self)
    }

    #[inline]
    fn has_legal_moves(&self) -> bool {
        Position::has_legal_moves(self)
    }

    #[inline]
    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }

    fn gives_check(&self, m: Move) -> bool {
        Position::gives_check(self, m)
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        Position::play_unchecked(self, m);
    }

    #[inline]
    fn play_undoable(&mut self, m: Move) -> crate::Undo {
        Position::play_undoable(self, m)
    }

    #[inline]
    fn undo(&mut self, m: Move, undo: crate::Undo) {
        Position::undo(self, m, undo);
    }

    #[inline]
    fn zobrist_hash(&self) -> u64 {
        Position::zobrist_hash(self)
    }

    fn repetition_key(&self) -> u64 {
        Position::repetition_key(self)
    }

    #[inline]
    fn is_variant_end(&self) -> bool {
        false
    }

    #[inline]
    fn variant_outcome(&self) -> Option<Outcome> {
        None
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        Position::has_insufficient_material(self, color)
    }

    #[inline]
    fn is_insufficient_material(&self) -> bool {
        Position::is_insufficient_material(self)
    }
}
