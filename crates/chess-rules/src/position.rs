//! The validated state of a game and making moves.

use chess_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, Piece, Role, Square, attacks, zobrist,
};

use crate::error::{IllegalMoveError, PositionError, PositionErrorKinds};
use crate::{CastlingMode, Move, MoveKind, Setup, validate};

/// Which en passant square to report: FEN, hashing and repetition differ on this.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum EnPassantMode {
    /// Whenever the last move was a double step (what many programs write into FEN).
    Always,
    /// When a pawn of the side to move stands next to the pawn that just advanced (what Polyglot
    /// hashes).
    PseudoLegal,
    /// Only when an en passant capture is a legal move (what FIDE counts for repetition, and what
    /// we write into FEN by default).
    #[default]
    Legal,
}

/// A position that can occur in a game: placement, side to move, castling rights, en passant
/// square and clocks, with a Zobrist hash kept up to date as moves are played.
///
/// Positions are built from a [`Setup`] by [`Position::from_setup`], which rejects what cannot
/// occur in a game, and change only by legal moves.
///
/// ```
/// use chess_core::Square;
/// use chess_rules::{Move, Position};
///
/// let mut pos = Position::standard();
/// pos.play(Move::double_push(Square::E2, Square::E4))?;
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert_eq!(pos.zobrist_hash(), 0x823c_9b50_fd11_4196);
/// # Ok::<_, chess_rules::IllegalMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[repr(align(64))]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) mode: CastlingMode,
    /// The square skipped by a double step on the last move, whether or not it can be taken.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    /// The pieces giving check to the side to move.
    pub(crate) checkers: Bitboard,
    /// The pieces of the side to move pinned to their king.
    pub(crate) pinned: Bitboard,
    /// The kings and rooks whose moving (or capture) takes away a castling right.
    pub(crate) castle_squares: Bitboard,
}

/// What [`Position::play_undoable`] saves so that [`Position::undo`] can take the move back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    hash: u64,
    checkers: Bitboard,
    pinned: Bitboard,
    castle_squares: Bitboard,
}

impl Default for Position {
    fn default() -> Position {
        Position::standard()
    }
}

impl Position {
    /// The starting position of standard chess.
    #[must_use]
    pub fn standard() -> Position {
        // Made once and copied: a reader of an archive starts every game from it (its
        // validation, hash and check information took about 2 % of reading Lichess games).
        #[cfg(feature = "std")]
        {
            static STANDARD: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
            STANDARD
                .get_or_init(|| {
                    Position::from_setup_lenient(Setup::standard(), CastlingMode::Standard)
                })
                .clone()
        }
        #[cfg(not(feature = "std"))]
        Position::from_setup_lenient(Setup::standard(), CastlingMode::Standard)
    }

