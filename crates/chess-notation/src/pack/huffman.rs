//! The classic Huffman code per square: simple, and 164 bits for the starting board.
//!
//! Each square, a1 to h8, gets a prefix code; `c` is the color bit (0 white, 1 black):
//!
//! ```text
//! empty    0
//! pawn     1 0 c
//! knight   1 1 0 0 c
//! bishop   1 1 0 1 c
//! rook     1 1 1 0 c
//! queen    1 1 1 1 0 c
//! king     1 1 1 1 1 c
//! ```
//!
//! The starting board is 32 empty squares (32 bits), 16 pawns (48), 12 minor pieces and rooks
//! (60) and 4 queens and kings (24): 164 bits. The code is complete (every bit string decodes),
//! so decoding only fails at the end of the input.
//!
//! Two formats use it (`docs/formats.md` gives the layouts): a board alone
//! ([`encode_board`], tag 2) and a full position ([`encode_position`], tag 3), whose board is
//! followed by castling rights, the en passant file and the clocks.
//!
//! ```
//! use chess_core::Board;
//! use chess_notation::pack::huffman;
//!
//! assert_eq!(huffman::board_bits(&Board::standard()), 164);
//! let bytes = huffman::encode_board(&Board::standard());
//! assert_eq!(bytes.len(), 1 + 21);
//! assert_eq!(huffman::decode_board(&bytes)?, Board::standard());
//! # Ok::<_, chess_notation::pack::DecodeError>(())
//! ```

use chess_core::{Board, CastlingRights, CastlingSide, Color, File, Piece, Rank, Role, Square};
use chess_rules::{CastlingMode, EnPassantMode, Position, Setup};

use super::bits::{BitReader, BitWriter};
use super::format::DecodeError;
use super::format::Format;

/// The code of each role without its color bit, and its length: pawn `10`, knight `1100`, …
const ROLE_CODES: [(u32, u32); 6] = [
    (0b10, 2),
    (0b1100, 4),
    (0b1101, 4),
    (0b1110, 4),
    (0b11110, 5),
    (0b11111, 5),
];

/// The number of bits `board` takes in the Huffman code (64 to 384).
///
/// ```
/// use chess_core::Board;
/// use chess_notation::pack::huffman;
///
/// assert_eq!(huffman::board_bits(&Board::empty()), 64);
/// ```
#[must_use]
pub fn board_bits(board: &Board) -> u32 {
    let mut bits = 64;
    for (_, piece) in board.iter() {
        bits += ROLE_CODES[piece.role() as usize].1;
    }
    bits
}

fn write_board(board: &Board, w: &mut BitWriter<'_>) {
    for sq in Square::ALL {
        match board.piece_at(sq) {
            None => w.bit(false),
            Some(piece) => {
                let (code, len) = ROLE_CODES[piece.role() as usize];
                w.write(code << 1 | u32::from(piece.color().is_black()), len + 1);
            }
        }
    }
}

fn read_board(r: &mut BitReader<'_>) -> Result<Board, DecodeError> {
    let mut board = Board::empty();
    for sq in Square::ALL {
        if !r.bit()? {
            continue;
        }
        let role = if !r.bit()? {
            Role::Pawn
        } else {
            match (r.bit()?, r.bit()?) {
                (false, false) => Role::Knight,
                (false, true) => Role::Bishop,
                (true, false) => Role::Rook,
                (true, true) => {
                    if r.bit()? {
                        Role::King
                    } else {
                        Role::Queen
                    }
                }
            }
        };
        let color = Color::from_white(!r.bit()?);
        board.put_on_empty(sq, Piece::new(color, role));
    }
    Ok(board)
}

/// Encodes `board` alone: the tag byte `0x20`, then the codes of the 64 squares, zero-padded to
/// a byte.
#[must_use]
pub fn encode_board(board: &Board) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 + 48);
    out.push(Format::HuffmanBoard.tag() << 4);
    let mut w = BitWriter::new(&mut out);
    write_board(board, &mut w);
    w.finish();
    out
}

/// Decodes a board written by [`encode_board`]. Any placement is accepted (a board need not
/// have kings); only the bytes are checked.
pub fn decode_board(bytes: &[u8]) -> Result<Board, DecodeError> {
    if Format::HuffmanBoard.check(bytes)? != 0 {
        return Err(DecodeError::ReservedBits { offset: 0 });
    }
    let mut r = BitReader::new(&bytes[1..], 1);
    let board = read_board(&mut r)?;
    r.finish()?;
    Ok(board)
}

const FLAG_CHESS960: u8 = 1;
const FLAG_BLACK: u8 = 2;
const FLAG_CLOCKS: u8 = 4;
const FLAG_RESERVED: u8 = 8;

const CASTLING_ORDER: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::KingSide),
    (Color::White, CastlingSide::QueenSide),
    (Color::Black, CastlingSide::KingSide),
    (Color::Black, CastlingSide::QueenSide),
];

