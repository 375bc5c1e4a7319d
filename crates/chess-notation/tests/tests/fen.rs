//! FEN reading, writing and errors.

use chess_core::{Board, Piece, Square};
use chess_notation::{
    BoardFen, Fen, FenError, FenErrorKind, FenField, ParseFenError, fen::STARTING_FEN,
};
use chess_rules::{CastlingMode, EnPassantMode, Position, PositionErrorKinds};

fn parse_err(text: &str) -> ParseFenError {
    text.parse::<Fen>().unwrap_err()
}

#[test]
fn starting_position() {
    let fen: Fen = STARTING_FEN.parse().unwrap();
    assert_eq!(fen, Fen::standard());
    assert_eq!(fen.to_string(), STARTING_FEN);
    assert_eq!(
        fen.into_position(CastlingMode::Standard).unwrap(),
        Position::standard()
    );
}

#[test]
fn round_trip_random_positions() {
    for pos in chess_testdata::random_positions(1, 60, 80) {
        for mode in [EnPassantMode::Legal, EnPassantMode::Always] {
            let fen = Fen::from_position_with(&pos, mode);
            let text = fen.to_string();
            let back: Fen = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, fen, "{text}");
            let again = back.into_position(pos.castling_mode()).unwrap();
            assert_eq!(Fen::from_position_with(&again, mode).to_string(), text);
            if mode == EnPassantMode::Always {
                assert_eq!(again, pos, "{text}");
            }
            // Shredder-FEN reads back to the same thing.
            let shredder = fen.shredder().to_string();
            assert_eq!(shredder.parse::<Fen>().unwrap(), fen, "{shredder}");
        }
    }
}

/// `text` with its first run of empty squares of two or more written as two digits, and its
/// castling letters reversed: what the strict reading refuses and the lenient one normalises.
fn non_canonical(text: &str) -> Option<String> {
    let mut fields: Vec<String> = text.split(' ').map(str::to_owned).collect();
    let board = &fields[0];
    let at = board.find(|c: char| matches!(c, '2'..='8'))?;
    let n = board[at..=at].parse::<u32>().unwrap();
    fields[0] = format!("{}1{}{}", &board[..at], n - 1, &board[at + 1..]);
    fields[2] = fields[2].chars().rev().collect();
    Some(fields.join(" "))
}

#[test]
fn the_strict_reading_refuses_what_the_lenient_one_normalises() {
    use chess_notation::NormalisationKind;
    let error = parse_err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1");
    assert_eq!(
        (error.field, error.offset, error.kind),
        (FenField::Castling, 48, FenErrorKind::CastlingOrder('K'))
    );
    let error = parse_err("rnbqkbnr/pppppppp/8/17/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        (error.field, error.offset, error.kind),
        (FenField::Board, 20, FenErrorKind::AdjacentDigits)
    );
    // Chess960 rights by file: white's king side before its queen side, then black's.
    let fen = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w BGbg - 0 1";
    assert_eq!(parse_err(fen).kind, FenErrorKind::CastlingOrder('G'));
    let (lenient, notes) = Fen::from_ascii_lenient(fen.as_bytes()).unwrap();
    assert_eq!(notes[0].kind, NormalisationKind::CastlingOrder('G'));
    assert_eq!(
        lenient,
        "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1"
            .parse()
            .unwrap()
    );
    // Every position's FEN, spelled the other way, reads leniently to the same, with notes.
    let mut checked = 0;
    for pos in chess_testdata::random_positions(1, 60, 80) {
        let text = Fen::from_position(&pos).to_string();
        let Some(other) = non_canonical(&text) else {
            continue;
        };
        let (fen, notes) = Fen::from_ascii_lenient(other.as_bytes()).unwrap();
        assert_eq!(fen.to_string(), text, "{other}");
        assert_eq!(notes[0].kind, NormalisationKind::AdjacentDigits, "{other}");
        let castling = text.split(' ').nth(2).unwrap();
        assert_eq!(notes.len() == 2, castling.len() > 1, "{other}: {notes:?}");
        assert!(other.parse::<Fen>().is_err(), "{other}");
        checked += 1;
    }
    assert!(checked > 50);
}

