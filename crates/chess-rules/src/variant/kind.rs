//! The names of the variants.

use core::fmt;
use core::str::FromStr;

use crate::CastlingMode;

/// A set of rules: standard chess or one of the variants Lichess plays.
///
/// Chess960 is not a variant here but a castling mode ([`CastlingMode::Chess960`]), as in
/// python-chess, where any variant board may castle the Chess960 way: `Standard` with
/// `CastlingMode::Chess960` is Chess960, and `Atomic` with it is Atomic960 (the mode is given
/// beside the variant wherever a position is built, see
/// [`VariantPosition::from_setup`](crate::variant::VariantPosition::from_setup)).
///
/// Names read and written are python-chess's (`chess.variant.find_variant` and its
/// `aliases`), so a PGN `Variant` tag or a command-line argument reads the same as there;
/// [`Variant::uci_name`] is the `UCI_Variant` option's value.
///
/// ```
/// use chess_rules::variant::Variant;
///
/// assert_eq!("Three-check".parse::<Variant>(), Ok(Variant::ThreeCheck));
/// assert_eq!("koth".parse::<Variant>(), Ok(Variant::KingOfTheHill));
/// assert_eq!(Variant::ThreeCheck.to_string(), "Three-check");
/// assert_eq!(Variant::ThreeCheck.uci_name(), "3check");
/// assert_eq!("Give away".parse::<Variant>(), Ok(Variant::Giveaway));
/// assert!("Shogi".parse::<Variant>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Standard chess (Chess960 with [`CastlingMode::Chess960`]).
    #[default]
    Standard,
    /// Crazyhouse: captured pieces go to the captor's pocket, and may be dropped back on an
    /// empty square instead of a move (pawns not on the first or last rank); a promoted piece
    /// goes back as a pawn.
    Crazyhouse,
    /// Atomic: a capture explodes the capturing piece, the captured one and every piece but
    /// pawns next to the square; exploding the enemy king wins, and kings side by side cannot
    /// be in check (a king never captures).
    Atomic,
    /// Antichess, by Lichess's rules: captures are compulsory, the king is an ordinary piece
    /// (a pawn may promote to it; no check, no castling from the start), and a side wins when
    /// it has no piece left or no legal move.
    Antichess,
    /// python-chess's Giveaway: Antichess from the standard start, castling included.
    Giveaway,
    /// python-chess's Suicide: Giveaway, but a side without a legal move wins only with fewer
    /// pieces than the other (equal numbers draw).
    Suicide,
    /// King of the Hill: bringing one's king to d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Three-check: giving check for the third time wins.
    ThreeCheck,
    /// Horde: white has 36 pawns and no king (pawns on the first rank may advance two squares,
    /// without en passant), black the usual army; black wins by capturing every white piece,
    /// white by checkmate.
    Horde,
    /// Racing Kings: no pawns, no move may give check, and the first king to reach the eighth
    /// rank wins (if black reaches it on the next move too, it is a draw).
    RacingKings,
}

