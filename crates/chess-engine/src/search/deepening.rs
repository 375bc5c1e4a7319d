//! Iterative deepening, the search of one thread: the root searched one ply deeper at a time,
//! each iteration's lines reported, and the move to play at the end.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use chess_rules::{Move, Position};

use crate::level::pick;
use crate::limits::{Control, Limits};
use crate::score::{DRAW, INFINITE, Score, Value};
use crate::time;

use super::root::RootMove;
use super::searcher::{MAX_DEPTH, Searcher};
use super::stopping::CHECK_EVERY;

/// What the search reports after each completed iteration, once per principal variation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchInfo {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence search included.
    pub seldepth: u32,
    /// Which line this is, 1 for the best (multi-PV).
    pub multipv: u32,
    /// The score of the line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    /// Positions found in the endgame tablebases so far.
    pub tbhits: u64,
    /// The principal variation, starting with the line's move.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move (checkmate or stalemate).
    pub best_move: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// The score of the move to play (at reduced strength too: of the move chosen).
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation of the chosen move.
    pub pv: Vec<Move>,
}

/// The smaller of two optional limits.
fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Nodes per second.
fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

impl Searcher {
    /// The search of one thread.
    pub(super) fn search_thread(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        control: &Control,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let max_depth = self.start_search(pos, history, limits, control);
        let mut root_moves = self.root_moves(pos, &limits.search_moves);
        self.tb_hits = 0;
        self.tb_cardinality = self.tablebases.cardinality();
        self.root_tb_value = None;
        if !root_moves.is_empty() {
            self.filter_root_by_tablebases(pos, history, &mut root_moves);
        }
        if root_moves.is_empty() {
            return self.no_move_result(pos);
        }
        let lines = self
            .multi_pv
            .max(self.level.settings().candidates)
            .min(root_moves.len());
        let reported = self.multi_pv.min(lines);
        let (completed, completed_depth) = self.deepen(
            pos,
            limits,
            &mut root_moves,
            max_depth,
            (lines, reported),
            &mut on_info,
        );

        let result = self.result(pos, &root_moves, &completed, completed_depth);
        if let Some(rm) = completed.first() {
            self.last_score = Some((pos.turn(), rm.previous));
        }
        if reported > 0 {
            self.report_move_played(&result, &completed, &mut on_info);
        }
        // The nodes not yet added to the total.
        self.node_total
            .fetch_add(self.nodes % CHECK_EVERY, Ordering::Relaxed);
        result
    }

