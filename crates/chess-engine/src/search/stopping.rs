//! When the search stops: the node count and its limit, the stop and ponder flags, the clock
//! within a move (the time budget of `time`), and the end of an iteration that leaves no time
//! for the next.

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::limits::Limits;
use crate::score::{Score, Value};
use crate::time;

use super::root::RootMove;
use super::searcher::Searcher;

/// How often (in nodes) the search looks at the clock and the stop flag.
pub(super) const CHECK_EVERY: u64 = 1024;

/// How much of the optimum time a search may take before another iteration, by the number of
/// iterations the best move has stayed the same: more while it changes, less once it is
/// stable.
#[inline]
fn stability_scale(stable: u32) -> f64 {
    match stable {
        0 => 1.4,
        1 => 1.1,
        2 => 0.9,
        _ => 0.75,
    }
}

impl Searcher {
    /// The nodes of every thread so far: the shared total, and this thread's not yet added.
    pub(super) fn total_nodes(&self) -> u64 {
        self.node_total.load(Ordering::Relaxed) + self.nodes % CHECK_EVERY
    }

    /// Whether the search should stop after an iteration: a mate found within the limit, the
    /// only legal move, or the time budget spent (the budget shrinks while the best move
    /// stays the same, and grows while its score falls from `earlier`, the best score some
    /// iterations back, and from `last`, the last search's).
    pub(super) fn iteration_ends_search(
        &mut self,
        limits: &Limits,
        root_moves: &[RootMove],
        stable: u32,
        last: Option<Value>,
        earlier: Value,
    ) -> bool {
        let best = root_moves[0].score;
        if let Some(moves) = limits.mate {
            if let Score::Mate(n) = Score::from_value(best) {
                if n > 0 && n as u32 <= moves {
                    return true;
                }
            }
        }
        self.notice_ponderhit();
        if limits.infinite || self.pondering {
            return false;
        }
        // Only a clock is worth saving time for.
        let Some(optimum) = self.budget.optimum else {
            return false;
        };
        if root_moves.len() == 1 {
            return true;
        }
        let scale = stability_scale(stable);
        let falling = time::falling_score_factor(best, earlier, last);
        self.start.elapsed().as_secs_f64() >= optimum.as_secs_f64() * scale * falling
    }

    /// Ends pondering once the opponent has played the expected move: the clock runs from now.
    fn notice_ponderhit(&mut self) {
        if self.pondering && self.control.is_ponderhit() {
            self.pondering = false;
            self.start = Instant::now();
        }
    }

    /// Looks at the stop flag, the ponder flag and the clock.
    fn check_limits(&mut self) {
        if self.control.is_stopped() {
            self.stopped = true;
            return;
        }
        self.notice_ponderhit();
        if self.pondering {
            return;
        }
        // The first iteration always completes, so that there is a move to play.
        if self.root_depth <= 1 {
            return;
        }
        if let Some(maximum) = self.budget.maximum {
            if self.start.elapsed() >= maximum {
                self.stopped = true;
            }
        }
    }

    /// Counts a node and checks the limits now and then.
    #[inline]
    pub(super) fn visit(&mut self, ply: usize) {
        // A node reached after the stop (a re-search that follows a stopped search) is left
        // at once, unsearched: not counted, so that a node limit is kept to the node.
        if self.stopped {
            return;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes % CHECK_EVERY == 0 {
            self.node_total.fetch_add(CHECK_EVERY, Ordering::Relaxed);
            self.check_limits();
        }
        if let Some(max) = self.max_nodes {
            if self.nodes >= max && self.root_depth > 1 {
                self.stopped = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use chess_rules::Position;

    use super::*;
    use crate::search::SearchResult;
    use crate::{Control, Limits};

    fn search(pos: &Position, limits: &Limits) -> SearchResult {
        Searcher::with_hash(4).search(pos, &[], limits, &Control::new(), |_| {})
    }

    #[test]
    fn a_stable_best_move_needs_less_time() {
        assert!(stability_scale(0) > stability_scale(1));
        assert!(stability_scale(1) > stability_scale(2));
        assert!(stability_scale(2) > stability_scale(3));
        assert_eq!(stability_scale(3), stability_scale(30));
    }

    #[test]
    fn node_limit_is_respected_after_the_first_iteration() {
        let result = search(&Position::standard(), &Limits::nodes(5000));
        assert!(result.nodes <= 5000 + 1, "{}", result.nodes);
        assert!(result.best_move.is_some());
        let tiny = search(&Position::standard(), &Limits::nodes(1));
        assert!(tiny.best_move.is_some());
        assert_eq!(tiny.depth, 1);
    }

    #[test]
    fn a_stopped_search_still_answers() {
        let control = Control::new();
        control.stop();
        let result = Searcher::with_hash(1).search(
            &Position::standard(),
            &[],
            &Limits::infinite(),
            &control,
            |_| {},
        );
        assert!(result.best_move.is_some());
    }
}
