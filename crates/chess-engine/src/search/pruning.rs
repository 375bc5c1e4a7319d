//! The prunings of the node search, each the test of its own conditions: the node search asks
//! them in turn (see `node`), with the costly facts (a static exchange, a history score, the
//! material on the board) as closures asked last, as the search always asked them.
//!
//! Before the moves: transposition table cutoffs, mate distance pruning, reverse futility
//! pruning, razoring and null-move pruning, then internal iterative reduction. Move by move:
//! late move pruning, futility pruning, history pruning, SEE pruning of quiet moves, of losing
//! captures and of losing checks.

use crate::ordering::{BAD_CAPTURE, GOOD_CAPTURE};
use crate::score::{MATE_BOUND, TB_WIN_BOUND, Value, is_mate, mate_in, mated_in};
use crate::tt::{Bound, Hit};

/// Whether a stored `value` with `bound` settles a window `(alpha, beta)`: exactly, or by a
/// bound on the side of the window it is beyond.
#[inline]
pub(super) fn bound_settles(bound: Bound, value: Value, alpha: Value, beta: Value) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => value >= beta,
        Bound::Upper => value <= alpha,
        Bound::None => false,
    }
}

/// Whether the table's entry `h` ends a node searched to `depth`: outside PV nodes, a deep
/// enough entry that settles the window. At shallow depth only a bound that agrees with what
/// the node is expected to do ends it: a fail high at an expected cut node, a fail low
/// elsewhere (Stockfish's rule). A shallow node of the other kind is searched again, cheaply,
/// and its result replaces a stored bound the tree around it has moved away from. It played
/// about 13 Elo stronger (docs/engine.md).
#[inline(always)]
pub(super) fn table_cutoff(
    h: &Hit,
    depth: i32,
    alpha: Value,
    beta: Value,
    pv_node: bool,
    cut_node: bool,
) -> bool {
    let usable = bound_settles(h.bound, h.value, alpha, beta);
    !pv_node && h.depth >= depth && usable && (depth > 5 || cut_node == (h.value >= beta))
}

/// Mate distance pruning: the window narrowed to what a line from `ply` can still reach, as
/// no line from here can beat a mate already found nearer the root. The node ends at once
/// when the window closes.
#[inline]
pub(super) fn mate_distance_window(alpha: Value, beta: Value, ply: usize) -> (Value, Value) {
    (alpha.max(mated_in(ply)), beta.min(mate_in(ply + 1)))
}

/// The value the pruning before the moves goes by: the static evaluation, or the stored
/// value of an earlier search where its bound says the truth lies beyond the evaluation.
/// Only the static evaluation where the table may not be used (in check, or in a singular
/// extension search: `trusted` false).
#[inline]
pub(super) fn pruning_value(hit: Option<Hit>, static_eval: Value, trusted: bool) -> Value {
    match hit {
        Some(h)
            if trusted
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
    }
}

/// How far above beta the value must be for reverse futility pruning at `depth`: 80 cp a ply,
/// a ply fewer where the position is improving.
#[inline]
pub(super) const fn reverse_futility_margin(depth: i32, improving: bool) -> Value {
    80 * (depth - improving as i32)
}

/// Reverse futility pruning: far enough above beta that no quiet move will fall back below
/// it, up to depth 7, outside former PV nodes. Not against a mate score: a good static
/// evaluation says nothing about escaping a mate.
#[inline]
pub(super) fn can_reverse_futility_prune(
    depth: i32,
    tt_pv: bool,
    eval: Value,
    beta: Value,
    improving: bool,
) -> bool {
    depth <= 7
        && !tt_pv
        && eval - reverse_futility_margin(depth, improving) >= beta
        && !is_mate(beta)
        && eval < MATE_BOUND
}

/// How far below alpha the value must be for razoring at `depth`.
#[inline]
pub(super) const fn razoring_margin(depth: i32) -> Value {
    250 + 150 * depth * depth
}

/// Razoring: so far below alpha that only a capture could help; when the quiescence search
/// agrees, the node fails low. Up to depth 2: at depth 3 too it hid quiet mates from searches
/// as deep as the mate, which the mate suite catches.
#[inline]
pub(super) fn can_razor(depth: i32, eval: Value, alpha: Value) -> bool {
    depth <= 2 && eval + razoring_margin(depth) <= alpha && !is_mate(alpha)
}

