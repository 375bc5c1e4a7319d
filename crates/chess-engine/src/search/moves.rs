//! A node's move loop: the moves in order, each pruned ([`pruning`](super::pruning)),
//! extended ([`extensions`](super::extensions)) or searched, reduced when late
//! ([`reductions`](super::reductions)), until one beats beta.

use core::ops::ControlFlow;

use chess_core::Role;
use chess_rules::{Move, MoveList, Position};

use crate::ordering::{Context, Picker, PieceTo};
use crate::score::{DRAW, INFINITE, Value, mated_in};
use crate::see::see_ge;

use super::histories::history_bonus;
use super::node::{Node, Searched};
use super::pruning::{
    can_futility_prune, can_history_prune, can_late_move_prune, can_see_prune_capture,
    can_see_prune_check, can_see_prune_quiet, late_move_limit, moves_may_be_pruned,
    quiet_prunings_apply,
};
use super::reductions::{
    QuietMove, capture_is_reduced, capture_reduction, late_move_reduction, quiet_move_is_reduced,
};
use super::searcher::Searcher;

/// What the move loop reads of the histories once, before its first move.
struct Hints {
    killers: [Option<Move>; 2],
    /// The moves one and two plies before (`None`: a null move, or before the root).
    previous: [Option<PieceTo>; 2],
    counter: Option<Move>,
    /// Whether the hash move is a capture: a capture expected to be best makes quiet
    /// alternatives less likely.
    hash_move_captures: bool,
}

/// A move as the move loop sees it before searching it.
struct MoveFacts {
    m: Move,
    /// Its place in the move order ([`Context::score`]).
    order: i32,
    capture: bool,
    /// Neither a capture nor a queen promotion.
    quiet: bool,
    /// Asked of the move rather than the child, which pruned moves never need.
    gives_check: bool,
}

/// The move loop's running state.
struct MoveLoop {
    best: Value,
    best_move: Option<Move>,
    alpha: Value,
    /// The moves searched so far (the pruned ones and a move left out are not).
    searched: i32,
    /// Whether late move pruning has begun: the quiet moves after are pruned too.
    skip_quiets: bool,
    late_move_limit: i32,
    /// The moves searched without beating beta, which a cutoff's move punishes.
    quiets_tried: MoveList,
    captures_tried: MoveList,
}

impl Searcher {
    /// Searches the moves of `node` with the window `(alpha, beta)`: what they found, or
    /// `Break` with the node's value where it ends otherwise (no move: mate or stalemate; a
    /// stop; a multi-cut).
    pub(super) fn search_moves(
        &mut self,
        pos: &Position,
        node: &Node,
        alpha: Value,
        beta: Value,
    ) -> ControlFlow<Value, Searched> {
        // Generated straight into the picker: a list moved into it was a 520-byte copy.
        let mut picker = Picker::new(pos.legal_moves(), node.hash_move);
        if picker.is_empty() {
            let value = if node.in_check {
                mated_in(node.ply)
            } else {
                DRAW
            };
            return ControlFlow::Break(value);
        }
        let hints = self.hints(pos, node);
        let checks = pos.check_squares();
        let mut state = MoveLoop {
            best: -INFINITE,
            best_move: None,
            alpha,
            searched: 0,
            skip_quiets: false,
            late_move_limit: late_move_limit(node.depth, node.improving),
            quiets_tried: MoveList::new(),
            captures_tried: MoveList::new(),
        };
        while let Some((m, order)) = picker.next(|m| {
            let context = Context {
                hash_move: node.hash_move,
                killers: hints.killers,
                counter: hints.counter,
                history: &self.history,
                captures: &self.captures,
                continuations: hints.previous.map(|p| p.map(|p| self.continuations.row(p))),
            };
            context.score(pos, m)
        }) {
            let capture = pos.is_capture(m);
            let mv = MoveFacts {
                m,
                order,
                capture,
                quiet: !capture && m.promotion() != Some(Role::Queen),
                gives_check: checks.gives_check(pos, m),
            };
            if self.prunes(pos, node, &hints, &mv, &mut state) || Some(m) == node.excluded {
                continue;
            }
            state.searched += 1;
            let extension = self.extension(pos, node, m, (mv.gives_check, capture), beta)?;
            let new_depth = node.depth - 1 + extension;
            let value = self.search_move(pos, node, &hints, &mv, new_depth, &state, beta);
            if self.stopped {
                return ControlFlow::Break(DRAW);
            }
            if value > state.best {
                state.best = value;
                if value > state.alpha {
                    state.best_move = Some(m);
                    state.alpha = value;
                    self.update_pv(node.ply, m);
                    if value >= beta {
                        self.reward_cutoff(pos, node, &hints, &mv, &state);
                        break;
                    }
                }
            }
            if mv.quiet {
                state.quiets_tried.push(m);
            } else if capture {
                state.captures_tried.push(m);
            }
        }
        ControlFlow::Continue(Searched {
            best: state.best,
            best_move: state.best_move,
            alpha: state.alpha,
            count: state.searched,
        })
    }

