//! Why a setup is not a legal position of a variant.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

use crate::error::PositionErrorKinds;
use crate::variant::{Variant, VariantSetup};
use crate::{CastlingMode, PositionError, validate};

/// A setup that is not a legal position of its variant, with every reason why (the same
/// [`PositionErrorKinds`] as standard chess's [`PositionError`], read with the variant's
/// rules: a missing king is one in Horde only for black, in Atomic only for the side that just
/// moved, and never in Antichess, Giveaway or Suicide).
///
/// ```
/// use chess_rules::variant::{Playable, Variant, VariantPosition, VariantSetup};
/// use chess_rules::PositionErrorKinds;
/// use chess_core::{Piece, Square};
///
/// let mut setup = VariantSetup::start(Variant::RacingKings);
/// setup.setup.board.put(Square::E4, Piece::WhitePawn);
/// let error = VariantPosition::from_setup(Variant::RacingKings, setup, Default::default()).unwrap_err();
/// assert_eq!(error.kinds(), PositionErrorKinds::RACE_MATERIAL);
/// assert_eq!(
///     error.to_string(),
///     "illegal racing kings position: material racing kings does not have: pawns, or more \
///      pieces of a kind than the start"
/// );
/// // Ignored, the pawn stays and plays.
/// let pos = error.ignore(PositionErrorKinds::RACE_MATERIAL)?;
/// assert_eq!(pos.variant(), Variant::RacingKings);
/// # Ok::<_, chess_rules::variant::VariantPositionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPositionError {
    pub(super) setup: Box<VariantSetup>,
    pub(super) variant: Variant,
    pub(super) mode: CastlingMode,
    pub(super) kinds: PositionErrorKinds,
    /// As [`PositionError`]'s: why each castling right that does not fit does not.
    pub(super) castling_problems: Box<[String]>,
}

impl VariantPositionError {
    /// The error of `setup` under `variant`'s rules, for the reasons `kinds` (not empty).
    pub(crate) fn new(
        variant: Variant,
        setup: VariantSetup,
        mode: CastlingMode,
        kinds: PositionErrorKinds,
    ) -> VariantPositionError {
        let castling_problems = if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS)
            && variant != Variant::RacingKings
        {
            validate::castling_problems(&setup.setup, mode).into()
        } else {
            Box::default()
        };
        VariantPositionError {
            setup: Box::new(setup),
            variant,
            mode,
            kinds,
            castling_problems,
        }
    }

    /// Every reason the setup was rejected.
    #[must_use]
    pub fn kinds(&self) -> PositionErrorKinds {
        self.kinds
    }

    /// The variant whose rules rejected it.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rejected setup.
    #[must_use]
    pub fn setup(&self) -> &VariantSetup {
        &self.setup
    }

    /// Takes the rejected setup back.
    #[must_use]
    pub fn into_setup(self) -> VariantSetup {
        *self.setup
    }
}

impl From<PositionError> for VariantPositionError {
    fn from(error: PositionError) -> VariantPositionError {
        let mode = error.mode;
        let kinds = error.kinds();
        VariantPositionError::new(Variant::Standard, error.into_setup().into(), mode, kinds)
    }
}

impl fmt::Display for VariantPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.variant == Variant::Standard {
            f.write_str("illegal position: ")?;
        } else {
            f.write_str("illegal ")?;
            for c in self.variant.name().chars() {
                fmt::Write::write_char(f, c.to_ascii_lowercase())?;
            }
            f.write_str(" position: ")?;
        }
        for (i, (_, kind)) in self.kinds.iter_names().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if kind == PositionErrorKinds::INVALID_CASTLING_RIGHTS
                && !self.castling_problems.is_empty()
            {
                f.write_str(&self.castling_problems.join("; "))?;
                continue;
            }
            f.write_str(describe(self.variant, kind))?;
        }
        Ok(())
    }
}

/// The words for `kind` under `variant`'s rules.
fn describe(variant: Variant, kind: PositionErrorKinds) -> &'static str {
    match (variant, kind) {
        (Variant::Horde, PositionErrorKinds::MISSING_KING) => "black has no king",
        (Variant::Horde, PositionErrorKinds::TOO_MANY_KINGS) => {
            "the horde has a king, or black more than one"
        }
        (Variant::Horde, PositionErrorKinds::TOO_MUCH_MATERIAL) => {
            "too much material (more than 36 pieces for the horde, more than 16 pieces, 8 pawns or promoted pieces than missing pawns for black)"
        }
        (Variant::Atomic, PositionErrorKinds::MISSING_KING) => {
            "the side that just moved has no king"
        }
        (Variant::Crazyhouse, PositionErrorKinds::TOO_MUCH_MATERIAL) => {
            "too much material (more than 32 pieces or 16 pawns on the board and in the pockets)"
        }
        (Variant::RacingKings, PositionErrorKinds::INVALID_CASTLING_RIGHTS) => {
            "castling rights in a variant without castling"
        }
        _ => kind.describe(),
    }
}

#[cfg(feature = "std")]
impl std::error::Error for VariantPositionError {}
