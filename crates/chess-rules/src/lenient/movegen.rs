//! Move generation on any setup, in python-chess's order.
//!
//! Pseudo-legal moves follow the pieces' rules alone; legal moves also keep the side's king
//! (when it has one) out of check, tested per move against the pieces pinned to it, as
//! python-chess tests them. Each generator takes a set of origin and a set of destination
//! squares (castling is selected by its rook's square) and hands each move to a sink that may
//! stop the generation.

use core::ops::ControlFlow;

use chess_core::{Bitboard, Color, File, Rank, Role, Square, attacks};

use super::position::{LenientPosition, Moves, RawMove};

/// What a sink returns: go on or stop.
type Flow = ControlFlow<()>;

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl LenientPosition {
    /// The pseudo-legal moves from `from_mask` to `to_mask`: every move the pieces' rules
    /// allow (castling by its rules), whether or not it leaves the king in check.
    #[must_use]
    pub fn pseudo_legal_moves(&self, from_mask: Bitboard, to_mask: Bitboard) -> Moves {
        let mut moves = Moves::new();
        let _ = self.each_pseudo_legal(from_mask, to_mask, &mut |m| {
            moves.push(m);
            ControlFlow::Continue(())
        });
        moves
    }

    /// The legal moves from `from_mask` to `to_mask`.
    #[must_use]
    pub fn legal_moves(&self, from_mask: Bitboard, to_mask: Bitboard) -> Moves {
        let mut moves = Moves::new();
        let _ = self.each_legal(from_mask, to_mask, &mut |m| {
            moves.push(m);
            ControlFlow::Continue(())
        });
        moves
    }

    /// The pseudo-legal en passant captures.
    #[must_use]
    pub fn pseudo_legal_ep(&self, from_mask: Bitboard, to_mask: Bitboard) -> Moves {
        let mut moves = Moves::new();
        let _ = self.each_pseudo_legal_ep(from_mask, to_mask, &mut |m| {
            moves.push(m);
            ControlFlow::Continue(())
        });
        moves
    }

    /// The legal en passant captures.
    #[must_use]
    pub fn legal_ep(&self, from_mask: Bitboard, to_mask: Bitboard) -> Moves {
        let mut moves = Moves::new();
        let _ = self.each_legal_ep(from_mask, to_mask, &mut |m| {
            moves.push(m);
            ControlFlow::Continue(())
        });
        moves
    }

    /// The pseudo-legal captures: onto enemy pieces, then en passant.
    #[must_use]
    pub fn pseudo_legal_captures(&self, from_mask: Bitboard, to_mask: Bitboard) -> Moves {
        let mut moves =
            self.pseudo_legal_moves(from_mask, to_mask & self.board.by_color(!self.turn));
        moves.extend(self.pseudo_legal_ep(from_mask, to_mask));
        moves
    }

    /// The legal captures: onto enemy pieces, then en passant.
    #[must_use]
    pub fn legal_captures(&self, from_mask: Bitboard, to_mask: Bitboard) -> Moves {
        let mut moves = self.legal_moves(from_mask, to_mask & self.board.by_color(!self.turn));
        moves.extend(self.legal_ep(from_mask, to_mask));
        moves
    }

    /// The castling moves whose king stands on `from_mask` and whose rook on `to_mask`.
    #[must_use]
    pub fn castling_moves(&self, from_mask: Bitboard, to_mask: Bitboard) -> Moves {
        let mut moves = Moves::new();
        let _ = self.each_castling(from_mask, to_mask, &mut |m| {
            moves.push(m);
            ControlFlow::Continue(())
        });
        moves
    }

    /// Whether the side to move has a legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.each_legal(Bitboard::FULL, Bitboard::FULL, &mut |_| {
            ControlFlow::Break(())
        })
        .is_break()
    }

    /// The number of legal moves.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        let _ = self.each_legal(Bitboard::FULL, Bitboard::FULL, &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// Whether some pseudo-legal en passant capture exists.
    #[must_use]
    pub fn has_pseudo_legal_en_passant(&self) -> bool {
        self.each_pseudo_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut |_| {
            ControlFlow::Break(())
        })
        .is_break()
    }

    /// Whether some legal en passant capture exists.
    #[must_use]
    pub fn has_legal_en_passant(&self) -> bool {
        self.each_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut |_| {
            ControlFlow::Break(())
        })
        .is_break()
    }

    /// Hands each pseudo-legal move to `sink`, in python-chess's order.
    pub fn each_pseudo_legal(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut impl FnMut(RawMove) -> Flow,
    ) -> Flow {
        let b = &self.board;
        let us = self.turn;
        let ours = b.by_color(us);
        let occupied = b.occupied();

        for from in (ours & !b.by_role(Role::Pawn) & from_mask)
            .into_iter()
            .rev()
        {
            let targets = self.attacks_mask(from) & !ours & to_mask;
            for to in targets.into_iter().rev() {
                sink(RawMove::new(from, to))?;
            }
        }
        if from_mask.intersects(b.by_role(Role::King)) {
            self.each_castling(from_mask, to_mask, sink)?;
        }

        let pawns = b.pieces(us, Role::Pawn) & from_mask;
        if pawns.is_empty() {
            return ControlFlow::Continue(());
        }
        let theirs = b.by_color(!us);
        for from in pawns.into_iter().rev() {
            let targets = attacks::pawn(us, from) & theirs & to_mask;
            for to in targets.into_iter().rev() {
                pawn_move(from, to, sink)?;
            }
        }
        // A pawn on its first rank (only in a set-up position) may step two squares from
        // there too, as python-chess lets it.
        let (single, double) = match us {
            Color::White => {
                let single = Bitboard(pawns.0 << 8) & !occupied;
                let double = Bitboard(single.0 << 8)
                    & !occupied
                    & (Bitboard::rank(Rank::Third) | Bitboard::rank(Rank::Fourth));
                (single, double)
            }
            Color::Black => {
                let single = Bitboard(pawns.0 >> 8) & !occupied;
                let double = Bitboard(single.0 >> 8)
                    & !occupied
                    & (Bitboard::rank(Rank::Sixth) | Bitboard::rank(Rank::Fifth));
                (single, double)
            }
        };
        let back = if us.is_white() { -8 } else { 8 };
        for to in (single & to_mask).into_iter().rev() {
            pawn_move(offset(to, back), to, sink)?;
        }
        for to in (double & to_mask).into_iter().rev() {
            sink(RawMove::new(offset(to, 2 * back), to))?;
        }
        if self.ep_candidate().is_some() {
            self.each_pseudo_legal_ep(from_mask, to_mask, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// The en passant square as the generators see it: python-chess's test is the square's
    /// truth value, so an en passant square on `a1` (never a valid one) counts as none.
    fn ep_candidate(&self) -> Option<Square> {
        self.ep_square.filter(|&ep| ep != Square::A1)
    }

    /// Hands each pseudo-legal en passant capture to `sink`.
    pub fn each_pseudo_legal_ep(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut impl FnMut(RawMove) -> Flow,
    ) -> Flow {
        let Some(ep) = self.ep_candidate() else {
            return ControlFlow::Continue(());
        };
        if !to_mask.contains(ep) || self.board.occupied().contains(ep) {
            return ControlFlow::Continue(());
        }
        let us = self.turn;
        let rank = Bitboard::rank(Rank::Fifth.relative_to(us));
        let capturers =
            self.board.pieces(us, Role::Pawn) & from_mask & attacks::pawn(!us, ep) & rank;
        for from in capturers.into_iter().rev() {
            sink(RawMove::new(from, ep))?;
        }
        ControlFlow::Continue(())
    }

    /// Hands each castling move to `sink`: the king on `from_mask`, the rook on `to_mask`,
    /// the `h`-side rook first.
    pub fn each_castling(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut impl FnMut(RawMove) -> Flow,
    ) -> Flow {
        let us = self.turn;
        let b = &self.board;
        let rank = Rank::First.relative_to(us);
        let backrank = Bitboard::rank(rank);
        let Some(king) = (b.pieces(us, Role::King) & !self.promoted & backrank & from_mask).first()
        else {
            return ControlFlow::Continue(());
        };
        let occupied = b.occupied();
        let king_bb = Bitboard::from_square(king);
        for rook in (self.clean_castling_rights() & backrank & to_mask)
            .into_iter()
            .rev()
        {
            let a_side = rook < king;
            let king_to = Square::new(if a_side { File::C } else { File::G }, rank);
            let rook_to = Square::new(if a_side { File::D } else { File::F }, rank);
            let king_path = attacks::between(king, king_to);
            let rook_path = attacks::between(rook, rook_to);
            let others = occupied ^ king_bb ^ rook;
            if others.intersects(king_path | rook_path | king_to | rook_to)
                || self.attacked_for_king(king_path | king_bb, occupied ^ king_bb)
                || self.attacked_for_king(
                    Bitboard::from_square(king_to),
                    occupied ^ king_bb ^ rook ^ rook_to,
                )
            {
                continue;
            }
            sink(self.from_chess960(self.chess960, RawMove::new(king, rook)))?;
        }
        ControlFlow::Continue(())
    }

    /// Whether the opponent attacks a square of `path`, sliders seen through `occupied`.
    fn attacked_for_king(&self, path: Bitboard, occupied: Bitboard) -> bool {
        path.into_iter()
            .any(|sq| self.is_attacked_by(!self.turn, sq, occupied))
    }

    /// Hands each legal move to `sink`, in python-chess's order (in check: the king's moves,
    /// then the captures of and blocks against a single checker).
    pub fn each_legal(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut impl FnMut(RawMove) -> Flow,
    ) -> Flow {
        let us = self.turn;
        // Any king of ours, promoted or not, as python-chess picks it here.
        let Some(king) = (self.board.by_role(Role::King) & self.board.by_color(us)).last() else {
            return self.each_pseudo_legal(from_mask, to_mask, sink);
        };
        let blockers = self.slider_blockers(king);
        let checkers = self.attackers_mask(!us, king, self.board.occupied());
        let mut safe = |m: RawMove| {
            if self.is_safe(king, blockers, m) {
                sink(m)
            } else {
                ControlFlow::Continue(())
            }
        };
        if checkers.any() {
            self.each_evasion(king, checkers, from_mask, to_mask, &mut safe)
        } else {
            self.each_pseudo_legal(from_mask, to_mask, &mut safe)
        }
    }

    /// Hands each legal en passant capture to `sink`.
    pub fn each_legal_ep(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut impl FnMut(RawMove) -> Flow,
    ) -> Flow {
        self.each_pseudo_legal_ep(from_mask, to_mask, &mut |m| {
            if self.is_into_check(m) {
                ControlFlow::Continue(())
            } else {
                sink(m)
            }
        })
    }

    /// The moves that may get the king at `king` out of check by `checkers`: its steps to
    /// squares off the checking lines, then (against one checker) the captures of it and the
    /// blocks, other kings excluded, and an en passant capture of a checking pawn.
    fn each_evasion(
        &self,
        king: Square,
        checkers: Bitboard,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut impl FnMut(RawMove) -> Flow,
    ) -> Flow {
        let b = &self.board;
        let us = self.turn;
        let sliders =
            checkers & (b.by_role(Role::Bishop) | b.by_role(Role::Rook) | b.by_role(Role::Queen));
        let mut attacked = Bitboard::EMPTY;
        for checker in sliders.into_iter().rev() {
            attacked |= attacks::line(king, checker).without(checker);
        }
        if from_mask.contains(king) {
            let targets = attacks::king(king) & !b.by_color(us) & !attacked & to_mask;
            for to in targets.into_iter().rev() {
                sink(RawMove::new(king, to))?;
            }
        }
        if let Some(checker) = checkers.single_square() {
            let target = attacks::between(king, checker) | checkers;
            self.each_pseudo_legal(!b.by_role(Role::King) & from_mask, target & to_mask, sink)?;
            if let Some(ep) = self.ep_candidate() {
                if !target.contains(ep) && offset(ep, if us.is_white() { -8 } else { 8 }) == checker
                {
                    self.each_pseudo_legal_ep(from_mask, to_mask, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Our pieces that stand alone between our king at `king` and an enemy slider.
    fn slider_blockers(&self, king: Square) -> Bitboard {
        let b = &self.board;
        let us = self.turn;
        let snipers = (attacks::rook_rays(king) & (b.by_role(Role::Rook) | b.by_role(Role::Queen)))
            | (attacks::bishop_rays(king) & (b.by_role(Role::Bishop) | b.by_role(Role::Queen)));
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers & b.by_color(!us) {
            let between = attacks::between(king, sniper) & b.occupied();
            if between.single_square().is_some() {
                blockers |= between;
            }
        }
        blockers & b.by_color(us)
    }

    /// Whether the pseudo-legal `m` keeps the king at `king` out of check, given the pieces
    /// pinned to it (`blockers`).
    fn is_safe(&self, king: Square, blockers: Bitboard, m: RawMove) -> bool {
        if m.from == king {
            self.is_castling(m) || !self.is_attacked_by(!self.turn, m.to, self.board.occupied())
        } else if self.is_en_passant(m) {
            self.pin_mask(self.turn, m.from).contains(m.to) && !self.ep_skewered(king, m.from)
        } else {
            !blockers.contains(m.from) || attacks::line(m.from, m.to).contains(king)
        }
    }

    /// Whether taking en passant with the pawn on `capturer` opens the king's rank (both
    /// pawns leave it) or a diagonal to an enemy slider.
    fn ep_skewered(&self, king: Square, capturer: Square) -> bool {
        let Some(ep) = self.ep_square else {
            return false;
        };
        let b = &self.board;
        let us = self.turn;
        let skipped = offset(ep, if us.is_white() { -8 } else { 8 });
        let occupancy = (b.occupied().without(skipped).without(capturer)).with(ep);
        let theirs = b.by_color(!us);
        let rank_attacks = attacks::rook(king, occupancy) & Bitboard::rank(king.rank());
        if rank_attacks.intersects(theirs & (b.by_role(Role::Rook) | b.by_role(Role::Queen))) {
            return true;
        }
        attacks::bishop(king, occupancy)
            .intersects(theirs & (b.by_role(Role::Bishop) | b.by_role(Role::Queen)))
    }

    /// Whether `m` follows the pieces' rules here (castling included): a piece of the side
    /// to move on `m.from`, promotions by pawns onto the last rank only, no drop, not null.
    #[must_use]
    pub fn is_pseudo_legal(&self, m: RawMove) -> bool {
        if m.is_null() || m.drop.is_some() {
            return false;
        }
        let Some(piece) = self.board.piece_at(m.from) else {
            return false;
        };
        if piece.color() != self.turn {
            return false;
        }
        let role = piece.role();
        if m.promotion.is_some()
            && (role != Role::Pawn || m.to.rank() != Rank::Eighth.relative_to(self.turn))
        {
            return false;
        }
        if role == Role::King {
            let castle = self.from_chess960(self.chess960, RawMove::new(m.from, m.to));
            let mut found = false;
            let _ = self.each_castling(Bitboard::FULL, Bitboard::FULL, &mut |c| {
                found = c == castle;
                if found {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if found {
                return true;
            }
        }
        if self.board.by_color(self.turn).contains(m.to) {
            return false;
        }
        if role == Role::Pawn {
            let from = Bitboard::from_square(m.from);
            let to = Bitboard::from_square(m.to);
            return self
                .each_pseudo_legal(from, to, &mut |g| {
                    if g == m {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break();
        }
        self.attacks_mask(m.from).contains(m.to)
    }

    /// Whether the pseudo-legal `m` leaves the side's king in check (never without a king).
    #[must_use]
    pub fn is_into_check(&self, m: RawMove) -> bool {
        let Some(king) = self.king(self.turn) else {
            return false;
        };
        let checkers = self.attackers_mask(!self.turn, king, self.board.occupied());
        if checkers.any() {
            let from = Bitboard::from_square(m.from);
            let to = Bitboard::from_square(m.to);
            let evades = self
                .each_evasion(king, checkers, from, to, &mut |e| {
                    if e == m {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break();
            if !evades {
                return true;
            }
        }
        !self.is_safe(king, self.slider_blockers(king), m)
    }

    /// Whether the side that just moved left its king in check.
    #[must_use]
    pub fn was_into_check(&self) -> bool {
        self.king(!self.turn)
            .is_some_and(|king| self.is_attacked_by(self.turn, king, self.board.occupied()))
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: RawMove) -> bool {
        self.is_pseudo_legal(m) && !self.is_into_check(m)
    }

    /// Whether the side to move is checkmated.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}

/// The square `delta` squares from `sq` (as python-chess's list indexing reads a negative
/// index, from the end).
fn offset(sq: Square, delta: i8) -> Square {
    Square::from_index_masked((sq as i8 + delta).rem_euclid(64) as u8)
}

/// A pawn's move to `to`, four promotions on the last rank (queen, rook, bishop, knight).
fn pawn_move(from: Square, to: Square, sink: &mut impl FnMut(RawMove) -> Flow) -> Flow {
    if Bitboard::BACKRANKS.contains(to) {
        for role in PROMOTIONS {
            sink(RawMove::promote(from, to, role))?;
        }
        ControlFlow::Continue(())
    } else {
        sink(RawMove::new(from, to))
    }
}
