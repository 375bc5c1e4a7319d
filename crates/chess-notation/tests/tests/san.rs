//! SAN writing and reading.

use chess_notation::san::{self, ParseSanError, San, SanError, SanMode, SanMoveError, SanPlus};
use chess_notation::{Fen, uci};
use chess_rules::{CastlingMode, Position};

fn pos(fen: &str) -> Position {
    fen.parse::<Fen>().unwrap().into_position_auto().unwrap()
}

fn san_of(p: &Position, uci_text: &str) -> String {
    SanPlus::from_move(p, uci::parse(p, uci_text).unwrap()).to_string()
}

#[test]
fn round_trip_every_legal_move() {
    let mut moves = 0;
    for p in chess_testdata::random_positions(1, 80, 100) {
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

/// Strict reading, fast path included, against its definition: a text is accepted exactly
/// when it is the move's standard SAN, with a right `+`/`#` mark or none. Every legal move of
/// many positions, each written standard and in variants around it (capture mark toggled,
/// origin file, rank or square added or dropped, each mark).
#[test]
fn strict_reading_agrees_with_its_definition() {
    use chess_notation::san::Suffix;
    let mut checked = 0;
    for p in chess_testdata::random_positions(1, 30, 80) {
        for &m in &p.legal_moves() {
            let standard = San::from_move(&p, m);
            let mut texts = vec![standard.to_string()];
            if let San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } = standard
            {
                let from = m.from();
                for (f, r) in [
                    (None, None),
                    (Some(from.file()), None),
                    (None, Some(from.rank())),
                    (Some(from.file()), Some(from.rank())),
                    (file, rank),
                ] {
                    for x in [capture, !capture] {
                        let variant = San::Normal {
                            role,
                            file: f,
                            rank: r,
                            capture: x,
                            to,
                            promotion,
                        };
                        texts.push(variant.to_string());
                    }
                }
            }
            for text in texts {
                for mark in ["", "+", "#"] {
                    let text = format!("{text}{mark}");
                    let expected = SanPlus::from_ascii(text.as_bytes())
                        .ok()
                        .and_then(|written| {
                            let found = written.san.to_move_with(&p, SanMode::Lenient).ok()?;
                            let mark_ok = written.suffix.is_none()
                                || written.suffix == Suffix::from_position(&p.after(found));
                            (San::from_move(&p, found) == written.san && mark_ok).then_some(found)
                        });
                    let actual = SanPlus::from_ascii(text.as_bytes())
                        .ok()
                        .and_then(|written| written.to_move(&p).ok());
                    assert_eq!(actual, expected, "{text} in {}", Fen::from_position(&p));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 200_000, "{checked}");
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

/// Reads `text` in both modes: the lenient result must be the move `uci`, the strict one an
/// error (its text is returned to be checked).
fn lenient_only(p: &Position, text: &str, uci_text: &str) -> SanMoveError {
    let m = uci::parse(p, uci_text).unwrap();
    assert_eq!(
        san::parse_move(p, text, SanMode::Lenient),
        Ok(m),
        "{text} in {}",
        Fen::from_position(p)
    );
    san::parse_move(p, text, SanMode::Strict).expect_err(text)
}

#[test]
fn lenient_reading_of_a_capture_without_x() {
    // 1. e4 d5: `ed5` is exd5. Strict SAN needs the `x` on a pawn capture.
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert!(matches!(
        lenient_only(&p, "ed5", "e4d5"),
        SanMoveError::Parse(_)
    ));
    assert_eq!(san_of(&p, "e4d5"), "exd5");
    // `Nd5` with a black pawn on d5: the knight takes it.
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2");
    assert_eq!(
        lenient_only(&p, "Nd5", "c3d5"),
        SanMoveError::Move(SanError::NotStandard {
            expected: "Nxd5".parse().unwrap()
        })
    );
    // En passant (`ed6`) and a capturing promotion (`ab8=Q`, `ab8Q`).
    let p = pos("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    lenient_only(&p, "ed6", "e5d6");
    let p = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    lenient_only(&p, "ab8=Q", "a7b8q");
    lenient_only(&p, "ab8Q", "a7b8q");
    // Not a capture at all: lenient reading still finds the move, strict reading does not
    // accept the `x`.
    let start = Position::standard();
    lenient_only(&start, "Nxf3", "g1f3");
    lenient_only(&start, "exe4", "e2e4");
}

#[test]
fn lenient_reading_of_every_listed_form() {
    // The forms the issue lists, each read leniently to the right move and refused strictly.
    let start = Position::standard();
    let castles = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    let black_castles = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1");
    let promotion = pos("4k3/8/8/8/8/8/4p3/1K6 b - - 0 1");
    let queen_check = pos("4k3/8/8/8/8/8/8/R3K2Q w - - 0 1");
    let mate = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let cases: &[(&Position, &str, &str)] = &[
        (&castles, "0-0", "e1g1"),
        (&castles, "0-0-0", "e1c1"),
        (&black_castles, "0-0", "e8g8"),
        (&black_castles, "0-0-0", "e8c8"),
        (&promotion, "e1Q", "e2e1q"),
        (&promotion, "e1(Q)", "e2e1q"),
        (&promotion, "e1=q", "e2e1q"),
        (&promotion, "e1N", "e2e1n"),
        (&promotion, "e1(r)", "e2e1r"),
        (&start, "Ngf3", "g1f3"),
        (&start, "N1f3", "g1f3"),
        (&start, "Pe4", "e2e4"),
        (&start, "Pd2d4", "d2d4"),
        (&start, "Nf3!", "g1f3"),
        (&start, "Nf3?", "g1f3"),
        (&start, "Nf3!?", "g1f3"),
        (&start, "Nf3?!", "g1f3"),
        (&start, "Nf3!!", "g1f3"),
        (&start, "Nf3??", "g1f3"),
        // Wrong marks: a check where there is none, a mate that is a check, a check that is
        // mate, and the old `++` for mate.
        (&start, "Nf3+", "g1f3"),
        (&start, "Nf3#", "g1f3"),
        (&queen_check, "Qe4#", "h1e4"),
        (&mate, "Qh4+", "d8h4"),
        (&mate, "Qh4++", "d8h4"),
        (&start, "e2e4", "e2e4"),
        (&start, "e2-e4", "e2e4"),
        (&start, "Ng1-f3", "g1f3"),
        (&start, "Ng1f3", "g1f3"),
    ];
    for &(p, text, uci_text) in cases {
        lenient_only(p, text, uci_text);
    }
    // Marks that are right pass in strict mode too, and may be left out.
    assert_eq!(san_of(&queen_check, "h1e4"), "Qe4+");
    assert_eq!(san_of(&mate, "d8h4"), "Qh4#");
    for text in ["Qe4+", "Qe4"] {
        assert!(san::parse_move(&queen_check, text, SanMode::Strict).is_ok());
    }

    // Null moves are SAN only in lenient mode, and a move only where the caller allows them
    // (the PGN reader's allow_null_moves, tested there).
    for text in ["--", "Z0"] {
        assert_eq!(
            SanPlus::from_ascii_with(text.as_bytes(), SanMode::Lenient)
                .unwrap()
                .san,
            San::Null
        );
        assert!(SanPlus::from_ascii_with(text.as_bytes(), SanMode::Strict).is_err());
        assert_eq!(
            san::parse_move(&start, text, SanMode::Lenient),
            Err(SanMoveError::Move(SanError::NullMove))
        );
    }
}

#[test]
fn lenient_forms_in_pgn_play_the_same_game() {
    use chess_notation::pgn::{GameReader, PgnGame};
    let read = |text: &str| -> PgnGame { text.parse().unwrap_or_else(|e| panic!("{e}")) };
    let standard = read(
        "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. O-O c6 \
         8. Bd2 Bb4 9. Nd5 Qd8 10. Nxb4 O-O 11. a4 a5 12. Nd3 Nbd7 13. b4 axb4 \
         14. Nxb4 Nb6 15. a5 Nbd5 16. a6 bxa6 17. Rxa6 Rxa6 18. Nxa6 Qa8 19. Nc7 Qa2 *",
    );
    let lenient = read(
        "1. e2e4 d7-d5 2. ed5 Qd5 3. Nb1-c3 Qa5! 4. Pd4 Ng8f6 5. Ngf3 Bf5?! 6. Bc4 e6 \
         7. 0-0 c6 8. Bcd2 Bb4+ 9. Nd5!? Qd8 10. Nb4 0-0 11. a4 a5 12. Nbd3 Nb8d7 \
         13. b4 ab4 14. Nb4 Nb6 15. a5 Nbd5 16. a6 ba6 17. Ra6 Ra6 18. Na6 Qa8 19. Nc7 Qa2+ *",
    );
    assert_eq!(standard.mainline.moves.len(), 38);
    let moves = |game: &PgnGame| -> Vec<(Option<chess_rules::Move>, String)> {
        game.mainline
            .moves
            .iter()
            .map(|node| (node.m, node.san.to_string()))
            .collect()
    };
    // The same moves, each stored in standard SAN.
    assert_eq!(moves(&lenient), moves(&standard));
    // The annotations of `Qa5!`, `Bf5?!` and `Nd5!?` as NAGs.
    let nags: Vec<(usize, &[u8])> = lenient
        .mainline
        .moves
        .iter()
        .enumerate()
        .filter(|(_, node)| !node.nags.is_empty())
        .map(|(i, node)| (i, node.nags.as_slice()))
        .collect();
    assert_eq!(nags, [(5, &[1][..]), (9, &[6][..]), (16, &[5][..])]);
    // Computed with python-chess 1.11 from the standard text.
    assert_eq!(
        Fen::from_position(&lenient.final_position()).to_string(),
        "5rk1/2N2ppp/2p1pn2/3n1b2/2BP4/5N2/q1PB1PPP/3Q1RK1 w - - 3 20"
    );
    // Null moves only when allowed, `--` and `Z0` alike.
    for null in ["--", "Z0"] {
        let text = format!("1. e4 {null} 2. d4 *");
        let err = GameReader::new(text.as_bytes())
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(err.kind().as_str(), "illegal_move", "{null}");
        let game = GameReader::new(text.as_bytes())
            .allow_null_moves(true)
            .next()
            .unwrap()
            .unwrap();
        assert!(game.mainline.moves[1].is_null(), "{null}");
    }
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
