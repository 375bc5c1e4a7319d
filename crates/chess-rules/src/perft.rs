//! Perft: counting the leaves of the legal move tree, the standard test of a move generator,
//! for any rules ([`Playable`]: standard chess's [`Position`](crate::Position) and every
//! variant's type), each compiled once per position type.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};

use crate::Move;
use crate::variant::Playable;

/// The number of legal move sequences of `depth` plies from `pos` (leaf nodes of the move
/// tree). The last ply is counted in bulk, without building or playing its moves.
///
/// ```
/// use chess_rules::variant::{Crazyhouse, Horde};
/// use chess_rules::{Position, perft};
///
/// assert_eq!(perft(&Position::standard(), 3), 8_902);
/// assert_eq!(perft(&Horde::new(), 3), 1_274);
/// assert_eq!(perft(&Crazyhouse::new(), 3), 8_902);
/// ```
///
/// Moves are made in place and taken back ([`Playable::play_undoable`]), which measured faster
/// than copying the position for each move (see [`perft_copying`] and `docs/performance.md`).
#[must_use]
pub fn perft<P: Playable>(pos: &P, depth: u32) -> u64 {
    perft_in_place(&mut pos.clone(), depth)
}

fn perft_in_place<P: Playable>(pos: &mut P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            for &m in pos.legal_moves().iter() {
                let undo = pos.play_undoable(m);
                nodes += perft_in_place(pos, depth - 1);
                pos.undo(m, undo);
            }
            nodes
        }
    }
}

/// [`perft`] that gives up as soon as `stop` is set (by another thread, say on Ctrl-C):
/// `None` then. The flag is read once per node above the last two plies, which costs nothing
/// measurable and answers within a few milliseconds.
///
/// ```
/// use core::sync::atomic::AtomicBool;
/// use chess_rules::{Position, perft_stoppable};
///
/// let stop = AtomicBool::new(false);
/// assert_eq!(perft_stoppable(&Position::standard(), 3, &stop), Some(8_902));
/// stop.store(true, core::sync::atomic::Ordering::Relaxed);
/// assert_eq!(perft_stoppable(&Position::standard(), 3, &stop), None);
/// ```
#[must_use]
pub fn perft_stoppable<P: Playable>(pos: &P, depth: u32, stop: &AtomicBool) -> Option<u64> {
    perft_in_place_stoppable(&mut pos.clone(), depth, stop)
}

fn perft_in_place_stoppable<P: Playable>(
    pos: &mut P,
    depth: u32,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth <= 2 {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        return Some(perft_in_place(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for &m in pos.legal_moves().iter() {
        let undo = pos.play_undoable(m);
        let below = perft_in_place_stoppable(pos, depth - 1, stop);
        pos.undo(m, undo);
        nodes += below?;
    }
    Some(nodes)
}

/// Perft with copy-make: each move is played on a copy of the position ([`Playable::after`]).
/// Counts the same as [`perft`]; kept to measure the two ways of making moves against each other.
#[must_use]
pub fn perft_copying<P: Playable>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            for &m in pos.legal_moves().iter() {
                nodes += perft_copying(&pos.after(m), depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by the first move: the count below each legal move, in move generation order.
/// Compare with another program's "divide" to find a move generator bug.
#[must_use]
pub fn divide<P: Playable>(pos: &P, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}

/// [`perft`] spread over the threads of rayon's global pool, one task per move of the first
/// two plies.
#[cfg(feature = "parallel")]
#[must_use]
pub fn perft_parallel<P: Playable + Send + Sync>(pos: &P, depth: u32) -> u64 {
    use rayon::prelude::*;
    if depth <= 2 {
        return perft(pos, depth);
    }
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    moves
        .par_iter()
        .map(|&m| {
            let child = pos.after(m);
            let grandchildren: Vec<Move> = child.legal_moves().to_vec();
            grandchildren
                .par_iter()
                .map(|&g| perft(&child.after(g), depth - 2))
                .sum::<u64>()
        })
        .sum()
}

/// [`divide`] in parallel, one task per root move.
#[cfg(feature = "parallel")]
#[must_use]
pub fn divide_parallel<P: Playable + Send + Sync>(pos: &P, depth: u32) -> Vec<(Move, u64)> {
    use rayon::prelude::*;
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    moves
        .par_iter()
        .map(|&m| (m, perft_parallel(&pos.after(m), depth - 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn start_position_small_depths() {
        let pos = Position::standard();
        let expected = [1, 20, 400, 8_902, 197_281];
        for (depth, &nodes) in expected.iter().enumerate() {
            assert_eq!(perft(&pos, depth as u32), nodes);
            assert_eq!(perft_copying(&pos, depth as u32), nodes);
        }
        let split = divide(&pos, 3);
        assert_eq!(split.len(), 20);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
        #[cfg(feature = "parallel")]
        {
            assert_eq!(perft_parallel(&pos, 4), 197_281);
            assert_eq!(divide_parallel(&pos, 3), split);
        }
    }
}