    /// The move loop's hints from the histories for `node`.
    #[inline]
    fn hints(&self, pos: &Position, node: &Node) -> Hints {
        let ply = node.ply;
        let killers = self.killers.get(ply);
        let previous = [
            ply.checked_sub(1).and_then(|p| self.stack[p]),
            ply.checked_sub(2).and_then(|p| self.stack[p]),
        ];
        Hints {
            killers,
            previous,
            counter: self.counters.get(previous[0]),
            hash_move_captures: node.hash_move.is_some_and(|h| pos.is_capture(h)),
        }
    }

    /// Whether the move `mv` is pruned: the prunings of [`pruning`](super::pruning), in turn.
    #[inline]
    fn prunes(
        &self,
        pos: &Position,
        node: &Node,
        hints: &Hints,
        mv: &MoveFacts,
        state: &mut MoveLoop,
    ) -> bool {
        let depth = node.depth;
        let see = |threshold| see_ge(pos, mv.m, threshold);
        if moves_may_be_pruned(state.best, node.in_check, mv.gives_check) {
            if quiet_prunings_apply(mv.quiet, node.pv_node, depth) {
                if can_late_move_prune(state.skip_quiets, state.searched, state.late_move_limit) {
                    state.skip_quiets = true;
                    return true;
                }
                if can_futility_prune(node.eval, depth, state.alpha) {
                    return true;
                }
                let history = || self.quiet_history(pos, mv.m, hints.previous);
                if can_history_prune(depth, history) {
                    return true;
                }
            }
            if can_see_prune_quiet(mv.quiet, node.pv_node, depth, see)
                || can_see_prune_capture(mv.quiet, depth, mv.order, see)
            {
                return true;
            }
        }
        can_see_prune_check(
            mv.gives_check,
            node.pv_node,
            node.in_check,
            depth,
            state.best,
            see,
            || pos.after(mv.m).has_legal_moves(),
        )
    }

    /// Searches the move `mv` to `new_depth`: the first move with the node's window, the
    /// others with a zero window, reduced when late, and again at full depth and then with
    /// the full window as long as they beat alpha.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_move(
        &mut self,
        pos: &Position,
        node: &Node,
        hints: &Hints,
        mv: &MoveFacts,
        new_depth: i32,
        state: &MoveLoop,
        beta: Value,
    ) -> Value {
        let (m, ply, alpha) = (mv.m, node.ply, state.alpha);
        let child = pos.after(m);
        self.tt.prefetch(child.zobrist_hash());
        self.push_accumulator(ply, pos, m);
        self.path.push(child.zobrist_hash());
        self.stack[ply] = Some(PieceTo::of(pos, m));
        let value = if state.searched == 1 {
            let cut_node = !node.pv_node && !node.cut_node;
            -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, cut_node)
        } else {
            let r = self.reduction(pos, node, hints, mv, state.searched, new_depth);
            let mut value = -self.negamax(
                &child,
                new_depth - r,
                -alpha - 1,
                -alpha,
                ply + 1,
                true,
                true,
            );
            if value > alpha && r > 0 {
                let cut_node = !node.cut_node;
                value = -self.negamax(
                    &child,
                    new_depth,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                    cut_node,
                );
            }
            if value > alpha && value < beta {
                value = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, false);
            }
            value
        };
        self.path.pop();
        value
    }

    /// The late move reduction of `mv`, the `searched`th move of `node`, in plies.
    #[inline]
    fn reduction(
        &self,
        pos: &Position,
        node: &Node,
        hints: &Hints,
        mv: &MoveFacts,
        searched: i32,
        new_depth: i32,
    ) -> i32 {
        let depth = node.depth;
        if capture_is_reduced(depth, mv.quiet, mv.order) {
            let base = self.lmr.base(depth, searched as usize);
            capture_reduction(base, node.pv_node, mv.gives_check, node.cut_node, new_depth)
        } else if quiet_move_is_reduced(depth, mv.quiet, searched, node.pv_node) {
            let base = self.lmr.base(depth, searched as usize);
            let quiet = QuietMove {
                pv_node: node.pv_node,
                tt_pv: node.tt_pv,
                improving: node.improving,
                killer: hints.killers.contains(&Some(mv.m)),
                gives_check: mv.gives_check,
                hash_move_captures: hints.hash_move_captures,
                cut_node: node.cut_node,
            };
            let history = self.quiet_history(pos, mv.m, hints.previous);
            late_move_reduction(base, &quiet, history, new_depth)
        } else {
            0
        }
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

    /// What a move that beat beta teaches the histories: a bonus for it (its killer, counter
    /// move and history entries for a quiet one), a malus for the moves tried before it.
    #[inline]
    fn reward_cutoff(
        &mut self,
        pos: &Position,
        node: &Node,
        hints: &Hints,
        mv: &MoveFacts,
        state: &MoveLoop,
    ) {
        let bonus = history_bonus(node.depth);
        if mv.quiet {
            let tried = &state.quiets_tried;
            self.reward_quiet(pos, mv.m, tried, bonus, node.ply, hints.previous);
        } else if mv.capture {
            self.captures.update(pos, mv.m, bonus);
        }
        for &other in state.captures_tried.iter() {
            self.captures.update(pos, other, -bonus);
        }
    }
}
