//! Racing Kings.

use core::ops::ControlFlow;

use chess_core::{Bitboard, CastlingRights, Color, Role, Square, attacks};

use crate::error::PositionErrorKinds;
use crate::variant::{Playable, Variant, VariantPositionError, VariantSetup};
use crate::{
    CastlingMode, CheckSquares, DrawReason, Move, MoveSink, Outcome, Position, WinReason,
    pawn_origin, validate,
};

/// The goal: the eighth rank.
const GOAL: Bitboard = Bitboard(0xff00_0000_0000_0000);

/// A position of Racing Kings: no pawns, no castling, no move may give check (so no king is
/// ever in check), and the first king on the eighth rank wins, unless black's reaches it on
/// the move after white's, which draws.
///
/// The legal moves are standard chess's that give no check: a piece's destinations lose, in
/// bulk, the squares from which it would check and, for a piece that shields a check, the
/// squares off its line ([`CheckSquares`]).
///
/// ```
/// use chess_rules::variant::{Playable, RacingKings};
///
/// let pos = RacingKings::new();
/// assert_eq!(pos.legal_moves().len(), 21);
/// assert!(!pos.is_check());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RacingKings {
    pos: Position,
}

impl Default for RacingKings {
    fn default() -> RacingKings {
        RacingKings::new()
    }
}

impl RacingKings {
    /// The starting position: `8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1`.
    #[must_use]
    pub fn new() -> RacingKings {
        RacingKings::from_valid(
            VariantSetup::start(Variant::RacingKings),
            CastlingMode::Standard,
        )
    }

    /// Validates `setup` by standard chess's rules, without castling, and by Racing Kings':
    /// no king in check ([`PositionErrorKinds::RACE_CHECK`]), no pawns and no more pieces of a
    /// kind than the start has ([`PositionErrorKinds::RACE_MATERIAL`]), not black to move with
    /// both kings home ([`PositionErrorKinds::RACE_OVER`]); then builds the position.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<RacingKings, VariantPositionError> {
        let kinds = errors(&setup);
        if kinds.is_empty() {
            Ok(RacingKings::from_valid(setup, mode))
        } else {
            Err(VariantPositionError::new(
                Variant::RacingKings,
                setup,
                mode,
                kinds,
            ))
        }
    }

    /// The position of `setup`, without castling rights and with the en passant square it can
    /// use.
    pub(crate) fn from_valid(setup: VariantSetup, mode: CastlingMode) -> RacingKings {
        let mut setup = setup.setup;
        let ep_square = validate::valid_ep_square(&setup);
        setup.castling = CastlingRights::NONE;
        RacingKings {
            pos: Position::from_valid_parts(setup, mode, CastlingRights::NONE, ep_square),
        }
    }

    /// The position as standard chess sees it (the same placement, with the checking moves
    /// among its moves).
    #[must_use]
    pub const fn as_standard(&self) -> &Position {
        &self.pos
    }
}

/// Every reason `setup` is not a position of Racing Kings.
fn errors(setup: &VariantSetup) -> PositionErrorKinds {
    let setup = &setup.setup;
    let ep_square = validate::valid_ep_square(setup);
    let mut kinds = validate::errors(setup, CastlingRights::NONE, ep_square)
        - PositionErrorKinds::OPPOSITE_CHECK
        - PositionErrorKinds::IMPOSSIBLE_CHECK;
    let board = &setup.board;
    if kinds.intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS) {
        return kinds;
    }
    let occupied = board.occupied();
    let checked = Color::ALL.into_iter().any(|color| {
        board
            .king_of(color)
            .is_some_and(|king| board.attackers_to(king, !color, occupied).any())
    });
    if checked {
        kinds |= PositionErrorKinds::RACE_CHECK;
    }
    let home = |color: Color| board.pieces(color, Role::King).intersects(GOAL);
    if setup.turn == Color::Black && home(Color::White) && home(Color::Black) {
        kinds |= PositionErrorKinds::RACE_OVER;
    }
    let too_many = Color::ALL.into_iter().any(|color| {
        [
            (Role::Knight, 2),
            (Role::Bishop, 2),
            (Role::Rook, 2),
            (Role::Queen, 1),
        ]
        .into_iter()
        .any(|(role, most)| board.pieces(color, role).count() > most)
    });
    if board.by_role(Role::Pawn).any() || too_many {
        kinds |= PositionErrorKinds::RACE_MATERIAL;
    }
    kinds
}

