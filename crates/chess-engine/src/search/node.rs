//! The node search below the root: a principal variation search (`negamax`) in phases. First
//! what ends a node before its moves (draws, the table, the tablebases, the prunings of
//! `pruning`), then its moves (`moves`), then what it stores.

use core::ops::ControlFlow;

use chess_rules::{Move, Position};

use crate::eval::has_non_pawn_material;
use crate::score::{DRAW, INFINITE, MAX_PLY, TB_WIN_BOUND, Value};
use crate::tt::{Bound, DEPTH_UNSEARCHED, Hit};

use super::evaluation::improving;
use super::pruning::{
    bound_settles, can_razor, can_reverse_futility_prune, internal_iterative_reduction,
    mate_distance_window, null_move_allowed, null_move_reduction, null_move_value, pruning_value,
    table_cutoff,
};
use super::searcher::Searcher;

/// What a node knows before its moves: the move loop, the extensions and the store at its end
/// go by it.
pub(super) struct Node {
    pub(super) ply: usize,
    /// The depth left: less the internal iterative reduction once the pruning before the
    /// moves is done.
    pub(super) depth: i32,
    /// Whether the node is searched with a full window.
    pub(super) pv_node: bool,
    /// Whether the node is expected to fail high (see [`Searcher::negamax`]).
    pub(super) cut_node: bool,
    pub(super) in_check: bool,
    /// In a singular extension search, the hash move left out: nothing from the table ends
    /// the node, and nothing it finds goes into the table.
    pub(super) excluded: Option<Move>,
    pub(super) key: u64,
    /// What the transposition table had on the position.
    pub(super) hit: Option<Hit>,
    pub(super) hash_move: Option<Move>,
    /// Whether the position was once in a principal variation: its moves are reduced less.
    pub(super) tt_pv: bool,
    /// The static evaluation as the table keeps it (`-INFINITE` in check).
    pub(super) raw_eval: Value,
    /// The static evaluation corrected by the correction histories.
    pub(super) static_eval: Value,
    /// The value the pruning goes by ([`pruning_value`]).
    pub(super) eval: Value,
    /// Whether the static evaluation is better than the same side's last one.
    pub(super) improving: bool,
}

/// What the move loop found (see `moves`).
pub(super) struct Searched {
    /// The best value, `-INFINITE` when no move was searched.
    pub(super) best: Value,
    pub(super) best_move: Option<Move>,
    /// The window's lower end, raised by the moves that beat it.
    pub(super) alpha: Value,
    /// How many moves were searched (the pruned ones and a move left out are not).
    pub(super) count: i32,
}

/// The bound a node's `best` value puts on its true value, searched with the window
/// `(alpha, beta)` that its moves raised to `(raised, beta)`.
#[inline]
fn node_bound(best: Value, alpha: Value, raised: Value, beta: Value) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if raised > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Whether what the search found (`best`, with `bound`) teaches the correction histories how
/// far off the static evaluation was: unless in check, or a capture decided it (`quiet_best`
/// false: the evaluation is not wrong about a position that loses a piece at once), the value
/// is a tablebase or mate score, or the bound leaves the error's sign unknown.
#[inline]
fn corrects_evaluation(
    in_check: bool,
    quiet_best: bool,
    best: Value,
    bound: Bound,
    static_eval: Value,
) -> bool {
    !in_check
        && quiet_best
        && best.abs() < TB_WIN_BOUND
        && !(bound == Bound::Lower && best <= static_eval)
        && !(bound == Bound::Upper && best >= static_eval)
}

