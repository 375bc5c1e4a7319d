//! Move ordering: the hash move first, then winning and even captures by MVV-LVA and capture
//! history, killer moves, the counter move, quiet moves by their history (by side, origin and
//! destination) and continuation histories (by the moves one and two plies before), and
//! losing captures last.

use std::mem::MaybeUninit;
use std::slice;

use chess_core::{Color, Role};
use chess_rules::{MAX_MOVES, Move, MoveList, Position};

use crate::score::MAX_PLY;
use crate::see::{SEE_VALUE, see_ge};

/// Ordering scores: bands far apart so that history values never cross them.
pub(crate) const HASH_MOVE: i32 = 30_000_000;
pub(crate) const GOOD_CAPTURE: i32 = 20_000_000;
pub(crate) const KILLER: i32 = 15_000_000;
pub(crate) const COUNTER: i32 = 14_000_000;
pub(crate) const BAD_CAPTURE: i32 = -10_000_000;
pub(crate) const UNDERPROMOTION: i32 = -20_000_000;

/// History scores stay within plus or minus this, so that every table keeps them in 16 bits:
/// the continuation history alone is 589 824 entries a thread, and at half the size the
/// tables of many threads crowd each other out of the shared cache less.
const HISTORY_MAX: i32 = 16_384;

/// Most valuable victim, least valuable attacker.
#[inline]
pub(crate) fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let board = pos.board();
    let victim = if m.is_en_passant() {
        SEE_VALUE[Role::Pawn as usize]
    } else {
        board.role_at(m.to()).map_or(0, |r| SEE_VALUE[r as usize])
    };
    let attacker = board.role_at(m.from()).map_or(0, |r| r as i32);
    victim * 8 - attacker
}

/// How often quiet moves caused a cutoff, by side, origin and destination.
pub(crate) struct History(Box<[[[i16; 64]; 64]; 2]>);

impl History {
    pub(crate) fn new() -> History {
        History(Box::new([[[0; 64]; 64]; 2]))
    }

    #[inline]
    pub(crate) fn get(&self, color: Color, m: Move) -> i32 {
        i32::from(self.0[color as usize][m.from() as usize][m.to() as usize])
    }

    /// Moves the entry towards `bonus`' sign; the closer to the limit, the smaller the step
    /// ("history gravity"), so entries stay bounded and recent results weigh more.
    #[inline]
    pub(crate) fn update(&mut self, color: Color, m: Move, bonus: i32) {
        nudge(
            &mut self.0[color as usize][m.from() as usize][m.to() as usize],
            bonus,
            HISTORY_MAX,
        );
    }

    /// Halves every entry: what was learnt for the last move still helps, but less.
    pub(crate) fn age(&mut self) {
        for entry in self.0.iter_mut().flatten().flatten() {
            *entry /= 2;
        }
    }

    pub(crate) fn clear(&mut self) {
        for entry in self.0.iter_mut().flatten().flatten() {
            *entry = 0;
        }
    }
}

/// Moves the entry towards `bonus`' sign, with history gravity (see [`History::update`]):
/// the histories here and the correction histories (`correction`) learn this way.
///
/// The entry stays within `max` (at most `i16::MAX`) either way: from `e` within it,
/// `e + b - e|b|/M` is at most `M` for a positive `b` and at least `-M` for a negative one,
/// the division's rounding towards zero taking off less than a unit.
#[inline]
pub(crate) fn nudge(entry: &mut i16, bonus: i32, max: i32) {
    let bonus = bonus.clamp(-max, max);
    let value = i32::from(*entry);
    let value = value + bonus - value * bonus.abs() / max;
    debug_assert!(value.abs() <= max, "history entry {value} out of bounds");
    *entry = value as i16;
}

/// A move as the histories key it: the moving piece (its dense index) and the destination.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct PieceTo(u16);

