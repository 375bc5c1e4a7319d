//! King of the Hill.

use core::ops::ControlFlow;

use chess_core::{Bitboard, Color, Role};

use crate::variant::{Playable, Variant, VariantPositionError, VariantSetup};
use crate::{CastlingMode, MoveSink, Outcome, Position, WinReason, validate};

/// The hill: d4, e4, d5 and e5.
const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// A position of King of the Hill: standard chess, but bringing one's king to d4, e4, d5 or
/// e5 wins at once (and ends the game: the position after it has no legal moves). Insufficient
/// material does not exist (a bare king can still walk to the hill).
///
/// ```
/// use chess_core::Square;
/// use chess_rules::variant::{KingOfTheHill, Playable};
/// use chess_rules::{Move, Outcome, WinReason};
///
/// let mut pos = KingOfTheHill::new();
/// for m in [
///     Move::double_push(Square::E2, Square::E4),
///     Move::new(Square::A7, Square::A6),
///     Move::new(Square::E1, Square::E2),
///     Move::new(Square::A6, Square::A5),
///     Move::new(Square::E2, Square::D3),
///     Move::new(Square::A5, Square::A4),
///     Move::new(Square::D3, Square::D4),
/// ] {
///     pos.play(m)?;
/// }
/// assert_eq!(pos.outcome(), Some(Outcome::Decisive {
///     winner: chess_core::Color::White,
///     reason: WinReason::KingOfTheHill,
/// }));
/// assert!(pos.legal_moves().is_empty());
/// # Ok::<_, chess_rules::IllegalMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct KingOfTheHill {
    pos: Position,
}

impl Default for KingOfTheHill {
    fn default() -> KingOfTheHill {
        KingOfTheHill::new()
    }
}

impl KingOfTheHill {
    /// The starting position (standard chess's).
    #[must_use]
    pub fn new() -> KingOfTheHill {
        KingOfTheHill {
            pos: Position::standard(),
        }
    }

    /// Validates `setup` by standard chess's rules (a king already on the hill is a game
    /// over, not an error) and builds the position.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<KingOfTheHill, VariantPositionError> {
        let castling = validate::valid_castling(&setup.setup, mode);
        let ep_square = validate::valid_ep_square(&setup.setup);
        let kinds = validate::errors(&setup.setup, castling, ep_square);
        if kinds.is_empty() {
            Ok(KingOfTheHill::from_valid(setup, mode))
        } else {
            Err(VariantPositionError::new(
                Variant::KingOfTheHill,
                setup,
                mode,
                kinds,
            ))
        }
    }

    /// The position of `setup` with the castling rights and en passant square it can use.
    pub(crate) fn from_valid(setup: VariantSetup, mode: CastlingMode) -> KingOfTheHill {
        KingOfTheHill {
            pos: Position::from_setup_lenient(setup.setup, mode),
        }
    }

    /// The position as standard chess sees it (the same placement, rights and moves, but for
    /// the hill).
    #[must_use]
    pub const fn as_standard(&self) -> &Position {
        &self.pos
    }
}

impl Playable for KingOfTheHill {
    delegate_position!();
    delegate_standard_make!();

    fn variant(&self) -> Variant {
        Variant::KingOfTheHill
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

    #[inline]
    fn is_variant_end(&self) -> bool {
        self.pos.board().by_role(Role::King).intersects(CENTER)
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        let board = self.pos.board();
        let on_hill = |color: Color| board.pieces(color, Role::King).intersects(CENTER);
        let us = self.pos.turn();
        [!us, us]
            .into_iter()
            .find(|&c| on_hill(c))
            .map(|winner| Outcome::Decisive {
                winner,
                reason: WinReason::KingOfTheHill,
            })
    }

    fn has_insufficient_material(&self, _: Color) -> bool {
        false
    }
}
