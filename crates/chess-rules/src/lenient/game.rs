//! A lenient position with the moves that led to it: taking moves back, the repetition and
//! move-count rules, and the outcome, as python-chess's `Board` judges them.

use alloc::vec::Vec;

use chess_core::{Bitboard, Board, Color, Square};

use super::position::{EmptySquareError, LenientPosition, RawMove, Undo};
use crate::{DrawReason, Outcome, WinReason};

/// What python-chess compares to find a repetition: the pieces, the side to move, the
/// castling rights that can be used and the en passant square where a capture is legal.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TranspositionKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep_square: Option<Square>,
}

impl LenientPosition {
    /// What a repetition of this position must share with it.
    #[must_use]
    pub fn transposition_key(&self) -> TranspositionKey {
        TranspositionKey {
            board: self.board.clone(),
            turn: self.turn,
            castling: self.clean_castling_rights(),
            ep_square: self.ep_square.filter(|_| self.has_legal_en_passant()),
        }
    }
}

/// A lenient position and its history: the moves played, each with what takes it back.
///
/// ```
/// use chess_core::Square;
/// use chess_rules::lenient::{LenientGame, LenientPosition, RawMove};
///
/// let mut game = LenientGame::new(LenientPosition::standard());
/// let shuffle = [(Square::G1, Square::F3), (Square::G8, Square::F6), (Square::F3, Square::G1), (Square::F6, Square::G8)];
/// for (from, to) in shuffle.iter().chain(&shuffle[..3]) {
///     game.push(RawMove::new(*from, *to))?;
/// }
/// // Black can go back to the starting position, a third time in all.
/// assert!(game.can_claim_threefold_repetition());
/// assert_eq!(game.pop(), Some(RawMove::new(Square::F3, Square::G1)));
/// # Ok::<_, chess_rules::lenient::EmptySquareError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct LenientGame {
    pos: LenientPosition,
    /// Each move as played (castling as the board's mode writes it), with its undo record.
    history: Vec<(RawMove, Undo)>,
}

impl LenientGame {
    /// A game from `pos`, without history.
    #[must_use]
    pub fn new(pos: LenientPosition) -> LenientGame {
        LenientGame {
            pos,
            history: Vec::new(),
        }
    }

    /// The current position.
    #[inline]
    #[must_use]
    pub fn position(&self) -> &LenientPosition {
        &self.pos
    }

    /// The current position, to edit. Editing it does not touch the history (as setting a
    /// python-chess board's attributes does not); [`LenientGame::clear_history`] forgets it.
    #[inline]
    pub fn position_mut(&mut self) -> &mut LenientPosition {
        &mut self.pos
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = RawMove> + ExactSizeIterator + '_ {
        self.history.iter().map(|&(m, _)| m)
    }

    /// The Polyglot keys of the positions before this one, oldest first (for an engine's
    /// repetition detection).
    #[must_use]
    pub fn earlier_hashes(&self) -> Vec<u64> {
        let mut hashes: Vec<u64> = self.earlier().map(|(pos, _)| pos.zobrist_hash()).collect();
        hashes.reverse();
        hashes
    }

    /// The bytes the history holds on the heap.
    #[must_use]
    pub fn heap_size(&self) -> usize {
        self.history.capacity() * core::mem::size_of::<(RawMove, Undo)>()
    }

