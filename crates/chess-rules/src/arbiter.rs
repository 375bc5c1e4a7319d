//! The termination tracker: where the rules end a game, found position by position.

use alloc::vec::Vec;
use core::fmt;

use crate::variant::Playable;
use crate::{DrawReason, Outcome, WinReason};

/// The termination tracker: fed a game's positions move by move, it keeps what the rules that
/// end a game need (how often each position occurred, the 75-move clock, the material) and
/// says how they end it, as an [`Outcome`].
///
/// One position is judged in the order of python-chess: checkmate, insufficient material,
/// stalemate, the 75-move rule, fivefold repetition. A move costs little: repetitions are
/// counted over the positions since the last capture, pawn move or null move, every other one
/// (only a position with the same side to move can repeat), which is a few positions in most
/// games and at most the 75-move rule's 150 (a scan of keys in a row beats a hash table at
/// these sizes); insufficient material is looked at only where material can have changed (at
/// the start and where the halfmove clock was reset); legal moves are generated only where the
/// 75-move clock is reached, and for the last position in [`Arbiter::outcome`].
///
/// A recorded game may go on past an ending (archives hold such games): the tracker keeps the
/// first automatic draw met on the way ([`Arbiter::ending`]). Checkmate and stalemate, which
/// no legal move can follow, are judged at the last position.
///
/// The positions may be of any rules ([`Playable`]): a variant's own end comes first, as in
/// python-chess, and Crazyhouse, where captured pieces come back, has no move-count draws and
/// counts repetitions across captures and pawn moves
/// ([`Variant::has_move_count_rules`](crate::variant::Variant::has_move_count_rules)).
/// Standard chess's tracking is compiled for [`Position`](crate::Position) alone.
///
/// ```
/// use chess_core::Square;
/// use chess_rules::{Arbiter, DrawReason, Move, Outcome, Position};
///
/// let mut pos = Position::standard();
/// let mut arbiter = Arbiter::new(&pos);
/// let shuffle = [
///     Move::new(Square::G1, Square::F3),
///     Move::new(Square::G8, Square::F6),
///     Move::new(Square::F3, Square::G1),
///     Move::new(Square::F6, Square::G8),
/// ];
/// for _ in 0..4 {
///     for m in shuffle {
///         pos.play(m)?;
///         arbiter.push(&pos);
///     }
/// }
/// // The starting position a fifth time, after 16 plies.
/// assert_eq!(arbiter.repetitions(), 5);
/// assert_eq!(arbiter.ending(), Some((DrawReason::FivefoldRepetition, 16)));
/// let fivefold = Outcome::Draw { reason: DrawReason::FivefoldRepetition };
/// assert_eq!(arbiter.outcome(&pos), Some(fivefold));
/// // Taking the last move back takes the ending back.
/// arbiter.pop();
/// assert_eq!(arbiter.ending(), None);
/// # Ok::<_, chess_rules::IllegalMoveError>(())
/// ```
#[derive(Clone)]
pub struct Arbiter {
    /// The repetition key of every position fed, the start first.
    keys: Vec<u64>,
    /// Where each run of positions that can repeat one another starts, as an index in `keys`:
    /// the start, and each position after a capture, a pawn move or a null move. Never empty.
    runs: Vec<usize>,
    /// The first automatic draw found, with the ply of its position.
    ending: Option<(DrawReason, usize)>,
}

impl Arbiter {
    /// A tracker for a game starting from `start`.
    ///
    /// ```
    /// use chess_core::{Color, Piece, Role, Square};
    /// use chess_rules::{Arbiter, CastlingMode, DrawReason, Position, Setup};
    ///
    /// let mut setup = Setup::empty();
    /// setup.board.put(Square::E1, Piece::new(Color::White, Role::King));
    /// setup.board.put(Square::E8, Piece::new(Color::Black, Role::King));
    /// let bare_kings = Position::from_setup(setup, CastlingMode::Standard)?;
    /// assert_eq!(Arbiter::new(&Position::standard()).ending(), None);
    /// // Two bare kings: drawn before any move.
    /// assert_eq!(Arbiter::new(&bare_kings).ending(), Some((DrawReason::InsufficientMaterial, 0)));
    /// # Ok::<_, chess_rules::PositionError>(())
    /// ```
    #[must_use]
    pub fn new<P: Playable>(start: &P) -> Arbiter {
        let mut arbiter = Arbiter {
            // Room for most games, so that feeding one rarely reallocates.
            keys: Vec::with_capacity(160),
            runs: alloc::vec![0],
            ending: None,
        };
        arbiter.add(start, true);
        arbiter
    }

