//! The search: iterative deepening over a negamax alpha-beta search with principal variation
//! search, aspiration windows and a quiescence search of captures.
//!
//! Pruning and reductions: transposition table cutoffs (at shallow depth only those that agree
//! with the node's expected type), mate distance pruning, reverse futility pruning, razoring
//! and null-move pruning (by the static evaluation, or the table's value where its bound says
//! more), internal iterative reduction, late move pruning, futility pruning, history pruning
//! and SEE pruning of quiet moves, SEE pruning of losing captures and checks, and late move
//! reductions (of quiet moves, at the root too, and of losing captures), with a ply more of
//! internal iterative reduction and of both reductions at the nodes expected to fail high (cut
//! nodes); checks are extended, and so are singular hash moves. The static evaluation the
//! pruning goes by is corrected by what searches of similar positions found (`correction`).
//! Draws by repetition (against the search path and the game history), by the 50-move rule and
//! by insufficient material are recognised inside the tree; the first two score a centipawn
//! either side of even, by the node count, so that zero windows can tell one such draw from
//! another.
//!
//! Children are made by copying (`Position::after`) rather than by making and taking back
//! moves in place (`play_undoable`/`undo`): a position is four cache lines, and when the two
//! were measured on the bench of the time (both searching exactly the same nodes) the copy was
//! about 5% faster, with simpler code (no undo on every early `continue`).

use std::time::{Duration, Instant};

use chess_core::{Bitboard, Color, Role};
use chess_rules::{Move, MoveList, Position};

use crate::correction::Corrections;
use crate::eval::{classical, evaluate, has_non_pawn_material, kpk};
use crate::level::{Level, Rng, pick};
use crate::limits::{Control, Limits};
use crate::nnue::{Accumulator, Change, Network};
use crate::ordering::{
    BAD_CAPTURE, CaptureHistory, Context, ContinuationHistory, CounterMoves, GOOD_CAPTURE, History,
    Killers, Picker, PieceTo, mvv_lva, score_move,
};
use crate::score::{
    DRAW, INFINITE, MATE_BOUND, MAX_PLY, Score, TB_WIN_BOUND, Value, is_mate, mate_in, mated_in,
};
use crate::see::{SEE_VALUE, see_ge};
use crate::tablebases::TablebaseSettings;
use crate::time::{self, Budget};
use crate::tt::{Bound, DEPTH_UNSEARCHED, TranspositionTable};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;
/// The transposition table size of [`Searcher::new`], in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest transposition table [`Searcher::set_hash_size`] accepts, in megabytes.
pub const MAX_HASH_MB: usize = crate::tt::MAX_HASH_MB;
/// The most threads a search may use.
pub const MAX_THREADS: usize = 256;
/// The seed of a new searcher's random generator (see [`Searcher::set_seed`]).
const FIXED_SEED: u64 = 0x5eed;
/// How often (in nodes) the search looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;
/// A ply in the units late move reductions are worked out in. Every term is added in these
/// and the sum rounded down once, so that the table's fractions and the history's share add
/// up rather than each being cut to whole plies (Stockfish counts in 1024ths as well).
const REDUCTION_UNIT: i32 = 1024;

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

/// A root move with what the search found about it.
#[derive(Clone, Debug)]
struct RootMove {
    m: Move,
    /// The value from the current iteration; `-INFINITE` when not (yet) known.
    score: Value,
    /// The value from the last completed iteration.
    previous: Value,
    pv: Vec<Move>,
}

/// A chess engine's search, with its memory (transposition table, move-ordering statistics)
/// kept from one search to the next.
///
/// ```
/// use chess_engine::{Control, Limits, Searcher};
/// use chess_rules::Position;
///
/// let mut searcher = Searcher::new();
/// let result = searcher.search(&Position::standard(), &[], &Limits::depth(6), &Control::new(), |info| {
///     println!("depth {} score {} pv {:?}", info.depth, info.score, info.pv);
/// });
/// assert!(result.best_move.is_some());
/// assert_eq!(result.depth, 6);
/// ```
pub struct Searcher {
    /// Shared with the helper threads.
    tt: Arc<TranspositionTable>,
    /// Threads searching at once (Lazy SMP): this one and `threads - 1` helpers.
    threads: usize,
    /// The helpers' searchers, kept from one search to the next for their histories.
    helpers: Vec<Searcher>,
    /// Whether this searcher is a helper: it reports nothing and leaves the table's
    /// generation alone.
    is_helper: bool,
    history: History,
    /// Quiet moves by the moves one and two plies before them.
    continuations: ContinuationHistory,
    captures: CaptureHistory,
    counters: CounterMoves,
    killers: Killers,
    /// How far searches ended from the static evaluation, by pawn structure and by each
    /// side's other pieces: added to the static evaluation.
    corrections: Corrections,
    /// The move played at each ply of the search path (`None`: a null move), for the
    /// continuation histories and counter moves.
    stack: [Option<PieceTo>; MAX_PLY + 2],
    /// The move a singular extension search leaves out at each ply.
    excluded: [Option<Move>; MAX_PLY + 1],
    /// Late move reductions by depth and move number, in [`REDUCTION_UNIT`]s.
    lmr: Box<[[u16; 64]; 64]>,
    multi_pv: usize,
    level: Level,
    move_overhead: Duration,
    rng: Rng,

    // The state of the running search.
    control: Control,
    budget: Budget,
    start: Instant,
    pondering: bool,
    max_nodes: Option<u64>,
    nodes: u64,
    /// The nodes of every thread of the search, this one's included: each thread adds its
    /// nodes every [`CHECK_EVERY`] (one shared write a thousand nodes, not one a node) and
    /// the rest when it ends. The main thread's counter, shared with its helpers.
    node_total: Arc<AtomicU64>,
    seldepth: usize,
    root_depth: i32,
    stopped: bool,
    /// Hashes of the game's positions and then of the search path, the current node last.
    path: Vec<u64>,
    /// The index in `path` of the position after the last null move: repetitions do not
    /// reach across it.
    null_barrier: usize,
    /// The index in `path` of the root.
    root_index: usize,
    /// Triangular principal variation table: `pv[ply][ply..pv_len[ply]]`.
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    static_evals: [Value; MAX_PLY + 1],
    /// The network that evaluates positions, or `None` for the classical evaluation.
    network: Option<Arc<Network>>,
    /// The network's accumulators of the positions on the search path, by ply.
    accumulators: Vec<Accumulator>,
    /// The endgame tablebases and how to use them.
    tablebases: TablebaseSettings,
    /// The most pieces probed in this search (0: no probes below the root).
    tb_cardinality: usize,
    tb_hits: u64,
    /// The root's value by the tables, when the root is in them.
    root_tb_value: Option<Value>,
    /// The score of the last search's move and the side it was for: a score that falls from
    /// it earns the next search more time.
    last_score: Option<(Color, Value)>,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with a [`DEFAULT_HASH_MB`] table at full strength, evaluating with the
    /// built-in network (see [`Searcher::set_network`]).
    #[must_use]
    pub fn new() -> Searcher {
        Searcher::with_hash(DEFAULT_HASH_MB)
    }

