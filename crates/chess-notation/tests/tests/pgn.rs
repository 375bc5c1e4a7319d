//! PGN reading, writing, errors and the shared test files.

use std::io::Read;
use std::ops::ControlFlow;
use std::time::Duration;

use chess_notation::Fen;
use chess_notation::pgn::{
    Eval, GameBuilder, GameReader, GameResult, Line, Location, MoveNode, PgnErrorKind,
    PgnErrorReason, PgnGame, Reader, SyntaxError, SyntaxErrorKind, VariationChoice, Visitor,
};
use chess_rules::Position;
use chess_testdata::Rng;
use proptest::prelude::*;

/// One of python-chess's PGN files (see [`chess_testdata::PGN_FILES`]), or `None` when the
/// fetched data is missing (the calling test has then said it skips).
fn read_file(name: &str) -> Option<Vec<u8>> {
    chess_testdata::read(&format!("python-chess/data/pgn/{name}"))
}

fn games(text: &str) -> Vec<Result<PgnGame, chess_notation::pgn::PgnError>> {
    GameReader::new(text.as_bytes()).collect()
}

fn game(text: &str) -> PgnGame {
    match text.parse::<PgnGame>() {
        Ok(game) => game,
        Err(e) => panic!("{e}"),
    }
}

fn final_fen(game: &PgnGame) -> String {
    Fen::from_position(&game.final_position()).to_string()
}

/// Every game of every shared file, with its number of mainline moves and its final position.
///
/// The game counts were taken with `grep -c '^\[Event ' file` (the BOM file's first tag is
/// preceded by the byte order mark, so grep finds 1 of its 2 games) and checked by eye; the
/// move counts and final FENs were computed once on this machine with python-chess 1.11
/// (`chess.pgn.read_game` over each file, `game.end().board().fen()`), an independent reader.
#[test]
fn shared_files_load_with_the_right_games_and_final_positions() {
    let expected: &[(&str, &[(usize, &str)])] = &[
        (
            "chessbase-empty-line.pgn",
            &[(134, "8/8/R2bk3/6p1/1Pr3P1/8/5K2/8 w - - 12 68")],
        ),
        (
            "cutechess-fischerrandom.pgn",
            &[
                (120, "8/p7/P7/7K/4bk2/8/7r/8 w - - 14 61"),
                (99, "8/2Q5/2k5/pN3R2/1p6/1PP5/PK6/8 b - - 6 50"),
                (70, "1k5r/pr6/8/4qbpK/8/P3bR1P/6P1/8 w - - 1 36"),
                (107, "2R3k1/4Q3/7p/8/5Pp1/6P1/7P/7K b - - 2 54"),
            ],
        ),
        (
            "kasparov-deep-blue-1997.pgn",
            &[
                (89, "4r3/6P1/2p2P1k/1p6/pP2p1R1/P1B5/2P2K2/3r4 b - - 0 45"),
                (
                    89,
                    "1r6/5kp1/RqQb1p1p/1p1PpP2/1Pp1B3/2P4P/6P1/5K2 b - - 14 45",
                ),
                (95, "3r3k/2r2p2/R4Pbp/1Bp1p3/2P1P2K/3P1R2/8/8 b - - 12 48"),
                (111, "8/2R1P3/8/2pp4/P3r3/1k6/8/2K5 b - - 2 56"),
                (98, "8/pp4P1/8/8/1kp2N2/1n2R1P1/3r4/1K6 w - - 1 50"),
                (
                    37,
                    "r1k4r/p2nb1p1/2b4p/1p1n1p2/2PP4/3Q1NB1/1P3PPP/R5K1 b - - 0 19",
                ),
            ],
        ),
        (
            "stockfish-learning.pgn",
            &[(154, "8/2p2k2/1pR3p1/1P1P4/p1P2P2/P4K2/8/5r2 w - - 7 78")],
        ),
        (
            "utf8-bom.pgn",
            &[
                (
                    0,
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                ),
                (
                    0,
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                ),
            ],
        ),
    ];
    let files = chess_testdata::PGN_FILES.map(|path| path.rsplit('/').next().unwrap());
    assert_eq!(
        files[..],
        expected.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        "every real-world PGN test file has its expectations here"
    );
    let Some(contents) = chess_testdata::read_each(&chess_testdata::PGN_FILES) else {
        return;
    };
    for ((name, expected_games), bytes) in expected.iter().zip(contents) {
        let games: Vec<PgnGame> = GameReader::new(&bytes[..])
            .read_all()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(games.len(), expected_games.len(), "{name}");
        for (i, (game, (moves, fen))) in games.iter().zip(expected_games.iter()).enumerate() {
            assert_eq!(game.mainline.moves.len(), *moves, "{name} game {}", i + 1);
            assert_eq!(final_fen(game), *fen, "{name} game {}", i + 1);
            // The result token agrees with the Result tag in these files.
            assert_eq!(
                game.result.map(GameResult::as_str),
                game.header("Result"),
                "{name} game {}",
                i + 1
            );
            // Written and read back, the game is the same (the headers now in export order,
            // with the Seven Tag Roster complete), and writing it again gives the same text.
            let text = game.to_string();
            let again = self::game(&text);
            assert_eq!(
                (&again.initial, &again.mainline, again.result),
                (&game.initial, &game.mainline, game.result),
                "{name} game {}",
                i + 1
            );
            assert_eq!(again.to_string(), text);
        }
    }
}