impl PieceTo {
    #[inline]
    pub(crate) fn of(pos: &Position, m: Move) -> PieceTo {
        let piece = pos.board().piece_at(m.from()).map_or(0, |p| p.index());
        PieceTo((piece * 64 + m.to() as usize) as u16)
    }

    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

/// How quiet moves fared after each previous move: `table[previous][piece, to]`, for the
/// move one ply before (counter-move history) and two plies before (follow-up history).
pub(crate) struct ContinuationHistory(Vec<i16>);

const PIECE_TO: usize = 12 * 64;

impl ContinuationHistory {
    pub(crate) fn new() -> ContinuationHistory {
        ContinuationHistory(vec![0; PIECE_TO * PIECE_TO])
    }

    /// The row of the previous move `prev`.
    #[inline]
    pub(crate) fn row(&self, prev: PieceTo) -> &[i16] {
        let start = prev.index() * PIECE_TO;
        &self.0[start..start + PIECE_TO]
    }

    #[inline]
    pub(crate) fn update(&mut self, prev: PieceTo, m: PieceTo, bonus: i32) {
        nudge(
            &mut self.0[prev.index() * PIECE_TO + m.index()],
            bonus,
            HISTORY_MAX,
        );
    }

    pub(crate) fn age(&mut self) {
        for entry in &mut self.0 {
            *entry /= 2;
        }
    }

    pub(crate) fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// How captures fared, by moving piece, destination and captured role.
pub(crate) struct CaptureHistory(Vec<i16>);

impl CaptureHistory {
    pub(crate) fn new() -> CaptureHistory {
        CaptureHistory(vec![0; PIECE_TO * 6])
    }

    #[inline]
    fn slot(pos: &Position, m: Move) -> usize {
        let victim = pos.board().role_at(m.to()).map_or(0, |r| r.index());
        PieceTo::of(pos, m).index() * 6 + victim
    }

    #[inline]
    pub(crate) fn get(&self, pos: &Position, m: Move) -> i32 {
        i32::from(self.0[CaptureHistory::slot(pos, m)])
    }

    #[inline]
    pub(crate) fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        nudge(
            &mut self.0[CaptureHistory::slot(pos, m)],
            bonus,
            HISTORY_MAX,
        );
    }

    pub(crate) fn age(&mut self) {
        for entry in &mut self.0 {
            *entry /= 2;
        }
    }

    pub(crate) fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// The reply that last refuted each move, by the refuted move's piece and destination.
pub(crate) struct CounterMoves(Vec<Option<Move>>);

impl CounterMoves {
    pub(crate) fn new() -> CounterMoves {
        CounterMoves(vec![None; PIECE_TO])
    }

    #[inline]
    pub(crate) fn get(&self, prev: Option<PieceTo>) -> Option<Move> {
        prev.and_then(|p| self.0[p.index()])
    }

    #[inline]
    pub(crate) fn set(&mut self, prev: PieceTo, m: Move) {
        self.0[prev.index()] = Some(m);
    }

    pub(crate) fn clear(&mut self) {
        self.0.fill(None);
    }
}

/// What orders the moves of one node.
pub(crate) struct Context<'a> {
    pub(crate) hash_move: Option<Move>,
    pub(crate) killers: [Option<Move>; 2],
    pub(crate) counter: Option<Move>,
    pub(crate) history: &'a History,
    pub(crate) captures: &'a CaptureHistory,
    /// The continuation history rows of the moves one and two plies before, where there were
    /// such moves.
    pub(crate) continuations: [Option<&'a [i16]>; 2],
}

impl Context<'_> {
    /// The history score of a quiet move: its butterfly history plus its continuation
    /// histories.
    #[inline]
    pub(crate) fn quiet_score(&self, pos: &Position, m: Move) -> i32 {
        let key = PieceTo::of(pos, m).index();
        let mut score = self.history.get(pos.turn(), m);
        for row in self.continuations.iter().flatten() {
            score += i32::from(row[key]);
        }
        score
    }

