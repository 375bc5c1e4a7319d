//! The game format: the start position and every move, each as its Huffman-coded rank in the
//! order of the [`model`](super::model).
//!
//! ```text
//! byte 0, bits 7-4: format tag 0x4 (game, version 1)
//! byte 0, bits 3-2: reserved, 0
//! byte 0, bits 1-0: start: 0 the standard starting position, 1 a Chess960 starting position
//!                   by number, 2 any position
//! start 1:          the Chess960 number (0..960, 518 is the classical array), 2 bytes,
//!                   little-endian
//! start 2:          the length of the position (1 byte), then the position in the compact
//!                   format (tag 0x1)
//! then:             the number of moves (plies), an LEB128 varint
//! then:             the code of each move's rank, most significant bit first, zero-padded
//! ```

use core::fmt;

use chess_rules::{Move, Position};

use super::bits::{BitReader, BitWriter, read_leb128, write_leb128};
use super::format::DecodeError;
use super::format::Format;
use super::model::{RANK_CODES, Ranking};

/// The most moves (plies) a game may have. The longest possible game under the 75-move rule has
/// fewer than 18 000 plies; the limit bounds what a decoder allocates.
pub const MAX_GAME_PLIES: usize = 1 << 16;

const START_STANDARD: u8 = 0;
const START_CHESS960: u8 = 1;
const START_POSITION: u8 = 2;

/// Encodes a game: its start position and its moves, which must be legal one after the other.
///
/// The standard start costs nothing, a Chess960 start two bytes, any other start its compact
/// encoding ([`encode_position`](super::encode_position)). Then each move costs the length of
/// the code of its rank among the legal moves as the [`model`](super::model) orders them: 3.6
/// bits per move on a sample of Lichess games, 3.9 on the engine and master games of the test
/// files (see `docs/performance.md`). Decoding gives back exactly the moves, and so the whole
/// history, repetitions included.
///
/// ```
/// use chess_notation::{pack, uci};
/// use chess_rules::Position;
///
/// let start = Position::chess960(0).unwrap();
/// let mut pos = start.clone();
/// let mut moves = Vec::new();
/// for text in ["d1c3", "g7g6", "c3d5"] {
///     let m = uci::parse(&pos, text)?;
///     pos.play(m)?;
///     moves.push(m);
/// }
/// let bytes = pack::encode_game(&start, &moves)?;
/// assert_eq!(bytes.len(), 6); // tag, Chess960 number, move count, 3 move codes
/// assert_eq!(pack::decode_game(&bytes)?, (start, moves));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn encode_game(start: &Position, moves: &[Move]) -> Result<Vec<u8>, EncodeError> {
    if moves.len() > MAX_GAME_PLIES {
        return Err(EncodeError::TooManyMoves { count: moves.len() });
    }
    let mut out = Vec::with_capacity(8 + moves.len() / 2);
    let tag = Format::Game.tag() << 4;
    if *start == Position::standard() {
        out.push(tag | START_STANDARD);
    } else if let Some(n) = chess960_number(start) {
        out.push(tag | START_CHESS960);
        out.extend_from_slice(&(n as u16).to_le_bytes());
    } else {
        out.push(tag | START_POSITION);
        let packed = super::position::encode_position(start);
        out.push(packed.len() as u8);
        out.extend_from_slice(&packed);
    }
    write_leb128(&mut out, moves.len() as u32);
    let mut w = BitWriter::new(&mut out);
    let mut pos = start.clone();
    let mut last = None;
    for (ply, &m) in moves.iter().enumerate() {
        let ranking = Ranking::new(&pos, last);
        let rank = ranking
            .rank_of(m)
            .ok_or(EncodeError::IllegalMove { ply, m })?;
        let (code, len) = RANK_CODES[ranking.context()].code(rank);
        w.write(code, len);
        pos.play_unchecked(m);
        last = Some(m);
    }
    w.finish();
    Ok(out)
}

/// The Chess960 number of `pos` if it is that starting position with all its rights, in
/// Chess960 mode, white to move at move 1.
fn chess960_number(pos: &Position) -> Option<u32> {
    if !pos.is_chess960() {
        return None;
    }
    let n = pos.board().chess960_number()?;
    (Position::chess960(n).as_ref() == Some(pos)).then_some(n)
}