#[test]
fn kasparov_deep_blue_headers_and_result() {
    let Some(bytes) = read_file("kasparov-deep-blue-1997.pgn") else {
        return;
    };
    let games = GameReader::new(&bytes[..]).read_all().unwrap();
    let last = &games[5];
    assert_eq!(last.header("Site"), Some("06"));
    assert_eq!(last.header("White"), Some("Deep Blue (Computer)"));
    assert_eq!(last.result, Some(GameResult::WhiteWins));
    assert_eq!(
        last.headers[0],
        ("Event".into(), "IBM Man-Machine, New York USA".into())
    );
    assert_eq!(last.headers.len(), 12);
}

#[test]
fn chess960_from_the_variant_tag() {
    let Some(bytes) = read_file("cutechess-fischerrandom.pgn") else {
        return;
    };
    let game = GameReader::new(&bytes[..]).next().unwrap().unwrap();
    assert!(game.initial.is_chess960());
    assert_eq!(
        Fen::from_position(&game.initial).to_string(),
        "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"
    );
    // Black castles king side on move 9 (king e8 to g8, rook g8 to f8) and white queen side
    // on move 21.
    assert_eq!(game.mainline.moves[17].san.to_string(), "O-O");
    assert_eq!(game.mainline.moves[40].san.to_string(), "O-O-O");
    // Case does not matter, and the castling rights alone can say Chess960.
    for variant in ["Chess960", "chess960", "FischeRandom", "fischerandom"] {
        let text = format!(
            "[Variant \"{variant}\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. e4 *"
        );
        let g = self::game(&text);
        assert!(g.initial.is_chess960(), "{variant}");
        assert_eq!(g.mainline.moves[0].san.to_string(), "e4");
    }
    let g = self::game(
        "[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. e4 *",
    );
    assert!(g.initial.is_chess960());
}

#[test]
fn real_world_oddities() {
    let text = concat!(
        "\u{feff}% an escape line\r\n",
        "[Event \"odd\"]\r\n",
        "\r\n",
        "[White \"A \\\"quoted\\\" \\\\ name\"]\r\n",
        "; a comment line in the tags\r\n",
        "[Black \"B\"]\r\n",
        "\r\n",
        "{Game comment\r\n spanning lines} 1.e4 e5 2. Nf3 ; rest of line\r\n",
        "\r\n",
        "% escape line in the movetext\r\n",
        "2... Nc6 3.Bb5 a6 4. Ba4 4...Nf6 5. O-O 5 ... Be7 6.Re1!? b5?! 7. Bb3 $14 d6\r\n",
        "[Event \"no result before\"]\r\n",
        "1. d4 d5 *\r\n",
        "[Event \"empty\"]\r\n",
        "[Event \"empty too\"]\r\n",
        "\r\n",
        "*\r\n",
    );
    let games = games(text);
    assert_eq!(games.len(), 4, "{games:?}");
    let first = games[0].as_ref().unwrap();
    assert_eq!(first.header("White"), Some("A \"quoted\" \\ name"));
    assert_eq!(first.header("Black"), Some("B"));
    assert_eq!(first.mainline.moves.len(), 14);
    assert_eq!(first.result, None);
    let moves = &first.mainline.moves;
    assert_eq!(moves[0].comments_before, ["Game comment  spanning lines"]);
    assert_eq!(moves[2].comments_after, ["rest of line"]);
    assert_eq!(
        (moves[10].nags.as_slice(), moves[11].nags.as_slice()),
        (&[5u8][..], &[6u8][..])
    );
    assert_eq!(moves[12].nags, [14]);
    assert_eq!(moves[12].san.to_string(), "Bb3");
    let second = games[1].as_ref().unwrap();
    assert_eq!(second.header("Event"), Some("no result before"));
    assert_eq!(second.result, Some(GameResult::Unknown));
    let empty = games[2].as_ref().unwrap();
    assert_eq!((empty.mainline.moves.len(), empty.result), (0, None));
    let empty_too = games[3].as_ref().unwrap();
    assert_eq!(empty_too.result, Some(GameResult::Unknown));
}

