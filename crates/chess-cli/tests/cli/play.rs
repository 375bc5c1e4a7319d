//! `chess play`, driven through piped input and through a pseudo-terminal.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use chess_notation::Fen;
use chess_rules::Position;

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess, chess_in, python3_or_skip};

/// The lines of a transcript without the boards, which other tests pin.
fn without_boards(transcript: &str) -> Vec<&str> {
    transcript
        .lines()
        .filter(|l| !l.starts_with("  +") && !l.starts_with("    a") && !is_board_rank(l))
        .collect()
}

fn is_board_rank(line: &str) -> bool {
    let bytes = line.as_bytes();
    bytes.len() > 3 && bytes[0].is_ascii_digit() && &line[1..3] == " |"
}

#[test]
fn fools_mate_through_piped_input() {
    let out = chess(&["--ascii"], "f3\ne5\ng4\nQh4#\n\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    assert_contains(&out.stdout, "2... Qh4#");
    assert!(out.stdout.contains("Checkmate: black wins (0-1)."));
    assert!(out.stdout.contains("Save the game as PGN?"));
    // The whole session as a player reads it: prompts, echoed moves, boards, the end.
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn stalemate_through_piped_input() {
    // Sam Loyd's ten-move stalemate.
    let moves = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6";
    let input = moves.replace(' ', "\n") + "\n\n";
    let out = chess(&["play", "--ascii"], &input);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "10. Qe6");
    assert_contains(&out.stdout, "Stalemate: the game is drawn (1/2-1/2).");
}

/// `chess | head -1`: the reader goes away while the game still talks. The session ends
/// quietly with status 0, as every subcommand does, never with a panic message.
#[test]
fn closed_stdout_ends_the_session_quietly() {
    // Closed before anything is written.
    let child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .arg("--ascii")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.wait_with_output().unwrap());
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .arg("--ascii")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all(b"e4\ne5\n");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");

    // Closed after the first line, with far more to say than a pipe holds (each `help` is
    // half a kilobyte), so the session must meet the closed pipe part-way.
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .arg("--ascii")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all("help\n".repeat(2000).as_bytes());
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "Type help for the commands.\n");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn wrong_moves_say_why() {
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"],
        "Rd1\nRf1\nquit\n",
    );
    assert_contains(&out.stdout, "1. Rd1");
    assert_contains(&out.stdout, "no such move: no rook of yours can go to f1");
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"],
        "Rd1\nquit\n",
    );
    assert_contains(&out.stdout, "ambiguous move Rd1: it could be Rad1 or Rhd1");
    let out = chess(
        &["--ascii", "--fen", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"],
        "Bd3\nNf3\nxyz\nquit\n",
    );
    assert_contains(
        &out.stdout,
        "illegal move Bd3: it would leave your king in check",
    );
    assert_contains(&out.stdout, "no such move: no knight of yours can go to f3");
    assert_contains(&out.stdout, "not a move or a command: \"xyz\"");
    // A pawn move to the last rank without its piece asks for it (it used to say the move
    // would leave the king in check), in SAN and in UCI.
    let out = chess(
        &["--ascii", "--fen", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"],
        "e8\ne7e8\ne3e4\nquit\n",
    );
    let asks = "the pawn must become a piece on e8: say which, like e8=Q (or =R, =B, =N)";
    assert_eq!(out.stdout.matches(asks).count(), 2, "{}", out.stdout);
    assert_contains(&out.stdout, "no such move: e3e4: no piece of yours on e3");
}

#[test]
fn commands() {
    let dir = TempDir::new("cli-play-commands");
    let file = dir.join("game.pgn");
    let input = format!(
        "help\nmoves\ne4\nhint e4\nhint e5\nhint f8\nhint g8\nundo\nd4\nfen\nflip\nsave {}\nresign\n",
        file.display()
    );
    let out = chess(&["--ascii"], &input);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("hint SQUARE"));
    assert_contains(&out.stdout, "Na3 Nc3 Nf3 Nh3 a3 b3");
    assert!(
        out.stdout
            .contains("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1")
    );
    assert!(out.stdout.contains("| ** |"), "hint marks f6 and h6");
    // A hint names what is wrong with the square.
    assert_contains(
        &out.stdout,
        "the piece on e4 is white's, and it is black's turn",
    );
    assert_contains(&out.stdout, "there is no piece on e5");
    assert_contains(&out.stdout, "the piece on f8 has no legal move");
    assert_contains(&out.stdout, "Black resigns: white wins (1-0).");
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("\n1. d4 *\n"), "{pgn}");
}

#[test]
fn pgn_prints_the_game_so_far() {
    let out = chess(&["--ascii"], "e4\ne5\nNf3\npgn\nquit\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let pgn: Vec<&str> = out
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Black to move> pgn"))
        .skip(1)
        .take_while(|l| !l.contains("to move>"))
        .collect();
    // The date is today's: check its shape, then pin the rest.
    let date = pgn
        .iter()
        .find(|l| l.starts_with("[Date "))
        .expect("a Date tag");
    let digits: String = date.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits.len(), 8, "{date}");
    assert_eq!(
        pgn.iter()
            .filter(|l| !l.starts_with("[Date "))
            .copied()
            .collect::<Vec<_>>(),
        [
            "[Event \"Casual game\"]",
            "[Site \"chess (terminal)\"]",
            "[Round \"-\"]",
            "[White \"White\"]",
            "[Black \"Black\"]",
            "[Result \"*\"]",
            "[Opponent \"human\"]",
            "",
            "1. e4 e5 2. Nf3 *",
            "",
        ]
    );
    // A position from --fen is kept in the PGN.
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/8/R3K3 w Q - 3 40"],
        "O-O-O\npgn\nquit\n",
    );
    assert_contains(
        &out.stdout,
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 3 40\"]\n[Opponent \"human\"]\n\n40. O-O-O *\n",
    );
}