/// Decodes a game written by [`encode_game`]: the start position and the moves.
///
/// The start must be a legal position, every rank must name a legal move, and the bytes must
/// end where the last move does (up to zero padding). The number of moves is checked against
/// the bits that remain before the move list is allocated.
///
/// ```
/// use chess_notation::pack::{self, DecodeError};
///
/// // The standard start, 3 moves, but no bits for them.
/// assert!(matches!(pack::decode_game(&[0x40, 3]), Err(DecodeError::TooManyMoves { count: 3 })));
/// ```
pub fn decode_game(bytes: &[u8]) -> Result<(Position, Vec<Move>), DecodeError> {
    let flags = Format::Game.check(bytes)?;
    if flags & 0b1100 != 0 {
        return Err(DecodeError::ReservedBits { offset: 0 });
    }
    let mut at = 1;
    let start = match flags & 0b11 {
        START_STANDARD => Position::standard(),
        START_CHESS960 => {
            let raw = bytes.get(1..3).ok_or(DecodeError::Truncated {
                offset: bytes.len(),
            })?;
            at = 3;
            let n = u16::from_le_bytes([raw[0], raw[1]]);
            Position::chess960(u32::from(n)).ok_or(DecodeError::InvalidValue {
                offset: 1,
                what: "chess960 number",
            })?
        }
        START_POSITION => {
            let &len = bytes.get(1).ok_or(DecodeError::Truncated { offset: 1 })?;
            let end = 2 + usize::from(len);
            let packed = bytes.get(2..end).ok_or(DecodeError::Truncated {
                offset: bytes.len(),
            })?;
            at = end;
            let pos = super::position::decode_position(packed).map_err(|e| shift(e, 2))?;
            if pos == Position::standard() || chess960_number(&pos).is_some() {
                return Err(DecodeError::InvalidValue {
                    offset: 2,
                    what: "start position that has a shorter encoding",
                });
            }
            pos
        }
        _ => {
            return Err(DecodeError::InvalidValue {
                offset: 0,
                what: "kind of start position",
            });
        }
    };
    let count = read_leb128(bytes, &mut at)?;
    let remaining_bits = (bytes.len() - at) as u64 * 8;
    // Every code is at least one bit long.
    if u64::from(count) > remaining_bits || count as usize > MAX_GAME_PLIES {
        return Err(DecodeError::TooManyMoves {
            count: u64::from(count),
        });
    }
    let mut moves = Vec::with_capacity(count as usize);
    let mut r = BitReader::new(&bytes[at..], at);
    let mut pos = start.clone();
    let mut last = None;
    for ply in 0..count as usize {
        let offset = r.offset();
        let ranking = Ranking::new(&pos, last);
        let rank =
            RANK_CODES[ranking.context()]
                .decode(|| r.bit())?
                .ok_or(DecodeError::InvalidValue {
                    offset,
                    what: "move code",
                })?;
        let m = ranking.get(rank).ok_or(DecodeError::MoveIndexOutOfRange {
            ply,
            index: rank,
            legal: ranking.len(),
        })?;
        pos.play_unchecked(m);
        moves.push(m);
        last = Some(m);
    }
    r.finish()?;
    Ok((start, moves))
}

/// Moves the byte offsets of an error from an embedded encoding to the whole input.
fn shift(e: DecodeError, by: usize) -> DecodeError {
    match e {
        DecodeError::ReservedBits { offset } => DecodeError::ReservedBits {
            offset: offset + by,
        },
        DecodeError::Truncated { offset } => DecodeError::Truncated {
            offset: offset + by,
        },
        DecodeError::TrailingBytes { offset } => DecodeError::TrailingBytes {
            offset: offset + by,
        },
        DecodeError::InvalidValue { offset, what } => DecodeError::InvalidValue {
            offset: offset + by,
            what,
        },
        e => e,
    }
}

/// Why a game could not be encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A move is not legal where it is played.
    IllegalMove {
        /// The ply, counting from 0.
        ply: usize,
        /// The move.
        m: Move,
    },
    /// The game has more than [`MAX_GAME_PLIES`] moves.
    TooManyMoves {
        /// How many it has.
        count: usize,
    },
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::IllegalMove { ply, m } => {
                write!(f, "cannot encode game: illegal move {m} at ply {ply}")
            }
            EncodeError::TooManyMoves { count } => write!(
                f,
                "cannot encode game: {count} moves, expected at most {MAX_GAME_PLIES}"
            ),
        }
    }
}

impl std::error::Error for EncodeError {}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Square;

    #[test]
    fn empty_games() {
        let bytes = encode_game(&Position::standard(), &[]).unwrap();
        assert_eq!(bytes, [0x40, 0]);
        assert_eq!(decode_game(&bytes).unwrap(), (Position::standard(), vec![]));
        let start = Position::chess960(518).unwrap();
        let bytes = encode_game(&start, &[]).unwrap();
        assert_eq!(bytes, [0x41, 6, 2, 0]);
        assert_eq!(decode_game(&bytes).unwrap().0, start);
    }

    #[test]
    fn illegal_moves_are_refused() {
        let err = encode_game(&Position::standard(), &[Move::new(Square::E2, Square::E5)]);
        assert_eq!(
            err,
            Err(EncodeError::IllegalMove {
                ply: 0,
                m: Move::new(Square::E2, Square::E5)
            })
        );
    }

    #[test]
    fn explicit_start_positions() {
        let mut start = Position::standard();
        start.play(Move::new(Square::G1, Square::F3)).unwrap();
        let m = Move::new(Square::G8, Square::F6);
        let bytes = encode_game(&start, &[m]).unwrap();
        assert_eq!(bytes[0], 0x42);
        assert_eq!(decode_game(&bytes).unwrap(), (start, vec![m]));
        // The standard start spelled out is refused: it has a shorter encoding.
        let mut long = vec![0x42];
        let packed = super::super::encode_position(&Position::standard());
        long.push(packed.len() as u8);
        long.extend_from_slice(&packed);
        long.push(0);
        assert!(matches!(
            decode_game(&long),
            Err(DecodeError::InvalidValue { offset: 2, .. })
        ));
    }
}
