//! The move ranking model of the game format: a cheap guess, from the position alone, at how
//! likely each legal move is to be played.
//!
//! The game format stores each move as its rank in this order, and ranks near 0 get short codes,
//! so the better the guess, the smaller the game. The order is part of the format: it must
//! never change for a given format version, on any platform. It uses only integer arithmetic,
//! and ties are broken by the move's 16-bit encoding ([`Move::to_u16`]), so the order is total.
//!
//! Each move gets a score, a weighted sum of 40 features that a player looks at first, plus a
//! piece-square term:
//!
//! - the material it wins or risks, by a one-square static exchange estimate: a capture gains
//!   the victim, and a piece that lands where a cheaper enemy piece, or any enemy piece and no
//!   friend, attacks it, is counted as put en prise;
//! - promotions (to a queen above almost everything, under-promotions below almost everything);
//! - rescuing a threatened piece, defending one, recapturing on the square of the last move,
//!   giving check from a safe square, attacking enemy pieces, pushing a passed pawn, castling;
//! - which piece moves in which phase of the game, how far, and from and to which squares.
//!
//! The weights and the learned piece-square tables were fitted once by maximum likelihood (a
//! softmax over the legal moves) on 50 000 positions of master games (The Week in Chess 1599),
//! rounded to integers and frozen: the score is the model's log-likelihood of the move up to a
//! constant, in 1/64 of a natural logarithm unit. Only the ranks matter for the format, and
//! [`Ranking::context`] sorts positions by how sure the model is of its first guess.
//!
//! ```
//! use chess_notation::pack::model::Ranking;
//! use chess_rules::Position;
//!
//! let ranking = Ranking::new(&Position::standard(), None);
//! assert_eq!(ranking.len(), 20);
//! // Its first guess is 1. Nf3.
//! assert_eq!(ranking.get(0).unwrap().to_string(), "g1f3");
//! ```

use chess_core::{Bitboard, Color, Piece, Role, Square, attacks};
use chess_rules::{CheckSquares, MAX_MOVES, Move, MoveKind, Position};

use super::table::RANK_CODE_LENGTHS;

/// Material values by role (pawn, knight, bishop, rook, queen, king).
const VALUE: [i32; 6] = [100, 310, 320, 500, 900, 0];

/// Piece-square tables from white's point of view, `a1` first (so the first row below is the
/// first rank). Small numbers: they only order otherwise equal moves.
#[rustfmt::skip]
const PSQT: [[i8; 64]; 6] = [
    // Pawn
    [
         0,  0,  0,  0,  0,  0,  0,  0,
         2,  4,  4, -8, -8,  4,  4,  2,
         2,  0,  2,  6,  6,  0,  0,  2,
         0,  2,  8, 18, 18,  6,  0,  0,
         4,  6, 10, 18, 18, 10,  6,  4,
        12, 14, 18, 22, 22, 18, 14, 12,
        30, 30, 30, 30, 30, 30, 30, 30,
         0,  0,  0,  0,  0,  0,  0,  0,
    ],
    // Knight
    [
       -30,-20,-14,-12,-12,-14,-20,-30,
       -20,-10,  0,  4,  4,  0,-10,-20,
       -14,  2, 10, 12, 12, 10,  2,-14,
       -12,  4, 12, 16, 16, 12,  4,-12,
       -12,  4, 12, 16, 16, 12,  4,-12,
       -14,  2, 10, 12, 12, 10,  2,-14,
       -20,-10,  0,  2,  2,  0,-10,-20,
       -30,-20,-14,-12,-12,-14,-20,-30,
    ],
    // Bishop
    [
       -10, -6, -8, -6, -6, -8, -6,-10,
        -4,  8,  4,  4,  4,  4,  8, -4,
        -4,  6,  6,  6,  6,  6,  6, -4,
        -4,  4,  8,  8,  8,  8,  4, -4,
        -4,  6,  8,  8,  8,  8,  6, -4,
        -4,  4,  6,  6,  6,  6,  4, -4,
        -6,  0,  0,  0,  0,  0,  0, -6,
       -10, -6, -6, -6, -6, -6, -6,-10,
    ],
    // Rook
    [
        -2,  0,  4,  8,  8,  6,  0, -2,
        -6,  0,  0,  0,  0,  0,  0, -6,
        -6,  0,  0,  0,  0,  0,  0, -6,
        -6,  0,  0,  0,  0,  0,  0, -6,
        -4,  0,  0,  2,  2,  0,  0, -4,
        -2,  2,  2,  4,  4,  2,  2, -2,
        10, 14, 14, 14, 14, 14, 14, 10,
         4,  4,  4,  6,  6,  4,  4,  4,
    ],
    // Queen
    [
        -8, -4, -2,  0,  0, -2, -4, -8,
        -4,  0,  2,  2,  2,  2,  0, -4,
        -2,  2,  4,  4,  4,  4,  2, -2,
         0,  2,  4,  4,  4,  4,  2,  0,
         0,  2,  4,  4,  4,  4,  2,  0,
        -2,  2,  4,  4,  4,  4,  2, -2,
        -4,  0,  2,  2,  2,  2,  0, -4,
        -8, -4, -2,  0,  0, -2, -4, -8,
    ],
    // King, while queens are on the board
    [
        10, 20, 12, -4,  0, -4, 22, 12,
         4,  4, -6,-12,-12, -6,  6,  6,
       -12,-16,-20,-24,-24,-20,-16,-12,
       -20,-24,-28,-32,-32,-28,-24,-20,
       -24,-28,-32,-36,-36,-32,-28,-24,
       -28,-32,-36,-40,-40,-36,-32,-28,
       -28,-32,-36,-40,-40,-36,-32,-28,
       -28,-32,-36,-40,-40,-36,-32,-28,
    ],
];