impl Searcher {
    /// The principal variation search of a node below the root.
    ///
    /// `cut_node`: whether the node is expected to fail high (Stockfish's `cutNode`). A late
    /// move's zero-window search, reduced or not (at the root too), expects its child to
    /// refute the move; the first move of a node outside the principal variation, the
    /// re-search at full depth after a reduced one and the null move's reply expect the
    /// opposite of their node; the singular search keeps the node's own; nodes searched with
    /// a full window are never cut nodes.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: Value,
        beta: Value,
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
        if let Some(draw) = self.draw_by_rule(pos, in_check) {
            return draw;
        }
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.evaluate(pos, ply)
            };
        }
        let (alpha, beta) = mate_distance_window(alpha, beta, ply);
        if alpha >= beta {
            return alpha;
        }

        let excluded = self.excluded[ply];
        let key = pos.zobrist_hash();
        let hit = self.tt.probe(key, ply);
        let mut node = Node {
            ply,
            depth,
            pv_node,
            cut_node,
            in_check,
            excluded,
            key,
            hit,
            hash_move: hit.and_then(|h| h.mv),
            tt_pv: pv_node || hit.is_some_and(|h| h.pv),
            raw_eval: 0,
            static_eval: 0,
            eval: 0,
            improving: false,
        };
        if let Some(h) = hit.filter(|_| excluded.is_none())
            && table_cutoff(&h, depth, alpha, beta, pv_node, cut_node)
        {
            return h.value;
        }
        let tb_bounds = match self.probe_tablebases(pos, &node, alpha, beta) {
            ControlFlow::Break(value) => return value,
            ControlFlow::Continue(bounds) => bounds,
        };
        self.evaluate_node(pos, &mut node);
        if !pv_node
            && !in_check
            && excluded.is_none()
            && let Some(value) = self.prune_node(pos, &node, alpha, beta, null_allowed)
        {
            return value;
        }
        node.depth -= internal_iterative_reduction(
            depth,
            node.hash_move.is_some(),
            excluded.is_some(),
            cut_node,
        );

        match self.search_moves(pos, &node, alpha, beta) {
            ControlFlow::Break(value) => value,
            ControlFlow::Continue(searched) => {
                self.finish_node(pos, &node, &searched, (alpha, beta), tb_bounds)
            }
        }
    }

    /// The tablebases: a win, loss or draw for certain, where few pieces are left. Outside
    /// the window, that ends the node (`Break`); in a PV node, a win the search cannot lower
    /// (or a loss it cannot raise) still bounds what it finds, so that the line keeps its
    /// value: the bounds the node's value is kept within.
    #[inline]
    fn probe_tablebases(
        &mut self,
        pos: &Position,
        node: &Node,
        alpha: Value,
        beta: Value,
    ) -> ControlFlow<Value, (Value, Value)> {
        let (mut tb_floor, mut tb_ceiling) = (-INFINITE, INFINITE);
        if self.tb_cardinality == 0 || node.excluded.is_some() {
            return ControlFlow::Continue((tb_floor, tb_ceiling));
        }
        let Some((value, bound)) =
            self.tablebases
                .probe_wdl(self.tb_cardinality, pos, node.depth, node.ply)
        else {
            return ControlFlow::Continue((tb_floor, tb_ceiling));
        };
        self.tb_hits += 1;
        if bound_settles(bound, value, alpha, beta) {
            let depth = (node.depth + 6).min(MAX_PLY as i32 - 1);
            let eval = self.evaluate(pos, node.ply);
            self.tt.store(
                node.key, None, value, eval, depth, bound, node.tt_pv, node.ply,
            );
            return ControlFlow::Break(value);
        }
        if node.pv_node {
            match bound {
                Bound::Lower => tb_floor = value,
                _ => tb_ceiling = value,
            }
        }
        ControlFlow::Continue((tb_floor, tb_ceiling))
    }

    /// The node's static evaluation, raw and corrected, whether it is improving, and the value
    /// the pruning goes by. An evaluation the table did not have is stored at once: the
    /// pruning may end the node before its own store.
    #[inline]
    fn evaluate_node(&mut self, pos: &Position, node: &mut Node) {
        let ply = node.ply;
        node.raw_eval = match node.hit {
            _ if node.in_check => -INFINITE,
            Some(h) => h.eval,
            None => {
                let eval = self.evaluate(pos, ply);
                if node.excluded.is_none() {
                    self.tt.store(
                        node.key,
                        None,
                        eval,
                        eval,
                        DEPTH_UNSEARCHED,
                        Bound::None,
                        node.tt_pv,
                        ply,
                    );
                }
                eval
            }
        };
        node.static_eval = if node.in_check {
            node.raw_eval
        } else {
            self.corrections.apply(pos, node.raw_eval)
        };
        self.static_evals[ply] = node.static_eval;
        node.improving = !node.in_check && improving(&self.static_evals, ply, node.static_eval);
        let trusted = !node.in_check && node.excluded.is_none();
        node.eval = pruning_value(node.hit, node.static_eval, trusted);
    }

    /// The prunings of a node before its moves, outside PV nodes, out of check and outside
    /// singular extension searches: reverse futility pruning, razoring and null-move pruning.
    /// `Some` with the node's value where one ends it.
    #[inline(always)]
    fn prune_node(
        &mut self,
        pos: &Position,
        node: &Node,
        alpha: Value,
        beta: Value,
        null_allowed: bool,
    ) -> Option<Value> {
        let (depth, eval) = (node.depth, node.eval);
        if can_reverse_futility_prune(depth, node.tt_pv, eval, beta, node.improving) {
            return Some(eval);
        }
        if can_razor(depth, eval, alpha) {
            let value = self.qsearch(pos, alpha, alpha + 1, node.ply);
            if self.stopped {
                return Some(DRAW);
            }
            if value <= alpha {
                return Some(value);
            }
        }
        if null_move_allowed(null_allowed, depth, eval, beta, || {
            has_non_pawn_material(pos, pos.turn())
        }) {
            return self.null_move_search(pos, node, beta);
        }
        None
    }

    /// Null-move pruning's search: the side to move passes, and the reply is searched with a
    /// zero window at beta, reduced. `Some` with the node's value where passing still holds
    /// beta (or the search was stopped).
    #[inline]
    fn null_move_search(&mut self, pos: &Position, node: &Node, beta: Value) -> Option<Value> {
        let null = pos.null_move()?;
        let ply = node.ply;
        self.tt.prefetch(null.zobrist_hash());
        self.accumulators[ply + 1] = self.accumulators[ply].clone();
        let r = null_move_reduction(node.depth, node.eval, beta);
        self.path.push(null.zobrist_hash());
        self.stack[ply] = None;
        let barrier = std::mem::replace(&mut self.null_barrier, self.path.len() - 1);
        let value = -self.negamax(
            &null,
            node.depth - r,
            -beta,
            -beta + 1,
            ply + 1,
            false,
            !node.cut_node,
        );
        self.null_barrier = barrier;
        self.path.pop();
        if self.stopped {
            return Some(DRAW);
        }
        (value >= beta).then(|| null_move_value(value, beta))
    }

    /// The end of a node whose moves were searched with `window`: its value within the
    /// tablebases' bounds, what it teaches the correction histories, and its store.
    #[inline(always)]
    fn finish_node(
        &mut self,
        pos: &Position,
        node: &Node,
        searched: &Searched,
        (alpha, beta): (Value, Value),
        (tb_floor, tb_ceiling): (Value, Value),
    ) -> Value {
        let mut best = searched.best;
        let mut bound = node_bound(best, alpha, searched.alpha, beta);
        if best < tb_floor {
            (best, bound) = (tb_floor, Bound::Lower);
        } else if best > tb_ceiling {
            (best, bound) = (tb_ceiling, Bound::Upper);
        }
        if node.excluded.is_some() {
            // Every other move failed low, or there was none: the hash move is singular.
            return if searched.count == 0 {
                searched.alpha
            } else {
                best
            };
        }
        let quiet_best = searched.best_move.is_none_or(|m| !pos.is_capture(m));
        if corrects_evaluation(node.in_check, quiet_best, best, bound, node.static_eval) {
            self.corrections
                .update(pos, best - node.static_eval, node.depth);
        }
        let eval = if node.in_check { 0 } else { node.raw_eval };
        self.tt.store(
            node.key,
            searched.best_move,
            best,
            eval,
            node.depth,
            bound,
            node.tt_pv,
            node.ply,
        );
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{MATE_BOUND, mate_in};

    #[test]
    fn a_node_s_bound_is_by_its_window() {
        assert_eq!(node_bound(30, 0, 30, 20), Bound::Lower);
        assert_eq!(node_bound(10, 0, 10, 20), Bound::Exact);
        assert_eq!(node_bound(-5, 0, 0, 20), Bound::Upper);
    }

    #[test]
    fn corrections_learn_from_quiet_results_whose_error_has_a_sign() {
        assert!(corrects_evaluation(false, true, 50, Bound::Exact, 0));
        assert!(corrects_evaluation(false, true, 50, Bound::Lower, 0));
        assert!(corrects_evaluation(false, true, -50, Bound::Upper, 0));
        // A lower bound below the evaluation, or an upper bound above it, says nothing.
        assert!(!corrects_evaluation(false, true, -50, Bound::Lower, 0));
        assert!(!corrects_evaluation(false, true, 50, Bound::Upper, 0));
        assert!(!corrects_evaluation(true, true, 50, Bound::Exact, 0));
        assert!(!corrects_evaluation(false, false, 50, Bound::Exact, 0));
        assert!(!corrects_evaluation(
            false,
            true,
            mate_in(3),
            Bound::Exact,
            0
        ));
        assert!(!corrects_evaluation(
            false,
            true,
            MATE_BOUND,
            Bound::Exact,
            0
        ));
    }
}