    /// A searcher with a transposition table of `mb` megabytes (1 to [`MAX_HASH_MB`]).
    ///
    /// The random choices of the weaker levels start from a fixed seed, so that the same
    /// searches give the same moves (for tests and replays); [`Searcher::set_seed`] with
    /// [`random_seed`](crate::random_seed) makes them differ from run to run.
    #[must_use]
    pub fn with_hash(mb: usize) -> Searcher {
        // Worked out once, in some tens of milliseconds, before any search needs it.
        kpk::init();
        let mut lmr = Box::new([[0u16; 64]; 64]);
        for (depth, row) in lmr.iter_mut().enumerate().skip(1) {
            for (count, r) in row.iter_mut().enumerate().skip(1) {
                let reduction = 0.75 + (depth as f64).ln() * (count as f64).ln() / 2.25;
                *r = (reduction * f64::from(REDUCTION_UNIT)) as u16;
            }
        }
        Searcher {
            tt: Arc::new(TranspositionTable::new(mb)),
            threads: 1,
            helpers: Vec::new(),
            is_helper: false,
            history: History::new(),
            continuations: ContinuationHistory::new(),
            captures: CaptureHistory::new(),
            counters: CounterMoves::new(),
            killers: Killers::new(),
            corrections: Corrections::new(),
            stack: [None; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 1],
            lmr,
            multi_pv: 1,
            level: Level::MAX,
            move_overhead: Duration::from_millis(30),
            rng: Rng::new(FIXED_SEED),
            control: Control::new(),
            budget: Budget::default(),
            start: Instant::now(),
            pondering: false,
            max_nodes: None,
            nodes: 0,
            node_total: Arc::new(AtomicU64::new(0)),
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            path: Vec::new(),
            null_barrier: 0,
            root_index: 0,
            pv: Box::new(
                [[Move::new(chess_core::Square::A1, chess_core::Square::A1); MAX_PLY + 1];
                    MAX_PLY + 1],
            ),
            pv_len: [0; MAX_PLY + 1],
            static_evals: [0; MAX_PLY + 1],
            network: Some(Network::default_network()),
            accumulators: vec![Network::zeroed().refresh(&chess_core::Board::empty()); MAX_PLY + 2],
            tablebases: TablebaseSettings::default(),
            tb_cardinality: 0,
            tb_hits: 0,
            root_tb_value: None,
            last_score: None,
        }
    }

    /// Resizes the transposition table to `mb` megabytes (clamped to 1..=[`MAX_HASH_MB`]),
    /// emptying it. If the memory cannot be had, the table keeps its size and the error says
    /// so.
    pub fn set_hash_size(&mut self, mb: usize) -> std::io::Result<()> {
        if let Some(tt) = Arc::get_mut(&mut self.tt) {
            return tt.resize(mb);
        }
        // Helpers hold the table: make a new one (they take it at the next search).
        let mut tt = TranspositionTable::new(1);
        let resized = tt.resize(mb);
        self.tt = Arc::new(tt);
        resized
    }