/// The king's table once the queens are gone: towards the centre.
#[rustfmt::skip]
const KING_ENDGAME: [i8; 64] = [
    -30,-20,-14,-10,-10,-14,-20,-30,
    -20, -8,  0,  4,  4,  0, -8,-20,
    -14,  0, 10, 14, 14, 10,  0,-14,
    -10,  4, 14, 20, 20, 14,  4,-10,
    -10,  4, 14, 20, 20, 14,  4,-10,
    -14,  0, 10, 14, 14, 10,  0,-14,
    -20, -8,  0,  4,  4,  0, -8,-20,
    -30,-20,-14,-10,-10,-14,-20,-30,
];

/// The features of a move that its score weighs (see [`WEIGHTS`]).
const FEATURES: usize = 40;

const F_VICTIM: usize = 0; // + victim role (pawn .. queen): 0-4
const F_ATTACKER_VALUE: usize = 5;
const F_LOSS: usize = 6;
const F_CONTESTED: usize = 7;
const F_ESCAPE: usize = 8;
const F_CHECK_SAFE: usize = 9;
const F_CHECK_UNSAFE: usize = 10;
const F_RECAPTURE: usize = 11;
const F_PROMOTE_QUEEN: usize = 12;
const F_UNDERPROMOTE: usize = 13;
const F_CASTLE: usize = 14;
const F_PSQT: usize = 15;
const F_ROLE_PHASE: usize = 16; // + 3 * role + phase: 16-33
const F_DOUBLE_PUSH: usize = 34;
const F_ADVANCE: usize = 35;
const F_THREATS: usize = 36;
const F_DEFENDS: usize = 37;
const F_DISTANCE: usize = 38;
const F_PASSED_PUSH: usize = 39;

/// The weight of each feature in a move's score, in 1/64 of a natural logarithm unit of
/// likelihood.
#[rustfmt::skip]
static WEIGHTS: [i32; FEATURES] = [
       98, // victim: pawn
      214, // victim: knight
      248, // victim: bishop
      361, // victim: rook
      629, // victim: queen
        1, // capturing piece's value (pawns)
      -53, // material put en prise (pawns)
       -8, // lands on an attacked but defended square
       32, // rescues a threatened piece (its value in pawns)
       79, // safe check
       20, // unsafe check
       94, // recaptures on the last move's square
      168, // promotes to a queen
    -1150, // under-promotes
      191, // castles
        3, // hand-made piece-square table delta
       27, // moves a pawn in the opening
        3, // moves a pawn in the middlegame
       -3, // moves a pawn in the endgame
       21, // moves a knight in the opening
       24, // moves a knight in the middlegame
       21, // moves a knight in the endgame
       11, // moves a bishop in the opening
        6, // moves a bishop in the middlegame
       -3, // moves a bishop in the endgame
      -24, // moves a rook in the opening
      -10, // moves a rook in the middlegame
       -6, // moves a rook in the endgame
      -30, // moves a queen in the opening
      -11, // moves a queen in the middlegame
      -23, // moves a queen in the endgame
      -47, // moves a king in the opening
      -18, // moves a king in the middlegame
        7, // moves a king in the endgame
       14, // pawn double step
        4, // ranks advanced by a piece
       36, // enemy pieces attacked (more valuable or undefended)
       66, // defends a threatened piece
        1, // distance moved
       56, // pushes a passed pawn
];