    /// Sets up the running search's state for a search of `pos` after the game's `history`,
    /// and returns the deepest iteration it may reach.
    fn start_search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        control: &Control,
    ) -> u32 {
        self.start = limits.started.unwrap_or_else(Instant::now);
        self.control = control.clone();
        self.pondering = limits.ponder;
        self.budget = time::allocate(limits, pos.turn(), self.move_overhead);
        let settings = self.level.settings();
        self.max_nodes = min_option(limits.nodes, settings.nodes);
        let max_depth = min_option(limits.depth, settings.depth)
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        if !self.is_helper {
            self.tt.new_search();
        }
        self.history.age();
        self.continuations.age();
        self.captures.age();
        self.killers.clear();
        self.path.clear();
        self.path.extend_from_slice(history);
        self.root_index = self.path.len();
        self.path.push(pos.zobrist_hash());
        self.null_barrier = 0;
        if let Some(network) = self.network.as_deref() {
            self.accumulators[0] = network.refresh(pos.board());
        }
        // The root's evaluation, which the nodes two plies below compare theirs with.
        self.static_evals[0] = if pos.is_check() {
            -INFINITE
        } else {
            self.evaluate(pos, 0)
        };
        max_depth
    }

    /// The result of a search of a position without legal moves.
    fn no_move_result(&self, pos: &Position) -> SearchResult {
        SearchResult {
            best_move: None,
            ponder: None,
            score: if pos.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            },
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: self.start.elapsed(),
            pv: Vec::new(),
        }
    }

    /// The iterations, from depth 1 to `max_depth` unless the search ends first, each
    /// searching `lines` lines and reporting `reported` of them; returns the lines of the last
    /// completed iteration and its depth.
    fn deepen(
        &mut self,
        pos: &Position,
        limits: &Limits,
        root_moves: &mut [RootMove],
        max_depth: u32,
        (lines, reported): (usize, usize),
        on_info: &mut impl FnMut(&SearchInfo),
    ) -> (Vec<RootMove>, u32) {
        let mut completed: Vec<RootMove> = Vec::new();
        let mut completed_depth = 0;
        let mut stable_iterations = 0;
        let mut iteration_scores = Vec::new();
        for depth in 1..=max_depth as i32 {
            self.root_depth = depth;
            self.seldepth = 0;
            for pv_idx in 0..lines {
                self.search_line(pos, root_moves, pv_idx, depth);
                // The lines found so far this iteration stay on top, best first.
                root_moves[..=pv_idx].sort_by_key(|rm| core::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            for rm in root_moves.iter_mut() {
                rm.previous = rm.score;
            }
            if completed.first().map(|c| c.m) == Some(root_moves[0].m) {
                stable_iterations += 1;
            } else {
                stable_iterations = 0;
            }
            completed = root_moves[..lines].to_vec();
            completed_depth = depth as u32;
            self.report_iteration(depth, &root_moves[..reported], on_info);
            if self.stopped {
                break;
            }
            iteration_scores.push(root_moves[0].score);
            let last = self
                .last_score
                .filter(|&(side, _)| side == pos.turn())
                .map(|(_, v)| v);
            let earlier = iteration_scores[iteration_scores.len().saturating_sub(4)];
            if self.iteration_ends_search(limits, root_moves, stable_iterations, last, earlier) {
                break;
            }
        }
        (completed, completed_depth)
    }

    /// What the search reports of a line found at `depth`, the `multipv`th.
    fn info(
        &self,
        depth: u32,
        multipv: u32,
        score: Score,
        pv: Vec<Move>,
        elapsed: Duration,
    ) -> SearchInfo {
        SearchInfo {
            depth,
            seldepth: self.seldepth as u32,
            multipv,
            score,
            nodes: self.total_nodes(),
            nps: nps(self.total_nodes(), elapsed),
            time: elapsed,
            hashfull: self.tt.hashfull(),
            tbhits: self.tb_hits,
            pv,
        }
    }

    /// Reports the lines of the iteration at `depth` that just completed.
    fn report_iteration(
        &self,
        depth: i32,
        lines: &[RootMove],
        on_info: &mut impl FnMut(&SearchInfo),
    ) {
        let elapsed = self.start.elapsed();
        for (i, rm) in lines.iter().enumerate() {
            let score = Score::from_value(self.reported_value(rm.score));
            on_info(&self.info(depth as u32, i as u32 + 1, score, rm.pv.clone(), elapsed));
        }
    }

    /// The move played is the move shown: when the search ends on a move or a score that the
    /// last line reported does not have (a better move found by an iteration left unfinished,
    /// or a weaker level's choice), one more line says it, as Stockfish's last `info` before
    /// `bestmove` always does.
    fn report_move_played(
        &self,
        result: &SearchResult,
        completed: &[RootMove],
        on_info: &mut impl FnMut(&SearchInfo),
    ) {
        let shown = completed.first().map(|rm| {
            (
                rm.m,
                Score::from_value(self.reported_value(rm.previous)),
                rm.pv.as_slice(),
            )
        });
        if result.best_move.is_none()
            || shown
                == result
                    .best_move
                    .map(|m| (m, result.score, result.pv.as_slice()))
        {
            return;
        }
        let elapsed = self.start.elapsed();
        // The depth the line was found at: the last completed iteration's for one of its
        // lines (a weaker level's pick), the unfinished one's for a move it found better.
        let from_completed = completed
            .iter()
            .any(|c| Some(c.m) == result.best_move && c.pv == result.pv);
        let depth = if from_completed {
            result.depth
        } else {
            self.root_depth as u32
        };
        on_info(&self.info(depth.max(1), 1, result.score, result.pv.clone(), elapsed));
    }

    /// The search result: the best move, or at reduced strength a move drawn among the
    /// candidates of the last completed iteration.
    fn result(
        &mut self,
        pos: &Position,
        root_moves: &[RootMove],
        completed: &[RootMove],
        depth: u32,
    ) -> SearchResult {
        let settings = self.level.settings();
        let chosen = if settings.margin > 0 && completed.len() > 1 {
            let scores: Vec<Value> = completed.iter().map(|rm| rm.previous).collect();
            completed.get(pick(&scores, settings.margin, &mut self.rng))
        } else {
            root_moves.first()
        };
        // The chosen move's line and score: the last completed iteration's when it has the
        // move (a line left by an unfinished iteration, a fail-low or fail-high of the
        // aspiration window or a search stopped halfway, is cut short, often to a move or
        // two), else what the unfinished iteration found for it. The line always starts with
        // the move, and the score is the move's: what is played is what is shown.
        let completed_line = chosen.and_then(|rm| completed.iter().find(|c| c.m == rm.m));
        let (value, mut pv) = match (chosen, completed_line) {
            (None, _) => (DRAW, Vec::new()),
            (Some(rm), Some(c)) if rm.score == -INFINITE || c.m == completed[0].m => {
                (c.previous, c.pv.clone())
            }
            (Some(rm), _) if rm.score != -INFINITE => (rm.score, rm.pv.clone()),
            (Some(rm), _) => (rm.previous, rm.pv.clone()),
        };
        let best_move = chosen.map(|rm| rm.m);
        if let Some(m) = best_move
            && pv.first() != Some(&m)
        {
            pv = vec![m];
        }
        let ponder = pv.get(1).copied().or_else(|| {
            let m = best_move?;
            let child = pos.after(m);
            let reply = self.tt.probe(child.zobrist_hash(), 1)?.mv?;
            child.is_legal(reply).then_some(reply)
        });
        SearchResult {
            best_move,
            ponder,
            score: Score::from_value(self.reported_value(value)),
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            time: self.start.elapsed(),
            pv,
        }
    }
}

#[cfg(test)]
mod tests {
    use chess_core::Color;
    use chess_notation::{Fen, uci};
    use chess_rules::CastlingMode;

    use super::*;
    use crate::Level;

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().expect("test fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    fn search(pos: &Position, limits: &Limits) -> SearchResult {
        Searcher::with_hash(4).search(pos, &[], limits, &Control::new(), |_| {})
    }

    #[test]
    fn the_smaller_limit_applies_and_rates_never_divide_by_zero() {
        assert_eq!(min_option(Some(3), Some(5)), Some(3));
        assert_eq!(min_option(None, Some(5)), Some(5));
        assert_eq!(min_option(Some(3), None), Some(3));
        assert_eq!(min_option::<u32>(None, None), None);
        assert_eq!(nps(1000, Duration::from_millis(500)), 2000);
        assert_eq!(nps(1000, Duration::ZERO), 1_000_000_000);
    }

    #[test]
    fn finds_mate_in_one() {
        let pos = position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let result = search(&pos, &Limits::depth(4));
        assert_eq!(result.score, Score::Mate(1));
        assert_eq!(
            result.best_move.map(|m| uci::format(&pos, m)).as_deref(),
            Some("a1a8")
        );
    }

    #[test]
    fn a_search_remembers_its_score_for_the_next_ones_time() {
        // The falling-score time factor compares with the last search's score, for the
        // same side only; a new game forgets it.
        let pos = position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let mut searcher = Searcher::with_hash(4);
        assert_eq!(searcher.last_score, None);
        let result = searcher.search(&pos, &[], &Limits::depth(4), &Control::new(), |_| {});
        assert_eq!(result.score, Score::Mate(1));
        assert_eq!(
            searcher
                .last_score
                .map(|(side, v)| (side, Score::from_value(v))),
            Some((Color::White, Score::Mate(1)))
        );
        searcher.clear();
        assert_eq!(searcher.last_score, None);
    }

    #[test]
    fn wins_a_hanging_queen() {
        let pos = position("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let result = search(&pos, &Limits::depth(5));
        assert_eq!(
            result.best_move.map(|m| uci::format(&pos, m)).as_deref(),
            Some("d2d5")
        );
        assert!(matches!(result.score, Score::Cp(cp) if cp > 300));
    }

    #[test]
    fn no_moves_no_result() {
        let mated = position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        let result = search(&mated, &Limits::depth(3));
        assert_eq!((result.best_move, result.score), (None, Score::Mate(0)));
        let stalemate = position("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1");
        let result = search(&stalemate, &Limits::depth(3));
        assert_eq!((result.best_move, result.score), (None, Score::Cp(0)));
    }

    #[test]
    fn reports_every_iteration_and_line() {
        let mut searcher = Searcher::with_hash(4);
        searcher.set_multi_pv(3);
        let mut infos = Vec::new();
        let result = searcher.search(
            &Position::standard(),
            &[],
            &Limits::depth(5),
            &Control::new(),
            |i| infos.push(i.clone()),
        );
        assert_eq!(infos.len(), 15);
        for (i, info) in infos.iter().enumerate() {
            assert_eq!(info.depth as usize, i / 3 + 1);
            assert_eq!(info.multipv as usize, i % 3 + 1);
            assert!(!info.pv.is_empty());
        }
        let last = &infos[12..];
        assert!(last[0].score >= last[1].score && last[1].score >= last[2].score);
        let firsts: Vec<Move> = last.iter().map(|i| i.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert_eq!(result.best_move, Some(firsts[0]));
    }

    #[test]
    fn principal_variations_are_legal() {
        let pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let mut searcher = Searcher::with_hash(4);
        let mut pvs = Vec::new();
        let result = searcher.search(&pos, &[], &Limits::depth(7), &Control::new(), |i| {
            pvs.push(i.pv.clone())
        });
        // Scholar's mate: Qxf7#.
        assert_eq!(result.score, Score::Mate(1));
        for pv in pvs {
            let mut p = pos.clone();
            for m in pv {
                assert!(p.is_legal(m), "{m} in {p:?}");
                p = p.after(m);
            }
        }
    }

    /// The summary of an interrupted search gives the line of the last completed iteration,
    /// not the stub a failed aspiration window or a stopped search leaves (`chess analyse`
    /// printed a depth-18 line, then `best line: 1. e4 e5`).
    #[test]
    fn an_interrupted_search_reports_the_last_completed_line() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        ];
        let mut checked = 0;
        for fen in fens {
            let pos = position(fen);
            for nodes in [30_000, 70_000, 150_000, 400_000, 900_000] {
                let mut last = None;
                let result = Searcher::with_hash(16).search(
                    &pos,
                    &[],
                    &Limits::nodes(nodes),
                    &Control::new(),
                    |i| last = Some(i.clone()),
                );
                let last = last.expect("an iteration completed");
                if result.best_move == last.pv.first().copied() {
                    assert_eq!(result.pv, last.pv, "{fen} at {nodes} nodes");
                    assert_eq!(result.score, last.score, "{fen} at {nodes} nodes");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 10, "only {checked} searches kept their move");
    }

    /// What it plays is what it shows (issue 37): however a search ends (node limits cut
    /// iterations anywhere, deterministically), the last line it reported has the move it
    /// plays first, with the result's score and line; at a weak level too, which may play
    /// another move than the best line's.
    #[test]
    fn the_last_line_reported_is_the_move_played() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for fen in fens {
            let pos = position(fen);
            for nodes in (1..40).map(|k| k * 7_919) {
                for level in [Level::MAX, Level::new(3).expect("a level")] {
                    let mut searcher = Searcher::with_hash(16);
                    searcher.set_level(level);
                    let mut last = None;
                    let mut mate_zero = false;
                    let result =
                        searcher.search(&pos, &[], &Limits::nodes(nodes), &Control::new(), |i| {
                            mate_zero |= i.score == Score::Mate(0);
                            last = Some(i.clone())
                        });
                    let last: SearchInfo = last.expect("a line");
                    let at = format!("{fen} at {nodes} nodes, {level:?}");
                    // A position with moves is never mated on the board: a score of mate in
                    // 0 is a move's value left unknown by an unfinished search.
                    assert!(!mate_zero, "{at}");
                    assert_eq!(result.best_move, last.pv.first().copied(), "{at}");
                    assert_eq!(result.score, last.score, "{at}");
                    assert_eq!(result.pv, last.pv, "{at}");
                }
            }
        }
    }

    /// A move that fails high at the root and whose search with a wider window is then cut
    /// short is played with the value it failed high with. (It used to be shown with no value
    /// at all, which read as mate in 0: a `[%eval #0]` on 61 of the moves of 200 games
    /// against Stockfish, all in the last tenths of a second of a clock.) The node limits
    /// stop the search at many points of these positions, where that happened dozens of times.
    #[test]
    fn a_move_found_by_an_unfinished_iteration_has_a_value() {
        let fens = [
            "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
            "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
            "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 80",
        ];
        for fen in fens {
            let pos = position(fen);
            for nodes in (1..50).map(|k| k * 997) {
                let mut scores = Vec::new();
                let result = Searcher::with_hash(16).search(
                    &pos,
                    &[],
                    &Limits::nodes(nodes),
                    &Control::new(),
                    |i| scores.push(i.score),
                );
                scores.push(result.score);
                assert!(
                    !scores.contains(&Score::Mate(0)),
                    "{fen} at {nodes} nodes: {scores:?}"
                );
            }
        }
    }
}