/// Encodes the full state of `pos` with a Huffman-coded board: the tag byte with flags, the
/// board, four castling bits (in Chess960 each set bit followed by the rook's file in 3 bits),
/// the en passant file (a presence bit and 3 bits), and, when they are not 0 and 1, both clocks
/// as varints.
///
/// ```
/// use chess_notation::pack::huffman;
/// use chess_rules::Position;
///
/// let bytes = huffman::encode_position(&Position::standard());
/// assert_eq!(bytes.len(), 1 + 22); // 164 + 4 + 1 bits
/// assert_eq!(huffman::decode_position(&bytes)?, Position::standard());
/// # Ok::<_, chess_notation::pack::DecodeError>(())
/// ```
#[must_use]
pub fn encode_position(pos: &Position) -> Vec<u8> {
    let clocks = pos.halfmoves() != 0 || pos.fullmoves() != 1;
    let mut flags = Format::HuffmanPosition.tag() << 4;
    if pos.is_chess960() {
        flags |= FLAG_CHESS960;
    }
    if pos.turn().is_black() {
        flags |= FLAG_BLACK;
    }
    if clocks {
        flags |= FLAG_CLOCKS;
    }
    let mut out = Vec::with_capacity(1 + 56);
    out.push(flags);
    let mut w = BitWriter::new(&mut out);
    write_board(pos.board(), &mut w);
    let rights = pos.castling_rights();
    for (color, side) in CASTLING_ORDER {
        let file = rights.rook_file(color, side);
        w.bit(file.is_some());
        if let (Some(file), true) = (file, pos.is_chess960()) {
            w.write(file.index() as u32, 3);
        }
    }
    match pos.ep_square(EnPassantMode::Always) {
        Some(ep) => {
            w.bit(true);
            w.write(ep.file().index() as u32, 3);
        }
        None => w.bit(false),
    }
    if clocks {
        w.varint(pos.halfmoves());
        w.varint(pos.fullmoves() - 1);
    }
    w.finish();
    out
}

/// Decodes a position written by [`encode_position`] and checks that it is legal.
pub fn decode_position(bytes: &[u8]) -> Result<Position, DecodeError> {
    let flags = Format::HuffmanPosition.check(bytes)?;
    if flags & FLAG_RESERVED != 0 {
        return Err(DecodeError::ReservedBits { offset: 0 });
    }
    let mode = CastlingMode::from_chess960(flags & FLAG_CHESS960 != 0);
    let turn = Color::from_white(flags & FLAG_BLACK == 0);
    let mut r = BitReader::new(&bytes[1..], 1);
    let board = read_board(&mut r)?;
    let mut castling = CastlingRights::NONE;
    for (color, side) in CASTLING_ORDER {
        if r.bit()? {
            let file = if mode.is_chess960() {
                File::from_index_masked(r.read(3)? as u8)
            } else {
                side.standard_rook_file()
            };
            castling.add(color, side, file);
        }
    }
    let ep_square = if r.bit()? {
        let file = File::from_index_masked(r.read(3)? as u8);
        Some(Square::new(file, Rank::Third.relative_to(!turn)))
    } else {
        None
    };
    let (mut halfmoves, mut fullmoves) = (0, 1);
    if flags & FLAG_CLOCKS != 0 {
        let offset = r.offset();
        halfmoves = r.varint()?;
        fullmoves = r
            .varint()?
            .checked_add(1)
            .ok_or(DecodeError::InvalidValue {
                offset,
                what: "fullmove number",
            })?;
        if halfmoves == 0 && fullmoves == 1 {
            return Err(DecodeError::InvalidValue {
                offset,
                what: "clocks flag with the clocks at their start values",
            });
        }
    }
    r.finish()?;
    let setup = Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves,
        fullmoves,
    };
    Position::from_setup(setup, mode).map_err(DecodeError::IllegalPosition)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fen;

    #[test]
    fn start_board_is_164_bits() {
        assert_eq!(board_bits(&Board::standard()), 164);
        let bytes = encode_board(&Board::standard());
        assert_eq!(bytes.len(), 1 + 164usize.div_ceil(8));
        assert_eq!(decode_board(&bytes).unwrap(), Board::standard());
    }

    #[test]
    fn every_piece_round_trips() {
        let mut board = Board::empty();
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            board.put_on_empty(Square::ALL[i * 5], piece);
        }
        assert_eq!(decode_board(&encode_board(&board)).unwrap(), board);
    }

    #[test]
    fn positions_round_trip() {
        for fen in [
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295",
        ] {
            let pos = fen.parse::<Fen>().unwrap().into_position_auto().unwrap();
            let bytes = encode_position(&pos);
            assert_eq!(decode_position(&bytes).unwrap(), pos, "{fen}");
        }
    }

    #[test]
    fn rejects_bad_bytes() {
        let bytes = encode_position(&chess_rules::Position::standard());
        assert!(matches!(
            decode_position(&bytes[..10]),
            Err(DecodeError::Truncated { .. })
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            decode_position(&longer),
            Err(DecodeError::TrailingBytes { .. })
        ));
        assert!(matches!(
            decode_board(&bytes),
            Err(DecodeError::WrongFormat { .. })
        ));
        // All squares kings: decodes, but is no position.
        let mut kings = vec![0x30];
        kings.extend([0xff; 48]);
        assert!(decode_position(&kings).is_err());
    }
}