/// Learned piece-square preferences, `[phase][role][square]` from the mover's side (`a1`
/// first, so each block's first row is the first rank); phase 1 is the endgame (knights and
/// bishops count 1, rooks 2, queens 4: less than 10 left). A move scores the value of its
/// destination minus that of its origin, on top of [`PSQT`].
#[rustfmt::skip]
static SQUARES: [i16; 2 * 6 * 64] = [
    // Most of the game: pawn.
      0,   0,   0,   0,   0,   0,   0,   0,
     16,  22, -41, -30, -27,  28,  35,  19,
     -2,  -3,  17,   8,  14,   1,  21, -10,
    -30, -10,  13,  13, -17, -13, -31, -54,
    -19,   3,  -3,  17,   6,  -8,  -9,  -6,
     -3,  -8,   3,  10,  13,  10,  16,  12,
      3,   8,   0,   1,   2,   4,   6,  -3,
      0,  -3,   0,   1,  -1,   4,   2,   0,
    // Most of the game: knight.
      3,   9,  -1,   2,  12,  32, -29,  -3,
     -4,   3,  -3,   3,  -6,   4,  15,  10,
    -42,  23,  20,  13,  21,  24,  30, -57,
     18,   6,   4,   7,  -6,  -2,   3,   3,
     11,  -4,  -2, -15, -10,   8, -19,  17,
      4,  -5,  -8, -17, -17, -14, -12,   3,
      5,   2, -15,  -5,   4, -16,  -2,  -2,
      6,   0,  -4,  -3,  -3,   3,   0,   0,
    // Most of the game: bishop.
      9,  -2,  -3,   2,  -4, -28,   2, -12,
     19,  29,  18, -19,   8,  15,  64,  10,
     24,  18,  18,   2,   4,  27,  20,  15,
      3,   0, -12,  13,   2,  -8,  -5,   8,
     -9, -33, -16, -12, -13,   4, -23,  -7,
    -29, -11,  -6,   1, -10,  -9,  -8, -17,
    -13,   2, -10,   5,  -4, -16,   6,  -7,
     -3,  -9,   3,  -2,  -2,   8,  -1,   1,
    // Most of the game: rook.
    -13, -17,   6,  13,   2, -37, -18,   9,
    -32, -12,   5,   6,   1,   3,   2, -10,
    -18, -12,  -3,   2,   8,   1,   7,   2,
    -10,  -3,   2,  16,   7,  -4,  -1,   0,
      1,   2,   6,   9,  10,   3,  -2,  -1,
      3,   4,   5,  -5,   4,  10,   4,   4,
     -4,  -4,  12,   6,   1, -11,   1,   1,
     -6,   6,  18,  -4,   6,  10,   2,   9,
    // Most of the game: queen.
     -9, -29, -24,   0, -32, -18,  -8,  -8,
    -12,   1,  15,   4,   9,  16,   0,  -5,
    -16,  -2,  -3,  -5,   9,   8,  15,  -8,
    -26,  -8,  -2,   7,  20,  -1,  12,   9,
    -15,  -9,  -8,   5,  10,  13,   4,  -6,
    -18,  -6,  -4,   7,  16,  -5,  10,   6,
     -4,   0,  11,  11,  14,   2,  -3,   5,
     -6,   3,   3,  23,   9,   1,  10,  13,
    // Most of the game: king.
     -2,  -4, -32, -23,   6, -21, -14, -26,
     15,   7,   7, -19,   0,  14,  31,   1,
      7,   1,   8,   0,   3,   2,  24,  -1,
      0,   5,   0,   3,   2,   0,   6,  -1,
      0,   0,  -2,   0,   1,   3,   2,  -2,
      0,   1,   0,   2,  -1,   1,   0,  -2,
      0,   1,  -1,   1,  -1,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
    // Endgame: pawn.
      0,   0,   0,   0,   0,   0,   0,   0,
     11,  13,   7,   4,   7,   9,   6,  14,
    -22,  -3,   1,   5,  16,   9,   6, -17,
    -22, -12, -13, -11, -20,  -7,  -1,  -7,
      3,   6,   0,  -1,  -3,  -9,  -1,  -7,
     16,  11,  -3,   1,   3,  -8,  -4,   4,
     -1,   2,  11,  14,   9,   0,   9,  -1,
     -1,  -7,  -2, -11,  -6,   1,  -2,   2,
    // Endgame: knight.
      1,   1,  12,   4,   7,   6,   2,   1,
      3,   7,  -5,   3,   4,   0,  18,   2,
      5,   2,   5,   0,   2,   8,  -7,  -2,
      1,   1, -10,   6,   1,  -5,  -4,   5,
     -2,   5,  -2, -14, -12, -11,   1,   9,
     -4,  -3,  -3,  -6, -12,  -6,  -6,  -1,
      0,   1,  -4,   1,   0,   1,   7,   4,
      0,  -1,  -4,   0,  -1,  -4,  -1,  -2,
    // Endgame: bishop.
     -6,   0,   5,   7,   6,  16,  -8,  -8,
      6,  -8,   0,  14,  10,   3,  -7,   1,
      6,   3,   8,   4,   9,  10,   4, -10,
      3,   5,  -1,  10,   8,   6,  -1,  -6,
     -4,  -1,  -1,   0,   8,  -1,  -8,  -9,
     -2,  -9,   4,  -5,   1,   3, -11,  -5,
     -7,  -6,  -5,  -4,  -5,  14,   2,  -8,
    -11,  -6,  -6,  -6,  -4,   8,   3,  -7,
    // Endgame: rook.
     -1,   5,  -8,  -8, -11, -24,  -7,  -9,
      2,   0,  -4,   7,  10,  -5,  -3,   5,
     16,  -2,   9,   3,   2,   8,   1,  -2,
      9,  10,   3,  13,  -1,   8,  -2,   6,
     20,   9,   8,   3,  -2,  -6,   8,   6,
     33,  19,   7,  -9,  -2,   0,   5,   3,
     -2,  -8, -17, -10, -10, -19, -14,  -3,
     -2,  -6,  -9, -16,  -6,  -8,   3,  -1,
    // Endgame: queen.
      1,  -2,   2,  -2,  -1,  -5,  -2,   0,
     -4,  -2,  -1,   1,   6,  -2,  -1,  -2,
      6,  -5,   6,  -1,  -3,  -2,  -3,  -2,
     -1,   3,   1,   3,   3,   5,  -2,   0,
     -2,   1,  -1,   9,   9,   9,   1,   0,
      3,  -7,  -5,   8,   0,   4,  -4,   1,
     -4,  -1,  -5,  -5,   9,   2,   1,   0,
     -4,  -1,  -3,  -6,  -2,   1,   3,  -3,
    // Endgame: king.
     -2,  -8,  -8, -14, -19, -22, -13, -38,
     -6,  -7,   3,   0,   6,   6,   5, -14,
      4,  10,   5,   3,   2,   6,  13, -10,
     -6,   5,  -4,   0,  -2,   3,  14,  -5,
     -1,   0,   5,  -2,  -2,   1,   9,   5,
      3,   8,   4,   7,  12,  12,  13,  -7,
      4,  12,   5,   3,  -2,  13,   3,  -3,
     -3,  -3,   4,   0,  -3,  -2,   0,  -1,
];