#[test]
fn missing_clocks_and_extra_whitespace() {
    let fen: Fen = "  8/8/8/8/8/8/8/K6k   w  -  - ".parse().unwrap();
    assert_eq!(fen.setup().halfmoves, 0);
    assert_eq!(fen.setup().fullmoves, 1);
    assert_eq!(fen.to_string(), "8/8/8/8/8/8/8/K6k w - - 0 1");
    let fen: Fen = "8/8/8/8/8/8/8/K6k\tb\t-\t-\t12\t40".parse().unwrap();
    assert_eq!(fen.to_string(), "8/8/8/8/8/8/8/K6k b - - 12 40");
    // Placement alone: white to move, no rights.
    let fen: Fen = "8/8/8/8/8/8/8/K6k".parse().unwrap();
    assert_eq!(fen.to_string(), "8/8/8/8/8/8/8/K6k w - - 0 1");
}

#[test]
fn castling_fields() {
    // X-FEN, Shredder-FEN and mixtures on a Chess960 setup: rooks on b1 and g1, king on d1.
    for field in ["KQkq", "GBgb", "KBkb", "GQgq"] {
        let fen: Fen = format!("1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w {field} - 0 1")
            .parse()
            .unwrap();
        assert_eq!(fen.setup().castling.to_string(), "GBgb", "{field}");
        assert_eq!(
            fen.to_string(),
            "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1"
        );
        assert_eq!(
            fen.shredder().to_string(),
            "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1"
        );
        assert_eq!(fen.castling_mode(), CastlingMode::Chess960);
    }
    // With two rooks on the king side, K means the outer one; the inner needs its file letter.
    let fen: Fen = "4k3/8/8/8/8/8/8/4KRR1 w K - 0 1".parse().unwrap();
    assert_eq!(fen.setup().castling.to_string(), "G");
    let fen: Fen = "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1".parse().unwrap();
    assert_eq!(fen.to_string(), "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
    assert_eq!(fen.castling_mode(), CastlingMode::Chess960);
    // Standard rights stay standard.
    assert_eq!(Fen::standard().castling_mode(), CastlingMode::Standard);
}

#[test]
fn en_passant_written_only_when_legal() {
    let pos = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    assert_eq!(Fen::from_position(&pos).setup().ep_square, None);
    assert_eq!(
        Fen::from_position_with(&pos, EnPassantMode::Always)
            .setup()
            .ep_square,
        Some(Square::E3)
    );
    let pos = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    assert_eq!(Fen::from_position(&pos).setup().ep_square, Some(Square::D6));
}

#[test]
fn errors_name_field_offset_and_expectation() {
    let cases: &[(&str, FenField, usize, FenErrorKind)] = &[
        ("", FenField::Board, 0, FenErrorKind::Empty),
        ("   ", FenField::Board, 0, FenErrorKind::Empty),
        (
            "8/8/8/8/8/8/8 w - - 0 1",
            FenField::Board,
            13,
            FenErrorKind::WrongRankCount(7),
        ),
        (
            "8/8/8/8/8/8/8/8/8 w - - 0 1",
            FenField::Board,
            15,
            FenErrorKind::WrongRankCount(9),
        ),
        (
            "9/8/8/8/8/8/8/8 w - - 0 1",
            FenField::Board,
            0,
            FenErrorKind::InvalidPiece('9'),
        ),
        (
            "54/8/8/8/8/8/8/8 w - - 0 1",
            FenField::Board,
            1,
            FenErrorKind::WrongRankLength {
                rank: chess_core::Rank::Eighth,
                squares: 9,
            },
        ),
        (
            "7/8/8/8/8/8/8/8 w - - 0 1",
            FenField::Board,
            1,
            FenErrorKind::WrongRankLength {
                rank: chess_core::Rank::Eighth,
                squares: 7,
            },
        ),
        (
            "8/8/8/8/8/8/8/7 w - - 0 1",
            FenField::Board,
            15,
            FenErrorKind::WrongRankLength {
                rank: chess_core::Rank::First,
                squares: 7,
            },
        ),
        (
            "8/8/8/8/8/8/8/ppppppppp w - - 0 1",
            FenField::Board,
            22,
            FenErrorKind::WrongRankLength {
                rank: chess_core::Rank::First,
                squares: 9,
            },
        ),
        (
            "8/8/8/3x4/8/8/8/8 w - - 0 1",
            FenField::Board,
            7,
            FenErrorKind::InvalidPiece('x'),
        ),
        (
            "8/8/8/3é4/8/8/8/8 w - - 0 1",
            FenField::Board,
            7,
            FenErrorKind::InvalidPiece('é'),
        ),
        (
            "8/8/8/8/8/8/8/K6k x - - 0 1",
            FenField::Turn,
            18,
            FenErrorKind::InvalidTurn,
        ),
        (
            "8/8/8/8/8/8/8/K6k w KQ - 0 1",
            FenField::Castling,
            20,
            FenErrorKind::CastlingMismatch('K'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq1 - 0 1",
            FenField::Castling,
            30,
            FenErrorKind::InvalidCastling('1'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
            FenField::Castling,
            27,
            FenErrorKind::DuplicateCastling('K'),
        ),
        (
            "8/8/8/8/8/8/8/K6k w - e4 0 1",
            FenField::EnPassant,
            22,
            FenErrorKind::InvalidEnPassant,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - z9 0 1",
            FenField::EnPassant,
            22,
            FenErrorKind::InvalidEnPassant,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - x 1",
            FenField::Halfmoves,
            24,
            FenErrorKind::InvalidNumber,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 -1",
            FenField::Fullmoves,
            26,
            FenErrorKind::InvalidNumber,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 99999999999 1",
            FenField::Halfmoves,
            24,
            FenErrorKind::NumberOutOfRange,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1 extra",
            FenField::Trailing,
            28,
            FenErrorKind::TrailingText,
        ),
    ];
    for (text, field, offset, kind) in cases {
        let err = parse_err(text);
        assert_eq!(
            (err.field, err.offset, &err.kind),
            (*field, *offset, kind),
            "{text:?}: {err}"
        );
    }
    assert_eq!(
        parse_err("8/8/8/8/8/8/8/K6k w - - x 1").to_string(),
        "invalid halfmove clock in fen at byte 24: expected a number"
    );
    assert_eq!(
        parse_err("7/8/8/8/8/8/8/8 w - - 0 1").to_string(),
        "invalid board field in fen at byte 1: rank 8 describes 7 squares: expected 8"
    );
}

#[test]
fn validation_errors_come_from_the_rules() {
    let err = "8/8/8/8/8/8/8/K7 w - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap_err();
    match err {
        FenError::Position(e) => assert_eq!(e.kinds(), PositionErrorKinds::MISSING_KING),
        other => panic!("{other}"),
    }
    assert!(
        Fen::from_ascii(b"8/8/8/8/8/8/8/K6k w - - 0 1")
            .unwrap()
            .into_position_auto()
            .is_ok()
    );
}

#[test]
fn board_fen() {
    let mut board = Board::empty();
    board.put(Square::A1, Piece::WhiteKing);
    board.put(Square::H8, Piece::BlackKing);
    assert_eq!(BoardFen(&board).to_string(), "7k/8/8/8/8/8/8/K7");
    assert_eq!(BoardFen::parse(" 7k/8/8/8/8/8/8/K7 ").unwrap(), board);
    assert_eq!(
        BoardFen::parse("7k/8/8/8/8/8/8/K7 w").unwrap_err().kind,
        FenErrorKind::TrailingText
    );
}
