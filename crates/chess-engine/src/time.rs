//! Time management: how long to think about one move.
//!
//! Two budgets come out of the limits: an *optimum*, after which no new iteration starts
//! (scaled by how stable the best move is and by whether its score falls), and a *maximum*, a
//! hard deadline checked inside the search. On a clock, the time left minus a safety margin
//! for process and I/O latency (UCI's `Move Overhead`) is shared among the moves expected
//! before the next time control, with the increment added; the maximum never exceeds four
//! fifths of what is left after the margin, so a slow iteration cannot flag.

use std::time::Duration;

use chess_core::Color;

use crate::Limits;
use crate::score::{TB_WIN_BOUND, Value};

/// How many moves a game without `movestogo` is assumed to last from any point on: the budget
/// of one move is the time left divided by this. 28, which keeps more of the clock for the
/// middlegame, played about 20 Elo stronger in self-play but scored less against Stockfish at
/// a limited Elo, and was taken back; 18, more of it for the opening, scored less still
/// (docs/engine.md).
const HORIZON: u32 = 22;
/// The longest a game can be planned on (cutting `movestogo` to this).
const MAX_MOVESTOGO: u32 = 50;

/// The time to spend on one move.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Budget {
    /// Do not start a new iteration after this much time (scaled by stability).
    pub(crate) optimum: Option<Duration>,
    /// Stop the search at this time, whatever it is doing.
    pub(crate) maximum: Option<Duration>,
}

/// The budget for `turn` to move under `limits`, keeping `overhead` in reserve on a clock.
pub(crate) fn allocate(limits: &Limits, turn: Color, overhead: Duration) -> Budget {
    let mut budget = Budget::default();
    if let Some(clock) = limits.clock {
        if let Some(time) = clock.time(turn) {
            let (optimum, maximum) =
                from_clock(time, clock.increment(turn), clock.movestogo, overhead);
            budget = Budget {
                optimum: Some(optimum),
                maximum: Some(maximum),
            };
        }
    }
    if let Some(movetime) = limits.movetime {
        // An exact request: think for that long, no more, and no less for the sake of saving
        // time (there is no clock to save it for).
        budget.optimum = budget.optimum.map(|o| o.min(movetime));
        budget.maximum = Some(budget.maximum.map_or(movetime, |m| m.min(movetime)));
    }
    budget
}

/// The optimum and maximum thinking time with `time` left, `inc` per move and `movestogo`
/// moves to the next control.
fn from_clock(
    time: Duration,
    inc: Duration,
    movestogo: Option<u32>,
    overhead: Duration,
) -> (Duration, Duration) {
    let left = time.saturating_sub(overhead);
    let moves = match movestogo {
        Some(n) if n > 0 => n.min(MAX_MOVESTOGO),
        _ => HORIZON,
    };
    // Each increment arrives after the move, and the overhead is already kept in reserve.
    // (Saturating arithmetic: the times come from the GUI and may be absurd.)
    let optimum = (left / moves).saturating_add(inc);
    let cap = if moves == 1 {
        // The last move before the control: the time is no use afterwards.
        left - left / 10
    } else {
        left - left / 5
    };
    let maximum = optimum.saturating_mul(5).min(cap);
    (optimum.min(maximum), maximum)
}

