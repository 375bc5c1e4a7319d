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
    let dir = std::env::temp_dir().join(format!("chess-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("stalemate.fen");
    std::fs::write(&file, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n").unwrap();
    let out = chess(&["check", "--json", file.to_str().unwrap()], "");
    assert_eq!(
        out.stdout,
        "{\"white\": {\"in_check\": false, \"checkmate\": false, \"stalemate\": false}, \"black\": {\"in_check\": false, \"checkmate\": false, \"stalemate\": true}, \"fen\": \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"}\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
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
