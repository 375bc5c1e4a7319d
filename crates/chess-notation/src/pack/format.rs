//! The formats of the module, told apart by their first byte, and why bytes could not be
//! decoded.

use core::fmt;

use chess_rules::PositionError;

/// The formats of this module, named by the high nibble of their first byte (the tag).
///
/// A new version of a format gets a new tag, so a decoder always knows what it reads; tags 0
/// and 5 to 15 are reserved.
///
/// ```
/// use chess_notation::pack::{self, Format};
/// use chess_rules::Position;
///
/// let packed = pack::encode_position(&Position::standard());
/// assert_eq!(Format::of(&packed)?, Format::Position);
/// # Ok::<_, pack::DecodeError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Format {
    /// Tag 1: a position, compact ([`encode_position`](super::encode_position)).
    Position,
    /// Tag 2: a board alone, Huffman-coded per square ([`huffman::encode_board`](super::huffman::encode_board)).
    HuffmanBoard,
    /// Tag 3: a position with a Huffman-coded board ([`huffman::encode_position`](super::huffman::encode_position)).
    HuffmanPosition,
    /// Tag 4: a game ([`encode_game`](super::encode_game)).
    Game,
}

impl Format {
    /// The tag, the high nibble of the first byte.
    #[must_use]
    pub const fn tag(self) -> u8 {
        match self {
            Format::Position => 1,
            Format::HuffmanBoard => 2,
            Format::HuffmanPosition => 3,
            Format::Game => 4,
        }
    }

    /// The format with tag `tag`, if any.
    #[must_use]
    pub const fn from_tag(tag: u8) -> Option<Format> {
        match tag {
            1 => Some(Format::Position),
            2 => Some(Format::HuffmanBoard),
            3 => Some(Format::HuffmanPosition),
            4 => Some(Format::Game),
            _ => None,
        }
    }

    /// The format of `bytes`, from their first byte.
    pub fn of(bytes: &[u8]) -> Result<Format, DecodeError> {
        let &first = bytes.first().ok_or(DecodeError::Empty)?;
        Format::from_tag(first >> 4).ok_or(DecodeError::UnknownFormat { tag: first >> 4 })
    }

    /// A lowercase name for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Position => "compact position",
            Format::HuffmanBoard => "huffman board",
            Format::HuffmanPosition => "huffman position",
            Format::Game => "game",
        }
    }

    /// Checks that `bytes` are in this format and returns the low nibble of the first byte.
    pub(crate) fn check(self, bytes: &[u8]) -> Result<u8, DecodeError> {
        let found = Format::of(bytes)?;
        if found != self {
            return Err(DecodeError::WrongFormat {
                expected: self,
                found,
            });
        }
        Ok(bytes[0] & 0x0f)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why bytes could not be decoded.
///
/// ```
/// use chess_notation::pack::{self, DecodeError};
///
/// let err = pack::decode_game(&[0x44]).unwrap_err();
/// assert!(matches!(err, DecodeError::ReservedBits { offset: 0 }));
/// assert_eq!(err.to_string(), "invalid packed data at byte 0: reserved bits are set");
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum DecodeError {
    /// There are no bytes at all.
    Empty,
    /// The first byte's tag names no known format or version.
    UnknownFormat {
        /// The high nibble of the first byte.
        tag: u8,
    },
    /// The bytes are in another format than the decoder reads.
    WrongFormat {
        /// The format the decoder reads.
        expected: Format,
        /// The format the bytes are in.
        found: Format,
    },
    /// Bits that this version requires to be zero are set.
    ReservedBits {
        /// The byte they are in.
        offset: usize,
    },
    /// The input ends before the data does.
    Truncated {
        /// The input's length: where more was expected.
        offset: usize,
    },
    /// The input goes on after the data ends.
    TrailingBytes {
        /// Where the data ends.
        offset: usize,
    },
    /// A value outside the range the format allows, or one with a shorter encoding (every
    /// value has exactly one).
    InvalidValue {
        /// Where the value starts (for a compact position: where its number starts).
        offset: usize,
        /// What the value is.
        what: &'static str,
    },
    /// A game claims more moves than the bits that remain can hold, or than
    /// [`MAX_GAME_PLIES`](super::MAX_GAME_PLIES).
    TooManyMoves {
        /// The claimed number of moves.
        count: u64,
    },
    /// A coded move index is not below the number of legal moves.
    MoveIndexOutOfRange {
        /// The ply, counting from 0.
        ply: usize,
        /// The decoded index.
        index: usize,
        /// How many legal moves there are.
        legal: usize,
    },
    /// The bytes describe a position that is not legal (with every reason).
    IllegalPosition(PositionError),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Empty => f.write_str("invalid packed data: empty input"),
            DecodeError::UnknownFormat { tag } => write!(
                f,
                "invalid packed data at byte 0: unknown format tag {tag}: expected 1 (compact position), 2 (huffman board), 3 (huffman position) or 4 (game)"
            ),
            DecodeError::WrongFormat { expected, found } => write!(
                f,
                "invalid packed data at byte 0: found a {found}, expected a {expected}"
            ),
            DecodeError::ReservedBits { offset } => {
                write!(
                    f,
                    "invalid packed data at byte {offset}: reserved bits are set"
                )
            }
            DecodeError::Truncated { offset } => write!(
                f,
                "invalid packed data at byte {offset}: truncated, expected more bytes"
            ),
            DecodeError::TrailingBytes { offset } => write!(
                f,
                "invalid packed data at byte {offset}: trailing bytes after the end"
            ),
            DecodeError::InvalidValue { offset, what } => {
                write!(f, "invalid packed data at byte {offset}: invalid {what}")
            }
            DecodeError::TooManyMoves { count } => write!(
                f,
                "invalid packed game: {count} moves claimed, more than the data can hold"
            ),
            DecodeError::MoveIndexOutOfRange { ply, index, legal } => write!(
                f,
                "invalid packed game at ply {ply}: move index {index}, expected below {legal} (the number of legal moves)"
            ),
            DecodeError::IllegalPosition(e) => write!(f, "invalid packed data: {e}"),
        }
    }
}

impl std::error::Error for DecodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DecodeError::IllegalPosition(e) => Some(e),
            _ => None,
        }
    }
}