    /// The ordering score of `m` in the main search.
    #[inline]
    pub(crate) fn score(&self, pos: &Position, m: Move) -> i32 {
        if Some(m) == self.hash_move {
            return HASH_MOVE;
        }
        if let Some(role) = m.promotion() {
            if role != Role::Queen {
                return UNDERPROMOTION;
            }
        }
        if pos.is_capture(m) || m.is_promotion() {
            let base = if see_ge(pos, m, 0) {
                GOOD_CAPTURE
            } else {
                BAD_CAPTURE
            };
            return base + mvv_lva(pos, m) + self.captures.get(pos, m) / 8;
        }
        if self.killers[0] == Some(m) {
            KILLER
        } else if self.killers[1] == Some(m) {
            KILLER - 1
        } else if self.counter == Some(m) {
            COUNTER
        } else {
            self.quiet_score(pos, m)
        }
    }
}

/// Two quiet moves per ply that recently caused a cutoff there.
pub(crate) struct Killers([[Option<Move>; 2]; MAX_PLY + 1]);

impl Killers {
    pub(crate) fn new() -> Killers {
        Killers([[None; 2]; MAX_PLY + 1])
    }

    #[inline]
    pub(crate) fn get(&self, ply: usize) -> [Option<Move>; 2] {
        self.0.get(ply).copied().unwrap_or_default()
    }

    #[inline]
    pub(crate) fn add(&mut self, ply: usize, m: Move) {
        if let Some(slot) = self.0.get_mut(ply) {
            if slot[0] != Some(m) {
                slot[1] = slot[0];
                slot[0] = Some(m);
            }
        }
    }

    pub(crate) fn clear(&mut self) {
        self.0 = [[None; 2]; MAX_PLY + 1];
    }
}

/// The ordering score of `m` in the main search.
pub(crate) fn score_move(
    pos: &Position,
    m: Move,
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
    history: &History,
) -> i32 {
    if Some(m) == hash_move {
        return HASH_MOVE;
    }
    if let Some(role) = m.promotion() {
        if role != Role::Queen {
            return UNDERPROMOTION;
        }
    }
    if pos.is_capture(m) || m.is_promotion() {
        let base = if see_ge(pos, m, 0) {
            GOOD_CAPTURE
        } else {
            BAD_CAPTURE
        };
        return base + mvv_lva(pos, m);
    }
    if killers[0] == Some(m) {
        KILLER
    } else if killers[1] == Some(m) {
        KILLER - 1
    } else {
        history.get(pos.turn(), m)
    }
}

/// Moves with their scores, handed out best first by selection: after a cutoff the rest need
/// never be sorted. The hash move, when it is among them, comes first before any other move
/// is scored, since it so often ends the node alone.
pub(crate) struct Picker {
    moves: MoveList,
    /// Once `scored`, the scores of `moves[next..]` (the rest are never read): left unwritten
    /// until then, since the search makes a picker at every node and zeroing these 1 KiB was
    /// part of the 1.6% of its time it spent in `memset`.
    scores: [MaybeUninit<i32>; MAX_MOVES],
    next: usize,
    /// The hash move not yet handed out (until the other moves are scored).
    hash_move: Option<Move>,
    scored: bool,
}

impl Picker {
    /// Hands out `moves`, `hash_move` first if it is among them.
    #[inline(always)]
    pub(crate) fn new(moves: MoveList, hash_move: Option<Move>) -> Picker {
        Picker {
            moves,
            scores: [const { MaybeUninit::uninit() }; MAX_MOVES],
            next: 0,
            hash_move,
            scored: false,
        }
    }

    /// Whether there is no move at all (handed out or not).
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves, to add to before the first is handed out.
    #[inline]
    pub(crate) fn moves_mut(&mut self) -> &mut MoveList {
        debug_assert!(
            self.next == 0 && !self.scored,
            "moves added to a started picker"
        );
        &mut self.moves
    }