/// What the scores of all moves of one position share.
struct Context<'a> {
    pos: &'a Position,
    us: Color,
    occupied: Bitboard,
    /// Squares attacked by the opponent's pieces of each role.
    their_attacks: [Bitboard; 6],
    /// Squares attacked by the opponent at all.
    attacked: Bitboard,
    /// Squares attacked by at least one / two of our pieces.
    defended: Bitboard,
    defended_twice: Bitboard,
    /// Our pieces that stand attacked by a cheaper piece, or attacked and undefended.
    threatened: Bitboard,
    /// The squares from which a piece of each role would give check (direct checks only).
    checks: CheckSquares,
    /// The square the last move went to.
    last_to: Option<Square>,
    endgame: bool,
    /// 0 opening, 1 middlegame, 2 endgame, by the material left.
    phase: usize,
}

impl<'a> Context<'a> {
    fn new(pos: &'a Position, last: Option<Move>) -> Context<'a> {
        let board = pos.board();
        let us = pos.turn();
        let them = !us;
        let occupied = board.occupied();
        let attacks_of = |color: Color, role: Role| -> Bitboard {
            let mut bb = Bitboard::EMPTY;
            for sq in board.pieces(color, role) {
                bb |= attacks::for_piece(Piece::new(color, role), sq, occupied);
            }
            bb
        };
        let mut their_attacks = [Bitboard::EMPTY; 6];
        let mut attacked = Bitboard::EMPTY;
        for role in Role::ALL {
            their_attacks[role as usize] = attacks_of(them, role);
            attacked |= their_attacks[role as usize];
        }
        let mut defended = Bitboard::EMPTY;
        let mut defended_twice = Bitboard::EMPTY;
        for (sq, piece) in board.iter() {
            if piece.color() == us {
                let a = attacks::for_piece(piece, sq, occupied);
                defended_twice |= defended & a;
                defended |= a;
            }
        }
        let mut threatened = Bitboard::EMPTY;
        for sq in board.by_color(us) & attacked {
            let Some(role) = board.role_at(sq) else {
                continue;
            };
            if role == Role::King {
                continue;
            }
            if !defended.contains(sq) || cheaper_attackers(&their_attacks, role).contains(sq) {
                threatened.add(sq);
            }
        }
        let checks = pos.check_squares();
        let material = board.by_role(Role::Knight).count()
            + board.by_role(Role::Bishop).count()
            + 2 * board.by_role(Role::Rook).count()
            + 4 * board.by_role(Role::Queen).count();
        let phase = if material >= 20 {
            0
        } else if material >= 10 {
            1
        } else {
            2
        };
        Context {
            pos,
            us,
            occupied,
            their_attacks,
            attacked,
            defended,
            defended_twice,
            threatened,
            checks,
            last_to: last.map(Move::king_to_or_to),
            endgame: board.by_role(Role::Queen).is_empty(),
            phase,
        }
    }

    fn psqt(&self, role: Role, sq: Square) -> i32 {
        let sq = sq.relative_to(self.us) as usize;
        if role == Role::King && self.endgame {
            i32::from(KING_ENDGAME[sq])
        } else {
            i32::from(PSQT[role as usize][sq])
        }
    }

    /// The features of `m`.
    fn features(&self, m: Move) -> [i32; FEATURES] {
        let mut f = [0i32; FEATURES];
        let board = self.pos.board();
        let from = m.from();
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        f[F_ROLE_PHASE + 3 * role as usize + self.phase] = 1;
        if m.kind() == MoveKind::Castle {
            let to = m.king_to_or_to();
            f[F_CASTLE] = 1;
            f[F_PSQT] = self.psqt(Role::King, to) - self.psqt(Role::King, from);
            return f;
        }
        let to = m.to();
        let captured = match m.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            _ => board.role_at(to),
        };
        let landing = m.promotion().unwrap_or(role);
        let attacked = self.attacked.contains(to);
        let defended = if captured.is_none() && role == Role::Pawn {
            self.defended.contains(to)
        } else {
            self.defended_twice.contains(to)
        };
        let unsafe_square = role != Role::King
            && (cheaper_attackers(&self.their_attacks, role).contains(to)
                || (attacked && !defended));
        if let Some(victim) = captured {
            f[F_VICTIM + victim as usize] = 1;
            f[F_ATTACKER_VALUE] = VALUE[role as usize] / 100;
            if self.last_to == Some(to) {
                f[F_RECAPTURE] = 1;
            }
        }
        match m.promotion() {
            Some(Role::Queen) => f[F_PROMOTE_QUEEN] = 1,
            Some(_) => f[F_UNDERPROMOTE] = 1,
            None => {}
        }
        if m.kind() == MoveKind::DoublePush {
            f[F_DOUBLE_PUSH] = 1;
        }
        let gives_check = self.checks.for_role(landing).contains(to);
        if unsafe_square {
            f[F_LOSS] = VALUE[landing as usize] / 100;
            f[F_CHECK_UNSAFE] = i32::from(gives_check);
        } else {
            if attacked && role != Role::King {
                f[F_CONTESTED] = 1;
            }
            if self.threatened.contains(from) {
                f[F_ESCAPE] = VALUE[role as usize] / 100;
            }
            f[F_CHECK_SAFE] = i32::from(gives_check);
        }
        let occupied = self.occupied.without(from).with(to);
        let reach = attacks::for_piece(Piece::new(self.us, landing), to, occupied);
        let them = self.pos.board().by_color(!self.us);
        let mut threats = 0;
        for target in reach & them {
            let value = board.role_at(target).map_or(0, |r| VALUE[r as usize]);
            if value > VALUE[landing as usize] || !self.defended_by_them(target) {
                threats += 1;
            }
        }
        f[F_THREATS] = threats;
        f[F_DEFENDS] = i32::from((reach & self.threatened.without(from)).any());
        if role != Role::Pawn {
            let rank = |sq: Square| sq.relative_to(self.us).rank().index() as i32;
            f[F_ADVANCE] = rank(to) - rank(from);
        }
        f[F_DISTANCE] = from.distance(to) as i32;
        if role == Role::Pawn && captured.is_none() {
            // No enemy pawn in front of it, on its file or the neighbouring ones.
            let mut ahead = Bitboard::from(from).shift_forward(self.us);
            for _ in 0..5 {
                ahead |= ahead.shift_forward(self.us);
            }
            let span = ahead | ahead.shift_east() | ahead.shift_west();
            f[F_PASSED_PUSH] = i32::from((board.pieces(!self.us, Role::Pawn) & span).is_empty());
        }
        f[F_PSQT] = self.psqt(role, to) - self.psqt(role, from);
        f
    }

