//! Aspiration windows: each line of an iteration is searched first with a window around its
//! value from the iteration before, widened on the side it fails until the value falls inside.

use chess_rules::Position;

use crate::score::{INFINITE, Value, is_mate};

use super::root::RootMove;
use super::searcher::Searcher;

/// An aspiration window and how far it widens at the next failure.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Window {
    alpha: Value,
    beta: Value,
    delta: Value,
}

impl Window {
    /// The first window of a line whose last iteration found `previous`, at `depth`: narrow
    /// where the value is small and stable from one iteration to the next, wider where it is
    /// large and swings more (as Stockfish's window grows with the square of the value): 12 cp
    /// at equality, 14 at a pawn and a half, 32 at four pawns. The fixed 20 before it played
    /// about 23 Elo weaker (docs/engine.md). Open below depth 5, and around a mate or an
    /// unknown value.
    fn around(previous: Value, depth: i32) -> Window {
        let delta = 12 + previous.clamp(-2000, 2000).pow(2) / 8000;
        let (alpha, beta) = if depth >= 5 && previous > -INFINITE && !is_mate(previous) {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        Window { alpha, beta, delta }
    }

    /// The window after a search that found `value`, `None` when the value is inside: a fail
    /// low moves the window down (its upper end halfway down), a fail high moves its upper
    /// end up, each time half as far again, and past a thousand centipawns the window opens.
    fn after(self, value: Value) -> Option<Window> {
        let Window {
            mut alpha,
            mut beta,
            mut delta,
        } = self;
        if value <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (value - delta).max(-INFINITE);
        } else if value >= beta {
            beta = (value + delta).min(INFINITE);
        } else {
            return None;
        }
        delta += delta / 2;
        if delta > 1000 {
            (alpha, beta) = (-INFINITE, INFINITE);
        }
        Some(Window { alpha, beta, delta })
    }
}

impl Searcher {
    /// Searches line `pv_idx` (the best of the moves from `pv_idx` on) to `depth`, with an
    /// aspiration window around the line's previous value.
    pub(super) fn search_line(
        &mut self,
        pos: &Position,
        root_moves: &mut [RootMove],
        pv_idx: usize,
        depth: i32,
    ) {
        let mut window = Window::around(root_moves[pv_idx].previous, depth);
        loop {
            let value = self.search_root(
                pos,
                &mut root_moves[pv_idx..],
                depth,
                window.alpha,
                window.beta,
            );
            // Stable: moves that failed low keep their order from the last iteration.
            root_moves[pv_idx..].sort_by_key(|rm| core::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            match window.after(value) {
                Some(wider) => window = wider,
                None => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::mate_in;

    #[test]
    fn windows_are_wider_around_larger_values() {
        let at = |previous| Window::around(previous, 5);
        assert_eq!(
            at(0),
            Window {
                alpha: -12,
                beta: 12,
                delta: 12
            }
        );
        assert_eq!(at(150).delta, 14);
        assert_eq!(at(-400).delta, 32);
        assert_eq!(at(5000).delta, at(2000).delta);
        // Open at shallow depth, around a mate and around an unknown value.
        let open = (-INFINITE, INFINITE);
        for window in [Window::around(0, 4), at(mate_in(3)), at(-INFINITE)] {
            assert_eq!((window.alpha, window.beta), open);
        }
    }

    #[test]
    fn a_failing_window_widens_on_its_side_until_it_opens() {
        let window = Window::around(0, 5);
        assert_eq!(window.after(0), None);
        assert_eq!(
            window.after(-12),
            Some(Window {
                alpha: -24,
                beta: 0,
                delta: 18
            })
        );
        assert_eq!(
            window.after(40),
            Some(Window {
                alpha: -12,
                beta: 52,
                delta: 18
            })
        );
        let mut window = window;
        let mut failures = 0;
        while window.beta < INFINITE {
            window = window.after(window.beta).expect("a fail high");
            failures += 1;
        }
        assert_eq!(window.alpha, -INFINITE);
        assert_eq!(failures, 11);
    }
}
