//! The static evaluation of the positions on the search path: by the network, kept up to date
//! move by move in its accumulators, or by the classical evaluation; and whether a side's
//! evaluation is improving.

use chess_rules::{Move, Position};

use crate::eval::{classical, evaluate};
use crate::nnue::Change;
use crate::score::{INFINITE, TB_WIN_BOUND, Value};

use super::searcher::Searcher;

/// Whether `eval`, the static evaluation at `ply`, is better than the same side's last one:
/// two plies back, or four where the side was in check two plies back and so had none
/// (Stockfish's rule: +12 ± 19 in self-play, docs/engine.md). Not where it was in check
/// both times: counting that as improving, as Stockfish does, hid a mate from the mate suite.
pub(super) fn improving(static_evals: &[Value], ply: usize, eval: Value) -> bool {
    [ply.checked_sub(2), ply.checked_sub(4)]
        .into_iter()
        .flatten()
        .map(|p| static_evals[p])
        .find(|&before| before > -INFINITE)
        .is_some_and(|before| eval > before)
}

impl Searcher {
    /// The static evaluation of `pos`, the position at `ply` of the search path, for the side
    /// to move.
    #[inline]
    pub(super) fn evaluate(&self, pos: &Position, ply: usize) -> Value {
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
    pub(super) fn push_accumulator(&mut self, ply: usize, pos: &Position, m: Move) {
        if let Some(network) = self.network.as_deref() {
            let (done, next) = self.accumulators.split_at_mut(ply + 1);
            network.apply(
                &done[ply],
                &mut next[0],
                &Change::of_move(pos, m),
                pos.board(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use chess_notation::Fen;
    use chess_rules::CastlingMode;

    use super::*;
    use crate::nnue::Network;
    use crate::{Control, Limits};

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().expect("test fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
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
}
