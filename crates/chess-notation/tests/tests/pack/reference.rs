//! A slow reference encoder of the compact position format, written from the description in
//! `docs/formats.md` (section 1) and nothing else: if the encoder and the document ever
//! disagree, the tests comparing the two fail.
//!
//! It reads the position only through queries (what stands on a square, the castling rooks, the
//! en passant square, the clocks) and builds the mixed-radix number with a tiny big integer.

use chess_core::{CastlingSide, Color, Role, Square};
use chess_rules::{CastlingMode, EnPassantMode, Position};

/// A non-negative integer as 32-bit limbs, lowest first.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(n: u64) -> Big {
        let mut big = Big(vec![n as u32, (n >> 32) as u32]);
        big.trim();
        big
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// `self * m + a`.
    fn mul_add(&self, m: u64, a: u64) -> Big {
        let mut out = Vec::with_capacity(self.0.len() + 3);
        let mut carry: u128 = u128::from(a);
        for &limb in &self.0 {
            let v = u128::from(limb) * u128::from(m) + carry;
            out.push(v as u32);
            carry = v >> 32;
        }
        while carry > 0 {
            out.push(carry as u32);
            carry >>= 32;
        }
        let mut big = Big(out);
        big.trim();
        big
    }

    fn bit_len(&self) -> u32 {
        match self.0.last() {
            None => 0,
            Some(&top) => 32 * (self.0.len() as u32 - 1) + (32 - top.leading_zeros()),
        }
    }

    /// `self - 1`, for `self > 0`.
    fn minus_one(&self) -> Big {
        let mut out = self.0.clone();
        for limb in &mut out {
            if *limb == 0 {
                *limb = u32::MAX;
            } else {
                *limb -= 1;
                break;
            }
        }
        let mut big = Big(out);
        big.trim();
        big
    }

    fn to_le_bytes(&self, len: usize) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.0.iter().flat_map(|l| l.to_le_bytes()).collect();
        assert!(bytes[len.min(bytes.len())..].iter().all(|&b| b == 0));
        bytes.resize(len, 0);
        bytes
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * u128::from(n - i) / u128::from(i + 1);
    }
    c as u64
}

/// The rank of a subset (given by its members' indices in the ground set, ascending) in the
/// combinatorial number system: `C(p1, 1) + C(p2, 2) + …`.
fn subset_rank(indices: &[u64]) -> u64 {
    indices
        .iter()
        .enumerate()
        .map(|(i, &p)| binomial(p, i as u64 + 1))
        .sum()
}

/// The digits and radices of a position, in order.
struct Digits(Vec<(u64, u64)>);

impl Digits {
    fn push(&mut self, digit: u64, radix: u64) {
        assert!(digit < radix, "digit {digit} of radix {radix}");
        self.0.push((digit, radix));
    }

    /// A subset of `ground` (ascending squares) as its count-free rank digit.
    fn subset(&mut self, ground: &[Square], members: &[Square]) {
        let indices: Vec<u64> = members
            .iter()
            .map(|m| ground.iter().position(|g| g == m).unwrap() as u64)
            .collect();
        self.push(
            subset_rank(&indices),
            binomial(ground.len() as u64, members.len() as u64),
        );
    }
}

fn squares() -> impl Iterator<Item = Square> {
    (0..64).map(|i| Square::from_index(i).unwrap())
}

/// The castling candidates of a color and side, ascending by square.
fn castling_candidates(pos: &Position, color: Color, side: CastlingSide) -> Vec<Square> {
    let board = pos.board();
    let back = if color == Color::White { 0 } else { 7 };
    let king = pos.king_of(color);
    if king.rank().index() != back {
        return Vec::new();
    }
    squares()
        .filter(|sq| sq.rank().index() == back)
        .filter(|&sq| {
            board
                .piece_at(sq)
                .is_some_and(|p| p.color() == color && p.role() == Role::Rook)
        })
        .filter(|sq| match side {
            CastlingSide::KingSide => sq.file() > king.file(),
            CastlingSide::QueenSide => sq.file() < king.file(),
        })
        .filter(|sq| {
            pos.is_chess960()
                || (king.file().index() == 4
                    && sq.file().index() == if side == CastlingSide::KingSide { 7 } else { 0 })
        })
        .collect()
}

