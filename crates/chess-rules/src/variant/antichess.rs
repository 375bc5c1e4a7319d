//! Antichess, and python-chess's Giveaway and Suicide.

use core::ops::ControlFlow;

use chess_core::{Bitboard, CastlingSide, Color, Piece, Rank, Role, attacks, zobrist};

use crate::error::PositionErrorKinds;
use crate::movegen::{AnyMove, Counter};
use crate::variant::{Playable, Variant, VariantPositionError, VariantSetup, pseudo};
use crate::{
    CastlingMode, DrawReason, Move, MoveSink, Outcome, Position, Undo, WinReason, validate,
};

/// A position of Antichess, by Lichess's rules (python-chess's `AntichessBoard`): captures
/// are compulsory (when a side can capture, its legal moves are its captures), the king is an
/// ordinary piece that may be captured, a pawn may promote to a king too, there is no check;
/// a side wins when it is to move with no piece left, or with no legal move.
///
/// The moves are the pseudo-legal moves of standard chess (no king to keep safe), with a pawn
/// on the last rank promoting to a king as well ([`Move::promote`] with [`Role::King`]).
///
/// Lichess's Antichess starts without castling rights. python-chess plays the same rules
/// under two more names, and this type plays them too ([`Playable::variant`] says which):
///
/// - Giveaway ([`Antichess::giveaway`]): the standard start, castling rights included. A king
///   castles when the squares between it, its rook and their destinations are empty, attacked
///   or not (there is no check); it is a quiet move, so only when nothing can be taken. An
///   Antichess position given castling rights castles the same way, as python-chess's
///   `AntichessBoard` does.
/// - Suicide ([`Antichess::suicide`]): Giveaway, but a side without a legal move does not
///   simply win: the side with fewer pieces does, and equal numbers draw.
///
/// ```
/// use chess_core::Square;
/// use chess_rules::variant::{Antichess, Playable};
/// use chess_rules::Move;
///
/// let mut pos = Antichess::new();
/// pos.play(Move::double_push(Square::E2, Square::E4))?;
/// pos.play(Move::double_push(Square::D7, Square::D5))?;
/// // White must take.
/// assert_eq!(pos.legal_moves()[..], [Move::new(Square::E4, Square::D5)]);
/// # Ok::<_, chess_rules::IllegalMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Antichess {
    pos: Position,
    /// Antichess, Giveaway or Suicide.
    variant: Variant,
    /// The kings that were pawns, which never castle, nor lose a castling right by moving
    /// (python-chess's rule); followed only while a castling right is left, empty after.
    promoted_kings: Bitboard,
}

impl Default for Antichess {
    fn default() -> Antichess {
        Antichess::new()
    }
}

impl Antichess {
    /// The starting position: standard chess's pieces, no castling rights.
    #[must_use]
    pub fn new() -> Antichess {
        Antichess::start(Variant::Antichess)
    }

    /// The starting position of Giveaway: standard chess's, castling rights included.
    #[must_use]
    pub fn giveaway() -> Antichess {
        Antichess::start(Variant::Giveaway)
    }

    /// The starting position of Suicide: standard chess's, castling rights included.
    #[must_use]
    pub fn suicide() -> Antichess {
        Antichess::start(Variant::Suicide)
    }

    fn start(variant: Variant) -> Antichess {
        Antichess::from_valid(
            variant,
            VariantSetup::start(variant),
            CastlingMode::Standard,
        )
    }

