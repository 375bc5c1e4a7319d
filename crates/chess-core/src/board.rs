//! The placement of the pieces, in three synchronized views.

use core::fmt;

use crate::{Bitboard, Color, File, Piece, Rank, Role, Square, attacks, zobrist};

/// Where the pieces stand, kept in three views that always agree:
///
/// - a 64-byte mailbox, for O(1) "what is on e4";
/// - a bitboard per (color, role), per color, and of all pieces, for move generation.
///
/// `Board` knows nothing of whose move it is, castling or en passant: that is the position's
/// business (chess-rules).
///
/// ```
/// use chess_core::{Board, Color, Piece, Role, Square};
///
/// let mut board = Board::standard();
/// assert_eq!(board.piece_at(Square::E1), Some(Piece::WhiteKing));
/// assert_eq!(board.king_of(Color::Black), Some(Square::E8));
/// assert_eq!(board.by_role(Role::Pawn).count(), 16);
///
/// board.remove(Square::E2);
/// board.put(Square::E4, Piece::WhitePawn);
/// assert_eq!(board.occupied().count(), 32);
/// ```
///
/// With the `serde` feature, a board is written as its plain 8-line form ([`Board::plain`]) and
/// read back through [`Board::from_plain`]: readable in text formats, and a deserialized board's
/// three views agree by construction (bad text is an error, never an inconsistent board).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    mailbox: [Option<Piece>; 64],
    pieces: [[Bitboard; 6]; 2],
    colors: [Bitboard; 2],
    occupied: Bitboard,
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

/// The back rank of the classical setup, `a` to `h`.
const CLASSICAL_BACK_RANK: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::King,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

impl Board {
    /// A board without pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            mailbox: [None; 64],
            pieces: [[Bitboard::EMPTY; 6]; 2],
            colors: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// The starting position of standard chess.
    #[must_use]
    pub fn standard() -> Board {
        Board::from_back_rank(CLASSICAL_BACK_RANK)
    }

    /// One of the 960 starting positions of Chess960, by its standard number (Scharnagl's
    /// numbering): 0 is `bbqnnrkr`, 518 the classical setup, 959 `rkrnnqbb`. `None` for
    /// `n >= 960`.
    ///
    /// ```
    /// use chess_core::Board;
    ///
    /// assert_eq!(Board::chess960(518), Some(Board::standard()));
    /// assert!(Board::chess960(960).is_none());
    /// ```
    #[must_use]
    pub fn chess960(n: u32) -> Option<Board> {
        if n >= 960 {
            return None;
        }
        let mut rank: [Option<Role>; 8] = [None; 8];
        let mut n = n as usize;
        // The light-squared bishop (b, d, f, h), then the dark-squared one (a, c, e, g).
        rank[2 * (n % 4) + 1] = Some(Role::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(Role::Bishop);
        n /= 4;
        // The queen on the (n % 6)-th free square.
        place_on_free(&mut rank, n % 6, Role::Queen);
        n /= 6;
        // The knights on one of the ten ways to pick two of the five free squares.
        const KNIGHTS: [(usize, usize); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let (first, second) = KNIGHTS[n];
        // Place the second knight first so the first one's index still counts the same squares.
        place_on_free(&mut rank, second, Role::Knight);
        place_on_free(&mut rank, first, Role::Knight);
        // Rook, king, rook on the three squares left, left to right.
        for role in [Role::Rook, Role::King, Role::Rook] {
            place_on_free(&mut rank, 0, role);
        }
        let mut back_rank = [Role::Pawn; 8];
        for (slot, role) in back_rank.iter_mut().zip(rank) {
            *slot = role?;
        }
        Some(Board::from_back_rank(back_rank))
    }

    /// The Chess960 number (0..960) of this board when it is one of the 960 starting positions.
    #[must_use]
    pub fn chess960_number(&self) -> Option<u32> {
        let mut roles = [Role::Pawn; 8];
        for file in File::ALL {
            let piece = self.piece_at(Square::new(file, Rank::First))?;
            roles[file.index()] = piece.role();
        }
        let light = (0..4).find(|&i| roles[2 * i + 1] == Role::Bishop)?;
        let dark = (0..4).find(|&i| roles[2 * i] == Role::Bishop)?;
        let free: [Role; 6] = {
            let mut free = [Role::Pawn; 6];
            for (k, role) in roles.into_iter().filter(|&r| r != Role::Bishop).enumerate() {
                *free.get_mut(k)? = role;
            }
            free
        };
        let queen = free.iter().position(|&r| r == Role::Queen)?;
        let mut rest = free.into_iter().filter(|&r| r != Role::Queen);
        let mut knights = (0..5).filter(|_| rest.next() == Some(Role::Knight));
        let pair = (knights.next()?, knights.next()?);
        const KNIGHTS: [(usize, usize); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let knight_index = KNIGHTS.iter().position(|&p| p == pair)?;
        let n = (light + 4 * (dark + 4 * (queen + 6 * knight_index))) as u32;
        (Board::chess960(n).as_ref() == Some(self)).then_some(n)
    }

    fn from_back_rank(back_rank: [Role; 8]) -> Board {
        let mut board = Board::empty();
        for (file, role) in File::ALL.into_iter().zip(back_rank) {
            for color in Color::ALL {
                let back = Square::new(file, Rank::First.relative_to(color));
                let pawn = Square::new(file, Rank::Second.relative_to(color));
                board.put_on_empty(back, Piece::new(color, role));
                board.put_on_empty(pawn, Piece::new(color, Role::Pawn));
            }
        }
        board
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq as usize]
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub const fn role_at(&self, sq: Square) -> Option<Role> {
        match self.mailbox[sq as usize] {
            Some(piece) => Some(piece.role()),
            None => None,
        }
    }

    /// The color of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub const fn color_at(&self, sq: Square) -> Option<Color> {
        match self.mailbox[sq as usize] {
            Some(piece) => Some(piece.color()),
            None => None,
        }
    }

    /// Puts `piece` on `sq`, returning what stood there before.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove(sq);
        self.put_on_empty(sq, piece);
        debug_assert!(self.is_consistent());
        old
    }

    /// Empties `sq`, returning what stood there.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let old = self.mailbox[sq as usize];
        if let Some(piece) = old {
            self.remove_known(sq, piece);
        }
        debug_assert!(self.is_consistent());
        old
    }

