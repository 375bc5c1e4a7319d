//! Legal move generation, computed directly from checkers, the check mask and pins.
//!
//! One generator, monomorphised over a [`MoveSink`] that receives moves in bulk: a piece's
//! destinations as one bitboard, and pawn moves set-wise (all single pushes at once, all captures
//! towards one side at once). Collecting into a [`MoveList`] iterates the bitboards; counting
//! (perft's last ply) only adds popcounts, promotions times four.
//!
//! Legality is exact without playing any move:
//! - in double check only the king moves;
//! - in single check the other pieces must capture the checker or block the line to it (the
//!   check mask); pinned pieces cannot help;
//! - a pinned piece moves only along the line through its king and its pinner;
//! - the king moves only to squares no enemy piece attacks with the king itself taken off the
//!   board (so it cannot step back along a checking line);
//! - en passant, which removes two pieces from one rank, is tested by recomputing the slider
//!   attacks on the king with the resulting occupancy;
//! - castling needs every square the king and rook cross or land on empty (but for those two),
//!   and no square of the king's path attacked, computed without the castling rook (in Chess960
//!   it may have been shielding the king's destination).

use core::ops::ControlFlow;

use chess_core::{Bitboard, CastlingSide, Color, Rank, Role, Square, attacks};

use crate::{Move, MoveList, Position};

/// Receives the legal moves from [`Position::generate`] in bulk, as the generator finds them:
/// a piece's destinations as one bitboard, pawn moves set-wise. This is the fast path for the
/// programs that count or filter moves by the million (perft, an engine's move loop): a count
/// adds up popcounts and never builds a [`Move`].
///
/// Every method may stop the generation by returning `ControlFlow::Break`.
///
/// ```
/// use core::ops::ControlFlow;
/// use chess_core::{Bitboard, Square};
/// use chess_rules::{Move, MoveSink, Position};
///
/// /// Counts the legal moves (as perft's last ply does).
/// struct Count(u64);
///
/// impl MoveSink for Count {
///     fn piece(&mut self, _: Square, targets: Bitboard) -> ControlFlow<()> {
///         self.0 += u64::from(targets.count());
///         ControlFlow::Continue(())
///     }
///     fn pawns(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
///         self.0 += u64::from(targets.count());
///         ControlFlow::Continue(())
///     }
///     fn double_pushes(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
///         self.0 += u64::from(targets.count());
///         ControlFlow::Continue(())
///     }
///     fn promotions(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
///         self.0 += 4 * u64::from(targets.count());
///         ControlFlow::Continue(())
///     }
///     fn single(&mut self, _: Move) -> ControlFlow<()> {
///         self.0 += 1;
///         ControlFlow::Continue(())
///     }
/// }
///
/// let pos = Position::standard();
/// let mut count = Count(0);
/// let _ = pos.generate(&mut count, Bitboard::FULL, Bitboard::FULL);
/// assert_eq!(count.0, 20);
/// ```
pub trait MoveSink {
    /// Ordinary moves of the piece on `from` to each square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()>;
    /// Single-step pawn moves (pushes or captures, not promotions) to each square of
    /// `targets`, each from the square `delta` before it ([`pawn_origin`]).
    fn pawns(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()>;
    /// Double pawn pushes to each square of `targets`, from [`pawn_origin`]`(target, delta)`.
    fn double_pushes(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()>;
    /// Promotions to each square of `targets`, from [`pawn_origin`]`(target, delta)`: four
    /// moves each (queen, rook, bishop, knight).
    fn promotions(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()>;
    /// One special move: en passant or castling (and, in the variants, a pawn's promotion to a
    /// king in Antichess).
    fn single(&mut self, m: Move) -> ControlFlow<()>;
    /// Drops of a piece of `role` from the pocket onto each square of `targets` (Crazyhouse
    /// only; standard chess never calls it). By default each is handed to
    /// [`MoveSink::single`]; a counting sink adds the popcount instead.
    #[inline(always)]
    fn drops(&mut self, role: Role, targets: Bitboard) -> ControlFlow<()> {
        for to in targets {
            self.single(Move::put(role, to))?;
        }
        ControlFlow::Continue(())
    }
}

/// The square a set-wise pawn move to `to` comes from: `delta` squares before it (`8` for a
/// white push, `16` for a white double push, `7` and `9` for white captures; negative for
/// black).
#[inline(always)]
#[must_use]
pub fn pawn_origin(to: Square, delta: i8) -> Square {
    Square::from_index_masked((to as i8).wrapping_sub(delta) as u8)
}

/// The `MoveSink` of a list of moves with a `push`: one body for [`MoveList`] and the
/// variants' longer list, so the two cannot drift.
macro_rules! list_sink {
    ($list:ty) => {
        impl MoveSink for $list {
            #[inline(always)]
            fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
                for to in targets {
                    self.push(Move::new(from, to));
                }
                ControlFlow::Continue(())
            }

            #[inline(always)]
            fn pawns(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
                for to in targets {
                    self.push(Move::new(pawn_origin(to, delta), to));
                }
                ControlFlow::Continue(())
            }

            #[inline(always)]
            fn double_pushes(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
                for to in targets {
                    self.push(Move::double_push(pawn_origin(to, delta), to));
                }
                ControlFlow::Continue(())
            }

            #[inline(always)]
            fn promotions(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
                for to in targets {
                    let from = pawn_origin(to, delta);
                    for role in Role::PROMOTIONS {
                        self.push(Move::promote(from, to, role));
                    }
                }
                ControlFlow::Continue(())
            }

            #[inline(always)]
            fn single(&mut self, m: Move) -> ControlFlow<()> {
                self.push(m);
                ControlFlow::Continue(())
            }

            #[inline(always)]
            fn drops(&mut self, role: Role, targets: Bitboard) -> ControlFlow<()> {
                for to in targets {
                    self.push(Move::put(role, to));
                }
                ControlFlow::Continue(())
            }
        }
    };
}
pub(crate) use list_sink;

list_sink!(MoveList);

/// Counts moves without building them.
pub(crate) struct Counter(pub(crate) usize);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) -> ControlFlow<()> {
        self.0 += targets.count() as usize;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
        self.0 += targets.count() as usize;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn double_pushes(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
        self.0 += targets.count() as usize;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
        self.0 += 4 * targets.count() as usize;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn single(&mut self, _: Move) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn drops(&mut self, _: Role, targets: Bitboard) -> ControlFlow<()> {
        self.0 += targets.count() as usize;
        ControlFlow::Continue(())
    }
}

/// Stops at the first move.
pub(crate) struct AnyMove;

impl MoveSink for AnyMove {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) -> ControlFlow<()> {
        if targets.any() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
        self.piece(Square::A1, targets)
    }