/// Null-move pruning: if passing still holds beta, a real move will too. Where the path allows
/// it (not twice in a row), from depth 2, at or above beta, and not in pawn endings, where
/// passing could be the only thing that holds (`has_non_pawn_material`, asked last). From
/// depth 2: the reduction is at least four plies, so the reply is a quiescence search at
/// depth 2 as at 3, and starting at 3 played about 16 Elo weaker (docs/engine.md).
#[inline]
pub(super) fn null_move_allowed(
    allowed: bool,
    depth: i32,
    eval: Value,
    beta: Value,
    has_non_pawn_material: impl FnOnce() -> bool,
) -> bool {
    allowed && depth >= 2 && eval >= beta && beta > -MATE_BOUND && has_non_pawn_material()
}

/// The depth the null move's reply is searched less by: Stockfish's base, 4 + depth / 3 (the
/// 3 + depth / 4 before it played about 10 Elo weaker, docs/engine.md), and a ply more
/// for each 200 cp above beta, up to three.
#[inline]
pub(super) fn null_move_reduction(depth: i32, eval: Value, beta: Value) -> i32 {
    4 + depth / 3 + ((eval - beta) / 200).min(3)
}

/// What a null move's reply that holds beta returns: its value, but never a mate, which passing
/// does not prove.
#[inline]
pub(super) fn null_move_value(value: Value, beta: Value) -> Value {
    if value >= MATE_BOUND { beta } else { value }
}

/// Internal iterative reduction, in plies: without a hash move a node (but in a singular
/// extension search) was not searched before and will be ordered badly; from depth 4 it is
/// searched a ply shallower, and a ply shallower still at an expected cut node whose reduced
/// depth is 8 or more (Stockfish's rule). With the cut nodes' reduction it played about 16
/// Elo stronger (docs/engine.md).
#[inline]
pub(super) fn internal_iterative_reduction(
    depth: i32,
    has_hash_move: bool,
    singular_search: bool,
    cut_node: bool,
) -> i32 {
    if depth >= 4 && !has_hash_move && !singular_search {
        let reduced = depth - 1;
        1 + i32::from(cut_node && reduced >= 8)
    } else {
        0
    }
}

/// Whether the move loop prunes a move at all, the checks aside (see
/// [`can_see_prune_check`]): not once a move has escaped being mated, not in check, and not a
/// move that gives check.
#[inline]
pub(super) fn moves_may_be_pruned(best: Value, in_check: bool, gives_check: bool) -> bool {
    best > -MATE_BOUND && !in_check && !gives_check
}

/// Whether the quiet moves prunings (late move, futility and history pruning) apply: to
/// quiet moves outside PV nodes up to depth 6.
#[inline]
pub(super) fn quiet_prunings_apply(quiet: bool, pv_node: bool, depth: i32) -> bool {
    quiet && !pv_node && depth <= 6
}

/// How many moves are searched at `depth` before the later quiet ones are pruned: 3 + depth²,
/// halved where the position is not improving.
#[inline]
pub(super) fn late_move_limit(depth: i32, improving: bool) -> i32 {
    (3 + depth * depth) / if improving { 1 } else { 2 }
}

/// Late move pruning: late quiet moves at shallow depth rarely matter (checks excepted: they
/// are how mates are found). Once one is pruned (`skipping`), so are the quiet moves after it.
#[inline]
pub(super) fn can_late_move_prune(skipping: bool, searched: i32, limit: i32) -> bool {
    skipping || searched >= limit
}

/// How far below alpha the value must be for futility pruning at `depth`. The margin of
/// 100 + 100 × depth before this one played about 12 Elo weaker (docs/engine.md).
#[inline]
pub(super) const fn futility_margin(depth: i32) -> Value {
    75 + 75 * depth
}

/// Futility pruning: too far below alpha for a quiet move to help (unless alpha is a mate,
/// which a quiet move may still find faster).
#[inline]
pub(super) fn can_futility_prune(eval: Value, depth: i32, alpha: Value) -> bool {
    eval + futility_margin(depth) <= alpha && !is_mate(alpha)
}