    /// One of the 960 starting positions of Chess960 by its standard number (518 is the
    /// classical setup), with all four castling rights; `None` for `n >= 960`.
    #[must_use]
    pub fn chess960(n: u32) -> Option<Position> {
        let board = Board::chess960(n)?;
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            let king = board.king_of(color)?;
            for rook in board.pieces(color, Role::Rook) {
                castling.add(
                    color,
                    CastlingSide::from_king_and_rook(king, rook),
                    rook.file(),
                );
            }
        }
        let setup = Setup {
            board,
            castling,
            ..Setup::standard()
        };
        Some(Position::from_setup_lenient(setup, CastlingMode::Chess960))
    }

    /// Validates `setup` and builds the position, or names every reason it cannot occur in a
    /// game (see [`PositionError::ignore`] for unusual set-ups).
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        let castling = validate::valid_castling(&setup, mode);
        let ep_square = validate::valid_ep_square(&setup);
        let kinds = validate::errors(&setup, castling, ep_square);
        if kinds.is_empty() {
            Ok(Position::from_valid_parts(setup, mode, castling, ep_square))
        } else {
            let castling_problems = if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
                validate::castling_problems(&setup, mode).into()
            } else {
                alloc::boxed::Box::default()
            };
            Err(PositionError {
                setup: alloc::boxed::Box::new(setup),
                mode,
                kinds,
                castling_problems,
            })
        }
    }

    /// Builds a position from a setup whose kings are in place (one each, the side not to move
    /// not in check), dropping castling rights and an en passant square that are not valid.
    pub(crate) fn from_setup_lenient(setup: Setup, mode: CastlingMode) -> Position {
        let castling = validate::valid_castling(&setup, mode);
        let ep_square = validate::valid_ep_square(&setup);
        Position::from_valid_parts(setup, mode, castling, ep_square)
    }

    /// Builds a position from a setup and its valid castling rights and en passant square.
    ///
    /// The variants (`crate::variant`) keep their placement, rights and clocks in a `Position`
    /// built here from their own validation, kings or not; where a side has no king (or
    /// several), the check information is meaningless and they do not read it.
    pub(crate) fn from_valid_parts(
        setup: Setup,
        mode: CastlingMode,
        castling: CastlingRights,
        ep_square: Option<Square>,
    ) -> Position {
        let mut pos = Position {
            board: setup.board,
            turn: setup.turn,
            castling,
            mode,
            ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            castle_squares: Bitboard::EMPTY,
        };
        pos.castle_squares = pos.compute_castle_squares();
        pos.hash = pos.compute_hash();
        pos.update_check_info();
        pos
    }

    /// The fields of the position, for FEN writing or modification.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        self.to_setup_with(EnPassantMode::Always)
    }

    /// The fields of the position, with the en passant square as `ep` reports it.
    #[must_use]
    pub fn to_setup_with(&self, ep: EnPassantMode) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square(ep),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Where the pieces stand.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[inline]
    #[must_use]
    pub const fn castling_rights(&self) -> &CastlingRights {
        &self.castling
    }

    /// Standard chess or Chess960.
    #[inline]
    #[must_use]
    pub const fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Whether the position follows Chess960 castling rules.
    #[inline]
    #[must_use]
    pub const fn is_chess960(&self) -> bool {
        self.mode.is_chess960()
    }

    /// The en passant square, as `mode` defines it.
    #[must_use]
    pub fn ep_square(&self, mode: EnPassantMode) -> Option<Square> {
        let ep = self.ep_square?;
        match mode {
            EnPassantMode::Always => Some(ep),
            EnPassantMode::PseudoLegal => self.ep_is_pseudo_legal(ep).then_some(ep),
            EnPassantMode::Legal => {
                (self.ep_is_pseudo_legal(ep) && self.has_legal_en_passant()).then_some(ep)
            }
        }
    }

    /// Whether a pawn of the side to move attacks the en passant square.
    #[inline]
    fn ep_is_pseudo_legal(&self, ep: Square) -> bool {
        (attacks::pawn(!self.turn, ep) & self.board.pieces(self.turn, Role::Pawn)).any()
    }

    /// Halfmoves since the last capture or pawn move (for the 50- and 75-move rules).
    #[inline]
    #[must_use]
    pub const fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, incremented after each black move.
    #[inline]
    #[must_use]
    pub const fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The key two positions share exactly when they are the same position for the
    /// repetition rules: the Zobrist hash, counting the en passant square only when the
    /// capture is legal (FIDE's rule; the Polyglot key counts it when a pawn merely stands next
    /// to the pushed pawn).
    ///
    /// ```
    /// use chess_rules::Position;
    ///
    /// let start = Position::standard();
    /// assert_eq!(start.repetition_key(), start.zobrist_hash());
    /// ```
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        let pseudo = self.ep_square(EnPassantMode::PseudoLegal);
        match pseudo {
            Some(ep) if self.ep_square(EnPassantMode::Legal).is_none() => {
                self.zobrist_hash() ^ chess_core::zobrist::en_passant(ep.file())
            }
            _ => self.zobrist_hash(),
        }
    }

    /// The Zobrist hash, equal to the position's Polyglot key.
    #[inline]
    #[must_use]
    pub const fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The pieces giving check to the side to move.
    #[inline]
    #[must_use]
    pub const fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    #[must_use]
    pub const fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The pieces of the side to move that are pinned to their king by an enemy slider.
    #[inline]
    #[must_use]
    pub const fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// The square of the king of `color`.
    #[inline]
    #[must_use]
    pub const fn king_of(&self, color: Color) -> Square {
        self.board.pieces(color, Role::King).first_unchecked()
    }

    /// The pieces of `color` that attack `sq` when `occupied` holds the pieces on the board
    /// (pass a modified occupancy to see through or add blockers).
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.board.attackers_to(sq, color, occupied)
    }

    /// Whether the move `m` takes a piece: en passant included, castling (stored as the king
    /// taking its own rook) not.
    ///
    /// ```
    /// use chess_core::Square;
    /// use chess_rules::{Move, Position};
    ///
    /// let pos = Position::standard();
    /// assert!(!pos.is_capture(Move::new(Square::G1, Square::F3)));
    /// ```
    #[inline]
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        m.is_en_passant() || (!m.is_castle() && self.board.piece_at(m.to()).is_some())
    }

    /// Whether any piece of `color` attacks `sq`.
    #[inline]
    #[must_use]
    pub fn is_attacked(&self, sq: Square, color: Color) -> bool {
        self.board.is_attacked(sq, color, self.board.occupied())
    }

    /// The Polyglot hash computed from scratch, for checking the incremental one.
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut hash = self.board.zobrist_hash() ^ zobrist::castling(self.castling.sides());
        if let Some(ep) = self.ep_square(EnPassantMode::PseudoLegal) {
            hash ^= zobrist::en_passant(ep.file());
        }
        if self.turn.is_white() {
            hash ^= zobrist::WHITE_TO_MOVE;
        }
        hash
    }

    pub(crate) fn compute_castle_squares(&self) -> Bitboard {
        let mut squares = self.castling.rooks();
        for color in Color::ALL {
            if self.castling.has_any(color) {
                squares |= self.board.pieces(color, Role::King);
            }
        }
        squares
    }

    /// Recomputes the checkers and pinned pieces of the side to move.
    #[inline]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let king = self.king_of(us);
        let occupied = board.occupied();
        let mut checkers = (attacks::knight(king) & board.pieces(them, Role::Knight))
            | (attacks::pawn(us, king) & board.pieces(them, Role::Pawn));
        let mut pinned = Bitboard::EMPTY;
        let snipers = (attacks::rook_rays(king) & board.line_sliders(them))
            | (attacks::bishop_rays(king) & board.diagonal_sliders(them));
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers.add(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers & board.by_color(us);
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Plays `m` if it is legal here, else leaves the position unchanged and says so.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError { m })
        }
    }

    /// The position after the legal move `m`: the copying form of [`Position::play_unchecked`].
    #[inline]
    #[must_use]
    pub fn after(&self, m: Move) -> Position {
        let mut pos = self.clone();
        pos.play_unchecked(m);
        pos
    }

    /// Plays `m`, which must be legal in this position (as every move of
    /// [`Position::legal_moves`] is): the fast path, without the legality check of
    /// [`Position::play`]. An illegal move leaves the position in an unspecified (but memory
    /// safe) state; debug builds assert legality.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self:?}");
        self.make(m);
    }

    /// Plays the legal move `m` in place and returns what [`Position::undo`] needs to take it
    /// back: the make/unmake alternative to copying the position.
    #[inline]
    pub fn play_undoable(&mut self, m: Move) -> Undo {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self:?}");
        let undo = self.undo_record(m);
        self.make(m);
        undo
    }

    /// What [`Position::undo`] needs to take back `m`, saved before it is made.
    #[inline(always)]
    pub(crate) fn undo_record(&self, m: Move) -> Undo {
        Undo {
            captured: match m.kind() {
                MoveKind::Normal | MoveKind::Promotion => self.board.piece_at(m.to()),
                MoveKind::EnPassant => Some(Piece::new(!self.turn, Role::Pawn)),
                MoveKind::DoublePush | MoveKind::Castle | MoveKind::Drop => None,
            },
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            hash: self.hash,
            checkers: self.checkers,
            pinned: self.pinned,
            castle_squares: self.castle_squares,
        }
    }

    /// Takes back `m`, the last move played with [`Position::play_undoable`], restoring the
    /// position exactly.
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let them = self.turn;
        let us = !them;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::DoublePush => {
                if let Some(piece) = self.board.piece_at(to) {
                    self.board.remove_known(to, piece);
                    self.board.put_on_empty(from, piece);
                }
                if let Some(captured) = undo.captured {
                    self.board.put_on_empty(to, captured);
                }
            }
            MoveKind::EnPassant => {
                let pawn = Piece::new(us, Role::Pawn);
                self.board.move_known(to, from, pawn);
                self.board.put_on_empty(
                    Square::new(to.file(), from.rank()),
                    Piece::new(them, Role::Pawn),
                );
            }
            MoveKind::Promotion => {
                if let Some(promoted) = self.board.piece_at(to) {
                    self.board.remove_known(to, promoted);
                }
                self.board.put_on_empty(from, Piece::new(us, Role::Pawn));
                if let Some(captured) = undo.captured {
                    self.board.put_on_empty(to, captured);
                }
            }
            MoveKind::Castle => {
                let side = CastlingSide::from_king_and_rook(from, to);
                let king = Piece::new(us, Role::King);
                let rook = Piece::new(us, Role::Rook);
                self.board.remove_known(side.king_to(us), king);
                self.board.remove_known(side.rook_to(us), rook);
                self.board.put_on_empty(from, king);
                self.board.put_on_empty(to, rook);
            }
            MoveKind::Drop => {
                if let Some(piece) = self.board.piece_at(to) {
                    self.board.remove_known(to, piece);
                }
            }
        }
        if us.is_black() {
            self.fullmoves -= 1;
        }
        self.turn = us;
        self.castling = undo.castling;
        self.ep_square = undo.ep_square;
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
        self.pinned = undo.pinned;
        self.castle_squares = undo.castle_squares;
    }

    /// The move-making shared by every form of play.
    #[inline]
    pub(crate) fn make(&mut self, m: Move) {
        self.make_board(m);
        self.update_check_info();
    }

    /// [`Position::make`] without the check information of the new side to move: what the
    /// variants whose kings are not standard chess's (Atomic, Antichess, the horde's side in
    /// Horde) build on. Not for a drop: see [`Position::make_drop`].
    #[inline(always)]
    pub(crate) fn make_board(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board.piece_at(from) else {
            // A legal move has a piece on its origin (Crazyhouse plays its drops with
            // `make_drop`, not here).
            return;
        };
        let mut hash = self.hash ^ zobrist::WHITE_TO_MOVE;
        if let Some(ep) = self.ep_square.take() {
            if self.ep_is_pseudo_legal(ep) {
                hash ^= zobrist::en_passant(ep.file());
            }
        }
        self.halfmoves += 1;
        if us.is_black() {
            self.fullmoves += 1;
        }
        match m.kind() {
            MoveKind::Normal => {
                if let Some(captured) = self.board.piece_at(to) {
                    self.board.remove_known(to, captured);
                    hash ^= zobrist::piece(captured, to);
                    self.halfmoves = 0;
                }
                self.board.move_known(from, to, piece);
                hash ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
                if piece.role() == Role::Pawn {
                    self.halfmoves = 0;
                }
            }
            MoveKind::DoublePush => {
                self.board.move_known(from, to, piece);
                hash ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
                self.halfmoves = 0;
                let ep = Square::from_index_masked((from as u8 + to as u8) / 2);
                self.ep_square = Some(ep);
                if (attacks::pawn(us, ep) & self.board.pieces(them, Role::Pawn)).any() {
                    hash ^= zobrist::en_passant(ep.file());
                }
            }
            MoveKind::EnPassant => {
                let captured_sq = Square::new(to.file(), from.rank());
                let captured = Piece::new(them, Role::Pawn);
                self.board.remove_known(captured_sq, captured);
                self.board.move_known(from, to, piece);
                hash ^= zobrist::piece(captured, captured_sq)
                    ^ zobrist::piece(piece, from)
                    ^ zobrist::piece(piece, to);
                self.halfmoves = 0;
            }
            MoveKind::Promotion => {
                let promoted = Piece::new(us, m.promotion().unwrap_or(Role::Queen));
                if let Some(captured) = self.board.piece_at(to) {
                    self.board.remove_known(to, captured);
                    hash ^= zobrist::piece(captured, to);
                }
                self.board.remove_known(from, piece);
                self.board.put_on_empty(to, promoted);
                hash ^= zobrist::piece(piece, from) ^ zobrist::piece(promoted, to);
                self.halfmoves = 0;
            }
            MoveKind::Castle => {
                let side = CastlingSide::from_king_and_rook(from, to);
                let rook = Piece::new(us, Role::Rook);
                let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
                // Remove both before placing either: in Chess960 the squares may overlap.
                self.board.remove_known(from, piece);
                self.board.remove_known(to, rook);
                self.board.put_on_empty(king_to, piece);
                self.board.put_on_empty(rook_to, rook);
                hash ^= zobrist::piece(piece, from)
                    ^ zobrist::piece(piece, king_to)
                    ^ zobrist::piece(rook, to)
                    ^ zobrist::piece(rook, rook_to);
            }
            // Played by `make_drop`.
            MoveKind::Drop => {}
        }
        if self.castle_squares.intersects(Bitboard::from(from) | to) {
            let before = self.castling.sides();
            if piece.role() == Role::King {
                self.castling.remove_color(us);
            }
            self.castling.remove_rook(from);
            self.castling.remove_rook(to);
            hash ^= zobrist::castling(before) ^ zobrist::castling(self.castling.sides());
            self.castle_squares = self.compute_castle_squares();
        }
        self.turn = them;
        self.hash = hash;
    }

    /// Puts `piece` (of the side to move) on the empty square `to` and passes the turn: a
    /// Crazyhouse drop, without the check information of the new side to move. The halfmove
    /// clock counts on, as python-chess counts it (a drop is no capture and no pawn move, even
    /// a pawn's). [`Position::undo`] takes it back.
    pub(crate) fn make_drop(&mut self, piece: Piece, to: Square) {
        let mut hash = self.hash ^ zobrist::WHITE_TO_MOVE ^ zobrist::piece(piece, to);
        if let Some(ep) = self.ep_square.take() {
            if self.ep_is_pseudo_legal(ep) {
                hash ^= zobrist::en_passant(ep.file());
            }
        }
        self.board.put_on_empty(to, piece);
        self.halfmoves += 1;
        if self.turn.is_black() {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.hash = hash;
    }

    /// Whether the legal move `m` gives check, computed without playing it (direct checks,
    /// discovered checks, checks by a promoted piece, by the rook of a castling move, and through
    /// the square an en passant capture empties).
    ///
    /// ```
    /// use chess_core::Square;
    /// use chess_rules::{Move, Position};
    ///
    /// let mut pos = Position::standard();
    /// for m in [Move::new(Square::F2, Square::F3), Move::double_push(Square::E7, Square::E5)] {
    ///     pos.play(m).unwrap();
    /// }
    /// assert!(!pos.gives_check(Move::double_push(Square::G2, Square::G4)));
    /// ```
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let king = self.king_of(them);
        let (from, to) = (m.from(), m.to());
        let Some(piece) = board.piece_at(from) else {
            // A drop (Crazyhouse) checks directly or not at all: a piece put down uncovers
            // nothing.
            return m.dropped().is_some_and(|role| {
                attacks::for_piece(Piece::new(us, role), to, board.occupied()).contains(king)
            });
        };
        // The occupancy after the move, and where the moving piece (or the castling rook)
        // stands and what it is.
        let mut occupied = board.occupied().without(from);
        let (role, square) = match m.kind() {
            MoveKind::Castle => {
                let side = CastlingSide::from_king_and_rook(from, to);
                occupied = occupied
                    .without(to)
                    .with(side.king_to(us))
                    .with(side.rook_to(us));
                (Role::Rook, side.rook_to(us))
            }
            MoveKind::EnPassant => {
                occupied = occupied
                    .without(Square::new(to.file(), from.rank()))
                    .with(to);
                (Role::Pawn, to)
            }
            MoveKind::Promotion => {
                occupied = occupied.with(to);
                (m.promotion().unwrap_or(Role::Queen), to)
            }
            MoveKind::Normal | MoveKind::DoublePush => {
                occupied = occupied.with(to);
                (piece.role(), to)
            }
            // Answered above: a drop has no piece on its origin.
            MoveKind::Drop => return false,
        };
        let direct = match role {
            Role::Pawn => attacks::pawn(us, square),
            Role::Knight => attacks::knight(square),
            Role::Bishop => attacks::bishop(square, occupied),
            Role::Rook => attacks::rook(square, occupied),
            Role::Queen => attacks::queen(square, occupied),
            Role::King => Bitboard::EMPTY,
        };
        if direct.contains(king) {
            return true;
        }
        // Discovered checks: our sliders (other than the one that moved, counted above) that
        // see the king through the new occupancy.
        let moved = Bitboard::from(from) | to;
        let diagonal = board.diagonal_sliders(us) & !moved;
        let straight = board.line_sliders(us) & !moved;
        (attacks::bishop(king, occupied) & diagonal).any()
            || (attacks::rook(king, occupied) & straight).any()
    }

    /// The position with the other side to move and no en passant square, as if the side to
    /// move had passed (for null-move pruning in a search). `None` when the side to move is in
    /// check, where passing would leave a capturable king.
    #[must_use]
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut pos = self.clone();
        if let Some(ep) = pos.ep_square.take() {
            if self.ep_is_pseudo_legal(ep) {
                pos.hash ^= zobrist::en_passant(ep.file());
            }
        }
        pos.hash ^= zobrist::WHITE_TO_MOVE;
        pos.halfmoves += 1;
        if pos.turn.is_black() {
            pos.fullmoves += 1;
        }
        pos.turn = !pos.turn;
        pos.update_check_info();
        Some(pos)
    }

    /// The position seen from the other side: board mirrored top to bottom, colors swapped,
    /// castling rights and en passant square mirrored, the other side to move. Equally good for
    /// the opposite sides; evaluation symmetry tests rely on it.
    #[must_use]
    pub fn mirror(&self) -> Position {
        let mut castling = CastlingRights::NONE;
        for (color, side, rook) in self.castling.iter() {
            castling.add(!color, side, rook.file());
        }
        let setup = Setup {
            board: self.board.mirror(),
            turn: !self.turn,
            castling,
            ep_square: self.ep_square.map(Square::flip_vertical),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        Position::from_setup_lenient(setup, self.mode)
    }

    /// The position mirrored left to right (`a1` ↔ `h1`): the same side to move, the en
    /// passant square mirrored. Such a position is equally good for the same side, so a
    /// trainer may see each position twice; `None` where a side may still castle, since
    /// castling is not the same on the other wing.
    ///
    /// ```
    /// use chess_core::{Piece, Square};
    /// use chess_rules::{Position, Setup};
    ///
    /// let mut setup = Setup::empty();
    /// setup.board.put(Square::E1, Piece::WhiteKing);
    /// setup.board.put(Square::E8, Piece::BlackKing);
    /// setup.board.put(Square::B2, Piece::WhitePawn);
    /// let pos = Position::from_setup(setup, Default::default())?;
    /// let flipped = pos.flip_horizontal().expect("no castling rights");
    /// assert_eq!(flipped.board().piece_at(Square::G2), Some(Piece::WhitePawn));
    /// assert_eq!(flipped.board().king_of(chess_core::Color::White), Some(Square::D1));
    /// assert_eq!(flipped.flip_horizontal(), Some(pos));
    /// assert_eq!(Position::standard().flip_horizontal(), None);
    /// # Ok::<_, chess_rules::PositionError>(())
    /// ```
    #[must_use]
    pub fn flip_horizontal(&self) -> Option<Position> {
        if !self.castling.is_empty() {
            return None;
        }
        let setup = Setup {
            board: self.board.flip_horizontal(),
            turn: self.turn,
            castling: CastlingRights::NONE,
            ep_square: self.ep_square.map(Square::flip_horizontal),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        Some(Position::from_setup_lenient(setup, self.mode))
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

    /// Whether neither side can ever checkmate, whatever the moves: king against king, a single
    /// knight or a single bishop against a bare king, or only bishops all on squares of one color.
    ///
    /// ```
    /// use chess_core::{Piece, Square};
    /// use chess_rules::{Position, Setup};
    ///
    /// let mut setup = Setup::empty();
    /// setup.board.put(Square::E1, Piece::WhiteKing);
    /// setup.board.put(Square::E8, Piece::BlackKing);
    /// setup.board.put(Square::C1, Piece::WhiteBishop);
    /// setup.board.put(Square::F8, Piece::BlackBishop); // c1 and f8 are both dark
    /// let pos = Position::from_setup(setup, Default::default())?;
    /// assert!(pos.is_insufficient_material());
    /// # Ok::<_, chess_rules::PositionError>(())
    /// ```
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen)).any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if knights.is_empty() {
            // With bishops on one square color only, a checked king can always step to a
            // neighbouring square of the other color, which no bishop attacks and no piece blocks.
            return bishops.is_subset(Bitboard::DARK_SQUARES)
                || bishops.is_subset(Bitboard::LIGHT_SQUARES);
        }
        // A lone knight cannot mate; any second minor piece (of either side) can help.
        bishops.is_empty() && knights.count() == 1
    }

    /// Whether `color` can never checkmate, whatever the moves of either side (used when
    /// `color`'s opponent loses on time: then the game is drawn).
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        insufficient_material(&self.board, color)
    }
}

