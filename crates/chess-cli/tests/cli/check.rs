//! `chess check`.

use crate::support::chess;

const FOOLS_MATE: &str = "
rnb.kbnr
pppp.ppp
........
....p...
......Pq
.....P..
PPPPP..P
RNBQKBNR
";

#[test]
fn plain_board_from_stdin() {
    let out = chess(&["check"], FOOLS_MATE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "white king on e1: in check: yes, checkmated: yes, stalemated: no\nblack king on e8: in check: no, checkmated: no, stalemated: no\n"
    );
    let out = chess(&["check", "--json", "-"], FOOLS_MATE);
    assert_eq!(
        out.stdout,
        "{\"white\": {\"in_check\": true, \"checkmate\": true, \"stalemate\": false}, \"black\": {\"in_check\": false, \"checkmate\": false, \"stalemate\": false}, \"fen\": null}\n"
    );
}

#[test]
fn fen_from_a_file_and_stalemate() {
    let dir = chess_testdata::TempDir::new("cli-check");
    let file = dir.write("stalemate.fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n");
    let out = chess(&["check", "--json", file.to_str().unwrap()], "");
    assert_eq!(
        out.stdout,
        "{\"white\": {\"in_check\": false, \"checkmate\": false, \"stalemate\": false}, \"black\": {\"in_check\": false, \"checkmate\": false, \"stalemate\": true}, \"fen\": \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"}\n"
    );
}

#[test]
fn clear_errors() {
    let no_king = "........\n".repeat(7) + "....K...\n";
    let out = chess(&["check"], &no_king);
    assert_eq!(out.status, 1);
    assert_eq!(out.stderr, "chess: stdin: the board has no black king\n");
    let two_kings = "....k...\n".to_owned() + &"........\n".repeat(6) + "...KK...\n";
    let out = chess(&["check"], &two_kings);
    assert_eq!(
        out.stderr,
        "chess: stdin: the board has 2 white kings: expected one\n"
    );
    let both = "....k...\n....R...\n".to_owned() + &"........\n".repeat(4) + "....r...\n....K...\n";
    let out = chess(&["check"], &both);
    assert_eq!(out.stderr, "chess: stdin: both kings are in check\n");
    let out = chess(&["check"], "rnbqkbnr\npppppppp\n");
    assert_eq!(
        out.stderr,
        "chess: stdin: invalid board at line 3, column 1: 2 ranks: expected 8\n"
    );
    let out = chess(&["check", "/nonexistent/board.txt"], "");
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.starts_with("chess: /nonexistent/board.txt: "),
        "{}",
        out.stderr
    );
}

/// The four outputs of `check` pinned: the 8-line board and a FEN, as text and as JSON.
#[test]
fn snapshots() {
    // The 8-line format with the tolerances the issue names: blank lines, surrounding spaces.
    let board =
        "\n  ....k...  \n........\n\n....Q...\n........\n........\n........\n........\n....K...\n";
    let out = chess(&["check"], board);
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!("board_text", out.stdout);
    let out = chess(&["check", "--json"], board);
    insta::assert_snapshot!("board_json", out.stdout);
    // A FEN: Sam Loyd's stalemate, black to move.
    let fen = "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10\n";
    let out = chess(&["check"], fen);
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!("fen_text", out.stdout);
    let out = chess(&["check", "--json"], fen);
    insta::assert_snapshot!("fen_json", out.stdout);
}

#[test]
fn castling_counts_and_chess960_is_accepted() {
    // White's only legal move is Chess960 castling with the king already on g1: the rook goes
    // to f1, which black attacks (only the king's squares must be safe). Without the right,
    // white is stalemated.
    let with_right = "k4r2/8/8/8/8/7p/7P/6KR w H - 0 1";
    let without = "k4r2/8/8/8/8/7p/7P/6KR w - - 0 1";
    for args in [&["check"][..], &["check", "--chess960"][..]] {
        let out = chess(args, with_right);
        assert_eq!(out.status, 0, "{}", out.stderr);
        assert!(
            out.stdout
                .starts_with("white king on g1: in check: no, checkmated: no, stalemated: no\n"),
            "{args:?}: {}",
            out.stdout
        );
        let out = chess(args, without);
        assert!(
            out.stdout
                .starts_with("white king on g1: in check: no, checkmated: no, stalemated: yes\n"),
            "{args:?}: {}",
            out.stdout
        );
    }
    // X-FEN's K means the same rook under Chess960 rules.
    let out = chess(
        &["check", "--chess960", "--json"],
        "k4r2/8/8/8/8/7p/7P/6KR w K - 0 1",
    );
    assert!(
        out.stdout.starts_with(
            "{\"white\": {\"in_check\": false, \"checkmate\": false, \"stalemate\": false}"
        ),
        "{}",
        out.stdout
    );
}

/// `--variant`: the kings judged by the variant's rules. A back-rank mate is none in
/// Crazyhouse while a piece in the pocket can drop between; Horde's white has no king;
/// Atomic's kings side by side are never in check; the losing variants have no royal king.
#[test]
fn kings_judged_by_a_variants_rules() {
    let mate = "R5k1/5ppp/8/8/8/8/8/6K1[] b - - 0 1\n";
    let out = chess(&["check", "--variant", "crazyhouse", "--json"], mate);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "{\"white\": {\"in_check\": false, \"checkmate\": false, \"stalemate\": false}, \"black\": {\"in_check\": true, \"checkmate\": true, \"stalemate\": false}, \"fen\": \"R5k1/5ppp/8/8/8/8/8/6K1[] b - - 0 1\", \"variant\": \"Crazyhouse\"}\n"
    );
    let blocked = "R5k1/5ppp/8/8/8/8/8/6K1[n] b - - 0 1\n";
    let out = chess(&["check", "--variant", "zh"], blocked);
    assert_eq!(
        out.stdout,
        "white king on g1: in check: no, checkmated: no, stalemated: no\nblack king on g8: in check: yes, checkmated: no, stalemated: no\n"
    );
    let horde = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n";
    let out = chess(&["check", "--variant", "horde"], horde);
    assert_eq!(
        out.stdout,
        "white: no king\nblack king on e8: in check: no, checkmated: no, stalemated: no\n"
    );
    // The plain board too: a rook attacks the white king, which stands beside black's.
    let atomic = "........\n........\n........\n........\n........\n...kK...\n........\n....r...\n";
    let out = chess(&["check", "--variant", "atomic"], atomic);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "white king on e3: in check: no, checkmated: no, stalemated: no\nblack king on d3: in check: no, checkmated: no, stalemated: no\n"
    );
    let out = chess(
        &["check", "--variant", "antichess"],
        "k7/8/8/8/8/8/8/7K w - - 0 1\n",
    );
    assert_eq!(out.status, 2);
    assert_eq!(
        out.stderr,
        "chess: --variant antichess: the kings of Antichess are not royal: no check, checkmate or stalemate to tell\n"
    );
    let out = chess(
        &["check", "--variant", "racingkings"],
        "k7/8/8/8/8/8/R7/7K w - - 0 1\n",
    );
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "chess: stdin: illegal racing kings position: a king is in check, which racing kings forbids\n"
    );
}