    /// Puts `piece` on `sq`, which the caller knows is empty: the fast path for move making.
    ///
    /// The views stop agreeing when `sq` is occupied; debug builds check it.
    #[inline]
    pub fn put_on_empty(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq as usize].is_none(), "{sq} is not empty");
        let bb = Bitboard::from_square(sq);
        self.mailbox[sq as usize] = Some(piece);
        self.pieces[piece.color() as usize][piece.role() as usize] |= bb;
        self.colors[piece.color() as usize] |= bb;
        self.occupied |= bb;
    }

    /// Removes `piece` from `sq`, where the caller knows it stands: the fast path for move
    /// making. Debug builds check that it does.
    #[inline]
    pub fn remove_known(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.mailbox[sq as usize], Some(piece), "{sq}");
        let bb = Bitboard::from_square(sq);
        self.mailbox[sq as usize] = None;
        self.pieces[piece.color() as usize][piece.role() as usize] ^= bb;
        self.colors[piece.color() as usize] ^= bb;
        self.occupied ^= bb;
    }

    /// Moves `piece` from `from` to the empty square `to`: the fast path for move making.
    #[inline]
    pub fn move_known(&mut self, from: Square, to: Square, piece: Piece) {
        debug_assert_eq!(self.mailbox[from as usize], Some(piece), "{from}");
        debug_assert!(self.mailbox[to as usize].is_none(), "{to} is not empty");
        let bb = Bitboard::from_square(from) | to;
        self.mailbox[from as usize] = None;
        self.mailbox[to as usize] = Some(piece);
        self.pieces[piece.color() as usize][piece.role() as usize] ^= bb;
        self.colors[piece.color() as usize] ^= bb;
        self.occupied ^= bb;
    }

    /// The squares of all pieces.
    #[inline]
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of the pieces of `color`.
    #[inline]
    #[must_use]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// The squares of the pieces of `role`, of either color.
    #[inline]
    #[must_use]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        Bitboard(self.pieces[0][role as usize].0 | self.pieces[1][role as usize].0)
    }

    /// The squares of `piece`.
    #[inline]
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.color() as usize][piece.role() as usize]
    }

    /// The squares of the pieces of `color` and `role`.
    #[inline]
    #[must_use]
    pub const fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.pieces[color as usize][role as usize]
    }

    /// The squares of the bishops and queens of `color`: the pieces that attack diagonally.
    #[inline]
    #[must_use]
    pub const fn diagonal_sliders(&self, color: Color) -> Bitboard {
        let p = &self.pieces[color as usize];
        Bitboard(p[Role::Bishop as usize].0 | p[Role::Queen as usize].0)
    }

    /// The squares of the rooks and queens of `color`: the pieces that attack along lines.
    #[inline]
    #[must_use]
    pub const fn line_sliders(&self, color: Color) -> Bitboard {
        let p = &self.pieces[color as usize];
        Bitboard(p[Role::Rook as usize].0 | p[Role::Queen as usize].0)
    }

    /// The pieces of `color` that attack `sq`, with `occupied` as the occupancy: the board's
    /// own, or one changed to see through a piece that moves away or to add a blocker (only the
    /// pieces on `occupied` count).
    ///
    /// ```
    /// use chess_core::{Board, Color, Square};
    ///
    /// let board = Board::standard();
    /// let attackers = board.attackers_to(Square::F3, Color::White, board.occupied());
    /// assert_eq!(attackers.count(), 3); // the e and g pawns, the g1 knight
    /// // With the g2 pawn gone, the f1 bishop does not see f3 (its diagonal is g2, h3).
    /// let occupied = board.occupied().without(Square::G2);
    /// assert_eq!(board.attackers_to(Square::F3, Color::White, occupied).count(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        ((attacks::knight(sq) & self.pieces(color, Role::Knight))
            | (attacks::king(sq) & self.pieces(color, Role::King))
            | (attacks::pawn(!color, sq) & self.pieces(color, Role::Pawn))
            | (attacks::bishop(sq, occupied) & self.diagonal_sliders(color))
            | (attacks::rook(sq, occupied) & self.line_sliders(color)))
            & occupied
    }

    /// Whether any piece of `color` attacks `sq` with `occupied` as the occupancy (see
    /// [`Board::attackers_to`]); the leapers are tried first, and no attacker set is built.
    #[inline]
    #[must_use]
    pub fn is_attacked(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        ((attacks::knight(sq) & self.pieces(color, Role::Knight))
            | (attacks::king(sq) & self.pieces(color, Role::King))
            | (attacks::pawn(!color, sq) & self.pieces(color, Role::Pawn)))
        .any()
            || (attacks::bishop(sq, occupied) & self.diagonal_sliders(color)).any()
            || (attacks::rook(sq, occupied) & self.line_sliders(color)).any()
    }

    /// Every square a piece of `color` attacks, with `occupied` as the occupancy (sliders stop
    /// at its first piece; the squares of `color`'s own pieces count when defended).
    ///
    /// ```
    /// use chess_core::{Bitboard, Board, Color, Square};
    ///
    /// let board = Board::standard();
    /// let attacked = board.attacked_squares(Color::White, board.occupied());
    /// assert!(attacked.contains(Square::F3) && attacked.contains(Square::D1));
    /// assert!(!attacked.contains(Square::E4) && !attacked.contains(Square::A1));
    /// assert_eq!(attacked.count(), 22);
    /// ```
    #[inline]
    #[must_use]
    pub fn attacked_squares(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let mut attacked = attacks::pawns(color, self.pieces(color, Role::Pawn));
        for sq in self.pieces(color, Role::King) {
            attacked |= attacks::king(sq);
        }
        for sq in self.pieces(color, Role::Knight) {
            attacked |= attacks::knight(sq);
        }
        for sq in self.diagonal_sliders(color) {
            attacked |= attacks::bishop(sq, occupied);
        }
        for sq in self.line_sliders(color) {
            attacked |= attacks::rook(sq, occupied);
        }
        attacked
    }

    /// The square of the king of `color`; with several kings (an invalid setup) the lowest.
    #[inline]
    #[must_use]
    pub const fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces[color as usize][Role::King as usize].first()
    }

    /// Every piece with its square, `a1` first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|piece| (sq, piece)))
    }

    /// The board mirrored left to right (`a1` ↔ `h1`), the colors kept. Without castling rights
    /// such a position is equally good for the same side: a trainer uses it to see every
    /// position twice.
    ///
    /// ```
    /// use chess_core::{Board, Color, Square};
    ///
    /// let board = Board::standard().flip_horizontal();
    /// assert_eq!(board.king_of(Color::White), Some(Square::D1));
    /// assert_eq!(board.flip_horizontal(), Board::standard());
    /// ```
    #[must_use]
    pub fn flip_horizontal(&self) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in self.iter() {
            board.put_on_empty(sq.flip_horizontal(), piece);
        }
        board
    }

    /// The board seen from the other side: mirrored top to bottom with the colors swapped. A
    /// position and its mirror are equally good for the opposite sides.
    #[must_use]
    pub fn mirror(&self) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in self.iter() {
            board.put_on_empty(sq.flip_vertical(), Piece::new(!piece.color(), piece.role()));
        }
        board
    }

    /// The Polyglot Zobrist hash of the placement alone (no side to move, castling or en passant).
    #[must_use]
    pub fn zobrist_hash(&self) -> u64 {
        self.iter()
            .fold(0, |hash, (sq, piece)| hash ^ zobrist::piece(piece, sq))
    }

    /// Whether the mailbox and the bitboards describe the same placement. Always true unless a
    /// caller broke the contract of a `_known`/`_on_empty` method; debug builds assert it after
    /// every [`Board::put`] and [`Board::remove`].
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let mut pieces = [[Bitboard::EMPTY; 6]; 2];
        for sq in Square::ALL {
            if let Some(piece) = self.mailbox[sq as usize] {
                pieces[piece.color() as usize][piece.role() as usize].add(sq);
            }
        }
        let colors = pieces.map(|roles| roles.into_iter().fold(Bitboard::EMPTY, |a, b| a | b));
        let no_overlap = Color::ALL.into_iter().all(|c| {
            let total: u32 = pieces[c as usize].iter().map(|bb| bb.count()).sum();
            total == colors[c as usize].count()
        });
        pieces == self.pieces
            && colors == self.colors
            && self.occupied == colors[0] | colors[1]
            && no_overlap
            && !colors[0].intersects(colors[1])
    }

    /// Draws the board as a boxed grid with two-letter labels (`WP` … `BK`), rank 8 at the top
    /// and the files `a`–`h` underneath (see [`Boxed::flipped`] and [`Boxed::marked`] for the
    /// other side's view and highlighted squares). This is also what `Display` writes.
    #[must_use]
    pub const fn boxed(&self) -> Boxed<'_> {
        Boxed {
            board: self,
            flipped: false,
            marks: Bitboard::EMPTY,
        }
    }

    /// The board in the plain 8-line form: one line per rank, rank 8 first, a FEN letter per
    /// piece (`KQRBNP` white, `kqrbnp` black) and `.` for an empty square.
    ///
    /// ```
    /// use chess_core::Board;
    ///
    /// let text = Board::standard().plain().to_string();
    /// assert!(text.starts_with("rnbqkbnr\npppppppp\n........\n"));
    /// assert_eq!(text.parse::<Board>(), Ok(Board::standard()));
    /// ```
    #[must_use]
    pub const fn plain(&self) -> Plain<'_> {
        Plain(self)
    }

    /// Reads the plain 8-line form written by [`Board::plain`]: 8 lines of 8 characters, rank 8
    /// first. Blank lines and spaces around a line are ignored. Kings are not counted here:
    /// whether the placement can occur in a game is for chess-rules to judge.
    pub fn from_plain(text: &str) -> Result<Board, ParseBoardError> {
        let mut board = Board::empty();
        let mut rank_count = 0usize;
        for (line_index, raw) in text.lines().enumerate() {
            let line_number = line_index + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() {
                continue;
            }
            let column_base = raw.len() - raw.trim_start().len() + 1;
            if rank_count == 8 {
                return Err(ParseBoardError {
                    line: line_number,
                    column: column_base,
                    kind: ParseBoardErrorKind::TooManyRanks,
                });
            }
            let rank = Rank::ALL[7 - rank_count];
            let mut files = 0usize;
            for (offset, c) in trimmed.char_indices() {
                let column = column_base + trimmed[..offset].chars().count();
                let error = |kind| ParseBoardError {
                    line: line_number,
                    column,
                    kind,
                };
                if files == 8 {
                    return Err(error(ParseBoardErrorKind::RankTooLong));
                }
                let sq = Square::new(File::ALL[files], rank);
                match c {
                    '.' => {}
                    _ => match Piece::from_char(c) {
                        Some(piece) => board.put_on_empty(sq, piece),
                        None => return Err(error(ParseBoardErrorKind::InvalidChar(c))),
                    },
                }
                files += 1;
            }
            if files < 8 {
                return Err(ParseBoardError {
                    line: line_number,
                    column: column_base + trimmed.chars().count(),
                    kind: ParseBoardErrorKind::RankTooShort(files),
                });
            }
            rank_count += 1;
        }
        if rank_count < 8 {
            return Err(ParseBoardError {
                line: text.lines().count() + 1,
                column: 1,
                kind: ParseBoardErrorKind::TooFewRanks(rank_count),
            });
        }
        Ok(board)
    }
}

