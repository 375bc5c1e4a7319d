//! Finding the legal moves a description names (a role, a destination, the squares a piece may
//! come from, a promotion): what a move written in SAN (`Nbd7`, `exd5`, `e8=Q`), typed by a
//! person, or given in UCI means in a position.
//!
//! The candidate origins come from the attack tables looked up from the destination, and each
//! is tested against the position's checkers and pins, without generating the legal moves: a
//! PGN reader resolves every move of a game this way. En passant, whose legality can hinge on a
//! discovered check through the two vacated squares, asks the move generator.

use chess_core::{Bitboard, Rank, Role, Square, attacks};

use crate::{EnPassantMode, Move, MoveList, Position};

/// What a description of a move matches among the legal moves: see [`Position::find_move`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveMatch {
    /// No legal move.
    None,
    /// Exactly one legal move.
    One(Move),
    /// Several legal moves ([`Position::matching_moves`] lists them).
    Several,
}

impl Position {
    /// The legal move of the side to move's `role` to `to`, coming from a square of `from`
    /// (all squares, or a file or rank that tells pieces apart), with `promotion` when a pawn
    /// reaches the last rank (and only then). Castling is not a king move here: it is named by
    /// its side (see [`Position::castling_rights`] and [`Move::castle`]).
    ///
    /// ```
    /// use chess_core::{Bitboard, File, Role, Square};
    /// use chess_rules::{Move, MoveMatch, Position};
    ///
    /// let pos = Position::standard();
    /// assert_eq!(
    ///     pos.find_move(Role::Knight, Bitboard::FULL, Square::F3, None),
    ///     MoveMatch::One(Move::new(Square::G1, Square::F3))
    /// );
    /// assert_eq!(pos.find_move(Role::Bishop, Bitboard::FULL, Square::C4, None), MoveMatch::None);
    /// // After 1. Nc3 a6 2. Nf3 a5 3. Ng5 a4, both knights can go to e4... unless the origin
    /// // file is given, as SAN does (`Nce4`).
    /// let mut pos = pos;
    /// let moves = [("b1", "c3"), ("a7", "a6"), ("g1", "f3"), ("a6", "a5"), ("f3", "g5"), ("a5", "a4")];
    /// for (from, to) in moves {
    ///     let (from, to): (Square, Square) = (from.parse().unwrap(), to.parse().unwrap());
    ///     pos.play(pos.legal_moves().into_iter().find(|m| (m.from(), m.to()) == (from, to)).unwrap())?;
    /// }
    /// assert_eq!(pos.find_move(Role::Knight, Bitboard::FULL, Square::E4, None), MoveMatch::Several);
    /// assert_eq!(
    ///     pos.find_move(Role::Knight, Bitboard::file(File::C), Square::E4, None),
    ///     MoveMatch::One(Move::new(Square::C3, Square::E4))
    /// );
    /// # Ok::<_, chess_rules::IllegalMoveError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn find_move(
        &self,
        role: Role,
        from: Bitboard,
        to: Square,
        promotion: Option<Role>,
    ) -> MoveMatch {
        let mut found = MoveMatch::None;
        self.for_each_match(role, from, to, promotion, |m| {
            found = match found {
                MoveMatch::None => MoveMatch::One(m),
                _ => MoveMatch::Several,
            };
        });
        found
    }

    /// Every legal move [`Position::find_move`] considers for the description (none, one, or
    /// the candidates of an ambiguous one), in origin square order.
    #[must_use]
    pub fn matching_moves(
        &self,
        role: Role,
        from: Bitboard,
        to: Square,
        promotion: Option<Role>,
    ) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_match(role, from, to, promotion, |m| moves.push(m));
        moves
    }

    /// The pieces of the side to move's `role` on `from` that could move to `to` if their own
    /// king's safety did not count: what a person who overlooked a check or a pin meant (the
    /// moves of [`Position::matching_moves`] come from among them). Castling is not counted.
    ///
    /// ```
    /// use chess_core::{Bitboard, Role, Square};
    /// use chess_rules::Position;
    ///
    /// let pos = Position::standard();
    /// let origins = pos.pseudo_legal_origins(Role::Pawn, Bitboard::FULL, Square::E4);
    /// assert_eq!(origins, Bitboard::from(Square::E2));
    /// ```
    #[must_use]
    pub fn pseudo_legal_origins(&self, role: Role, from: Bitboard, to: Square) -> Bitboard {
        let us = self.turn();
        let board = self.board();
        let from = from & board.pieces(us, role);
        if board.by_color(us).contains(to) {
            return Bitboard::EMPTY;
        }
        let occupied = board.occupied();
        let reach = match role {
            Role::Knight => attacks::knight(to),
            Role::Bishop => attacks::bishop(to, occupied),
            Role::Rook => attacks::rook(to, occupied),
            Role::Queen => attacks::queen(to, occupied),
            Role::King => attacks::king(to),
            Role::Pawn => {
                let en_passant = self.ep_square(EnPassantMode::Always) == Some(to);
                if occupied.contains(to) || en_passant {
                    attacks::pawn(!us, to)
                } else {
                    let back = if us.is_white() { -1 } else { 1 };
                    let one = to.offset(0, back);
                    let two = one
                        .filter(|&one| {
                            to.rank() == Rank::Fourth.relative_to(us) && !occupied.contains(one)
                        })
                        .and_then(|one| one.offset(0, back));
                    one.into_iter().chain(two).collect()
                }
            }
        };
        reach & from
    }

    /// Calls `found` with each legal move matching the description.
    #[inline]
    fn for_each_match(
        &self,
        role: Role,
        from: Bitboard,
        to: Square,
        promotion: Option<Role>,
        mut found: impl FnMut(Move),
    ) {
        let us = self.turn();
        let board = self.board();
        let from = from & board.pieces(us, role);
        let last_rank = to.rank() == Rank::Eighth.relative_to(us);
        let promotes = role == Role::Pawn && last_rank;
        let promotion_ok = match promotion {
            None => !promotes,
            Some(p) => promotes && !matches!(p, Role::Pawn | Role::King),
        };
        if board.by_color(us).contains(to) || from.is_empty() || !promotion_ok {
            return;
        }
        let occupied = board.occupied();
        let checkers = self.checkers();
        let king = self.king_of(us);
        if role == Role::King {
            // An ordinary king move, to a square no enemy piece attacks once the king has
            // left its own (so a slider does not see through it).
            let Some(origin) = (attacks::king(to) & from).first() else {
                return;
            };
            if !board.is_attacked(to, !us, occupied.without(origin)) {
                found(Move::new(origin, to));
            }
            return;
        }
        if checkers.more_than_one() {
            // Only the king may move.
            return;
        }
        let pinned = self.pinned();
        // Whether a move from `origin` to `to` resolves any check and respects a pin.
        let legal = |origin: Square| {
            let evades = match checkers.first() {
                Some(checker) => attacks::between(king, checker).with(checker).contains(to),
                None => true,
            };
            evades
                && (!pinned.contains(origin)
                    || (checkers.is_empty() && attacks::line(king, origin).contains(to)))
        };
        let make = |origin: Square| match promotion {
            Some(p) => Move::promote(origin, to, p),
            None => Move::new(origin, to),
        };
        let origins = match role {
            Role::Knight => attacks::knight(to),
            Role::Bishop => attacks::bishop(to, occupied),
            Role::Rook => attacks::rook(to, occupied),
            Role::Queen => attacks::queen(to, occupied),
            Role::King => Bitboard::EMPTY,
            Role::Pawn => {
                // The squares a pawn of ours would capture `to` from.
                let capturers = attacks::pawn(!us, to) & from;
                if occupied.contains(to) {
                    for origin in capturers {
                        if legal(origin) {
                            found(make(origin));
                        }
                    }
                } else if self.ep_square(EnPassantMode::Always) == Some(to) {
                    // En passant: the generator knows about the two squares it empties.
                    for origin in capturers {
                        let m = Move::en_passant(origin, to);
                        if self.is_legal(m) {
                            found(m);
                        }
                    }
                }
                if occupied.contains(to) {
                    return;
                }
                let back = if us.is_white() { -1 } else { 1 };
                let Some(one) = to.offset(0, back) else {
                    return;
                };
                if from.contains(one) {
                    if legal(one) {
                        found(make(one));
                    }
                } else if to.rank() == Rank::Fourth.relative_to(us) && !occupied.contains(one) {
                    if let Some(two) = one.offset(0, back).filter(|&two| from.contains(two)) {
                        if legal(two) {
                            found(Move::double_push(two, to));
                        }
                    }
                }
                return;
            }
        };
        for origin in origins & from {
            if legal(origin) {
                found(make(origin));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::File;

    /// Positions from random play, Chess960 starts included (checks, pins, promotions and en
    /// passant come up). Played here, not by `chess_testdata::random_positions`: to this crate's
    /// unit tests, the `Position` of chess-testdata's chess-rules is another crate's type.
    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut rng = chess_testdata::Rng::new(0x9e37_79b9_7f4a_7c15);
        for game in 0..60u32 {
            let mut pos = if game % 3 == 0 {
                Position::chess960(game * 7 % 960).unwrap()
            } else {
                Position::standard()
            };
            for _ in 0..160 {
                out.push(pos.clone());
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        out
    }

    /// The attack-table search and the move generator agree on every description: every role,
    /// destination, origin mask (all squares, a file, a rank, one square) and promotion.
    #[test]
    fn matching_agrees_with_the_generator() {
        let mut checked = 0;
        for pos in positions() {
            let legal = pos.legal_moves();
            for role in Role::ALL {
                for to in Square::ALL {
                    let masks = [
                        Bitboard::FULL,
                        Bitboard::file(File::from_index(to.index() % 8).unwrap()),
                        Bitboard::rank(to.rank()),
                        Bitboard::from(Square::ALL[(to.index() * 7 + 3) % 64]),
                    ];
                    for from in masks {
                        for promotion in [None, Some(Role::Queen), Some(Role::Knight)] {
                            let expected: Vec<Move> = legal
                                .iter()
                                .copied()
                                .filter(|m| {
                                    !m.is_castle()
                                        && m.to() == to
                                        && from.contains(m.from())
                                        && pos.board().role_at(m.from()) == Some(role)
                                        && m.promotion() == promotion
                                })
                                .collect();
                            let mut actual = pos.matching_moves(role, from, to, promotion).to_vec();
                            let mut sorted = expected.clone();
                            sorted.sort_by_key(|m| m.to_u16());
                            actual.sort_by_key(|m| m.to_u16());
                            assert_eq!(actual, sorted, "{role:?} to {to} in {pos:?}");
                            let found = pos.find_move(role, from, to, promotion);
                            let expected_match = match expected[..] {
                                [] => MoveMatch::None,
                                [m] => MoveMatch::One(m),
                                _ => MoveMatch::Several,
                            };
                            assert_eq!(found, expected_match);
                            let origins = pos.pseudo_legal_origins(role, from, to);
                            assert!(expected.iter().all(|m| origins.contains(m.from())));
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 500_000, "{checked}");
    }
}