    #[inline(always)]
    fn double_pushes(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
        self.piece(Square::A1, targets)
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: i8) -> ControlFlow<()> {
        self.piece(Square::A1, targets)
    }

    #[inline(always)]
    fn single(&mut self, _: Move) -> ControlFlow<()> {
        ControlFlow::Break(())
    }

    #[inline(always)]
    fn drops(&mut self, _: Role, targets: Bitboard) -> ControlFlow<()> {
        self.piece(Square::A1, targets)
    }
}

/// Looks for one given move.
pub(crate) struct Find(pub(crate) Move);

impl MoveSink for Find {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
        let m = self.0;
        if m == Move::new(from, m.to()) && targets.contains(m.to()) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let m = self.0;
        let found = targets.contains(m.to()) && m == Move::new(pawn_origin(m.to(), delta), m.to());
        if found {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline]
    fn double_pushes(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let m = self.0;
        let found =
            targets.contains(m.to()) && m == Move::double_push(pawn_origin(m.to(), delta), m.to());
        if found {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let m = self.0;
        // The four promotions of `promotions`: a king promotion (Antichess) comes through
        // `single`.
        let found = targets.contains(m.to())
            && m.is_promotion()
            && m.promotion() != Some(Role::King)
            && m.from() == pawn_origin(m.to(), delta);
        if found {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline]
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        if m == self.0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Position {
    /// Feeds every legal move from a square of `from_mask` to a square of `to_mask` into `sink`,
    /// in bulk (see [`MoveSink`]); stops when the sink breaks, and says whether it did. En
    /// passant counts as going to the captured pawn's square too; castling to the rook's square
    /// and to the king's destination.
    #[inline(always)]
    pub fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        match self.turn {
            Color::White => self.generate_for::<S, true>(sink, from_mask, to_mask),
            Color::Black => self.generate_for::<S, false>(sink, from_mask, to_mask),
        }
    }

    #[inline(always)]
    fn generate_for<S: MoveSink, const WHITE: bool>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        let us = if WHITE { Color::White } else { Color::Black };
        let board = &self.board;
        let king = self.king_of(us);
        let ours = board.by_color(us);
        let occupied = board.occupied();
        let checkers = self.checkers;

        if from_mask.contains(king) {
            self.generate_king::<S>(sink, king, to_mask)?;
        }
        if checkers.more_than_one() {
            return ControlFlow::Continue(());
        }
        let check_mask = match checkers.first() {
            Some(checker) => attacks::between(king, checker).with(checker),
            None => Bitboard::FULL,
        };
        let target = !ours & check_mask & to_mask;
        let pinned = self.pinned;

        for from in board.pieces(us, Role::Knight) & !pinned & from_mask {
            sink.piece(from, attacks::knight(from) & target)?;
        }
        let diagonal = board.diagonal_sliders(us) & from_mask;
        let straight = board.line_sliders(us) & from_mask;
        for from in diagonal & !pinned {
            sink.piece(from, attacks::bishop(from, occupied) & target)?;
        }
        for from in straight & !pinned {
            sink.piece(from, attacks::rook(from, occupied) & target)?;
        }
        if checkers.is_empty() {
            // A pinned piece cannot resolve a check; without one it moves along its pin.
            for from in diagonal & pinned {
                let along = attacks::line(king, from);
                sink.piece(from, attacks::bishop(from, occupied) & target & along)?;
            }
            for from in straight & pinned {
                let along = attacks::line(king, from);
                sink.piece(from, attacks::rook(from, occupied) & target & along)?;
            }
        }

        self.generate_pawns::<S, WHITE>(sink, from_mask, to_mask, check_mask)?;

        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn generate_pawns<S: MoveSink, const WHITE: bool>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
        check_mask: Bitboard,
    ) -> ControlFlow<()> {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let board = &self.board;
        let pawns = board.pieces(us, Role::Pawn) & from_mask;
        if pawns.is_empty() {
            return ControlFlow::Continue(());
        }
        let king = self.king_of(us);
        let pinned = self.pinned;
        let empty = !board.occupied();
        let theirs = board.by_color(them);
        let last_rank = Bitboard::rank(if WHITE { Rank::Eighth } else { Rank::First });
        let third_rank = Bitboard::rank(if WHITE { Rank::Third } else { Rank::Sixth });
        let forward = |bb: Bitboard| {
            if WHITE {
                bb.shift_north()
            } else {
                bb.shift_south()
            }
        };
        let push: i8 = if WHITE { 8 } else { -8 };

        // Pushes: unpinned pawns, and pawns pinned along the king's file (not in check).
        let free = pawns & !pinned;
        let mut pushers = free;
        if self.checkers.is_empty() {
            pushers |= pawns & pinned & Bitboard::file(king.file());
        }
        let single = forward(pushers) & empty;
        let double = forward(single & third_rank) & empty & check_mask & to_mask;
        let single = single & check_mask & to_mask;
        sink.pawns(single & !last_rank, push)?;
        sink.promotions(single & last_rank, push)?;
        sink.double_pushes(double, 2 * push)?;

        // Captures of unpinned pawns, towards each side at once.
        let victims = theirs & check_mask & to_mask;
        let (west, west_delta) = if WHITE {
            (free.shift_north_west(), 7)
        } else {
            (free.shift_south_west(), -9)
        };
        let (east, east_delta) = if WHITE {
            (free.shift_north_east(), 9)
        } else {
            (free.shift_south_east(), -7)
        };
        let west = west & victims;
        let east = east & victims;
        sink.pawns(west & !last_rank, west_delta)?;
        sink.promotions(west & last_rank, west_delta)?;
        sink.pawns(east & !last_rank, east_delta)?;
        sink.promotions(east & last_rank, east_delta)?;

        // A diagonally pinned pawn may capture its pinner.
        if self.checkers.is_empty() {
            for from in pawns & pinned & !Bitboard::file(king.file()) {
                let targets = attacks::pawn(us, from) & victims & attacks::line(king, from);
                if let Some(to) = targets.first() {
                    let delta = to as i8 - from as i8;
                    if last_rank.contains(to) {
                        sink.promotions(targets, delta)?;
                    } else {
                        sink.pawns(targets, delta)?;
                    }
                }
            }
        }

        if let Some(ep) = self.ep_square {
            let captured = Square::from_index_masked((ep as i8 - push) as u8);
            if to_mask.contains(ep) || to_mask.contains(captured) {
                for from in attacks::pawn(them, ep) & pawns {
                    if self.en_passant_is_safe(from, ep, captured) {
                        sink.single(Move::en_passant(from, ep))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether capturing en passant from `from` to `ep`, taking the pawn on `captured`, leaves
    /// the king unattacked.
    #[inline]
    fn en_passant_is_safe(&self, from: Square, ep: Square, captured: Square) -> bool {
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let king = self.king_of(us);
        let occupied = (board.occupied() ^ Bitboard::from(from) ^ captured) | ep;
        let attackers = (attacks::bishop(king, occupied) & board.diagonal_sliders(them))
            | (attacks::rook(king, occupied) & board.line_sliders(them))
            | (attacks::knight(king) & board.pieces(them, Role::Knight))
            | (attacks::pawn(us, king) & board.pieces(them, Role::Pawn).without(captured));
        attackers.is_empty()
    }

    /// King moves and castling.
    ///
    /// King moves go to squares no enemy piece attacks once the king has left its square (so it
    /// cannot step back along a checking line). Usually each target is tested on its own; when
    /// castling is possible, the squares of the king's path need testing too, and one map of
    /// every attacked square is cheaper.
    #[inline(always)]
    fn generate_king<S: MoveSink>(
        &self,
        sink: &mut S,
        king: Square,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let occupied = board.occupied();
        let without_king = occupied.without(king);
        let targets = attacks::king(king) & !board.by_color(us) & to_mask;

        // Castling: the right, no check, and every square either piece crosses or lands on empty
        // but for the two of them.
        let mut castles = [None; 2];
        if self.checkers.is_empty() && self.castling.has_any(us) {
            for (slot, side) in castles.iter_mut().zip(CastlingSide::ALL) {
                let Some(rook) = self.castling.rook(us, side) else {
                    continue;
                };
                let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
                if !(to_mask.contains(rook) || to_mask.contains(king_to)) {
                    continue;
                }
                let king_path = attacks::between(king, king_to).with(king_to);
                let rook_path = attacks::between(rook, rook_to).with(rook_to);
                let others = without_king.without(rook);
                if ((king_path | rook_path) & others).is_empty() {
                    *slot = Some((rook, king_to, king_path));
                }
            }
        }

        if castles == [None, None] {
            let mut safe = Bitboard::EMPTY;
            for to in targets {
                if !board.is_attacked(to, them, without_king) {
                    safe.add(to);
                }
            }
            return sink.piece(king, safe);
        }

        let danger = self.board.attacked_squares(them, without_king);
        sink.piece(king, targets & !danger)?;
        for (rook, king_to, king_path) in castles.into_iter().flatten() {
            // The map was made with the castling rook in place; in Chess960 it may stand between
            // an enemy rook or queen on the back rank and the king's destination.
            let uncovered = attacks::rook(king_to, without_king.without(rook))
                & board.line_sliders(them)
                & Bitboard::rank(king.rank());
            if (king_path & danger).is_empty() && uncovered.is_empty() {
                sink.single(Move::castle(king, rook))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every legal move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        let _ = self.generate(&mut moves, Bitboard::FULL, Bitboard::FULL);
        moves
    }

    /// The legal moves of the piece on `from` (none if it is not the side to move's).
    #[must_use]
    pub fn moves_from(&self, from: Square) -> MoveList {
        let mut moves = MoveList::new();
        let _ = self.generate(&mut moves, Bitboard::from(from), Bitboard::FULL);
        moves
    }

    /// The legal moves to `to`. En passant counts as going to the captured pawn's square as
    /// well as its own; castling to the king's destination as well as to the rook's square.
    #[must_use]
    pub fn moves_to(&self, to: Square) -> MoveList {
        let mut moves = MoveList::new();
        let _ = self.generate(&mut moves, Bitboard::FULL, Bitboard::from(to));
        moves
    }

    /// The legal moves of the pieces on `from_mask` to the squares of `to_mask`.
    #[must_use]
    pub fn moves_between(&self, from_mask: Bitboard, to_mask: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        let _ = self.generate(&mut moves, from_mask, to_mask);
        moves
    }

    /// The legal captures, en passant included.
    #[must_use]
    pub fn captures(&self) -> MoveList {
        let mut moves = MoveList::new();
        let theirs = self.board.by_color(!self.turn);
        let _ = self.generate(&mut moves, Bitboard::FULL, theirs);
        moves
    }

    /// The number of legal moves, counted without building them (perft's last ply).
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        let _ = self.generate(&mut counter, Bitboard::FULL, Bitboard::FULL);
        counter.0
    }

    /// Whether the side to move has any legal move; stops at the first one found.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.generate(&mut AnyMove, Bitboard::FULL, Bitboard::FULL)
            .is_break()
    }

    /// Whether `m` is a legal move here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let from = Bitboard::from(m.from());
        self.generate(&mut Find(m), from, Bitboard::FULL).is_break()
    }

    /// Whether an en passant capture is among the legal moves.
    #[must_use]
    pub fn has_legal_en_passant(&self) -> bool {
        let Some(ep) = self.ep_square else {
            return false;
        };
        let captured = Square::new(ep.file(), Rank::Fifth.relative_to(self.turn));
        let mut finder = EnPassantFinder;
        let pawns = self.board.pieces(self.turn, Role::Pawn);
        self.generate(&mut finder, pawns, Bitboard::from(ep) | captured)
            .is_break()
    }
}

/// Calls a closure for each move.
pub(crate) struct Visitor<F>(pub(crate) F);

impl<F: FnMut(Move) -> ControlFlow<()>> MoveSink for Visitor<F> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
        for to in targets {
            (self.0)(Move::new(from, to))?;
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        for to in targets {
            (self.0)(Move::new(pawn_origin(to, delta), to))?;
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn double_pushes(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        for to in targets {
            (self.0)(Move::double_push(pawn_origin(to, delta), to))?;
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        for to in targets {
            let from = pawn_origin(to, delta);
            for role in Role::PROMOTIONS {
                (self.0)(Move::promote(from, to, role))?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        (self.0)(m)
    }
}

impl Position {
    /// Calls `f` with each legal move from a square of `from_mask` to a square of `to_mask`
    /// (with the conventions of [`Position::moves_to`] for en passant and castling), until `f`
    /// breaks: the allocation-free way to look at moves without building a [`MoveList`].
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use chess_core::{Bitboard, Square};
    /// use chess_rules::Position;
    ///
    /// let pos = Position::standard();
    /// let mut knight_moves = 0;
    /// let _ = pos.for_each_move(pos.board().by_role(chess_core::Role::Knight), Bitboard::FULL, |_| {
    ///     knight_moves += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(knight_moves, 4);
    /// ```
    #[inline]
    pub fn for_each_move(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        f: impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.generate(&mut Visitor(f), from_mask, to_mask)
    }
}

/// Stops at an en passant capture.
pub(crate) struct EnPassantFinder;

impl MoveSink for EnPassantFinder {
    fn piece(&mut self, _: Square, _: Bitboard) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn pawns(&mut self, _: Bitboard, _: i8) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn double_pushes(&mut self, _: Bitboard, _: i8) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn promotions(&mut self, _: Bitboard, _: i8) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        if m.is_en_passant() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
