//! A position of a variant chosen at run time.

use core::ops::ControlFlow;

use chess_core::{Bitboard, Board, CastlingRights, Color, Square};

use crate::variant::{
    Antichess, Atomic, AtomicUndo, Crazyhouse, CrazyhouseUndo, Horde, KingOfTheHill, Playable,
    Pockets, RacingKings, RemainingChecks, ThreeCheck, Variant, VariantPositionError, VariantSetup,
};
use crate::{
    CastlingMode, EnPassantMode, Move, MoveSink, Outcome, Position, PositionErrorKinds, Undo,
};

/// A position of any variant, chosen at run time (from a PGN `Variant` tag, a command-line
/// argument, a Python board's class): one of the variants' types, each method dispatching to
/// it. Generic code over [`Playable`] runs on it as on the types themselves.
///
/// ```
/// use chess_rules::variant::{Playable, Variant, VariantPosition, VariantSetup};
///
/// for variant in Variant::ALL {
///     let pos = VariantPosition::new(variant);
///     assert_eq!(pos.variant(), variant);
///     assert!(pos.outcome().is_none());
/// }
/// let pos = VariantPosition::new(Variant::Horde);
/// assert_eq!(pos.legal_moves().len(), 8);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum VariantPosition {
    /// Standard chess or Chess960.
    Standard(Position),
    /// Crazyhouse.
    Crazyhouse(Crazyhouse),
    /// Atomic.
    Atomic(Atomic),
    /// Antichess, or python-chess's Giveaway or Suicide (its [`Playable::variant`] says which).
    Antichess(Antichess),
    /// King of the Hill.
    KingOfTheHill(KingOfTheHill),
    /// Three-check.
    ThreeCheck(ThreeCheck),
    /// Horde.
    Horde(Horde),
    /// Racing Kings.
    RacingKings(RacingKings),
}

/// What [`VariantPosition`]'s [`Playable::play_undoable`] saves: its variant's record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum VariantUndo {
    Standard(Undo),
    Crazyhouse(CrazyhouseUndo),
    Atomic(AtomicUndo),
    ThreeCheck((Undo, RemainingChecks)),
    Antichess((Undo, Bitboard)),
}

impl Default for VariantPosition {
    fn default() -> VariantPosition {
        VariantPosition::Standard(Position::standard())
    }
}

/// Calls `$f` on the position inside `$pos`, whatever its variant.
macro_rules! dispatch {
    ($pos:expr, $p:ident => $f:expr) => {
        match $pos {
            VariantPosition::Standard($p) => $f,
            VariantPosition::Crazyhouse($p) => $f,
            VariantPosition::Atomic($p) => $f,
            VariantPosition::Antichess($p) => $f,
            VariantPosition::KingOfTheHill($p) => $f,
            VariantPosition::ThreeCheck($p) => $f,
            VariantPosition::Horde($p) => $f,
            VariantPosition::RacingKings($p) => $f,
        }
    };
}

impl VariantPosition {
    /// The starting position of `variant` (standard castling).
    #[must_use]
    pub fn new(variant: Variant) -> VariantPosition {
        match variant {
            Variant::Standard => VariantPosition::Standard(Position::standard()),
            Variant::Crazyhouse => VariantPosition::Crazyhouse(Crazyhouse::new()),
            Variant::Atomic => VariantPosition::Atomic(Atomic::new()),
            Variant::Antichess => VariantPosition::Antichess(Antichess::new()),
            Variant::Giveaway => VariantPosition::Antichess(Antichess::giveaway()),
            Variant::Suicide => VariantPosition::Antichess(Antichess::suicide()),
            Variant::KingOfTheHill => VariantPosition::KingOfTheHill(KingOfTheHill::new()),
            Variant::ThreeCheck => VariantPosition::ThreeCheck(ThreeCheck::new()),
            Variant::Horde => VariantPosition::Horde(Horde::new()),
            Variant::RacingKings => VariantPosition::RacingKings(RacingKings::new()),
        }
    }

