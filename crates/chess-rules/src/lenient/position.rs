//! [`LenientPosition`]: the placement, side to move, castling rook squares, en passant square
//! and counters of a python-chess board, with the moves that change them and their undo.

use alloc::vec::Vec;
use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};

use chess_core::{
    Bitboard, Board, CastlingRights, CastlingSide, CastlingSides, Color, File, Piece, Rank, Role,
    Square, attacks, zobrist,
};

use crate::{CastlingMode, Position, PositionError, Setup};

/// A move as UCI text writes it, not checked against any position: origin, destination, an
/// optional promotion (any role, so that `e7e8k` can be represented and refused) and an
/// optional drop (`N@f3`, from and to the same square). The null move is `a1a1` without
/// promotion or drop (`0000`).
///
/// ```
/// use chess_core::{Role, Square};
/// use chess_rules::lenient::RawMove;
///
/// assert!(RawMove::NULL.is_null());
/// assert!(!RawMove::new(Square::E2, Square::E4).is_null());
/// assert_eq!(RawMove::put(Role::Knight, Square::F3).drop, Some(Role::Knight));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RawMove {
    /// The origin square (the destination for a drop).
    pub from: Square,
    /// The destination square.
    pub to: Square,
    /// The role a pawn becomes, if any.
    pub promotion: Option<Role>,
    /// The role put on `to` from a pocket, if any.
    pub drop: Option<Role>,
}

impl RawMove {
    /// The null move: `0000`, `--`.
    pub const NULL: RawMove = RawMove::new(Square::A1, Square::A1);

    /// A move from `from` to `to`.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> RawMove {
        RawMove {
            from,
            to,
            promotion: None,
            drop: None,
        }
    }

    /// A promotion to `role`.
    #[inline]
    #[must_use]
    pub const fn promote(from: Square, to: Square, role: Role) -> RawMove {
        RawMove {
            from,
            to,
            promotion: Some(role),
            drop: None,
        }
    }

    /// A drop of `role` on `to`.
    #[inline]
    #[must_use]
    pub const fn put(role: Role, to: Square) -> RawMove {
        RawMove {
            from: to,
            to,
            promotion: None,
            drop: Some(role),
        }
    }

    /// Whether this is the null move (`a1a1`, no promotion, no drop): false in python-chess's
    /// boolean sense.
    #[inline]
    #[must_use]
    pub const fn is_null(self) -> bool {
        matches!(self.from, Square::A1)
            && matches!(self.to, Square::A1)
            && self.promotion.is_none()
            && self.drop.is_none()
    }
}

impl fmt::Display for RawMove {
    /// The move in UCI: `e2e4`, `e7e8q`, `N@f3`, `0000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(role) = self.drop {
            write!(f, "{}@{}", role.upper_char(), self.to)
        } else if let Some(role) = self.promotion {
            write!(f, "{}{}{}", self.from, self.to, role.char())
        } else if self.is_null() {
            f.write_str("0000")
        } else {
            write!(f, "{}{}", self.from, self.to)
        }
    }
}

/// The error of [`LenientPosition::play`]: the move starts from an empty square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct EmptySquareError {
    /// The move.
    pub m: RawMove,
}

impl fmt::Display for EmptySquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no piece on {} to play {}", self.m.from, self.m)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for EmptySquareError {}

/// A position as python-chess's `Board` holds it, without its move stack (see
/// [`LenientGame`](super::LenientGame) for that): the fields are public and any value is allowed.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LenientPosition {
    /// Where the pieces stand.
    pub board: Board,
    /// The pieces that were pawns once (written `~` in Crazyhouse FENs); a promoted king is
    /// not a king for castling and check.
    pub promoted: Bitboard,
    /// The side to move.
    pub turn: Color,
    /// The castling rights as python-chess keeps them: the squares of the rooks a king may
    /// still castle with. Any set is allowed; [`LenientPosition::clean_castling_rights`] keeps
    /// those that can be used.
    pub castling_rights: Bitboard,
    /// The square a pawn skipped on the last move, as set (not checked).
    pub ep_square: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, incremented after black's move.
    pub fullmoves: u32,
    /// Whether castling is written as the king taking its rook (`e1h1`) and rooks off the `a`
    /// and `h` files keep their rights.
    pub chess960: bool,
}

