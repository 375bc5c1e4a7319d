//! The vocabulary of a chess program: colors, roles, squares, pieces, bitboards, castling rights,
//! the board, attack tables and Zobrist keys.
//!
//! This crate knows where pieces stand and which squares they attack; the rules of the game
//! (whose move it is, legal moves, check, mate and draws) live in `chess-rules`.
//!
//! ```
//! use chess_core::{Bitboard, Board, Color, Piece, Role, Square, attacks};
//!
//! let board = Board::standard();
//! assert_eq!(board.piece_at(Square::G1), Some(Piece::WhiteKnight));
//!
//! // Where can the g1 knight go?
//! let targets = attacks::knight(Square::G1) & !board.by_color(Color::White);
//! assert_eq!(targets, Bitboard::from(Square::F3) | Square::H3);
//! ```
//!
//! # Features
//!
//! - `std` (default): implements `std::error::Error` for the error types. Without it the crate is
//!   `no_std` and allocation-free, for WebAssembly and embedded targets.
//! - `serde`: `Serialize` and `Deserialize` for the value types (colors, roles, files, ranks,
//!   squares, pieces, bitboards, castling sides and rights) and for [`Board`], which is written
//!   as its plain 8-line form and read back through [`Board::from_plain`].

#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

#[cfg(all(feature = "std", not(test)))]
extern crate std;

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod color;
mod piece;
mod role;
mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Grid, Squares, Subsets};
pub use board::{Board, Boxed, ParseBoardError, ParseBoardErrorKind, Plain};
pub use castling::{CastlingRights, CastlingSide, CastlingSides};
pub use color::{Color, ParseColorError};
pub use piece::Piece;
pub use role::{ParseRoleError, Role};
pub use square::{File, ParseFileError, ParseRankError, ParseSquareError, Rank, Square};

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    //! Round trips through JSON (`serde_json`, a dev-dependency: serde has no serializer of its
    //! own), which also pins the serialized forms other programs may store.

    use super::*;
    use serde::{Serialize, de::DeserializeOwned};
    use strum::IntoEnumIterator;

    /// Serializes `value`, checks the JSON is `json` when given, and reads it back.
    fn round_trip<T>(value: &T, json: Option<&str>)
    where
        T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug,
    {
        let text = serde_json::to_string(value).unwrap();
        if let Some(json) = json {
            assert_eq!(text, json);
        }
        assert_eq!(&serde_json::from_str::<T>(&text).unwrap(), value, "{text}");
    }

    #[test]
    fn value_types_round_trip() {
        Color::iter().for_each(|c| round_trip(&c, None));
        Role::iter().for_each(|r| round_trip(&r, None));
        File::iter().for_each(|f| round_trip(&f, None));
        Rank::iter().for_each(|r| round_trip(&r, None));
        Square::iter().for_each(|sq| round_trip(&sq, None));
        Piece::ALL.iter().for_each(|p| round_trip(p, None));
        CastlingSide::iter().for_each(|s| round_trip(&s, None));
        round_trip(&Color::Black, Some(r#""Black""#));
        round_trip(&Square::E4, Some(r#""E4""#));
        round_trip(&File::C, Some(r#""C""#));
        round_trip(&Piece::WhiteQueen, Some(r#""WhiteQueen""#));
        round_trip(&Bitboard(u64::MAX), Some("18446744073709551615"));
        round_trip(&Bitboard::LIGHT_SQUARES, None);
        round_trip(&Bitboard::EMPTY, Some("0"));
        for bits in 0..16 {
            round_trip(&CastlingSides::from_bits_retain(bits), None);
        }
        round_trip(
            &(CastlingSides::WHITE_KING_SIDE | CastlingSides::BLACK_QUEEN_SIDE),
            Some(r#""WHITE_KING_SIDE | BLACK_QUEEN_SIDE""#),
        );
    }

    #[test]
    fn castling_rights_round_trip_and_stay_canonical() {
        round_trip(&CastlingRights::NONE, None);
        round_trip(
            &CastlingRights::standard(),
            Some(
                r#"{"sides":"WHITE_KING_SIDE | WHITE_QUEEN_SIDE | BLACK_KING_SIDE | BLACK_QUEEN_SIDE","rook_files":["H","A","H","A"]}"#,
            ),
        );
        let mut chess960 = CastlingRights::NONE;
        chess960.add(Color::White, CastlingSide::KingSide, File::G);
        chess960.add(Color::Black, CastlingSide::QueenSide, File::B);
        round_trip(&chess960, None);

        // A file given for a right that is not set is the standard one after reading, so the
        // result equals the rights built by hand.
        let read: CastlingRights =
            serde_json::from_str(r#"{"sides":"WHITE_KING_SIDE","rook_files":["G","C","D","E"]}"#)
                .unwrap();
        let mut expected = CastlingRights::NONE;
        expected.add(Color::White, CastlingSide::KingSide, File::G);
        assert_eq!(read, expected);

        // Flags beyond the four sides are refused, not carried along.
        let error = serde_json::from_str::<CastlingRights>(
            r#"{"sides":"0x10","rook_files":["H","A","H","A"]}"#,
        )
        .unwrap_err();
        assert!(
            error.to_string().contains("invalid castling sides 0x10"),
            "{error}"
        );
    }

    #[test]
    fn boards_round_trip_as_their_plain_form() {
        round_trip(
            &Board::standard(),
            Some(concat!(
                r#""rnbqkbnr\npppppppp\n........\n........\n"#,
                r#"........\n........\nPPPPPPPP\nRNBQKBNR\n""#
            )),
        );
        round_trip(&Board::empty(), None);
        for n in [0, 1, 959] {
            round_trip(&Board::chess960(n).unwrap(), None);
        }
        let mut board = Board::standard();
        board.remove(Square::E2);
        board.put(Square::E4, Piece::WhitePawn);
        round_trip(&board, None);

        // Bad text is the plain form's parse error, not a broken board.
        let error = serde_json::from_str::<Board>(r#""rnbqkbnr\nppppxppp""#).unwrap_err();
        assert!(error.to_string().contains("line 2, column 5"), "{error}");
        assert!(serde_json::from_str::<Board>("42").is_err());
    }
}

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