/// How much longer than the optimum to think when the best score falls: 1 for a steady
/// score, up to 1.5 for a fall of half a pawn or more, down to 0.75 for a rise of a quarter.
///
/// The fall is measured from `earlier` (the best score some iterations back) and, when there
/// is one, from `last` (the score the last search for the same side ended on), averaged: a
/// position going wrong is worth time to find a way out, one going well needs less. Mates
/// and tablebase results say nothing about that and leave the factor at 1.
pub(crate) fn falling_score_factor(best: Value, earlier: Value, last: Option<Value>) -> f64 {
    let plain = |v: Value| v.abs() < TB_WIN_BOUND;
    let fall = match (plain(best), last.filter(|&v| plain(v)), plain(earlier)) {
        (true, Some(last), true) => f64::from((last - best) + (earlier - best)) / 2.0,
        (true, Some(last), false) => f64::from(last - best),
        (true, None, true) => f64::from(earlier - best),
        _ => 0.0,
    };
    (1.0 + fall / 100.0).clamp(0.75, 1.5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Clock;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn movetime_is_exact() {
        let b = allocate(&Limits::movetime(MS * 250), Color::White, MS * 30);
        assert_eq!((b.optimum, b.maximum), (None, Some(MS * 250)));
        assert_eq!(
            allocate(&Limits::depth(3), Color::White, MS),
            Budget::default()
        );
    }

    #[test]
    fn clock_budget_stays_within_the_time_left() {
        for time_ms in [0u32, 1, 10, 31, 50, 100, 1000, 60_000, 3_600_000] {
            for inc_ms in [0u32, 10, 1000] {
                for mtg in [None, Some(0), Some(1), Some(2), Some(40), Some(1000)] {
                    let (opt, max) = from_clock(MS * time_ms, MS * inc_ms, mtg, MS * 30);
                    let left = (MS * time_ms).saturating_sub(MS * 30);
                    assert!(opt <= max, "{time_ms} {inc_ms} {mtg:?}");
                    assert!(
                        max <= left,
                        "{time_ms} {inc_ms} {mtg:?}: {max:?} > {left:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn absurd_clocks_do_not_overflow() {
        let (opt, max) = from_clock(Duration::MAX, Duration::MAX, None, MS * 30);
        assert!(opt <= max && max < Duration::MAX);
        let (opt, max) = from_clock(Duration::ZERO, Duration::MAX, Some(1), Duration::MAX);
        assert_eq!((opt, max), (Duration::ZERO, Duration::ZERO));
    }

    #[test]
    fn a_falling_score_asks_for_more_time() {
        assert_eq!(falling_score_factor(20, 20, None), 1.0);
        assert_eq!(falling_score_factor(20, 20, Some(20)), 1.0);
        // A fall of 30 since three iterations back, none since the last move: 15 on average.
        assert!((falling_score_factor(-10, 20, Some(-10)) - 1.15).abs() < 1e-9);
        assert!((falling_score_factor(-10, 20, None) - 1.3).abs() < 1e-9);
        // Capped both ways.
        assert_eq!(falling_score_factor(-300, 0, Some(0)), 1.5);
        assert_eq!(falling_score_factor(300, 0, Some(0)), 0.75);
        // A mate or a tablebase result leaves the time alone; an earlier one is not compared.
        assert_eq!(falling_score_factor(-TB_WIN_BOUND, 0, Some(0)), 1.0);
        assert_eq!(falling_score_factor(0, TB_WIN_BOUND, None), 1.0);
        assert!((falling_score_factor(0, 30, Some(TB_WIN_BOUND)) - 1.3).abs() < 1e-9);
        assert!((falling_score_factor(0, TB_WIN_BOUND, Some(20)) - 1.2).abs() < 1e-9);
    }

    #[test]
    fn typical_budgets() {
        // 1 s + 10 ms: a few tens of milliseconds per move.
        let (opt, max) = from_clock(MS * 1000, MS * 10, None, MS * 30);
        assert!(opt > MS * 20 && opt < MS * 60, "{opt:?}");
        assert!(max > opt && max < MS * 300, "{max:?}");
        // Five minutes, 40 moves to go: about 7 s per move.
        let (opt, _) = from_clock(MS * 300_000, Duration::ZERO, Some(40), MS * 30);
        assert!(opt > MS * 7000 && opt < MS * 8000, "{opt:?}");
        // Black's clock is black's.
        let clock = Clock {
            wtime: Some(MS * 100_000),
            btime: Some(MS * 1000),
            ..Clock::default()
        };
        let b = allocate(&Limits::clock(clock), Color::Black, MS * 30);
        assert!(b.maximum.is_some_and(|m| m < MS * 1000));
        // No time for the side to move: no limit from the clock.
        let clock = Clock {
            wtime: Some(MS * 1000),
            ..Clock::default()
        };
        assert_eq!(
            allocate(&Limits::clock(clock), Color::Black, MS * 30),
            Budget::default()
        );
    }
}
