//! Bytes of any format of the module, decoded by their tag.

use chess_core::Board;
use chess_rules::{Game, Move, Position};

use super::{DecodeError, Format, decode_game, decode_position, huffman};
use crate::pgn::PgnGame;

/// What packed bytes hold, whichever format wrote them ([`decode`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Packed {
    /// A position, in the compact or the Huffman format (`format` says which).
    Position {
        /// [`Format::Position`] or [`Format::HuffmanPosition`].
        format: Format,
        /// The position.
        position: Position,
    },
    /// A board alone ([`Format::HuffmanBoard`]).
    Board(Board),
    /// A game: its start and its moves ([`Format::Game`]).
    Game {
        /// The starting position.
        start: Position,
        /// The moves, each legal where it is played.
        moves: Vec<Move>,
    },
}

impl Packed {
    /// The format the bytes were in.
    #[must_use]
    pub fn format(&self) -> Format {
        match self {
            Packed::Position { format, .. } => *format,
            Packed::Board(_) => Format::HuffmanBoard,
            Packed::Game { .. } => Format::Game,
        }
    }

    /// A game as PGN ([`PgnGame::from_game`]): its moves and the result when the rules decide
    /// it (the format keeps moves, not tags, so the Seven Tag Roster has unknown values); `None`
    /// for a position or a board.
    #[must_use]
    pub fn to_pgn(&self) -> Option<PgnGame> {
        let Packed::Game { start, moves } = self else {
            return None;
        };
        let mut game = Game::new(start.clone());
        for &m in moves {
            // Decoded moves are legal: each is an index into its position's legal moves.
            // A game that goes on past an ending by the rules is played on, as archives hold.
            if game.play_past_end(m).is_err() {
                debug_assert!(false, "a decoded move is illegal");
                break;
            }
        }
        Some(PgnGame::from_game(&game))
    }
}

/// Decodes bytes of any format of the module, told apart by their first byte.
///
/// ```
/// use chess_notation::pack::{self, Format, Packed};
/// use chess_rules::Position;
///
/// let bytes = pack::huffman::encode_position(&Position::standard());
/// let decoded = pack::decode(&bytes)?;
/// assert_eq!(decoded.format(), Format::HuffmanPosition);
/// assert!(matches!(decoded, Packed::Position { position, .. } if position == Position::standard()));
/// assert!(pack::decode(&[0xf0]).is_err());
/// # Ok::<_, pack::DecodeError>(())
/// ```
pub fn decode(bytes: &[u8]) -> Result<Packed, DecodeError> {
    Ok(match Format::of(bytes)? {
        format @ Format::Position => Packed::Position {
            format,
            position: decode_position(bytes)?,
        },
        format @ Format::HuffmanPosition => Packed::Position {
            format,
            position: huffman::decode_position(bytes)?,
        },
        Format::HuffmanBoard => Packed::Board(huffman::decode_board(bytes)?),
        Format::Game => {
            let (start, moves) = decode_game(bytes)?;
            Packed::Game { start, moves }
        }
    })
}