#[test]
fn games_without_tags_and_stray_text() {
    let text = "1. e4 e5 1-0\n\n1. d4 d5 0-1\n\nthis is not pgn\n\n[Event \"after\"]\n1. c4 *\n";
    let games = games(text);
    assert_eq!(games.len(), 4);
    assert_eq!(
        games[0].as_ref().unwrap().result,
        Some(GameResult::WhiteWins)
    );
    assert_eq!(
        games[1].as_ref().unwrap().result,
        Some(GameResult::BlackWins)
    );
    let err = games[2].as_ref().unwrap_err();
    assert_eq!(err.kind(), PgnErrorKind::Syntax);
    assert_eq!((err.game, err.at.line, err.at.column), (3, 5, 1));
    assert_eq!(
        err.to_string(),
        "game 3, line 5, column 1: invalid move this: not san at byte 0: expected a move like e4, Nf3, exd5, e8=Q, O-O or Qxf7#"
    );
    assert_eq!(games[3].as_ref().unwrap().header("Event"), Some("after"));
}

#[test]
fn errors_name_game_line_column_and_reason() {
    let text = concat!(
        "[Event \"1\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n",
        "[Event \"2\"]\n\n1. e4 e5 2. Nc3 Nc6 3. Ne2 *\n\n",
        "[Event \"3\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n",
        "[Event \"4\"]\n\n1. e4 e5 ] 2. Nf3 *\n\n",
        "[Event \"5\"]\n\n1. e4 e5 2. Bb7 *\n\n",
        "[Event \"6\"]\n\n1. e4 (1. d4)) *\n\n",
        "[Event \"7\"]\n\n1. e4 -- 2. d4 *\n\n",
        "[Event \"8\"]\n[Variant \"Bughouse\"]\n\n1. e4 *\n\n",
        "[Event \"9\"]\n\n1. e4 e5 (1... c5 2. Nf3 *\n\n",
        "[Event \"10\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let games = games(text);
    assert_eq!(games.len(), 10);
    assert!(games[0].is_ok());
    assert!(games[9].is_ok());
    let err = |i: usize| games[i].as_ref().unwrap_err();

    let e = err(1);
    assert_eq!(e.kind(), PgnErrorKind::AmbiguousMove);
    assert_eq!((e.game, e.at.line, e.at.column), (2, 7, 24));
    match &e.reason {
        PgnErrorReason::AmbiguousMove { san, candidates } => {
            assert_eq!(san, "Ne2");
            assert_eq!(candidates, &["Nce2", "Nge2"]);
        }
        r => panic!("{r:?}"),
    }
    assert_eq!(
        e.to_string(),
        "game 2, line 7, column 24: ambiguous move Ne2: candidates are Nce2, Nge2"
    );

    let e = err(2);
    assert_eq!(e.kind(), PgnErrorKind::InvalidFen);
    assert_eq!((e.game, e.at.line, e.at.column), (3, 11, 1));
    assert_eq!(e.kind().as_str(), "invalid_fen");

    let e = err(3);
    assert_eq!(e.kind(), PgnErrorKind::Syntax);
    assert!(matches!(
        e.reason,
        PgnErrorReason::Syntax(SyntaxErrorKind::UnexpectedChar(b']'))
    ));
    assert_eq!((e.game, e.at.line, e.at.column), (4, 17, 10));

    let e = err(4);
    assert_eq!(e.kind(), PgnErrorKind::IllegalMove);
    assert_eq!((e.game, e.at.line, e.at.column), (5, 21, 13));

    let e = err(5);
    assert!(matches!(
        e.reason,
        PgnErrorReason::Syntax(SyntaxErrorKind::UnmatchedParenthesis)
    ));
    assert_eq!((e.at.line, e.at.column), (25, 14));

    let e = err(6);
    assert_eq!(e.kind(), PgnErrorKind::IllegalMove);
    assert!(matches!(e.reason, PgnErrorReason::NullMove { .. }));

    let e = err(7);
    assert_eq!(e.kind(), PgnErrorKind::UnsupportedVariant);

    let e = err(8);
    assert!(matches!(
        e.reason,
        PgnErrorReason::Syntax(SyntaxErrorKind::UnterminatedVariation)
    ));

    // Strict mode stops at the first error.
    let strict: Vec<_> = GameReader::new(text.as_bytes()).strict(true).collect();
    assert_eq!(strict.len(), 2);
    assert_eq!(strict[1].as_ref().unwrap_err().game, 2);
    assert_eq!(
        GameReader::new(text.as_bytes())
            .read_all()
            .unwrap_err()
            .game,
        2
    );
}

#[test]
fn draws_written_1_2_or_with_halves_end_the_game_in_lenient_reading() {
    let text = "1. e4 e5 1/2\n\n1. d4 d5 \u{bd}-\u{bd}\n\n1. c4 (1. Nf3 1/2) e5 2. g3 *\n";
    let games = games(text);
    assert_eq!(games.len(), 3, "{games:?}");
    for game in &games[..2] {
        let game = game.as_ref().unwrap();
        assert_eq!(game.result, Some(GameResult::Draw));
        assert_eq!(game.mainline.moves.len(), 2);
        // Written back with the standard token.
        assert!(game.to_string().ends_with(" 1/2-1/2\n"), "{game}");
    }
    // Inside a variation it ends nothing.
    let third = games[2].as_ref().unwrap();
    assert_eq!(third.mainline.moves.len(), 3);
    assert_eq!(third.mainline.moves[0].variations[0].moves.len(), 1);
    assert_eq!(third.result, Some(GameResult::Unknown));
    // `read_all` stops at errors but reads results as leniently.
    assert_eq!(
        GameReader::new(text.as_bytes()).read_all().unwrap().len(),
        3
    );

    // Each with a diagnostic where it stands (in the variation too, where it ends nothing).
    let notes: Vec<String> = games
        .iter()
        .flat_map(|g| &g.as_ref().unwrap().diagnostics)
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        notes,
        [
            "line 1, column 10: read as 1/2-1/2: result not written as pgn writes it: expected 1/2-1/2",
            "line 3, column 10: read as 1/2-1/2: result not written as pgn writes it: expected 1/2-1/2",
            "line 5, column 15: read as 1/2-1/2: result not written as pgn writes it: expected 1/2-1/2",
        ]
    );

    // Strict reading: a syntax error where each stands.
    let strict: Vec<_> = GameReader::new(text.as_bytes()).strict(true).collect();
    assert_eq!(strict.len(), 1);
    let err = strict[0].as_ref().unwrap_err();
    assert_eq!((err.game, err.at.line, err.at.column), (1, 1, 10));
    let draw = PgnErrorReason::Syntax(SyntaxErrorKind::NonstandardResult(GameResult::Draw));
    assert_eq!(err.reason, draw, "{err}");
    let err = GameReader::new("1. d4 d5 \u{bd}-\u{bd}".as_bytes())
        .strict(true)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!((err.at.line, err.at.column, &err.reason), (1, 10, &draw));

    // At the visitor level: an outcome after a note, or a syntax error when strict (and the
    // game goes on).
    #[derive(Default)]
    struct Ends(Vec<String>);
    impl Visitor for Ends {
        type Output = ();
        fn san(&mut self, san: &[u8], _: Location) -> ControlFlow<()> {
            self.0.push(String::from_utf8_lossy(san).into_owned());
            ControlFlow::Continue(())
        }
        fn outcome(&mut self, result: GameResult, _: Location) -> ControlFlow<()> {
            self.0.push(format!("outcome {result}"));
            ControlFlow::Continue(())
        }
        fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
            self.0.push(format!("error at {}", error.at.column));
            ControlFlow::Continue(())
        }
        fn normalised(&mut self, note: SyntaxError) {
            self.0.push(format!("note at {}", note.at.column));
        }
        fn end_game(&mut self) {}
    }
    for (strict, expected) in [
        (
            false,
            &[
                "e4",
                "note at 7",
                "outcome 1/2-1/2",
                "d4",
                "note at 7",
                "outcome 1/2-1/2",
            ][..],
        ),
        (true, &["e4", "error at 7", "d4", "error at 7"][..]),
    ] {
        let mut ends = Ends::default();
        let mut reader = Reader::new("1. e4 1/2\n\n1. d4 \u{bd}-\u{bd}".as_bytes()).strict(strict);
        while reader.read_game(&mut ends).unwrap().is_some() {}
        assert_eq!(ends.0, expected, "strict: {strict}");
    }
}

