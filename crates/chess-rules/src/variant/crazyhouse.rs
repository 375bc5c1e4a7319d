//! Crazyhouse.

use core::ops::ControlFlow;

use chess_core::{Bitboard, Color, Piece, Rank, Role, Square, attacks};

use crate::error::PositionErrorKinds;
use crate::variant::{Playable, Pockets, Variant, VariantPositionError, VariantSetup};
use crate::{CastlingMode, Move, MoveKind, MoveSink, Outcome, Position, Undo, validate};

/// A position of Crazyhouse: standard chess, but a captured piece goes to the captor's
/// pocket, and instead of a move a side may drop a piece of its pocket on any empty square
/// (a pawn not on the first or last rank; a drop may block a check, and may mate). A piece
/// that was a pawn before it promoted ([`Playable::promoted`]) goes to the pocket as a pawn.
///
/// Drops are [`Move::put`] moves. The halfmove clock counts on over a drop (python-chess's
/// rule), and there is no 50- or 75-move rule in Crazyhouse (a game's business).
///
/// ```
/// use chess_core::{Color, Role, Square};
/// use chess_rules::variant::{Crazyhouse, Playable};
/// use chess_rules::Move;
///
/// let mut pos = Crazyhouse::new();
/// for m in [
///     Move::double_push(Square::E2, Square::E4),
///     Move::double_push(Square::D7, Square::D5),
///     Move::new(Square::E4, Square::D5),
/// ] {
///     pos.play(m)?;
/// }
/// assert_eq!(pos.pockets().unwrap().count(Color::White, Role::Pawn), 1);
/// pos.play(Move::new(Square::D8, Square::D5))?;
/// pos.play(Move::put(Role::Pawn, Square::E4))?;
/// // Black's 45 board moves, and a pawn drop on each of the 32 empty squares of ranks 2 to 7.
/// assert_eq!(pos.legal_moves().len(), 77);
/// # Ok::<_, chess_rules::IllegalMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Crazyhouse {
    pos: Position,
    pockets: Pockets,
    promoted: Bitboard,
}

/// What [`Crazyhouse`]'s [`Playable::play_undoable`] saves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CrazyhouseUndo {
    undo: Undo,
    pockets: Pockets,
    promoted: Bitboard,
}

impl Default for Crazyhouse {
    fn default() -> Crazyhouse {
        Crazyhouse::new()
    }
}

impl Crazyhouse {
    /// The starting position: standard chess's, empty pockets.
    #[must_use]
    pub fn new() -> Crazyhouse {
        Crazyhouse {
            pos: Position::standard(),
            pockets: Pockets::EMPTY,
            promoted: Bitboard::EMPTY,
        }
    }