/// Passes on the moves of the inner sink's position that give no check.
struct NoCheck<'a, S> {
    pos: &'a Position,
    checks: CheckSquares,
    /// The king of the side not to move.
    king: Square,
    inner: &'a mut S,
}

impl<S: MoveSink> NoCheck<'_, S> {
    /// Of the moves of the piece on `from` to `targets`, those that give no check.
    #[inline(always)]
    fn quiet(&self, from: Square, role: Role, targets: Bitboard) -> Bitboard {
        let mut allowed = targets & !self.checks.for_role(role);
        if self.checks.discoverers().contains(from) {
            allowed &= attacks::line(self.king, from);
        }
        allowed
    }

    /// Of the moves `make(origin, target)` to `targets`, from `delta` squares before each,
    /// those that give no check.
    #[inline]
    fn filter(&self, targets: Bitboard, delta: i8, make: fn(Square, Square) -> Move) -> Bitboard {
        let mut allowed = Bitboard::EMPTY;
        for to in targets {
            if !self
                .checks
                .gives_check(self.pos, make(pawn_origin(to, delta), to))
            {
                allowed.add(to);
            }
        }
        allowed
    }
}

impl<S: MoveSink> MoveSink for NoCheck<'_, S> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
        let Some(role) = self.pos.board().role_at(from) else {
            return ControlFlow::Continue(());
        };
        let allowed = self.quiet(from, role, targets);
        self.inner.piece(from, allowed)
    }

    fn pawns(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let allowed = self.filter(targets, delta, Move::new);
        self.inner.pawns(allowed, delta)
    }

    fn double_pushes(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let allowed = self.filter(targets, delta, Move::double_push);
        self.inner.double_pushes(allowed, delta)
    }

    fn promotions(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        for to in targets {
            for role in Role::PROMOTIONS {
                let m = Move::promote(pawn_origin(to, delta), to, role);
                if !self.checks.gives_check(self.pos, m) {
                    self.inner.single(m)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn single(&mut self, m: Move) -> ControlFlow<()> {
        if self.checks.gives_check(self.pos, m) {
            ControlFlow::Continue(())
        } else {
            self.inner.single(m)
        }
    }
}

impl Playable for RacingKings {
    delegate_position!();
    delegate_standard_make!();

    fn variant(&self) -> Variant {
        Variant::RacingKings
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
        let mut filter = NoCheck {
            pos: &self.pos,
            checks: self.pos.check_squares(),
            king: self.pos.king_of(!self.pos.turn()),
            inner: sink,
        };
        self.pos.generate(&mut filter, from_mask, to_mask)
    }

    fn is_variant_end(&self) -> bool {
        let board = self.pos.board();
        let kings = board.by_role(Role::King);
        if !kings.intersects(GOAL) {
            return false;
        }
        let black_kings = board.pieces(Color::Black, Role::King);
        let Some(black_king) = black_kings.last() else {
            return true;
        };
        if self.pos.turn() == Color::White || black_kings.intersects(GOAL) {
            return true;
        }
        // White is home and black moves: the race is over unless black's king can step home
        // too, to a square white does not attack (as the board stands).
        let steps = attacks::king(black_king) & GOAL & !board.by_color(Color::Black);
        let occupied = board.occupied();
        steps
            .into_iter()
            .all(|sq| board.attackers_to(sq, Color::White, occupied).any())
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        if !self.is_variant_end() {
            return None;
        }
        let board = self.pos.board();
        let home = |color: Color| board.pieces(color, Role::King).intersects(GOAL);
        let us = self.pos.turn();
        match (home(us), home(!us)) {
            (false, _) => Some(Outcome::Decisive {
                winner: !us,
                reason: WinReason::RaceWon,
            }),
            (true, false) => Some(Outcome::Decisive {
                winner: us,
                reason: WinReason::RaceWon,
            }),
            (true, true) => Some(Outcome::Draw {
                reason: DrawReason::BothKingsReachedGoal,
            }),
        }
    }

    fn has_insufficient_material(&self, _: Color) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use chess_core::Rank;

    use super::*;

    #[test]
    fn the_goal_is_the_eighth_rank() {
        assert_eq!(GOAL, Bitboard::rank(Rank::Eighth));
    }
}
