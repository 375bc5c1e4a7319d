//! The accumulators of the positions on a search's path, brought up to date only when an
//! evaluation needs one: a node that the transposition table, a draw or a cut ends before it
//! evaluates never pays for its update, nor does its parent's if no node below it evaluates.

use super::{Accumulator, Change, Network};

/// Accumulators by ply: those up to `computed` are exact; each one above it is the one below
/// changed by its [`Change`], not yet applied.
#[derive(Clone, Debug)]
pub(crate) struct AccumulatorStack {
    accumulators: Vec<Accumulator>,
    changes: Vec<Change>,
    computed: usize,
}

impl AccumulatorStack {
    /// A stack of `plies` accumulators, all of them the empty board's until [`Self::reset`].
    pub(crate) fn new(plies: usize) -> AccumulatorStack {
        let empty = Network::zeroed().refresh(&chess_core::Board::empty());
        AccumulatorStack {
            accumulators: vec![empty; plies],
            changes: vec![Change::NONE; plies],
            computed: 0,
        }
    }

    /// Sets the accumulator of ply 0, the root.
    pub(crate) fn reset(&mut self, acc: Accumulator) {
        self.accumulators[0] = acc;
        self.computed = 0;
    }

    /// Records that the position at `ply + 1` is the one at `ply` changed by `change` (the
    /// position at `ply + 1` before it is forgotten).
    #[inline]
    pub(crate) fn push(&mut self, ply: usize, change: Change) {
        self.changes[ply + 1] = change;
        self.computed = self.computed.min(ply);
    }

    /// The accumulator of the position at `ply`, applying the changes pending below it.
    #[inline]
    pub(crate) fn get(&mut self, network: &Network, ply: usize) -> &Accumulator {
        while self.computed < ply {
            let (done, next) = self.accumulators.split_at_mut(self.computed + 1);
            network.apply(
                &done[self.computed],
                &mut next[0],
                &self.changes[self.computed + 1],
            );
            self.computed += 1;
        }
        &self.accumulators[ply]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;
    use crate::nnue::random_network;
    use chess_rules::Position;

    #[test]
    fn pending_changes_are_applied_when_asked_for() {
        // A walk down and up a random tree, as a search goes, asking for accumulators now and
        // then: each one asked for is the refresh of its position.
        let net = random_network(11);
        let mut rng = Rng::new(12);
        let mut stack = AccumulatorStack::new(16);
        let root = Position::standard();
        stack.reset(net.refresh(root.board()));
        let mut path = vec![root];
        let mut asked = 0;
        for _ in 0..2000 {
            let ply = path.len() - 1;
            let pos = &path[ply];
            let moves = pos.legal_moves();
            let down = ply + 1 < 15 && !moves.is_empty() && rng.below(3) != 0;
            if down {
                let m = moves[rng.below(moves.len() as u64) as usize];
                let change = if rng.below(10) == 0 {
                    // A null move changes no piece.
                    Change::NONE
                } else {
                    Change::of_move(pos, m)
                };
                let child = if change == Change::NONE {
                    pos.null_move().unwrap_or_else(|| pos.clone())
                } else {
                    pos.after(m)
                };
                stack.push(ply, change);
                path.push(child);
            } else if ply > 0 {
                path.pop();
            }
            if rng.below(4) == 0 {
                let ply = path.len() - 1;
                let pos = &path[ply];
                assert_eq!(
                    stack.get(&net, ply),
                    &net.refresh(pos.board()),
                    "ply {ply}: {pos:?}"
                );
                asked += 1;
            }
        }
        assert!(asked > 300, "{asked}");
    }
}