fn place_on_free(rank: &mut [Option<Role>; 8], index: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(index) {
        *slot = Some(role);
    }
}

/// A board holding the given pieces (a later piece on a square replaces an earlier one).
///
/// ```
/// use chess_core::{Board, Piece, Square};
///
/// let board: Board = [(Square::E1, Piece::WhiteKing), (Square::E8, Piece::BlackKing)]
///     .into_iter()
///     .collect();
/// assert_eq!(board.piece_at(Square::E8), Some(Piece::BlackKing));
/// assert_eq!(board.occupied().count(), 2);
/// ```
impl FromIterator<(Square, Piece)> for Board {
    fn from_iter<I: IntoIterator<Item = (Square, Piece)>>(iter: I) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in iter {
            board.put(sq, piece);
        }
        board
    }
}

impl core::str::FromStr for Board {
    type Err = ParseBoardError;

    /// Reads the plain 8-line form, as [`Board::from_plain`].
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        Board::from_plain(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.plain())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        struct PlainVisitor;

        impl serde::de::Visitor<'_> for PlainVisitor {
            type Value = Board;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a board in the plain 8-line form")
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Board, E> {
                Board::from_plain(text).map_err(E::custom)
            }
        }

        deserializer.deserialize_str(PlainVisitor)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Board(\"")?;
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::new(file, rank))
                    .map_or('.', Piece::char);
                fmt::Write::write_char(f, c)?;
            }
            if rank != Rank::First {
                f.write_str("/")?;
            }
        }
        f.write_str("\")")
    }
}