    /// Validates `setup` (empty pockets when it has none) by standard chess's rules, but for
    /// the material, which counts the pockets too and may be anything up to 16 pawns and 32
    /// pieces in all, and builds the position. Promoted marks off knights, bishops, rooks and
    /// queens are dropped.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<Crazyhouse, VariantPositionError> {
        let castling = validate::valid_castling(&setup.setup, mode);
        let ep_square = validate::valid_ep_square(&setup.setup);
        let mut kinds = validate::errors(&setup.setup, castling, ep_square)
            - PositionErrorKinds::TOO_MUCH_MATERIAL;
        let pockets = setup.pockets.unwrap_or_default();
        let board = &setup.setup.board;
        let pawns = board.by_role(Role::Pawn).count()
            + u32::from(pockets.count(Color::White, Role::Pawn))
            + u32::from(pockets.count(Color::Black, Role::Pawn));
        let pieces =
            board.occupied().count() + pockets.len(Color::White) + pockets.len(Color::Black);
        if pawns > 16 || pieces > 32 {
            kinds |= PositionErrorKinds::TOO_MUCH_MATERIAL;
        }
        if kinds.is_empty() {
            Ok(Crazyhouse::from_valid(setup, mode))
        } else {
            Err(VariantPositionError::new(
                Variant::Crazyhouse,
                setup,
                mode,
                kinds,
            ))
        }
    }

    /// The position of `setup` with the castling rights and en passant square it can use.
    pub(crate) fn from_valid(setup: VariantSetup, mode: CastlingMode) -> Crazyhouse {
        let board = &setup.setup.board;
        let promotable = board.by_role(Role::Knight)
            | board.by_role(Role::Bishop)
            | board.by_role(Role::Rook)
            | board.by_role(Role::Queen);
        Crazyhouse {
            pockets: setup.pockets.unwrap_or_default(),
            promoted: setup.promoted & promotable,
            pos: Position::from_setup_lenient(setup.setup, mode),
        }
    }

    /// The position as standard chess sees it (the board's moves, without the pockets).
    #[must_use]
    pub const fn as_standard(&self) -> &Position {
        &self.pos
    }

    /// The squares where the side to move may drop a piece: empty ones, only between the king
    /// and a lone checker when in check, none in double check (whatever the pockets hold).
    #[must_use]
    pub fn drop_squares(&self) -> Bitboard {
        let empty = !self.pos.board().occupied();
        let checkers = self.pos.checkers();
        match checkers.first() {
            None => empty,
            Some(_) if checkers.more_than_one() => Bitboard::EMPTY,
            Some(checker) => attacks::between(self.pos.king_of(self.pos.turn()), checker) & empty,
        }
    }

    /// Pockets and promoted pieces after the board move `m` (not a drop) of the side to move.
    #[inline]
    fn record_capture(&mut self, m: Move) {
        let us = self.pos.turn();
        let (from, to) = (m.from(), m.to());
        let board = self.pos.board();
        let captured = match m.kind() {
            MoveKind::EnPassant => Some((Square::new(to.file(), from.rank()), Role::Pawn)),
            MoveKind::Normal | MoveKind::Promotion => board.role_at(to).map(|role| (to, role)),
            MoveKind::DoublePush | MoveKind::Castle | MoveKind::Drop => None,
        };
        if let Some((square, role)) = captured {
            let role = if self.promoted.contains(square) {
                Role::Pawn
            } else {
                role
            };
            self.pockets.add(us, role);
        }
        if self.promoted.any() || m.is_promotion() {
            let moved = self.promoted.contains(from) && m.kind() == MoveKind::Normal;
            self.promoted = self.promoted.without(from).without(to);
            if moved || m.is_promotion() {
                self.promoted.add(to);
            }
        }
    }
}

impl Playable for Crazyhouse {
    type Undo = CrazyhouseUndo;

    delegate_position!();

    fn variant(&self) -> Variant {
        Variant::Crazyhouse
    }

    fn pockets(&self) -> Option<&Pockets> {
        Some(&self.pockets)
    }

    fn promoted(&self) -> Bitboard {
        self.promoted
    }

    #[inline]
    fn checkers(&self) -> Bitboard {
        self.pos.checkers()
    }

    #[inline]
    fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        self.pos.generate(sink, from_mask, to_mask)?;
        let us = self.pos.turn();
        if self.pockets.len(us) == 0 {
            return ControlFlow::Continue(());
        }
        let targets = self.drop_squares() & from_mask & to_mask;
        let backranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            if self.pockets.count(us, role) > 0 {
                let targets = if role == Role::Pawn {
                    targets & !backranks
                } else {
                    targets
                };
                sink.drops(role, targets)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn gives_check(&self, m: Move) -> bool {
        self.pos.gives_check(m)
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        match m.dropped() {
            Some(role) => {
                let us = self.pos.turn();
                self.pockets.remove(us, role);
                self.pos.make_drop(Piece::new(us, role), m.to());
                self.pos.update_check_info();
            }
            None => {
                self.record_capture(m);
                self.pos.make(m);
            }
        }
    }

    #[inline]
    fn play_undoable(&mut self, m: Move) -> CrazyhouseUndo {
        let undo = CrazyhouseUndo {
            undo: self.pos.undo_record(m),
            pockets: self.pockets,
            promoted: self.promoted,
        };
        self.play_unchecked(m);
        undo
    }

    #[inline]
    fn undo(&mut self, m: Move, undo: CrazyhouseUndo) {
        self.pos.undo(m, undo.undo);
        self.pockets = undo.pockets;
        self.promoted = undo.promoted;
    }

    fn is_variant_end(&self) -> bool {
        false
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        None
    }

    fn has_insufficient_material(&self, _: Color) -> bool {
        // No material leaves the game; only a board of kings and minor pieces, three in all
        // with the pockets, none promoted, cannot mate (python-chess's rule, for both sides).
        let board = self.pos.board();
        let heavy = [Role::Pawn, Role::Rook, Role::Queen];
        let pieces = board.occupied().count()
            + self.pockets.len(Color::White)
            + self.pockets.len(Color::Black);
        pieces <= 3
            && self.promoted.is_empty()
            && heavy.iter().all(|&role| {
                board.by_role(role).is_empty()
                    && Color::ALL
                        .iter()
                        .all(|&color| self.pockets.count(color, role) == 0)
            })
    }
}
