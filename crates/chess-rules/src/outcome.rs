//! How a game ends.

use core::fmt;

use chess_core::Color;

/// Why a game was won.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The loser is checkmated.
    Checkmate,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time (and the winner has mating material).
    TimeForfeit,
    /// Atomic: the loser's king exploded.
    KingExploded,
    /// King of the Hill: the winner's king reached the center (d4, e4, d5 or e5).
    KingOfTheHill,
    /// Three-check: the winner gave its third check.
    ThreeChecks,
    /// Racing Kings: the winner's king reached the eighth rank, and the other king could not
    /// follow it there on the next move.
    RaceWon,
    /// Antichess: the winner, to move, has no piece left.
    NoPiecesLeft,
    /// Antichess: the winner, to move, has pieces but no legal move.
    Stalemated,
    /// Suicide: the side to move has no legal move, and the winner has fewer pieces.
    FewerPieces,
    /// Horde: black captured every piece of the horde.
    HordeCaptured,
}

impl WinReason {
    /// What the winner did, as in "white wins by …": "checkmate", "three checks", …
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Resignation => "resignation",
            WinReason::TimeForfeit => "time forfeit",
            WinReason::KingExploded => "exploding the king",
            WinReason::KingOfTheHill => "bringing the king to the center",
            WinReason::ThreeChecks => "three checks",
            WinReason::RaceWon => "winning the race to the eighth rank",
            WinReason::NoPiecesLeft => "losing every piece",
            WinReason::Stalemated => "being stalemated",
            WinReason::FewerPieces => "having fewer pieces when no move is left",
            WinReason::HordeCaptured => "capturing the horde",
        }
    }

    /// Whether the rules of a variant decided the game (not those of standard chess, the
    /// players or the clock): python-chess's `VARIANT_WIN` and `VARIANT_LOSS` terminations.
    #[must_use]
    pub const fn is_variant(self) -> bool {
        !matches!(
            self,
            WinReason::Checkmate | WinReason::Resignation | WinReason::TimeForfeit
        )
    }
}

/// Why a game was drawn.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check. Automatic.
    Stalemate,
    /// Neither side can ever checkmate. Automatic.
    InsufficientMaterial,
    /// The same position occurred five times. Automatic.
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move (unless the last one mated).
    /// Automatic.
    SeventyFiveMoveRule,
    /// The same position occurred (or is about to occur) three times, and a player claimed it.
    ThreefoldRepetition,
    /// 50 moves by each side without a capture or pawn move, and a player claimed it.
    FiftyMoveRule,
    /// The players agreed.
    Agreement,
    /// One side ran out of time, but the other can never checkmate.
    TimeoutVsInsufficientMaterial,
    /// Racing Kings: both kings reached the eighth rank (black's on the move after white's).
    /// Automatic.
    BothKingsReachedGoal,
    /// A variant's own draw: in Suicide, no legal move with as many pieces as the other side;
    /// in Three-check both sides out of checks and in Horde an empty board, which only a
    /// set-up reaches. Automatic.
    VariantDraw,
}

impl DrawReason {
    /// Whether the rules end the game by themselves (no claim needed).
    #[must_use]
    pub const fn is_automatic(self) -> bool {
        matches!(
            self,
            DrawReason::Stalemate
                | DrawReason::InsufficientMaterial
                | DrawReason::FivefoldRepetition
                | DrawReason::SeventyFiveMoveRule
                | DrawReason::BothKingsReachedGoal
                | DrawReason::VariantDraw
        )
    }

    /// Whether the rules of a variant decided the draw: python-chess's `VARIANT_DRAW`
    /// termination.
    #[must_use]
    pub const fn is_variant(self) -> bool {
        matches!(
            self,
            DrawReason::BothKingsReachedGoal | DrawReason::VariantDraw
        )
    }

    /// A short description: "stalemate", "threefold repetition", …
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::FivefoldRepetition => "fivefold repetition",
            DrawReason::SeventyFiveMoveRule => "the 75-move rule",
            DrawReason::ThreefoldRepetition => "threefold repetition",
            DrawReason::FiftyMoveRule => "the 50-move rule",
            DrawReason::Agreement => "agreement",
            DrawReason::TimeoutVsInsufficientMaterial => "timeout against insufficient material",
            DrawReason::BothKingsReachedGoal => "both kings reaching the eighth rank",
            DrawReason::VariantDraw => "the variant's rules",
        }
    }
}

