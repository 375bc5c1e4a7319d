//! The compact position format: the full state of a position in one mixed-radix number.
//!
//! ```text
//! byte 0, bits 7-4: format tag 0x1 (compact position, version 1)
//! byte 0, bit 3:    reserved, 0
//! byte 0, bit 2:    clocks: the halfmove clock is not 0 or the fullmove number is not 1
//! byte 0, bit 1:    extended: pawns on a back rank, more than 8 pawns a side or more than 16
//!                   pieces a side (only positions built with `PositionError::ignore`)
//! byte 0, bit 0:    Chess960 castling rules
//! bytes 1..:        one mixed-radix number, little-endian, in the digits below
//! ```
//!
//! The digits, lowest first (`n` is a count, `C(a, b)` a binomial coefficient):
//!
//! | digit | radix |
//! | --- | --- |
//! | white king square | 64 |
//! | black king square, among squares neither on nor next to the white king | 55 to 60 |
//! | number of white pawns `w` | 9 (extended: free squares + 1) |
//! | white pawn squares, among ranks 2-7 (extended: all) without the kings | `C(free, w)` |
//! | number of black pawns `b` | 9 (extended: free squares + 1) |
//! | black pawn squares, among what is left of the same squares | `C(free, b)` |
//! | number of other pieces `m` | `31 - w - b` (extended: free squares + 1) |
//! | their squares, among all squares without kings and pawns | `C(free, m)` |
//! | per other piece, by ascending square: `4 * color + role - 1` (knight 0 … queen 3) | 8 |
//! | side to move (without the clocks flag) or ply (with it; see below) | 2 |
//! | castling, white king side, white queen side, black king side, black queen side: 0 for none, `i + 1` for the `i`-th candidate rook (ascending squares) | 1 + candidates |
//! | en passant: 0 for none, `i + 1` for the `i`-th candidate square (ascending files) | 1 + candidates |
//! | halfmove clock (only with the clocks flag) | see below |
//!
//! A castling candidate is a rook of that color on its back rank, on that side of its king,
//! which stands on its back rank (in standard chess: the king on the e-file and the rook on the
//! a- or h-file). An en passant candidate is a square behind a pawn of the side not to move on
//! its fourth rank, with that square and the one behind it empty. A digit with a single possible
//! value (radix 1) takes no space.
//!
//! With the clocks flag, the ply `2 * (fullmove - 1) + (1 if black is to move)` replaces the
//! side to move: a bucket digit of radix 4 says whether the ply is below 64 (then a digit of
//! radix 64), below 576 (radix 512), below 66 112 (radix 65 536), or larger (radix
//! 8 589 868 478: up to the largest ply a `u32` fullmove number allows). The halfmove clock then
//! is a digit of radix `min(ply, 2^32 - 1) + 2`: the clock itself when it is at most the ply,
//! or the last value as an escape followed by a digit of radix `2^32 - 1 - ply` for
//! `clock - ply - 1`.

use chess_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, Piece, Rank, Role, Square, attacks,
};
use chess_rules::{CastlingMode, EnPassantMode, Position, Setup};
use core::fmt;
use core::ops::Deref;

use super::format::DecodeError;
use super::format::Format;
use super::radix::{DigitReader, DigitWriter, MAX_BYTES};

const FLAG_CHESS960: u8 = 1;
const FLAG_EXTENDED: u8 = 2;
const FLAG_CLOCKS: u8 = 4;
const FLAG_RESERVED: u8 = 8;

/// The size of the buffer of a [`PackedPosition`]: the header byte and the largest number.
const CAPACITY: usize = 1 + MAX_BYTES;

/// A position in the compact format: at most 24 bytes for positions a game can reach (with the
/// clocks of a fresh position; `docs/formats.md` states the bounds exactly), on the stack. It
/// dereferences to the bytes.
///
/// ```
/// use chess_notation::pack;
/// use chess_rules::Position;
///
/// let packed = pack::encode_position(&Position::standard());
/// assert_eq!(packed.len(), 22);
/// assert_eq!(pack::decode_position(&packed)?, Position::standard());
/// # Ok::<_, pack::DecodeError>(())
/// ```
#[derive(Clone, Copy)]
pub struct PackedPosition {
    bytes: [u8; CAPACITY],
    len: u8,
}

