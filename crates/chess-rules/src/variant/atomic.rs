//! Atomic chess.

use core::ops::ControlFlow;

use chess_core::{Bitboard, Board, CastlingSide, Color, Piece, Role, Square, attacks, zobrist};

use crate::error::PositionErrorKinds;
use crate::variant::{Playable, Variant, VariantPositionError, VariantSetup, pseudo};
use crate::{
    CastlingMode, Move, MoveSink, Outcome, Position, Undo, WinReason, pawn_origin, validate,
};

/// A position of Atomic chess: a capture explodes the square it lands on, removing the
/// capturing piece, the captured one and every piece other than a pawn on the eight squares
/// around it. Exploding the enemy king wins; a move that explodes one's own king is illegal
/// (so a king never captures), and kings side by side cannot check each other (either would
/// explode with the other). A game ends with an exploded king, by checkmate or by stalemate.
///
/// The moves are the pseudo-legal moves of standard chess, each kept if the mover's king
/// survives it and is then not attacked (or stands next to the enemy king), or if the enemy
/// king explodes: moves that capture nothing keep standard chess's rules of pins and check
/// and pass in bulk; captures and king moves are tested one by one on the board as it will
/// be. Castling may cross squares next to the enemy king even when they are attacked
/// (python-chess's rule).
///
/// ```
/// use chess_core::Square;
/// use chess_rules::variant::{Atomic, Playable};
/// use chess_rules::{Move, Outcome, WinReason};
///
/// let mut pos = Atomic::new();
/// for m in [
///     Move::new(Square::G1, Square::F3),
///     Move::double_push(Square::E7, Square::E5),
///     Move::new(Square::F3, Square::E5),
/// ] {
///     pos.play(m)?;
/// }
/// // The knight, the pawn it took and nothing else (only pawns stand around e5) are gone.
/// assert_eq!(pos.board().occupied().count(), 30);
/// pos.play(Move::new(Square::D8, Square::H4))?;
/// pos.play(Move::double_push(Square::D2, Square::D4))?;
/// pos.play(Move::new(Square::H4, Square::F2))?; // explodes the white king
/// assert_eq!(pos.outcome(), Some(Outcome::Decisive {
///     winner: chess_core::Color::Black,
///     reason: WinReason::KingExploded,
/// }));
/// # Ok::<_, chess_rules::IllegalMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Atomic {
    pos: Position,
}

/// What [`Atomic`]'s [`Playable::play_undoable`] saves: the standard record of the move, and
/// the pieces an explosion removed (on the squares of `exploded`, in order, as their bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AtomicUndo {
    undo: Undo,
    exploded: Bitboard,
    pieces: [u8; 9],
}

impl Default for Atomic {
    fn default() -> Atomic {
        Atomic::new()
    }
}

impl Atomic {
    /// The starting position (standard chess's).
    #[must_use]
    pub fn new() -> Atomic {
        Atomic {
            pos: Position::standard(),
        }
    }