#[test]
fn null_moves_when_allowed() {
    let text = "1. e4 -- 2. d4 Z0 3. Nf3 *";
    let game = GameReader::new(text.as_bytes())
        .allow_null_moves(true)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(game.mainline.moves.len(), 5);
    assert!(game.mainline.moves[1].is_null() && game.mainline.moves[3].is_null());
    assert_eq!(
        final_fen(&game),
        "rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 2 3"
    );
    assert_eq!(
        game.to_string().lines().last(),
        Some("1. e4 -- 2. d4 -- 3. Nf3 *")
    );
    // Not while in check.
    let text = "1. e4 e5 2. Qh5 f6 3. Qxe5+ -- *";
    let err = GameReader::new(text.as_bytes())
        .allow_null_moves(true)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(err.kind(), PgnErrorKind::IllegalMove);
}

#[test]
fn variations_and_comments_form_a_tree() {
    let text = "{start} 1. e4 {king pawn} (1. d4 {queen pawn} d5 (1... Nf6 2. c4) 2. c4) (1. c4) {after variations} 1... e5 2. Nf3 (2. f4 exf4 {gambit}) {end} *";
    let game = game(text);
    let main = &game.mainline.moves;
    assert_eq!(main.len(), 3);
    assert_eq!(main[0].comments_before, ["start"]);
    assert_eq!(main[0].comments_after, ["king pawn"]);
    assert_eq!(main[0].variations.len(), 2);
    let d4 = &main[0].variations[0];
    assert_eq!(d4.moves.len(), 3);
    assert_eq!(d4.moves[0].comments_after, ["queen pawn"]);
    assert_eq!(d4.moves[1].variations[0].moves.len(), 2);
    assert_eq!(d4.moves[1].variations[0].moves[1].san.to_string(), "c4");
    assert_eq!(main[1].comments_before, ["after variations"]);
    assert_eq!(main[2].variations[0].moves[1].comments_after, ["gambit"]);
    assert_eq!(game.mainline.comments, ["end"]);
    assert_eq!(game.mainline, self::game(&game.to_string()).mainline);
}

