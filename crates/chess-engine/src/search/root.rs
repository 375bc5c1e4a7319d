//! The root: its moves in a first order, those the tablebases keep, and one pass over them
//! with a window.

use chess_rules::{Move, Position};

use crate::ordering::{Picker, PieceTo, score_move};
use crate::score::{INFINITE, Value, is_mate};

use super::reductions::{root_move_is_reduced, root_reduction};
use super::searcher::Searcher;

/// A root move with what the search found about it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub(super) m: Move,
    /// The value from the current iteration; `-INFINITE` when not (yet) known.
    pub(super) score: Value,
    /// The value from the last completed iteration.
    pub(super) previous: Value,
    pub(super) pv: Vec<Move>,
}

impl Searcher {
    /// Keeps the root moves that hold the tables' best result when the root is in the
    /// tablebases (unless that would leave none of the moves the search was asked for).
    pub(super) fn filter_root_by_tablebases(
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
    pub(super) fn reported_value(&self, value: Value) -> Value {
        match self.root_tb_value {
            Some(tb) if !is_mate(value) => tb,
            _ => value,
        }
    }

    /// The legal moves of `pos`, restricted to `search_moves` if any of them is legal, in a
    /// first guess of their order.
    pub(super) fn root_moves(&self, pos: &Position, search_moves: &[Move]) -> Vec<RootMove> {
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

    /// One pass over the root moves with the window `(alpha, beta)`; moves that do not raise
    /// alpha (but the first) are marked unknown. A pass stopped halfway leaves the moves it did
    /// not finish with what the pass before found: a move that failed high there keeps that
    /// value while its search with a wider window is cut short, and it is the move played.
    pub(super) fn search_root(
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
            let value = self.search_root_move(pos, m, i, depth, alpha, beta);
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

    /// Searches the `index`th root move `m` (from 0) to `depth` with the window `(alpha,
    /// beta)`: the first with the window, the others with a zero window, late quiet ones
    /// reduced, and again as long as they beat alpha.
    #[inline]
    fn search_root_move(
        &mut self,
        pos: &Position,
        m: Move,
        index: usize,
        depth: i32,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let child = pos.after(m);
        self.push_accumulator(0, pos, m);
        let extension = i32::from(child.is_check());
        let new_depth = depth - 1 + extension;
        self.path.push(child.zobrist_hash());
        self.stack[0] = Some(PieceTo::of(pos, m));
        let value = if index == 0 {
            -self.negamax(&child, new_depth, -beta, -alpha, 1, true, false)
        } else {
            let (capture, promotion) = (pos.is_capture(m), m.promotion().is_some());
            let r = if root_move_is_reduced(index, depth, extension, capture, promotion) {
                root_reduction(&self.lmr, depth, index, new_depth)
            } else {
                0
            };
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
        value
    }
}

#[cfg(test)]
mod tests {
    use chess_notation::uci;

    use super::*;
    use crate::{Control, Limits};

    #[test]
    fn search_moves_restrict_the_root() {
        let pos = Position::standard();
        let h3 = uci::parse(&pos, "h2h3").expect("legal");
        let limits = Limits {
            search_moves: vec![h3],
            ..Limits::depth(4)
        };
        let searcher = Searcher::with_hash(4);
        let only: Vec<Move> = searcher
            .root_moves(&pos, &[h3])
            .iter()
            .map(|rm| rm.m)
            .collect();
        assert_eq!(only, [h3]);
        // Moves that are not legal here restrict nothing.
        let e5 = uci::parse(&pos.after(h3), "e7e5").expect("legal");
        assert_eq!(searcher.root_moves(&pos, &[e5]).len(), 20);
        let result = Searcher::with_hash(4).search(&pos, &[], &limits, &Control::new(), |_| {});
        assert_eq!(result.best_move, Some(h3));
    }
}