/// Why text is not the name of a variant.
///
/// ```
/// use chess_rules::variant::Variant;
///
/// let error = "fairy".parse::<Variant>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unknown variant: expected standard, chess960, crazyhouse, atomic, antichess, giveaway, \
///      suicide, king of the hill, three-check, horde or racing kings (or one of python-chess's \
///      aliases)"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseVariantError;

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown variant: expected standard, chess960, crazyhouse, atomic, antichess, \
             giveaway, suicide, king of the hill, three-check, horde or racing kings (or one of \
             python-chess's aliases)",
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseVariantError {}

/// Each variant with the names it is read from (compared without regard to ASCII case):
/// python-chess's aliases, its `uci_variant` and Lichess's keys.
const NAMES: [(Variant, &[&str]); 10] = [
    (
        Variant::Standard,
        &[
            "Standard",
            "Chess",
            "Classical",
            "Normal",
            "Illegal",
            "From Position",
            "fromPosition",
        ],
    ),
    (
        Variant::Crazyhouse,
        &["Crazyhouse", "Crazy House", "House", "ZH"],
    ),
    (Variant::Atomic, &["Atomic", "Atom", "Atomic chess"]),
    (Variant::Antichess, &["Antichess", "Anti chess", "Anti"]),
    (
        Variant::Giveaway,
        &["Giveaway", "Giveaway chess", "Give away", "Give away chess"],
    ),
    (Variant::Suicide, &["Suicide", "Suicide chess"]),
    (
        Variant::KingOfTheHill,
        &["King of the Hill", "KOTH", "kingOfTheHill"],
    ),
    (
        Variant::ThreeCheck,
        &[
            "Three-check",
            "Three check",
            "Threecheck",
            "Three check chess",
            "3-check",
            "3 check",
            "3check",
        ],
    ),
    (Variant::Horde, &["Horde", "Horde chess"]),
    (
        Variant::RacingKings,
        &["Racing Kings", "Racing", "Race", "racingkings"],
    ),
];

/// The names of Chess960 (python-chess's PGN reader's, Cute Chess's `fischerandom` among them).
const CHESS960_NAMES: [&str; 5] = [
    "Chess960",
    "Chess 960",
    "Fischerandom",
    "Fischerrandom",
    "Fischer Random",
];

impl Variant {
    /// Every variant, standard chess first.
    pub const ALL: [Variant; 10] = [
        Variant::Standard,
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Antichess,
        Variant::Giveaway,
        Variant::Suicide,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// The name people read (python-chess's first alias, the PGN `Variant` tag Lichess
    /// writes): "Standard", "Crazyhouse", "King of the Hill", "Three-check", …
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::Giveaway => "Giveaway",
            Variant::Suicide => "Suicide",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-check",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
        }
    }

    /// The value of the UCI option `UCI_Variant` (python-chess's `uci_variant`): "chess",
    /// "crazyhouse", "atomic", "antichess", "kingofthehill", "3check", "horde", "racingkings".
    #[must_use]
    pub const fn uci_name(self) -> &'static str {
        match self {
            Variant::Standard => "chess",
            Variant::Crazyhouse => "crazyhouse",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::Giveaway => "giveaway",
            Variant::Suicide => "suicide",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::ThreeCheck => "3check",
            Variant::Horde => "horde",
            Variant::RacingKings => "racingkings",
        }
    }

    /// Reads a variant's name as a PGN `Variant` tag gives it, Chess960 included: the variant
    /// and the castling mode its positions take. Chess960's names (`Chess960`, `Chess 960`,
    /// `Fischerandom`, `Fischerrandom`, `Fischer Random`) are standard chess under Chess960
    /// castling; the others are [`Variant::from_str`]'s, under the castling mode the position's
    /// rights need (so `Standard` is returned with [`CastlingMode::Standard`], which a
    /// position's rights may still turn into Chess960: see [`CastlingMode::for_setup`]).
    ///
    /// ```
    /// use chess_rules::CastlingMode;
    /// use chess_rules::variant::Variant;
    ///
    /// assert_eq!(Variant::with_castling_mode("chess 960"), Ok((Variant::Standard, CastlingMode::Chess960)));
    /// assert_eq!(Variant::with_castling_mode("Atomic"), Ok((Variant::Atomic, CastlingMode::Standard)));
    /// ```
    pub fn with_castling_mode(name: &str) -> Result<(Variant, CastlingMode), ParseVariantError> {
        let name = name.trim();
        if CHESS960_NAMES.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return Ok((Variant::Standard, CastlingMode::Chess960));
        }
        Ok((name.parse()?, CastlingMode::Standard))
    }

    /// Whether positions of this variant have pockets (Crazyhouse).
    #[must_use]
    pub const fn has_pockets(self) -> bool {
        matches!(self, Variant::Crazyhouse)
    }

    /// Whether positions of this variant count the checks left to give (Three-check).
    #[must_use]
    pub const fn has_remaining_checks(self) -> bool {
        matches!(self, Variant::ThreeCheck)
    }

    /// Whether captures and pawn moves are irreversible, so that the 50- and 75-move rules
    /// count the moves since the last one and no position before one can occur again: every
    /// variant but Crazyhouse, where a captured piece comes back as a drop (python-chess and
    /// Lichess have no move-count draws there either).
    ///
    /// ```
    /// use chess_rules::variant::Variant;
    ///
    /// assert!(Variant::Atomic.has_move_count_rules());
    /// assert!(!Variant::Crazyhouse.has_move_count_rules());
    /// ```
    #[must_use]
    pub const fn has_move_count_rules(self) -> bool {
        !matches!(self, Variant::Crazyhouse)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Any of python-chess's aliases (`chess.variant.find_variant`), its `uci_variant` names
    /// and Lichess's keys, without regard to ASCII case. python-chess's three losing variants
    /// are told apart as it tells them: `Antichess`, `Giveaway` and `Suicide` each name their
    /// own.
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let s = s.trim();
        NAMES
            .iter()
            .find(|(variant, names)| {
                variant.uci_name().eq_ignore_ascii_case(s)
                    || names.iter().any(|n| n.eq_ignore_ascii_case(s))
            })
            .map(|&(variant, _)| variant)
            .ok_or(ParseVariantError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse(), Ok(variant));
            assert_eq!(variant.uci_name().parse(), Ok(variant));
            assert_eq!(variant.name().to_uppercase().parse(), Ok(variant));
        }
        for (variant, names) in NAMES {
            for name in names {
                assert_eq!(name.parse(), Ok(variant), "{name}");
            }
        }
        assert_eq!("threeCheck".parse(), Ok(Variant::ThreeCheck));
        assert_eq!("racingKings".parse(), Ok(Variant::RacingKings));
        assert_eq!("giveaway".parse::<Variant>(), Ok(Variant::Giveaway));
        assert_eq!("Suicide chess".parse::<Variant>(), Ok(Variant::Suicide));
        assert_eq!("losers".parse::<Variant>(), Err(ParseVariantError));
        assert_eq!(Variant::from_str("Chess960"), Err(ParseVariantError));
        assert_eq!(
            Variant::with_castling_mode("FischerRandom"),
            Ok((Variant::Standard, CastlingMode::Chess960))
        );
    }
}