    /// Whether an enemy piece on `sq` is defended by its side (ignoring x-rays).
    fn defended_by_them(&self, sq: Square) -> bool {
        self.attacked.contains(sq)
    }

    /// The indices in [`SQUARES`] of the destination and origin of `m`.
    fn square_indices(&self, m: Move) -> (usize, usize) {
        let role = self.pos.board().role_at(m.from()).unwrap_or(Role::Pawn) as usize;
        let base = 384 * usize::from(self.phase == 2) + 64 * role;
        let rel = |sq: Square| sq.relative_to(self.us) as usize;
        (base + rel(m.king_to_or_to()), base + rel(m.from()))
    }

    /// The score of `m`: higher is more likely.
    fn score(&self, m: Move) -> i32 {
        let f = self.features(m);
        let (to, from) = self.square_indices(m);
        let mut score = i32::from(SQUARES[to]) - i32::from(SQUARES[from]);
        for (w, x) in WEIGHTS.iter().zip(f) {
            score += w * x;
        }
        score
    }
}

/// The squares attacked by enemy pieces cheaper than `role`.
#[inline]
fn cheaper_attackers(their_attacks: &[Bitboard; 6], role: Role) -> Bitboard {
    let pawns = their_attacks[Role::Pawn as usize];
    let minors = their_attacks[Role::Knight as usize] | their_attacks[Role::Bishop as usize];
    match role {
        Role::Pawn | Role::King => Bitboard::EMPTY,
        Role::Knight | Role::Bishop => pawns,
        Role::Rook => pawns | minors,
        Role::Queen => pawns | minors | their_attacks[Role::Rook as usize],
    }
}