/// Whether `color` can never checkmate on `b`, whatever the moves of either side: the rule of
/// [`Position::has_insufficient_material`] and of the lenient position's.
pub(crate) fn insufficient_material(b: &Board, color: Color) -> bool {
    let ours = b.by_color(color);
    let theirs = b.by_color(!color);
    if (ours & (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen))).any() {
        return false;
    }
    let our_knights = ours & b.by_role(Role::Knight);
    let our_bishops = ours & b.by_role(Role::Bishop);
    if our_knights.any() {
        // One knight mates only with the help of enemy pieces that block their own king's
        // flight squares: anything but a queen will do (a queen would stop the mate by
        // giving or blocking check). Two knights, or knight and bishop, can mate.
        return ours.count() <= 2
            && (theirs & !b.by_role(Role::King) & !b.by_role(Role::Queen)).is_empty();
    }
    if our_bishops.any() {
        // Bishops mate only if the enemy king can be hemmed in on the other square color,
        // which takes a bishop of the other color, an enemy knight or an enemy pawn.
        let all_bishops = b.by_role(Role::Bishop);
        let one_color = all_bishops.is_subset(Bitboard::DARK_SQUARES)
            || all_bishops.is_subset(Bitboard::LIGHT_SQUARES);
        return one_color && (b.by_role(Role::Knight) | b.by_role(Role::Pawn)).is_empty();
    }
    true
}