impl fmt::Display for Board {
    /// Draws the boxed grid, as [`Board::boxed`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.boxed(), f)
    }
}

/// The boxed drawing of a [`Board`], from [`Board::boxed`]: a grid with a two-letter label per
/// piece (`W`/`B`, then the role's capital letter), rank 8 at the top and the files underneath.
///
/// ```
/// use chess_core::{Board, Piece, Square};
///
/// let mut board = Board::empty();
/// board.put(Square::A8, Piece::BlackKing);
/// board.put(Square::H1, Piece::WhiteQueen);
/// let text = board.boxed().to_string();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines.len(), 18);
/// assert_eq!(lines[0], "  +----+----+----+----+----+----+----+----+");
/// assert_eq!(lines[1], "8 | BK |    |    |    |    |    |    |    |");
/// assert_eq!(lines[15], "1 |    |    |    |    |    |    |    | WQ |");
/// assert_eq!(lines[17], "    a    b    c    d    e    f    g    h");
/// // `Display` on the board draws the same.
/// assert_eq!(board.to_string(), text);
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Boxed<'a> {
    board: &'a Board,
    flipped: bool,
    marks: Bitboard,
}

impl Boxed<'_> {
    /// Seen from black's side when `flipped`: rank 1 at the top, the files `h`–`a`.
    #[must_use]
    pub const fn flipped(mut self, flipped: bool) -> Self {
        self.flipped = flipped;
        self
    }

    /// With the squares of `marks` highlighted: a piece as `(WP)`, an empty square as `**`.
    ///
    /// ```
    /// use chess_core::{Bitboard, Board, Square};
    ///
    /// let marks = Bitboard::from(Square::E2) | Square::E4;
    /// let text = Board::standard().boxed().marked(marks).to_string();
    /// assert!(text.contains("|(WP)|"));
    /// assert!(text.contains("| ** |"));
    /// ```
    #[must_use]
    pub const fn marked(mut self, marks: Bitboard) -> Self {
        self.marks = marks;
        self
    }
}