    /// Validates `setup` by standard chess's rules without those of the king (any number of
    /// kings, none in check), and builds the position of Antichess.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<Antichess, VariantPositionError> {
        Antichess::from_setup_as(Variant::Antichess, setup, mode)
    }

    /// [`Antichess::from_setup`] for `variant`: Antichess, Giveaway or Suicide (any other is
    /// taken as Antichess).
    pub fn from_setup_as(
        variant: Variant,
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<Antichess, VariantPositionError> {
        let variant = Antichess::rules(variant);
        let castling = validate::valid_castling(&setup.setup, mode);
        let ep_square = validate::valid_ep_square(&setup.setup);
        let kinds = validate::errors(&setup.setup, castling, ep_square)
            - PositionErrorKinds::MISSING_KING
            - PositionErrorKinds::TOO_MANY_KINGS
            - PositionErrorKinds::OPPOSITE_CHECK
            - PositionErrorKinds::IMPOSSIBLE_CHECK;
        if kinds.is_empty() {
            Ok(Antichess::from_valid(variant, setup, mode))
        } else {
            Err(VariantPositionError::new(variant, setup, mode, kinds))
        }
    }

    /// Antichess, Giveaway or Suicide: `variant` when it is one of them, else Antichess.
    fn rules(variant: Variant) -> Variant {
        match variant {
            Variant::Giveaway | Variant::Suicide => variant,
            _ => Variant::Antichess,
        }
    }

    /// The position of `setup` by `variant`'s rules, with the castling rights and en passant
    /// square it can use.
    pub(crate) fn from_valid(
        variant: Variant,
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Antichess {
        let promoted_kings = setup.promoted & setup.setup.board.by_role(Role::King);
        let setup = setup.setup;
        let castling = validate::valid_castling(&setup, mode);
        let ep_square = validate::valid_ep_square(&setup);
        Antichess {
            pos: Position::from_valid_parts(setup, mode, castling, ep_square),
            variant: Antichess::rules(variant),
            promoted_kings: if castling.is_empty() {
                Bitboard::EMPTY
            } else {
                promoted_kings
            },
        }
    }

    /// Plays `m`: the board's bookkeeping, and while a castling right is left, python-chess's
    /// rules of it (a king may be taken, and a promoted king is not the one that castles).
    #[inline]
    fn make(&mut self, m: Move) {
        if self.pos.castling.is_empty() {
            self.pos.make_board(m);
        } else {
            self.make_with_castling(m);
        }
    }

    /// [`Antichess::make`] while a castling right is left: python-chess takes a side's rights
    /// away when its king (not a promoted one) moves or is no longer on its back rank (taken),
    /// and a right when its rook's square is left or taken.
    fn make_with_castling(&mut self, m: Move) {
        let us = self.pos.turn();
        let (from, to) = (m.from(), m.to());
        let moved = self.pos.board().piece_at(from);
        let promoted_king_moves = !m.is_castle() && self.promoted_kings.contains(from);
        let mut rights = self.pos.castling;
        self.pos.make_board(m);
        let mut promoted = self.promoted_kings.without(to);
        if promoted_king_moves {
            promoted = promoted.without(from).with(to);
        }
        if m.promotion() == Some(Role::King) {
            promoted.add(to);
        }
        self.promoted_kings = promoted;
        rights.remove_rook(from);
        rights.remove_rook(to);
        if moved == Some(Piece::new(us, Role::King)) && !promoted_king_moves {
            rights.remove_color(us);
        }
        let board = self.pos.board();
        for color in Color::ALL {
            let back_rank = Bitboard::rank(Rank::First.relative_to(color));
            if (board.pieces(color, Role::King) & back_rank & !promoted).is_empty() {
                rights.remove_color(color);
            }
        }
        if rights.is_empty() {
            // No right comes back: the promoted kings no longer matter.
            self.promoted_kings = Bitboard::EMPTY;
        }
        let pos = &mut self.pos;
        if rights != pos.castling {
            pos.hash ^= zobrist::castling(pos.castling.sides()) ^ zobrist::castling(rights.sides());
            pos.castling = rights;
            pos.castle_squares = pos.compute_castle_squares();
        }
    }

    /// The castling moves of the side to move to `to_mask` (the rook's square or the king's
    /// destination), as python-chess's losing variants castle: the king that has not moved,
    /// the lowest on its back rank if promotions brought more there, with every square
    /// between it, the rook and their destinations empty; no square is too attacked.
    fn castling<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        let us = self.pos.turn();
        let rights = self.pos.castling_rights();
        if !rights.has_any(us) {
            return ControlFlow::Continue(());
        }
        let board = self.pos.board();
        let back_rank = Bitboard::rank(Rank::First.relative_to(us));
        let kings = board.pieces(us, Role::King) & !self.promoted_kings;
        let Some(king) = (kings & back_rank & from_mask).first() else {
            return ControlFlow::Continue(());
        };
        for side in CastlingSide::ALL {
            let Some(rook) = rights.rook(us, side) else {
                continue;
            };
            let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
            if !(to_mask.contains(rook) || to_mask.contains(king_to)) {
                continue;
            }
            let crossed = attacks::between(king, king_to)
                | attacks::between(rook, rook_to)
                | king_to
                | rook_to;
            let others = board.occupied().without(king).without(rook);
            if !others.intersects(crossed) {
                sink.single(Move::castle(king, rook))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The moves that take nothing (when nothing can be taken, the legal moves): the pieces'
    /// moves to empty squares and castling.
    #[inline(always)]
    fn quiet<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        let theirs = self.pos.board().by_color(!self.pos.turn());
        self.pseudo(sink, from_mask, to_mask & !theirs)?;
        self.castling(sink, from_mask, to_mask)
    }

    /// The pseudo-legal moves of the side to move from `from_mask` to `to_mask`, en passant
    /// aside.
    #[inline(always)]
    fn pseudo<S: MoveSink>(&self, sink: &mut S, from: Bitboard, to: Bitboard) -> ControlFlow<()> {
        let board = self.pos.board();
        match self.pos.turn() {
            Color::White => pseudo::generate::<S, true, true>(board, None, from, to, sink),
            Color::Black => pseudo::generate::<S, false, true>(board, None, from, to, sink),
        }
    }

    /// The captures of the side to move from `from_mask` to `to_mask`, en passant included
    /// (going to its square or to the captured pawn's).
    #[inline(always)]
    fn captures<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        let us = self.pos.turn();
        let theirs = self.pos.board().by_color(!us);
        self.pseudo(sink, from_mask, to_mask & theirs)?;
        if let Some(ep) = self.pos.ep_square {
            let captured =
                chess_core::Square::new(ep.file(), chess_core::Rank::Fifth.relative_to(us));
            if to_mask.contains(ep) || to_mask.contains(captured) {
                let pawns = self.pos.board().pieces(us, Role::Pawn) & from_mask;
                for from in attacks::pawn(!us, ep) & pawns {
                    sink.single(Move::en_passant(from, ep))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the side to move can capture anything (and so must).
    #[inline]
    fn can_capture(&self) -> bool {
        self.captures(&mut AnyMove, Bitboard::FULL, Bitboard::FULL)
            .is_break()
    }
}

impl Playable for Antichess {
    type Undo = (Undo, Bitboard);

    delegate_position!();

    fn variant(&self) -> Variant {
        self.variant
    }

    #[inline]
    fn checkers(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    #[inline]
    fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        if self.is_variant_end() {
            return ControlFlow::Continue(());
        }
        if self.can_capture() {
            self.captures(sink, from_mask, to_mask)
        } else {
            self.quiet(sink, from_mask, to_mask)
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.is_variant_end() {
            return 0;
        }
        let mut captures = Counter(0);
        let _ = self.captures(&mut captures, Bitboard::FULL, Bitboard::FULL);
        if captures.0 > 0 {
            return captures.0;
        }
        let mut quiet = Counter(0);
        let _ = self.quiet(&mut quiet, Bitboard::FULL, Bitboard::FULL);
        quiet.0
    }

    fn gives_check(&self, _: Move) -> bool {
        false
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.make(m);
    }

    #[inline]
    fn play_undoable(&mut self, m: Move) -> (Undo, Bitboard) {
        let undo = (self.pos.undo_record(m), self.promoted_kings);
        self.make(m);
        undo
    }

    #[inline]
    fn undo(&mut self, m: Move, (undo, promoted_kings): (Undo, Bitboard)) {
        self.pos.undo(m, undo);
        self.promoted_kings = promoted_kings;
    }

    #[inline]
    fn is_variant_end(&self) -> bool {
        let board = self.pos.board();
        Color::ALL
            .into_iter()
            .any(|color| board.by_color(color).is_empty())
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        let us = self.pos.turn();
        let board = self.pos.board();
        if board.by_color(us).is_empty() {
            return Some(Outcome::Decisive {
                winner: us,
                reason: WinReason::NoPiecesLeft,
            });
        }
        if self.is_variant_end() || self.has_legal_moves() {
            return None;
        }
        if self.variant != Variant::Suicide {
            return Some(Outcome::Decisive {
                winner: us,
                reason: WinReason::Stalemated,
            });
        }
        // Suicide: the side with fewer pieces wins.
        let (ours, theirs) = (board.by_color(us).count(), board.by_color(!us).count());
        let winner = match ours.cmp(&theirs) {
            core::cmp::Ordering::Less => us,
            core::cmp::Ordering::Greater => !us,
            core::cmp::Ordering::Equal => {
                return Some(Outcome::Draw {
                    reason: DrawReason::VariantDraw,
                });
            }
        };
        Some(Outcome::Decisive {
            winner,
            reason: WinReason::FewerPieces,
        })
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        // python-chess's rule: whether `color` can no longer lose all its pieces.
        let board = self.pos.board();
        let (ours, theirs) = (board.by_color(color), board.by_color(!color));
        if ours.is_empty() {
            return false;
        }
        if theirs.is_empty() {
            return true;
        }
        let occupied = board.occupied();
        if occupied == board.by_role(Role::Bishop) {
            // Bishops alone: ours can never be taken if they all stand on squares of a color
            // none of theirs ever reaches.
            let light = Bitboard::LIGHT_SQUARES;
            let dark = Bitboard::DARK_SQUARES;
            return (ours.intersects(light) && !theirs.intersects(light))
                || (ours.intersects(dark) && !theirs.intersects(dark));
        }
        if occupied == board.by_role(Role::Knight) && occupied.count() == 2 {
            // A knight each: who can take the other depends on the squares' colors and the
            // side to move.
            let white_light = board
                .by_color(Color::White)
                .intersects(Bitboard::LIGHT_SQUARES);
            let black_dark = board
                .by_color(Color::Black)
                .intersects(Bitboard::DARK_SQUARES);
            let parity = color.is_white() ^ white_light ^ black_dark;
            return self.pos.turn().is_white() == parity;
        }
        false
    }
}
