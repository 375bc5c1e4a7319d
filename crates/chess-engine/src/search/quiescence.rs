//! The quiescence search: only captures and queen promotions (all moves when in check), so
//! that positions are evaluated when quiet.

use chess_core::{Bitboard, Role};
use chess_rules::{Move, MoveList, Position};

use crate::ordering::{Picker, mvv_lva};
use crate::score::{DRAW, INFINITE, MAX_PLY, TB_WIN_BOUND, Value, mated_in};
use crate::see::{SEE_VALUE, see_ge};
use crate::tt::Bound;

use super::pruning::bound_settles;
use super::searcher::Searcher;

/// Adds the captures (en passant included) and queen promotions of `pos` to `moves`.
fn add_noisy_moves(pos: &Position, moves: &mut MoveList) {
    let us = pos.turn();
    let board = pos.board();
    let targets = board.by_color(!us) | Bitboard::rank(chess_core::Rank::Eighth.relative_to(us));
    let _ = pos.for_each_move(board.by_color(us), targets, |m| {
        let keep = match m.promotion() {
            Some(role) => role == Role::Queen,
            None => pos.is_capture(m),
        };
        if keep {
            moves.push(m);
        }
        core::ops::ControlFlow::Continue(())
    });
}

/// What a quiescence node outside the principal variation returns when it fails high with
/// `value`: a quarter of the way back towards `beta`, since an evaluation far above beta is
/// less sure than beta is (as Stockfish). Mate and tablebase values are returned as they are.
fn pulled_towards_beta(value: Value, beta: Value) -> Value {
    if value.abs() < TB_WIN_BOUND {
        (3 * value + beta) / 4
    } else {
        value
    }
}

/// What the capture `m` wins at most: the exchange value of the piece on its destination (a
/// pawn for en passant, whose destination is empty).
#[inline]
fn capture_gain(pos: &Position, m: Move) -> Value {
    pos.board()
        .role_at(m.to())
        .map_or(SEE_VALUE[Role::Pawn as usize], |r| SEE_VALUE[r as usize])
}

/// Delta pruning: even winning the piece outright (`gain`), with 200 cp to spare, would not
/// bring the evaluation to alpha.
#[inline]
fn can_delta_prune(eval: Value, gain: Value, alpha: Value) -> bool {
    eval + gain + 200 <= alpha
}

impl Searcher {
    /// Quiescence search: only captures and queen promotions (all moves when in check), so
    /// that positions are evaluated when quiet.
    pub(super) fn qsearch(
        &mut self,
        pos: &Position,
        mut alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        self.pv_len[ply.min(MAX_PLY)] = ply.min(MAX_PLY);
        self.visit(ply);
        if self.stopped {
            return DRAW;
        }
        if pos.is_insufficient_material() {
            return DRAW;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.evaluate(pos, ply)
            };
        }
        let pv_node = beta - alpha > 1;
        let key = pos.zobrist_hash();
        let hit = self.tt.probe(key, ply);
        let pv_hit = pv_node || hit.is_some_and(|h| h.pv);
        if let Some(h) = hit
            && !pv_node
            && bound_settles(h.bound, h.value, alpha, beta)
        {
            return h.value;
        }