/// The sort key of a move: score first, then the move's encoding (lower first), and the move in
/// the low bits. Keys are distinct and higher keys rank first.
#[inline]
fn key(score: i32, m: Move) -> u64 {
    let score = (score as u32) ^ 0x8000_0000;
    u64::from(score) << 32 | u64::from(!m.to_u16()) << 16 | u64::from(m.to_u16())
}

#[inline]
fn move_of(key: u64) -> Move {
    // The low 16 bits are a move built by move generation, whose kind bits are valid.
    Move::from_u16(key as u16).unwrap_or(Move::new(Square::A1, Square::A1))
}

#[inline]
fn score_of(key: u64) -> i32 {
    ((key >> 32) as u32 ^ 0x8000_0000) as i32
}

/// How many coding contexts there are: see [`Ranking::context`].
pub const CONTEXTS: usize = 5;

/// The lower bounds of the score gap of contexts 1 to 4.
const CONTEXT_GAPS: [i32; CONTEXTS - 1] = [8, 32, 96, 256];

/// The legal moves of a position in the model's order, most likely first, with their scores.
///
/// A score is the model's log-likelihood of the move up to a constant, in 1/64 of a natural
/// logarithm unit: a move scoring 44 more than another is about twice as likely.
///
/// ```
/// use chess_notation::pack::model::Ranking;
/// use chess_rules::Position;
///
/// let pos = Position::standard();
/// let ranking = Ranking::new(&pos, None);
/// assert_eq!(ranking.len(), 20);
/// let best = ranking.get(0).unwrap();
/// assert_eq!(ranking.rank_of(best), Some(0));
/// assert!(ranking.score(0) >= ranking.score(1));
/// ```
#[derive(Clone)]
pub struct Ranking {
    /// Sorted descending.
    keys: [u64; MAX_MOVES],
    len: usize,
}

impl Ranking {
    /// Ranks the legal moves of `pos`. `last` is the move that led to `pos`, if known (a
    /// recapture on its square is likely).
    #[must_use]
    pub fn new(pos: &Position, last: Option<Move>) -> Ranking {
        let ctx = Context::new(pos, last);
        let mut keys = [0u64; MAX_MOVES];
        let mut len = 0;
        let _ = pos.for_each_move(Bitboard::FULL, Bitboard::FULL, |m| {
            if let Some(slot) = keys.get_mut(len) {
                *slot = key(ctx.score(m), m);
                len += 1;
            }
            core::ops::ControlFlow::Continue(())
        });
        keys[..len].sort_unstable_by(|a, b| b.cmp(a));
        Ranking { keys, len }
    }

