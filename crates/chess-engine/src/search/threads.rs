//! A search on several threads (Lazy SMP): helpers search the same root with the same
//! transposition table, filling it with what the main thread will need.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use chess_rules::Position;

use crate::limits::{Control, Limits};

use super::deepening::{SearchInfo, SearchResult};
use super::searcher::Searcher;

impl Searcher {
    /// Searches `pos` within `limits` and returns the move to play.
    ///
    /// `history` holds the Zobrist hashes of the game's earlier positions, oldest first (not
    /// including `pos`), so that the search sees repetitions of them. `control` stops the
    /// search or ends pondering from another thread. `on_info` receives the result of every
    /// completed iteration, one call per line.
    ///
    /// The first iteration always completes, unless `control` stops the search, so that a
    /// legal move comes back whatever the limits.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        control: &Control,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.node_total.store(0, Ordering::Relaxed);
        if self.threads <= 1 || self.is_helper || self.level.settings().margin > 0 {
            let mut result = self.search_thread(pos, history, limits, control, on_info);
            result.nodes = self.node_total.load(Ordering::Relaxed);
            return result;
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        while helpers.len() < self.threads - 1 {
            let mut helper = Searcher::with_hash(1);
            helper.is_helper = true;
            helpers.push(helper);
        }
        // The helpers search until this thread is done; they never stop a search by
        // themselves, nor report.
        let helper_limits = Limits {
            infinite: true,
            depth: limits.depth,
            search_moves: limits.search_moves.clone(),
            ..Limits::default()
        };
        let stop = Control::new();
        let result = std::thread::scope(|scope| {
            for helper in &mut helpers {
                helper.tt = Arc::clone(&self.tt);
                helper.node_total = Arc::clone(&self.node_total);
                helper.tablebases = self.tablebases.clone();
                helper.network.clone_from(&self.network);
                let (limits, stop) = (&helper_limits, &stop);
                scope.spawn(move || helper.search_thread(pos, history, limits, stop, |_| {}));
            }
            // The main thread's own stop flag still stops it; the helpers follow it.
            let result = self.search_thread(pos, history, limits, control, on_info);
            stop.stop();
            result
        });
        self.helpers = helpers;
        // Every thread has ended and added its nodes: the result counts them all, as UCI's
        // `nodes` does.
        SearchResult {
            nodes: self.node_total.load(Ordering::Relaxed),
            ..result
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use chess_notation::{Fen, uci};
    use chess_rules::CastlingMode;

    use super::*;
    use crate::Score;
    use crate::search::stopping::CHECK_EVERY;

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().expect("test fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    /// UCI's `nodes` counts every thread (issue 37): the result's nodes are the main
    /// thread's and the helper's, and the lines reported on the way count the helper's too.
    #[test]
    fn nodes_count_every_thread() {
        let mut searcher = Searcher::with_hash(8);
        searcher.set_threads(2);
        let mut infos = Vec::new();
        let result = searcher.search(
            &Position::standard(),
            &[],
            &Limits::depth(10),
            &Control::new(),
            |i| infos.push(i.clone()),
        );
        let main = searcher.nodes;
        let helper = searcher.helpers[0].nodes;
        assert!(helper > 0);
        assert_eq!(result.nodes, main + helper);
        let last = infos.last().expect("lines");
        assert!(last.nodes <= result.nodes);
        // The last line came when the main thread had searched all but its last iteration's
        // stop: the helper's share is in it (at most a thousand nodes a thread left out).
        assert!(last.nodes + 2 * CHECK_EVERY > main, "{} {main}", last.nodes);
        // One thread alone: the same count as before.
        let mut alone = Searcher::with_hash(8);
        let result = alone.search(
            &Position::standard(),
            &[],
            &Limits::depth(6),
            &Control::new(),
            |_| {},
        );
        assert_eq!(result.nodes, alone.nodes);
    }

    #[test]
    fn several_threads_find_what_one_finds() {
        // Mate in two, and a hanging queen: the same answers on one and on three threads.
        let mate = position("r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1");
        let queen = position("rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3");
        for threads in [1, 3] {
            let mut searcher = Searcher::with_hash(8);
            searcher.set_threads(threads);
            assert_eq!(searcher.threads(), threads);
            let result = searcher.search(&mate, &[], &Limits::depth(6), &Control::new(), |_| {});
            assert_eq!(result.score, Score::Mate(2), "{threads} threads");
            let result = searcher.search(&queen, &[], &Limits::depth(6), &Control::new(), |_| {});
            let best = result.best_move.expect("a move");
            assert_eq!(uci::format(&queen, best), "c1g5", "{threads} threads");
        }
    }

    #[test]
    fn helpers_stop_with_the_main_thread() {
        let mut searcher = Searcher::with_hash(8);
        searcher.set_threads(2);
        let started = Instant::now();
        let result = searcher.search(
            &Position::standard(),
            &[],
            &Limits::movetime(Duration::from_millis(100)),
            &Control::new(),
            |_| {},
        );
        assert!(result.best_move.is_some());
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        // Resizing the table the helpers share still works.
        searcher.set_hash_size(2).unwrap();
        assert_eq!(searcher.hash_size(), 2);
        searcher.set_threads(1);
        assert_eq!(searcher.threads(), 1);
    }
}
