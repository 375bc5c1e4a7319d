//! `chess fen`.

use crate::support::chess;

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
    // Shredder-FEN castling is written back as X-FEN.
    let out = chess(
        &[
            "fen",
            "--json",
            "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1",
        ],
        "",
    );
    assert_eq!(
        out.stdout,
        "{\"valid\": true, \"fen\": \"1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1\", \"error\": null}\n"
    );
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
        "{\"valid\": false, \"fen\": null, \"error\": \"illegal position: a side has more than one king; pawns on the first or eighth rank\"}\n"
    );
}
