//! `--variant NAME`: perft, moves, fen and the comparison with an engine that plays the
//! variant, and the commands that keep to standard chess saying so.

use chess_testdata::TempDir;

use crate::support::{assert_contains, chess, chess_in, own_file, python3_or_skip};

/// The command of the issue's done-when, exactly as docs/cli.md shows it.
#[test]
fn perft_atomic_4() {
    let out = chess(&["perft", "--variant", "atomic", "4"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "Nodes searched: 197326\n");
}

/// `--threads` counts a variant on several threads, to the same counts, `--divide` too.
#[test]
fn perft_of_a_variant_on_threads() {
    let out = chess(&["perft", "--variant", "atomic", "4", "--threads", "2"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "Nodes searched: 197326\n");
    let fen = "r1bqkbnr/pppp1ppp/2n5/8/4P3/8/PPPP1PPP/RNBQKB1R/Np w KQkq - 0 4";
    let one = chess(
        &[
            "perft",
            "--variant",
            "crazyhouse",
            "--divide",
            "--fen",
            fen,
            "3",
        ],
        "",
    );
    let two = chess(
        &[
            "perft",
            "--variant",
            "crazyhouse",
            "--divide",
            "--threads",
            "2",
            "--fen",
            fen,
            "3",
        ],
        "",
    );
    assert_eq!(one.status, 0, "{}", one.stderr);
    assert_eq!(two.stdout, one.stdout);
    assert_contains(&one.stdout, "N@d6: ");
}

/// Every line of python-chess's six variant perft suites up to 100 000 nodes, counted by
/// `chess perft --variant NAME --chess960` (python-chess plays its suites with Chess960
/// castling) from the suite's EPD.
#[test]
fn perft_agrees_with_python_chess_variant_suites() {
    for (name, file) in chess_testdata::VARIANT_PERFT {
        let Some(records) = chess_testdata::perft::fetched(file) else {
            return;
        };
        let mut checked = 0;
        for record in records {
            for &(depth, nodes) in record.counts.iter().filter(|&&(_, n)| n <= 100_000) {
                let depth = depth.to_string();
                let args = [
                    "perft",
                    "--variant",
                    name,
                    "--chess960",
                    "--fen",
                    &record.fen,
                    &depth,
                ];
                let out = chess(&args, "");
                assert_eq!(out.status, 0, "{name} {}: {}", record.id, out.stderr);
                assert_eq!(
                    out.stdout,
                    format!("Nodes searched: {nodes}\n"),
                    "{name} {} depth {depth}",
                    record.id
                );
                checked += 1;
            }
        }
        assert!(checked >= 6, "{name}: only {checked} counts checked");
    }
}

/// `--divide` lists drops as engines that play Crazyhouse write them.
#[test]
fn divide_lists_drops() {
    let fen = "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1";
    let out = chess(
        &[
            "perft",
            "--variant",
            "crazyhouse",
            "--divide",
            "--fen",
            fen,
            "1",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "\nN@d4: 1\n");
    // 5 king moves and 62 squares to drop the knight on.
    assert!(
        out.stdout.ends_with("\nNodes searched: 67\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn moves_of_a_crazyhouse_position() {
    let fen = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKB1R[Np] w KQkq - 0 3";
    let out = chess(&["moves", "--variant", "crazyhouse", fen], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.lines().any(|l| l == "N@e6"), "{}", out.stdout);
    let out = chess(&["moves", "--variant", "zh", "--json", fen], "");
    assert_contains(&out.stdout, r#"{"uci": "N@d6", "san": "N@d6+"}"#);
    assert_contains(&out.stdout, r#""variant": "Crazyhouse", "result": null}"#);
}

/// A position the variant's own rules end: no moves, the end said on stderr and in `result`.
#[test]
fn moves_where_the_variant_ended_the_game() {
    let hill = "8/8/8/3K4/8/8/8/7k b - - 0 1";
    let out = chess(&["moves", "--variant", "kingofthehill", hill], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert_contains(
        &out.stderr,
        "no legal moves: White wins by bringing the king to the center (1-0).",
    );
    let out = chess(&["moves", "--json", "--variant", "koth", hill], "");
    assert_contains(&out.stdout, r#""result": "1-0"}"#);
}

#[test]
fn fen_with_pockets_and_check_counters() {
    let out = chess(
        &[
            "fen",
            "--ascii",
            "--variant",
            "crazyhouse",
            "r3k2r/8/8/8/8/8/8/R3K2R/Qn w KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with("r3k2r/8/8/8/8/8/8/R3K2R[Qn] w KQkq - 0 1\n")
    );
    assert_contains(&out.stdout, "\nPockets: white Q, black n\n");
    let lichess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0";
    let out = chess(&["fen", "--ascii", "--variant", "3check", lichess], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1\n")
    );
    assert_contains(&out.stdout, "\nChecks left: white 2, black 3\n");
}

/// Typed reasons from the variant's validation, with exit status 1.
#[test]
fn fen_invalid_under_the_variant() {
    let out = chess(
        &[
            "fen",
            "--variant",
            "racingkings",
            "8/8/8/8/4P3/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "chess: fen: illegal racing kings position: material racing kings does not have: \
         pawns, or more pieces of a kind than the start\n"
    );
    let out = chess(
        &[
            "fen",
            "--json",
            "--variant",
            "horde",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(&out.stdout, r#""valid": false"#);
    assert_contains(&out.stdout, r#""variant": "Horde"}"#);
    // A bad pocket is a parse error with its place.
    let out = chess(
        &[
            "perft",
            "--variant",
            "crazyhouse",
            "--fen",
            "8/8/8/8/8/8/8/4K2k[Kq] w - - 0 1",
            "1",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "chess: --fen: ");
    assert_contains(&out.stderr, "byte 19");
}

#[test]
fn unknown_variant_is_a_usage_error() {
    let out = chess(&["perft", "--variant", "shogi", "2"], "");
    assert_eq!(out.status, 2);
    assert_contains(
        &out.stderr,
        "invalid value 'shogi' for '--variant <NAME>': unknown variant",
    );
    let out = chess(
        &["perft", "--variant", "atomic", "--position", "3", "2"],
        "",
    );
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "--position 3 with --variant atomic");
}

/// `--variant chess960` is `--chess960`, and `--variant standard` the default.
#[test]
fn chess960_and_standard_by_name() {
    let out = chess(
        &["perft", "--variant", "chess960", "--position", "0", "3"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let same = chess(&["perft", "--chess960", "--position", "0", "3"], "");
    assert_eq!(out.stdout, same.stdout);
    let out = chess(&["moves", "--variant", "Standard", "--json"], "");
    assert_contains(&out.stdout, r#""variant": "Standard""#);
}

/// The commands that keep to standard chess and Chess960 say so (exit status 2).
#[test]
fn standard_only_commands_refuse_a_variant() {
    for args in [
        &["opening", "--variant", "atomic", "e4"][..],
        &["analyse", "--variant", "atomic", "--depth", "1"],
        &["play", "--variant", "atomic", "--vs", "computer"],
        &["encode", "--variant", "crazyhouse"],
    ] {
        let out = chess(args, "");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert_contains(&out.stderr, "keeps to standard chess and Chess960");
    }
}

/// A real comparison against python-chess's variant boards behind a small UCI engine, and a
/// difference narrowed down to a drop the engine leaves out.
#[test]
fn compare_with_an_engine_that_plays_the_variant() {
    if !python3_or_skip("compare_with_an_engine_that_plays_the_variant")
        || !chess_testdata::python_chess()
    {
        return;
    }
    let engine = own_file("perft_engine.py");
    for (variant, depth, nodes) in [("atomic", "3", "8902"), ("crazyhouse", "3", "8902")] {
        let out = chess(
            &[
                "perft",
                "--variant",
                variant,
                "--compare",
                "python3",
                "--engine-arg",
                &engine,
                "--json",
                depth,
            ],
            "",
        );
        assert_eq!(out.status, 0, "{variant}: {}{}", out.stdout, out.stderr);
        assert_contains(&out.stdout, r#""agree": true"#);
        assert_contains(&out.stdout, &format!(r#""nodes": {nodes}"#));
    }
    let fen = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKB1R[Np] w KQkq - 0 3";
    let out = chess(
        &[
            "perft",
            "--variant",
            "crazyhouse",
            "--fen",
            fen,
            "--compare",
            "python3",
            "--engine-arg",
            &engine,
            "--engine-arg=--without=N@e6",
            "--json",
            "3",
        ],
        "",
    );
    assert_eq!(out.status, 3, "{}{}", out.stdout, out.stderr);
    assert_contains(&out.stdout, r#""agree": false"#);
    assert_contains(&out.stdout, r#""only_chess": ["N@e6"]"#);
    assert_contains(&out.stdout, r#""variant": "Crazyhouse""#);
}

/// Stockfish plays standard chess only: asked for a variant, the comparison is refused at once
/// (exit status 1, naming the engine and the variant).
#[test]
fn compare_refused_by_an_engine_without_the_variant() {
    if let Some(stockfish) = chess_testdata::stockfish_or_skip() {
        let stockfish = stockfish.to_str().unwrap();
        let out = chess(
            &["perft", "--variant", "atomic", "--compare", stockfish, "2"],
            "",
        );
        assert_eq!(out.status, 1, "{}", out.stderr);
        assert_contains(
            &out.stderr,
            "the engine does not play atomic: its answer to uci declares no UCI_Variant option",
        );
        assert_eq!(out.stdout, "");
    }
    if !python3_or_skip("compare_refused_by_an_engine_without_the_variant")
        || !chess_testdata::python_chess()
    {
        return;
    }
    let engine = own_file("perft_engine.py");
    let out = chess(
        &[
            "perft",
            "--variant",
            "horde",
            "--compare",
            "python3",
            "--engine-arg",
            &engine,
            "--engine-arg=--variants=chess,crazyhouse",
            "2",
        ],
        "",
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_contains(
        &out.stderr,
        "the engine does not play horde: its UCI_Variant option offers only chess, crazyhouse",
    );
}

/// `chess play --variant crazyhouse` between two people through piped input: captures go to
/// the pockets shown below the board, drops are typed in SAN (`P@e4`, `@e4`) or UCI (`N@f3`),
/// a drop from an empty pocket is refused with the reason, and the variant's end is said.
#[test]
fn play_crazyhouse_with_drops() {
    let moves = "e4\nd5\nexd5\nQxd5\nN@f3\nP@e4\nQxe4+\nBe2\nfen\nundo\nundo\nfen\n";
    let out = chess(&["play", "--variant", "crazyhouse", "--ascii"], moves);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    assert!(
        out.stdout
            .starts_with("Crazyhouse: two players at one keyboard. Type help for the commands.\n")
    );
    assert_contains(&out.stdout, "2. exd5\n");
    assert_contains(&out.stdout, "Pockets: white P, black -\n");
    assert_contains(&out.stdout, "Pockets: white P, black p\n");
    assert_contains(
        &out.stdout,
        "no such move: N@f3: illegal san move: no legal move matches (the piece must be in \
         your pocket",
    );
    assert_contains(&out.stdout, "3. P@e4\n");
    assert_contains(&out.stdout, "3... Qxe4+\n");
    assert_contains(&out.stdout, "Check.\n");
    assert_contains(&out.stdout, "White to move (check)> ");
    assert_contains(
        &out.stdout,
        "rnb1kbnr/ppp1pppp/8/8/4q3/8/PPPPBPPP/RNBQK1NR[pp] b KQkq - 1 4\n",
    );
    // Two moves taken back: the dropped pawn is on e4 again.
    assert_contains(
        &out.stdout,
        "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 1 3\n",
    );
}

/// A variant's own end announced: the king reaches the hill.
#[test]
fn play_ends_by_the_variants_rules() {
    let moves = "d4\ne5\ndxe5\nKe7\nKd2\nKe6\nKd3\nKxe5\n";
    let out = chess(&["play", "--variant", "koth", "--ascii"], moves);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(
        &out.stdout,
        "Black wins by bringing the king to the center (0-1).\n",
    );
    let moves = "e4\nf5\nexf5\n";
    let out = chess(&["play", "--variant", "3check", "--ascii"], moves);
    assert_contains(&out.stdout, "Checks left: white 3, black 3\n");
    let out = chess(&["play", "--variant", "atomic", "--ascii"], "resign\n");
    assert_contains(&out.stdout, "White resigns: black wins (0-1).\n");
}

/// The draws of a game's history in a variant's game: a threefold repetition announced and
/// claimed, and Crazyhouse's missing 50-move rule said when a claim fails.
#[test]
fn play_claims_a_draw_by_repetition() {
    let moves = "draw\nNf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\ndraw\n\n";
    let out = chess(&["play", "--variant", "crazyhouse", "--ascii"], moves);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(
        &out.stdout,
        "no draw can be claimed: the position has not occurred three times (nor will after a \
         move), and Crazyhouse has no 50-move rule\n",
    );
    assert_contains(
        &out.stdout,
        "A draw by threefold repetition may be claimed: type draw.\nBlack to move> draw\n\
         Draw claimed: threefold repetition.\nDraw by threefold repetition (1/2-1/2).\n\
         Save the game as PGN? Enter a file name, or nothing to skip: ",
    );
}

/// A variant's game saved with `save FILE` (PGN with its `Variant` tag) and taken up again by
/// `chess play --resume FILE`, pockets and all.
#[test]
fn play_saves_and_resumes_a_variant_game() {
    let dir = TempDir::new("cli-play-variant-save");
    let moves = "e4\nd5\nexd5\nQxd5\nsave e4\nsave zh.pgn\nsvg board.svg\nquit\n";
    let out = chess_in(
        dir.path(),
        &["play", "--variant", "crazyhouse", "--ascii"],
        moves,
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(
        &out.stdout,
        "not saved: \"e4\" reads as a move, not a file name (name the file like game.pgn)\n",
    );
    assert_contains(&out.stdout, "Saved to zh.pgn.\n");
    let saved = std::fs::read_to_string(dir.path().join("zh.pgn")).unwrap();
    assert_contains(&saved, "[Variant \"Crazyhouse\"]\n");
    assert_contains(&saved, "\n1. e4 d5 2. exd5 Qxd5 *\n");
    // The picture has the pockets beside the board.
    assert_contains(&out.stdout, "Drew the board in board.svg.\n");
    let svg = std::fs::read_to_string(dir.path().join("board.svg")).unwrap();
    assert_contains(&svg, r#"<g class="pocket white pawn">"#);
    // Saved as it stands: quitting asks nothing.
    assert!(!out.stdout.contains("unsaved"), "{}", out.stdout);

    let moves = "P@e4\nfen\nquit\n\n";
    let out = chess_in(
        dir.path(),
        &["play", "--resume", "zh.pgn", "--ascii"],
        moves,
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(
        &out.stdout,
        "Crazyhouse: two players at one keyboard. Type help for the commands.\n\
         Resumed the game after 4 plies: white to move.\n",
    );
    assert_contains(&out.stdout, "3. P@e4\n");
    assert_contains(
        &out.stdout,
        "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 1 3\n",
    );
    assert_contains(
        &out.stdout,
        "The game has unsaved moves.\nSave it as PGN? Enter a file name, or nothing to leave: ",
    );
    // The computer plays standard chess only, resumed or not.
    let out = chess_in(
        dir.path(),
        &["play", "--resume", "zh.pgn", "--vs", "computer"],
        "",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert_contains(&out.stderr, "keeps to standard chess and Chess960");
}

/// `chess uci` asked for a variant says it plays standard chess only (and declares no
/// `UCI_Variant` option for a GUI to offer).
#[test]
fn uci_engine_asked_for_a_variant() {
    let out = chess(
        &["uci"],
        "uci\nsetoption name UCI_Variant value atomic\nsetoption name UCI_Variant value chess\n\
         isready\nquit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        !out.stdout.contains("option name UCI_Variant"),
        "{}",
        out.stdout
    );
    assert_contains(
        &out.stdout,
        "info string UCI_Variant atomic: this engine plays standard chess and Chess960 only\n",
    );
    assert!(!out.stdout.contains("UCI_Variant chess"), "{}", out.stdout);
}