#[test]
fn comment_commands_on_request() {
    let game = game(
        "1. e4 {[%clk 0:03:00] [%eval 0.3]} e5 {[%eval #-3,40] [%emt 0:00:00.5] [%clk 0:02:59.5]} *",
    );
    let main = &game.mainline.moves;
    assert_eq!(main[0].clock(), Some(Duration::from_secs(180)));
    assert_eq!(main[0].emt(), None);
    assert_eq!(main[1].emt(), Some(Duration::from_millis(500)));
    assert_eq!(main[0].eval(), Some(Eval::Centipawns(30)));
    assert_eq!(main[1].clock(), Some(Duration::from_millis(179_500)));
    assert_eq!(main[1].eval(), Some(Eval::Mate(-3)));
}

#[test]
fn long_comments_come_in_parts_and_are_joined() {
    let long = "é".repeat(3000) + "x";
    let text = format!("1. e4 {{{long}}} e5 *\n1. d4 *");
    // A 1 KiB buffer: the comment is more than 6 KiB.
    let mut reader = Reader::with_buffer_size(text.as_bytes(), 1024);
    let mut builder = GameBuilder::new();
    let game = reader.read_game(&mut builder).unwrap().unwrap().unwrap();
    assert_eq!(
        game.mainline.moves[0].comments_after,
        std::slice::from_ref(&long)
    );
    let next = reader.read_game(&mut builder).unwrap().unwrap().unwrap();
    assert_eq!(next.mainline.moves.len(), 1);

    // Over the builder's limit: an error for that game only.
    let mut reader = Reader::with_buffer_size(text.as_bytes(), 1024);
    let mut builder = GameBuilder::new().max_comment_len(4096);
    let err = reader
        .read_game(&mut builder)
        .unwrap()
        .unwrap()
        .unwrap_err();
    assert!(matches!(err.reason, PgnErrorReason::CommentTooLong(4096)));
    assert!(reader.read_game(&mut builder).unwrap().unwrap().is_ok());

    // Parts never split a character.
    struct Parts(Vec<Vec<u8>>);
    impl Visitor for Parts {
        type Output = ();
        fn partial_comment(&mut self, part: &[u8], _: Location) -> ControlFlow<()> {
            assert!(std::str::from_utf8(part).is_ok());
            self.0.push(part.to_vec());
            ControlFlow::Continue(())
        }
        fn comment(&mut self, part: &[u8], _: Location) -> ControlFlow<()> {
            self.0.push(part.to_vec());
            ControlFlow::Continue(())
        }
        fn end_game(&mut self) {}
    }
    let mut parts = Parts(Vec::new());
    Reader::with_buffer_size(text.as_bytes(), 1024)
        .read_game(&mut parts)
        .unwrap();
    assert!(parts.0.len() > 5);
    assert_eq!(parts.0.concat(), long.as_bytes());
}

/// Hands out its data a few bytes at a time, as a pipe or socket may.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.step = self.step % 7 + 1;
        Ok(n)
    }
}

#[test]
fn small_reads_and_small_buffers_read_the_same() {
    let mut all = Vec::new();
    for name in [
        "kasparov-deep-blue-1997.pgn",
        "cutechess-fischerrandom.pgn",
        "utf8-bom.pgn",
    ] {
        let Some(bytes) = read_file(name) else {
            return;
        };
        all.extend(bytes);
        all.extend(b"\n");
    }
    let expected: Vec<PgnGame> = GameReader::new(&all[..]).read_all().unwrap();
    for size in [1024, 1500, 4096] {
        let reader = Reader::with_buffer_size(
            Trickle {
                data: &all,
                step: 1,
            },
            size,
        );
        let games: Vec<PgnGame> = GameReader::with_builder(reader, GameBuilder::new())
            .read_all()
            .unwrap();
        assert_eq!(games, expected, "buffer of {size}");
    }
}