    /// Searches on `threads` threads (1 to [`MAX_THREADS`]): this one and helpers that share
    /// the transposition table (Lazy SMP). The result is this thread's; the helpers fill the
    /// table with what it will need.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
        self.helpers.truncate(self.threads - 1);
    }

    /// The number of threads a search uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The transposition table's size in megabytes.
    #[must_use]
    pub fn hash_size(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        for helper in &mut self.helpers {
            helper.clear();
        }
        self.history.clear();
        self.continuations.clear();
        self.captures.clear();
        self.counters.clear();
        self.killers.clear();
        self.corrections.clear();
        self.last_score = None;
    }

    /// Reports the best `lines` moves with their scores instead of one (at least 1).
    pub fn set_multi_pv(&mut self, lines: usize) {
        self.multi_pv = lines.max(1);
    }

    /// The number of lines reported.
    #[must_use]
    pub fn multi_pv(&self) -> usize {
        self.multi_pv
    }

    /// Sets the playing strength.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The playing strength.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The time kept in reserve on a clock for process and I/O latency (default 30 ms).
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    /// Sets the endgame tablebases the search consults (see [`TablebaseSettings`]).
    pub fn set_tablebases(&mut self, settings: TablebaseSettings) {
        self.tablebases = settings;
    }

    /// Evaluates positions with `network`, or with the classical evaluation alone for `None`.
    /// A searcher starts with the built-in network ([`Network::default_network`]), which
    /// corrects the classical evaluation (see [`Network::is_residual`]).
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.network = network;
    }

    /// The network that evaluates positions (`None`: the classical evaluation).
    #[must_use]
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// The endgame tablebases the search consults.
    #[must_use]
    pub fn tablebases(&self) -> &TablebaseSettings {
        &self.tablebases
    }

    /// Seeds the random choices of the weaker levels: the same seed (and the same searches)
    /// gives the same moves. A new searcher has a fixed seed; seed it with
    /// [`random_seed`](crate::random_seed) to vary its games.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

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

    /// The search of one thread.
    fn search_thread(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        control: &Control,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
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

        let mut root_moves = self.root_moves(pos, &limits.search_moves);
        self.tb_hits = 0;
        self.tb_cardinality = self.tablebases.cardinality();
        self.root_tb_value = None;
        if !root_moves.is_empty() {
            self.filter_root_by_tablebases(pos, history, &mut root_moves);
        }
        if root_moves.is_empty() {
            return SearchResult {
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
            };
        }
        let lines = self.multi_pv.max(settings.candidates).min(root_moves.len());
        let reported = self.multi_pv.min(lines);

        let mut completed: Vec<RootMove> = Vec::new();
        let mut completed_depth = 0;
        let mut stable_iterations = 0;
        let mut iteration_scores = Vec::new();
        for depth in 1..=max_depth as i32 {
            self.root_depth = depth;
            self.seldepth = 0;
            for pv_idx in 0..lines {
                self.search_line(pos, &mut root_moves, pv_idx, depth);
                // The lines found so far this iteration stay on top, best first.
                root_moves[..=pv_idx].sort_by_key(|rm| core::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            for rm in &mut root_moves {
                rm.previous = rm.score;
            }
            if completed.first().map(|c| c.m) == Some(root_moves[0].m) {
                stable_iterations += 1;
            } else {
                stable_iterations = 0;
            }
            completed = root_moves[..lines].to_vec();
            completed_depth = depth as u32;
            let elapsed = self.start.elapsed();
            for (i, rm) in root_moves[..reported].iter().enumerate() {
                on_info(&SearchInfo {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    multipv: i as u32 + 1,
                    score: Score::from_value(self.reported_value(rm.score)),
                    nodes: self.total_nodes(),
                    nps: nps(self.total_nodes(), elapsed),
                    time: elapsed,
                    hashfull: self.tt.hashfull(),
                    tbhits: self.tb_hits,
                    pv: rm.pv.clone(),
                });
            }
            if self.stopped {
                break;
            }
            iteration_scores.push(root_moves[0].score);
            let last = self
                .last_score
                .filter(|&(side, _)| side == pos.turn())
                .map(|(_, v)| v);
            let earlier = iteration_scores[iteration_scores.len().saturating_sub(4)];
            if self.iteration_ends_search(limits, &root_moves, stable_iterations, last, earlier) {
                break;
            }
        }

        let result = self.result(pos, &root_moves, &completed, completed_depth);
        if let Some(rm) = completed.first() {
            self.last_score = Some((pos.turn(), rm.previous));
        }
        // The move played is the move shown: when the search ends on a move or a score that
        // the last line reported does not have (a better move found by an iteration left
        // unfinished, or a weaker level's choice), one more line says it, as Stockfish's last
        // `info` before `bestmove` always does.
        let last_line = (reported > 0).then(|| completed.first()).flatten();
        let shown = last_line.map(|rm| {
            (
                rm.m,
                Score::from_value(self.reported_value(rm.previous)),
                rm.pv.as_slice(),
            )
        });
        if result.best_move.is_some()
            && reported > 0
            && shown
                != result
                    .best_move
                    .map(|m| (m, result.score, result.pv.as_slice()))
        {
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
            on_info(&SearchInfo {
                depth: depth.max(1),
                seldepth: self.seldepth as u32,
                multipv: 1,
                score: result.score,
                nodes: self.total_nodes(),
                nps: nps(self.total_nodes(), elapsed),
                time: elapsed,
                hashfull: self.tt.hashfull(),
                tbhits: self.tb_hits,
                pv: result.pv.clone(),
            });
        }
        // The nodes not yet added to the total.
        self.node_total
            .fetch_add(self.nodes % CHECK_EVERY, Ordering::Relaxed);
        result
    }

    /// The nodes of every thread so far: the shared total, and this thread's not yet added.
    fn total_nodes(&self) -> u64 {
        self.node_total.load(Ordering::Relaxed) + self.nodes % CHECK_EVERY
    }

    /// Keeps the root moves that hold the tables' best result when the root is in the
    /// tablebases (unless that would leave none of the moves the search was asked for).
    fn filter_root_by_tablebases(
        &mut self,
        pos: &Position,
        history: &[u64],
        root_moves: &mut Vec<RootMove>,
    ) {
        let key = pos.zobrist_hash();
        let repeated = history
            .iter()
            .rev()
            .take(pos.halfmoves() as usize)
            .any(|&h| h == key);
        let Some(filter) = self.tablebases.probe_root(pos, repeated) else {
            return;
        };
        self.tb_hits += 1;
        if root_moves.iter().any(|rm| filter.moves.contains(&rm.m)) {
            root_moves.retain(|rm| filter.moves.contains(&rm.m));
        }
        self.root_tb_value = Some(filter.value);
        if !filter.probe_in_search {
            self.tb_cardinality = 0;
        }
    }

    /// The value to report for a root move: the tables' value when the root is in them and the
    /// search found no mate.
    fn reported_value(&self, value: Value) -> Value {
        match self.root_tb_value {
            Some(tb) if !is_mate(value) => tb,
            _ => value,
        }
    }

    /// The legal moves of `pos`, restricted to `search_moves` if any of them is legal, in a
    /// first guess of their order.
    fn root_moves(&self, pos: &Position, search_moves: &[Move]) -> Vec<RootMove> {
        let mut moves = pos.legal_moves();
        if search_moves.iter().any(|m| moves.contains(m)) {
            moves.retain(|m| search_moves.contains(&m));
        }
        let hash_move = self.tt.probe(pos.zobrist_hash(), 0).and_then(|h| h.mv);
        let mut picker = Picker::new(moves, hash_move);
        let mut root_moves = Vec::new();
        while let Some((m, _)) =
            picker.next(|m| score_move(pos, m, hash_move, [None, None], &self.history))
        {
            root_moves.push(RootMove {
                m,
                score: -INFINITE,
                previous: -INFINITE,
                pv: vec![m],
            });
        }
        root_moves
    }

    /// Searches line `pv_idx` (the best of the moves from `pv_idx` on) to `depth`, with an
    /// aspiration window around the line's previous value.
    fn search_line(
        &mut self,
        pos: &Position,
        root_moves: &mut [RootMove],
        pv_idx: usize,
        depth: i32,
    ) {
        let previous = root_moves[pv_idx].previous;
        // Narrow where the value is small and stable from one iteration to the next, wider
        // where it is large and swings more (as Stockfish's window grows with the square of
        // the value): 12 cp at equality, 14 at a pawn and a half, 32 at four pawns. The fixed
        // 20 before it played about 23 Elo weaker (docs/performance.md).
        let mut delta = 12 + previous.clamp(-2000, 2000).pow(2) / 8000;
        let (mut alpha, mut beta) = if depth >= 5 && previous > -INFINITE && !is_mate(previous) {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let value = self.search_root(pos, &mut root_moves[pv_idx..], depth, alpha, beta);
            // Stable: moves that failed low keep their order from the last iteration.
            root_moves[pv_idx..].sort_by_key(|rm| core::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if value <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITE);
            } else if value >= beta {
                beta = (value + delta).min(INFINITE);
            } else {
                return;
            }
            delta += delta / 2;
            if delta > 1000 {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    /// One pass over the root moves with the window `(alpha, beta)`; moves that do not raise
    /// alpha (but the first) are marked unknown. A pass stopped halfway leaves the moves it did
    /// not finish with what the pass before found: a move that failed high there keeps that
    /// value while its search with a wider window is cut short, and it is the move played.
    fn search_root(
        &mut self,
        pos: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        self.pv_len[0] = 0;
        let mut best = -INFINITE;
        for (i, rm) in root_moves.iter_mut().enumerate() {
            let m = rm.m;
            let child = pos.after(m);
            self.push_accumulator(0, pos, m);
            let extension = i32::from(child.is_check());
            let new_depth = depth - 1 + extension;
            self.path.push(child.zobrist_hash());
            self.stack[0] = Some(PieceTo::of(pos, m));
            let value = if i == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, 1, true, false)
            } else {
                // Late quiet moves at the root are reduced as in the tree, less a ply (the
                // root's move order is the last iteration's, better than any node's), and
                // searched again at full depth if they beat alpha. About 14 Elo in
                // self-play (docs/performance.md).
                let mut r = 0;
                if i >= 3
                    && depth >= 3
                    && extension == 0
                    && !pos.is_capture(m)
                    && m.promotion().is_none()
                {
                    r = (i32::from(self.lmr[depth.min(63) as usize][(i + 1).min(63)])
                        - REDUCTION_UNIT)
                        .div_euclid(REDUCTION_UNIT)
                        .clamp(0, new_depth - 1);
                }
                let mut v = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, 1, true, true);
                if r > 0 && v > alpha && !self.stopped {
                    v = -self.negamax(&child, new_depth, -alpha - 1, -alpha, 1, true, true);
                }
                if v > alpha && v < beta && !self.stopped {
                    v = -self.negamax(&child, new_depth, -beta, -alpha, 1, true, false);
                }
                v
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            if i == 0 || value > alpha {
                rm.score = value;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv
                    .extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
            } else {
                rm.score = -INFINITE;
            }
            best = best.max(value);
            if value > alpha {
                alpha = value;
                if value >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Whether the search should stop after an iteration: a mate found within the limit, the
    /// only legal move, or the time budget spent (the budget shrinks while the best move
    /// stays the same, and grows while its score falls from `earlier`, the best score some
    /// iterations back, and from `last`, the last search's).
    fn iteration_ends_search(
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
        let scale = match stable {
            0 => 1.4,
            1 => 1.1,
            2 => 0.9,
            _ => 0.75,
        };
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
    fn visit(&mut self, ply: usize) {
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

    /// Whether the current node (last on the path) repeats an earlier position with the same
    /// side to move since the last irreversible move.
    ///
    /// A repetition inside the search (of the root or a position after it) is scored a draw at
    /// once: whoever can repeat can go on repeating. A position of the game before the root
    /// must have occurred twice there, so that this is the third time, as the rules say: the
    /// opponent is not bound to repeat a position that occurred once, and an engine that
    /// scored that a draw would walk into lost positions believing them drawn (it did, against
    /// Stockfish).
    fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.path.len();
        let Some(&key) = self.path.last() else {
            return false;
        };
        let reach = (pos.halfmoves() as usize).min(n - 1 - self.null_barrier.min(n - 1));
        let mut before_root = 0;
        for back in (4..=reach).step_by(2) {
            let i = n - 1 - back;
            if self.path[i] == key {
                if i >= self.root_index {
                    return true;
                }
                before_root += 1;
                if before_root == 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The static evaluation of `pos`, the position at `ply` of the search path, for the side
    /// to move.
    #[inline]
    fn evaluate(&self, pos: &Position, ply: usize) -> Value {
        match self.network.as_deref() {
            Some(network) => {
                let value = network.evaluate(&self.accumulators[ply], pos.board(), pos.turn());
                // Towards a draw as the 50-move rule nears: an advantage that cannot be
                // turned into a capture or a pawn move is worth less and less.
                let value = value * (200 - pos.halfmoves().min(100) as i32) / 200;
                // A residual network corrects the classical evaluation; the correction is
                // scaled in the endings the classical evaluation knows to be drawish.
                let value = if network.is_residual() {
                    let classical = classical(pos);
                    classical.value + classical.scale(pos, value)
                } else {
                    value
                };
                value.clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
            }
            None => evaluate(pos),
        }
    }

    /// The accumulator of the position after `m` from `pos` at `ply`, for the next ply.
    #[inline]
    fn push_accumulator(&mut self, ply: usize, pos: &Position, m: Move) {
        if let Some(network) = self.network.as_deref() {
            let (done, next) = self.accumulators.split_at_mut(ply + 1);
            network.apply(&done[ply], &mut next[0], &Change::of_move(pos, m));
        }
    }

    /// The principal variation search of a node below the root.
    ///
    /// `cut_node`: whether the node is expected to fail high (Stockfish's `cutNode`). A late
    /// move's zero-window search, reduced or not (at the root too), expects its child to
    /// refute the move; the first move of a node outside the principal variation, the
    /// re-search at full depth after a reduced one and the null move's reply expect the
    /// opposite of their node; the singular search keeps the node's own; nodes searched with
    /// a full window are never cut nodes.
    #[allow(clippy::too_many_lines, clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: Value,
        mut beta: Value,
        ply: usize,
        null_allowed: bool,
        cut_node: bool,
    ) -> Value {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        // The flag's rule (above): only zero-window searches expect a cut node.
        debug_assert!(
            !(pv_node && cut_node),
            "a full-window node marked as a cut node"
        );
        self.pv_len[ply] = ply;
        self.visit(ply);
        if self.stopped {
            return DRAW;
        }
        let in_check = pos.is_check();

        if pos.is_insufficient_material() {
            return DRAW;
        }
        if self.is_repetition(pos)
            || (pos.halfmoves() >= 100 && (!in_check || pos.has_legal_moves()))
        {
            // A draw by rule scores a centipawn either side of even, by the node count
            // (Stockfish's `value_draw`): with every draw exactly even, a zero window at even
            // fails the same way for all of them, and the search settles on a repetition
            // without telling it from the lines that keep the game going ("three-fold
            // blindness"). About 15 Elo in self-play (docs/performance.md).
            return DRAW - 1 + (self.nodes & 2) as Value;
        }
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.evaluate(pos, ply)
            };
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the
        // root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // In a singular extension search, the node without its hash move: nothing from the
        // table ends it, and nothing it finds goes into the table.
        let excluded = self.excluded[ply];
        let key = pos.zobrist_hash();
        let hit = self.tt.probe(key, ply);
        let hash_move = hit.and_then(|h| h.mv);
        // A position once in a principal variation: its moves are reduced less.
        let tt_pv = pv_node || hit.is_some_and(|h| h.pv);
        if let Some(h) = hit.filter(|_| excluded.is_none()) {
            let usable = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.value >= beta,
                Bound::Upper => h.value <= alpha,
                Bound::None => false,
            };
            // At shallow depth only a bound that agrees with what the node is expected to do
            // ends it: a fail high at an expected cut node, a fail low elsewhere (Stockfish's
            // rule). A shallow node of the other kind is searched again, cheaply, and its
            // result replaces a stored bound the tree around it has moved away from. It played
            // about 13 Elo stronger (docs/performance.md).
            if !pv_node
                && h.depth >= depth
                && usable
                && (depth > 5 || cut_node == (h.value >= beta))
            {
                return h.value;
            }
        }

        // The tablebases: a win, loss or draw for certain, where few pieces are left. Outside
        // the window, that ends the node; in a PV node, a win the search cannot lower (or a
        // loss it cannot raise) still bounds what it finds, so that the line keeps its value.
        let (mut tb_floor, mut tb_ceiling) = (-INFINITE, INFINITE);
        if self.tb_cardinality > 0 && excluded.is_none() {
            if let Some((value, bound)) =
                self.tablebases
                    .probe_wdl(self.tb_cardinality, pos, depth, ply)
            {
                self.tb_hits += 1;
                let cut = match bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                    Bound::None => false,
                };
                if cut {
                    let depth = (depth + 6).min(MAX_PLY as i32 - 1);
                    let eval = self.evaluate(pos, ply);
                    self.tt
                        .store(key, None, value, eval, depth, bound, tt_pv, ply);
                    return value;
                }
                if pv_node {
                    match bound {
                        Bound::Lower => tb_floor = value,
                        _ => tb_ceiling = value,
                    }
                }
            }
        }

        let raw_eval = match hit {
            _ if in_check => -INFINITE,
            Some(h) => h.eval,
            None => {
                let eval = self.evaluate(pos, ply);
                // Kept at once: the pruning below may end the node before its own store.
                if excluded.is_none() {
                    self.tt.store(
                        key,
                        None,
                        eval,
                        eval,
                        DEPTH_UNSEARCHED,
                        Bound::None,
                        tt_pv,
                        ply,
                    );
                }
                eval
            }
        };
        let static_eval = if in_check {
            raw_eval
        } else {
            self.corrections.apply(pos, raw_eval)
        };
        self.static_evals[ply] = static_eval;
        let improving = !in_check && improving(&self.static_evals, ply, static_eval);
        // The value the pruning below goes by: the static evaluation, or the stored value of
        // an earlier search where its bound says the truth lies beyond the evaluation.
        let eval = match hit {
            Some(h)
                if !in_check
                    && excluded.is_none()
                    && h.value.abs() < TB_WIN_BOUND
                    && match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => h.value > static_eval,
                        Bound::Upper => h.value < static_eval,
                        Bound::None => false,
                    } =>
            {
                h.value
            }
            _ => static_eval,
        };

        if !pv_node && !in_check && excluded.is_none() {
            // Reverse futility pruning: far enough above beta that no quiet move will fall
            // back below it. Not against a mate score: a good static evaluation says nothing
            // about escaping a mate.
            if depth <= 7
                && !tt_pv
                && eval - 80 * (depth - i32::from(improving)) >= beta
                && !is_mate(beta)
                && eval < MATE_BOUND
            {
                return eval;
            }
            // Razoring: so far below alpha that only a capture could help; when the
            // quiescence search agrees, the node fails low. (At depth 3 too it hid quiet mates
            // from searches as deep as the mate, which the mate suite catches.)
            if depth <= 2 && eval + 250 + 150 * depth * depth <= alpha && !is_mate(alpha) {
                let value = self.qsearch(pos, alpha, alpha + 1, ply);
                if self.stopped {
                    return DRAW;
                }
                if value <= alpha {
                    return value;
                }
            }
            // Null-move pruning: if passing still holds beta, a real move will too (not in
            // pawn endings, where passing could be the only thing that holds). From depth 2:
            // the reduction is at least four plies, so the reply is a quiescence search at
            // depth 2 as at 3, and starting at 3 played about 16 Elo weaker
            // (docs/performance.md).
            if null_allowed
                && depth >= 2
                && eval >= beta
                && beta > -MATE_BOUND
                && has_non_pawn_material(pos, pos.turn())
            {
                if let Some(null) = pos.null_move() {
                    self.tt.prefetch(null.zobrist_hash());
                    self.accumulators[ply + 1] = self.accumulators[ply].clone();
                    // Stockfish's base, 4 + depth / 3: the 3 + depth / 4 before it played
                    // about 10 Elo weaker (docs/performance.md).
                    let r = 4 + depth / 3 + ((eval - beta) / 200).min(3);
                    self.path.push(null.zobrist_hash());
                    self.stack[ply] = None;
                    let barrier = std::mem::replace(&mut self.null_barrier, self.path.len() - 1);
                    let value = -self.negamax(
                        &null,
                        depth - r,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        false,
                        !cut_node,
                    );
                    self.null_barrier = barrier;
                    self.path.pop();
                    if self.stopped {
                        return DRAW;
                    }
                    if value >= beta {
                        return if value >= MATE_BOUND { beta } else { value };
                    }
                }
            }
        }

        // Internal iterative reduction: without a hash move this node was not searched
        // before and will be ordered badly; search it shallower, and a ply shallower still
        // at a deep expected cut node (Stockfish's rule). With the cut nodes' reduction
        // below it played about 16 Elo stronger (docs/performance.md).
        if depth >= 4 && hash_move.is_none() && excluded.is_none() {
            depth -= 1;
            if cut_node && depth >= 8 {
                depth -= 1;
            }
        }

        // Generated straight into the picker: a list moved into it was a 520-byte copy.
        let mut picker = Picker::new(pos.legal_moves(), hash_move);
        if picker.is_empty() {
            return if in_check { mated_in(ply) } else { DRAW };
        }
        let killers = self.killers.get(ply);
        let previous = [
            ply.checked_sub(1).and_then(|p| self.stack[p]),
            ply.checked_sub(2).and_then(|p| self.stack[p]),
        ];
        let counter = self.counters.get(previous[0]);
        // A capture expected to be best makes quiet alternatives less likely.
        let hash_move_captures = hash_move.is_some_and(|h| pos.is_capture(h));
        let checks = pos.check_squares();

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0;
        let mut quiets_tried = MoveList::new();
        let mut captures_tried = MoveList::new();
        let mut skip_quiets = false;
        let late_move_limit = (3 + depth * depth) / if improving { 1 } else { 2 };
        while let Some((m, order)) = picker.next(|m| {
            let context = Context {
                hash_move,
                killers,
                counter,
                history: &self.history,
                captures: &self.captures,
                continuations: previous.map(|p| p.map(|p| self.continuations.row(p))),
            };
            context.score(pos, m)
        }) {
            let capture = pos.is_capture(m);
            let quiet = !capture && m.promotion() != Some(Role::Queen);
            // Asked of the move rather than the child, which pruned moves never need.
            let gives_check = checks.gives_check(pos, m);

            if best > -MATE_BOUND && !in_check && !gives_check {
                if quiet && !pv_node && depth <= 6 {
                    // Late move pruning: late quiet moves at shallow depth rarely matter
                    // (checks excepted: they are how mates are found).
                    if skip_quiets || searched >= late_move_limit {
                        skip_quiets = true;
                        continue;
                    }
                    // Futility pruning: too far below alpha for a quiet move to help (unless
                    // alpha is a mate, which a quiet move may still find faster). The margin of
                    // 100 + 100 × depth before this one played about 12 Elo weaker
                    // (docs/performance.md).
                    if eval + 75 + 75 * depth <= alpha && !is_mate(alpha) {
                        continue;
                    }
                    // History pruning: a move that has failed everywhere it was tried lately.
                    if depth <= 3 && self.quiet_history(pos, m, previous) < -4096 * depth {
                        continue;
                    }
                }
                // Quiet moves that put a piece where it is lost for nothing.
                if quiet && !pv_node && depth <= 8 && !see_ge(pos, m, -25 * depth * depth) {
                    continue;
                }
                // Captures that lose too much material at shallow depth: more than 150 cp
                // a ply of depth by exchange (Stockfish keeps more still). At 100 cp a ply it
                // played about 17 Elo weaker (docs/performance.md).
                if !quiet
                    && depth <= 6
                    && (BAD_CAPTURE - 100_000..GOOD_CAPTURE).contains(&order)
                    && !see_ge(pos, m, -150 * depth)
                {
                    continue;
                }
            }
            // Checks that lose more than 150 cp a ply of depth by exchange, at shallow depth
            // outside the principal variation: the bound of the captures above (Stockfish
            // prunes checks and captures alike). Searched whatever they lost, and extended,
            // checks played about 36 Elo weaker (docs/performance.md). Not a check that mates:
            // the exchange cannot see that the piece it gives away is never taken, and the
            // mate suite's defenders missed a mate in two at its own depth. (Few checks get
            // this far, so the child's moves are rarely generated.)
            if gives_check
                && !pv_node
                && !in_check
                && depth <= 6
                && best > -MATE_BOUND
                && !see_ge(pos, m, -150 * depth)
                && pos.after(m).has_legal_moves()
            {
                continue;
            }

            if Some(m) == excluded {
                continue;
            }
            searched += 1;
            let mut extension = i32::from(gives_check && ply < 2 * self.root_depth as usize);
            // Singular extension: when the hash move is far better than every other move (a
            // shallower search without it fails low well below its value), it is the only
            // move here and deserves a deeper look. When even the others beat beta, the node
            // is cut at once (multi-cut); when the hash move alone already did, it is
            // searched shallower.
            if let Some(h) = hit.filter(|h| {
                Some(m) == hash_move
                    && excluded.is_none()
                    && depth >= 7
                    && h.depth >= depth - 3
                    && matches!(h.bound, Bound::Exact | Bound::Lower)
                    && h.value.abs() < TB_WIN_BOUND
            }) {
                let singular_beta = h.value - 2 * depth;
                self.excluded[ply] = Some(m);
                let value = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                    cut_node,
                );
                self.excluded[ply] = None;
                if self.stopped {
                    return DRAW;
                }
                if value < singular_beta {
                    // Outside PV nodes a singular hash move gets two plies (a capture only
                    // where the others fell 20 cp or more below the bound), and a quiet one
                    // outside any principal variation three where they fell 100 cp below it:
                    // Stockfish's rule, which goes further (three plies for most quiet ones).
                    // Two plies only 20 cp below, and never three, played about 21 Elo weaker
                    // (docs/performance.md).
                    let hash_capture = pos.is_capture(m);
                    extension = if pv_node || ply >= 2 * self.root_depth as usize {
                        1
                    } else if !hash_capture && !tt_pv && value < singular_beta - 100 {
                        3
                    } else if !hash_capture || value < singular_beta - 20 {
                        2
                    } else {
                        1
                    };
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if h.value >= beta {
                    extension = -1;
                }
            }
            let new_depth = depth - 1 + extension;
            let child = pos.after(m);
            self.tt.prefetch(child.zobrist_hash());
            self.push_accumulator(ply, pos, m);
            self.path.push(child.zobrist_hash());
            self.stack[ply] = Some(PieceTo::of(pos, m));
            let mut value;
            if searched == 1 {
                value = -self.negamax(
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    true,
                    !pv_node && !cut_node,
                );
            } else {
                let mut r = 0;
                if depth >= 3 && !quiet && order < GOOD_CAPTURE {
                    // Captures that lose material (by exchange) go the way of late quiets,
                    // less far.
                    r = i32::from(self.lmr[depth.min(63) as usize][searched.min(63) as usize]) / 2;
                    r -= REDUCTION_UNIT * i32::from(pv_node || gives_check);
                    // At an expected cut node a ply more, as for late quiet moves: about 16
                    // Elo (docs/performance.md).
                    r += REDUCTION_UNIT * i32::from(cut_node);
                    r = r.div_euclid(REDUCTION_UNIT).clamp(0, new_depth - 1);
                } else if depth >= 3 && quiet && searched > 1 + i32::from(pv_node) {
                    r = i32::from(self.lmr[depth.min(63) as usize][searched.min(63) as usize]);
                    r -= REDUCTION_UNIT * i32::from(pv_node);
                    r -= REDUCTION_UNIT * i32::from(tt_pv && !pv_node);
                    r += REDUCTION_UNIT * i32::from(!improving);
                    r -= REDUCTION_UNIT * i32::from(killers.contains(&Some(m)));
                    r -= REDUCTION_UNIT * i32::from(gives_check);
                    r += REDUCTION_UNIT * i32::from(hash_move_captures);
                    // At an expected cut node: where such a node fails high, it is seldom
                    // by a move this late.
                    r += REDUCTION_UNIT * i32::from(cut_node);
                    // A ply less for each 8 192 of history, and in proportion between.
                    r -= self.quiet_history(pos, m, previous) * REDUCTION_UNIT / 8192;
                    r = r.div_euclid(REDUCTION_UNIT).clamp(0, new_depth - 1);
                }
                value = -self.negamax(
                    &child,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                    true,
                );
                if value > alpha && r > 0 {
                    value = -self.negamax(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        true,
                        !cut_node,
                    );
                }
                if value > alpha && value < beta {
                    value = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, false);
                }
            }
            self.path.pop();
            if self.stopped {
                return DRAW;
            }

            if value > best {
                best = value;
                if value > alpha {
                    best_move = Some(m);
                    alpha = value;
                    self.update_pv(ply, m);
                    if value >= beta {
                        let bonus = (32 * depth * depth).min(1500);
                        if quiet {
                            self.reward_quiet(pos, m, &quiets_tried, bonus, ply, previous);
                        } else if capture {
                            self.captures.update(pos, m, bonus);
                        }
                        for &other in captures_tried.iter() {
                            self.captures.update(pos, other, -bonus);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            } else if capture {
                captures_tried.push(m);
            }
        }

        let mut bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if best < tb_floor {
            (best, bound) = (tb_floor, Bound::Lower);
        } else if best > tb_ceiling {
            (best, bound) = (tb_ceiling, Bound::Upper);
        }
        if excluded.is_some() {
            // Every other move failed low, or there was none: the hash move is singular.
            return if searched == 0 { alpha } else { best };
        }
        // What the search found teaches the correction histories, unless a capture decided
        // it (the evaluation is not wrong about a position that loses a piece at once), the
        // value is a tablebase or mate score, or the bound leaves the error's sign unknown.
        if !in_check
            && best_move.is_none_or(|m| !pos.is_capture(m))
            && best.abs() < TB_WIN_BOUND
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.corrections.update(pos, best - static_eval, depth);
        }
        let eval = if in_check { 0 } else { raw_eval };
        self.tt
            .store(key, best_move, best, eval, depth, bound, tt_pv, ply);
        best
    }

    /// Killer, counter move and history bonuses for the quiet move `m` that caused a cutoff
    /// (after the moves `previous`), and a malus for the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &MoveList,
        bonus: i32,
        ply: usize,
        previous: [Option<PieceTo>; 2],
    ) {
        let us = pos.turn();
        self.killers.add(ply, m);
        if let Some(prev) = previous[0] {
            self.counters.set(prev, m);
        }
        let mut reward = |m: Move, bonus: i32| {
            self.history.update(us, m, bonus);
            let key = PieceTo::of(pos, m);
            for prev in previous.into_iter().flatten() {
                self.continuations.update(prev, key, bonus);
            }
        };
        reward(m, bonus);
        for &other in tried.iter() {
            reward(other, -bonus);
        }
    }

    /// The history score of the quiet move `m` after the moves `previous`.
    fn quiet_history(&self, pos: &Position, m: Move, previous: [Option<PieceTo>; 2]) -> i32 {
        let key = PieceTo::of(pos, m);
        let mut score = self.history.get(pos.turn(), m);
        for prev in previous.into_iter().flatten() {
            score += self.continuations.row(prev)[key.index()];
        }
        score
    }

    /// Makes `m` followed by the child's principal variation the one of `ply`.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line[ply] = m;
        line[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Quiescence search: only captures and queen promotions (all moves when in check), so
    /// that positions are evaluated when quiet.
    fn qsearch(&mut self, pos: &Position, mut alpha: Value, beta: Value, ply: usize) -> Value {
        self.pv_len[ply.min(MAX_PLY)] = ply.min(MAX_PLY);
        self.visit(ply);
        if self.stopped {
            return DRAW;
        }
        if pos.is_insufficient_material() {
            return DRAW;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.evaluate(pos, ply)
            };
        }
        let pv_node = beta - alpha > 1;
        let key = pos.zobrist_hash();
        let hit = self.tt.probe(key, ply);
        let pv_hit = pv_node || hit.is_some_and(|h| h.pv);
        if let Some(h) = hit {
            let usable = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.value >= beta,
                Bound::Upper => h.value <= alpha,
                Bound::None => false,
            };
            if !pv_node && usable {
                return h.value;
            }
        }

        let hash_move = hit.and_then(|h| h.mv);
        // The moves generated straight into the picker: a list moved into it is a copy.
        let mut picker = Picker::new(MoveList::new(), hash_move);
        let (raw_eval, mut best) = if in_check {
            let _ = pos.generate(picker.moves_mut(), Bitboard::FULL, Bitboard::FULL);
            if picker.is_empty() {
                return mated_in(ply);
            }
            (0, -INFINITE)
        } else {
            let raw = hit.map_or_else(|| self.evaluate(pos, ply), |h| h.eval);
            let eval = self.corrections.apply(pos, raw);
            if eval >= beta {
                // Standing pat bounds the quiescence search from below; kept, it saves the
                // next visit the evaluation.
                if hit.is_none() {
                    self.tt
                        .store(key, None, eval, raw, 0, Bound::Lower, pv_hit, ply);
                }
                return if pv_node {
                    eval
                } else {
                    pulled_towards_beta(eval, beta)
                };
            }
            alpha = alpha.max(eval);
            add_noisy_moves(pos, picker.moves_mut());
            (raw, eval)
        };
        // Delta pruning goes by the corrected evaluation, the table keeps the raw one.
        let corrected_eval = if in_check { 0 } else { best };
        let mut best_move = None;
        while let Some((m, _)) = picker.next(|m| {
            if Some(m) == hash_move {
                i32::MAX
            } else if pos.is_capture(m) {
                mvv_lva(pos, m)
            } else {
                // Evasions that capture nothing, or promotions.
                i32::from(m.is_promotion())
            }
        }) {
            if !in_check {
                // Delta pruning: even winning the piece outright would not reach alpha.
                if m.promotion().is_none() {
                    let gain = pos
                        .board()
                        .role_at(m.to())
                        .map_or(SEE_VALUE[Role::Pawn as usize], |r| SEE_VALUE[r as usize]);
                    if corrected_eval + gain + 200 <= alpha {
                        continue;
                    }
                }
                if !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.after(m);
            self.tt.prefetch(child.zobrist_hash());
            self.push_accumulator(ply, pos, m);
            let value = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return DRAW;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(m);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best, raw_eval, 0, bound, pv_hit, ply);
        if best >= beta && !pv_node {
            best = pulled_towards_beta(best, beta);
        }
        best
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

/// Adds the captures (en passant included) and queen promotions of `pos` to `moves`.
fn add_noisy_moves(pos: &Position, moves: &mut MoveList) {
    let us = pos.turn();
    let board = pos.board();
    let targets = board.by_color(!us) | Bitboard::rank(chess_core::Rank::Eighth.relative_to(us));
    let _ = pos.for_each_move(board.by_color(us), targets, |m| {
        let keep = match m.promotion() {
            Some(role) => role == Role::Queen,
            None => pos.is_capture(m),
        };
        if keep {
            moves.push(m);
        }
        core::ops::ControlFlow::Continue(())
    });
}

/// Whether `eval`, the static evaluation at `ply`, is better than the same side's last one:
/// two plies back, or four where the side was in check two plies back and so had none
/// (Stockfish's rule: +12 ± 19 in self-play, docs/performance.md). Not where it was in check
/// both times: counting that as improving, as Stockfish does, hid a mate from the mate suite.
fn improving(static_evals: &[Value], ply: usize, eval: Value) -> bool {
    [ply.checked_sub(2), ply.checked_sub(4)]
        .into_iter()
        .flatten()
        .map(|p| static_evals[p])
        .find(|&before| before > -INFINITE)
        .is_some_and(|before| eval > before)
}

/// What a quiescence node outside the principal variation returns when it fails high with
/// `value`: a quarter of the way back towards `beta`, since an evaluation far above beta is
/// less sure than beta is (as Stockfish). Mate and tablebase values are returned as they are.
fn pulled_towards_beta(value: Value, beta: Value) -> Value {
    if value.abs() < TB_WIN_BOUND {
        (3 * value + beta) / 4
    } else {
        value
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::{Fen, uci};
    use chess_rules::CastlingMode;

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().expect("test fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    fn search(pos: &Position, limits: &Limits) -> SearchResult {
        Searcher::with_hash(4).search(pos, &[], limits, &Control::new(), |_| {})
    }

    #[test]
    fn a_residual_network_corrects_the_classical_evaluation() {
        let pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let mut net = crate::nnue::random_network(3);
        let acc = net.refresh(pos.board());
        let alone = net.evaluate(&acc, pos.board(), pos.turn());
        assert_ne!(alone, 0);
        let mut searcher = Searcher::with_hash(1);
        searcher.set_network(Some(Arc::new(net.clone())));
        searcher.accumulators[0] = acc.clone();
        // Four halfmoves since the last capture or pawn move: 196/200 of the network's value.
        assert_eq!(searcher.evaluate(&pos, 0), alone * 196 / 200);
        net.set_residual(true);
        searcher.set_network(Some(Arc::new(net)));
        searcher.accumulators[0] = acc;
        assert_eq!(
            searcher.evaluate(&pos, 0),
            alone * 196 / 200 + evaluate(&pos)
        );
    }

    #[test]
    fn the_built_in_network_does_not_undo_a_known_draw() {
        // A rook's pawn and the wrong bishop against the king in the corner: the network alone
        // gives white about a pawn, the classical evaluation knows the draw, and the
        // sum is the draw.
        let pos = position("8/7k/5K2/8/7P/8/4B3/8 w - - 0 61");
        let net = Network::default_network();
        assert!(net.is_residual());
        let acc = net.refresh(pos.board());
        let alone = net.evaluate(&acc, pos.board(), pos.turn());
        assert!(alone > 50, "{alone}");
        let mut searcher = Searcher::with_hash(1);
        searcher.accumulators[0] = acc;
        let value = searcher.evaluate(&pos, 0);
        assert!((value - evaluate(&pos)).abs() <= alone / 20, "{value}");
    }

    #[test]
    fn nodes_two_plies_down_compare_with_the_root_evaluation() {
        // Whether a node is improving compares its evaluation with the one two plies up; at
        // ply 2 that is the root's, which the search must record (it once stayed 0).
        let mut searcher = Searcher::with_hash(1);
        let quiet =
            position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        searcher.search(&quiet, &[], &Limits::depth(2), &Control::new(), |_| {});
        let root = searcher.static_evals[0];
        assert_eq!(root, searcher.evaluate(&quiet, 0));
        assert_ne!(root, 0);
        // A root in check has no evaluation: nothing below is improving on it.
        let check = position("rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
        searcher.search(&check, &[], &Limits::depth(2), &Control::new(), |_| {});
        assert_eq!(searcher.static_evals[0], -INFINITE);
    }

    #[test]
    fn improving_looks_four_plies_back_past_a_check() {
        const CHECK: Value = -INFINITE;
        // Two plies back decides when there is an evaluation there.
        assert!(improving(&[5, 0, 10], 2, 6));
        assert!(!improving(&[5, 0, 10], 2, 5));
        assert!(!improving(&[-50, 0, 20, 0, 30], 4, 15));
        // In check two plies back: four plies back decides.
        assert!(improving(&[20, 0, CHECK, 0, 0], 4, 21));
        assert!(!improving(&[20, 0, CHECK, 0, 0], 4, 20));
        assert!(improving(&[0, 20, 0, CHECK, 0, 0], 5, 21));
        // In check both times, or nothing far enough back: not improving.
        assert!(!improving(&[CHECK, 0, CHECK, 0, 0], 4, 500));
        assert!(!improving(&[0, CHECK, 0, 0], 3, 500));
        assert!(!improving(&[CHECK, 0, 0], 2, 500));
        assert!(!improving(&[0, 0], 1, 500));
        assert!(!improving(&[0], 0, 500));
    }

    #[test]
    fn quiescence_fail_highs_are_pulled_towards_beta() {
        assert_eq!(pulled_towards_beta(400, 0), 300);
        assert_eq!(pulled_towards_beta(-100, -500), -200);
        assert_eq!(pulled_towards_beta(7, 6), 6);
        assert_eq!(pulled_towards_beta(mate_in(5), 0), mate_in(5));
        assert_eq!(pulled_towards_beta(TB_WIN_BOUND, 0), TB_WIN_BOUND);
        // In a position without captures the quiescence search stands pat: on the evaluation
        // itself in a PV node, pulled towards beta outside one.
        let pos = Position::default();
        let mut searcher = Searcher::with_hash(1);
        if let Some(network) = searcher.network.as_deref() {
            searcher.accumulators[0] = network.refresh(pos.board());
        }
        let eval = searcher.evaluate(&pos, 0);
        let beta = eval - 400;
        assert_eq!(searcher.qsearch(&pos, beta - 1, beta, 0), eval - 100);
        assert_eq!(searcher.qsearch(&pos, beta - 1, eval + 1000, 0), eval);
        assert_eq!(searcher.qsearch(&pos, eval - 1000, beta, 0), eval);
    }

    #[test]
    fn noisy_moves_are_captures_and_queen_promotions() {
        let pos = position("r3k3/1P6/8/3p4/4P3/8/8/R3K2R w KQq d6 0 1");
        let mut noisy = MoveList::new();
        add_noisy_moves(&pos, &mut noisy);
        let mut moves: Vec<String> = noisy.iter().map(|&m| uci::format(&pos, m)).collect();
        moves.sort();
        assert_eq!(moves, ["a1a8", "b7a8q", "b7b8q", "e4d5"]);
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
    fn repetition_of_the_game_history_is_a_draw() {
        // White is a queen up. Both kings step out and back twice; before black's last step
        // back the search must see that it brings the starting position a third time: a draw,
        // far better for black than the alternatives.
        let start = position("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
        let mut positions = vec![start.clone()];
        for m in ["e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1"] {
            let last = positions.last().expect("nonempty");
            let next = last.after(uci::parse(last, m).expect("legal"));
            positions.push(next);
        }
        let Some((pos, earlier)) = positions.split_last() else {
            unreachable!()
        };
        let history: Vec<u64> = earlier.iter().map(Position::zobrist_hash).collect();
        let back = uci::parse(pos, "e7e8").expect("legal");
        let mut searcher = Searcher::with_hash(4);
        let with = searcher.search(pos, &history, &Limits::depth(6), &Control::new(), |_| {});
        // A draw by rule scores a centipawn either side of even (the draw jitter).
        assert_eq!(with.best_move, Some(back));
        assert!(matches!(with.score, Score::Cp(-1..=1)), "{:?}", with.score);
        let mut searcher = Searcher::with_hash(4);
        let without = searcher.search(pos, &[], &Limits::depth(6), &Control::new(), |_| {});
        assert!(without.score < Score::Cp(-500), "{:?}", without.score);

        // The start once before is no draw: stepping back only repeats it a second time.
        let once: Vec<u64> = earlier[4..].iter().map(Position::zobrist_hash).collect();
        let mut searcher = Searcher::with_hash(4);
        let limits = Limits {
            depth: Some(6),
            search_moves: vec![back],
            ..Limits::default()
        };
        let twice = searcher.search(pos, &once, &limits, &Control::new(), |_| {});
        assert!(twice.score < Score::Cp(-500), "{:?}", twice.score);
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
    fn search_moves_restrict_the_root() {
        let pos = Position::standard();
        let h3 = uci::parse(&pos, "h2h3").expect("legal");
        let limits = Limits {
            search_moves: vec![h3],
            ..Limits::depth(4)
        };
        assert_eq!(search(&pos, &limits).best_move, Some(h3));
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
            assert_eq!(
                chess_notation::uci::format(&queen, best),
                "c1g5",
                "{threads} threads"
            );
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