    /// Validates `setup` by standard chess's rules, but for the kings: the side to move may
    /// have lost its king (the game is over), the side that just moved may not have; and the
    /// king of the side that just moved may be attacked only next to the other king. Builds
    /// the position.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<Atomic, VariantPositionError> {
        let kinds = errors(&setup, mode);
        if kinds.is_empty() {
            Ok(Atomic::from_valid(setup, mode))
        } else {
            Err(VariantPositionError::new(
                Variant::Atomic,
                setup,
                mode,
                kinds,
            ))
        }
    }

    /// The position of `setup` with the castling rights and en passant square it can use.
    pub(crate) fn from_valid(setup: VariantSetup, mode: CastlingMode) -> Atomic {
        Atomic {
            pos: Position::from_setup_lenient(setup.setup, mode),
        }
    }

    /// The king of `color`, unless it exploded.
    fn king(&self, color: Color) -> Option<Square> {
        self.pos.board().pieces(color, Role::King).first()
    }

    /// What the side to move's legality rests on; `None` once a king is gone.
    fn context(&self) -> Option<Context<'_>> {
        let us = self.pos.turn();
        let king = self.king(us)?;
        let their_king = self.king(!us)?;
        let connected = attacks::king(king).contains(their_king);
        Some(Context {
            board: self.pos.board(),
            us,
            king,
            their_king,
            connected,
            checkers: if connected {
                Bitboard::EMPTY
            } else {
                self.pos.checkers()
            },
            pinned: self.pos.pinned(),
        })
    }

    /// The legal castling moves of the side to move to `to_mask` (to the rook's square or the
    /// king's destination).
    fn castling<S: MoveSink>(
        &self,
        ctx: &Context<'_>,
        sink: &mut S,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        let us = ctx.us;
        let castling = self.pos.castling_rights();
        let occupied = ctx.board.occupied();
        let near_their_king = attacks::king(ctx.their_king);
        let king_bb = Bitboard::from(ctx.king);
        for side in CastlingSide::ALL {
            let Some(rook) = castling.rook(us, side) else {
                continue;
            };
            let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
            if !(to_mask.contains(rook) || to_mask.contains(king_to)) {
                continue;
            }
            let king_path = attacks::between(ctx.king, king_to);
            let rook_path = attacks::between(rook, rook_to);
            let others = occupied ^ king_bb ^ Bitboard::from(rook);
            let crossed = king_path | rook_path | king_to | rook_to;
            if (others & crossed).any() {
                continue;
            }
            // The king's square and path, but for the squares next to the enemy king.
            let without_king = occupied ^ king_bb;
            let path_attacked = ((king_path | king_bb) & !near_their_king)
                .into_iter()
                .any(|sq| ctx.board.attackers_to(sq, !us, without_king).any());
            let after = occupied ^ king_bb ^ Bitboard::from(rook) ^ Bitboard::from(rook_to);
            let landing_attacked = !near_their_king.contains(king_to)
                && ctx.board.attackers_to(king_to, !us, after).any();
            if path_attacked || landing_attacked {
                continue;
            }
            let castled = (occupied ^ king_bb ^ Bitboard::from(rook)) | king_to | rook_to;
            if near_their_king.contains(king_to) || !ctx.attacked(king_to, castled) {
                sink.single(Move::castle(ctx.king, rook))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Removes what the capture just made on `to` explodes: the capturing piece and every
    /// piece but pawns around it; returns the squares and pieces, for [`AtomicUndo`].
    fn explode(&mut self, to: Square) -> (Bitboard, [u8; 9]) {
        let pos = &mut self.pos;
        let blast = attacks::king(to) & pos.board.occupied() & !pos.board.by_role(Role::Pawn);
        let mut removed = Bitboard::EMPTY;
        let mut pieces = [0u8; 9];
        let before = pos.castling.sides();
        for sq in blast.with(to) {
            let Some(piece) = pos.board.piece_at(sq) else {
                continue;
            };
            pos.board.remove_known(sq, piece);
            pos.hash ^= zobrist::piece(piece, sq);
            pieces[removed.count() as usize] = piece.to_byte();
            removed.add(sq);
            pos.castling.remove_rook(sq);
            if piece.role() == Role::King {
                pos.castling.remove_color(piece.color());
            }
        }
        let after = pos.castling.sides();
        if before != after {
            pos.hash ^= zobrist::castling(before) ^ zobrist::castling(after);
            pos.castle_squares = pos.compute_castle_squares();
        }
        (removed, pieces)
    }

    /// Plays `m` and returns what an explosion removed.
    #[inline]
    fn make(&mut self, m: Move) -> (Bitboard, [u8; 9]) {
        let capture = Playable::is_capture(self, m);
        self.pos.make_board(m);
        let exploded = if capture {
            self.explode(m.to())
        } else {
            (Bitboard::EMPTY, [0; 9])
        };
        if self.king(self.pos.turn()).is_some() {
            self.pos.update_check_info();
        }
        exploded
    }
}

/// Every reason `setup` is not a position of Atomic chess.
fn errors(setup: &VariantSetup, mode: CastlingMode) -> PositionErrorKinds {
    let setup = &setup.setup;
    let castling = validate::valid_castling(setup, mode);
    let ep_square = validate::valid_ep_square(setup);
    let mut kinds = validate::errors(setup, castling, ep_square)
        - PositionErrorKinds::MISSING_KING
        - PositionErrorKinds::OPPOSITE_CHECK
        - PositionErrorKinds::IMPOSSIBLE_CHECK;
    let board = &setup.board;
    let us = setup.turn;
    let (ours, theirs) = (board.king_of(us), board.king_of(!us));
    let Some(theirs) = theirs else {
        return kinds | PositionErrorKinds::MISSING_KING;
    };
    if let Some(ours) = ours {
        let apart = !attacks::king(ours).contains(theirs);
        let attackers =
            board.attackers_to(theirs, us, board.occupied()) & !board.by_role(Role::King);
        if apart && attackers.any() {
            kinds |= PositionErrorKinds::OPPOSITE_CHECK;
        }
    }
    kinds
}

/// The side to move's kings and check, for testing its moves.
struct Context<'a> {
    board: &'a Board,
    us: Color,
    king: Square,
    their_king: Square,
    /// Whether the kings stand side by side (then neither is in check).
    connected: bool,
    /// The pieces that check the side to move (none when the kings are connected).
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Context<'_> {
    /// Whether an enemy piece other than the king attacks `sq` with `occupied` as the
    /// occupancy (pieces off it, exploded ones among them, do not attack).
    #[inline]
    fn attacked(&self, sq: Square, occupied: Bitboard) -> bool {
        let board = self.board;
        let them = !self.us;
        ((attacks::knight(sq) & board.pieces(them, Role::Knight))
            | (attacks::pawn(self.us, sq) & board.pieces(them, Role::Pawn))
            | (attacks::bishop(sq, occupied) & board.diagonal_sliders(them))
            | (attacks::rook(sq, occupied) & board.line_sliders(them)))
        .intersects(occupied)
    }

    /// Of the quiet moves of the piece (not the king) on `from` to `targets`, the legal ones:
    /// standard chess's pins and check, unless the kings are connected.
    #[inline]
    fn quiet(&self, from: Square, targets: Bitboard) -> Bitboard {
        if self.connected {
            return targets;
        }
        match self.checkers.first() {
            None if self.pinned.contains(from) => targets & attacks::line(self.king, from),
            None => targets,
            Some(_) if self.checkers.more_than_one() || self.pinned.contains(from) => {
                Bitboard::EMPTY
            }
            Some(checker) => targets & attacks::between(self.king, checker),
        }
    }

    /// Whether the king may step to the empty square `to`.
    #[inline]
    fn king_step(&self, to: Square) -> bool {
        attacks::king(to).contains(self.their_king)
            || !self.attacked(to, self.board.occupied().without(self.king))
    }

    /// Whether the capture from `from` to `to`, taking the piece on `captured`, is legal.
    #[inline]
    fn capture(&self, from: Square, to: Square, captured: Square) -> bool {
        let board = self.board;
        if from == self.king {
            return false;
        }
        let occupied = board.occupied();
        let blast = attacks::king(to) & occupied & !board.by_role(Role::Pawn);
        if blast.contains(self.king) {
            return false;
        }
        if blast.contains(self.their_king) || to == self.their_king || self.connected {
            return true;
        }
        let after = occupied & !(blast | from | to | captured);
        !self.attacked(self.king, after)
    }

    /// Of the captures to `targets` from `delta` squares before each, the legal ones.
    #[inline]
    fn pawn_captures(&self, targets: Bitboard, delta: i8) -> Bitboard {
        let mut legal = Bitboard::EMPTY;
        for to in targets {
            if self.capture(pawn_origin(to, delta), to, to) {
                legal.add(to);
            }
        }
        legal
    }

    /// Of the pawn pushes to `targets` from `delta` squares before each, the legal ones.
    #[inline]
    fn pawn_pushes(&self, targets: Bitboard, delta: i8) -> Bitboard {
        if self.connected || (self.checkers.is_empty() && self.pinned.is_empty()) {
            return targets;
        }
        let mut legal = Bitboard::EMPTY;
        for to in targets {
            if self.quiet(pawn_origin(to, delta), Bitboard::from(to)).any() {
                legal.add(to);
            }
        }
        legal
    }

    /// The legal pawn moves of `targets`, pushes or captures as `delta` says.
    #[inline]
    fn pawn_moves(&self, targets: Bitboard, delta: i8) -> Bitboard {
        if delta % 8 == 0 {
            self.pawn_pushes(targets, delta)
        } else {
            self.pawn_captures(targets, delta)
        }
    }
}

/// Passes on the legal moves among the pseudo-legal ones.
struct Filter<'a, 'b, S> {
    ctx: &'a Context<'b>,
    inner: &'a mut S,
}

impl<S: MoveSink> MoveSink for Filter<'_, '_, S> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
        let ctx = self.ctx;
        let empty = !ctx.board.occupied();
        let legal = if from == ctx.king {
            let mut legal = Bitboard::EMPTY;
            for to in targets & empty {
                if ctx.king_step(to) {
                    legal.add(to);
                }
            }
            legal
        } else {
            let mut legal = ctx.quiet(from, targets & empty);
            for to in targets & !empty {
                if ctx.capture(from, to, to) {
                    legal.add(to);
                }
            }
            legal
        };
        self.inner.piece(from, legal)
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let legal = self.ctx.pawn_moves(targets, delta);
        self.inner.pawns(legal, delta)
    }

    #[inline(always)]
    fn double_pushes(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let legal = self.ctx.pawn_pushes(targets, delta);
        self.inner.double_pushes(legal, delta)
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8) -> ControlFlow<()> {
        let legal = self.ctx.pawn_moves(targets, delta);
        self.inner.promotions(legal, delta)
    }

    #[inline]
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        // En passant: the pawn taken stands beside the capturing one.
        let captured = Square::new(m.to().file(), m.from().rank());
        if m.is_en_passant() && !self.ctx.capture(m.from(), m.to(), captured) {
            return ControlFlow::Continue(());
        }
        self.inner.single(m)
    }
}