#[test]
fn locations_count_lines_and_columns_through_comments() {
    struct Sans(Vec<(String, u64, u64)>);
    impl Visitor for Sans {
        type Output = ();
        fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
            self.0
                .push((String::from_utf8_lossy(san).into(), at.line, at.column));
            ControlFlow::Continue(())
        }
        fn begin_variation(&mut self, _: Location) -> VariationChoice {
            VariationChoice::Continue
        }
        fn end_game(&mut self) {}
    }
    let text = "\u{feff}[Event \"x\"]\r\n\r\n1.e4 {a\r\nb\r\n} e5 (1...c5\n2. Nf3) 2.Nf3 *";
    let mut sans = Sans(Vec::new());
    Reader::new(text.as_bytes()).read_game(&mut sans).unwrap();
    let expect = [
        ("e4", 3, 3),
        ("e5", 5, 3),
        ("c5", 5, 11),
        ("Nf3", 6, 4),
        ("Nf3", 6, 11),
    ];
    let got: Vec<(&str, u64, u64)> = sans
        .0
        .iter()
        .map(|(s, l, c)| (s.as_str(), *l, *c))
        .collect();
    assert_eq!(got, expect);
}

#[test]
fn skipped_variations_cost_no_calls() {
    struct Count(usize, usize);
    impl Visitor for Count {
        type Output = (usize, usize);
        fn begin_game(&mut self, _: Location) {
            *self = Count(0, 0);
        }
        fn san(&mut self, _: &[u8], _: Location) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
        fn comment(&mut self, _: &[u8], _: Location) -> ControlFlow<()> {
            self.1 += 1;
            ControlFlow::Continue(())
        }
        fn end_game(&mut self) -> (usize, usize) {
            (self.0, self.1)
        }
    }
    let text = "1. e4 (1. d4 {x} (1. c4 {y}) d5) e5 {z} 2. Nf3 1-0";
    let mut count = Count(0, 0);
    assert_eq!(
        Reader::new(text.as_bytes()).read_game(&mut count).unwrap(),
        Some((3, 1))
    );
}

// The round trip over random games.

const WORDS: &[&str] = &[
    "good",
    "[%clk",
    "0:03:00]",
    "[%eval",
    "#-3]",
    "é",
    "%pct",
    "a}b",
    "{",
    "long-wordy-text",
    "Nf3",
    "(",
    ")",
    "1-0",
    "*",
    "\\\"",
];

