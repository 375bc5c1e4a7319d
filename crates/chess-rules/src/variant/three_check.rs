//! Three-check.

use core::ops::ControlFlow;

use chess_core::{Bitboard, Color, Role};

use crate::variant::{Playable, RemainingChecks, Variant, VariantPositionError, VariantSetup};
use crate::{
    CastlingMode, DrawReason, Move, MoveSink, Outcome, Position, Undo, WinReason, validate,
};

/// A position of Three-check: standard chess, and a side that gives check for the third time
/// wins (the game is over then: no legal moves). A side can win as long as it has a piece
/// besides its king, which may give check.
///
/// ```
/// use chess_core::{Color, Square};
/// use chess_rules::variant::{Playable, RemainingChecks, ThreeCheck};
/// use chess_rules::Move;
///
/// let mut pos = ThreeCheck::new();
/// pos.play(Move::double_push(Square::E2, Square::E4))?;
/// pos.play(Move::new(Square::F7, Square::F6))?;
/// pos.play(Move::new(Square::D1, Square::H5))?; // check
/// assert_eq!(pos.remaining_checks(), RemainingChecks::new(2, 3));
/// # Ok::<_, chess_rules::IllegalMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ThreeCheck {
    pos: Position,
    checks: RemainingChecks,
}

impl Default for ThreeCheck {
    fn default() -> ThreeCheck {
        ThreeCheck::new()
    }
}

impl ThreeCheck {
    /// The starting position: standard chess's, three checks to give each.
    #[must_use]
    pub fn new() -> ThreeCheck {
        ThreeCheck {
            pos: Position::standard(),
            checks: RemainingChecks::START,
        }
    }

    /// Validates `setup` by standard chess's rules (its remaining checks, three each when it
    /// has none, may be zero: a game over) and builds the position.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<ThreeCheck, VariantPositionError> {
        let castling = validate::valid_castling(&setup.setup, mode);
        let ep_square = validate::valid_ep_square(&setup.setup);
        let kinds = validate::errors(&setup.setup, castling, ep_square);
        if kinds.is_empty() {
            Ok(ThreeCheck::from_valid(setup, mode))
        } else {
            Err(VariantPositionError::new(
                Variant::ThreeCheck,
                setup,
                mode,
                kinds,
            ))
        }
    }

    /// The position of `setup` with the castling rights and en passant square it can use.
    pub(crate) fn from_valid(setup: VariantSetup, mode: CastlingMode) -> ThreeCheck {
        ThreeCheck {
            checks: setup.remaining_checks.unwrap_or_default(),
            pos: Position::from_setup_lenient(setup.setup, mode),
        }
    }

    /// The position as standard chess sees it (without the counts of checks).
    #[must_use]
    pub const fn as_standard(&self) -> &Position {
        &self.pos
    }

    /// Counts the check the move just made gave, if it gave one.
    #[inline]
    fn count_check(&mut self) {
        if self.pos.is_check() {
            self.checks.give(!self.pos.turn());
        }
    }
}

impl Playable for ThreeCheck {
    type Undo = (Undo, RemainingChecks);

    delegate_position!();

    fn variant(&self) -> Variant {
        Variant::ThreeCheck
    }

    fn remaining_checks(&self) -> Option<RemainingChecks> {
        Some(self.checks)
    }

    #[inline]
    fn checkers(&self) -> Bitboard {
        self.pos.checkers()
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
        self.pos.generate(sink, from_mask, to_mask)
    }

    fn gives_check(&self, m: Move) -> bool {
        self.pos.gives_check(m)
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.pos.make(m);
        self.count_check();
    }

    #[inline]
    fn play_undoable(&mut self, m: Move) -> (Undo, RemainingChecks) {
        let undo = (self.pos.undo_record(m), self.checks);
        self.play_unchecked(m);
        undo
    }

    #[inline]
    fn undo(&mut self, m: Move, (undo, checks): (Undo, RemainingChecks)) {
        self.pos.undo(m, undo);
        self.checks = checks;
    }

    #[inline]
    fn is_variant_end(&self) -> bool {
        self.checks.get(Color::White) == 0 || self.checks.get(Color::Black) == 0
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        let us = self.pos.turn();
        let (ours, theirs) = (self.checks.get(us), self.checks.get(!us));
        let won = |winner| {
            Some(Outcome::Decisive {
                winner,
                reason: WinReason::ThreeChecks,
            })
        };
        match (ours, theirs) {
            (0, 0) => Some(Outcome::Draw {
                reason: DrawReason::VariantDraw,
            }),
            (_, 0) => won(!us),
            (0, _) => won(us),
            _ => None,
        }
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        // Any piece but the king may give check.
        let board = self.pos.board();
        (board.by_color(color) & !board.by_role(Role::King)).is_empty()
    }
}
