//! Compact binary encodings of positions and games, for databases and training data that hold
//! billions of them.
//!
//! - [`encode_position`] / [`decode_position`]: the full state of a position (placement, side to
//!   move, castling with Chess960 rook files, en passant, both clocks) in at most 24 bytes for
//!   every position a game can reach with the clocks of a fresh position (and for standard
//!   games without promoted pieces with their clocks, up to move 288), 22 for the starting
//!   position and fewer for sparse ones. It is one mixed-radix number: each fact costs `log2`
//!   of the number of values it can take. `docs/formats.md` states the bounds exactly.
//! - [`huffman`]: the classic Huffman code per square (an empty square is 1 bit, a pawn 3: 164
//!   bits for the starting board), simple to decode by hand.
//! - [`encode_game`] / [`decode_game`]: a game as its start and, per move, the move's rank among
//!   the legal moves ordered by a cheap model of which moves are likely ([`model`]),
//!   Huffman-coded: 3.6 bits per move on a sample of Lichess games, where Lichess's production
//!   scheme needs 4.41.
//! - [`decode`]: bytes of any of these formats, told apart by their first byte ([`Packed`]).
//! - [`base64`]: text for the bytes, for command lines and JSON.
//!
//! Every format starts with a byte whose high nibble names it and its version ([`Format`]), so
//! data written today stays readable; `docs/formats.md` gives each bit layout. Decoders check
//! everything: truncated, corrupted or foreign bytes give a [`DecodeError`], never a panic, and
//! a claimed move count is checked against the bits that remain before anything is allocated.
//!
//! ```
//! use chess_core::Square;
//! use chess_notation::pack;
//! use chess_rules::{Move, Position};
//!
//! let start = Position::standard();
//! let moves = [Move::double_push(Square::E2, Square::E4), Move::double_push(Square::E7, Square::E5)];
//! let bytes = pack::encode_game(&start, &moves)?;
//! assert_eq!(bytes.len(), 3);
//! let (decoded_start, decoded_moves) = pack::decode_game(&bytes)?;
//! assert_eq!((decoded_start, decoded_moves.as_slice()), (start, &moves[..]));
//!
//! let text = pack::base64::encode(&bytes);
//! assert_eq!(pack::base64::decode(&text)?, bytes);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod base64;
mod bits;
mod format;
mod game;
pub mod huffman;
pub mod model;
mod packed;
mod position;
mod radix;
mod table;
// The corpus `table.rs` is derived from and its rendering: for the generator, the test that
// keeps the table fresh, and the measurements; not part of the API.
#[doc(hidden)]
pub mod training;

pub use format::{DecodeError, Format};
pub use game::{EncodeError, MAX_GAME_PLIES, decode_game, encode_game};
pub use packed::{Packed, decode};
pub use position::{PackedPosition, decode_position, decode_setup, encode_position};