impl PackedPosition {
    /// The encoded bytes.
    #[inline]
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl Deref for PackedPosition {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl AsRef<[u8]> for PackedPosition {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl PartialEq for PackedPosition {
    fn eq(&self, other: &PackedPosition) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for PackedPosition {}

impl core::hash::Hash for PackedPosition {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl fmt::Debug for PackedPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PackedPosition(")?;
        for byte in self.as_bytes() {
            write!(f, "{byte:02x}")?;
        }
        f.write_str(")")
    }
}

/// A fixed-capacity byte sink for [`DigitWriter::finish`].
struct Sink<'a> {
    bytes: &'a mut [u8; CAPACITY],
    len: usize,
}

impl Extend<u8> for Sink<'_> {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, iter: I) {
        for byte in iter {
            if let Some(slot) = self.bytes.get_mut(self.len) {
                *slot = byte;
                self.len += 1;
            }
        }
    }
}

/// Encodes the full state of `pos` in the compact position format: placement, side to move,
/// castling rights (with the rook files of Chess960), the en passant square (whenever the last
/// move was a double step, as [`EnPassantMode::Always`] reports it) and both clocks.
///
/// Positions a game can reach take at most 24 bytes with clocks `0 1` (`docs/formats.md` states
/// the bounds exactly), the starting position 22, a king and pawn ending about 7.
///
/// ```
/// use chess_notation::{Fen, pack};
/// use chess_rules::CastlingMode;
///
/// let pos = "8/8/4k3/8/2P5/8/4K3/8 b - - 0 57".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// let packed = pack::encode_position(&pos);
/// assert!(packed.len() <= 8);
/// assert_eq!(pack::decode_position(&packed)?, pos);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn encode_position(pos: &Position) -> PackedPosition {
    let mut digits = DigitWriter::new();
    let flags = write_digits(pos, &mut digits);
    let mut bytes = [0; CAPACITY];
    bytes[0] = Format::Position.tag() << 4 | flags;
    let mut sink = Sink {
        bytes: &mut bytes,
        len: 1,
    };
    digits.finish(&mut sink);
    let len = sink.len as u8;
    PackedPosition { bytes, len }
}

/// Decodes a position written by [`encode_position`] and checks that it is legal.
///
/// Every error says what is wrong with the bytes; a well-formed encoding of a position that
/// [`Position::from_setup`] rejects gives [`DecodeError::IllegalPosition`], whose
/// [`PositionError::ignore`](chess_rules::PositionError::ignore) can still build it.
///
/// ```
/// use chess_notation::pack::{self, DecodeError};
/// use chess_rules::Position;
///
/// let packed = pack::encode_position(&Position::standard());
/// assert!(matches!(pack::decode_position(&packed[..1]), Err(DecodeError::Truncated { .. })));
/// // A shorter number usually reads as another position that needs more bytes, but can read
/// // as one that needs fewer: then the error is another one.
/// assert!(pack::decode_position(&packed[..21]).is_err());
/// assert!(matches!(pack::decode_position(&[0x70]), Err(DecodeError::UnknownFormat { tag: 7 })));
/// ```
pub fn decode_position(bytes: &[u8]) -> Result<Position, DecodeError> {
    let (setup, mode) = decode_setup(bytes)?;
    Position::from_setup(setup, mode).map_err(DecodeError::IllegalPosition)
}

/// Decodes the fields written by [`encode_position`] without checking that they form a legal
/// position (they always have one king of each color, not next to each other).
pub fn decode_setup(bytes: &[u8]) -> Result<(Setup, CastlingMode), DecodeError> {
    let header = Format::Position.check(bytes)?;
    if header & FLAG_RESERVED != 0 {
        return Err(DecodeError::ReservedBits { offset: 0 });
    }
    let mut digits = DigitReader::new(&bytes[1..], 1)?;
    let decoded = read_digits(header, &mut digits)?;
    digits.finish()?;
    Ok(decoded)
}