    /// The number of moves played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.history.len()
    }

    /// Whether no move was played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// The last move played.
    #[must_use]
    pub fn peek(&self) -> Option<RawMove> {
        self.history.last().map(|&(m, _)| m)
    }

    /// Forgets the history, keeping the position.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// Keeps only the last `n` moves of the history.
    pub fn keep_last(&mut self, n: usize) {
        let drop = self.history.len().saturating_sub(n);
        self.history.drain(..drop);
    }

    /// Plays `m` (see [`LenientPosition::play`]) and records it.
    pub fn push(&mut self, m: RawMove) -> Result<(), EmptySquareError> {
        let stored = self
            .pos
            .from_chess960(self.pos.chess960, self.pos.to_chess960(m));
        let undo = self.pos.play(m)?;
        self.history.push((stored, undo));
        Ok(())
    }

    /// Takes back the last move and returns it.
    pub fn pop(&mut self) -> Option<RawMove> {
        let (m, undo) = self.history.pop()?;
        self.pos.undo(&undo);
        Some(m)
    }

    /// The position before any recorded move.
    #[must_use]
    pub fn root(&self) -> LenientPosition {
        let mut pos = self.pos.clone();
        for (_, undo) in self.history.iter().rev() {
            pos.undo(undo);
        }
        pos
    }

    /// Each earlier position, latest first, with the move played from it.
    fn earlier(&self) -> impl Iterator<Item = (LenientPosition, RawMove)> + '_ {
        let mut pos = self.pos.clone();
        self.history.iter().rev().map(move |(m, undo)| {
            pos.undo(undo);
            (pos.clone(), *m)
        })
    }

    /// Whether the position occurred `count` times in all since the last irreversible move
    /// (see [`LenientPosition::is_irreversible`]).
    #[must_use]
    pub fn is_repetition(&self, count: usize) -> bool {
        // The pieces must stand on the same squares first: a quick filter.
        let occupied = self.pos.board.occupied();
        let mut candidates = 1;
        let mut pos = self.pos.clone();
        for (_, undo) in self.history.iter().rev() {
            if candidates >= count {
                break;
            }
            pos.undo(undo);
            if pos.board.occupied() == occupied {
                candidates += 1;
            }
        }
        if candidates < count {
            return false;
        }
        let key = self.pos.transposition_key();
        let mut count = count;
        let mut remaining = self.history.len();
        for (pos, m) in self.earlier() {
            if count <= 1 {
                return true;
            }
            if remaining + 1 < count {
                return false;
            }
            remaining -= 1;
            if pos.is_irreversible(m) {
                return false;
            }
            if pos.transposition_key() == key {
                count -= 1;
            }
        }
        count <= 1
    }

    /// Whether the position occurred five times.
    #[must_use]
    pub fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Whether a threefold repetition may be claimed: the position occurred three times, or
    /// some legal move makes a third occurrence of the position it leads to.
    #[must_use]
    pub fn can_claim_threefold_repetition(&self) -> bool {
        let key = self.pos.transposition_key();
        let mut keys = Vec::from([key.clone()]);
        for (pos, m) in self.earlier() {
            if pos.is_irreversible(m) {
                break;
            }
            keys.push(pos.transposition_key());
        }
        let occurrences = |key: &TranspositionKey| keys.iter().filter(|&k| k == key).count();
        if occurrences(&key) >= 3 {
            return true;
        }
        self.pos
            .legal_moves(Bitboard::FULL, Bitboard::FULL)
            .into_iter()
            .filter_map(|m| self.pos.after(m))
            .any(|after| occurrences(&after.transposition_key()) >= 2)
    }

    /// Whether 50 moves by each side passed without a capture or pawn move, and a move
    /// remains to be played.
    #[must_use]
    pub fn is_fifty_moves(&self) -> bool {
        halfmoves_reached(&self.pos, 100)
    }

    /// Whether 75 moves by each side passed without a capture or pawn move, and a move
    /// remains to be played.
    #[must_use]
    pub fn is_seventyfive_moves(&self) -> bool {
        halfmoves_reached(&self.pos, 150)
    }

    /// Whether the 50-move rule may be claimed, now or with the next move.
    #[must_use]
    pub fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        self.pos.halfmoves >= 99
            && self
                .pos
                .legal_moves(Bitboard::FULL, Bitboard::FULL)
                .into_iter()
                .filter(|&m| !self.pos.is_zeroing(m))
                .filter_map(|m| self.pos.after(m))
                .any(|after| halfmoves_reached(&after, 100))
    }

    /// Whether a draw may be claimed (the 50-move rule or a threefold repetition).
    #[must_use]
    pub fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// How the game ended, as python-chess judges it: checkmate, insufficient material,
    /// stalemate, the 75-move rule, fivefold repetition, then (with `claim_draw`) the 50-move
    /// rule and threefold repetition.
    #[must_use]
    pub fn outcome(&self, claim_draw: bool) -> Option<Outcome> {
        let pos = &self.pos;
        if pos.is_checkmate() {
            return Some(Outcome::Decisive {
                winner: !pos.turn,
                reason: WinReason::Checkmate,
            });
        }
        let draw = |reason| Some(Outcome::Draw { reason });
        if pos.is_insufficient_material() {
            return draw(DrawReason::InsufficientMaterial);
        }
        if !pos.has_legal_moves() {
            return draw(DrawReason::Stalemate);
        }
        if self.is_seventyfive_moves() {
            return draw(DrawReason::SeventyFiveMoveRule);
        }
        if self.is_fivefold_repetition() {
            return draw(DrawReason::FivefoldRepetition);
        }
        if claim_draw {
            if self.can_claim_fifty_moves() {
                return draw(DrawReason::FiftyMoveRule);
            }
            if self.can_claim_threefold_repetition() {
                return draw(DrawReason::ThreefoldRepetition);
            }
        }
        None
    }
}

fn halfmoves_reached(pos: &LenientPosition, n: u32) -> bool {
    pos.halfmoves >= n && pos.has_legal_moves()
}