    /// Feeds `after`, the position after a move.
    #[inline]
    pub fn push<P: Playable>(&mut self, after: &P) {
        // Material changes only by a capture or a promotion, which reset the halfmove clock:
        // only then can it become insufficient, and no earlier position can occur again (but
        // in Crazyhouse, whose captured pieces come back).
        let reset = after.halfmoves() == 0;
        if reset && after.variant().has_move_count_rules() {
            self.cut();
        }
        self.add(after, reset);
    }

    /// Feeds `after`, the position after a null move (a pass, which archives write `--`):
    /// repetitions across it are not counted, so the positions before it are forgotten.
    ///
    /// ```
    /// use chess_rules::{Arbiter, Position};
    ///
    /// let start = Position::standard();
    /// let mut arbiter = Arbiter::new(&start);
    /// let passed = start.null_move().unwrap();
    /// arbiter.push_null(&passed);
    /// arbiter.push_null(&start);
    /// // The starting position again, but across null moves: its first time.
    /// assert_eq!(arbiter.repetitions(), 1);
    /// ```
    pub fn push_null<P: Playable>(&mut self, after: &P) {
        self.cut();
        self.add(after, false);
    }

    /// Takes back the last position fed, with the ending found there; `false` at the start.
    pub fn pop(&mut self) -> bool {
        let ply = self.plies();
        if ply == 0 {
            return false;
        }
        self.keys.pop();
        if self.runs.len() > 1 && self.runs.last() == Some(&ply) {
            // The popped position started a run: the one before is current again.
            self.runs.pop();
        }
        if matches!(self.ending, Some((_, at)) if at == ply) {
            self.ending = None;
        }
        true
    }