/// What [`LenientPosition::play`] saves so that [`LenientPosition::undo`] can restore the
/// position exactly, whatever move was played: the squares it changed, what stood on them,
/// and the counters. 24 bytes, so that a game's history stays small.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Undo {
    castling_rights: Bitboard,
    halfmoves: u32,
    /// Each changed square, then what stood there (`0xff` for nothing) with bit 7 set when it
    /// was marked promoted.
    squares: [u8; 4],
    pieces: [u8; 4],
    changed: u8,
    ep_square: Option<Square>,
}

impl Undo {
    fn new(pos: &LenientPosition) -> Undo {
        Undo {
            castling_rights: pos.castling_rights,
            halfmoves: pos.halfmoves,
            squares: [0; 4],
            pieces: [0; 4],
            changed: 0,
            ep_square: pos.ep_square,
        }
    }

    /// Records what stands on `sq` before it changes (once per square).
    fn save(&mut self, pos: &LenientPosition, sq: Square) {
        let n = usize::from(self.changed);
        if self.squares[..n].contains(&(sq as u8)) {
            return;
        }
        let piece = pos.board.piece_at(sq).map_or(0xff, |p| {
            p.index() as u8 | (u8::from(pos.promoted.contains(sq)) << 7)
        });
        self.squares[n] = sq as u8;
        self.pieces[n] = piece;
        self.changed += 1;
    }
}

impl Default for LenientPosition {
    fn default() -> LenientPosition {
        LenientPosition::standard()
    }
}

impl LenientPosition {
    /// The starting position of standard chess, with its four castling rights.
    #[must_use]
    pub fn standard() -> LenientPosition {
        LenientPosition {
            board: Board::standard(),
            castling_rights: Bitboard::CORNERS,
            ..LenientPosition::empty(false)
        }
    }

    /// An empty board, white to move, no rights, the counters at `0 1`.
    #[must_use]
    pub const fn empty(chess960: bool) -> LenientPosition {
        LenientPosition {
            board: Board::empty(),
            promoted: Bitboard::EMPTY,
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            chess960,
        }
    }

    /// The position of a setup: its rights become their rook squares.
    #[must_use]
    pub fn from_setup(setup: &Setup, chess960: bool) -> LenientPosition {
        LenientPosition {
            board: setup.board.clone(),
            promoted: Bitboard::EMPTY,
            turn: setup.turn,
            castling_rights: setup.castling.rooks(),
            ep_square: setup.ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            chess960,
        }
    }