impl fmt::Display for Boxed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const RULE: &str = "  +----+----+----+----+----+----+----+----+\n";
        let view = |i: usize| if self.flipped { 7 - i } else { i };
        f.write_str(RULE)?;
        for r in (0..8).rev() {
            let rank = Rank::ALL[view(r)];
            write!(f, "{} |", rank.char())?;
            for i in 0..8 {
                let sq = Square::new(File::ALL[view(i)], rank);
                let marked = self.marks.contains(sq);
                match self.board.piece_at(sq) {
                    Some(piece) => {
                        let [c, r] = piece.label();
                        let (open, close) = if marked { ('(', ')') } else { (' ', ' ') };
                        write!(f, "{open}{}{}{close}|", c as char, r as char)?;
                    }
                    None if marked => f.write_str(" ** |")?,
                    None => f.write_str("    |")?,
                }
            }
            f.write_str("\n")?;
            f.write_str(RULE)?;
        }
        f.write_str("  ")?;
        for i in 0..8 {
            let file = File::ALL[view(i)];
            if i == 7 {
                write!(f, "  {}", file.char())?;
            } else {
                write!(f, "  {}  ", file.char())?;
            }
        }
        f.write_str("\n")
    }
}

/// The plain 8-line form of a [`Board`], from [`Board::plain`]: rank 8 first, a FEN letter per
/// piece and `.` for an empty square. [`Board::from_plain`] reads it back.
///
/// ```
/// use chess_core::{Board, Piece, Square};
///
/// let mut board = Board::empty();
/// board.put(Square::E1, Piece::WhiteKing);
/// board.put(Square::E8, Piece::BlackKing);
/// board.put(Square::D7, Piece::BlackPawn);
/// let text = board.plain().to_string();
/// assert_eq!(
///     text,
///     "....k...\n\
///      ...p....\n\
///      ........\n\
///      ........\n\
///      ........\n\
///      ........\n\
///      ........\n\
///      ....K...\n"
/// );
/// assert_eq!(text.parse::<Board>(), Ok(board));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Plain<'a>(&'a Board);

