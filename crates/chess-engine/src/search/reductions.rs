//! Late move reductions: how many plies shallower a move is searched first, by how late it
//! comes and what the node knows of it. A reduced move that beats alpha is searched again at
//! full depth (see the node search).
//!
//! Every term is worked out in [`REDUCTION_UNIT`]s and the sum rounded down once, by
//! [`in_plies`].

use crate::ordering::GOOD_CAPTURE;

/// A ply in the units late move reductions are worked out in. Every term is added in these
/// and the sum rounded down once, so that the table's fractions and the history's share add
/// up rather than each being cut to whole plies (Stockfish counts in 1024ths as well).
pub(super) const REDUCTION_UNIT: i32 = 1024;

/// The base reduction by depth and move number, in [`REDUCTION_UNIT`]s: `0.75 + ln(depth) ×
/// ln(moves) / 2.25` plies.
pub(super) struct Reductions(Box<[[u16; 64]; 64]>);

impl Reductions {
    /// The table, worked out once per searcher.
    pub(super) fn new() -> Reductions {
        let mut table = Box::new([[0u16; 64]; 64]);
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (count, r) in row.iter_mut().enumerate().skip(1) {
                let reduction = 0.75 + (depth as f64).ln() * (count as f64).ln() / 2.25;
                *r = (reduction * f64::from(REDUCTION_UNIT)) as u16;
            }
        }
        Reductions(table)
    }

    /// The base reduction of the `moves`th move searched at `depth`, in [`REDUCTION_UNIT`]s
    /// (both counted up to 63).
    #[inline]
    pub(super) fn base(&self, depth: i32, moves: usize) -> i32 {
        i32::from(self.0[depth.min(63) as usize][moves.min(63)])
    }
}

/// A reduction of `units` [`REDUCTION_UNIT`]s in whole plies, rounded down, and leaving the
/// reduced search at least a ply of its `new_depth`.
#[inline]
pub(super) fn in_plies(units: i32, new_depth: i32) -> i32 {
    units.div_euclid(REDUCTION_UNIT).clamp(0, new_depth - 1)
}

/// Whether the `index`th root move (from 0) is reduced: a late quiet move, searched at
/// depth 3 or more, and not extended.
#[inline]
pub(super) fn root_move_is_reduced(
    index: usize,
    depth: i32,
    extension: i32,
    capture: bool,
    promotion: bool,
) -> bool {
    index >= 3 && depth >= 3 && extension == 0 && !capture && !promotion
}

/// The reduction of the `index`th root move, one that [`root_move_is_reduced`]: late quiet
/// moves at the root are reduced as in the tree, less a ply (the root's move order is the last
/// iteration's, better than any node's), and searched again at full depth if they beat alpha.
/// About 14 Elo in self-play (docs/engine.md).
#[inline]
pub(super) fn root_reduction(table: &Reductions, depth: i32, index: usize, new_depth: i32) -> i32 {
    in_plies(table.base(depth, index + 1) - REDUCTION_UNIT, new_depth)
}

/// Whether a capture is reduced when it is not the first move: from depth 3, a capture that
/// loses material by exchange (ordered below the good captures).
#[inline]
pub(super) fn capture_is_reduced(depth: i32, quiet: bool, order: i32) -> bool {
    depth >= 3 && !quiet && order < GOOD_CAPTURE
}

/// The reduction of a capture that [`capture_is_reduced`]: captures that lose material go the
/// way of late quiets, half as far, a ply less in a PV node or for a check, and at an expected
/// cut node a ply more, as for late quiet moves (about 16 Elo, docs/engine.md).
#[inline]
pub(super) fn capture_reduction(
    base: i32,
    pv_node: bool,
    gives_check: bool,
    cut_node: bool,
    new_depth: i32,
) -> i32 {
    let mut r = base / 2;
    r -= REDUCTION_UNIT * i32::from(pv_node || gives_check);
    r += REDUCTION_UNIT * i32::from(cut_node);
    in_plies(r, new_depth)
}

/// Whether a quiet move is reduced: from depth 3, any quiet move but the first (the first two
/// in a PV node).
#[inline]
pub(super) fn quiet_move_is_reduced(depth: i32, quiet: bool, searched: i32, pv_node: bool) -> bool {
    depth >= 3 && quiet && searched > 1 + i32::from(pv_node)
}

/// What the reduction of a late quiet move goes by, besides the table and its history.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct QuietMove {
    /// Whether the node is searched with a full window.
    pub(super) pv_node: bool,
    /// Whether the node's position was once in a principal variation.
    pub(super) tt_pv: bool,
    /// Whether the side to move's static evaluation is better than two plies before.
    pub(super) improving: bool,
    /// Whether the move is one of the ply's killers.
    pub(super) killer: bool,
    pub(super) gives_check: bool,
    /// Whether the hash move is a capture: a capture expected to be best makes quiet
    /// alternatives less likely.
    pub(super) hash_move_captures: bool,
    /// Whether the node is expected to fail high: where such a node does, it is seldom by a
    /// move this late.
    pub(super) cut_node: bool,
}