    /// Validates `setup` by `variant`'s rules under castling `mode` and builds the position,
    /// or names every reason it cannot occur in a game of that variant (see
    /// [`VariantPositionError::ignore`] for unusual set-ups).
    ///
    /// ```
    /// use chess_rules::variant::{Pockets, Variant, VariantPosition, VariantSetup};
    /// use chess_rules::{CastlingMode, PositionErrorKinds};
    ///
    /// let setup = VariantSetup::start(Variant::Horde);
    /// assert!(VariantPosition::from_setup(Variant::Horde, setup.clone(), CastlingMode::Standard).is_ok());
    /// // Standard chess wants a white king.
    /// let error = VariantPosition::from_setup(Variant::Standard, setup, CastlingMode::Standard).unwrap_err();
    /// assert!(error.kinds().contains(PositionErrorKinds::MISSING_KING));
    /// ```
    pub fn from_setup(
        variant: Variant,
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<VariantPosition, VariantPositionError> {
        Ok(match variant {
            Variant::Standard => {
                VariantPosition::Standard(Position::from_setup(setup.setup, mode)?)
            }
            Variant::Crazyhouse => {
                VariantPosition::Crazyhouse(Crazyhouse::from_setup(setup, mode)?)
            }
            Variant::Atomic => VariantPosition::Atomic(Atomic::from_setup(setup, mode)?),
            Variant::Antichess | Variant::Giveaway | Variant::Suicide => {
                VariantPosition::Antichess(Antichess::from_setup_as(variant, setup, mode)?)
            }
            Variant::KingOfTheHill => {
                VariantPosition::KingOfTheHill(KingOfTheHill::from_setup(setup, mode)?)
            }
            Variant::ThreeCheck => {
                VariantPosition::ThreeCheck(ThreeCheck::from_setup(setup, mode)?)
            }
            Variant::Horde => VariantPosition::Horde(Horde::from_setup(setup, mode)?),
            Variant::RacingKings => {
                VariantPosition::RacingKings(RacingKings::from_setup(setup, mode)?)
            }
        })
    }

    /// The position of `setup` under `variant`'s rules without validation, dropping what it
    /// cannot use (for [`VariantPositionError::ignore`]).
    pub(crate) fn from_valid(
        variant: Variant,
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> VariantPosition {
        match variant {
            Variant::Standard => {
                VariantPosition::Standard(Position::from_setup_lenient(setup.setup, mode))
            }
            Variant::Crazyhouse => VariantPosition::Crazyhouse(Crazyhouse::from_valid(setup, mode)),
            Variant::Atomic => VariantPosition::Atomic(Atomic::from_valid(setup, mode)),
            Variant::Antichess | Variant::Giveaway | Variant::Suicide => {
                VariantPosition::Antichess(Antichess::from_valid(variant, setup, mode))
            }
            Variant::KingOfTheHill => {
                VariantPosition::KingOfTheHill(KingOfTheHill::from_valid(setup, mode))
            }
            Variant::ThreeCheck => VariantPosition::ThreeCheck(ThreeCheck::from_valid(setup, mode)),
            Variant::Horde => VariantPosition::Horde(Horde::from_valid(setup, mode)),
            Variant::RacingKings => {
                VariantPosition::RacingKings(RacingKings::from_valid(setup, mode))
            }
        }
    }

    /// The standard position, when this is standard chess (or Chess960).
    #[must_use]
    pub const fn as_standard(&self) -> Option<&Position> {
        match self {
            VariantPosition::Standard(pos) => Some(pos),
            _ => None,
        }
    }
}

impl From<Position> for VariantPosition {
    fn from(pos: Position) -> VariantPosition {
        VariantPosition::Standard(pos)
    }
}

impl Playable for VariantPosition {
    type Undo = VariantUndo;
    type Moves = crate::variant::VariantMoveList;

    fn variant(&self) -> Variant {
        dispatch!(self, p => p.variant())
    }

    fn board(&self) -> &Board {
        dispatch!(self, p => Playable::board(p))
    }

    fn turn(&self) -> Color {
        dispatch!(self, p => Playable::turn(p))
    }

    fn castling_rights(&self) -> &CastlingRights {
        dispatch!(self, p => Playable::castling_rights(p))
    }

    fn castling_mode(&self) -> CastlingMode {
        dispatch!(self, p => Playable::castling_mode(p))
    }

    fn ep_square(&self, mode: EnPassantMode) -> Option<Square> {
        dispatch!(self, p => Playable::ep_square(p, mode))
    }

    fn halfmoves(&self) -> u32 {
        dispatch!(self, p => Playable::halfmoves(p))
    }

    fn fullmoves(&self) -> u32 {
        dispatch!(self, p => Playable::fullmoves(p))
    }

    fn pockets(&self) -> Option<&Pockets> {
        dispatch!(self, p => p.pockets())
    }

    fn promoted(&self) -> Bitboard {
        dispatch!(self, p => p.promoted())
    }

    fn remaining_checks(&self) -> Option<RemainingChecks> {
        dispatch!(self, p => p.remaining_checks())
    }

    fn checkers(&self) -> Bitboard {
        dispatch!(self, p => Playable::checkers(p))
    }

    fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        dispatch!(self, p => Playable::generate(p, sink, from_mask, to_mask))
    }

    fn count_legal_moves(&self) -> usize {
        dispatch!(self, p => Playable::count_legal_moves(p))
    }

    fn has_legal_moves(&self) -> bool {
        dispatch!(self, p => Playable::has_legal_moves(p))
    }

    fn is_legal(&self, m: Move) -> bool {
        dispatch!(self, p => Playable::is_legal(p, m))
    }

    fn gives_check(&self, m: Move) -> bool {
        dispatch!(self, p => Playable::gives_check(p, m))
    }

    fn play_unchecked(&mut self, m: Move) {
        dispatch!(self, p => Playable::play_unchecked(p, m));
    }

    fn play_undoable(&mut self, m: Move) -> VariantUndo {
        match self {
            VariantPosition::Crazyhouse(p) => VariantUndo::Crazyhouse(p.play_undoable(m)),
            VariantPosition::Atomic(p) => VariantUndo::Atomic(p.play_undoable(m)),
            VariantPosition::ThreeCheck(p) => VariantUndo::ThreeCheck(p.play_undoable(m)),
            VariantPosition::Standard(p) => VariantUndo::Standard(Playable::play_undoable(p, m)),
            VariantPosition::Antichess(p) => VariantUndo::Antichess(p.play_undoable(m)),
            VariantPosition::KingOfTheHill(p) => VariantUndo::Standard(p.play_undoable(m)),
            VariantPosition::Horde(p) => VariantUndo::Standard(p.play_undoable(m)),
            VariantPosition::RacingKings(p) => VariantUndo::Standard(p.play_undoable(m)),
        }
    }

    /// Takes back `m`; an undo record of another variant (a caller's mistake) changes nothing.
    fn undo(&mut self, m: Move, undo: VariantUndo) {
        match (self, undo) {
            (VariantPosition::Crazyhouse(p), VariantUndo::Crazyhouse(u)) => p.undo(m, u),
            (VariantPosition::Atomic(p), VariantUndo::Atomic(u)) => p.undo(m, u),
            (VariantPosition::ThreeCheck(p), VariantUndo::ThreeCheck(u)) => p.undo(m, u),
            (VariantPosition::Standard(p), VariantUndo::Standard(u)) => Playable::undo(p, m, u),
            (VariantPosition::Antichess(p), VariantUndo::Antichess(u)) => p.undo(m, u),
            (VariantPosition::KingOfTheHill(p), VariantUndo::Standard(u)) => p.undo(m, u),
            (VariantPosition::Horde(p), VariantUndo::Standard(u)) => p.undo(m, u),
            (VariantPosition::RacingKings(p), VariantUndo::Standard(u)) => p.undo(m, u),
            _ => debug_assert!(false, "an undo record of another variant"),
        }
    }

    fn zobrist_hash(&self) -> u64 {
        dispatch!(self, p => Playable::zobrist_hash(p))
    }

    fn repetition_key(&self) -> u64 {
        dispatch!(self, p => Playable::repetition_key(p))
    }

    fn is_variant_end(&self) -> bool {
        dispatch!(self, p => p.is_variant_end())
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        dispatch!(self, p => p.variant_outcome())
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        dispatch!(self, p => Playable::has_insufficient_material(p, color))
    }

    fn is_insufficient_material(&self) -> bool {
        dispatch!(self, p => Playable::is_insufficient_material(p))
    }

    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, p => p.outcome())
    }
}

// Here rather than in error.rs: building the position is this module's work, and the
// error module stays below the positions it describes.
impl VariantPositionError {
    /// The escape hatch for unusual set-ups, as
    /// [`PositionError::ignore`](crate::PositionError::ignore): builds the position anyway
    /// when every reason is among `kinds` and in [`PositionErrorKinds::IGNORABLE`]. Castling
    /// rights the variant cannot use and an en passant square that no double step explains
    /// are dropped; the rest stays as it is.
    pub fn ignore(
        self,
        kinds: PositionErrorKinds,
    ) -> Result<VariantPosition, VariantPositionError> {
        let ignored = kinds & PositionErrorKinds::IGNORABLE;
        if !(self.kinds - ignored).is_empty() {
            return Err(VariantPositionError {
                kinds: self.kinds - ignored,
                ..self
            });
        }
        Ok(VariantPosition::from_valid(
            self.variant,
            *self.setup,
            self.mode,
        ))
    }
}
