//! `chess play`, driven through piped input and through a pseudo-terminal.

use std::process::Command;

use crate::support::chess;

#[test]
fn fools_mate_through_piped_input() {
    let out = chess(&["--ascii"], "f3\ne5\ng4\nQh4#\n\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("2... Qh4#"), "{}", out.stdout);
    assert!(out.stdout.contains("Checkmate: black wins (0-1)."));
    assert!(out.stdout.contains("Save the game as PGN?"));
}

#[test]
fn stalemate_through_piped_input() {
    // Sam Loyd's ten-move stalemate.
    let moves = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6";
    let input = moves.replace(' ', "\n") + "\n\n";
    let out = chess(&["play", "--ascii"], &input);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("10. Qe6"), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("Stalemate: the game is drawn (1/2-1/2)."),
        "{}",
        out.stdout
    );
}

#[test]
fn wrong_moves_say_why() {
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"],
        "Rd1\nRf1\nquit\n",
    );
    assert!(out.stdout.contains("1. Rd1"), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("no such move: no rook of yours can go to f1"),
        "{}",
        out.stdout
    );
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"],
        "Rd1\nquit\n",
    );
    assert!(
        out.stdout
            .contains("ambiguous move Rd1: it could be Rad1 or Rhd1"),
        "{}",
        out.stdout
    );
    let out = chess(
        &["--ascii", "--fen", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"],
        "Bd3\nNf3\nxyz\nquit\n",
    );
    assert!(
        out.stdout
            .contains("illegal move Bd3: it would leave your king in check"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("no such move: no knight of yours can go to f3"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("not a move or a command: \"xyz\""),
        "{}",
        out.stdout
    );
}

#[test]
fn commands() {
    let dir = std::env::temp_dir().join(format!("chess-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let input = format!(
        "help\nmoves\ne4\nhint g8\nundo\nd4\nfen\nflip\nsave {}\nresign\n",
        file.display()
    );
    let out = chess(&["--ascii"], &input);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("hint SQUARE"));
    assert!(
        out.stdout.contains("Na3 Nc3 Nf3 Nh3 a3 b3"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1")
    );
    assert!(out.stdout.contains("| ** |"), "hint marks f6 and h6");
    assert!(
        out.stdout.contains("Black resigns: white wins (1-0)."),
        "{}",
        out.stdout
    );
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("\n1. d4 *\n"), "{pgn}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn draw_claims() {
    let input = "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\ndraw\n";
    let out = chess(&["--ascii"], input);
    assert!(
        out.stdout
            .contains("A draw by threefold repetition may be claimed: type draw."),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("Draw claimed: threefold repetition."),
        "{}",
        out.stdout
    );
}

/// Fool's mate through a pseudo-terminal (a Python `pty` driver answers each prompt), so the
/// line editor and terminal detection are exercised as a player would meet them.
#[test]
fn fools_mate_through_a_terminal() {
    let python = Command::new("python3").arg("--version").output();
    if python.is_err() {
        eprintln!("skipped: python3 is needed to drive a pseudo-terminal");
        return;
    }
    let driver = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pty_driver.py");
    let out = Command::new("python3")
        .arg(driver)
        .arg(env!("CARGO_BIN_EXE_chess"))
        .args(["f3", "e5", "g4", "Qh4#"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Checkmate: black wins (0-1)."), "{stdout}");
    // On a terminal the board uses Unicode pieces.
    assert!(stdout.contains('♚'), "{stdout}");
}
