//! Draws inside the tree: by repetition (against the search path and the game history) and by
//! the 50-move rule, which score a centipawn either side of even, and by insufficient material.

use chess_rules::Position;

use crate::score::{DRAW, Value};

use super::searcher::Searcher;

/// The value of a draw by rule, a centipawn either side of even by `nodes` (Stockfish's
/// `value_draw`): with every draw exactly even, a zero window at even fails the same way for
/// all of them, and the search settles on a repetition without telling it from the lines that
/// keep the game going ("three-fold blindness"). About 15 Elo in self-play
/// (docs/engine.md).
#[inline]
pub(super) fn draw_value(nodes: u64) -> Value {
    DRAW - 1 + (nodes & 2) as Value
}

impl Searcher {
    /// The value of the current node (last on the path) where it is a draw without a move
    /// searched: by insufficient material, by repetition, or by the 50-move rule (unless
    /// checkmate came with the hundredth halfmove).
    #[inline]
    pub(super) fn draw_by_rule(&self, pos: &Position, in_check: bool) -> Option<Value> {
        if pos.is_insufficient_material() {
            return Some(DRAW);
        }
        if self.is_repetition(pos)
            || (pos.halfmoves() >= 100 && (!in_check || pos.has_legal_moves()))
        {
            return Some(draw_value(self.nodes));
        }
        None
    }

    /// Whether the current node (last on the path) repeats an earlier position with the same
    /// side to move since the last irreversible move.
    ///
    /// A repetition inside the search (of the root or a position after it) is scored a draw at
    /// once: whoever can repeat can go on repeating. A position of the game before the root
    /// must have occurred twice there, so that this is the third time, as the rules say: the
    /// opponent is not bound to repeat a position that occurred once, and an engine that
    /// scored that a draw would walk into lost positions believing them drawn (it did, against
    /// Stockfish).
    pub(super) fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.path.len();
        let Some(&key) = self.path.last() else {
            return false;
        };
        let reach = (pos.halfmoves() as usize).min(n - 1 - self.null_barrier.min(n - 1));
        let mut before_root = 0;
        for back in (4..=reach).step_by(2) {
            let i = n - 1 - back;
            if self.path[i] == key {
                if i >= self.root_index {
                    return true;
                }
                before_root += 1;
                if before_root == 2 {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use chess_notation::{Fen, uci};
    use chess_rules::CastlingMode;

    use super::*;
    use crate::{Control, Limits, Score};

    #[test]
    fn draws_by_rule_are_a_centipawn_either_side_of_even() {
        assert_eq!(draw_value(0), -1);
        assert_eq!(draw_value(1), -1);
        assert_eq!(draw_value(2), 1);
        assert_eq!(draw_value(7), 1);
    }

    #[test]
    fn repetition_of_the_game_history_is_a_draw() {
        // White is a queen up. Both kings step out and back twice; before black's last step
        // back the search must see that it brings the starting position a third time: a draw,
        // far better for black than the alternatives.
        let fen: Fen = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1".parse().expect("test fen");
        let start = fen.into_position(CastlingMode::Standard).expect("legal");
        let mut positions = vec![start.clone()];
        for m in ["e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1"] {
            let last = positions.last().expect("nonempty");
            let next = last.after(uci::parse(last, m).expect("legal"));
            positions.push(next);
        }
        let Some((pos, earlier)) = positions.split_last() else {
            unreachable!()
        };
        let history: Vec<u64> = earlier.iter().map(Position::zobrist_hash).collect();
        let back = uci::parse(pos, "e7e8").expect("legal");
        let mut searcher = Searcher::with_hash(4);
        let with = searcher.search(pos, &history, &Limits::depth(6), &Control::new(), |_| {});
        // A draw by rule scores a centipawn either side of even (the draw jitter).
        assert_eq!(with.best_move, Some(back));
        assert!(matches!(with.score, Score::Cp(-1..=1)), "{:?}", with.score);
        let mut searcher = Searcher::with_hash(4);
        let without = searcher.search(pos, &[], &Limits::depth(6), &Control::new(), |_| {});
        assert!(without.score < Score::Cp(-500), "{:?}", without.score);

        // The start once before is no draw: stepping back only repeats it a second time.
        let once: Vec<u64> = earlier[4..].iter().map(Position::zobrist_hash).collect();
        let mut searcher = Searcher::with_hash(4);
        let limits = Limits {
            depth: Some(6),
            search_moves: vec![back],
            ..Limits::default()
        };
        let twice = searcher.search(pos, &once, &limits, &Control::new(), |_| {});
        assert!(twice.score < Score::Cp(-500), "{:?}", twice.score);
    }
}