/// The late move reduction of a quiet move that [`quiet_move_is_reduced`], from the table's
/// `base`: a ply less in a PV node, in a former PV node, for a killer and for a check; a ply
/// more where the position is not improving, where the hash move captures and at an expected
/// cut node; and a ply less for each 8 192 of `history`, in proportion between.
#[inline]
pub(super) fn late_move_reduction(
    base: i32,
    quiet: &QuietMove,
    history: i32,
    new_depth: i32,
) -> i32 {
    let mut r = base;
    r -= REDUCTION_UNIT * i32::from(quiet.pv_node);
    r -= REDUCTION_UNIT * i32::from(quiet.tt_pv && !quiet.pv_node);
    r += REDUCTION_UNIT * i32::from(!quiet.improving);
    r -= REDUCTION_UNIT * i32::from(quiet.killer);
    r -= REDUCTION_UNIT * i32::from(quiet.gives_check);
    r += REDUCTION_UNIT * i32::from(quiet.hash_move_captures);
    r += REDUCTION_UNIT * i32::from(quiet.cut_node);
    r -= history * REDUCTION_UNIT / 8192;
    in_plies(r, new_depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ordering::BAD_CAPTURE;

    #[test]
    fn the_table_grows_with_depth_and_move_number() {
        let table = Reductions::new();
        // ln 1 = 0: the first move, or depth 1, gets the constant alone.
        assert_eq!(table.base(1, 1), 768);
        assert_eq!(table.base(10, 1), 768);
        assert!(table.base(10, 20) > table.base(10, 5));
        assert!(table.base(20, 10) > table.base(5, 10));
        // Counted up to 63 both ways.
        assert_eq!(table.base(100, 200), table.base(63, 63));
    }

    #[test]
    fn reductions_round_down_and_leave_a_ply() {
        assert_eq!(in_plies(2047, 10), 1);
        assert_eq!(in_plies(2048, 10), 2);
        assert_eq!(in_plies(-1, 10), 0);
        assert_eq!(in_plies(10 * REDUCTION_UNIT, 4), 3);
        assert_eq!(in_plies(10 * REDUCTION_UNIT, 1), 0);
    }

    #[test]
    fn late_quiet_root_moves_are_reduced_a_ply_less_than_in_the_tree() {
        assert!(root_move_is_reduced(3, 3, 0, false, false));
        assert!(!root_move_is_reduced(2, 3, 0, false, false));
        assert!(!root_move_is_reduced(3, 2, 0, false, false));
        assert!(!root_move_is_reduced(3, 3, 1, false, false));
        assert!(!root_move_is_reduced(3, 3, 0, true, false));
        assert!(!root_move_is_reduced(3, 3, 0, false, true));
        let table = Reductions::new();
        let tree = in_plies(table.base(12, 30), 11);
        assert_eq!(root_reduction(&table, 12, 29, 11), tree - 1);
    }

    #[test]
    fn only_losing_captures_are_reduced_and_half_as_far() {
        assert!(capture_is_reduced(3, false, BAD_CAPTURE));
        assert!(!capture_is_reduced(3, false, GOOD_CAPTURE));
        assert!(!capture_is_reduced(2, false, BAD_CAPTURE));
        assert!(!capture_is_reduced(3, true, BAD_CAPTURE));
        let base = 4 * REDUCTION_UNIT;
        assert_eq!(capture_reduction(base, false, false, false, 10), 2);
        assert_eq!(capture_reduction(base, true, false, false, 10), 1);
        assert_eq!(capture_reduction(base, false, true, false, 10), 1);
        assert_eq!(capture_reduction(base, false, false, true, 10), 3);
    }

    #[test]
    fn each_term_moves_a_quiet_reduction_by_a_ply() {
        assert!(quiet_move_is_reduced(3, true, 2, false));
        assert!(!quiet_move_is_reduced(3, true, 2, true));
        assert!(quiet_move_is_reduced(3, true, 3, true));
        assert!(!quiet_move_is_reduced(2, true, 5, false));
        assert!(!quiet_move_is_reduced(3, false, 5, false));
        let base = 3 * REDUCTION_UNIT;
        let plain = QuietMove {
            improving: true,
            ..QuietMove::default()
        };
        assert_eq!(late_move_reduction(base, &plain, 0, 20), 3);
        let less = [
            QuietMove {
                pv_node: true,
                ..plain
            },
            QuietMove {
                tt_pv: true,
                ..plain
            },
            QuietMove {
                killer: true,
                ..plain
            },
            QuietMove {
                gives_check: true,
                ..plain
            },
        ];
        for quiet in less {
            assert_eq!(late_move_reduction(base, &quiet, 0, 20), 2, "{quiet:?}");
        }
        let more = [
            QuietMove {
                improving: false,
                ..plain
            },
            QuietMove {
                hash_move_captures: true,
                ..plain
            },
            QuietMove {
                cut_node: true,
                ..plain
            },
        ];
        for quiet in more {
            assert_eq!(late_move_reduction(base, &quiet, 0, 20), 4, "{quiet:?}");
        }
        // A PV node is no former PV node besides.
        let pv = QuietMove {
            pv_node: true,
            tt_pv: true,
            ..plain
        };
        assert_eq!(late_move_reduction(base, &pv, 0, 20), 2);
        // A ply for each 8 192 of history, either way.
        assert_eq!(late_move_reduction(base, &plain, 8192, 20), 2);
        assert_eq!(late_move_reduction(base, &plain, -8192, 20), 4);
        assert_eq!(late_move_reduction(base, &plain, 4096, 20), 2);
    }
}