/// Binomial coefficients `C(n, k)` for `n, k <= 64`.
static BINOMIAL: [[u64; 65]; 65] = {
    let mut table = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1].wrapping_add(if k < n { table[n - 1][k] } else { 0 });
            k += 1;
        }
        n += 1;
    }
    table
};

#[inline]
fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    BINOMIAL[n as usize][k as usize]
}

/// The index of `sq` among the squares of `set`, counting from a1.
#[inline]
fn index_in(set: Bitboard, sq: Square) -> u64 {
    u64::from((set.0 & ((1u64 << sq as u32) - 1)).count_ones())
}

/// The `index`-th square of `set`, counting from a1.
#[inline]
fn nth_square(set: Bitboard, index: u64) -> Option<Square> {
    let mut bits = set.0;
    for _ in 0..index {
        bits &= bits.wrapping_sub(1);
    }
    Bitboard(bits).first()
}

/// The rank of the subset `chosen` among the subsets of `set` of its size (colex order: the
/// combinatorial number system).
fn subset_rank(set: Bitboard, chosen: Bitboard) -> u64 {
    let mut rank = 0;
    for (i, sq) in chosen.into_iter().enumerate() {
        rank += binomial(index_in(set, sq) as u32, i as u32 + 1);
    }
    rank
}

/// The subset of `set` with `count` squares and colex rank `rank` (below `C(|set|, count)`).
fn subset_unrank(set: Bitboard, count: u32, mut rank: u64) -> Bitboard {
    let mut chosen = Bitboard::EMPTY;
    let mut top = set.count();
    for i in (1..=count).rev() {
        // The largest position p < top with C(p, i) <= rank.
        let mut p = top.saturating_sub(1);
        while p > 0 && binomial(p, i) > rank {
            p -= 1;
        }
        rank -= binomial(p, i).min(rank);
        if let Some(sq) = nth_square(set, u64::from(p)) {
            chosen.add(sq);
        }
        top = p;
    }
    chosen
}

/// The squares where pawns may stand in the compact form: ranks 2 to 7.
const PAWN_RANKS: Bitboard = Bitboard(!Bitboard::BACKRANKS.0);

/// The rooks that could carry the castling right of `color` on `side`, ascending.
fn castling_candidates(
    board: &Board,
    color: Color,
    side: CastlingSide,
    mode: CastlingMode,
) -> Bitboard {
    let back_rank = Bitboard::rank(Rank::First.relative_to(color));
    let Some(king) = board.king_of(color) else {
        return Bitboard::EMPTY;
    };
    if !back_rank.contains(king) {
        return Bitboard::EMPTY;
    }
    let rooks = board.pieces(color, Role::Rook) & back_rank;
    let beyond = match side {
        CastlingSide::KingSide => Bitboard(!((2u64 << king as u32).wrapping_sub(1))),
        CastlingSide::QueenSide => Bitboard((1u64 << king as u32) - 1),
    };
    if mode.is_chess960() {
        rooks & beyond
    } else if king.file() == File::E {
        rooks & Bitboard::file(side.standard_rook_file())
    } else {
        Bitboard::EMPTY
    }
}

/// The squares that can be the en passant square with `turn` to move, ascending.
fn ep_candidates(board: &Board, turn: Color) -> Bitboard {
    let them = !turn;
    let pushed = board.pieces(them, Role::Pawn) & Bitboard::rank(Rank::Fourth.relative_to(them));
    let empty = !board.occupied();
    // Behind the pawn (towards its own side): the skipped square, then the origin.
    let skipped = pushed.shift_forward(turn) & empty;
    let origin_empty = skipped.shift_forward(turn) & empty;
    // Map back to the skipped squares whose origin square is empty.
    origin_empty.shift_forward(them)
}

