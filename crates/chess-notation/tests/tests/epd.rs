//! EPD reading, writing and the shared data files.

use chess_notation::epd::{Epd, EpdErrorKind, EpdMoveError, Operand};
use chess_notation::{Fen, FenError, uci};
use chess_rules::{Position, PositionErrorKinds};

#[test]
fn every_line_of_endgame_epd_loads() {
    let Some(text) = chess_testdata::read_to_string(chess_testdata::ENDGAME_EPD) else {
        return;
    };
    let mut lines = 0;
    let mut impossible_checks = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let epd: Epd = line
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        // A tablebase test file need not hold reachable positions: a few are checks no move
        // could give, which validation rejects and can be told to ignore.
        let pos = epd.position().or_else(|e| match e {
            FenError::Position(e) if e.kinds() == PositionErrorKinds::IMPOSSIBLE_CHECK => {
                impossible_checks.push(i + 1);
                e.ignore(PositionErrorKinds::IMPOSSIBLE_CHECK)
            }
            e => panic!("line {}: {e}", i + 1),
        });
        let pos = pos.unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let opcodes: Vec<&str> = epd.operations.iter().map(|op| op.opcode.as_str()).collect();
        assert_eq!(opcodes, ["wdl_table", "wdl", "dtz"], "line {}", i + 1);
        for op in &epd.operations {
            assert_eq!(op.operands.len(), 1);
            op.operands[0].as_str().parse::<i32>().unwrap();
        }
        // Written back, the line reads the same, and so does the position.
        let written = epd.to_string();
        assert_eq!(written, line.trim_end(), "line {}", i + 1);
        let again: Epd = written.parse().unwrap();
        assert_eq!(again, epd);
        assert_eq!(
            again.position().ok(),
            (!impossible_checks.contains(&(i + 1))).then_some(pos)
        );
        lines += 1;
    }
    // `wc -l endgame.epd`: one position per line.
    assert_eq!(lines, 200);
    // Each a double check no move gives, checked by hand: line 58, queen f8 and bishop g1 on
    // two diagonals (a piece leaving the bishop's diagonal would have been checking already);
    // line 137, an adjacent rook and a knight (neither check can be discovered); line 190,
    // bishop g8 and rook b6 (neither piece can have left the other's line).
    assert_eq!(impossible_checks, [58, 137, 190]);
}

/// The `epd` lines of a perft file with the count at depth 1 given after each.
fn perft_positions(text: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(epd) = line.strip_prefix("epd ") {
            let depth1 = lines
                .peek()
                .and_then(|l| l.strip_prefix("perft 1 "))
                .map_or(0, |n| n.trim().parse().unwrap());
            out.push((epd.to_owned(), depth1));
        }
    }
    out
}

#[test]
fn every_epd_line_of_the_perft_files_loads() {
    let suites = [chess_testdata::TRICKY_PERFT, chess_testdata::CHESS960_PERFT];
    let Some(fetched) = chess_testdata::read_each(&suites) else {
        return;
    };
    let own = chess_testdata::own_to_string("standard.perft").into_bytes();
    // Counted with `grep -c '^epd' FILE`.
    let expected = [
        ("standard.perft", 6),
        ("tricky.perft", 19),
        ("chess960.perft", 960),
    ];
    for ((name, expected), bytes) in expected
        .into_iter()
        .zip(std::iter::once(own).chain(fetched))
    {
        let text = String::from_utf8(bytes).unwrap();
        let positions = perft_positions(&text);
        assert_eq!(positions.len(), expected, "{name}");
        for (line, depth1) in positions {
            let epd: Epd = line
                .parse()
                .unwrap_or_else(|e| panic!("{name}: {line}: {e}"));
            // Like the perft suites, accept the checks no legal move could have given.
            let pos = match epd.position() {
                Err(FenError::Position(e)) => e.ignore(PositionErrorKinds::IMPOSSIBLE_CHECK),
                other => other.map_err(|e| panic!("{name}: {line}: {e}")),
            }
            .unwrap_or_else(|e| panic!("{name}: {line}: {e}"));
            if depth1 > 0 {
                assert_eq!(pos.count_legal_moves() as u64, depth1, "{line}");
            }
            let again: Epd = epd.to_string().parse().unwrap();
            assert_eq!(again, epd, "{line}");
        }
    }
}