/// History pruning: up to depth 3, a move that has failed everywhere it was tried lately
/// (`history`, asked only then, below -4 096 a ply).
#[inline]
pub(super) fn can_history_prune(depth: i32, history: impl FnOnce() -> i32) -> bool {
    depth <= 3 && history() < -4096 * depth
}

/// SEE pruning of quiet moves: outside PV nodes up to depth 8, a quiet move that puts a piece
/// where it is lost for nothing, by more than 25 cp × depth² (`see_ge`: whether the move's
/// static exchange reaches a threshold, asked last).
#[inline]
pub(super) fn can_see_prune_quiet(
    quiet: bool,
    pv_node: bool,
    depth: i32,
    see_ge: impl FnOnce(Value) -> bool,
) -> bool {
    quiet && !pv_node && depth <= 8 && !see_ge(-25 * depth * depth)
}

/// SEE pruning of captures: up to depth 6, a capture ordered as a losing one (promotions
/// and all) that loses more than 150 cp a ply of depth by exchange (Stockfish keeps more
/// still). At 100 cp a ply it played about 17 Elo weaker (docs/engine.md).
#[inline]
pub(super) fn can_see_prune_capture(
    quiet: bool,
    depth: i32,
    order: i32,
    see_ge: impl FnOnce(Value) -> bool,
) -> bool {
    !quiet
        && depth <= 6
        && (BAD_CAPTURE - 100_000..GOOD_CAPTURE).contains(&order)
        && !see_ge(-150 * depth)
}

