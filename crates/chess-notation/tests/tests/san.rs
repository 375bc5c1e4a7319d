//! SAN writing and reading.

use chess_notation::san::{self, ParseSanError, San, SanError, SanMode, SanMoveError, SanPlus};
use chess_notation::{Fen, uci};
use chess_rules::{CastlingMode, Position};

use crate::support::sample_positions;

fn pos(fen: &str) -> Position {
    fen.parse::<Fen>().unwrap().into_position_auto().unwrap()
}

fn san_of(p: &Position, uci_text: &str) -> String {
    SanPlus::from_move(p, uci::parse(p, uci_text).unwrap()).to_string()
}

#[test]
fn round_trip_every_legal_move() {
    let mut moves = 0;
    for p in sample_positions(80, 100) {
        for &m in &p.legal_moves() {
            let text = SanPlus::from_move(&p, m).to_string();
            for mode in [SanMode::Strict, SanMode::Lenient] {
                assert_eq!(
                    san::parse_move(&p, &text, mode),
                    Ok(m),
                    "{text} in {}",
                    Fen::from_position(&p)
                );
            }
            // Without its check mark too.
            let bare = San::from_move(&p, m).to_string();
            assert_eq!(san::parse_move(&p, &bare, SanMode::Strict), Ok(m));
            moves += 1;
        }
    }
    assert!(moves > 100_000, "{moves}");
}

#[test]
fn writing() {
    let start = Position::standard();
    assert_eq!(san_of(&start, "g1f3"), "Nf3");
    assert_eq!(san_of(&start, "e2e4"), "e4");
    // Disambiguation by file, by rank, by square.
    let p = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    assert_eq!(san_of(&p, "a1d1"), "Rad1");
    let p = pos("4k3/8/R7/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&p, "a1a3"), "R1a3");
    let p = pos("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1");
    assert_eq!(san_of(&p, "c3d2"), "Qc3d2");
    // No disambiguation against a pinned knight.
    let p = pos("4k3/8/8/8/1b6/2N5/8/4KN2 w - - 0 1");
    assert_eq!(san_of(&p, "f1e3"), "Ne3");
    // Captures, en passant, promotions, checks and mates.
    let p = pos("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(san_of(&p, "e5d6"), "exd6");
    let p = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san_of(&p, "a7b8q"), "axb8=Q+");
    assert_eq!(san_of(&p, "a7a8n"), "a8=N");
    let fools = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_eq!(san_of(&fools, "d8h4"), "Qh4#");
    // Castling in both modes.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&p, "e1g1"), "O-O");
    assert_eq!(san_of(&p, "e1c1"), "O-O-O");
    let p = pos("1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1");
    assert_eq!(p.castling_mode(), CastlingMode::Chess960);
    assert_eq!(san_of(&p, "d1g1"), "O-O");
    assert_eq!(san_of(&p, "d1b1"), "O-O-O");
}

#[test]
fn strict_reading_rejects_nonstandard_forms() {
    let start = Position::standard();
    let not_standard = |text: &str| match san::parse_move(&start, text, SanMode::Strict) {
        Err(SanMoveError::Move(SanError::NotStandard { expected })) => expected.to_string(),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(not_standard("Ngf3"), "Nf3");
    assert_eq!(not_standard("Ng1f3"), "Nf3");
    assert_eq!(not_standard("Nxf3"), "Nf3");
    assert_eq!(not_standard("Nf3+"), "Nf3");
    for text in [
        "0-0", "e2e4", "e2-e4", "Ng1-f3", "Pe4", "e4!", "--", "Z0", "nf3", "e8Q",
    ] {
        assert!(
            matches!(
                san::parse_move(&start, text, SanMode::Strict),
                Err(SanMoveError::Parse(_))
            ),
            "{text}"
        );
    }
}

#[test]
fn lenient_reading_accepts_real_world_forms() {
    let start = Position::standard();
    let nf3 = uci::parse(&start, "g1f3").unwrap();
    let e4 = uci::parse(&start, "e2e4").unwrap();
    for text in [
        "Nf3", "Ngf3", "Ng1f3", "Ng1-f3", "Nxf3", "Nf3+", "Nf3#", "Nf3!", "Nf3?!", "Nf3!!", "Nf3+?",
    ] {
        assert_eq!(
            san::parse_move(&start, text, SanMode::Lenient),
            Ok(nf3),
            "{text}"
        );
    }
    for text in ["e4", "Pe4", "e2e4", "e2-e4", "e4?"] {
        assert_eq!(
            san::parse_move(&start, text, SanMode::Lenient),
            Ok(e4),
            "{text}"
        );
    }
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in ["0-0", "O-O", "o-o", "O-O+", "Ke1g1"] {
        assert!(
            san::parse_move(&p, text, SanMode::Lenient)
                .unwrap()
                .is_castle(),
            "{text}"
        );
    }
    assert_eq!(
        san::parse_move(&p, "0-0-0", SanMode::Lenient)
            .unwrap()
            .castling_side(),
        Some(chess_core::CastlingSide::QueenSide)
    );
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let a8q = uci::parse(&p, "a7a8q").unwrap();
    for text in ["a8=Q", "a8Q", "a8(Q)", "a8=q", "a8q", "a7a8q", "a8=Q+"] {
        assert_eq!(
            san::parse_move(&p, text, SanMode::Lenient),
            Ok(a8q),
            "{text}"
        );
    }
    assert_eq!(
        SanPlus::from_ascii_with(b"--", SanMode::Lenient)
            .unwrap()
            .san,
        San::Null
    );
    assert_eq!(
        SanPlus::from_ascii_with(b"Z0", SanMode::Lenient)
            .unwrap()
            .san,
        San::Null
    );
    assert_eq!(
        san::parse_move(&p, "--", SanMode::Lenient),
        Err(SanMoveError::Move(SanError::NullMove))
    );
}

#[test]
fn errors_say_what_went_wrong() {
    let start = Position::standard();
    assert_eq!(
        san::parse_move(&start, "Nf4", SanMode::Strict),
        Err(SanMoveError::Move(SanError::Illegal))
    );
    assert_eq!(
        san::parse_move(&start, "hello", SanMode::Lenient),
        Err(SanMoveError::Parse(ParseSanError { offset: 2 }))
    );
    let p = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    match san::parse_move(&p, "Rd1", SanMode::Lenient) {
        Err(SanMoveError::Move(SanError::Ambiguous { candidates })) => {
            let mut texts: Vec<String> = candidates.iter().map(|&m| uci::format(&p, m)).collect();
            texts.sort();
            assert_eq!(texts, ["a1d1", "h1d1"]);
        }
        other => panic!("{other:?}"),
    }
    let err = san::parse_move(&p, "Rd1", SanMode::Strict)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "ambiguous san move: candidates are a1d1, h1d1");
    let err = san::parse_move(&start, "Nf3+", SanMode::Strict)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "non-standard san move: expected Nf3");
    assert_eq!(
        san::parse_move(&start, "x", SanMode::Strict)
            .unwrap_err()
            .to_string(),
        "not a san move (at byte 1): expected a move like e4, Nf3, exd5, e8=Q, O-O or Qxf7#"
    );
}
