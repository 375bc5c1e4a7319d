//! What the tables answer: win/draw/loss and the distance to zeroing.

use std::fmt;
use std::ops::Neg;

/// The result of a position with best play, from the side to move's point of view, with the
/// 50-move rule counted from a halfmove clock of zero (as if the last move had been a capture or
/// a pawn move).
///
/// A *cursed win* can be forced, but only in more than 50 moves without a capture or a pawn
/// move, so the 50-move rule makes it a draw; a *blessed loss* is its mirror image.
///
/// ```
/// use chess_syzygy::Wdl;
///
/// assert_eq!(-Wdl::CursedWin, Wdl::BlessedLoss);
/// assert!(Wdl::Win > Wdl::CursedWin);
/// assert_eq!(Wdl::from_i8(-2), Some(Wdl::Loss));
/// assert_eq!(Wdl::BlessedLoss.to_string(), "blessed loss");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(i8)]
pub enum Wdl {
    /// The side to move loses, whatever the 50-move rule.
    Loss = -2,
    /// The side to move loses without the 50-move rule, and draws with it.
    BlessedLoss = -1,
    /// Neither side can force a win.
    Draw = 0,
    /// The side to move wins without the 50-move rule, and draws with it.
    CursedWin = 1,
    /// The side to move wins, whatever the 50-move rule.
    Win = 2,
}

impl Wdl {
    /// All five results, worst first.
    pub const ALL: [Wdl; 5] = [
        Wdl::Loss,
        Wdl::BlessedLoss,
        Wdl::Draw,
        Wdl::CursedWin,
        Wdl::Win,
    ];

    /// The result from its number, -2 (loss) to 2 (win), as python-chess and Stockfish write
    /// it; `None` outside that range.
    #[inline]
    #[must_use]
    pub const fn from_i8(value: i8) -> Option<Wdl> {
        match value {
            -2 => Some(Wdl::Loss),
            -1 => Some(Wdl::BlessedLoss),
            0 => Some(Wdl::Draw),
            1 => Some(Wdl::CursedWin),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// The result as a number, -2 (loss) to 2 (win).
    #[inline]
    #[must_use]
    pub const fn to_i8(self) -> i8 {
        self as i8
    }

    /// The result when the 50-move rule does not count: cursed wins are wins and blessed
    /// losses are losses.
    ///
    /// ```
    /// use chess_syzygy::Wdl;
    ///
    /// assert_eq!(Wdl::CursedWin.without_50_move_rule(), Wdl::Win);
    /// assert_eq!(Wdl::Draw.without_50_move_rule(), Wdl::Draw);
    /// ```
    #[inline]
    #[must_use]
    pub const fn without_50_move_rule(self) -> Wdl {
        match self {
            Wdl::Loss | Wdl::BlessedLoss => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin | Wdl::Win => Wdl::Win,
        }
    }
}

impl Neg for Wdl {
    type Output = Wdl;

    /// The same result seen by the other side.
    #[inline]
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed win",
            Wdl::Win => "win",
        })
    }
}

/// The distance to zeroing, in plies: how long until the next capture or pawn move when the
/// winning side hurries towards the one that keeps its win and the losing side delays it
/// (Syzygy's DTZ50″ metric).
///
/// The sign and size also say the result, counted from a halfmove clock of zero:
///
/// | value | result |
/// | --- | --- |
/// | 1 to 100 | win: the zeroing move comes within the 50-move rule's 100 plies |
/// | above 100 | cursed win: the 50-move rule turns the win into a draw |
/// | 0 | draw |
/// | -100 to -1 | loss |
/// | below -100 | blessed loss |
///
/// Values may be one ply short: to save space, the tables store many distances in whole moves,
/// which probing doubles, so a value of `n` may stand for `n + 1` plies (never where that ply
/// would change the result under the 50-move rule). A side that follows the tables wastes at
/// most that ply; one more wasted ply can throw a win that is close to the 50-move limit away.
///
/// ```
/// use chess_syzygy::{Dtz, Wdl};
///
/// assert_eq!(Dtz(17).wdl(), Wdl::Win);
/// assert_eq!(Dtz(-117).wdl(), Wdl::BlessedLoss);
/// assert_eq!(-Dtz(3), Dtz(-3));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Dtz(pub i32);

impl Dtz {
    /// The result the value says (see the table above).
    #[inline]
    #[must_use]
    pub const fn wdl(self) -> Wdl {
        match self.0 {
            i32::MIN..=-101 => Wdl::BlessedLoss,
            -100..=-1 => Wdl::Loss,
            0 => Wdl::Draw,
            1..=100 => Wdl::Win,
            _ => Wdl::CursedWin,
        }
    }

    /// The value a zeroing move that reaches `wdl` stands for: 1 ply to a win or a loss, 101
    /// when the 50-move rule makes it a cursed win or blessed loss, 0 for a draw.
    #[inline]
    #[must_use]
    pub const fn before_zeroing(wdl: Wdl) -> Dtz {
        Dtz(match wdl {
            Wdl::Loss => -1,
            Wdl::BlessedLoss => -101,
            Wdl::Draw => 0,
            Wdl::CursedWin => 101,
            Wdl::Win => 1,
        })
    }
}

impl Neg for Dtz {
    type Output = Dtz;

    #[inline]
    fn neg(self) -> Dtz {
        Dtz(-self.0)
    }
}

impl fmt::Display for Dtz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_negation_is_an_involution() {
        for wdl in Wdl::ALL {
            assert_eq!(Wdl::from_i8(wdl.to_i8()), Some(wdl));
            assert_eq!(-(-wdl), wdl);
            assert_eq!((-wdl).to_i8(), -wdl.to_i8());
            assert_eq!(Dtz::before_zeroing(wdl).wdl(), wdl);
            assert_eq!(-Dtz::before_zeroing(wdl), Dtz::before_zeroing(-wdl));
        }
        assert_eq!(Wdl::from_i8(3), None);
    }

    #[test]
    fn the_result_changes_at_100_plies() {
        assert_eq!(Dtz(100).wdl(), Wdl::Win);
        assert_eq!(Dtz(101).wdl(), Wdl::CursedWin);
        assert_eq!(Dtz(-100).wdl(), Wdl::Loss);
        assert_eq!(Dtz(-101).wdl(), Wdl::BlessedLoss);
        assert_eq!(Dtz(i32::MIN).wdl(), Wdl::BlessedLoss);
    }
}
