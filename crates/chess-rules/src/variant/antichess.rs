//! Antichess.

use core::ops::ControlFlow;

use chess_core::{Bitboard, CastlingRights, Color, Role, attacks};

use crate::error::PositionErrorKinds;
use crate::movegen::{AnyMove, Counter};
use crate::variant::{Playable, Variant, VariantPositionError, VariantSetup, pseudo};
use crate::{CastlingMode, Move, MoveSink, Outcome, Position, Undo, WinReason, validate};

/// A position of Antichess, by Lichess's rules (python-chess's `AntichessBoard`): captures
/// are compulsory (when a side can capture, its legal moves are its captures), the king is an
/// ordinary piece that may be captured, a pawn may promote to a king too, there is no check
/// and no castling; a side wins when it is to move with no piece left, or with no legal move.
///
/// The moves are the pseudo-legal moves of standard chess (no king to keep safe), with a pawn
/// on the last rank promoting to a king as well ([`Move::promote`] with [`Role::King`]).
///
/// python-chess's `GiveawayBoard` plays the same with castling when a FEN gives rights; an
/// Antichess position has none (a setup with some is an error,
/// [`PositionErrorKinds::INVALID_CASTLING_RIGHTS`], which [`VariantPositionError::ignore`]
/// drops).
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
        Antichess::from_valid(
            VariantSetup::start(Variant::Antichess),
            CastlingMode::Standard,
        )
    }

    /// Validates `setup` by standard chess's rules without those of the king (any number of
    /// kings, none in check) and without castling rights, and builds the position.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<Antichess, VariantPositionError> {
        let ep_square = validate::valid_ep_square(&setup.setup);
        let kinds = validate::errors(&setup.setup, CastlingRights::NONE, ep_square)
            - PositionErrorKinds::MISSING_KING
            - PositionErrorKinds::TOO_MANY_KINGS
            - PositionErrorKinds::OPPOSITE_CHECK
            - PositionErrorKinds::IMPOSSIBLE_CHECK;
        if kinds.is_empty() {
            Ok(Antichess::from_valid(setup, mode))
        } else {
            Err(VariantPositionError::new(
                Variant::Antichess,
                setup,
                mode,
                kinds,
            ))
        }
    }

    /// The position of `setup`, without castling rights and with the en passant square it can
    /// use.
    pub(crate) fn from_valid(setup: VariantSetup, mode: CastlingMode) -> Antichess {
        let mut setup = setup.setup;
        let ep_square = validate::valid_ep_square(&setup);
        setup.castling = CastlingRights::NONE;
        Antichess {
            pos: Position::from_valid_parts(setup, mode, CastlingRights::NONE, ep_square),
        }
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
    type Undo = Undo;

    delegate_position!();

    fn variant(&self) -> Variant {
        Variant::Antichess
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
            let theirs = self.pos.board().by_color(!self.pos.turn());
            self.pseudo(sink, from_mask, to_mask & !theirs)
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
        let theirs = self.pos.board().by_color(!self.pos.turn());
        let _ = self.pseudo(&mut quiet, Bitboard::FULL, !theirs);
        quiet.0
    }

    fn gives_check(&self, _: Move) -> bool {
        false
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.pos.make_board(m);
    }

    #[inline]
    fn play_undoable(&mut self, m: Move) -> Undo {
        let undo = self.pos.undo_record(m);
        self.pos.make_board(m);
        undo
    }

    #[inline]
    fn undo(&mut self, m: Move, undo: Undo) {
        self.pos.undo(m, undo);
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
        let reason = if self.pos.board().by_color(us).is_empty() {
            WinReason::NoPiecesLeft
        } else if !self.is_variant_end() && !self.has_legal_moves() {
            WinReason::Stalemated
        } else {
            return None;
        };
        Some(Outcome::Decisive { winner: us, reason })
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
