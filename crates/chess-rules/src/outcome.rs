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
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                let how = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::Resignation => "resignation",
                    WinReason::TimeForfeit => "time forfeit",
                };
                write!(f, "{winner} wins by {how}")
            }
            Outcome::Draw { reason } => write!(f, "draw by {}", reason.description()),
        }
    }
}