impl Playable for Atomic {
    type Undo = AtomicUndo;

    delegate_position!();

    fn variant(&self) -> Variant {
        Variant::Atomic
    }

    fn checkers(&self) -> Bitboard {
        self.context().map_or(Bitboard::EMPTY, |ctx| ctx.checkers)
    }

    #[inline]
    fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        let Some(ctx) = self.context() else {
            return ControlFlow::Continue(());
        };
        let board = self.pos.board();
        let ep = self.pos.ep_square;
        let mut filter = Filter {
            ctx: &ctx,
            inner: sink,
        };
        match ctx.us {
            Color::White => {
                pseudo::generate::<_, true, false>(board, ep, from_mask, to_mask, &mut filter)?
            }
            Color::Black => {
                pseudo::generate::<_, false, false>(board, ep, from_mask, to_mask, &mut filter)?
            }
        }
        if from_mask.contains(ctx.king) && self.pos.castling_rights().has_any(ctx.us) {
            self.castling(&ctx, sink, to_mask)?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.make(m);
    }

    #[inline]
    fn play_undoable(&mut self, m: Move) -> AtomicUndo {
        let undo = self.pos.undo_record(m);
        let (exploded, pieces) = self.make(m);
        AtomicUndo {
            undo,
            exploded,
            pieces,
        }
    }