    /// The number of legal moves.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no legal move.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The move of rank `rank` (0 is the likeliest).
    #[inline]
    #[must_use]
    pub fn get(&self, rank: usize) -> Option<Move> {
        self.keys[..self.len].get(rank).map(|&k| move_of(k))
    }

    /// The score of the move of rank `rank`.
    #[inline]
    #[must_use]
    pub fn score(&self, rank: usize) -> Option<i32> {
        self.keys[..self.len].get(rank).map(|&k| score_of(k))
    }

    /// The rank of `m`, or `None` when it is not a legal move.
    #[inline]
    #[must_use]
    pub fn rank_of(&self, m: Move) -> Option<usize> {
        self.keys[..self.len].iter().position(|&k| move_of(k) == m)
    }

    /// The moves and their scores, likeliest first.
    pub fn iter(&self) -> impl Iterator<Item = (Move, i32)> + '_ {
        self.keys[..self.len]
            .iter()
            .map(|&k| (move_of(k), score_of(k)))
    }

    /// The coding context, `0..CONTEXTS`: how sure the model is of its first guess, by the gap
    /// between the two best scores (below 8, 32, 96, 256, or above; a single legal move counts
    /// as sure). Each context has its own code table.
    #[must_use]
    pub fn context(&self) -> usize {
        match (self.score(0), self.score(1)) {
            (Some(first), Some(second)) => {
                let gap = first.saturating_sub(second);
                CONTEXT_GAPS.iter().filter(|&&g| gap >= g).count()
            }
            _ => CONTEXTS - 1,
        }
    }
}

/// The length in bits of the code of each rank (0 to 255) in coding context `context`
/// (`0..CONTEXTS`; larger values are taken as the last) in the game format.
///
/// The tables were derived once from a generated training corpus (see `docs/formats.md`) and
/// are part of the format.
#[must_use]
pub fn code_lengths(context: usize) -> &'static [u8; 256] {
    &RANK_CODE_LENGTHS[context.min(CONTEXTS - 1)]
}

/// Huffman code lengths for symbol frequencies `counts` (at most 256 symbols), limited to
/// `max_len` bits: how [`code_lengths`] was derived, for deriving a table from another corpus.
///
/// Every symbol gets a code (a count of 0 is treated as 1), the lengths satisfy Kraft's
/// equality, and the computation uses integers only, so it is the same everywhere.
///
/// ```
/// use chess_notation::pack::model;
///
/// assert_eq!(model::huffman_code_lengths(&[10, 5, 3, 1], 16), vec![1, 2, 3, 3]);
/// ```
#[must_use]
pub fn huffman_code_lengths(counts: &[u64], max_len: u8) -> Vec<u8> {
    let n = counts.len();
    if n <= 1 {
        return vec![1; n];
    }
    let mut weights: Vec<u64> = counts.iter().map(|&c| c.max(1)).collect();
    loop {
        let lengths = huffman_lengths_unlimited(&weights);
        if lengths.iter().all(|&l| l <= max_len) {
            return lengths;
        }
        // Flatten the distribution and try again.
        for w in &mut weights {
            *w = (*w).div_ceil(2);
        }
    }
}

/// Plain Huffman code lengths; ties are broken by symbol index, so the result is deterministic.
fn huffman_lengths_unlimited(weights: &[u64]) -> Vec<u8> {
    let n = weights.len();
    // Nodes: leaves 0..n, then internal nodes. Each has a weight and a parent.
    let mut weight: Vec<u64> = weights.to_vec();
    let mut parent: Vec<usize> = vec![usize::MAX; n];
    let mut alive: Vec<usize> = (0..n).collect();
    while alive.len() > 1 {
        // Take the two lightest (by weight, then by node index).
        alive.sort_by_key(|&i| (weight[i], i));
        let (a, b) = (alive[0], alive[1]);
        let node = weight.len();
        weight.push(weight[a] + weight[b]);
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        alive.drain(..2);
        alive.push(node);
    }
    (0..n)
        .map(|mut i| {
            let mut depth = 0u8;
            while parent[i] != usize::MAX {
                i = parent[i];
                depth += 1;
            }
            depth
        })
        .collect()
}

/// A canonical prefix code over the ranks, built from code lengths at compile time.
pub(crate) struct RankCode {
    /// The code of each rank, right-aligned, and its length.
    codes: [(u32, u8); 256],
    /// Per length: the first code of that length, and the index in `sorted` of its first
    /// symbol, and how many symbols have it.
    first_code: [u32; 33],
    first_index: [u16; 33],
    count: [u16; 33],
    /// The ranks sorted by (length, rank).
    sorted: [u8; 256],
    max_len: u8,
}