#[test]
fn typed_operations() {
    let epd: Epd = concat!(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - ",
        "bm Bb5 Bc4; am Ng5; id \"italian \\\"or\\\" spanish\\\\\"; c0 \"first\"; c9 \"last\"; ",
        "acd 22; ce -15; pv Bb5 a6 Ba4; hmvc 2; fmvn 3; D1 27; D2 703; custom a b \"c d\";"
    )
    .parse()
    .unwrap();
    let pos = epd.position().unwrap();
    let names = |moves: Vec<chess_rules::Move>, pos: &Position| -> Vec<String> {
        moves.iter().map(|&m| uci::format(pos, m)).collect()
    };
    assert_eq!(names(epd.bm().unwrap(), &pos), ["f1b5", "f1c4"]);
    assert_eq!(names(epd.am().unwrap(), &pos), ["f3g5"]);
    assert_eq!(epd.pv().unwrap().len(), 3);
    assert_eq!(epd.id(), Some("italian \"or\" spanish\\"));
    assert_eq!(
        (epd.comment(0), epd.comment(9), epd.comment(5)),
        (Some("first"), Some("last"), None)
    );
    assert_eq!((epd.acd(), epd.ce()), (Some(22), Some(-15)));
    assert_eq!((epd.hmvc(), epd.fmvn()), (Some(2), Some(3)));
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (2, 3));
    assert_eq!(epd.perft_counts(), [(1, 27), (2, 703)]);
    assert_eq!(pos.count_legal_moves(), 27);
    assert_eq!(
        epd.operands("custom").unwrap(),
        [
            Operand::Word("a".into()),
            Operand::Word("b".into()),
            Operand::String("c d".into())
        ]
    );
    let again: Epd = epd.to_string().parse().unwrap();
    assert_eq!(again, epd);

    // A move that is not legal names its operand.
    let bad: Epd = "8/8/8/8/8/8/8/K6k w - - bm Kb1 Qd4;".parse().unwrap();
    match bad.bm().unwrap_err() {
        EpdMoveError::Move { index, text, .. } => assert_eq!((index, text.as_str()), (1, "Qd4")),
        e => panic!("{e}"),
    }
    // A position that cannot occur.
    let bad: Epd = "8/8/8/8/8/8/8/8 w - - bm e4;".parse().unwrap();
    assert!(matches!(bad.bm(), Err(EpdMoveError::Position(_))));
}

#[test]
fn round_trip_random_positions_with_operations() {
    for (i, pos) in chess_testdata::random_positions(1, 20, 40)
        .into_iter()
        .enumerate()
    {
        let mut epd = Epd::from_position(&pos);
        let moves = pos.legal_moves();
        if let Some(&m) = moves.first() {
            let san = chess_notation::SanPlus::from_move(&pos, m).to_string();
            epd.push("bm", vec![Operand::Word(san)]);
        }
        epd.push("id", vec![Operand::String(format!("pos \"{i}\" \\ ;"))]);
        epd.push("acd", vec![Operand::Word(i.to_string())]);
        let text = epd.to_string();
        let back: Epd = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, epd, "{text}");
        assert_eq!(
            back.bm().unwrap(),
            moves.first().copied().into_iter().collect::<Vec<_>>()
        );
        assert_eq!(
            Fen::from_position(&back.position_with(pos.castling_mode()).unwrap()).to_string(),
            Fen::from_position(&pos)
                .to_string()
                .rsplitn(3, ' ')
                .nth(2)
                .unwrap()
                .to_owned()
                + " 0 1"
        );
    }
}

#[test]
fn errors_carry_byte_offsets() {
    let err = "8/8/8/8/8/8/8/K6k w - - bm Kb1; ce abc;"
        .parse::<Epd>()
        .unwrap_err();
    assert_eq!((err.offset, &err.kind), (35, &EpdErrorKind::InvalidNumber));
    assert_eq!(err.opcode.as_deref(), Some("ce"));
    let err = "8/8/8/8/8/8/8/K6x w - - bm Kb1;"
        .parse::<Epd>()
        .unwrap_err();
    assert!(matches!(err.kind, EpdErrorKind::Fen(_)));
    assert_eq!(err.offset, 16);
    assert_eq!(
        err.to_string(),
        "invalid epd position: invalid board field in fen at byte 16: unexpected 'x': expected a piece letter (KQRBNP, kqrbnp), a digit 1-8 or /"
    );
}