    /// The setup of the position: the cleaned castling rights (each side's rook, as
    /// [`CastlingRights`] holds one per side) and the en passant square as set.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            let Some(king) = self.king(color) else {
                continue;
            };
            let backrank = Bitboard::rank(Rank::First.relative_to(color));
            for rook in self.clean_castling_rights() & backrank {
                castling.add(
                    color,
                    CastlingSide::from_king_and_rook(king, rook),
                    rook.file(),
                );
            }
        }
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The validated position, when this one can occur in a game (see
    /// [`Position::from_setup`]): the fast path for perft and the engine.
    pub fn to_position(&self) -> Result<Position, PositionError> {
        Position::from_setup(self.to_setup(), CastlingMode::from_chess960(self.chess960))
    }

    /// Puts `piece` on `sq`, marked promoted or not, replacing what stood there.
    pub fn put(&mut self, sq: Square, piece: Piece, promoted: bool) {
        self.board.put(sq, piece);
        self.set_promoted(sq, promoted);
    }

    /// Empties `sq` (and its promoted mark), returning what stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        self.promoted.remove(sq);
        self.board.remove(sq)
    }

    fn set_promoted(&mut self, sq: Square, promoted: bool) {
        if promoted {
            self.promoted.add(sq);
        } else {
            self.promoted.remove(sq);
        }
    }

    /// The king of `color` that castles and is kept out of check: the highest-numbered square
    /// among its kings that are not promoted pieces.
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        (self.board.pieces(color, Role::King) & !self.promoted).last()
    }

    /// The squares the piece on `sq` attacks (a pawn its two captures); empty for an empty
    /// square.
    #[must_use]
    pub fn attacks_mask(&self, sq: Square) -> Bitboard {
        match self.board.piece_at(sq) {
            None => Bitboard::EMPTY,
            Some(piece) => attacks::for_piece(piece, sq, self.board.occupied()),
        }
    }

    /// The pieces of `color` that attack `sq`, sliders seen through `occupied`.
    #[inline]
    #[must_use]
    pub fn attackers_mask(&self, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        // Unlike `Board::attackers_to`, a piece off `occupied` still attacks: `occupied` only
        // says what blocks the sliders, as in python-chess.
        let b = &self.board;
        ((attacks::knight(sq) & b.by_role(Role::Knight))
            | (attacks::king(sq) & b.by_role(Role::King))
            | (attacks::pawn(!color, sq) & b.by_role(Role::Pawn))
            | (attacks::bishop(sq, occupied) & (b.by_role(Role::Bishop) | b.by_role(Role::Queen)))
            | (attacks::rook(sq, occupied) & (b.by_role(Role::Rook) | b.by_role(Role::Queen))))
            & b.by_color(color)
    }

    /// Whether a piece of `color` attacks `sq`, sliders seen through `occupied`.
    #[inline]
    #[must_use]
    pub fn is_attacked_by(&self, color: Color, sq: Square, occupied: Bitboard) -> bool {
        self.attackers_mask(color, sq, occupied).any()
    }

    /// The line a piece of `color` on `sq` may move along because it (or the empty square)
    /// stands alone between its king and an enemy slider: the whole line through king and
    /// slider, or every square when `sq` is not pinned (or `color` has no king).
    #[must_use]
    pub fn pin_mask(&self, color: Color, sq: Square) -> Bitboard {
        let Some(king) = self.king(color) else {
            return Bitboard::FULL;
        };
        let b = &self.board;
        let square = Bitboard::from_square(sq);
        let line_sliders = b.by_role(Role::Rook) | b.by_role(Role::Queen);
        let diagonal_sliders = b.by_role(Role::Bishop) | b.by_role(Role::Queen);
        let file = attacks::rook_rays(king) & Bitboard::file(king.file());
        let rank = attacks::rook_rays(king) & Bitboard::rank(king.rank());
        let diagonals = attacks::bishop_rays(king);
        for (rays, sliders) in [
            (file, line_sliders),
            (rank, line_sliders),
            (diagonals, diagonal_sliders),
        ] {
            if !rays.intersects(square) {
                continue;
            }
            let snipers = rays & sliders & b.by_color(!color);
            for sniper in snipers.into_iter().rev() {
                if attacks::between(sniper, king) & (b.occupied() | square) == square {
                    return attacks::line(king, sniper);
                }
            }
        }
        Bitboard::FULL
    }

    /// The pieces giving check to the side to move (none without a king).
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.turn) {
            None => Bitboard::EMPTY,
            Some(king) => self.attackers_mask(!self.turn, king, self.board.occupied()),
        }
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The castling rights a king and rook can use: rooks of their color on their back rank
    /// with an unpromoted king beside them on it. In standard chess only the corner rooks
    /// with the king on `e1` or `e8`; in Chess960 the outermost rook on each side of the king.
    #[must_use]
    pub fn clean_castling_rights(&self) -> Bitboard {
        let b = &self.board;
        let castling = self.castling_rights & b.by_role(Role::Rook);
        let mut clean = Bitboard::EMPTY;
        for color in Color::ALL {
            let backrank = Bitboard::rank(Rank::First.relative_to(color));
            let mut rooks = castling & backrank & b.by_color(color);
            let kings = b.pieces(color, Role::King) & !self.promoted & backrank;
            if !self.chess960 {
                rooks &= Bitboard::CORNERS;
                let e = Square::new(File::E, Rank::First.relative_to(color));
                if kings.contains(e) {
                    clean |= rooks;
                }
                continue;
            }
            let Some(king) = kings.last() else {
                continue;
            };
            if let Some(a_side) = rooks.first().filter(|&rook| rook < king) {
                clean.add(a_side);
            }
            if let Some(h_side) = rooks.last().filter(|&rook| rook > king) {
                clean.add(h_side);
            }
        }
        clean
    }

    /// Whether `color` may still castle on some side.
    #[must_use]
    pub fn has_castling_rights(&self, color: Color) -> bool {
        (self.clean_castling_rights() & Bitboard::rank(Rank::First.relative_to(color))).any()
    }

    /// Whether `color` may still castle on `side` (towards the `h` or the `a` file).
    #[must_use]
    pub fn has_castling_side(&self, color: Color, side: CastlingSide) -> bool {
        let backrank = Bitboard::rank(Rank::First.relative_to(color));
        let Some(king) = (self.board.pieces(color, Role::King) & backrank & !self.promoted).last()
        else {
            return false;
        };
        let rooks = self.clean_castling_rights() & backrank;
        match side {
            CastlingSide::KingSide => rooks.last().is_some_and(|rook| rook > king),
            CastlingSide::QueenSide => rooks.first().is_some_and(|rook| rook < king),
        }
    }

    /// The castling sides left to each color, as Polyglot hashes them.
    #[must_use]
    pub fn castling_sides(&self) -> CastlingSides {
        let mut sides = CastlingSides::empty();
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if self.has_castling_side(color, side) {
                    sides |= CastlingSides::of(color, side);
                }
            }
        }
        sides
    }

    /// The Polyglot key of the position, as python-chess's `chess.polyglot.zobrist_hash`
    /// computes it for any board: the pieces, the castling sides left, the en passant file
    /// when a pawn of the side to move stands beside the pawn that skipped it, and the side
    /// to move.
    #[must_use]
    pub fn zobrist_hash(&self) -> u64 {
        let mut hash = self.board.zobrist_hash() ^ zobrist::castling(self.castling_sides());
        if let Some(ep) = self.ep_square.filter(|&ep| ep != Square::A1) {
            let capturers =
                attacks::pawn(!self.turn, ep) & self.board.pieces(self.turn, Role::Pawn);
            // Beside the skipping pawn, so on the rank behind the en passant square: a pawn
            // attacks the square from that rank.
            if capturers.any() {
                hash ^= zobrist::en_passant(ep.file());
            }
        }
        if self.turn.is_white() {
            hash ^= zobrist::WHITE_TO_MOVE;
        }
        hash
    }

    /// A king move written in the standard way (`e1g1`) as the king taking its rook (`e1h1`),
    /// when a king stands on `e1` or `e8` and no rook on the destination; any other move as
    /// it is. The form [`LenientPosition::play`] and the move generator work with.
    #[must_use]
    pub fn to_chess960(&self, m: RawMove) -> RawMove {
        let kings = self.board.by_role(Role::King);
        let rooks = self.board.by_role(Role::Rook);
        for (king, [(g, h), (c, a)]) in [
            (
                Square::E1,
                [(Square::G1, Square::H1), (Square::C1, Square::A1)],
            ),
            (
                Square::E8,
                [(Square::G8, Square::H8), (Square::C8, Square::A8)],
            ),
        ] {
            if m.from == king && kings.contains(king) {
                if m.to == g && !rooks.contains(g) {
                    return RawMove::new(king, h);
                } else if m.to == c && !rooks.contains(c) {
                    return RawMove::new(king, a);
                }
            }
        }
        m
    }

    /// A castling move as `chess960` writes it: unchanged in Chess960 (`e1h1`), and from `e1`
    /// or `e8` to a corner as the king's destination in standard chess (`e1g1`). Any other
    /// move as it is.
    #[must_use]
    pub fn from_chess960(&self, chess960: bool, m: RawMove) -> RawMove {
        if chess960 || m.promotion.is_some() || m.drop.is_some() {
            return m;
        }
        let kings = self.board.by_role(Role::King);
        for (king, [(h, g), (a, c)]) in [
            (
                Square::E1,
                [(Square::H1, Square::G1), (Square::A1, Square::C1)],
            ),
            (
                Square::E8,
                [(Square::H8, Square::G8), (Square::A8, Square::C8)],
            ),
        ] {
            if m.from == king && kings.contains(king) {
                if m.to == h {
                    return RawMove::new(king, g);
                } else if m.to == a {
                    return RawMove::new(king, c);
                }
            }
        }
        m
    }

    /// Whether `m` captures en passant: a pawn moving diagonally onto the empty en passant
    /// square.
    #[must_use]
    pub fn is_en_passant(&self, m: RawMove) -> bool {
        self.ep_square == Some(m.to)
            && self.board.by_role(Role::Pawn).contains(m.from)
            && matches!((m.to as i8 - m.from as i8).abs(), 7 | 9)
            && !self.board.occupied().contains(m.to)
    }

    /// Whether `m` captures (en passant included).
    #[must_use]
    pub fn is_capture(&self, m: RawMove) -> bool {
        let touched = Bitboard::from_square(m.from) ^ m.to;
        touched.intersects(self.board.by_color(!self.turn)) || self.is_en_passant(m)
    }

    /// Whether `m` resets the halfmove clock: a pawn move, a capture or a pawn drop.
    #[must_use]
    pub fn is_zeroing(&self, m: RawMove) -> bool {
        let touched = Bitboard::from_square(m.from) ^ m.to;
        touched.intersects(self.board.by_role(Role::Pawn))
            || touched.intersects(self.board.by_color(!self.turn))
            || m.drop == Some(Role::Pawn)
    }

    /// Whether `m` takes away a castling right (moving a castling king or rook, or taking a
    /// castling rook).
    #[must_use]
    pub fn reduces_castling_rights(&self, m: RawMove) -> bool {
        let rights = self.clean_castling_rights();
        let touched = Bitboard::from_square(m.from) ^ m.to;
        let kings = self.board.by_role(Role::King) & !self.promoted;
        touched.intersects(rights)
            || (rights.intersects(Bitboard::rank(Rank::First))
                && touched.intersects(kings & self.board.by_color(Color::White)))
            || (rights.intersects(Bitboard::rank(Rank::Eighth))
                && touched.intersects(kings & self.board.by_color(Color::Black)))
    }

    /// Whether no position before `m` can repeat after it: a zeroing move, one that takes
    /// away a castling right, or any move while an en passant capture is legal.
    #[must_use]
    pub fn is_irreversible(&self, m: RawMove) -> bool {
        self.is_zeroing(m) || self.reduces_castling_rights(m) || self.has_legal_en_passant()
    }

    /// Whether `m` castles: a king moving two files or more, or onto a rook of its own.
    #[must_use]
    pub fn is_castling(&self, m: RawMove) -> bool {
        if self.board.by_role(Role::King).contains(m.from) {
            let files = m.from.file() as i8 - m.to.file() as i8;
            return files.abs() > 1
                || (self.board.by_role(Role::Rook) & self.board.by_color(self.turn))
                    .contains(m.to);
        }
        false
    }

    /// Whether `m` castles towards the `h` file.
    #[must_use]
    pub fn is_kingside_castling(&self, m: RawMove) -> bool {
        self.is_castling(m) && m.to.file() > m.from.file()
    }

    /// Whether `m` castles towards the `a` file.
    #[must_use]
    pub fn is_queenside_castling(&self, m: RawMove) -> bool {
        self.is_castling(m) && m.to.file() < m.from.file()
    }

    /// Plays `m` as python-chess's `Board.push` does, without asking whether it is legal: a
    /// null move passes the turn, a drop puts a piece, a king onto its own rook castles, and
    /// anything else moves the piece on `m.from` (a promotion becomes the promoted role). The
    /// castling rights are cleaned first. Returns what [`LenientPosition::undo`] needs.
    ///
    /// Fails, changing nothing, only when `m` is neither null nor a drop and `m.from` is
    /// empty.
    pub fn play(&mut self, m: RawMove) -> Result<Undo, EmptySquareError> {
        let m = self.to_chess960(m);
        if !m.is_null() && m.drop.is_none() && self.board.piece_at(m.from).is_none() {
            return Err(EmptySquareError { m });
        }
        let mut undo = Undo::new(self);
        self.castling_rights = self.clean_castling_rights();
        let ep_square = self.ep_square.take();
        self.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn.is_black() {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        let us = self.turn;
        if m.is_null() {
            self.turn = !us;
            return Ok(undo);
        }
        if let Some(role) = m.drop {
            undo.save(self, m.to);
            self.put(m.to, Piece::new(us, role), false);
            self.turn = !us;
            return Ok(undo);
        }
        if self.is_zeroing(m) {
            self.halfmoves = 0;
        }
        let from = Bitboard::from_square(m.from);
        let to = Bitboard::from_square(m.to);
        let mut promoted = self.promoted.intersects(from);
        undo.save(self, m.from);
        let Some(moved) = self.remove(m.from) else {
            unreachable!("checked above");
        };
        let mut role = moved.role();
        let captured = self.board.role_at(m.to);

        self.castling_rights &= !to & !from;
        if role == Role::King && !promoted {
            self.castling_rights &= !Bitboard::rank(Rank::First.relative_to(us));
        } else if captured == Some(Role::King)
            && !self.promoted.intersects(to)
            && m.to.rank() == Rank::Eighth.relative_to(us)
        {
            self.castling_rights &= !Bitboard::rank(Rank::Eighth.relative_to(us));
        }

        if role == Role::Pawn {
            let diff = m.to as i8 - m.from as i8;
            if diff == 16 && m.from.rank() == Rank::Second {
                self.ep_square = Some(Square::from_index_masked(m.from as u8 + 8));
            } else if diff == -16 && m.from.rank() == Rank::Seventh {
                self.ep_square = Some(Square::from_index_masked(m.from as u8 - 8));
            } else if Some(m.to) == ep_square && matches!(diff.abs(), 7 | 9) && captured.is_none() {
                // The pawn that skipped the square stands behind it.
                let behind = if us.is_white() { -8 } else { 8 };
                let sq = Square::from_index_masked((m.to as i8 + behind).rem_euclid(64) as u8);
                undo.save(self, sq);
                self.remove(sq);
            }
        }
        if let Some(promotion) = m.promotion {
            promoted = true;
            role = promotion;
        }

        if role == Role::King && self.board.by_color(us).intersects(to) {
            let side = if m.to.file() < m.from.file() {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            };
            undo.save(self, m.to);
            self.remove(m.to);
            let king_to = side.king_to(us);
            let rook_to = side.rook_to(us);
            undo.save(self, king_to);
            self.put(king_to, Piece::new(us, Role::King), false);
            undo.save(self, rook_to);
            self.put(rook_to, Piece::new(us, Role::Rook), false);
        } else {
            undo.save(self, m.to);
            self.put(m.to, Piece::new(us, role), promoted);
        }
        self.turn = !us;
        Ok(undo)
    }

    /// Takes back the move [`LenientPosition::play`] played and returned `undo` for.
    pub fn undo(&mut self, undo: &Undo) {
        self.turn = !self.turn;
        if self.turn.is_black() {
            self.fullmoves = self.fullmoves.saturating_sub(1);
        }
        for i in (0..usize::from(undo.changed)).rev() {
            let sq = Square::from_index_masked(undo.squares[i]);
            let saved = undo.pieces[i];
            self.remove(sq);
            if saved != 0xff {
                if let Some(piece) = Piece::from_index(usize::from(saved & 0x7f)) {
                    self.put(sq, piece, saved & 0x80 != 0);
                }
            }
        }
        self.castling_rights = undo.castling_rights;
        self.ep_square = undo.ep_square;
        self.halfmoves = undo.halfmoves;
    }

    /// The position after `m` (see [`LenientPosition::play`]); `None` when `m.from` is empty.
    #[must_use]
    pub fn after(&self, m: RawMove) -> Option<LenientPosition> {
        let mut pos = self.clone();
        pos.play(m).ok()?;
        Some(pos)
    }

    /// Whether `m` gives check (to a side with a king).
    #[must_use]
    pub fn gives_check(&self, m: RawMove) -> bool {
        self.after(m).is_some_and(|pos| pos.is_check())
    }

    /// The legal move from `from` to `to` (with `promotion`, a queen by default for a pawn
    /// reaching the last rank), castling found by the king's destination or its rook's
    /// square, written as the position's castling mode writes it.
    #[must_use]
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<RawMove> {
        let promotion = promotion.or_else(|| {
            (self.board.by_role(Role::Pawn).contains(from) && Bitboard::BACKRANKS.contains(to))
                .then_some(Role::Queen)
        });
        let m = self.from_chess960(
            self.chess960,
            RawMove {
                from,
                to,
                promotion,
                drop: None,
            },
        );
        self.is_legal(m).then_some(m)
    }

    /// The position with colors swapped and the board flipped top to bottom: the same
    /// position seen from the other side.
    #[must_use]
    pub fn mirror(&self) -> LenientPosition {
        let mut board = Board::empty();
        for (sq, piece) in self.board.iter() {
            board.put(sq.flip_vertical(), Piece::new(!piece.color(), piece.role()));
        }
        LenientPosition {
            board,
            promoted: self.promoted.flip_vertical(),
            turn: !self.turn,
            castling_rights: self.castling_rights.flip_vertical(),
            ep_square: self.ep_square.map(Square::flip_vertical),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            chess960: self.chess960,
        }
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        let never = AtomicBool::new(false);
        self.perft_stoppable(depth, &never).unwrap_or(0)
    }

    /// [`LenientPosition::perft`] that gives up, returning `None`, once `stop` is set.
    #[must_use]
    pub fn perft_stoppable(&self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let moves = self.legal_moves(Bitboard::FULL, Bitboard::FULL);
        if depth == 1 {
            return Some(moves.len() as u64);
        }
        let mut pos = self.clone();
        let mut nodes = 0;
        for m in moves {
            let Ok(undo) = pos.play(m) else {
                continue;
            };
            let below = pos.perft_stoppable(depth - 1, stop);
            pos.undo(&undo);
            nodes += below?;
        }
        Some(nodes)
    }
}

/// The moves of a generator, collected.
pub(crate) type Moves = Vec<RawMove>;