    #[inline]
    fn undo(&mut self, m: Move, undo: AtomicUndo) {
        // The squares ascend as they did when the pieces were removed.
        for (sq, &byte) in undo.exploded.into_iter().zip(&undo.pieces) {
            if let Some(piece) = Piece::from_byte(byte) {
                self.pos.board.put_on_empty(sq, piece);
            }
        }
        self.pos.undo(m, undo.undo);
    }

    #[inline]
    fn is_variant_end(&self) -> bool {
        self.king(Color::White).is_none() || self.king(Color::Black).is_none()
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        let us = self.pos.turn();
        let (ours, theirs) = (self.king(us), self.king(!us));
        let winner = match (ours, theirs) {
            (None, Some(_)) => !us,
            (Some(_), None) => us,
            _ => return None,
        };
        Some(Outcome::Decisive {
            winner,
            reason: WinReason::KingExploded,
        })
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        insufficient(self.pos.board(), color)
    }
}

/// Whether `color` can never explode or mate the other king (python-chess's rule).
fn insufficient(board: &Board, color: Color) -> bool {
    let kings = board.by_role(Role::King);
    let (ours, theirs) = (board.by_color(color), board.by_color(!color));
    if !theirs.intersects(kings) {
        // Their king is gone already.
        return false;
    }
    if (ours & !kings).is_empty() {
        return true;
    }
    let occupied = board.occupied();
    let bishops = board.by_role(Role::Bishop);
    if (theirs & !kings).any() {
        // Their own pieces may explode next to their king, unless only bishops of colors
        // that can never take each other are left.
        if occupied == bishops | kings {
            let white = bishops & board.by_color(Color::White);
            let black = bishops & board.by_color(Color::Black);
            if !white.intersects(Bitboard::DARK_SQUARES) {
                return !black.intersects(Bitboard::LIGHT_SQUARES);
            }
            if !white.intersects(Bitboard::LIGHT_SQUARES) {
                return !black.intersects(Bitboard::DARK_SQUARES);
            }
        }
        return false;
    }
    // Against a bare king: a queen or a pawn mates, one minor piece or rook does not, nor do
    // two knights.
    if (board.by_role(Role::Queen) | board.by_role(Role::Pawn)).any() {
        return false;
    }
    let knights = board.by_role(Role::Knight);
    if (knights | bishops | board.by_role(Role::Rook)).count() == 1 {
        return true;
    }
    if occupied == knights | kings {
        return knights.count() <= 2;
    }
    false
}
