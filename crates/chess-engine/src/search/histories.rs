//! What the search teaches the move-ordering statistics (`ordering`), and what it asks them:
//! killers, counter moves, the butterfly and continuation histories of quiet moves.

use chess_rules::{Move, MoveList, Position};

use crate::ordering::PieceTo;

use super::searcher::Searcher;

/// The history bonus of a move that caused a cutoff at `depth` (the malus of the moves tried
/// before it): growing with the square of the depth, up to 1 500.
#[inline]
pub(super) fn history_bonus(depth: i32) -> i32 {
    (32 * depth * depth).min(1500)
}

impl Searcher {
    /// Killer, counter move and history bonuses for the quiet move `m` that caused a cutoff
    /// (after the moves `previous`), and a malus for the quiet moves tried before it.
    pub(super) fn reward_quiet(
        &mut self,
        pos: &Position,
        m: Move,
        tried: &MoveList,
        bonus: i32,
        ply: usize,
        previous: [Option<PieceTo>; 2],
    ) {
        let us = pos.turn();
        self.killers.add(ply, m);
        if let Some(prev) = previous[0] {
            self.counters.set(prev, m);
        }
        let mut reward = |m: Move, bonus: i32| {
            self.history.update(us, m, bonus);
            let key = PieceTo::of(pos, m);
            for prev in previous.into_iter().flatten() {
                self.continuations.update(prev, key, bonus);
            }
        };
        reward(m, bonus);
        for &other in tried.iter() {
            reward(other, -bonus);
        }
    }

    /// The history score of the quiet move `m` after the moves `previous`.
    pub(super) fn quiet_history(
        &self,
        pos: &Position,
        m: Move,
        previous: [Option<PieceTo>; 2],
    ) -> i32 {
        let key = PieceTo::of(pos, m);
        let mut score = self.history.get(pos.turn(), m);
        for prev in previous.into_iter().flatten() {
            score += i32::from(self.continuations.row(prev)[key.index()]);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::uci;

    #[test]
    fn the_bonus_grows_with_the_square_of_the_depth_up_to_a_cap() {
        assert_eq!(history_bonus(1), 32);
        assert_eq!(history_bonus(4), 512);
        assert_eq!(history_bonus(6), 1152);
        assert_eq!(history_bonus(7), 1500);
        assert_eq!(history_bonus(30), 1500);
    }

    #[test]
    fn a_cutoff_rewards_its_move_and_punishes_the_quiet_moves_before_it() {
        let pos = Position::standard();
        let e4 = uci::parse(&pos, "e2e4").expect("legal");
        let d4 = uci::parse(&pos, "d2d4").expect("legal");
        let d3 = uci::parse(&pos, "d2d3").expect("legal");
        let mut searcher = Searcher::with_hash(1);
        let previous = [Some(PieceTo::of(&pos, d3)), None];
        let mut tried = MoveList::new();
        tried.push(d4);
        searcher.reward_quiet(&pos, e4, &tried, 100, 3, previous);
        // The butterfly history and the continuation history after d3 each gave their share.
        assert_eq!(searcher.quiet_history(&pos, e4, previous), 200);
        assert_eq!(searcher.quiet_history(&pos, d4, previous), -200);
        assert_eq!(searcher.quiet_history(&pos, e4, [None, None]), 100);
        assert_eq!(searcher.killers.get(3)[0], Some(e4));
        assert_eq!(searcher.counters.get(previous[0]), Some(e4));
    }
}