// Building the position anyway is one of the constructors above, so it lives beside them: the
// error module needs nothing of this one.
impl PositionError {
    /// The escape hatch for unusual set-ups (studies, problems, analysis): builds the position
    /// anyway when every reason is among `kinds` and in [`PositionErrorKinds::IGNORABLE`].
    ///
    /// Castling rights without their king and rook, and an en passant square that no double
    /// step explains, are dropped rather than kept; the other ignorable reasons are kept as
    /// they are (move generation handles them). Anything else is returned as an error again.
    ///
    /// ```
    /// use chess_rules::{Position, PositionErrorKinds, Setup};
    /// use chess_core::{Piece, Square};
    ///
    /// let mut setup = Setup::standard();
    /// setup.board.put(Square::E4, Piece::WhiteQueen); // ten queens' worth of material is fine
    /// for sq in [Square::A3, Square::B3, Square::C3, Square::D3, Square::E3] {
    ///     setup.board.put(sq, Piece::WhiteQueen);
    /// }
    /// let error = Position::from_setup(setup, Default::default()).unwrap_err();
    /// assert_eq!(error.kinds(), PositionErrorKinds::TOO_MUCH_MATERIAL);
    /// let pos = error.ignore(PositionErrorKinds::TOO_MUCH_MATERIAL)?;
    /// assert!(pos.legal_moves().len() > 20);
    /// # Ok::<_, chess_rules::PositionError>(())
    /// ```
    pub fn ignore(self, kinds: PositionErrorKinds) -> Result<Position, PositionError> {
        let ignored = kinds & PositionErrorKinds::IGNORABLE;
        if !(self.kinds - ignored).is_empty() {
            return Err(PositionError {
                kinds: self.kinds - ignored,
                ..self
            });
        }
        Ok(Position::from_setup_lenient(*self.setup, self.mode))
    }
}
