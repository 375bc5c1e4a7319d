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
//!
//! The parts, each an `impl Searcher` or the rules it asks:
//! - `searcher`: the [`Searcher`], its memory from one search to the next and its settings.
//! - `threads`: [`Searcher::search`], on several threads (Lazy SMP).
//! - `deepening`: iterative deepening on one thread, what each iteration reports and the
//!   move to play.
//! - `aspiration`: the aspiration window of each line.
//! - `root`: the root moves and a pass over them.
//! - `stopping`: when the search stops (nodes, the clock, the stop and ponder flags).
//! - `node`: the node search (`negamax`) up to its moves and after them; `moves`: its move
//!   loop.
//! - `pruning`, `reductions`, `extensions`: each rule a function of the node's facts, with
//!   its conditions tested beside it.
//! - `quiescence`: the quiescence search and its delta pruning.
//! - `histories`: what a cutoff teaches the move-ordering statistics.
//! - `evaluation`: the static evaluation along the search path, and whether it improves.
//! - `draws`: repetitions and the other draws by rule inside the tree.

mod aspiration;
mod deepening;
mod draws;
mod evaluation;
mod extensions;
mod histories;
mod moves;
mod node;
mod pruning;
mod quiescence;
mod reductions;
mod root;
mod searcher;
mod stopping;
mod threads;

pub use deepening::{SearchInfo, SearchResult};
pub use searcher::{DEFAULT_HASH_MB, MAX_DEPTH, MAX_HASH_MB, MAX_THREADS, Searcher};
