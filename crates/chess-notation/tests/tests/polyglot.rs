//! Polyglot books, read and written, against python-chess's `chess.polyglot` on the books
//! python-chess ships and on books built here.

use std::io::Write as _;
use std::path::Path;
use std::process::Command;

use chess_notation::pgn::{GameReader, PgnGame};
use chess_notation::polyglot::{Book, BookBuilder};
use chess_notation::{Fen, uci};
use chess_rules::Position;

const BOOKS: [&str; 2] = [
    chess_testdata::PERFORMANCE_BOOK,
    chess_testdata::LASKER_TRAP_BOOK,
];

/// The games of the real-world test files, when fetched.
fn real_games() -> Option<Vec<PgnGame>> {
    let mut games = Vec::new();
    for bytes in chess_testdata::read_each(&chess_testdata::PGN_FILES)? {
        games.extend(GameReader::new(&bytes[..]).map(Result::unwrap));
    }
    Some(games)
}

/// Every position of `games`, and positions of random play (standard and Chess960).
fn positions(games: &[PgnGame]) -> Vec<Position> {
    let mut out = chess_testdata::random_positions(1, 40, 40);
    for game in games {
        let mut pos = game.initial.clone();
        out.push(pos.clone());
        for m in game.mainline_moves().map_while(|m| m) {
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
    }
    // The lines the small book knows: the Lasker trap.
    let mut pos = Position::standard();
    for text in [
        "d2d4", "e7e5", "d4e5", "d7d6", "e5d6", "f8d6", "b1c3", "d6h2",
    ] {
        out.push(pos.clone());
        pos.play_unchecked(uci::parse(&pos, text).unwrap());
    }
    out
}

/// What python-chess reads in `book` for each position: the raw entries of its key and its
/// book moves, one line each.
fn python_reads(book: &Path, positions: &[Position]) -> Vec<(String, String)> {
    let dir = chess_testdata::TempDir::new("polyglot");
    let list = dir.join(format!(
        "{}.txt",
        book.file_name().unwrap().to_string_lossy()
    ));
    let mut file = std::fs::File::create(&list).unwrap();
    for pos in positions {
        let chess960 = u8::from(pos.is_chess960());
        writeln!(file, "{}|{chess960}", Fen::from_position(pos)).unwrap();
    }
    drop(file);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/polyglot_entries.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(book)
        .arg(&list)
        .output()
        .expect("python3 runs");
    drop(dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    lines
        .chunks(2)
        .map(|pair| {
            (
                pair[0].to_owned(),
                pair.get(1).copied().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

/// What this crate reads in `book` for `pos`, in the script's format.
fn our_reading(book: &Book, pos: &Position) -> (String, String) {
    let raw: Vec<String> = book
        .entries(pos.zobrist_hash())
        .map(|e| format!("{} {} {} {}", e.key, e.raw_move, e.weight, e.learn))
        .collect();
    let moves: Vec<String> = book
        .moves(pos)
        .iter()
        .map(|m| format!("{} {} {}", uci::format(pos, m.m), m.weight, m.learn))
        .collect();
    (raw.join(";"), moves.join(";"))
}

/// Both books python-chess ships: for every position of the test files' games, of random games
/// and of the small book's line, the same entries in the same order, and the same moves.
#[test]
fn books_read_as_python_chess_reads_them() {
    let Some(games) = real_games() else {
        return;
    };
    if !chess_testdata::python_chess() {
        return;
    }
    let positions = positions(&games);
    let mut found = 0;
    for path in BOOKS {
        let Some(path) = chess_testdata::file(path) else {
            return;
        };
        let book = Book::open(&path).unwrap();
        let theirs = python_reads(&path, &positions);
        assert_eq!(theirs.len(), positions.len());
        for (pos, their) in positions.iter().zip(&theirs) {
            assert_eq!(
                &our_reading(&book, pos),
                their,
                "{}",
                Fen::from_position(pos)
            );
            found += usize::from(!their.0.is_empty());
        }
    }
    // Enough positions were in the books to make the comparison mean something.
    assert!(found > 100, "{found}");
}

/// A book built here from the test files' games reads the same in python-chess.
#[test]
fn built_books_read_the_same_in_python_chess() {
    let Some(games) = real_games() else {
        return;
    };
    if !chess_testdata::python_chess() {
        return;
    }
    for builder in [
        BookBuilder::new().min_games(1),
        BookBuilder::new()
            .min_games(1)
            .max_ply(12)
            .only(Some(chess_core::Color::White)),
    ] {
        let mut builder = builder;
        for game in &games {
            builder.add_game(game);
        }
        let bytes = builder.to_bytes();
        let book = Book::from_bytes(bytes.clone()).expect("a sorted book");
        assert!(book.len() > 40, "{}", book.len());
        let dir = chess_testdata::TempDir::new("built-book");
        let path = dir.write("built.bin", &bytes);
        let positions = positions(&games);
        let theirs = python_reads(&path, &positions);
        drop(dir);
        let mut in_book = 0;
        for (pos, their) in positions.iter().zip(&theirs) {
            assert_eq!(
                &our_reading(&book, pos),
                their,
                "{}",
                Fen::from_position(pos)
            );
            in_book += usize::from(!their.1.is_empty());
        }
        assert!(in_book > 20, "{in_book}");
    }
}

/// Weights as Polyglot's make-book computes them, the minimum number of games, one colour,
/// the maximum ply, and merging.
#[test]
fn building_and_merging() {
    let pgn = "1. e4 e5 2. Nf3 1-0\n\n1. e4 e5 2. Nf3 1/2-1/2\n\n1. e4 c5 0-1\n\n1. d4 d5 *\n";
    let games: Vec<PgnGame> = GameReader::new(pgn.as_bytes())
        .map(Result::unwrap)
        .collect();
    let build = |builder: BookBuilder| {
        let mut builder = builder;
        for game in &games {
            builder.add_game(game);
        }
        Book::from_bytes(builder.to_bytes()).unwrap()
    };
    let start = Position::standard();
    let listed = |book: &Book, pos: &Position| -> Vec<(String, u16)> {
        book.moves(pos)
            .iter()
            .map(|m| (uci::format(pos, m.m), m.weight))
            .collect()
    };
    // e4: a win, a draw and a loss for white (2 + 1 + 0); d4: an unknown result (1).
    let all = build(BookBuilder::new().min_games(1));
    assert_eq!(
        listed(&all, &start),
        [("e2e4".to_owned(), 3), ("d2d4".to_owned(), 1)]
    );
    let after_e4 = start.after(uci::parse(&start, "e2e4").unwrap());
    // e5 lost once and drew once for black (0 + 1); c5 won (2): c5 first.
    assert_eq!(
        listed(&all, &after_e4),
        [("c7c5".to_owned(), 2), ("e7e5".to_owned(), 1)]
    );
    // At least three games: only e4 stays.
    let three = build(BookBuilder::new());
    assert_eq!(listed(&three, &start), [("e2e4".to_owned(), 3)]);
    // White's moves only, and one ply.
    let white = build(
        BookBuilder::new()
            .min_games(1)
            .only(Some(chess_core::Color::White)),
    );
    assert!(white.moves(&after_e4).is_empty());
    let first = build(BookBuilder::new().min_games(1).max_ply(1));
    assert_eq!(first.len(), 2);
    // Merging: the first book's positions win, the second adds the others.
    let merged = first.merge(&all);
    assert_eq!(listed(&merged, &start), listed(&first, &start));
    assert_eq!(listed(&merged, &after_e4), listed(&all, &after_e4));
    assert_eq!(merged.len(), all.len());
    assert!(Book::from_bytes(merged.as_bytes().to_vec()).is_ok());
}
