//! Extensions: moves searched deeper than their node's depth less a ply. Checks are extended,
//! and so are singular hash moves: when the hash move is far better than every other move (a
//! shallower search without it fails low well below its value), it is the only move here and
//! deserves a deeper look. When even the others beat beta, the node is cut at once
//! (multi-cut); when the hash move alone already did, it is searched shallower.

use core::ops::ControlFlow;

use chess_rules::{Move, Position};

use crate::score::{DRAW, TB_WIN_BOUND, Value};
use crate::tt::{Bound, Hit};

use super::node::Node;
use super::searcher::Searcher;

/// Whether `ply` is past the reach of extensions: twice the iteration's depth from the root
/// (Stockfish's bound, which keeps extensions from growing a line without end).
#[inline]
pub(super) fn beyond_extensions(ply: usize, root_depth: i32) -> bool {
    ply >= 2 * root_depth as usize
}

/// The check extension: a ply for a move that gives check, within the reach of extensions.
#[inline]
pub(super) fn check_extension(gives_check: bool, ply: usize, root_depth: i32) -> i32 {
    i32::from(gives_check && !beyond_extensions(ply, root_depth))
}

/// Whether the move is searched for a singular extension, by the table's entry `h` of its
/// node: the hash move, from depth 7, where the entry is at most three plies shallower, a
/// lower bound or exact, and no mate or tablebase value; not inside another singular search
/// (`singular_search`).
#[inline]
pub(super) fn is_singular_candidate(
    h: &Hit,
    is_hash_move: bool,
    singular_search: bool,
    depth: i32,
) -> bool {
    is_hash_move
        && !singular_search
        && depth >= 7
        && h.depth >= depth - 3
        && matches!(h.bound, Bound::Exact | Bound::Lower)
        && h.value.abs() < TB_WIN_BOUND
}

/// The bound the other moves must stay below for the hash move of value `value` to be
/// singular at `depth`: two centipawns a ply below its value.
#[inline]
pub(super) const fn singular_beta(value: Value, depth: i32) -> Value {
    value - 2 * depth
}

/// The depth the node is searched to without its hash move: half its own.
#[inline]
pub(super) const fn singular_depth(depth: i32) -> i32 {
    (depth - 1) / 2
}

/// The extension of a singular hash move, whose alternatives reached `value` at most, below
/// `singular_beta`. Outside PV nodes (and within the reach of extensions) it gets two plies (a
/// capture only where the others fell 20 cp or more below the bound), and a quiet one outside
/// any principal variation three where they fell 100 cp below it: Stockfish's rule, which goes
/// further (three plies for most quiet ones). Two plies only 20 cp below, and never three,
/// played about 21 Elo weaker (docs/engine.md).
#[inline]
pub(super) fn singular_extension(
    value: Value,
    singular_beta: Value,
    pv_node: bool,
    beyond_extensions: bool,
    capture: bool,
    tt_pv: bool,
) -> i32 {
    if pv_node || beyond_extensions {
        1
    } else if !capture && !tt_pv && value < singular_beta - 100 {
        3
    } else if !capture || value < singular_beta - 20 {
        2
    } else {
        1
    }
}

impl Searcher {
    /// How many plies more than the rest (`node.depth` less one) the move `m` of `node`'s
    /// position `pos` is searched: its check extension, or what the singular extension search
    /// finds for a hash move (one ply less where the hash move alone beats beta). The search
    /// without the hash move may end the node instead: `Break` with the node's value, when it
    /// was stopped or every move beats beta (multi-cut).
    #[inline]
    pub(super) fn extension(
        &mut self,
        pos: &Position,
        node: &Node,
        m: Move,
        (gives_check, capture): (bool, bool),
        beta: Value,
    ) -> ControlFlow<Value, i32> {
        let mut extension = check_extension(gives_check, node.ply, self.root_depth);
        let singular_search = node.excluded.is_some();
        let Some(h) = node.hit.filter(|h| {
            is_singular_candidate(h, Some(m) == node.hash_move, singular_search, node.depth)
        }) else {
            return ControlFlow::Continue(extension);
        };
        let singular_beta = singular_beta(h.value, node.depth);
        self.excluded[node.ply] = Some(m);
        let value = self.negamax(
            pos,
            singular_depth(node.depth),
            singular_beta - 1,
            singular_beta,
            node.ply,
            false,
            node.cut_node,
        );
        self.excluded[node.ply] = None;
        if self.stopped {
            return ControlFlow::Break(DRAW);
        }
        if value < singular_beta {
            let beyond = beyond_extensions(node.ply, self.root_depth);
            extension = singular_extension(
                value,
                singular_beta,
                node.pv_node,
                beyond,
                capture,
                node.tt_pv,
            );
        } else if singular_beta >= beta {
            return ControlFlow::Break(singular_beta);
        } else if h.value >= beta {
            extension = -1;
        }
        ControlFlow::Continue(extension)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(value: Value, depth: i32, bound: Bound) -> Hit {
        Hit {
            mv: None,
            value,
            eval: 0,
            depth,
            bound,
            pv: false,
        }
    }

    #[test]
    fn checks_are_extended_within_twice_the_iteration_s_depth() {
        assert_eq!(check_extension(true, 5, 3), 1);
        assert_eq!(check_extension(true, 6, 3), 0);
        assert_eq!(check_extension(false, 1, 3), 0);
        assert!(!beyond_extensions(5, 3));
        assert!(beyond_extensions(6, 3));
    }

    #[test]
    fn singular_candidates_are_deep_hash_moves_with_a_lower_bound() {
        let entry = hit(50, 5, Bound::Lower);
        assert!(is_singular_candidate(&entry, true, false, 8));
        assert!(is_singular_candidate(
            &hit(50, 5, Bound::Exact),
            true,
            false,
            8
        ));
        assert!(!is_singular_candidate(&entry, false, false, 8));
        assert!(!is_singular_candidate(&entry, true, true, 8));
        assert!(!is_singular_candidate(&entry, true, false, 9));
        assert!(!is_singular_candidate(
            &hit(50, 9, Bound::Lower),
            true,
            false,
            6
        ));
        assert!(!is_singular_candidate(
            &hit(50, 5, Bound::Upper),
            true,
            false,
            8
        ));
        assert!(!is_singular_candidate(
            &hit(TB_WIN_BOUND, 5, Bound::Lower),
            true,
            false,
            8
        ));
        assert_eq!(singular_beta(50, 8), 34);
        assert_eq!(singular_depth(8), 3);
        assert_eq!(singular_depth(9), 4);
    }

    #[test]
    fn singular_moves_get_more_the_further_the_others_fell() {
        let extension = |value, pv_node, beyond, capture, tt_pv| {
            singular_extension(value, 0, pv_node, beyond, capture, tt_pv)
        };
        // A ply in PV nodes and beyond the reach of extensions.
        assert_eq!(extension(-500, true, false, false, false), 1);
        assert_eq!(extension(-500, false, true, false, false), 1);
        // Quiet: three plies 100 cp below outside former PV nodes, else two.
        assert_eq!(extension(-101, false, false, false, false), 3);
        assert_eq!(extension(-100, false, false, false, false), 2);
        assert_eq!(extension(-101, false, false, false, true), 2);
        // Captures: two plies 20 cp below, else one.
        assert_eq!(extension(-21, false, false, true, false), 2);
        assert_eq!(extension(-20, false, false, true, false), 1);
        assert_eq!(extension(-500, false, false, true, false), 2);
    }
}