impl RankCode {
    const fn new(lengths: &[u8; 256]) -> RankCode {
        let mut count = [0u16; 33];
        let mut max_len = 0;
        let mut i = 0;
        while i < 256 {
            count[lengths[i] as usize] += 1;
            if lengths[i] > max_len {
                max_len = lengths[i];
            }
            i += 1;
        }
        let mut first_code = [0u32; 33];
        let mut first_index = [0u16; 33];
        let mut code = 0u32;
        let mut index = 0u16;
        let mut len = 1;
        while len <= 32 {
            code = (code + if len > 1 { count[len - 1] as u32 } else { 0 })
                << if len > 1 { 1 } else { 0 };
            first_code[len] = code;
            first_index[len] = index;
            index += count[len];
            len += 1;
        }
        let mut sorted = [0u8; 256];
        let mut codes = [(0u32, 0u8); 256];
        let mut next = first_index;
        let mut len = 1;
        while len <= 32 {
            let mut sym = 0;
            while sym < 256 {
                if lengths[sym] as usize == len {
                    let k = next[len];
                    sorted[k as usize] = sym as u8;
                    codes[sym] = (first_code[len] + (k - first_index[len]) as u32, len as u8);
                    next[len] += 1;
                }
                sym += 1;
            }
            len += 1;
        }
        RankCode {
            codes,
            first_code,
            first_index,
            count,
            sorted,
            max_len,
        }
    }

    /// The code of `rank` and its length.
    #[inline]
    pub(crate) fn code(&self, rank: usize) -> (u32, u32) {
        let (code, len) = self.codes[rank.min(255)];
        (code, u32::from(len))
    }

    /// Decodes one rank, reading bits with `bit`.
    #[inline]
    pub(crate) fn decode<E>(
        &self,
        mut bit: impl FnMut() -> Result<bool, E>,
    ) -> Result<Option<usize>, E> {
        let mut code = 0u32;
        for len in 1..=usize::from(self.max_len) {
            code = code << 1 | u32::from(bit()?);
            let offset = code.wrapping_sub(self.first_code[len]);
            if offset < u32::from(self.count[len]) {
                let k = usize::from(self.first_index[len]) + offset as usize;
                return Ok(Some(usize::from(self.sorted[k])));
            }
        }
        Ok(None)
    }
}

/// The codes of the checked-in tables, by context.
pub(crate) static RANK_CODES: [RankCode; CONTEXTS] = [
    RankCode::new(&RANK_CODE_LENGTHS[0]),
    RankCode::new(&RANK_CODE_LENGTHS[1]),
    RankCode::new(&RANK_CODE_LENGTHS[2]),
    RankCode::new(&RANK_CODE_LENGTHS[3]),
    RankCode::new(&RANK_CODE_LENGTHS[4]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huffman_lengths_are_complete_and_limited() {
        let counts: Vec<u64> = (0..256).map(|i| 1u64 << (40 - (i % 40))).collect();
        let lengths = huffman_code_lengths(&counts, 20);
        assert!(lengths.iter().all(|&l| (1..=20).contains(&l)));
        let kraft: u64 = lengths.iter().map(|&l| 1u64 << (20 - l)).sum();
        assert_eq!(kraft, 1 << 20);
    }

    #[test]
    fn rank_codes_round_trip() {
        for (context, code) in RANK_CODES.iter().enumerate() {
            let kraft: u64 = code_lengths(context)
                .iter()
                .map(|&l| 1u64 << (32 - l))
                .sum();
            assert_eq!(kraft, 1 << 32);
            for rank in 0..256 {
                let (bits, len) = code.code(rank);
                let mut i = len;
                let decoded = code
                    .decode(|| {
                        i -= 1;
                        Ok::<_, ()>(bits >> i & 1 == 1)
                    })
                    .unwrap();
                assert_eq!(decoded, Some(rank));
                assert_eq!(i, 0);
            }
        }
    }

    #[test]
    fn ranking_is_a_permutation_of_the_legal_moves() {
        let pos = Position::standard();
        let ranking = Ranking::new(&pos, None);
        let mut a: Vec<u16> = ranking.iter().map(|(m, _)| m.to_u16()).collect();
        let mut b: Vec<u16> = pos.legal_moves().iter().map(|m| m.to_u16()).collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        for (i, (m, score)) in ranking.iter().enumerate() {
            assert_eq!(ranking.rank_of(m), Some(i));
            assert_eq!(ranking.get(i), Some(m));
            assert_eq!(ranking.score(i), Some(score));
        }
        assert_eq!(ranking.get(20), None);
        assert!(ranking.context() < CONTEXTS);
    }
}
