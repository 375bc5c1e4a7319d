//! Perft for any rules.

use alloc::vec::Vec;

use crate::Move;
use crate::variant::Playable;

/// The number of legal move sequences of `depth` plies from `pos`, by its rules: the last ply
/// counted in bulk ([`Playable::count_legal_moves`]), the others made in place and taken back.
/// Compiled once per position type: for a [`Position`](crate::Position) it is
/// [`crate::perft`].
///
/// ```
/// use chess_rules::variant::{Crazyhouse, Horde, perft};
///
/// assert_eq!(perft(&Horde::new(), 3), 1_274);
/// assert_eq!(perft(&Crazyhouse::new(), 3), 8_902);
/// ```
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

/// Perft split by the first move: the count below each legal move, in generation order.
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
