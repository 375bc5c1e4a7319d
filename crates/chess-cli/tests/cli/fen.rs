//! `chess fen`.

use crate::support::{assert_contains, chess};

#[test]
fn normalises_and_draws() {
    let out = chess(
        &[
            "fen",
            "--ascii",
            "  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR   b KQkq e3 0 1",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
    // Shredder-FEN castling is written back as X-FEN, under Chess960 rules: asked for, or
    // (`auto`) because the rights can only mean Chess960.
    for rules in ["--chess960", "--chess960=auto"] {
        let out = chess(
            &[
                "fen",
                "--json",
                rules,
                "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1",
            ],
            "",
        );
        assert_eq!(
            out.stdout,
            "{\"valid\": true, \"fen\": \"1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1\", \"error\": null, \"variant\": \"Standard\"}\n"
        );
    }
}

#[test]
fn castling_rights_must_fit_standard_chess_unless_chess960_is_asked_for() {
    // The black king on d8: its rights mean Chess960, which is not read into a standard FEN.
    let fen = "r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let out = chess(&["moves", "--fen", fen], "");
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "castling right k: the black king is on d8, not e8 as standard chess needs; \
         castling right q: the black king is on d8, not e8 as standard chess needs",
    );
    assert!(!out.stderr.contains("castling right K"), "{}", out.stderr);
    // A rook off its standard square.
    let out = chess(&["fen", "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "castling right Q: ");
    for rules in ["--chess960", "--chess960=auto"] {
        let out = chess(&["moves", "--uci", rules, "--fen", fen], "");
        assert_eq!(out.status, 0, "{rules}: {}", out.stderr);
        assert!(out.stdout.lines().any(|l| l == "e1h1"), "{rules}");
    }
    // `auto` reads a FEN that fits standard chess as standard chess.
    let out = chess(
        &[
            "moves",
            "--uci",
            "--chess960=auto",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ],
        "",
    );
    assert!(out.stdout.lines().any(|l| l == "e1g1"), "{}", out.stdout);
}

#[test]
fn explains_every_error() {
    let out = chess(
        &[
            "fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "chess: fen: invalid castling field in fen at byte 48: unexpected 'x': expected one of KQkq, A-H, a-h or -\n"
    );
    let out = chess(&["fen", "--json", "P3k3/8/8/8/8/8/8/4K2K w - - 0 1"], "");
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stdout,
        "{\"valid\": false, \"fen\": null, \"error\": \"illegal position: a side has more than one king; pawns on the first or eighth rank\", \"variant\": \"Standard\"}\n"
    );
}

#[test]
fn non_canonical_fen_is_refused_unless_read_leniently() {
    let fen = "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1";
    let out = chess(&["fen", fen], "");
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "invalid board field in fen at byte 18: two digits in a row",
    );
    let out = chess(&["moves", fen], "");
    assert_eq!(out.status, 1);
    let out = chess(&["fen", "--lenient", "--ascii", fen], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    );
    assert_contains(
        &out.stderr,
        "fen: normalised: board field at byte 18: two digits in a row, counted as one",
    );
    assert_contains(
        &out.stderr,
        "fen: normalised: castling field at byte 49: castling rights out of order, written KQkq",
    );
}