#[test]
fn load_a_pgn_or_a_fen_file() {
    let dir = TempDir::new("cli-play-load");
    let pgn = dir.file(
        "game.pgn",
        "[Event \"Loaded\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 *\n",
    );
    let out = chess(&["--ascii"], &format!("load {pgn}\nfen\nBb5\npgn\nquit\n"));
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines = without_boards(&out.stdout);
    let at = lines
        .iter()
        .position(|l| *l == format!("Loaded {pgn}."))
        .expect("the load is announced");
    assert_eq!(
        &lines[at + 1..at + 5],
        [
            "White to move> fen",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "White to move> Bb5",
            "3. Bb5",
        ]
    );
    // The game goes on from the loaded moves, which `pgn` and `undo` know.
    assert_contains(&out.stdout, "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");

    let fen = dir.file("position.fen", "\n  4k3/8/8/8/8/8/8/R3K3 w Q - 0 1  \n");
    let out = chess(&["--ascii"], &format!("load {fen}\nO-O-O\nfen\nquit\n"));
    assert_contains(&out.stdout, &format!("Loaded {fen}."));
    assert!(
        out.stdout.contains("\n1. O-O-O\n"),
        "castling right from the file: {}",
        out.stdout
    );
    assert_contains(&out.stdout, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");

    // Bad files are explained and the game goes on as it was.
    let bad_fen = dir.file("bad.fen", "8/8/8 w - - 0 1\n");
    let bad_pgn = dir.file("bad.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
    let missing = dir.join("missing.pgn").display().to_string();
    let out = chess(
        &["--ascii"],
        // After a move, each load asks first (yes).
        &format!("e4\nload {bad_fen}\ny\nload {bad_pgn}\ny\nload {missing}\ny\nfen\nquit\n\n"),
    );
    assert_contains(
        &out.stdout,
        &format!("{bad_fen}: invalid board field in fen"),
    );
    assert_contains(
        &out.stdout,
        &format!("{bad_pgn}: game 1, line 3, column 13: illegal move Ke3"),
    );
    assert_contains(&out.stdout, &format!("cannot read {missing}: "));
    assert_contains(
        &out.stdout,
        "\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
    );
}

/// Whether `rank` (a FEN rank of eight pieces) is a Chess960 back rank: bishops on squares of
/// both colours, the king between the rooks, one queen and two knights.
fn is_chess960_back_rank(rank: &str) -> bool {
    let pieces: Vec<char> = rank.chars().collect();
    let at =
        |piece: char| -> Vec<usize> { (0..pieces.len()).filter(|&i| pieces[i] == piece).collect() };
    let (bishops, rooks, king) = (at('B'), at('R'), at('K'));
    pieces.len() == 8
        && bishops.len() == 2
        && bishops[0] % 2 != bishops[1] % 2
        && rooks.len() == 2
        && king.len() == 1
        && rooks[0] < king[0]
        && king[0] < rooks[1]
        && at('Q').len() == 1
        && at('N').len() == 2
}

/// Plays `--chess960` (with `extra` options) to print its FEN; returns the announced start
/// number and the FEN.
fn chess960_start(extra: &[&str]) -> (u32, String) {
    let mut args = vec!["--ascii", "--chess960"];
    args.extend(extra);
    let out = chess(&args, "fen\nquit\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let number = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Chess960 starting position "))
        .and_then(|n| n.strip_suffix('.'))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the start is announced: {}", out.stdout));
    let fen = out
        .stdout
        .lines()
        .skip_while(|l| *l != "White to move> fen")
        .nth(1)
        .expect("a FEN")
        .to_owned();
    (number, fen)
}

#[test]
fn chess960_starts() {
    let mut numbers = Vec::new();
    for seed in [None, None, None, Some("1"), Some("2"), Some("3")] {
        let extra: Vec<&str> = seed.map(|s| vec!["--seed", s]).unwrap_or_default();
        let (number, fen) = chess960_start(&extra);
        assert!(number < 960);
        let fields: Vec<&str> = fen.split(' ').collect();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        assert!(is_chess960_back_rank(ranks[7]), "{fen}");
        assert_eq!(ranks[0], ranks[7].to_ascii_lowercase(), "{fen}");
        assert_eq!(&ranks[1..7], ["pppppppp", "8", "8", "8", "8", "PPPPPPPP"]);
        // X-FEN: each side's only rooks are its outermost, so plain KQkq.
        assert_eq!(&fields[1..], ["w", "KQkq", "-", "0", "1"], "{fen}");
        let expected = Position::chess960(number).unwrap();
        assert_eq!(fen, Fen::from_position(&expected).to_string());
        numbers.push(number);
    }
    // Unseeded sessions draw their start: three equal ones would be a 1 in 921,600 chance.
    assert!(
        !(numbers[0] == numbers[1] && numbers[1] == numbers[2]),
        "{numbers:?}"
    );
    // A seed replays the same start.
    assert_eq!(chess960_start(&["--seed", "1"]).0, numbers[3]);
    // --position and --fen pick the start instead.
    let (number, fen) = chess960_start(&["--position", "0"]);
    assert_eq!(number, 0);
    assert_eq!(
        fen,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    let out = chess(&["--ascii", "--position", "518"], "fen\nquit\n");
    assert!(out.stdout.contains("Chess960 starting position 518."));
    assert!(
        out.stdout
            .contains("\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    );
}

#[test]
fn chess960_castling() {
    // King takes rook in UCI, and an inner rook's right written with its file (X-FEN).
    let fen = "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1";
    let out = chess(
        &["--ascii", "--chess960", "--fen", fen],
        "fen\ne1b1\nfen\nquit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines = without_boards(&out.stdout);
    assert_eq!(
        lines[1..],
        [
            "White to move> fen",
            "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1",
            "White to move> e1b1",
            "1. O-O-O",
            "Black to move> fen",
            "4k3/8/8/8/8/8/8/R1KR3R b - - 1 1",
            "Black to move> quit",
            "The game has unsaved moves.",
            "Save it as PGN? Enter a file name, or nothing to leave: ",
            "The game is kept for chess play --resume in",
            &format!(
                "{}/chess/autosave.pgn.",
                crate::support::state_dir().display()
            ),
        ]
    );
}

#[test]
fn draw_claims() {
    let input = "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\ndraw\n";
    let out = chess(&["--ascii"], input);
    assert_contains(
        &out.stdout,
        "A draw by threefold repetition may be claimed: type draw.",
    );
    assert_contains(&out.stdout, "Draw claimed: threefold repetition.");

    // The 50-move rule: not yet after 98 quiet half-moves; one more and it may be claimed.
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 98 80"],
        "draw\nRa2\ndraw\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        without_boards(&out.stdout)[1..],
        [
            "White to move> draw",
            // Broken to fit in 80 columns.
            "no draw can be claimed: the position has not occurred three times (nor will",
            "  after a move), and the 50-move rule is not reached",
            "White to move> Ra2",
            "80. Ra2",
            "A draw by the 50-move rule may be claimed: type draw.",
            "Black to move> draw",
            "Draw claimed: the 50-move rule.",
            "Draw by the 50-move rule (1/2-1/2).",
            "Save the game as PGN? Enter a file name, or nothing to skip: ",
        ]
    );
}

/// Draws by rule that end the game without a claim are announced as they happen.
#[test]
fn automatic_draws() {
    // A capture leaves king and bishop against king.
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1"],
        "Kxe2\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines = without_boards(&out.stdout);
    assert_eq!(
        lines[lines.len() - 3..],
        [
            "1. Kxe2",
            "Draw by insufficient material (1/2-1/2).",
            "Save the game as PGN? Enter a file name, or nothing to skip: ",
        ]
    );

    // The 75-move rule: the 150th quiet half-move ends the game.
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"],
        "Ra2\n\n",
    );
    let lines = without_boards(&out.stdout);
    assert_eq!(
        lines[lines.len() - 3..],
        [
            "100. Ra2",
            "Draw by the 75-move rule (1/2-1/2).",
            "Save the game as PGN? Enter a file name, or nothing to skip: ",
        ],
        "{}",
        out.stdout
    );

    // Fivefold repetition: the start position a fifth time, after four knight dances.
    let input = "Nf3\nNf6\nNg1\nNg8\n".repeat(4) + "\n";
    let out = chess(&["--ascii"], &input);
    let lines = without_boards(&out.stdout);
    assert_eq!(
        lines[lines.len() - 3..],
        [
            "8... Ng8",
            "Draw by fivefold repetition (1/2-1/2).",
            "Save the game as PGN? Enter a file name, or nothing to skip: ",
        ],
        "{}",
        out.stdout
    );
}

/// Runs the pseudo-terminal driver (see `tests/data/pty_driver.py`) with `env` settings and
/// `inputs`; returns its exit status and the program's output.
fn through_a_terminal(env: &[&str], inputs: &[&str]) -> (bool, String, String) {
    let driver = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pty_driver.py");
    let mut command = Command::new("python3");
    command.arg(driver);
    let state = crate::support::state_dir();
    command.args(["--env", &format!("XDG_STATE_HOME={}", state.display())]);
    for setting in env {
        command.args(["--env", setting]);
    }
    let out = command
        .arg(env!("CARGO_BIN_EXE_chess"))
        .args(inputs)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Fool's mate through a pseudo-terminal (a Python `pty` driver answers each prompt once it
/// has appeared), so the line editor and terminal detection are exercised as a player would
/// meet them.
#[test]
fn fools_mate_through_a_terminal() {
    if !python3_or_skip("fools_mate_through_a_terminal") {
        return;
    }
    let (ok, stdout, stderr) = through_a_terminal(&[], &["f3", "e5", "g4", "Qh4#", ""]);
    assert!(ok, "{stdout}\n{stderr}");
    // Each move was played in turn, each after the prompt that asked for it.
    let mut from = 0;
    for step in [
        "White to move> ",
        "1. f3",
        "Black to move> ",
        "1... e5",
        "White to move> ",
        "2. g4",
        "Black to move> ",
        "2... Qh4#",
        "Checkmate: black wins (0-1).",
        "Save the game as PGN?",
    ] {
        let at = stdout[from..]
            .find(step)
            .unwrap_or_else(|| panic!("{step:?} after byte {from}: {stdout}"));
        from += at + step.len();
    }
    // On a terminal the board uses Unicode pieces.
    assert!(stdout.contains('♚'), "{stdout}");
}

/// Colours on a terminal unless `NO_COLOR` is set; Unicode pieces either way (NO_COLOR is
/// about colour only).
#[test]
fn no_color_turns_colours_off_on_a_terminal() {
    if !python3_or_skip("no_color_turns_colours_off_on_a_terminal") {
        return;
    }
    let is_sgr = |stdout: &str| {
        // A Select Graphic Rendition sequence: ESC [ digits and semicolons, then m.
        stdout.split('\x1b').skip(1).any(|rest| {
            rest.strip_prefix('[').is_some_and(|rest| {
                let end = rest
                    .find(|c: char| !(c.is_ascii_digit() || c == ';'))
                    .unwrap_or(rest.len());
                rest[end..].starts_with('m')
            })
        })
    };
    let (ok, stdout, stderr) = through_a_terminal(&[], &["quit"]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("\x1b[48;5;137m"),
        "square colours: {stdout}"
    );
    assert!(is_sgr(&stdout));
    let (ok, stdout, stderr) = through_a_terminal(&["NO_COLOR=1"], &["quit"]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(!is_sgr(&stdout), "no colour with NO_COLOR: {stdout:?}");
    assert!(stdout.contains('♔') && stdout.contains('♚'), "{stdout}");
}

/// A move typed on after the end of a game is no answer to "save it as?": a game was once saved
/// in a file named `Ng8`, in the directory it was played from.
#[test]
fn a_move_is_never_taken_for_a_file_name() {
    let dir = TempDir::new("cli-play-move-names");
    let out = chess_in(
        dir.path(),
        &["--ascii"],
        "f3\ne5\ng4\nQh4#\nNg8\ne2e4\nO-O\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    for name in ["Ng8", "e2e4", "O-O"] {
        assert_contains(
            &out.stdout,
            &format!(
                "not saved: \"{name}\" reads as a move, not a file name (name the file like game.pgn)"
            ),
        );
    }
    // Each refusal asks again, until nothing is the answer.
    assert_eq!(
        out.stdout
            .matches("Save the game as PGN? Enter a file name, or nothing to skip: ")
            .count(),
        4
    );
    // The save command and the question when leaving refuse moves too, legal ones included.
    let out = chess_in(
        dir.path(),
        &["--ascii"],
        "e4\nsave e5\nsave Nf3\nsave nf3\nsvg nc6\nsvg Bb4\nquit\nd5\nkxe7\nexit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    // Lowercase piece letters are moves too (`nf3`), legal here (`nc6`) or not.
    for name in ["e5", "Nf3", "nf3", "d5", "kxe7"] {
        assert_contains(
            &out.stdout,
            &format!("not saved: \"{name}\" reads as a move"),
        );
    }
    // So is the name of a picture.
    for name in ["nc6", "Bb4"] {
        assert_contains(
            &out.stdout,
            &format!("not drawn: \"{name}\" reads as a move"),
        );
    }
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert!(files.is_empty(), "{files:?}");
}

/// `chess` with its own place to keep unsaved games.
fn chess_keeping(state: &str, args: &[&str], stdin: &str) -> crate::support::Output {
    crate::support::chess_env(args, stdin.as_bytes(), &[("XDG_STATE_HOME", state)])
}

#[test]
fn a_game_with_unsaved_moves_is_never_dropped() {
    let dir = TempDir::new("cli-play-unsaved");
    let state = dir.join("state").display().to_string();
    let kept = dir.join("state/chess/autosave.pgn");
    // `quit` asks; nothing for an answer leaves, and the game is kept for --resume.
    let out = chess_keeping(&state, &["--ascii"], "e4\ne5\nquit\n\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(
        &out.stdout,
        "The game has unsaved moves.\nSave it as PGN? Enter a file name, or nothing to leave: ",
    );
    assert_contains(
        &out.stdout,
        &format!(
            "The game is kept for chess play --resume in\n{}.",
            kept.display()
        ),
    );
    assert_contains(&std::fs::read_to_string(&kept).unwrap(), "1. e4 e5 *");
    let out = chess_keeping(&state, &["--ascii", "--resume"], "fen\nNf3\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    // Where the game stands, as a chess player counts: not "the game of 2 moves".
    assert_contains(
        &out.stdout,
        "Resumed the game after 1... e5 (2 plies): white to move.",
    );
    assert_contains(
        &out.stdout,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    );
    // The input ending (Ctrl-D) asks nothing, and says where the game is.
    assert_contains(&out.stdout, "The game is kept for chess play --resume in");
    assert_contains(
        &std::fs::read_to_string(&kept).unwrap(),
        "1. e4 e5 2. Nf3 *",
    );

    // Answering with a file name saves there; a file that exists is only replaced when asked.
    let file = dir.file("mine.pgn", "precious\n");
    let out = chess_keeping(&state, &["--ascii"], &format!("d4\nquit\n{file}\nn\n"));
    assert_contains(&out.stdout, &format!("{file} exists. Replace it? [y/N]"));
    assert_contains(&out.stdout, "Not saved.");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n");
    let out = chess_keeping(&state, &["--ascii"], &format!("d4\nsave {file}\ny\nquit\n"));
    assert_contains(&out.stdout, &format!("Saved to {file}."));
    assert!(
        !out.stdout.contains("unsaved moves"),
        "saved: nothing to ask"
    );
    assert_contains(&std::fs::read_to_string(&file).unwrap(), "1. d4 *");

    // `load` asks before it replaces a game with unsaved moves.
    let out = chess_keeping(
        &state,
        &["--ascii"],
        &format!("c4\nload {file}\n\nfen\nload {file}\ny\nfen\n"),
    );
    assert_contains(
        &out.stdout,
        "The game in progress has unsaved moves. Replace it? [y/N]",
    );
    assert_contains(&out.stdout, "Not loaded: the game goes on.");
    assert_contains(
        &out.stdout,
        "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
    );
    assert_contains(&out.stdout, &format!("Loaded {file}."));
    assert_contains(
        &out.stdout,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
    );

    // A finished game has been offered a file: nothing is kept to resume.
    let out = chess_keeping(&state, &["--ascii"], "f3\ne5\ng4\nQh4#\n\n");
    assert_contains(&out.stdout, "Checkmate: black wins (0-1).");
    assert!(!kept.exists());
    let out = chess_keeping(&state, &["--resume"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "no game to resume");
}

#[test]
fn control_characters_typed_are_shown_escaped() {
    // An escape sequence would recolour the terminal, a bell ring it: messages show them.
    let out = chess(&["--ascii"], "load \u{1b}[31mred\nNb1\u{7}x\nquit\n");
    assert!(
        !out.stdout.contains('\u{1b}') && !out.stdout.contains('\u{7}'),
        "{:?}",
        out.stdout
    );
    assert_contains(&out.stdout, "cannot read \\u{1b}[31mred: ");
    assert_contains(&out.stdout, "not a move or a command: \"Nb1\\u{7}x\"");
}

use crate::support::tmux;

/// A game in a terminal of 80 columns, as tmux shows it (its screen with the colours).
#[test]
fn the_board_reads_in_a_terminal_of_80_columns() {
    if Command::new("tmux").arg("-V").output().is_err() {
        crate::support::tool_missing("tmux", "apt-get install tmux");
        return;
    }
    let socket = format!("chess-test-{}", std::process::id());
    let state = crate::support::state_dir();
    let command = format!(
        "env TERM=xterm-256color LANG=C.UTF-8 NO_COLOR= XDG_STATE_HOME={} {}",
        state.display(),
        env!("CARGO_BIN_EXE_chess")
    );
    let started = tmux(
        &socket,
        &[
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "60",
            "-s",
            "game",
            &command,
        ],
    );
    assert!(
        started.status.success(),
        "{}",
        String::from_utf8_lossy(&started.stderr)
    );
    let screen = |escapes: bool| {
        // From the start of the history: the screen scrolls past earlier boards.
        let mut args = vec!["capture-pane", "-p", "-S", "-", "-t", "game"];
        if escapes {
            args.push("-e");
        }
        String::from_utf8_lossy(&tmux(&socket, &args).stdout).into_owned()
    };
    // Each move waits for its prompt, so that the screen shows every board.
    let wait_for_prompts = |n: usize| {
        for _ in 0..100 {
            if screen(false).matches("to move").count() >= n {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("prompt {n} never showed:\n{}", screen(false));
    };
    wait_for_prompts(1);
    // 1. e4 f5 2. Qh5+: the last move and the king in check are highlighted.
    for (i, moves) in ["e4", "f5", "Qh5"].into_iter().enumerate() {
        // Literally: `f5` alone would be the function key.
        tmux(&socket, &["send-keys", "-t", "game", "-l", moves]);
        tmux(&socket, &["send-keys", "-t", "game", "Enter"]);
        wait_for_prompts(i + 2);
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    let plain = screen(false);
    let colours = screen(true);
    tmux(&socket, &["kill-server"]);
    // Every line fits in 80 columns.
    for line in plain.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    // White's pieces in outline, black's filled: shapes tell the sides apart.
    assert!(
        plain.contains('♕') && plain.contains('♔') && plain.contains('♚'),
        "{plain}"
    );
    // The king in check on #af5f5f, the queen's move on the last move's colours.
    assert!(
        colours.contains("48;5;131"),
        "no check highlight:\n{colours:?}"
    );
    assert!(
        colours.contains("48;5;136") || colours.contains("48;5;94"),
        "no last-move highlight:\n{colours:?}"
    );
}

/// The tag `name` of a PGN text, if it has it.
fn tag_of<'a>(pgn: &'a str, name: &str) -> Option<&'a str> {
    pgn.lines().find_map(|line| {
        line.strip_prefix(&format!("[{name} \""))
            .and_then(|rest| rest.strip_suffix("\"]"))
    })
}

/// The computer's reply after `after` (`"1. e4"`): the move it announced on the next line.
fn reply_after<'a>(stdout: &'a str, after: &str) -> &'a str {
    let mut lines = stdout.lines().skip_while(|l| *l != after);
    lines.next();
    lines
        .find(|l| l.contains("... "))
        .unwrap_or_else(|| panic!("no reply after {after}: {stdout}"))
}

/// A legal move, in SAN, that gives no check, at the end of the game `pgn`: Nf3 where it is
/// one, else the first in alphabetical order, so that a test's next move does not depend on
/// what the engine answered.
fn quiet_legal_move(pgn: &str) -> String {
    let position = pgn
        .parse::<chess_notation::pgn::PgnGame>()
        .unwrap()
        .final_position();
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| chess_notation::san::SanPlus::from_move(&position, m).to_string())
        .filter(|san| !san.ends_with(['+', '#']))
        .collect();
    moves.sort();
    if moves.iter().any(|san| san == "Nf3") {
        return "Nf3".to_owned();
    }
    moves
        .into_iter()
        .next()
        .expect("a legal move that gives no check")
}

/// `--resume` after a game against the computer resumed a game between two people: the
/// computer never answered again. The autosave keeps who played, and `--resume` restores it.
#[test]
fn resume_a_game_against_the_computer() {
    let dir = TempDir::new("cli-play-resume-computer");
    let state = dir.join("state").display().to_string();
    let kept = dir.join("state/chess/autosave.pgn");
    let args = ["--ascii", "--level", "3", "--movetime", "50", "--seed", "7"];
    let out = chess_keeping(&state, &args, "e4\nquit\n\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "You play white against computer (level 3).");
    let first = reply_after(&out.stdout, "1. e4").to_owned();
    let pgn = std::fs::read_to_string(&kept).unwrap();
    for (name, value) in [
        ("White", "Human"),
        ("Black", "Computer (level 3)"),
        ("Opponent", "computer"),
        ("Level", "3"),
        ("HumanColor", "white"),
        ("Movetime", "50"),
    ] {
        assert_eq!(tag_of(&pgn, name), Some(value), "{name}: {pgn}");
    }

    // Resumed with no option: the computer at level 3 answers again.
    let out = chess_keeping(
        &state,
        &["--ascii", "--resume", "--seed", "7"],
        "d4\nquit\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "You play white against computer (level 3).");
    assert_contains(
        &out.stdout,
        &format!("Resumed the game after {first} (2 plies): white to move."),
    );
    reply_after(&out.stdout, "2. d4");
    let pgn = std::fs::read_to_string(&kept).unwrap();
    assert_contains(&pgn, "2. d4 ");
    assert_eq!(tag_of(&pgn, "Level"), Some("3"));

    // Options given with --resume win over the saved ones, and are kept for the next time.
    // White's third move is one that is legal after whatever the computer answered.
    let third = quiet_legal_move(&pgn);
    let out = chess_keeping(
        &state,
        &["--ascii", "--resume", "--level", "5", "--movetime", "40"],
        &format!("{third}\nquit\n\n"),
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "You play white against computer (level 5).");
    reply_after(&out.stdout, &format!("3. {third}"));
    let pgn = std::fs::read_to_string(&kept).unwrap();
    assert_eq!(tag_of(&pgn, "Level"), Some("5"));
    assert_eq!(tag_of(&pgn, "Movetime"), Some("40"));
    // --vs human takes the computer's side over.
    let out = chess_keeping(&state, &["--ascii", "--resume", "--vs", "human"], "fen\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("You play"), "{}", out.stdout);
    assert_contains(&out.stdout, "white to move.");

    // The computer playing white, resumed on its move... after an interrupt (see below);
    // here black's side is kept.
    let out = chess_keeping(
        &state,
        &[
            "--ascii",
            "--color",
            "black",
            "--level",
            "2",
            "--movetime",
            "30",
        ],
        "quit\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let pgn = std::fs::read_to_string(&kept).unwrap();
    assert_eq!(tag_of(&pgn, "HumanColor"), Some("black"));
    assert_eq!(tag_of(&pgn, "White"), Some("Computer (level 2)"));
    let out = chess_keeping(&state, &["--ascii", "--resume"], "quit\n\n");
    assert_contains(&out.stdout, "You play black against computer (level 2).");

    // A game between two people is kept as one.
    let out = chess_keeping(&state, &["--ascii"], "e4\nquit\n\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let pgn = std::fs::read_to_string(&kept).unwrap();
    assert_eq!(tag_of(&pgn, "Opponent"), Some("human"));
    let out = chess_keeping(&state, &["--ascii", "--resume"], "e5\nquit\n\n");
    assert!(!out.stdout.contains("You play"), "{}", out.stdout);
    assert_contains(&out.stdout, "1... e5");
}

/// `save` wrote `[White "White"] [Black "Black"]` where the autosave said who played: every
/// save now writes what the autosave writes, and `--resume FILE` takes a saved game up
/// against the same opponent.
#[test]
fn a_saved_game_against_the_computer_resumes_from_its_file() {
    let dir = TempDir::new("cli-play-save-players");
    let state = dir.join("state").display().to_string();
    let saved = dir.join("game.pgn");
    let at_quit = dir.join("at-quit.pgn");
    let args = ["--ascii", "--level", "3", "--movetime", "50", "--seed", "7"];
    let out = chess_keeping(
        &state,
        &args,
        &format!("e4\nsave {}\nquit\n", saved.display()),
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let first = reply_after(&out.stdout, "1. e4").to_owned();
    let out = chess_keeping(
        &state,
        &["--ascii", "--resume", "--seed", "7"],
        &format!("d4\nquit\n{}\n", at_quit.display()),
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    for file in [&saved, &at_quit] {
        let pgn = std::fs::read_to_string(file).unwrap();
        for (name, value) in [
            ("White", "Human"),
            ("Black", "Computer (level 3)"),
            ("Opponent", "computer"),
            ("Level", "3"),
            ("HumanColor", "white"),
            ("Movetime", "50"),
        ] {
            assert_eq!(
                tag_of(&pgn, name),
                Some(value),
                "{name} in {}: {pgn}",
                file.display()
            );
        }
    }
    // The saved file, not the autosave: the game after 1. e4 and the computer's reply.
    let out = chess_keeping(
        &state,
        &[
            "--ascii",
            "--resume",
            &saved.display().to_string(),
            "--seed",
            "7",
        ],
        "Nf3\nquit\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "You play white against computer (level 3).");
    assert_contains(
        &out.stdout,
        &format!("Resumed the game after {first} (2 plies): white to move."),
    );
    reply_after(&out.stdout, "2. Nf3");
    // A file that is not there says so.
    let out = chess_keeping(&state, &["--ascii", "--resume", "missing.pgn"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "missing.pgn: no game to resume");
}

/// `chess play ARGS` (the computer playing black for a minute a move, its state under
/// `state`) sent `e4` and, a second into the computer's thought, an interrupt, then nothing for
/// the save offer's file name: its exit status and output. Fails unless the search stops
/// within the test's 30 seconds.
fn interrupted_while_the_computer_thinks(
    args: &[&str],
    state: &std::path::Path,
) -> (std::process::ExitStatus, String) {
    use std::sync::{Arc, Mutex};

    let started = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(["--ascii", "--movetime", "60000"])
        .args(args)
        .env("XDG_STATE_HOME", state)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = Arc::new(Mutex::new(String::new()));
    let reader = {
        let stdout = Arc::clone(&stdout);
        let mut from = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || {
            let mut line = String::new();
            while from.read_line(&mut line).is_ok_and(|n| n > 0) {
                stdout.lock().unwrap().push_str(&line);
                line.clear();
            }
        })
    };
    stdin.write_all(b"e4\n").unwrap();
    stdin.flush().unwrap();
    // The move is played and the board drawn; then the computer thinks (for a minute).
    while !stdout.lock().unwrap().contains("1. e4\n") {
        assert!(
            started.elapsed().as_secs() < 30,
            "{}",
            stdout.lock().unwrap()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // Nothing for a file name: leave.
    stdin.write_all(b"\n").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let stdout = stdout.lock().unwrap().clone();
    assert!(
        started.elapsed().as_secs() < 30,
        "the search was not stopped"
    );
    (status, stdout)
}

/// Ctrl-C while the computer thought ended the program (status 130) without the save offer
/// the README promises. Now it stops the search and leaves as `quit` does; the status is
/// still 130, as for an interrupt.
#[test]
fn an_interrupt_while_the_computer_thinks_offers_to_save() {
    let dir = TempDir::new("cli-play-interrupt");
    let state = dir.join("state");
    let kept = state.join("chess/autosave.pgn");
    let (status, stdout) = interrupted_while_the_computer_thinks(&["--level", "10"], &state);
    assert_eq!(status.code(), Some(130), "{stdout}");
    assert!(
        !stdout.contains("1... "),
        "no move after the interrupt: {stdout}"
    );
    assert_contains(
        &stdout,
        "Interrupted: the computer stopped thinking.\nThe game has unsaved moves.\n\
         Save it as PGN? Enter a file name, or nothing to leave: \n",
    );
    assert_contains(
        &stdout,
        &format!(
            "The game is kept for chess play --resume in\n{}.",
            kept.display()
        ),
    );
    let pgn = std::fs::read_to_string(&kept).unwrap();
    assert_contains(&pgn, "1. e4 *");
    // Resumed on the computer's move, it thinks again (briefly, this time) and answers.
    let state = state.display().to_string();
    let out = chess_keeping(
        &state,
        &["--ascii", "--resume", "--movetime", "50"],
        "quit\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "You play white against computer (level 10).");
    reply_after(
        &out.stdout,
        "Resumed the game after 1. e4 (1 ply): black to move.",
    );
}

/// An interrupt stops a UCI engine's search as it stops the built-in one's (the engine is sent
/// `stop`): here the built-in engine's own UCI server, `chess uci`.
#[test]
fn an_interrupt_while_a_uci_engine_thinks_stops_it() {
    let dir = TempDir::new("cli-play-interrupt-uci");
    let (status, stdout) = interrupted_while_the_computer_thinks(
        &[
            "--engine",
            env!("CARGO_BIN_EXE_chess"),
            "--engine-arg",
            "uci",
        ],
        &dir.join("state"),
    );
    assert_eq!(status.code(), Some(130), "{stdout}");
    assert!(
        !stdout.contains("1... "),
        "no move after the interrupt: {stdout}"
    );
    assert_contains(
        &stdout,
        "Interrupted: the computer stopped thinking.\nThe game has unsaved moves.\n",
    );
}

/// Moves typed while the program starts, before its first prompt, reach it: the terminal
/// keeps them, the line editor reads them at its first prompt, and what it read past the
/// first line waits for the next prompt (rustyline's `buffer-redux`: without it, the second
/// move was read with the first and dropped). (tmux must type them literally: `send-keys f3`
/// is the function key F3, which the editor takes as no text.)
#[test]
fn moves_typed_while_the_program_starts_are_played() {
    if Command::new("tmux").arg("-V").output().is_err() {
        crate::support::tool_missing("tmux", "apt-get install tmux");
        return;
    }
    let socket = format!("chess-test-typeahead-{}", std::process::id());
    let state = crate::support::state_dir();
    let command = format!(
        "env TERM=xterm-256color LANG=C.UTF-8 XDG_STATE_HOME={} {} --ascii",
        state.display(),
        env!("CARGO_BIN_EXE_chess")
    );
    let started = tmux(
        &socket,
        &[
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "60",
            "-s",
            "game",
            &command,
        ],
    );
    assert!(
        started.status.success(),
        "{}",
        String::from_utf8_lossy(&started.stderr)
    );
    let screen = || {
        String::from_utf8_lossy(
            &tmux(&socket, &["capture-pane", "-p", "-S", "-", "-t", "game"]).stdout,
        )
        .into_owned()
    };
    let wait_for_prompts = |count: usize| {
        let mut shown = String::new();
        for _ in 0..100 {
            shown = screen();
            if shown.matches("to move").count() >= count {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        shown
    };
    // Both at once: the program has not drawn its board yet.
    for keys in [&["-l", "f3"][..], &["Enter"], &["-l", "e5"], &["Enter"]] {
        let mut args = vec!["send-keys", "-t", "game"];
        args.extend_from_slice(keys);
        tmux(&socket, &args);
    }
    let shown = wait_for_prompts(3);
    tmux(&socket, &["kill-server"]);
    // Both moves were played: white's f pawn on f3, black's e pawn on e5, white to move.
    let last_board: Vec<&str> = shown.lines().rev().take(20).collect();
    let rank = |n: &str| {
        last_board
            .iter()
            .find(|line| line.starts_with(n))
            .copied()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(shown.matches("to move").count(), 3, "{shown}");
    assert!(shown.trim_end().ends_with("White to move>"), "{shown}");
    assert_eq!(rank("3 ").matches("WP").count(), 1, "{shown}");
    assert_eq!(rank("5 ").matches("BP").count(), 1, "{shown}");
}

/// Ctrl-C typed in a terminal while the computer thinks, as tmux types it.
#[test]
fn ctrl_c_in_a_terminal_while_the_computer_thinks() {
    if Command::new("tmux").arg("-V").output().is_err() {
        crate::support::tool_missing("tmux", "apt-get install tmux");
        return;
    }
    let dir = TempDir::new("cli-play-ctrl-c");
    let socket = format!("chess-test-ctrl-c-{}", std::process::id());
    let command = format!(
        "env TERM=xterm-256color LANG=C.UTF-8 XDG_STATE_HOME={} {} --ascii --level 10 \
         --movetime 60000; echo \"exit status $?\"; sleep 60",
        dir.join("state").display(),
        env!("CARGO_BIN_EXE_chess")
    );
    let started = tmux(
        &socket,
        &[
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "50",
            "-s",
            "game",
            &command,
        ],
    );
    assert!(started.status.success());
    let screen = || {
        let args = ["capture-pane", "-p", "-S", "-", "-t", "game"];
        String::from_utf8_lossy(&tmux(&socket, &args).stdout).into_owned()
    };
    let wait_for = |text: &str| {
        for _ in 0..400 {
            if screen().contains(text) {
                // The prompt shows a moment before the editor reads the keys.
                std::thread::sleep(std::time::Duration::from_millis(300));
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let shown = screen();
        tmux(&socket, &["kill-server"]);
        panic!("{text:?} never showed:\n{shown}");
    };
    wait_for("White to move>");
    tmux(&socket, &["send-keys", "-t", "game", "-l", "e4"]);
    tmux(&socket, &["send-keys", "-t", "game", "Enter"]);
    wait_for("1. e4");
    std::thread::sleep(std::time::Duration::from_millis(1000));
    tmux(&socket, &["send-keys", "-t", "game", "C-c"]);
    wait_for("nothing to leave:");
    tmux(&socket, &["send-keys", "-t", "game", "Enter"]);
    wait_for("exit status");
    let shown = screen();
    tmux(&socket, &["kill-server"]);
    assert!(
        shown.contains("Interrupted: the computer stopped thinking."),
        "{shown}"
    );
    assert!(
        shown.contains("The game is kept for chess play --resume in"),
        "{shown}"
    );
    assert!(shown.contains("exit status 130"), "{shown}");
}

/// `nf3` was refused: piece letters in lowercase are read where that is unambiguous.
#[test]
fn lowercase_piece_letters_are_moves() {
    let out = chess(&["--ascii"], "nf3\nnc6\ne4\nb6\nbb5\nbb7\no-o\nquit\n\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    for played in [
        "1. Nf3", "1... Nc6", "2. e4", "2... b6", "3. Bb5", "3... Bb7", "4. O-O",
    ] {
        assert_contains(&out.stdout, &format!("\n{played}\n"));
    }
    // b stays the b-pawn's file where its move fits: bxc3 is the pawn, Bxc3 the bishop.
    let fen = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1";
    let out = chess(&["--ascii", "--fen", fen], "bxc3\nquit\n\n");
    assert_contains(&out.stdout, "\n1. bxc3\n");
    let out = chess(
        &["--ascii", "--fen", "4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1"],
        "bxc3\nquit\n\n",
    );
    assert_contains(&out.stdout, "\n1. Bxc3\n");
}

/// `hint` needed a square and never suggested a move: without one, it asks the engine.
#[test]
fn hint_suggests_the_engines_move_and_says_why() {
    // Two people: the built-in engine at full strength, for a moment.
    let out = chess(&["--ascii"], "hint\nquit\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines = without_boards(&out.stdout);
    let at = lines
        .iter()
        .position(|l| *l == "White to move> hint")
        .unwrap();
    let hint = lines[at + 1];
    assert!(hint.starts_with("Hint: 1. "), "{hint}");
    assert!(
        hint.contains(" (score ") && hint.contains(" for white, depth "),
        "{hint}"
    );
    let line = lines[at + 2];
    assert!(line.starts_with("Its line: 1. "), "{line}");
    // The hint's move begins its line, and is a legal move.
    let suggested = hint["Hint: 1. ".len()..].split(' ').next().unwrap();
    assert!(
        line.starts_with(&format!("Its line: 1. {suggested} ")),
        "{line}"
    );
    let position = Position::standard();
    chess_notation::san::parse_move(&position, suggested, chess_notation::san::SanMode::Strict)
        .unwrap();
    // Against the computer: its engine and level, no longer than its move time.
    let out = chess(
        &[
            "--ascii",
            "--level",
            "2",
            "--movetime",
            "100",
            "--seed",
            "3",
        ],
        "e4\nhint\nhint e2\nquit\n\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "White to move> hint\nHint: 2. ");
    assert_contains(&out.stdout, "\nIts line: 2. ");
    // `hint SQUARE` keeps its meaning.
    assert_contains(&out.stdout, "White to move> hint e2\n");
}

/// At level 1, `think` showed a line the computer then did not play: it now ends with the
/// move played, and says when that is not the best line's first move, and why.
#[test]
fn think_says_what_the_computer_played() {
    let moves = ["e4", "d4", "Nc3", "Be2", "h3"];
    let mut input = String::new();
    for m in moves {
        input += &format!("{m}\nthink\n");
    }
    input += "quit\n\n";
    let out = chess(
        &[
            "--ascii",
            "--level",
            "1",
            "--movetime",
            "100",
            "--seed",
            "11",
        ],
        &input,
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines = without_boards(&out.stdout);
    let mut not_best = 0;
    for (n, m) in moves.iter().enumerate() {
        let played = format!("{}. {m}", n + 1);
        let at = lines.iter().position(|l| *l == played).unwrap_or_else(|| {
            panic!("{played} was not played: {}", out.stdout);
        });
        // The computer's move, then its thoughts on asking.
        let reply = lines[at + 1];
        assert!(reply.starts_with(&format!("{}... ", n + 1)), "{reply}");
        let think = lines[at + 2..]
            .iter()
            .position(|l| l.ends_with("> think"))
            .unwrap()
            + at
            + 2;
        let said: Vec<&str> = lines[think + 1..]
            .iter()
            .take_while(|l| !l.contains("to move>"))
            .copied()
            .collect();
        let last = said
            .iter()
            .flat_map(|l| l.split_whitespace())
            .collect::<Vec<_>>()
            .join(" ");
        let verdict = last[last.rfind("played ").unwrap()..].to_owned();
        assert!(verdict.starts_with(&format!("played {reply}")), "{verdict}");
        if verdict.contains("not the best line's first move") {
            assert!(
                verdict.contains("at level 1 the computer does not always play the best move"),
                "{verdict}"
            );
            not_best += 1;
        } else {
            assert!(verdict.ends_with("the best line's first move"), "{verdict}");
        }
    }
    // With this seed, level 1 chose a weaker move at least once.
    assert!(not_best > 0, "{}", out.stdout);
}

/// The in-game help and prompts were wider than 80 columns and wrapped mid-word in a
/// terminal: every line the game prints fits in 80.
#[test]
fn every_line_of_the_game_fits_in_80_columns() {
    let dir = TempDir::new("cli-play-80-columns");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let sessions: [(&[&str], &str); 3] = [
        (
            &["--ascii", "--fen", kiwipete],
            "help\nmoves\nhint\nhint e2\nO-O-O\nxyzzy-this-is-not-a-move\nNd4\ndraw\nsave nf3\n\
             svg Nf3\nthink\nload missing.pgn\nn\nfen\npgn\nquit\nnf3\n\n",
        ),
        (
            &[
                "--ascii",
                "--level",
                "10",
                "--movetime",
                "300",
                "--seed",
                "1",
            ],
            "e4\nthink\nhint\nd4\nthink\nquit\n\n",
        ),
        (&["--ascii"], "f3\ne5\ng4\nQh4#\nNg8\n\n"),
    ];
    for (args, input) in sessions {
        let out = chess_in(dir.path(), args, input);
        assert_eq!(out.status, 0, "{}", out.stderr);
        for line in out.stdout.lines() {
            assert!(
                line.chars().count() <= 80,
                "{} columns: {line:?}",
                line.chars().count()
            );
        }
    }
    // The help, line by line, as a terminal shows it.
    let out = chess(&["--ascii"], "help\n");
    assert_contains(
        &out.stdout,
        "\n  quit          leave (Ctrl-C too); a game with unsaved moves is offered a\n",
    );
    assert_contains(&out.stdout, "\n  hint          suggest a move");
}