    /// The number of moves (null moves included) fed since the start.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.keys.len() - 1
    }

    /// How many times the last position has occurred (1 the first time), since the last
    /// capture, pawn move or null move.
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        let run = self.run();
        let Some((&last, earlier)) = run.split_last() else {
            return 0;
        };
        // Only a position with the same side to move can repeat: every other one, backwards.
        1 + earlier
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == last)
            .count() as u32
    }

    /// How many times the position with repetition key `key` ([`Playable::repetition_key`])
    /// has occurred since the last capture, pawn move or null move: what a claim of threefold
    /// repetition asks about the position a move would make.
    ///
    /// ```
    /// use chess_core::Square;
    /// use chess_rules::{Arbiter, Move, Position};
    ///
    /// let start = Position::standard();
    /// let mut arbiter = Arbiter::new(&start);
    /// let nf3 = start.after(Move::new(Square::G1, Square::F3));
    /// arbiter.push(&nf3);
    /// assert_eq!(arbiter.count(start.repetition_key()), 1);
    /// assert_eq!(arbiter.count(nf3.repetition_key()), 1);
    /// let e4 = start.after(Move::double_push(Square::E2, Square::E4));
    /// assert_eq!(arbiter.count(e4.repetition_key()), 0);
    /// ```
    #[must_use]
    pub fn count(&self, key: u64) -> u32 {
        self.run().iter().filter(|&&k| k == key).count() as u32
    }

    /// The keys of the current run: the positions since the last capture, pawn move or null
    /// move.
    fn run(&self) -> &[u64] {
        let start = self.runs.last().copied().unwrap_or(0);
        &self.keys[start..]
    }

    /// The first automatic draw met on the way, and the ply of the position where it was met
    /// (0 for the start): insufficient material, the 75-move rule, fivefold repetition, or a
    /// stalemate where the 75-move clock made the tracker look at the legal moves. `None`
    /// while the game goes on, or when it ends by checkmate or stalemate (see
    /// [`Arbiter::outcome`]).
    #[must_use]
    pub fn ending(&self) -> Option<(DrawReason, usize)> {
        self.ending
    }

    /// How the rules end the game whose last position is `last` (the position fed last): the
    /// first automatic draw met before it, or else what the rules say of `last`, judged in the
    /// order the variant's own end, checkmate, insufficient material, stalemate, the 75-move
    /// rule, fivefold repetition. `None` while the game goes on. Claims, resignations and time are not the
    /// tracker's business ([`Game`](crate::Game) adds them).
    ///
    /// ```
    /// use chess_core::{Color, Square};
    /// use chess_rules::{Arbiter, Move, Outcome, Position, WinReason};
    ///
    /// let mut pos = Position::standard();
    /// let mut arbiter = Arbiter::new(&pos);
    /// // 1. f3 e5 2. g4 Qh4#
    /// for m in [
    ///     Move::new(Square::F2, Square::F3),
    ///     Move::double_push(Square::E7, Square::E5),
    ///     Move::double_push(Square::G2, Square::G4),
    ///     Move::new(Square::D8, Square::H4),
    /// ] {
    ///     assert_eq!(arbiter.outcome(&pos), None);
    ///     pos.play(m)?;
    ///     arbiter.push(&pos);
    /// }
    /// assert_eq!(
    ///     arbiter.outcome(&pos),
    ///     Some(Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate })
    /// );
    /// # Ok::<_, chess_rules::IllegalMoveError>(())
    /// ```
    #[must_use]
    pub fn outcome<P: Playable>(&self, last: &P) -> Option<Outcome> {
        debug_assert_eq!(
            self.keys.last(),
            Some(&last.repetition_key()),
            "the last position fed"
        );
        let draw = |reason| Some(Outcome::Draw { reason });
        let pending = match self.ending {
            Some((reason, at)) if at < self.plies() => return draw(reason),
            Some((reason, _)) => Some(reason),
            None => None,
        };
        if let Some(outcome) = last.variant_outcome() {
            return Some(outcome);
        }
        match pending {
            // Decided with the legal moves at hand.
            Some(reason @ (DrawReason::SeventyFiveMoveRule | DrawReason::Stalemate)) => {
                draw(reason)
            }
            // No mate without check.
            Some(DrawReason::InsufficientMaterial) if !last.is_check() => {
                draw(DrawReason::InsufficientMaterial)
            }
            _ if !last.has_legal_moves() => {
                if last.is_check() {
                    Some(Outcome::Decisive {
                        winner: !last.turn(),
                        reason: WinReason::Checkmate,
                    })
                } else if pending == Some(DrawReason::InsufficientMaterial) {
                    draw(DrawReason::InsufficientMaterial)
                } else {
                    draw(DrawReason::Stalemate)
                }
            }
            _ => pending.and_then(draw),
        }
    }

    /// Starts a new run of positions: none before can occur again.
    fn cut(&mut self) {
        self.runs.push(self.keys.len());
    }

    /// Counts `pos` and judges it, unless an ending was found already.
    #[inline]
    fn add<P: Playable>(&mut self, pos: &P, material_changed: bool) {
        let key = pos.repetition_key();
        self.keys.push(key);
        if self.ending.is_none() {
            let repetitions = self.repetitions();
            self.ending = judge(pos, repetitions, material_changed).map(|r| (r, self.plies()));
        }
    }
}

/// The automatic draw at `pos`, as cheaply as it can be told.
fn judge<P: Playable>(pos: &P, repetitions: u32, material_changed: bool) -> Option<DrawReason> {
    if pos.is_variant_end() {
        // The variant's own end comes first ([`Arbiter::outcome`]), and no move follows it.
        return None;
    }
    if material_changed && pos.is_insufficient_material() {
        return Some(DrawReason::InsufficientMaterial);
    }
    if pos.halfmoves() >= 150 && pos.variant().has_move_count_rules() {
        // Unless the last move mated (or stalemated, which comes first).
        return if pos.has_legal_moves() {
            Some(DrawReason::SeventyFiveMoveRule)
        } else if pos.is_check() {
            None
        } else {
            Some(DrawReason::Stalemate)
        };
    }
    (repetitions >= 5).then_some(DrawReason::FivefoldRepetition)
}

