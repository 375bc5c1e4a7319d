//! What bounds a search: depth, nodes, time, clocks, mate distance; and the flags that stop it
//! from outside.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chess_core::Color;
use chess_rules::Move;

/// The clocks of a game, as UCI's `go wtime … btime … winc … binc … movestogo …` gives them.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Clock {
    /// White's remaining time (`None`: not given).
    pub wtime: Option<Duration>,
    /// Black's remaining time (`None`: not given).
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Duration,
    /// Black's increment per move.
    pub binc: Duration,
    /// Moves until the next time control (`None`: the rest of the game is played on this time).
    pub movestogo: Option<u32>,
}

impl Clock {
    /// A clock with `time` left for each side and `inc` added after each move.
    #[must_use]
    pub const fn new(time: Duration, inc: Duration) -> Clock {
        Clock {
            wtime: Some(time),
            btime: Some(time),
            winc: inc,
            binc: inc,
            movestogo: None,
        }
    }

    /// The remaining time of `color`, if given.
    #[must_use]
    pub const fn time(&self, color: Color) -> Option<Duration> {
        match color {
            Color::White => self.wtime,
            Color::Black => self.btime,
        }
    }

    /// The increment of `color`.
    #[must_use]
    pub const fn increment(&self, color: Color) -> Duration {
        match color {
            Color::White => self.winc,
            Color::Black => self.binc,
        }
    }
}

/// The limits of one search; every limit given applies, whichever is reached first. With
/// none, the search runs to its maximum depth.
///
/// ```
/// use std::time::Duration;
/// use chess_engine::{Clock, Limits};
///
/// let quick = Limits::depth(6);
/// assert_eq!(quick.depth, Some(6));
/// let blitz = Limits::clock(Clock::new(Duration::from_secs(180), Duration::from_secs(2)));
/// assert!(blitz.clock.is_some());
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// The maximum depth in plies.
    pub depth: Option<u32>,
    /// The maximum number of nodes (positions visited).
    pub nodes: Option<u64>,
    /// Look for a mate in at most this many moves, and stop when one is found.
    pub mate: Option<u32>,
    /// Search for this long.
    pub movetime: Option<Duration>,
    /// Play on these clocks: the search decides how much of the side to move's time to use.
    pub clock: Option<Clock>,
    /// Search until stopped (no time limit; depth and node limits still apply).
    pub infinite: bool,
    /// Search the position as a ponder search: no time limit until [`Control::ponderhit`],
    /// then the clock (if any) starts.
    pub ponder: bool,
    /// Only consider these root moves (all legal moves when empty, or when none is legal).
    pub search_moves: Vec<Move>,
    /// When the clock started for this move (when `go` arrived), so that time spent before the
    /// search started counts; `None`: when the search starts.
    pub started: Option<Instant>,
}

impl Limits {
    /// Search to a fixed depth.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Play on a clock.
    #[must_use]
    pub fn clock(clock: Clock) -> Limits {
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }

    /// Search for a mate in at most `moves` moves.
    #[must_use]
    pub fn mate(moves: u32) -> Limits {
        Limits {
            mate: Some(moves),
            ..Limits::default()
        }
    }

    /// Search until stopped.
    #[must_use]
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }
}

/// The flags another thread uses to steer a running search: stop it, or tell a ponder search
/// that the opponent played the expected move.
///
/// ```
/// use chess_engine::Control;
///
/// let control = Control::new();
/// let remote = control.clone(); // for another thread
/// remote.stop();
/// assert!(control.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
    ponderhit: Arc<AtomicBool>,
}

impl Control {
    /// Flags that are not set.
    #[must_use]
    pub fn new() -> Control {
        Control::default()
    }

    /// A control that stops the search when `stop` becomes true.
    #[must_use]
    pub fn with_stop_flag(stop: Arc<AtomicBool>) -> Control {
        Control {
            stop,
            ponderhit: Arc::default(),
        }
    }

    /// The stop flag, to share.
    #[must_use]
    pub fn stop_flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }

    /// Asks the search to stop as soon as possible (it still returns its best move).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// Ends pondering: the opponent played the expected move, so the clock runs from now.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Release);
    }

    /// Whether [`Control::ponderhit`] was called.
    #[must_use]
    pub fn is_ponderhit(&self) -> bool {
        self.ponderhit.load(Ordering::Acquire)
    }
}