fn random_comment(rng: &mut Rng) -> String {
    let n = rng.below(14);
    (0..n)
        .map(|_| WORDS[rng.below(WORDS.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

fn random_comments(rng: &mut Rng, chance: usize) -> Vec<String> {
    if rng.below(chance) != 0 {
        return Vec::new();
    }
    (0..1 + rng.below(2)).map(|_| random_comment(rng)).collect()
}

/// A random line of play from `pos`, with NAGs, comments and nested variations placed where
/// the reader puts them back (a comment before a move only at the start of a line or after a
/// variation; trailing comments only where no move can take them).
fn random_line(rng: &mut Rng, pos: &Position, plies: usize, depth: usize) -> Line {
    let mut line = Line::default();
    let mut pos = pos.clone();
    for i in 0..plies {
        let moves = pos.legal_moves();
        let null = rng.below(40) == 0 && !pos.is_check();
        if moves.is_empty() && !null {
            break;
        }
        let mut node = if null {
            MoveNode::null()
        } else {
            MoveNode::new(&pos, moves[rng.below(moves.len())])
        };
        let previous_has_variations = line
            .moves
            .last()
            .is_some_and(|n: &MoveNode| !n.variations.is_empty());
        if i == 0 || previous_has_variations {
            node.comments_before = random_comments(rng, 4);
        }
        if rng.below(5) == 0 {
            node.nags = (0..1 + rng.below(2))
                .map(|_| rng.below(256) as u8)
                .collect();
        }
        node.comments_after = random_comments(rng, 3);
        if depth < 3 && rng.below(5) == 0 {
            for _ in 0..1 + rng.below(2) {
                let plies = rng.below(6);
                node.variations
                    .push(random_line(rng, &pos, plies, depth + 1));
            }
        }
        match node.m {
            Some(m) => pos.play_unchecked(m),
            None => pos = pos.null_move().unwrap(),
        }
        line.moves.push(node);
    }
    let open_end = line.moves.last().is_none_or(|n| !n.variations.is_empty());
    if open_end {
        line.comments = random_comments(rng, 3);
    }
    line
}

fn random_game(seed: u64) -> PgnGame {
    // `| 1`: the seeds of proptest-regressions/pgn.txt were saved with this mapping.
    let mut rng = Rng::new(seed | 1);
    let chess960 = rng.below(4) == 0;
    let initial = if chess960 {
        Position::chess960(rng.below(960) as u32).unwrap()
    } else if rng.below(4) == 0 {
        // A position with black to move, from a few random moves.
        let mut pos = Position::standard();
        for _ in 0..1 + 2 * rng.below(4) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                // Mate in a few random moves (proptest-regressions/pgn.txt holds such a seed).
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        pos
    } else {
        Position::standard()
    };
    // As the FEN tag will give it back: the en passant square only when a capture is legal.
    let initial = Fen::from_position(&initial)
        .into_position(initial.castling_mode())
        .unwrap();
    let result = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ][rng.below(4)];
    let mut headers: Vec<(String, String)> = vec![
        (
            "Event".into(),
            format!("Event {} \"quoted\" \\ back", rng.below(100)),
        ),
        ("Site".into(), "Somewhere, é".into()),
        ("Date".into(), "2024.01.02".into()),
        ("Round".into(), rng.below(9).to_string()),
        ("White".into(), "Player, A".into()),
        ("Black".into(), "Player, B".into()),
        ("Result".into(), result.as_str().into()),
    ];
    if chess960 {
        headers.push(("Variant".into(), "Chess960".into()));
    }
    if initial != Position::standard() {
        headers.push(("SetUp".into(), "1".into()));
        headers.push(("FEN".into(), Fen::from_position(&initial).to_string()));
    }
    if rng.below(2) == 0 {
        headers.push(("Annotator".into(), "proptest".into()));
    }
    let plies = rng.below(90);
    let mainline = random_line(&mut rng, &initial, plies, 0);
    PgnGame {
        headers,
        initial,
        mainline,
        result: Some(result),
        ..PgnGame::default()
    }
}

fn read_back(text: &str) -> Vec<PgnGame> {
    GameReader::new(text.as_bytes())
        .allow_null_moves(true)
        .read_all()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn written_games_read_back_the_same(seed in any::<u64>()) {
        let game = random_game(seed);
        let text = game.to_string();
        for line in text.lines() {
            let exempt = line.starts_with('[') || line.contains(';') || line.contains(" %");
            prop_assert!(exempt || line.len() <= 80, "line of {} bytes: {line}", line.len());
            prop_assert!(!line.starts_with('%'));
        }
        let back = read_back(&text);
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(&back[0], &game, "{}", text);
    }
}

#[test]
fn several_written_games_read_back_in_order() {
    let games: Vec<PgnGame> = (0..20).map(|seed| random_game(seed * 31 + 7)).collect();
    for game in &games {
        let text = game.to_string();
        let back = read_back(&text);
        if back[0] != *game {
            let a = format!("{:#?}", back[0]);
            let b = format!("{game:#?}");
            for (x, y) in a.lines().zip(b.lines()) {
                assert_eq!(x, y, "{text}");
            }
        }
    }
    let text: String = games.iter().map(|g| g.to_string() + "\n").collect();
    assert_eq!(read_back(&text), games);
}

#[test]
fn the_result_tag_written_is_the_result_token_written() {
    let cases = [
        // The tag contradicts the token: the token wins.
        ("[Result \"1-0\"]\n\n1. e4 0-1", "0-1"),
        // No token: the tag's result is written as the token too.
        ("[Result \"1-0\"]\n\n1. e4\n", "1-0"),
        // Neither says anything usable.
        ("[Result \"white won, I think\"]\n\n1. e4\n", "*"),
        ("1. e4\n", "*"),
        // No tag.
        ("1. e4 1/2-1/2", "1/2-1/2"),
    ];
    for (text, result) in cases {
        let written = game(text).to_string();
        let tag = format!("[Result \"{result}\"]\n");
        assert_eq!(written.matches("[Result ").count(), 1, "{written}");
        assert!(written.contains(&tag), "{text:?} gives\n{written}");
        assert!(written.ends_with(&format!(" {result}\n")), "{written}");
        let back = game(&written);
        assert_eq!(back.header("Result"), Some(result));
        assert_eq!(back.result.map(GameResult::as_str), Some(result));
    }
}

#[test]
fn long_semicolon_comments_and_long_words_take_a_line_of_their_own() {
    let mut game = game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *");
    // A comment holding `}` can only be written after `;`, and runs to the end of its line.
    let semicolon = format!("a }} in a long comment: {}", "word ".repeat(30).trim_end());
    let url = format!("see https://example.org/{}", "x".repeat(100));
    game.mainline.moves[2]
        .comments_after
        .push(semicolon.clone());
    game.mainline.moves[6].comments_after.push(url.clone());
    game.mainline.moves[7].comments_after.push("short}".into());
    let text = game.to_string();
    let movetext: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    let long: Vec<&str> = movetext.iter().copied().filter(|l| l.len() > 80).collect();
    assert_eq!(
        long,
        [
            format!(";{semicolon}").as_str(),
            &format!("https://example.org/{}}}", "x".repeat(100))
        ],
        "{text}"
    );
    // Nothing follows a `;` comment on its line, and a move number comes back after it.
    let short = movetext.iter().find(|l| l.contains(";short}")).unwrap();
    assert!(short.ends_with(";short}"), "{text}");
    let after = movetext.iter().position(|l| l.contains(";short}")).unwrap() + 1;
    assert!(movetext[after].starts_with("5. O-O"), "{text}");
    let back = self::game(&text);
    assert_eq!(back.mainline, game.mainline);
    assert_eq!(back.mainline.moves[2].comments_after, [semicolon]);
    assert_eq!(back.mainline.moves[6].comments_after, [url]);
}

#[test]
fn spaces_inside_comments_survive_a_line_break() {
    // Comments whose double spaces fall at every place of a line, so that one of them meets
    // the line's end.
    for pad in 0..30 {
        let mut game = game("1. e4 e5 2. Nf3 *");
        let comment = format!("{} {}", "y".repeat(pad), "two  spaces   three ".repeat(8));
        let comment = comment.trim().to_owned();
        game.mainline.moves[0].comments_after.push(comment.clone());
        let text = game.to_string();
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert_eq!(
            self::game(&text).mainline.moves[0].comments_after,
            [comment],
            "{text}"
        );
    }
}

#[test]
fn an_unsupported_variant_is_reported_at_its_tag() {
    let text = concat!(
        "[Event \"a\"]\n[Variant \"Bughouse\"]\n\n1. e4 *\n\n",
        "[Event \"b\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n",
        "[Site \"x\"] [Variant \"Shogi\"]\n\n1. Kd2 *\n",
    );
    let games = games(text);
    assert_eq!(games.len(), 2);
    for (game, (line, column), variant) in [
        (&games[0], (2, 1), "bughouse"),
        (&games[1], (9, 12), "shogi"),
    ] {
        let err = game.as_ref().unwrap_err();
        assert_eq!(err.kind(), PgnErrorKind::UnsupportedVariant);
        assert_eq!((err.at.line, err.at.column), (line, column), "{err}");
        assert!(
            matches!(&err.reason, PgnErrorReason::UnsupportedVariant(v) if v == variant),
            "{err}"
        );
    }
    assert_eq!(
        games[1].as_ref().unwrap_err().to_string(),
        "game 2, line 9, column 12: unsupported variant \"shogi\": expected standard chess, chess960 or \
         one of the variants lichess plays (crazyhouse, atomic, antichess, king of the hill, \
         three-check, horde, racing kings)"
    );
}

// Snapshots pin the exact text of written games.

#[test]
fn snapshot_of_an_annotated_game() {
    let text = concat!(
        "[Event \"Snapshot\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[ECO \"C50\"]\n\n",
        "{An annotated miniature, written back in export format.} 1. e4 e5 2. Nf3 Nc6 ",
        "3. Bc4 {[%clk 0:03:00] the Italian} Nd4?! (3... Nf6 4. Ng5 (4. d4 exd4) d5 ",
        "{the main line}) 4. Nxe5! Qg5 5. Nxf7?? (5. Bxf7+ Ke7 6. Bxg8) {greedy} Qxg2 ",
        "6. Rf1 Qxe4+ 7. Be2 Nf3# $19 {smothered} 0-1"
    );
    insta::assert_snapshot!("annotated_game", game(text).to_string());
}

#[test]
fn snapshot_of_a_kasparov_deep_blue_game() {
    let Some(bytes) = read_file("kasparov-deep-blue-1997.pgn") else {
        return;
    };
    let games = GameReader::new(&bytes[..]).read_all().unwrap();
    insta::assert_snapshot!("kasparov_deep_blue_6", games[5].to_string());
}

#[test]
fn snapshot_of_a_chess960_game_with_engine_comments() {
    let Some(bytes) = read_file("cutechess-fischerrandom.pgn") else {
        return;
    };
    let game = GameReader::new(&bytes[..]).nth(2).unwrap().unwrap();
    insta::assert_snapshot!("chess960_engine_comments", game.to_string());
}