impl fmt::Debug for Arbiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Arbiter")
            .field("plies", &self.plies())
            .field("repetitions", &self.repetitions())
            .field("ending", &self.ending)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::{Board, Color, Piece, Role, Square};

    use crate::{CastlingMode, Move, Position, Setup};

    fn position(pieces: &[(Square, Color, Role)], turn: Color, halfmoves: u32) -> Position {
        let mut board = Board::empty();
        for &(sq, color, role) in pieces {
            board.put(sq, Piece::new(color, role));
        }
        let setup = Setup {
            board,
            turn,
            halfmoves,
            ..Setup::empty()
        };
        Position::from_setup(setup, CastlingMode::Standard).unwrap()
    }

    fn feed(arbiter: &mut Arbiter, pos: &mut Position, moves: &[(Square, Square)]) {
        for &(from, to) in moves {
            pos.play(Move::new(from, to)).unwrap();
            arbiter.push(pos);
        }
    }

    const fn draw(reason: DrawReason) -> Option<Outcome> {
        Some(Outcome::Draw { reason })
    }

    #[test]
    fn checkmate_and_stalemate_are_judged_at_the_end() {
        use Color::{Black, White};
        // White: Kg6, Qe7. Black: Kh8. Qf7 stalemates, Qg7 mates.
        let start = position(
            &[
                (Square::G6, White, Role::King),
                (Square::E7, White, Role::Queen),
                (Square::H8, Black, Role::King),
            ],
            White,
            0,
        );
        let mut arbiter = Arbiter::new(&start);
        assert_eq!(arbiter.outcome(&start), None);
        let mate = start.after(Move::new(Square::E7, Square::G7));
        arbiter.push(&mate);
        assert_eq!(
            arbiter.outcome(&mate),
            Some(Outcome::Decisive {
                winner: White,
                reason: WinReason::Checkmate
            })
        );
        assert_eq!(arbiter.ending(), None);
        assert!(arbiter.pop());
        let stalemate = start.after(Move::new(Square::E7, Square::F7));
        arbiter.push(&stalemate);
        assert_eq!(arbiter.outcome(&stalemate), draw(DrawReason::Stalemate));
    }

    #[test]
    fn insufficient_material_comes_before_stalemate() {
        use Color::{Black, White};
        // Black: Ka8; white: Kb6, Nc6. Black to move has no legal move, and a lone knight
        // never mates.
        let pos = position(
            &[
                (Square::A8, Black, Role::King),
                (Square::B6, White, Role::King),
                (Square::C6, White, Role::Knight),
            ],
            Black,
            0,
        );
        assert!(pos.is_stalemate() && pos.is_insufficient_material());
        let arbiter = Arbiter::new(&pos);
        assert_eq!(
            arbiter.outcome(&pos),
            draw(DrawReason::InsufficientMaterial)
        );
    }

    #[test]
    fn insufficient_material_after_a_capture() {
        use Color::{Black, White};
        let mut pos = position(
            &[
                (Square::E1, White, Role::King),
                (Square::E2, White, Role::Knight),
                (Square::E8, Black, Role::King),
                (Square::D4, Black, Role::Rook),
            ],
            White,
            7,
        );
        let mut arbiter = Arbiter::new(&pos);
        // Nxd4 leaves a lone knight.
        feed(&mut arbiter, &mut pos, &[(Square::E2, Square::D4)]);
        assert_eq!(
            arbiter.ending(),
            Some((DrawReason::InsufficientMaterial, 1))
        );
        // The archive's games may go on: the draw stays where it happened.
        feed(&mut arbiter, &mut pos, &[(Square::E8, Square::E7)]);
        assert_eq!(
            arbiter.outcome(&pos),
            draw(DrawReason::InsufficientMaterial)
        );
        assert!(arbiter.pop() && arbiter.pop());
        assert_eq!(arbiter.ending(), None);
        assert!(!arbiter.pop());
    }

    #[test]
    fn seventy_five_moves_unless_the_last_move_mates() {
        use Color::{Black, White};
        let rook_ending = [
            (Square::G6, White, Role::King),
            (Square::A1, White, Role::Rook),
            (Square::H8, Black, Role::King),
        ];
        let mut pos = position(&rook_ending, White, 149);
        let mut arbiter = Arbiter::new(&pos);
        feed(&mut arbiter, &mut pos, &[(Square::A1, Square::A8)]);
        assert_eq!(arbiter.ending(), None);
        assert_eq!(
            arbiter.outcome(&pos),
            Some(Outcome::Decisive {
                winner: White,
                reason: WinReason::Checkmate
            })
        );
        let mut pos = position(&rook_ending, White, 149);
        let mut arbiter = Arbiter::new(&pos);
        feed(&mut arbiter, &mut pos, &[(Square::A1, Square::A2)]);
        assert_eq!(arbiter.ending(), Some((DrawReason::SeventyFiveMoveRule, 1)));
        assert_eq!(arbiter.outcome(&pos), draw(DrawReason::SeventyFiveMoveRule));
        // A stalemate at the 150th halfmove is a stalemate.
        let mut pos = position(
            &[
                (Square::G6, White, Role::King),
                (Square::E7, White, Role::Queen),
                (Square::H8, Black, Role::King),
            ],
            White,
            149,
        );
        let mut arbiter = Arbiter::new(&pos);
        feed(&mut arbiter, &mut pos, &[(Square::E7, Square::F7)]);
        assert_eq!(arbiter.outcome(&pos), draw(DrawReason::Stalemate));
    }

    #[test]
    fn seventy_five_moves_come_before_fivefold_repetition() {
        use Color::{Black, White};
        let mut pos = position(
            &[
                (Square::A1, White, Role::King),
                (Square::H1, White, Role::Rook),
                (Square::A8, Black, Role::King),
            ],
            White,
            134,
        );
        let mut arbiter = Arbiter::new(&pos);
        let shuffle = [
            (Square::H1, Square::H2),
            (Square::A8, Square::B8),
            (Square::H2, Square::H1),
            (Square::B8, Square::A8),
        ];
        for _ in 0..4 {
            feed(&mut arbiter, &mut pos, &shuffle);
        }
        // The start a fifth time, on the 150th halfmove.
        assert_eq!((pos.halfmoves(), arbiter.repetitions()), (150, 5));
        assert_eq!(
            arbiter.ending(),
            Some((DrawReason::SeventyFiveMoveRule, 16))
        );
    }

    #[test]
    fn null_moves_cut_the_repetitions() {
        let start = Position::standard();
        let mut pos = start.clone();
        let mut arbiter = Arbiter::new(&pos);
        let out_and_back = [
            (Square::G1, Square::F3),
            (Square::G8, Square::F6),
            (Square::F3, Square::G1),
            (Square::F6, Square::G8),
        ];
        for _ in 0..3 {
            feed(&mut arbiter, &mut pos, &out_and_back);
        }
        assert_eq!(arbiter.repetitions(), 4);
        // Two passes: the same position, but the count starts again.
        pos = pos.null_move().unwrap();
        arbiter.push_null(&pos);
        pos = pos.null_move().unwrap();
        arbiter.push_null(&pos);
        assert_eq!(arbiter.repetitions(), 1);
        for _ in 0..3 {
            feed(&mut arbiter, &mut pos, &out_and_back);
        }
        assert_eq!((arbiter.repetitions(), arbiter.ending()), (4, None));
        feed(&mut arbiter, &mut pos, &out_and_back);
        assert_eq!(arbiter.ending(), Some((DrawReason::FivefoldRepetition, 30)));
        // Taking back to before the passes counts the first run again.
        for _ in 0..18 {
            assert!(arbiter.pop());
        }
        assert_eq!((arbiter.plies(), arbiter.repetitions()), (12, 4));
        assert_eq!(arbiter.count(start.repetition_key()), 4);
        assert_eq!(arbiter.ending(), None);
    }

    #[test]
    fn captures_cut_the_repetitions_and_undo_restores_them() {
        let mut pos = Position::standard();
        let mut arbiter = Arbiter::new(&pos);
        let out_and_back = [
            (Square::G1, Square::F3),
            (Square::G8, Square::F6),
            (Square::F3, Square::G1),
            (Square::F6, Square::G8),
        ];
        feed(&mut arbiter, &mut pos, &out_and_back);
        feed(&mut arbiter, &mut pos, &out_and_back);
        assert_eq!(arbiter.repetitions(), 3);
        pos.play(Move::double_push(Square::E2, Square::E4)).unwrap();
        arbiter.push(&pos);
        assert_eq!(arbiter.repetitions(), 1);
        assert_eq!(arbiter.count(Position::standard().repetition_key()), 0);
        arbiter.pop();
        assert_eq!(arbiter.repetitions(), 3);
    }
}