/// The end of a game.
///
/// ```
/// use chess_core::Color;
/// use chess_rules::{DrawReason, Outcome, WinReason};
///
/// let mate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate };
/// assert_eq!(mate.result(), "0-1");
/// assert_eq!(mate.to_string(), "black wins by checkmate");
/// assert_eq!(Outcome::Draw { reason: DrawReason::Stalemate }.result(), "1/2-1/2");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result(&self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// How the rules ended the game, by themselves or on a claim (a variant's rules too);
    /// `None` for an end the players or the clock decided (resignation, time forfeit,
    /// agreement).
    ///
    /// ```
    /// use chess_core::Color;
    /// use chess_rules::{DrawReason, Outcome, Termination, WinReason};
    ///
    /// let mate = Outcome::Decisive { winner: Color::White, reason: WinReason::Checkmate };
    /// assert_eq!(mate.termination(), Some(Termination::Checkmate));
    /// let agreed = Outcome::Draw { reason: DrawReason::Agreement };
    /// assert_eq!(agreed.termination(), None);
    /// let hill = Outcome::Decisive { winner: Color::Black, reason: WinReason::KingOfTheHill };
    /// assert_eq!(hill.termination(), Some(Termination::VariantWin));
    /// ```
    #[must_use]
    pub const fn termination(&self) -> Option<Termination> {
        Some(match self {
            Outcome::Decisive {
                reason: WinReason::Checkmate,
                ..
            } => Termination::Checkmate,
            Outcome::Decisive {
                reason: WinReason::Resignation | WinReason::TimeForfeit,
                ..
            } => return None,
            Outcome::Decisive { .. } => Termination::VariantWin,
            Outcome::Draw { reason } => match reason {
                DrawReason::Stalemate => Termination::Stalemate,
                DrawReason::InsufficientMaterial => Termination::InsufficientMaterial,
                DrawReason::SeventyFiveMoveRule => Termination::SeventyFiveMoves,
                DrawReason::FivefoldRepetition => Termination::FivefoldRepetition,
                DrawReason::FiftyMoveRule => Termination::FiftyMoves,
                DrawReason::ThreefoldRepetition => Termination::ThreefoldRepetition,
                DrawReason::BothKingsReachedGoal | DrawReason::VariantDraw => {
                    Termination::VariantDraw
                }
                DrawReason::Agreement | DrawReason::TimeoutVsInsufficientMaterial => return None,
            },
        })
    }
}

/// How the rules end a game: by themselves (checkmate, stalemate, insufficient material, the
/// 75-move rule, fivefold repetition, a variant's own ends) or on a player's claim (the 50-move
/// rule, threefold repetition). The names are python-chess's (`chess.Termination`), and the
/// archives' `outcome` column writes them in lowercase ([`Termination::as_str`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate.
    InsufficientMaterial,
    /// 75 moves by each side without a capture or pawn move.
    SeventyFiveMoves,
    /// The same position five times.
    FivefoldRepetition,
    /// 50 moves by each side without a capture or pawn move, claimed.
    FiftyMoves,
    /// The same position three times, claimed.
    ThreefoldRepetition,
    /// A variant's rules gave the game to a side (an exploded king, the hill, three checks,
    /// …: [`WinReason`]). python-chess says `VARIANT_LOSS` instead where the side to move
    /// lost, which an [`Outcome`] does not know.
    VariantWin,
    /// A variant's rules drew the game ([`DrawReason::is_variant`]).
    VariantDraw,
}

impl Termination {
    /// The name in lowercase, python-chess's member name as the archives write it:
    /// `checkmate`, `stalemate`, `insufficient_material`, `seventyfive_moves`,
    /// `fivefold_repetition`, `fifty_moves`, `threefold_repetition`, `variant_win`,
    /// `variant_draw`.
    ///
    /// ```
    /// use chess_rules::Termination;
    ///
    /// assert_eq!(Termination::SeventyFiveMoves.as_str(), "seventyfive_moves");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::SeventyFiveMoves => "seventyfive_moves",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::FiftyMoves => "fifty_moves",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::VariantWin => "variant_win",
            Termination::VariantDraw => "variant_draw",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                write!(f, "{winner} wins by {}", reason.description())
            }
            Outcome::Draw { reason } => write!(f, "draw by {}", reason.description()),
        }
    }
}
