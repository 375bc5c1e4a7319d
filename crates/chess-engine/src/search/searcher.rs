//! The searcher: its memory from one search to the next, its settings, and the state of the
//! running search that every part of the search shares.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

use chess_core::Color;
use chess_rules::Move;

use crate::correction::Corrections;
use crate::eval::kpk;
use crate::level::{Level, Rng};
use crate::limits::Control;
use crate::nnue::{Accumulator, Network};
use crate::ordering::{
    CaptureHistory, ContinuationHistory, CounterMoves, History, Killers, PieceTo,
};
use crate::score::{MAX_PLY, Value};
use crate::tablebases::TablebaseSettings;
use crate::time::Budget;
use crate::tt::TranspositionTable;

use super::reductions::Reductions;

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
//
// The fields are the search module's: each part of the search (its driver, the node search,
// the quiescence search, the stopping rules) is an `impl Searcher` of its own file.
pub struct Searcher {
    /// Shared with the helper threads.
    pub(super) tt: Arc<TranspositionTable>,
    /// Threads searching at once (Lazy SMP): this one and `threads - 1` helpers.
    pub(super) threads: usize,
    /// The helpers' searchers, kept from one search to the next for their histories.
    pub(super) helpers: Vec<Searcher>,
    /// Whether this searcher is a helper: it reports nothing and leaves the table's
    /// generation alone.
    pub(super) is_helper: bool,
    pub(super) history: History,
    /// Quiet moves by the moves one and two plies before them.
    pub(super) continuations: ContinuationHistory,
    pub(super) captures: CaptureHistory,
    pub(super) counters: CounterMoves,
    pub(super) killers: Killers,
    /// How far searches ended from the static evaluation, by pawn structure and by each
    /// side's other pieces: added to the static evaluation.
    pub(super) corrections: Corrections,
    /// The move played at each ply of the search path (`None`: a null move), for the
    /// continuation histories and counter moves.
    pub(super) stack: [Option<PieceTo>; MAX_PLY + 2],
    /// The move a singular extension search leaves out at each ply.
    pub(super) excluded: [Option<Move>; MAX_PLY + 1],
    /// Late move reductions by depth and move number.
    pub(super) lmr: Reductions,
    pub(super) multi_pv: usize,
    pub(super) level: Level,
    pub(super) move_overhead: Duration,
    pub(super) rng: Rng,

    // The state of the running search.
    pub(super) control: Control,
    pub(super) budget: Budget,
    pub(super) start: Instant,
    pub(super) pondering: bool,
    pub(super) max_nodes: Option<u64>,
    pub(super) nodes: u64,
    /// The nodes of every thread of the search, this one's included: each thread adds its
    /// nodes every [`CHECK_EVERY`](super::stopping::CHECK_EVERY) (one shared write a thousand
    /// nodes, not one a node) and the rest when it ends. The main thread's counter, shared
    /// with its helpers.
    pub(super) node_total: Arc<AtomicU64>,
    pub(super) seldepth: usize,
    pub(super) root_depth: i32,
    pub(super) stopped: bool,
    /// Hashes of the game's positions and then of the search path, the current node last.
    pub(super) path: Vec<u64>,
    /// The index in `path` of the position after the last null move: repetitions do not
    /// reach across it.
    pub(super) null_barrier: usize,
    /// The index in `path` of the root.
    pub(super) root_index: usize,
    /// Triangular principal variation table: `pv[ply][ply..pv_len[ply]]`.
    pub(super) pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(super) static_evals: [Value; MAX_PLY + 1],
    /// The network that evaluates positions, or `None` for the classical evaluation.
    pub(super) network: Option<Arc<Network>>,
    /// The network's accumulators of the positions on the search path, by ply.
    pub(super) accumulators: Vec<Accumulator>,
    /// The endgame tablebases and how to use them.
    pub(super) tablebases: TablebaseSettings,
    /// The most pieces probed in this search (0: no probes below the root).
    pub(super) tb_cardinality: usize,
    pub(super) tb_hits: u64,
    /// The root's value by the tables, when the root is in them.
    pub(super) root_tb_value: Option<Value>,
    /// The score of the last search's move and the side it was for: a score that falls from
    /// it earns the next search more time.
    pub(super) last_score: Option<(Color, Value)>,
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
            lmr: Reductions::new(),
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
}
