//! `chess book`, `chess play --book`, `chess uci --book`, `chess opening` and `chess pgn
//! --classify`.

use std::process::Command;

use chess_notation::pgn::GameReader;
use chess_notation::polyglot::{Book, BookBuilder};
use chess_rules::Position;

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess, real_pgn};

/// The real-world PGN files, or `None` when not fetched (the test has said it skips).
fn pgn_files() -> Option<Vec<String>> {
    chess_testdata::PGN_FILES
        .iter()
        .map(|relative| chess_testdata::file(relative).map(|p| p.display().to_string()))
        .collect()
}

/// Every entry of a book as python-chess's `chess.polyglot` reads it, in file order:
/// `key raw_move weight learn` lines.
fn python_entries(book: &str) -> String {
    let script = "import sys, chess.polyglot\n\
                  with chess.polyglot.open_reader(sys.argv[1]) as r:\n\
                  \x20   for i in range(len(r)):\n\
                  \x20       e = r[i]\n\
                  \x20       print(e.key, e.raw_move, e.weight, e.learn)\n";
    let out = Command::new("python3")
        .args(["-c", script, book])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn our_entries(book: &Book) -> String {
    (0..book.len())
        .map(|i| {
            let e = book.entry(i).unwrap();
            format!("{} {} {} {}\n", e.key, e.raw_move, e.weight, e.learn)
        })
        .collect()
}

/// `chess book build` on the test files: python-chess reads the same entries, the book is the
/// library's (whatever the number of threads), and the options shape it.
#[test]
fn build_is_read_back_by_python_chess() {
    let Some(files) = pgn_files() else {
        return;
    };
    if !chess_testdata::python_chess() {
        return;
    }
    let dir = TempDir::new("cli-book-build");
    let out_path = dir.join("games.bin").display().to_string();
    let mut args = vec!["book", "build", "--out", &out_path, "--min-games", "1"];
    args.extend(files.iter().map(String::as_str));
    let out = chess(&args, "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, &format!("{out_path}: "));
    assert_contains(&out.stdout, " entries, ");
    let book = Book::open(&out_path).expect("a valid book");
    assert!(book.len() > 500, "{}", book.len());
    assert_eq!(python_entries(&out_path), our_entries(&book));

    // The same bytes as the library's builder over the same games, and on one thread.
    let mut builder = BookBuilder::new().min_games(1);
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        for game in GameReader::new(&bytes[..]).flatten() {
            builder.add_game(&game);
        }
    }
    assert_eq!(book.as_bytes(), builder.to_bytes());
    let one_thread = dir.join("one.bin").display().to_string();
    let mut args = vec!["book", "build", "--out", &one_thread, "--min-games", "1"];
    args.extend(["--threads", "1"]);
    args.extend(files.iter().map(String::as_str));
    assert_eq!(chess(&args, "").status, 0);
    assert_eq!(std::fs::read(&one_thread).unwrap(), book.as_bytes());

    // Options: only white's first two plies, uniform weights.
    let small = dir.join("small.bin").display().to_string();
    let mut args = vec!["book", "build", "--out", &small, "--min-games", "1"];
    args.extend(["--max-ply", "2", "--only", "white", "--uniform"]);
    args.extend(files.iter().map(String::as_str));
    assert_eq!(chess(&args, "").status, 0);
    let small = Book::open(&small).unwrap();
    let start = Position::standard();
    let first_moves = small.moves(&start);
    assert!(!first_moves.is_empty());
    assert!(first_moves.iter().all(|m| m.weight == 1));
    // Black's replies are not in it: every entry is a position with white to move.
    for m in &first_moves {
        assert!(small.moves(&start.after(m.m)).is_empty());
    }
}

/// `chess book build` writes the very bytes of Polyglot's own `make-book` (Debian's
/// `polyglot`), with each of the options both have.
#[test]
fn build_matches_polyglot_make_book() {
    let polyglot = std::path::Path::new("/usr/games/polyglot");
    if !polyglot.exists() {
        crate::support::tool_missing("Polyglot", "apt-get install polyglot");
        return;
    }
    let (Some(lichess), Some(kasparov)) = (
        chess_testdata::file(chess_testdata::LICHESS_SAMPLE),
        chess_testdata::file("python-chess/data/pgn/kasparov-deep-blue-1997.pgn"),
    ) else {
        return;
    };
    let dir = TempDir::new("cli-book-polyglot");
    let theirs = dir.join("theirs.bin").display().to_string();
    let ours = dir.join("ours.bin").display().to_string();
    let cases: [(&[&str], &[&str]); 6] = [
        (&[], &[]),
        (&["-min-game", "1"], &["--min-games", "1"]),
        (
            &["-min-game", "2", "-max-ply", "12"],
            &["--min-games", "2", "--max-ply", "12"],
        ),
        (
            &["-min-game", "1", "-only-white"],
            &["--min-games", "1", "--only", "white"],
        ),
        (
            &["-min-game", "1", "-only-black"],
            &["--min-games", "1", "--only", "black"],
        ),
        (
            &["-min-game", "1", "-uniform"],
            &["--min-games", "1", "--uniform"],
        ),
    ];
    let mut books = 0;
    for pgn in [&lichess, &kasparov] {
        let pgn = pgn.display().to_string();
        for (their_options, our_options) in cases {
            let status = Command::new(polyglot)
                .args(["make-book", "-pgn", &pgn, "-bin", &theirs])
                .args(their_options)
                .output()
                .expect("polyglot runs")
                .status;
            assert!(status.success());
            let mut args = vec!["book", "build", &pgn, "--out", &ours, "--force"];
            args.extend(our_options);
            let out = chess(&args, "");
            assert_eq!(out.status, 0, "{}", out.stderr);
            let (theirs, ours) = (
                std::fs::read(&theirs).unwrap(),
                std::fs::read(&ours).unwrap(),
            );
            assert!(theirs == ours, "{pgn} {our_options:?}: the books differ");
            books += usize::from(!ours.is_empty());
        }
    }
    assert!(books >= 11, "only {books} books had entries");
}

#[test]
fn build_reports_bad_games_and_goes_on() {
    let dir = TempDir::new("cli-book-bad");
    let pgn = dir.file(
        "games.pgn",
        "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result \"0-1\"]\n\n1. e4 e4 0-1\n\n\
         [Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n",
    );
    let book_path = dir.join("book.bin").display().to_string();
    let out = chess(
        &[
            "book",
            "build",
            &pgn,
            "--out",
            &book_path,
            "--min-games",
            "1",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stderr, "game 2, line 7, column 7");
    assert_contains(&out.stderr, "left out of the book");
    assert_contains(&out.stdout, "from 2 games (1 bad game left out)");
    let book = Book::open(&book_path).unwrap();
    // e4: a win (2) and a draw (1) for white.
    let e4 = book.moves(&Position::standard());
    assert_eq!((e4.len(), e4[0].weight), (1, 3));
    // An unreadable input is an error that names it.
    let out = chess(
        &[
            "book",
            "build",
            "/nonexistent.pgn",
            "--out",
            &book_path,
            "--force",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "/nonexistent.pgn: ");
}

#[test]
fn probe_lists_moves_with_weights() {
    let Some(book) = chess_testdata::file(chess_testdata::PERFORMANCE_BOOK) else {
        return;
    };
    let book = book.display().to_string();
    let out = chess(&["book", "probe", &book, "1.", "e4", "c5"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
    let out = chess(&["book", "probe", &book, "--json", "e2e4", "c7c5"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, r#""key": "644d4afe02564aeb""#);
    assert_contains(
        &out.stdout,
        r#"{"uci": "g1f3", "san": "Nf3", "weight": 306, "learn": 16782336}"#,
    );
    // Out of the book.
    let out = chess(
        &[
            "book",
            "probe",
            &book,
            "--fen",
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        ],
        "",
    );
    assert_eq!((out.status, out.stdout.as_str()), (0, "no book moves\n"));
    // A move that is not legal, and a file that is no book.
    let out = chess(&["book", "probe", &book, "e4", "e4"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "moves: word 2 (e4): ");
    let dir = TempDir::new("cli-book-probe");
    let bad = dir.file("bad.bin", "seventeen bytes!!");
    let out = chess(&["book", "probe", &bad], "");
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "17 bytes is not a whole number of 16-byte entries",
    );
}

#[test]
fn merge_keeps_the_first_books_positions() {
    let (Some(performance), Some(lasker)) = (
        chess_testdata::file(chess_testdata::PERFORMANCE_BOOK),
        chess_testdata::file(chess_testdata::LASKER_TRAP_BOOK),
    ) else {
        return;
    };
    let dir = TempDir::new("cli-book-merge");
    let merged = dir.join("merged.bin").display().to_string();
    let out = chess(
        &[
            "book",
            "merge",
            &lasker.display().to_string(),
            &performance.display().to_string(),
            "--out",
            &merged,
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let (first, second) = (
        Book::open(&lasker).unwrap(),
        Book::open(&performance).unwrap(),
    );
    let book = Book::open(&merged).expect("sorted");
    assert_eq!(book.as_bytes(), first.merge(&second).as_bytes());
    // Each position keeps the entries of the first book that has it.
    let entries = |book: &Book, key: u64| book.entries(key).collect::<Vec<_>>();
    for i in 0..book.len() {
        let key = book.entry(i).unwrap().key;
        let expected = if first.entries(key).next().is_some() {
            entries(&first, key)
        } else {
            entries(&second, key)
        };
        assert_eq!(entries(&book, key), expected);
    }
    assert!(book.len() >= second.len());
    if chess_testdata::python_chess() {
        assert_eq!(python_entries(&merged), our_entries(&book));
    }
}

#[test]
fn play_and_uci_take_a_book() {
    let Some(book) = chess_testdata::file(chess_testdata::PERFORMANCE_BOOK) else {
        return;
    };
    let book_text = book.display().to_string();
    let opening_book = Book::open(&book).unwrap();
    // The computer answers 1. e4 from the book, and says so.
    let out = chess(
        &[
            "--ascii",
            "--vs",
            "computer",
            "--book",
            &book_text,
            "--movetime",
            "50",
        ],
        "e4\nthink\nquit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "against computer (level 4) with a book");
    assert_contains(&out.stdout, "book move ");
    let after_e4 = chess_notation::input::parse_line(&Position::standard(), "e4").unwrap();
    let after_e4 = Position::standard().after(after_e4[0]);
    let replies: Vec<String> = opening_book
        .moves(&after_e4)
        .iter()
        .map(|m| {
            format!(
                "1... {}",
                chess_notation::SanPlus::from_move(&after_e4, m.m)
            )
        })
        .collect();
    assert!(
        replies.iter().any(|r| out.stdout.contains(r.as_str())),
        "{replies:?} in {}",
        out.stdout
    );

    // chess uci --book: a book move at once, without searching.
    let out = chess(
        &["uci", "--book", &book_text],
        "uci\nposition startpos moves e2e4\ngo wtime 1000 btime 1000\nquit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "info string book move ");
    assert!(!out.stdout.contains("info depth"), "{}", out.stdout);
    let best = out
        .stdout
        .lines()
        .find(|l| l.starts_with("bestmove "))
        .unwrap();
    let m = chess_notation::uci::parse(&after_e4, &best[9..]).unwrap();
    assert!(opening_book.moves(&after_e4).iter().any(|b| b.m == m));

    // A file that is no book is refused before anything starts.
    let dir = TempDir::new("cli-uci-book");
    let bad = dir.file("bad.bin", "0123456789");
    for args in [
        vec!["uci", "--book", &bad],
        vec!["--vs", "computer", "--book", &bad],
    ] {
        let out = chess(&args, "quit\n");
        assert_eq!(out.status, 1, "{args:?}");
        assert_contains(&out.stderr, "not a polyglot book");
    }
    // The book is the computer's: it brings the computer in, unless a person is asked for.
    let out = chess(&["--vs", "human", "--book", &book_text], "quit\n");
    assert_eq!(out.status, 2);
    assert_contains(
        &out.stderr,
        "--book is for a game against the computer, and --vs human asks for a person",
    );
}

#[test]
fn opening_names_lines_and_positions() {
    let out = chess(
        &[
            "opening", "1.", "e4", "c5", "2.", "Nf3", "d6", "3.d4", "cxd4", "Nxd4", "Nf6",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "B54 Sicilian Defense: Modern Variations, Main Line\n\
         1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6\n"
    );
    // By position, in UCI, transposed: the Queen's Gambit Declined reached from 1. c4.
    let out = chess(
        &[
            "opening", "--json", "c2c4", "e7e6", "d2d4", "d7d5", "b1c3", "g8f6",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, r#""eco": "D35""#);
    assert_contains(
        &out.stdout,
        r#""name": "Queen's Gambit Declined: Normal Defense""#,
    );
    // A FEN alone: named only when it is a named position.
    let sicilian = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
    let out = chess(&["opening", "--fen", sicilian], "");
    assert_eq!(out.stdout.lines().next(), Some("B20 Sicilian Defense"));
    let out = chess(&["opening", "--fen", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"], "");
    assert_eq!((out.status, out.stdout.as_str()), (0, "no named opening\n"));
    let out = chess(&["opening", "--json"], "");
    assert_contains(&out.stdout, r#""eco": null"#);
    // A move that is not legal says which word.
    let out = chess(&["opening", "e4", "Ke3"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "moves: word 2 (Ke3): ");
}

#[test]
fn pgn_classify_sets_eco_and_opening() {
    let Some(file) = real_pgn("kasparov-deep-blue-1997.pgn") else {
        return;
    };
    let out = chess(&["pgn", "--export", "--classify", &file], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    // Game 2: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 … a closed Ruy Lopez, as the file's own tag says.
    let game2 = out
        .stdout
        .split("\n\n[Event")
        .nth(1)
        .expect("a second game");
    assert_contains(game2, "[ECO \"C93\"]");
    assert_contains(game2, "[Opening \"Ruy Lopez: Closed, Smyslov Defense\"]");
    assert_eq!(
        out.stdout.matches("[ECO ").count(),
        6,
        "one ECO tag per game"
    );
    // Tags the game had are replaced.
    let out = chess(
        &["pgn", "--json", "--classify", "-"],
        "[ECO \"A00\"]\n\n1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 *\n",
    );
    assert_contains(&out.stdout, r#""ECO": "E61""#);
    assert_contains(&out.stdout, r#""Opening": "King's Indian Defense""#);
    // Without an output to put the tags in, --classify is a usage error.
    let out = chess(&["pgn", "--classify", &file], "");
    assert_eq!(out.status, 2);
}

#[test]
fn a_book_of_no_readable_game_is_not_written() {
    let dir = TempDir::new("cli-book-all-bad");
    let pgn = dir.file("games.pgn", "1. e4 e4 0-1\n\n1. Ke2 1-0\n");
    let book_path = dir.join("book.bin").display().to_string();
    let out = chess(&["book", "build", &pgn, "--out", &book_path], "");
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_contains(
        &out.stderr,
        "not written: none of the 2 games could be read",
    );
    assert!(!std::path::Path::new(&book_path).exists());
}