const CASTLING_ORDER: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::KingSide),
    (Color::White, CastlingSide::QueenSide),
    (Color::Black, CastlingSide::KingSide),
    (Color::Black, CastlingSide::QueenSide),
];

const PLY_BUCKETS: [(u64, u64); 4] = [
    (0, 64),
    (64, 512),
    (576, 65_536),
    (66_112, MAX_PLY + 1 - 66_112),
];

/// The largest ply a `u32` fullmove number allows: black to move on move `u32::MAX`.
const MAX_PLY: u64 = 2 * (u32::MAX as u64 - 1) + 1;

/// Writes the digits of `pos` and returns the header flags.
fn write_digits(pos: &Position, w: &mut DigitWriter) -> u8 {
    let board = pos.board();
    let wk = pos.king_of(Color::White);
    let bk = pos.king_of(Color::Black);
    w.push(wk as u64, 64);
    let bk_allowed = !(attacks::king(wk).with(wk));
    w.push(index_in(bk_allowed, bk), u64::from(bk_allowed.count()));

    let kings = Bitboard::from(wk) | bk;
    let white_pawns = board.pieces(Color::White, Role::Pawn);
    let black_pawns = board.pieces(Color::Black, Role::Pawn);
    let pawns = white_pawns | black_pawns;
    let others = board.occupied() & !kings & !pawns;
    let (wp, bp) = (white_pawns.count(), black_pawns.count());
    let extended =
        (pawns & Bitboard::BACKRANKS).any() || wp > 8 || bp > 8 || others.count() + wp + bp > 30;

    let mut flags = 0;
    if pos.is_chess960() {
        flags |= FLAG_CHESS960;
    }
    if extended {
        flags |= FLAG_EXTENDED;
    }

    let area = if extended {
        !kings
    } else {
        !kings & PAWN_RANKS
    };
    w.push(
        u64::from(wp),
        if extended {
            u64::from(area.count()) + 1
        } else {
            9
        },
    );
    w.push(subset_rank(area, white_pawns), binomial(area.count(), wp));
    let area = area & !white_pawns;
    w.push(
        u64::from(bp),
        if extended {
            u64::from(area.count()) + 1
        } else {
            9
        },
    );
    w.push(subset_rank(area, black_pawns), binomial(area.count(), bp));
    let free = !kings & !pawns;
    let m = others.count();
    w.push(
        u64::from(m),
        if extended {
            u64::from(free.count()) + 1
        } else {
            u64::from(31 - wp - bp)
        },
    );
    w.push(subset_rank(free, others), binomial(free.count(), m));
    // Ten radix-8 digits at a time: the same number, fewer big-number operations.
    let mut group = (0u64, 1u64);
    for sq in others {
        let digit = board.piece_at(sq).map_or(0, piece_digit);
        group = (group.0 + digit * group.1, group.1 * 8);
        if group.1 == 1 << 30 {
            w.push(group.0, group.1);
            group = (0, 1);
        }
    }
    w.push(group.0, group.1);

    let ply = 2 * (u64::from(pos.fullmoves()) - 1) + u64::from(pos.turn().is_black());
    let clocks = pos.halfmoves() != 0 || pos.fullmoves() != 1;
    if clocks {
        flags |= FLAG_CLOCKS;
        let bucket = PLY_BUCKETS
            .iter()
            .rposition(|&(start, _)| ply >= start)
            .unwrap_or(0);
        w.push(bucket as u64, 4);
        let (start, radix) = PLY_BUCKETS[bucket];
        w.push(ply - start, radix);
    } else {
        w.push(u64::from(pos.turn().is_black()), 2);
    }

    let rights = pos.castling_rights();
    for (color, side) in CASTLING_ORDER {
        let candidates = castling_candidates(board, color, side, pos.castling_mode());
        let digit = match rights.rook(color, side) {
            Some(rook) if candidates.contains(rook) => index_in(candidates, rook) + 1,
            _ => 0,
        };
        w.push(digit, u64::from(candidates.count()) + 1);
    }

    let ep_squares = ep_candidates(board, pos.turn());
    let ep_digit = match pos.ep_square(EnPassantMode::Always) {
        Some(ep) if ep_squares.contains(ep) => index_in(ep_squares, ep) + 1,
        _ => 0,
    };
    w.push(ep_digit, u64::from(ep_squares.count()) + 1);

    if clocks {
        let halfmoves = u64::from(pos.halfmoves());
        let cap = ply.min(u64::from(u32::MAX));
        let escape = u64::from(cap < u64::from(u32::MAX));
        if halfmoves <= cap {
            w.push(halfmoves, cap + 1 + escape);
        } else {
            w.push(cap + 1, cap + 1 + escape);
            w.push(halfmoves - cap - 1, u64::from(u32::MAX) - cap);
        }
    }
    flags
}