/// SEE pruning of checks: up to depth 6 outside the principal variation, and not in check, a
/// check that loses more than 150 cp a ply of depth by exchange, the bound of the captures
/// (Stockfish prunes checks and captures alike). Searched whatever they lost, and extended,
/// checks played about 36 Elo weaker (docs/engine.md). Not a check that mates
/// (`has_reply`, asked last): the exchange cannot see that the piece it gives away is never
/// taken, and the mate suite's defenders missed a mate in two at its own depth. (Few checks
/// get this far, so the child's moves are rarely generated.)
#[inline]
pub(super) fn can_see_prune_check(
    gives_check: bool,
    pv_node: bool,
    in_check: bool,
    depth: i32,
    best: Value,
    see_ge: impl FnOnce(Value) -> bool,
    has_reply: impl FnOnce() -> bool,
) -> bool {
    gives_check
        && !pv_node
        && !in_check
        && depth <= 6
        && best > -MATE_BOUND
        && !see_ge(-150 * depth)
        && has_reply()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{INFINITE, MATE};

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
    fn a_bound_settles_the_window_on_its_own_side() {
        assert!(bound_settles(Bound::Exact, 0, 10, 20));
        assert!(bound_settles(Bound::Lower, 20, 10, 20));
        assert!(!bound_settles(Bound::Lower, 19, 10, 20));
        assert!(bound_settles(Bound::Upper, 10, 10, 20));
        assert!(!bound_settles(Bound::Upper, 11, 10, 20));
        assert!(!bound_settles(Bound::None, 50, 10, 20));
    }

    #[test]
    fn shallow_table_cutoffs_agree_with_the_expected_node_type() {
        let high = hit(30, 6, Bound::Lower);
        // Deep enough and settling: a cut, outside PV nodes only.
        assert!(table_cutoff(&high, 6, 10, 20, false, false));
        assert!(!table_cutoff(&high, 6, 10, 20, true, false));
        // Too shallow an entry.
        assert!(!table_cutoff(&high, 7, 10, 20, false, true));
        // At depth 5 and less a fail high ends expected cut nodes only, a fail low the others.
        assert!(table_cutoff(&high, 5, 10, 20, false, true));
        assert!(!table_cutoff(&high, 5, 10, 20, false, false));
        let low = hit(0, 6, Bound::Upper);
        assert!(table_cutoff(&low, 5, 10, 20, false, false));
        assert!(!table_cutoff(&low, 5, 10, 20, false, true));
    }

    #[test]
    fn the_window_closes_beyond_a_nearer_mate() {
        assert_eq!(
            mate_distance_window(-INFINITE, INFINITE, 3),
            (mated_in(3), mate_in(4))
        );
        assert_eq!(mate_distance_window(-50, 50, 3), (-50, 50));
        // A mate in 2 from the root is found: nothing at ply 3 can beat it.
        let (alpha, beta) = mate_distance_window(mate_in(2), INFINITE, 3);
        assert!(alpha >= beta);
    }

    #[test]
    fn the_pruning_value_is_the_table_s_where_its_bound_says_more() {
        assert_eq!(pruning_value(None, 40, true), 40);
        assert_eq!(pruning_value(Some(hit(90, 3, Bound::Lower)), 40, true), 90);
        assert_eq!(pruning_value(Some(hit(10, 3, Bound::Lower)), 40, true), 40);
        assert_eq!(pruning_value(Some(hit(10, 3, Bound::Upper)), 40, true), 10);
        assert_eq!(pruning_value(Some(hit(90, 3, Bound::Upper)), 40, true), 40);
        assert_eq!(pruning_value(Some(hit(90, 3, Bound::Exact)), 40, true), 90);
        assert_eq!(pruning_value(Some(hit(90, 3, Bound::None)), 40, true), 40);
        // Not a mate or tablebase value, and not where the table may not be used.
        assert_eq!(
            pruning_value(Some(hit(TB_WIN_BOUND, 3, Bound::Exact)), 40, true),
            40
        );
        assert_eq!(pruning_value(Some(hit(90, 3, Bound::Exact)), 40, false), 40);
    }

    #[test]
    fn reverse_futility_prunes_far_above_beta_at_shallow_depth() {
        assert_eq!(reverse_futility_margin(3, false), 240);
        assert_eq!(reverse_futility_margin(3, true), 160);
        assert!(can_reverse_futility_prune(3, false, 240, 0, false));
        assert!(!can_reverse_futility_prune(3, false, 239, 0, false));
        assert!(can_reverse_futility_prune(3, false, 160, 0, true));
        assert!(!can_reverse_futility_prune(8, false, 5000, 0, false));
        assert!(!can_reverse_futility_prune(3, true, 5000, 0, false));
        // Neither against a mate nor with one.
        assert!(!can_reverse_futility_prune(
            3,
            false,
            5000,
            -MATE + 10,
            false
        ));
        assert!(!can_reverse_futility_prune(3, false, MATE_BOUND, 0, false));
    }

    #[test]
    fn razoring_is_for_depth_two_and_less_far_below_alpha() {
        assert_eq!(razoring_margin(1), 400);
        assert_eq!(razoring_margin(2), 850);
        assert!(can_razor(1, -400, 0));
        assert!(!can_razor(1, -399, 0));
        assert!(can_razor(2, -850, 0));
        assert!(!can_razor(3, -5000, 0));
        assert!(!can_razor(1, -5000, -MATE + 10));
    }

    #[test]
    fn null_moves_need_depth_a_value_above_beta_and_pieces() {
        let yes = || true;
        assert!(null_move_allowed(true, 2, 0, 0, yes));
        assert!(!null_move_allowed(false, 2, 0, 0, yes));
        assert!(!null_move_allowed(true, 1, 0, 0, yes));
        assert!(!null_move_allowed(true, 2, -1, 0, yes));
        assert!(!null_move_allowed(true, 2, 0, 0, || false));
        assert!(!null_move_allowed(true, 2, MATE, -MATE_BOUND, yes));
        // The material is asked only when everything else allows the null move.
        assert!(!null_move_allowed(false, 2, 0, 0, || unreachable!()));
        assert_eq!(null_move_reduction(2, 0, 0), 4);
        assert_eq!(null_move_reduction(9, 0, 0), 7);
        assert_eq!(null_move_reduction(9, 450, 0), 9);
        assert_eq!(null_move_reduction(9, 5000, 0), 10);
        assert_eq!(null_move_value(120, 100), 120);
        assert_eq!(null_move_value(mate_in(5), 100), 100);
    }

    #[test]
    fn nodes_without_a_hash_move_are_searched_shallower() {
        assert_eq!(internal_iterative_reduction(4, false, false, false), 1);
        assert_eq!(internal_iterative_reduction(3, false, false, false), 0);
        assert_eq!(internal_iterative_reduction(10, true, false, true), 0);
        assert_eq!(internal_iterative_reduction(10, false, true, true), 0);
        // A ply more at an expected cut node that stays 8 deep once reduced.
        assert_eq!(internal_iterative_reduction(9, false, false, true), 2);
        assert_eq!(internal_iterative_reduction(8, false, false, true), 1);
        assert_eq!(internal_iterative_reduction(9, false, false, false), 1);
    }

    #[test]
    fn move_pruning_spares_checks_evasions_and_the_mated() {
        assert!(moves_may_be_pruned(0, false, false));
        assert!(!moves_may_be_pruned(-MATE_BOUND, false, false));
        assert!(!moves_may_be_pruned(0, true, false));
        assert!(!moves_may_be_pruned(0, false, true));
        assert!(quiet_prunings_apply(true, false, 6));
        assert!(!quiet_prunings_apply(false, false, 6));
        assert!(!quiet_prunings_apply(true, true, 6));
        assert!(!quiet_prunings_apply(true, false, 7));
    }

    #[test]
    fn late_quiet_moves_are_pruned_past_a_limit_that_grows_with_depth() {
        assert_eq!(late_move_limit(1, true), 4);
        assert_eq!(late_move_limit(1, false), 2);
        assert_eq!(late_move_limit(6, true), 39);
        assert_eq!(late_move_limit(6, false), 19);
        assert!(can_late_move_prune(false, 4, 4));
        assert!(!can_late_move_prune(false, 3, 4));
        assert!(can_late_move_prune(true, 0, 4));
    }

    #[test]
    fn futility_prunes_far_below_alpha_but_not_a_mate() {
        assert_eq!(futility_margin(1), 150);
        assert!(can_futility_prune(-150, 1, 0));
        assert!(!can_futility_prune(-149, 1, 0));
        assert!(!can_futility_prune(-5000, 1, -MATE + 10));
    }

    #[test]
    fn history_prunes_moves_that_failed_everywhere_at_depth_three_and_less() {
        assert!(can_history_prune(2, || -8193));
        assert!(!can_history_prune(2, || -8192));
        assert!(!can_history_prune(4, || unreachable!()));
    }

    #[test]
    fn see_pruning_thresholds_grow_with_depth() {
        // A static exchange that falls short of the threshold it is asked about.
        let threshold = |expected: Value| {
            move |t: Value| {
                assert_eq!(t, expected);
                false
            }
        };
        let never = |_: Value| -> bool { unreachable!() };
        // Quiet moves: 25 cp × depth², outside PV nodes, up to depth 8.
        assert!(can_see_prune_quiet(true, false, 4, threshold(-400)));
        assert!(!can_see_prune_quiet(true, false, 4, |_| true));
        assert!(!can_see_prune_quiet(true, true, 4, never));
        assert!(!can_see_prune_quiet(true, false, 9, never));
        assert!(!can_see_prune_quiet(false, false, 4, never));
        // Captures ordered as losing ones: 150 cp a ply, up to depth 6.
        assert!(can_see_prune_capture(
            false,
            3,
            BAD_CAPTURE,
            threshold(-450)
        ));
        assert!(!can_see_prune_capture(false, 3, GOOD_CAPTURE, never));
        assert!(!can_see_prune_capture(false, 7, BAD_CAPTURE, never));
        assert!(!can_see_prune_capture(true, 3, BAD_CAPTURE, never));
        // Checks: the same bound, unless the check mates.
        let prune = |gives, pv, in_check, depth, best, has_reply: bool| {
            can_see_prune_check(gives, pv, in_check, depth, best, |_| false, || has_reply)
        };
        assert!(prune(true, false, false, 6, 0, true));
        assert!(!prune(true, false, false, 6, 0, false));
        assert!(!prune(false, false, false, 6, 0, true));
        assert!(!prune(true, true, false, 6, 0, true));
        assert!(!prune(true, false, true, 6, 0, true));
        assert!(!prune(true, false, false, 7, 0, true));
        assert!(!prune(true, false, false, 6, -MATE_BOUND, true));
        assert!(can_see_prune_check(
            true,
            false,
            false,
            3,
            0,
            threshold(-450),
            || true
        ));
    }
}