impl fmt::Display for Plain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let c = self
                    .0
                    .piece_at(Square::new(file, rank))
                    .map_or('.', Piece::char);
                fmt::Write::write_char(f, c)?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// Why a board in the plain 8-line form could not be read, and where.
///
/// ```
/// use chess_core::{Board, ParseBoardError, ParseBoardErrorKind};
///
/// // The third rank line has a stray `x` in its fifth column.
/// let text = "rnbqkbnr\npppppppp\n....x...\n";
/// let error = text.parse::<Board>().unwrap_err();
/// assert_eq!(
///     error,
///     ParseBoardError { line: 3, column: 5, kind: ParseBoardErrorKind::InvalidChar('x') }
/// );
/// assert_eq!(
///     error.to_string(),
///     "invalid board at line 3, column 5: unexpected 'x': expected a piece letter (KQRBNP, kqrbnp) or '.'"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What was wrong.
    pub kind: ParseBoardErrorKind,
}

/// What was wrong with a board in the plain 8-line form.
///
/// ```
/// use chess_core::{Board, ParseBoardErrorKind};
///
/// let kind = |text: &str| text.parse::<Board>().unwrap_err().kind;
/// let full = "........\n".repeat(8);
/// assert!(full.parse::<Board>().is_ok());
/// assert_eq!(kind(&"........\n".repeat(7)), ParseBoardErrorKind::TooFewRanks(7));
/// assert_eq!(kind(&"........\n".repeat(9)), ParseBoardErrorKind::TooManyRanks);
/// assert_eq!(kind(&full.replacen("........", ".........", 1)), ParseBoardErrorKind::RankTooLong);
/// assert_eq!(kind(&full.replacen("........", "...", 1)), ParseBoardErrorKind::RankTooShort(3));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseBoardErrorKind {
    /// A character that is neither a piece letter nor `.`.
    InvalidChar(char),
    /// A rank line with more than 8 squares.
    RankTooLong,
    /// A rank line with fewer than 8 squares (how many it had).
    RankTooShort(usize),
    /// More than 8 non-blank lines.
    TooManyRanks,
    /// Fewer than 8 non-blank lines (how many there were).
    TooFewRanks(usize),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid board at line {}, column {}: ",
            self.line, self.column
        )?;
        match self.kind {
            ParseBoardErrorKind::InvalidChar(c) => write!(
                f,
                "unexpected {c:?}: expected a piece letter (KQRBNP, kqrbnp) or '.'"
            ),
            ParseBoardErrorKind::RankTooLong => f.write_str("rank has more than 8 squares"),
            ParseBoardErrorKind::RankTooShort(n) => {
                write!(f, "rank has {n} squares: expected 8")
            }
            ParseBoardErrorKind::TooManyRanks => f.write_str("more than 8 ranks"),
            ParseBoardErrorKind::TooFewRanks(n) => write!(f, "{n} ranks: expected 8"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseBoardError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_board() {
        let board = Board::standard();
        assert!(board.is_consistent());
        assert_eq!(board.occupied().count(), 32);
        assert_eq!(board.by_color(Color::White).count(), 16);
        assert_eq!(
            board.by_role(Role::Pawn),
            Bitboard::rank(Rank::Second) | Bitboard::rank(Rank::Seventh)
        );
        assert_eq!(
            board.by_piece(Piece::BlackQueen),
            Bitboard::from(Square::D8)
        );
        assert_eq!(board.king_of(Color::White), Some(Square::E1));
        assert_eq!(board.piece_at(Square::E4), None);
        assert_eq!(board.role_at(Square::B8), Some(Role::Knight));
        assert_eq!(board.color_at(Square::B8), Some(Color::Black));
        assert_eq!(
            board.line_sliders(Color::White),
            Bitboard::from(Square::A1) | Square::H1 | Square::D1
        );
        assert_eq!(board.chess960_number(), Some(518));
        assert_eq!(board.mirror(), board);
        assert_eq!(Board::empty().king_of(Color::White), None);
    }

    #[test]
    fn a_board_flipped_left_to_right_has_each_piece_on_the_mirrored_file() {
        for n in [0, 518, 959] {
            let board = Board::chess960(n).unwrap();
            let flipped = board.flip_horizontal();
            assert!(flipped.is_consistent());
            for (sq, piece) in board.iter() {
                assert_eq!(flipped.piece_at(sq.flip_horizontal()), Some(piece));
                assert_eq!(
                    flipped.by_piece(piece),
                    board.by_piece(piece).flip_horizontal()
                );
            }
            assert_eq!(flipped.occupied().count(), board.occupied().count());
            assert_eq!(flipped.flip_horizontal(), board);
            assert!(flipped.chess960_number().is_some());
        }
    }

    #[test]
    fn put_and_remove_keep_the_views_in_step() {
        let mut board = Board::standard();
        assert_eq!(
            board.put(Square::E2, Piece::BlackQueen),
            Some(Piece::WhitePawn)
        );
        assert!(board.is_consistent());
        assert_eq!(board.remove(Square::E2), Some(Piece::BlackQueen));
        assert_eq!(board.remove(Square::E2), None);
        assert!(board.is_consistent());
        board.move_known(Square::G1, Square::F3, Piece::WhiteKnight);
        assert!(board.is_consistent());
        assert_eq!(board.piece_at(Square::F3), Some(Piece::WhiteKnight));
        assert_eq!(board.occupied().count(), 31);
        board.remove_known(Square::F3, Piece::WhiteKnight);
        assert!(board.is_consistent());
        assert_eq!(board.iter().count(), 30);
    }

    #[test]
    fn inconsistent_views_are_detected() {
        let mut board = Board::standard();
        board.pieces[0][0] = Bitboard::EMPTY;
        assert!(!board.is_consistent());
    }

    #[test]
    fn all_chess960_positions() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let board = Board::chess960(n).unwrap();
            assert!(board.is_consistent());
            assert_eq!(board.occupied().count(), 32);
            assert_eq!(board.chess960_number(), Some(n));
            // The king between the rooks, bishops on opposite colors.
            let king = board.king_of(Color::White).unwrap();
            let rooks = board.pieces(Color::White, Role::Rook);
            assert!(rooks.first().unwrap() < king && king < rooks.last().unwrap());
            let bishops = board.pieces(Color::White, Role::Bishop);
            assert_eq!((bishops & Bitboard::LIGHT_SQUARES).count(), 1);
            assert_eq!(board.mirror(), board);
            assert!(seen.insert(board.plain().to_string()));
        }
        let rank = |n| {
            Board::chess960(n)
                .unwrap()
                .plain()
                .to_string()
                .lines()
                .last()
                .unwrap()
                .to_owned()
        };
        assert_eq!(rank(0), "BBQNNRKR");
        assert_eq!(rank(959), "RKRNNQBB");
        assert_eq!(Board::chess960(518), Some(Board::standard()));
        assert_eq!(Board::empty().chess960_number(), None);
    }

    /// Scharnagl's numbering, written from its definition and independently of
    /// `Board::chess960`: the back rank `a` to `h` as uppercase letters.
    fn scharnagl_back_rank(n: u32) -> [u8; 8] {
        let mut rank = [b'.'; 8];
        let (n, light) = (n / 4, n % 4);
        rank[[1, 3, 5, 7][light as usize]] = b'B';
        let (n, dark) = (n / 4, n % 4);
        rank[[0, 2, 4, 6][dark as usize]] = b'B';
        let (krn, queen) = (n / 6, n % 6);
        let free: Vec<usize> = (0..8).filter(|&i| rank[i] == b'.').collect();
        rank[free[queen as usize]] = b'Q';
        // The five squares left, left to right, take the letters of the KRN code.
        const KRN: [&str; 10] = [
            "NNRKR", "NRNKR", "NRKNR", "NRKRN", "RNNKR", "RNKNR", "RNKRN", "RKNNR", "RKNRN",
            "RKRNN",
        ];
        let free: Vec<usize> = (0..8).filter(|&i| rank[i] == b'.').collect();
        for (&i, letter) in free.iter().zip(KRN[krn as usize].bytes()) {
            rank[i] = letter;
        }
        rank
    }

    #[test]
    fn chess960_follows_scharnagl_numbering_for_every_number() {
        for n in 0..960 {
            let back = std::str::from_utf8(&scharnagl_back_rank(n))
                .unwrap()
                .to_owned();
            let expected = format!(
                "{}\npppppppp\n{}PPPPPPPP\n{back}\n",
                back.to_lowercase(),
                "........\n".repeat(4)
            );
            let board = Board::chess960(n).unwrap();
            assert_eq!(board.plain().to_string(), expected, "position {n}");
        }
        // Sanity of the independent version against published numbers.
        assert_eq!(&scharnagl_back_rank(0), b"BBQNNRKR");
        assert_eq!(&scharnagl_back_rank(518), b"RNBQKBNR");
        assert_eq!(&scharnagl_back_rank(959), b"RKRNNQBB");
    }

    #[test]
    fn boxed_display() {
        insta::assert_snapshot!(Board::standard().to_string());
    }

    #[test]
    fn plain_display() {
        let mut board = Board::standard();
        board.move_known(Square::E2, Square::E4, Piece::WhitePawn);
        insta::assert_snapshot!(board.plain().to_string());
        assert_eq!(
            format!("{board:?}"),
            "Board(\"rnbqkbnr/pppppppp/......../......../....P.../......../PPPP.PPP/RNBQKBNR\")"
        );
    }

    #[test]
    fn plain_round_trip_and_errors() {
        let board = Board::chess960(123).unwrap();
        let text = board.plain().to_string();
        assert_eq!(Board::from_plain(&text), Ok(board.clone()));
        let padded: String = text.lines().map(|l| format!("  {l}  \n\n")).collect();
        assert_eq!(Board::from_plain(&padded), Ok(board));

        let err = |s: &str| Board::from_plain(s).unwrap_err();
        let e = err("rnbqkbnr\npppxpppp\n");
        assert_eq!(
            (e.line, e.column, e.kind.clone()),
            (2, 4, ParseBoardErrorKind::InvalidChar('x'))
        );
        assert_eq!(
            e.to_string(),
            "invalid board at line 2, column 4: unexpected 'x': expected a piece letter (KQRBNP, kqrbnp) or '.'"
        );
        assert_eq!(err("rnbqkbnrr").kind, ParseBoardErrorKind::RankTooLong);
        assert_eq!(err("rnbq").kind, ParseBoardErrorKind::RankTooShort(4));
        assert_eq!(err("........\n").kind, ParseBoardErrorKind::TooFewRanks(1));
        assert_eq!(
            err(&"........\n".repeat(9)).kind,
            ParseBoardErrorKind::TooManyRanks
        );
        assert_eq!(err("").kind, ParseBoardErrorKind::TooFewRanks(0));
        assert_eq!(err("ééééééé").kind, ParseBoardErrorKind::InvalidChar('é'));
    }

    #[test]
    fn hash_of_placement_changes_with_pieces() {
        let board = Board::standard();
        let mut moved = board.clone();
        moved.move_known(Square::E2, Square::E4, Piece::WhitePawn);
        assert_ne!(board.zobrist_hash(), moved.zobrist_hash());
        assert_eq!(
            board.zobrist_hash()
                ^ zobrist::piece(Piece::WhitePawn, Square::E2)
                ^ zobrist::piece(Piece::WhitePawn, Square::E4),
            moved.zobrist_hash()
        );
    }

    proptest::proptest! {
        /// `attacked_squares` against the slow way: every square, one `is_attacked` each, on
        /// boards of any pieces (several kings or none included), with their own occupancy
        /// and with pieces left out of it, as the king's moves are generated.
        #[test]
        fn attacked_squares_are_the_squares_is_attacked_finds(
            pieces in proptest::collection::vec((0..64usize, 0..12usize), 0..40),
            hidden in proptest::prelude::any::<u64>(),
        ) {
            let mut board = Board::empty();
            for (sq, piece) in pieces {
                board.put(Square::ALL[sq], Piece::ALL[piece]);
            }
            let occupied = board.occupied() & !Bitboard(hidden & hidden.rotate_left(17));
            for color in [Color::White, Color::Black] {
                let slow = Square::ALL
                    .into_iter()
                    .filter(|&sq| board.is_attacked(sq, color, occupied))
                    .fold(Bitboard::EMPTY, |b, sq| b | sq);
                proptest::prop_assert_eq!(board.attacked_squares(color, occupied), slow);
            }
        }
    }
}