/// The en passant candidates with `us` to move, ascending by file.
fn ep_candidates(pos: &Position) -> Vec<Square> {
    let board = pos.board();
    let them = !pos.turn();
    // Their third rank, their fourth, their second (white's 3/4/2 are indices 2/3/1).
    let (third, fourth, second) = if them == Color::White {
        (2, 3, 1)
    } else {
        (5, 4, 6)
    };
    squares()
        .filter(|sq| sq.rank().index() == third)
        .filter(|sq| {
            let front = Square::new(sq.file(), chess_core::Rank::from_index(fourth).unwrap());
            let behind = Square::new(sq.file(), chess_core::Rank::from_index(second).unwrap());
            board
                .piece_at(front)
                .is_some_and(|p| p.color() == them && p.role() == Role::Pawn)
                && board.piece_at(*sq).is_none()
                && board.piece_at(behind).is_none()
        })
        .collect()
}

/// Encodes `pos` as the compact format (tag `0x1`) by the book.
pub fn encode(pos: &Position) -> Vec<u8> {
    let board = pos.board();
    let count = |color: Color, role: Role| board.pieces(color, role).count() as usize;
    let pawns_on_back_rank = squares()
        .filter(|sq| sq.rank().index() == 0 || sq.rank().index() == 7)
        .any(|sq| board.role_at(sq) == Some(Role::Pawn));
    let others = board.occupied().count() - 2;
    let extended = pawns_on_back_rank
        || count(Color::White, Role::Pawn) > 8
        || count(Color::Black, Role::Pawn) > 8
        || others > 30;
    let clocks = pos.halfmoves() != 0 || pos.fullmoves() != 1;
    let chess960 = pos.castling_mode() == CastlingMode::Chess960;

    let mut d = Digits(Vec::new());
    let wk = pos.king_of(Color::White);
    let bk = pos.king_of(Color::Black);
    d.push(wk.index() as u64, 64);
    let bk_ground: Vec<Square> = squares()
        .filter(|&sq| sq != wk && sq.distance(wk) > 1)
        .collect();
    d.push(
        bk_ground.iter().position(|&s| s == bk).unwrap() as u64,
        bk_ground.len() as u64,
    );

    // Pawns: white as a subset of A, black of A without the white pawns.
    let pawn_squares = |color: Color| -> Vec<Square> {
        squares()
            .filter(|&sq| {
                board
                    .piece_at(sq)
                    .is_some_and(|p| p.color() == color && p.role() == Role::Pawn)
            })
            .collect()
    };
    let white_pawns = pawn_squares(Color::White);
    let black_pawns = pawn_squares(Color::Black);
    let a: Vec<Square> = squares()
        .filter(|&sq| sq != wk && sq != bk)
        .filter(|sq| extended || (1..=6).contains(&sq.rank().index()))
        .collect();
    let w = white_pawns.len() as u64;
    d.push(w, if extended { a.len() as u64 + 1 } else { 9 });
    d.subset(&a, &white_pawns);
    let a2: Vec<Square> = a
        .iter()
        .copied()
        .filter(|s| !white_pawns.contains(s))
        .collect();
    let b = black_pawns.len() as u64;
    d.push(b, if extended { a2.len() as u64 + 1 } else { 9 });
    d.subset(&a2, &black_pawns);

    // The other pieces.
    let f: Vec<Square> = squares()
        .filter(|&sq| sq != wk && sq != bk)
        .filter(|sq| !white_pawns.contains(sq) && !black_pawns.contains(sq))
        .collect();
    let pieces: Vec<Square> = f
        .iter()
        .copied()
        .filter(|&sq| board.piece_at(sq).is_some())
        .collect();
    let m = pieces.len() as u64;
    d.push(
        m,
        if extended {
            f.len() as u64 + 1
        } else {
            31 - w - b
        },
    );
    d.subset(&f, &pieces);
    for &sq in &pieces {
        let p = board.piece_at(sq).unwrap();
        let color = if p.color() == Color::White { 0 } else { 1 };
        let role = match p.role() {
            Role::Knight => 1,
            Role::Bishop => 2,
            Role::Rook => 3,
            Role::Queen => 4,
            r => panic!("{r:?} among the other pieces"),
        };
        d.push(4 * color + role - 1, 8);
    }

    // Side to move, or the ply.
    let black = u64::from(pos.turn() == Color::Black);
    let ply = 2 * (u64::from(pos.fullmoves()) - 1) + black;
    if clocks {
        let buckets = [
            (0u64, 64u64),
            (64, 512),
            (576, 65_536),
            (66_112, 8_589_868_478),
        ];
        let bucket = buckets
            .iter()
            .rposition(|&(start, _)| ply >= start)
            .unwrap();
        d.push(bucket as u64, 4);
        d.push(ply - buckets[bucket].0, buckets[bucket].1);
    } else {
        d.push(black, 2);
    }

    // Castling, in the order white king side, white queen side, black king side, black queen.
    for color in [Color::White, Color::Black] {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let candidates = castling_candidates(pos, color, side);
            let digit = match pos.castling_rights().rook(color, side) {
                None => 0,
                Some(rook) => candidates.iter().position(|&c| c == rook).unwrap() as u64 + 1,
            };
            d.push(digit, candidates.len() as u64 + 1);
        }
    }

    let candidates = ep_candidates(pos);
    let digit = match pos.ep_square(EnPassantMode::Always) {
        None => 0,
        Some(ep) => candidates.iter().position(|&c| c == ep).unwrap() as u64 + 1,
    };
    d.push(digit, candidates.len() as u64 + 1);

    if clocks {
        let cap = ply.min((1 << 32) - 1);
        let halfmoves = u64::from(pos.halfmoves());
        if halfmoves <= ply {
            d.push(halfmoves, cap + 2);
        } else {
            d.push(cap + 1, cap + 2);
            d.push(halfmoves - ply - 1, (1 << 32) - 1 - ply);
        }
    }

    // N = d0 + r0 * (d1 + r1 * (…)), built from the last digit; R = the product of radices.
    let mut n = Big::from_u64(0);
    let mut r = Big::from_u64(1);
    for &(digit, radix) in d.0.iter().rev() {
        n = n.mul_add(radix, digit);
        r = r.mul_add(radix, 0);
    }
    let len = r.minus_one().bit_len().div_ceil(8) as usize;
    let flags = u8::from(clocks) << 2 | u8::from(extended) << 1 | u8::from(chess960);
    let mut bytes = vec![0x10 | flags];
    bytes.extend(n.to_le_bytes(len));
    bytes
}

#[test]
fn binomials_and_subset_ranks() {
    assert_eq!(binomial(46, 8), 260_932_815);
    assert_eq!(binomial(5, 0), 1);
    assert_eq!(binomial(3, 4), 0);
    // The 2-subsets of {0, 1, 2, 3} in colex order get ranks 0..6.
    let mut ranks: Vec<u64> = [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
        .iter()
        .map(|s| subset_rank(s))
        .collect();
    assert_eq!(ranks, [0, 1, 2, 3, 4, 5]);
    ranks.dedup();
    assert_eq!(ranks.len(), 6);
}

#[test]
fn big_integers() {
    let n = Big::from_u64(u64::MAX).mul_add(u64::MAX, u64::MAX);
    // (2^64 - 1)^2 + 2^64 - 1 = 2^128 - 2^64.
    assert_eq!(n.bit_len(), 128);
    assert_eq!(n.0, [0, 0, u32::MAX, u32::MAX]);
    assert_eq!(Big::from_u64(1 << 40).minus_one().bit_len(), 40);
    assert_eq!(Big::from_u64(0x0102).to_le_bytes(3), [2, 1, 0]);
}