        let hash_move = hit.and_then(|h| h.mv);
        // The moves generated straight into the picker: a list moved into it is a copy.
        let mut picker = Picker::new(MoveList::new(), hash_move);
        let (raw_eval, mut best) = if in_check {
            let _ = pos.generate(picker.moves_mut(), Bitboard::FULL, Bitboard::FULL);
            if picker.is_empty() {
                return mated_in(ply);
            }
            (0, -INFINITE)
        } else {
            let raw = hit.map_or_else(|| self.evaluate(pos, ply), |h| h.eval);
            let eval = self.corrections.apply(pos, raw);
            if eval >= beta {
                // Standing pat bounds the quiescence search from below; kept, it saves the
                // next visit the evaluation.
                if hit.is_none() {
                    self.tt
                        .store(key, None, eval, raw, 0, Bound::Lower, pv_hit, ply);
                }
                return if pv_node {
                    eval
                } else {
                    pulled_towards_beta(eval, beta)
                };
            }
            alpha = alpha.max(eval);
            add_noisy_moves(pos, picker.moves_mut());
            (raw, eval)
        };
        // Delta pruning goes by the corrected evaluation, the table keeps the raw one.
        let corrected_eval = if in_check { 0 } else { best };
        let mut best_move = None;
        while let Some((m, _)) = picker.next(|m| {
            if Some(m) == hash_move {
                i32::MAX
            } else if pos.is_capture(m) {
                mvv_lva(pos, m)
            } else {
                // Evasions that capture nothing, or promotions.
                i32::from(m.is_promotion())
            }
        }) {
            if !in_check {
                if m.promotion().is_none()
                    && can_delta_prune(corrected_eval, capture_gain(pos, m), alpha)
                {
                    continue;
                }
                if !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.after(m);
            self.tt.prefetch(child.zobrist_hash());
            self.push_accumulator(ply, pos, m);
            let value = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return DRAW;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(m);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best, raw_eval, 0, bound, pv_hit, ply);
        if best >= beta && !pv_node {
            best = pulled_towards_beta(best, beta);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use chess_notation::{Fen, uci};
    use chess_rules::CastlingMode;

    use super::*;
    use crate::score::mate_in;

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().expect("test fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    #[test]
    fn quiescence_fail_highs_are_pulled_towards_beta() {
        assert_eq!(pulled_towards_beta(400, 0), 300);
        assert_eq!(pulled_towards_beta(-100, -500), -200);
        assert_eq!(pulled_towards_beta(7, 6), 6);
        assert_eq!(pulled_towards_beta(mate_in(5), 0), mate_in(5));
        assert_eq!(pulled_towards_beta(TB_WIN_BOUND, 0), TB_WIN_BOUND);
        // In a position without captures the quiescence search stands pat: on the evaluation
        // itself in a PV node, pulled towards beta outside one.
        let pos = Position::default();
        let mut searcher = Searcher::with_hash(1);
        if let Some(network) = searcher.network.as_deref() {
            searcher.accumulators[0] = network.refresh(pos.board());
        }
        let eval = searcher.evaluate(&pos, 0);
        let beta = eval - 400;
        assert_eq!(searcher.qsearch(&pos, beta - 1, beta, 0), eval - 100);
        assert_eq!(searcher.qsearch(&pos, beta - 1, eval + 1000, 0), eval);
        assert_eq!(searcher.qsearch(&pos, eval - 1000, beta, 0), eval);
    }

    #[test]
    fn noisy_moves_are_captures_and_queen_promotions() {
        let pos = position("r3k3/1P6/8/3p4/4P3/8/8/R3K2R w KQq d6 0 1");
        let mut noisy = MoveList::new();
        add_noisy_moves(&pos, &mut noisy);
        let mut moves: Vec<String> = noisy.iter().map(|&m| uci::format(&pos, m)).collect();
        moves.sort();
        assert_eq!(moves, ["a1a8", "b7a8q", "b7b8q", "e4d5"]);
    }

    #[test]
    fn delta_pruning_drops_captures_that_cannot_reach_alpha() {
        // A rook, and a pawn taken en passant (an empty destination).
        let pos = position("r3k3/8/8/3pP3/8/8/8/R3K3 w Qq d6 0 1");
        let rook = uci::parse(&pos, "a1a8").expect("legal");
        let en_passant = uci::parse(&pos, "e5d6").expect("legal");
        let (rook_value, pawn_value) = (
            SEE_VALUE[Role::Rook as usize],
            SEE_VALUE[Role::Pawn as usize],
        );
        assert_eq!(capture_gain(&pos, rook), rook_value);
        assert_eq!(capture_gain(&pos, en_passant), pawn_value);
        assert!(can_delta_prune(0, pawn_value, pawn_value + 200));
        assert!(!can_delta_prune(0, pawn_value, pawn_value + 199));
        assert!(!can_delta_prune(0, rook_value, pawn_value + 200));
    }
}
