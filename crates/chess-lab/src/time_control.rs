//! How long each engine may think in a match: a clock (cutechess-cli's and PGN's
//! `[MOVES/]SECONDS[+INCREMENT]`), a fixed time per move, a depth or a node count.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long each engine may think: a clock, a fixed time per move, a depth or a node count.
///
/// ```
/// use std::time::Duration;
/// use chess_lab::TimeControl;
///
/// let tc: TimeControl = "10+0.1".parse()?;
/// assert_eq!(tc, TimeControl::Clock { moves: None, base: Duration::from_secs(10), increment: Duration::from_millis(100) });
/// assert_eq!(tc.to_string(), "10+0.1");
/// let classic: TimeControl = "40/5400+30".parse()?;
/// assert_eq!(classic.to_string(), "40/5400+30");
/// # Ok::<_, chess_lab::ParseTimeControlError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TimeControl {
    /// `base` for the game (or for every `moves` moves, when given), plus `increment` after
    /// each move.
    Clock {
        /// Moves per period; `None`: the whole game.
        moves: Option<u32>,
        /// The time of a period.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed depth per move.
    Depth(u32),
    /// A fixed number of nodes per move.
    Nodes(u64),
}

/// A time control that could not be read: it is not `[MOVES/]SECONDS[+INCREMENT]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseTimeControlError(pub String);

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid time control {:?}: expected [MOVES/]SECONDS[+INCREMENT], as 10+0.1 or 40/60",
            self.0
        )
    }
}

impl std::error::Error for ParseTimeControlError {}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// Reads `[MOVES/]SECONDS[+INCREMENT]` (seconds with decimals): `10+0.1`, `60`, `40/300`.
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError(text.to_owned());
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (
                Some(
                    moves
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(error)?,
                ),
                rest,
            ),
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let seconds = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0 && *v < 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(error)
        };
        let base = seconds(base)?;
        let increment = seconds(increment)?;
        if base.is_zero() && increment.is_zero() {
            return Err(error());
        }
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` tag's value: `10+0.1`, `40/5400+30`; `-` for fixed limits, which
    /// that tag cannot say.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                write!(f, "{}", base.as_secs_f64())?;
                if !increment.is_zero() {
                    write!(f, "+{}", increment.as_secs_f64())?;
                }
                Ok(())
            }
            _ => f.write_str("-"),
        }
    }
}

impl TimeControl {
    /// A description for people: `10+0.1`, `movetime 0.5 s`, `depth 8`, `1000 nodes`.
    #[must_use]
    pub fn describe(&self) -> String {
        match *self {
            TimeControl::Clock { .. } => self.to_string(),
            TimeControl::MoveTime(t) => format!("movetime {} s", t.as_secs_f64()),
            TimeControl::Depth(d) => format!("depth {d}"),
            TimeControl::Nodes(1) => "1 node".to_owned(),
            TimeControl::Nodes(n) => format!("{n} nodes"),
        }
    }
}