    /// The best move not yet handed out by `score` (the hash move's must be the highest),
    /// with its score. The moves are scored on the first call after the hash move, so that
    /// what the hash move's search learnt counts.
    #[inline]
    pub(crate) fn next(&mut self, mut score: impl FnMut(Move) -> i32) -> Option<(Move, i32)> {
        let n = self.moves.len();
        if !self.scored {
            if let Some(hash) = self.hash_move.take() {
                if let Some(i) = self.moves.iter().position(|&m| m == hash) {
                    // Where selection would have put it: swapped with the first move.
                    self.moves.as_mut_slice().swap(0, i);
                    self.next = 1;
                    return Some((hash, score(hash)));
                }
            }
            for i in self.next..n {
                self.scores[i] = MaybeUninit::new(score(self.moves[i]));
            }
            self.scored = true;
        }
        if self.next >= n {
            return None;
        }
        // SAFETY: `next < n <= MAX_MOVES`, and the loop above wrote the scores of
        // `next..n` (`next` only grows after it, and the swaps below stay within that
        // range); `MaybeUninit<i32>` has the layout of `i32`.
        let rest = unsafe {
            slice::from_raw_parts_mut(
                self.scores.as_mut_ptr().add(self.next).cast::<i32>(),
                n - self.next,
            )
        };
        // The first of the highest scores, found in two passes that vectorize: the
        // maximum, then where it first occurs (a loop carrying the best index from one
        // comparison to the next took 7% of the search's time).
        let top = rest.iter().fold(i32::MIN, |a, &b| a.max(b));
        let best = rest.iter().position(|&s| s == top).unwrap_or(0);
        rest.swap(0, best);
        let moves = self.moves.as_mut_slice();
        moves.swap(self.next, self.next + best);
        let picked = (moves[self.next], top);
        self.next += 1;
        Some(picked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::{Fen, uci};
    use chess_rules::CastlingMode;

    fn position(fen: &str) -> Position {
        let fen: Fen = fen.parse().expect("test fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    #[test]
    fn history_entries_stay_within_their_16_bits() {
        // Every entry a table can hold, nudged by bonuses of every size, lands within the
        // bound: the result computed in 32 bits agrees with the 16 bits it is kept in.
        for start in (-HISTORY_MAX..=HISTORY_MAX).step_by(7).chain([HISTORY_MAX]) {
            for bonus in (-40_000..=40_000).step_by(113).chain([-1, 1, HISTORY_MAX]) {
                let mut entry = start as i16;
                nudge(&mut entry, bonus, HISTORY_MAX);
                let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
                let wide = start + b - start * b.abs() / HISTORY_MAX;
                assert_eq!(i32::from(entry), wide, "{start} nudged by {bonus}");
                assert!(
                    wide.abs() <= HISTORY_MAX,
                    "{start} nudged by {bonus}: {wide}"
                );
            }
        }
        // Repeated bonuses one way approach the bound and stop there.
        let mut entry = 0i16;
        for _ in 0..1_000 {
            nudge(&mut entry, 1_500, HISTORY_MAX);
        }
        assert!(i32::from(entry) <= HISTORY_MAX && i32::from(entry) > HISTORY_MAX - 1_500);
    }

    #[test]
    fn order_of_bands() {
        // White can take the queen with a pawn, take the rook while promoting, promote where
        // the rook takes back, give the queen for a pawn, or move the king.
        let pos = position("1rk4b/P5p1/8/3q4/4P3/8/1Q6/4K3 w - - 0 1");
        let history = History::new();
        let m = |s: &str| uci::parse(&pos, s).expect("legal");
        let hash = m("e1f1");
        let killer = m("e1f2");
        let quiet = m("e1e2");
        let score = |mv| score_move(&pos, mv, Some(hash), [Some(killer), None], &history);
        assert_eq!(score(hash), HASH_MOVE);
        assert!(score(m("e4d5")) > score(m("a7b8q")));
        assert!(score(m("a7b8q")) > score(killer));
        assert!(score(killer) > score(quiet));
        // Losing captures and promotions come after the quiet moves, underpromotions last.
        assert!(score(m("b2g7")) < score(quiet));
        assert!(score(m("a7a8q")) < score(quiet));
        assert!(score(m("a7b8n")) < score(m("b2g7")));
    }

    #[test]
    fn picker_hands_out_best_first() {
        let pos = Position::standard();
        let moves = pos.legal_moves();
        let mut picker = Picker::new(moves.clone(), None);
        let mut last = i32::MAX;
        let mut count = 0;
        while let Some((_, s)) = picker.next(|m| m.to() as i32) {
            assert!(s <= last);
            last = s;
            count += 1;
        }
        assert_eq!(count, moves.len());
    }

    /// The order of plain selection sort (the first of the highest scores swapped forward),
    /// which the search's trees and the bench's signature were made with.
    fn selection_order(moves: &[Move], score: impl Fn(Move) -> i32) -> Vec<Move> {
        let mut moves = moves.to_vec();
        let mut scores: Vec<i32> = moves.iter().map(|&m| score(m)).collect();
        for next in 0..moves.len() {
            let mut best = next;
            for i in next + 1..moves.len() {
                if scores[i] > scores[best] {
                    best = i;
                }
            }
            moves.swap(next, best);
            scores.swap(next, best);
        }
        moves
    }

    #[test]
    fn ties_come_out_in_selection_order() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for fen in fens {
            let pos = position(fen);
            let moves = pos.legal_moves();
            for modulus in [1, 2, 3, 7, 64] {
                let score = |m: Move| (m.to() as i32 * 5 + m.from() as i32) % modulus;
                let mut picker = Picker::new(moves.clone(), None);
                let mut picked = Vec::new();
                while let Some((m, _)) = picker.next(score) {
                    picked.push(m);
                }
                assert_eq!(
                    picked,
                    selection_order(&moves, score),
                    "{fen} mod {modulus}"
                );
            }
        }
    }

    #[test]
    fn the_hash_move_comes_first_and_unscored_moves_wait() {
        let pos = Position::standard();
        let moves = pos.legal_moves();
        let hash = moves[7];
        let mut picker = Picker::new(moves.clone(), Some(hash));
        let mut scored = 0;
        let first = picker.next(|m| {
            scored += 1;
            if m == hash { i32::MAX } else { 0 }
        });
        // Only the hash move was scored.
        assert_eq!((first, scored), (Some((hash, i32::MAX)), 1));
        let mut rest = Vec::new();
        while let Some((m, _)) = picker.next(|m| m.to() as i32) {
            rest.push(m);
        }
        assert_eq!(rest.len(), moves.len() - 1);
        assert!(!rest.contains(&hash));
        // A hash move that is not among the moves is ignored: the best scored comes first.
        let stranger = chess_rules::Move::new(chess_core::Square::A1, chess_core::Square::H8);
        let mut picker = Picker::new(moves.clone(), Some(stranger));
        let best = moves.iter().map(|m| m.to() as i32).max();
        assert_eq!(picker.next(|m| m.to() as i32).map(|(_, s)| s), best);
    }

    #[test]
    fn history_stays_bounded() {
        let mut h = History::new();
        let m = Move::new(chess_core::Square::E2, chess_core::Square::E4);
        for _ in 0..1000 {
            h.update(Color::White, m, 1500);
        }
        assert!(h.get(Color::White, m) <= HISTORY_MAX);
        assert!(h.get(Color::White, m) > HISTORY_MAX / 2);
        assert_eq!(h.get(Color::Black, m), 0);
        h.age();
        assert!(h.get(Color::White, m) <= HISTORY_MAX / 2);
        h.clear();
        assert_eq!(h.get(Color::White, m), 0);
    }

    #[test]
    fn killers_keep_two() {
        let mut k = Killers::new();
        let a = Move::new(chess_core::Square::A2, chess_core::Square::A3);
        let b = Move::new(chess_core::Square::B2, chess_core::Square::B3);
        k.add(3, a);
        k.add(3, a);
        assert_eq!(k.get(3), [Some(a), None]);
        k.add(3, b);
        assert_eq!(k.get(3), [Some(b), Some(a)]);
        k.add(MAX_PLY + 5, a);
        assert_eq!(k.get(MAX_PLY + 5), [None, None]);
    }
}