#[inline]
fn piece_digit(piece: Piece) -> u64 {
    4 * piece.color() as u64 + (piece.role() as u64).saturating_sub(1)
}

/// Reads the digits of a position with the given header.
fn read_digits(header: u8, r: &mut DigitReader) -> Result<(Setup, CastlingMode), DecodeError> {
    let chess960 = header & FLAG_CHESS960 != 0;
    let extended = header & FLAG_EXTENDED != 0;
    let clocks = header & FLAG_CLOCKS != 0;
    let mode = CastlingMode::from_chess960(chess960);
    let mut board = Board::empty();

    let wk = Square::from_index_masked(r.take(64)? as u8);
    let bk_allowed = !(attacks::king(wk).with(wk));
    let bk = nth_square(bk_allowed, r.take(u64::from(bk_allowed.count()))?)
        .ok_or_else(|| r.invalid("black king square"))?;
    board.put_on_empty(wk, Piece::WhiteKing);
    board.put_on_empty(bk, Piece::BlackKing);

    let kings = Bitboard::from(wk) | bk;
    let area = if extended {
        !kings
    } else {
        !kings & PAWN_RANKS
    };
    let wp = r.take(if extended {
        u64::from(area.count()) + 1
    } else {
        9
    })? as u32;
    let white_pawns = subset_unrank(area, wp, r.take(binomial(area.count(), wp))?);
    let area = area & !white_pawns;
    let bp = r.take(if extended {
        u64::from(area.count()) + 1
    } else {
        9
    })? as u32;
    let black_pawns = subset_unrank(area, bp, r.take(binomial(area.count(), bp))?);
    for sq in white_pawns {
        board.put_on_empty(sq, Piece::WhitePawn);
    }
    for sq in black_pawns {
        board.put_on_empty(sq, Piece::BlackPawn);
    }
    let free = !kings & !white_pawns & !black_pawns;
    let m = r.take(if extended {
        u64::from(free.count()) + 1
    } else {
        u64::from(31 - wp - bp)
    })? as u32;
    let others = subset_unrank(free, m, r.take(binomial(free.count(), m))?);
    let mut group = (0u64, 1u64);
    let mut left = others.count();
    for sq in others {
        if group.1 == 1 {
            let k = left.min(10);
            group = (r.take(1 << (3 * k))?, 1 << (3 * k));
            left -= k;
        }
        let digit = (group.0 % 8) as u8;
        group = (group.0 / 8, group.1 / 8);
        let color = Color::from_white(digit < 4);
        let role = Role::from_index(usize::from(digit % 4) + 1).unwrap_or(Role::Queen);
        board.put_on_empty(sq, Piece::new(color, role));
    }
    if extended {
        let pawns = white_pawns | black_pawns;
        let compact = !(pawns & Bitboard::BACKRANKS).any()
            && wp <= 8
            && bp <= 8
            && others.count() + wp + bp <= 30;
        if compact {
            return Err(r.invalid("extended flag on a position that needs none"));
        }
    }

    let (turn, ply) = if clocks {
        let bucket = r.take(4)? as usize;
        let (start, radix) = PLY_BUCKETS[bucket.min(3)];
        let ply = start + r.take(radix)?;
        (Color::from_white(ply % 2 == 0), ply)
    } else {
        (Color::from_white(r.take(2)? == 0), 0)
    };

    let mut castling = CastlingRights::NONE;
    for (color, side) in CASTLING_ORDER {
        let candidates = castling_candidates(&board, color, side, mode);
        let digit = r.take(u64::from(candidates.count()) + 1)?;
        if digit > 0 {
            let rook =
                nth_square(candidates, digit - 1).ok_or_else(|| r.invalid("castling rook"))?;
            castling.add(color, side, rook.file());
        }
    }

    let ep_squares = ep_candidates(&board, turn);
    let ep_digit = r.take(u64::from(ep_squares.count()) + 1)?;
    let ep_square = match ep_digit {
        0 => None,
        d => Some(nth_square(ep_squares, d - 1).ok_or_else(|| r.invalid("en passant square"))?),
    };

    let mut halfmoves = 0u64;
    if clocks {
        let cap = ply.min(u64::from(u32::MAX));
        let escape = u64::from(cap < u64::from(u32::MAX));
        halfmoves = r.take(cap + 1 + escape)?;
        if halfmoves > cap {
            halfmoves = cap + 1 + r.take(u64::from(u32::MAX) - cap)?;
        }
        if ply < 2 && halfmoves == 0 {
            return Err(r.invalid("clocks flag with the clocks at their start values"));
        }
    }
    let setup = Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves: u32::try_from(halfmoves).map_err(|_| r.invalid("halfmove clock"))?,
        fullmoves: u32::try_from(ply / 2 + 1).map_err(|_| r.invalid("fullmove number"))?,
    };
    Ok((setup, mode))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fen;

    fn pos(fen: &str) -> Position {
        fen.parse::<Fen>().unwrap().into_position_auto().unwrap()
    }

    #[test]
    fn subsets_rank_and_unrank() {
        let set = Bitboard(0x00ff_ff00_0000_ff00);
        for count in 0..=4 {
            for rank in 0..binomial(set.count(), count).min(500) {
                let chosen = subset_unrank(set, count, rank);
                assert_eq!(chosen.count(), count);
                assert!(chosen.is_subset(set));
                assert_eq!(subset_rank(set, chosen), rank);
            }
        }
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
    }

    #[test]
    fn starting_position_takes_22_bytes() {
        let packed = encode_position(&Position::standard());
        assert_eq!(packed.len(), 22);
        assert_eq!(packed[0], 0x10);
        assert_eq!(decode_position(&packed).unwrap(), Position::standard());
    }

    #[test]
    fn round_trips_odd_state() {
        for fen in [
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/8/8/8/8/4K3 w - - 149 1000",
            "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295",
            "4k3/8/8/8/8/8/8/4K3 b - - 7 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 70000",
            "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1",
        ] {
            let p = pos(fen);
            let packed = encode_position(&p);
            assert_eq!(decode_position(&packed).unwrap(), p, "{fen}");
        }
    }

    #[test]
    fn extended_positions_round_trip_through_setup() {
        let mut setup = Setup::empty();
        setup.board.put_on_empty(Square::A1, Piece::WhiteKing);
        setup.board.put_on_empty(Square::H8, Piece::BlackKing);
        for sq in Bitboard::rank(Rank::Third) | Bitboard::rank(Rank::Fourth) {
            setup.board.put_on_empty(sq, Piece::WhiteKnight);
        }
        setup.board.put_on_empty(Square::C1, Piece::BlackPawn);
        let p = Position::from_setup(setup, CastlingMode::Standard)
            .unwrap_err()
            .ignore(chess_rules::PositionErrorKinds::IGNORABLE)
            .unwrap();
        let packed = encode_position(&p);
        assert_eq!(packed[0] & FLAG_EXTENDED, FLAG_EXTENDED);
        let err = decode_position(&packed).unwrap_err();
        let DecodeError::IllegalPosition(err) = err else {
            panic!("{err:?}");
        };
        assert_eq!(
            err.ignore(chess_rules::PositionErrorKinds::IGNORABLE)
                .unwrap(),
            p
        );
    }
}
