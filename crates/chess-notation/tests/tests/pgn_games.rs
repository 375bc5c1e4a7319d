//! Owned games: what a bad game keeps, games of the rules and back, the start tags the writer
//! adds, and real-world files read as their authors meant (bad variations, unescaped quotes,
//! files cut off), each rejected by the strict reader.

use chess_core::Color;
use chess_notation::Fen;
use chess_notation::pgn::{
    GameReader, GameResult, PgnErrorKind, PgnErrorReason, PgnGame, SyntaxErrorKind,
};
use chess_rules::{DrawReason, Game, Outcome, Position, WinReason};
use chess_testdata::Rng;
use proptest::prelude::*;

fn read(text: &str) -> Vec<Result<PgnGame, chess_notation::pgn::PgnError>> {
    GameReader::new(text.as_bytes()).collect()
}

fn strict(text: &str) -> Vec<Result<PgnGame, chess_notation::pgn::PgnError>> {
    GameReader::new(text.as_bytes()).strict(true).collect()
}

#[test]
fn a_bad_game_keeps_its_headers_start_and_mainline() {
    let text = "[Event \"e\"]\n[White \"w\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 {up} Kd7 $1 (1... Ke7 2. e5) 2. e5 Kd9 3. e6 *\n";
    let games = read(text);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!((e.game, e.at.line, e.at.column), (1, 5, 42));
    assert_eq!(e.kind(), PgnErrorKind::Syntax);
    // The reason says why, without where; the error as a whole says both.
    assert!(
        e.reason
            .to_string()
            .starts_with("invalid move Kd9: not san"),
        "{}",
        e.reason
    );
    assert_eq!(
        e.to_string(),
        format!("game 1, line 5, column 42: {}", e.reason)
    );
    let partial = &e.partial;
    assert_eq!(
        partial.headers,
        [
            ("Event".to_owned(), "e".to_owned()),
            ("White".to_owned(), "w".to_owned()),
            (
                "FEN".to_owned(),
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_owned()
            )
        ]
    );
    let game = partial.to_game().expect("the start was set up");
    assert_eq!(
        Fen::from_position(&game.initial).to_string(),
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    );
    let sans: Vec<String> = game
        .mainline
        .moves
        .iter()
        .map(|n| n.san.to_string())
        .collect();
    assert_eq!(sans, ["e4", "Kd7", "e5"]);
    assert_eq!(game.mainline.moves[0].comments_after, ["up"]);
    assert_eq!(game.mainline.moves[1].nags, [1]);
    assert_eq!(game.mainline.moves[1].variations.len(), 1);
    // An error in the FEN tag: the headers, but no start.
    let games = read("[Event \"f\"]\n[FEN \"8/8 w - - 0 1\"]\n\n1. e4 *\n");
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(e.kind(), PgnErrorKind::InvalidFen);
    assert_eq!((e.at.line, e.at.column), (2, 1));
    assert_eq!(e.partial.header("Event"), Some("f"));
    assert!(e.partial.initial.is_none() && e.partial.to_game().is_none());
}

#[test]
fn an_illegal_move_in_a_variation_drops_the_variation_with_a_diagnostic() {
    let text = "[Event \"study\"]\n\n1. e4 (1. d4 d5 2. Kd3 (2. c4)) (1. c4) e5 {keep} 2. Nf3 (2. Qxf7 Ke7) Nc6 1-0\n";
    let games = read(text);
    let game = games[0].as_ref().expect("the game is kept");
    let sans: Vec<String> = game
        .mainline
        .moves
        .iter()
        .map(|n| n.san.to_string())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    // The variation with Kd3 is dropped (and the one nested in it); the next one stays.
    let first = &game.mainline.moves[0].variations;
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].moves[0].san.to_string(), "c4");
    assert!(game.mainline.moves[2].variations.is_empty());
    assert_eq!(game.mainline.moves[1].comments_after, ["keep"]);
    assert_eq!(game.result, Some(GameResult::WhiteWins));
    let diagnostics: Vec<(PgnErrorKind, u64, u64, String)> = game
        .diagnostics
        .iter()
        .map(|d| (d.kind(), d.at.line, d.at.column, d.reason.to_string()))
        .collect();
    assert_eq!(
        diagnostics,
        [
            (
                PgnErrorKind::IllegalMove,
                3,
                20,
                "illegal move Kd3: no legal move matches in rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2".to_owned()
            ),
            (
                PgnErrorKind::IllegalMove,
                3,
                62,
                "illegal move Qxf7: no legal move matches in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".to_owned()
            ),
        ]
    );
    assert!(
        game.diagnostics[0]
            .to_string()
            .starts_with("line 3, column 20: variation dropped: illegal move Kd3")
    );
    // An unreadable move too; a bad move in the mainline still fails the game.
    let games = read("1. e4 (1. d4 x5) e5 *\n\n1. e4 e5 2. Ke3 (2. Nf3) *\n");
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.diagnostics[0].kind(), PgnErrorKind::Syntax);
    assert_eq!(
        games[1].as_ref().unwrap_err().kind(),
        PgnErrorKind::IllegalMove
    );
    // Strict reading rejects the game, at the move.
    let games = strict(text);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(
        (e.kind(), e.at.line, e.at.column),
        (PgnErrorKind::IllegalMove, 3, 20)
    );
}

#[test]
fn tag_values_with_unescaped_quotes_read_as_meant() {
    let text = "[Event \"The \"Big\" Match\"]\n[White \"\"Socrates\" Expert\"]\n[Black \"Plain\"] [Round \"a \\\"b\\\" c\"]\n\n1. e4 *\n";
    let games = read(text);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.header("Event"), Some("The \"Big\" Match"));
    assert_eq!(game.header("White"), Some("\"Socrates\" Expert"));
    assert_eq!(game.header("Black"), Some("Plain"));
    assert_eq!(game.header("Round"), Some("a \"b\" c"));
    // Written back with escapes, they read the same.
    let again: PgnGame = game.to_string().parse().unwrap();
    for (name, value) in &game.headers {
        assert_eq!(again.header(name), Some(value.as_str()));
    }
    // Strict reading: an invalid tag, where the value should have ended.
    let games = strict(text);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(
        e.reason,
        PgnErrorReason::Syntax(SyntaxErrorKind::InvalidTag)
    );
    assert_eq!((e.at.line, e.at.column), (1, 14));
}

#[test]
fn a_game_cut_off_by_the_end_of_the_input_is_truncated() {
    let complete =
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 e6 0-1\n";
    let last_start = complete.rfind("[Event").unwrap();
    let end_of_result = complete.rfind("0-1").unwrap() + 3;
    for cut in last_start..complete.len() {
        let text = &complete[..cut];
        let games = read(text);
        // The complete first game is never truncated.
        assert!(
            games[0].as_ref().unwrap().truncated.is_none(),
            "cut at {cut}"
        );
        match games.get(1) {
            None => assert!(text[last_start..].trim().is_empty()),
            Some(Ok(game)) => assert_eq!(game.truncated.is_some(), cut < end_of_result, "{text:?}"),
            Some(Err(e)) => assert!(e.partial.truncated.is_some(), "cut at {cut}: {text:?}"),
        }
    }
    let whole = read(complete);
    assert!(
        whole
            .iter()
            .all(|g| g.as_ref().unwrap().truncated.is_none())
    );
    // Inside a comment, a variation, a move.
    for text in [
        "1. e4 e5 {a comment cut",
        "1. e4 e5 (1... c5 2. Nf3",
        "1. e4 e5 2. Nf",
        "[Event \"tags only\"]\n",
    ] {
        let games = read(text);
        let truncated = match &games[0] {
            Ok(game) => game.truncated.is_some(),
            Err(e) => e.partial.truncated.is_some(),
        };
        assert!(truncated, "{text:?}");
    }
    // Where the input ended.
    let games = read("[Event \"x\"]\n\n1. e4 e5 2. Nf");
    let at = games[0].as_ref().unwrap_err().partial.truncated.unwrap();
    assert_eq!((at.line, at.column, at.offset), (3, 15, 27));
    // A game without a result that the next game's tags end is not cut off.
    let games = read("1. e4 e5\n[Event \"next\"]\n\n1. d4 *\n");
    assert!(games[0].as_ref().unwrap().truncated.is_none());
    // Strict reading: an error, located at the end.
    let games = strict("[Event \"a\"]\n\n1. e4 e5 2. Nf3\n");
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(
        (e.kind(), e.at.line, e.at.column),
        (PgnErrorKind::Truncated, 4, 1)
    );
    assert_eq!(e.partial.mainline.moves.len(), 3);
}

/// The start tags the writer adds: none for the standard start, `SetUp` and `FEN` otherwise,
/// `Variant` for Chess960 (with X-FEN, or Shredder-FEN where needed); a tag that contradicts
/// the start is replaced.
#[test]
fn the_writer_says_where_the_game_starts() {
    let tags = |game: &PgnGame| -> Vec<String> {
        game.to_string()
            .lines()
            .filter(|l| {
                l.starts_with("[Variant") || l.starts_with("[SetUp") || l.starts_with("[FEN")
            })
            .map(str::to_owned)
            .collect()
    };
    let standard = PgnGame::default();
    assert!(tags(&standard).is_empty());
    let mut pos = Position::standard();
    pos.play(pos.legal_moves()[0]).unwrap();
    let set_up = PgnGame {
        initial: pos.clone(),
        ..PgnGame::default()
    };
    assert_eq!(
        tags(&set_up),
        [
            "[SetUp \"1\"]".to_owned(),
            format!("[FEN \"{}\"]", Fen::from_position(&pos))
        ]
    );
    let chess960 = PgnGame {
        initial: Position::chess960(0).unwrap(),
        ..PgnGame::default()
    };
    assert_eq!(
        tags(&chess960),
        [
            "[Variant \"Chess960\"]",
            "[SetUp \"1\"]",
            "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]"
        ]
    );
    let standard_960 = PgnGame {
        initial: Position::chess960(518).unwrap(),
        ..PgnGame::default()
    };
    assert_eq!(tags(&standard_960), ["[Variant \"Chess960\"]"]);
    // A FEN tag that says another start is replaced; one that agrees is kept as written.
    let mut wrong = set_up.clone();
    wrong.set_header("FEN", "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    wrong.set_header("Variant", "Chess960");
    assert_eq!(tags(&wrong), tags(&set_up));
    for game in [&set_up, &chess960, &standard_960, &wrong] {
        let back: PgnGame = game.to_string().parse().unwrap();
        assert_eq!(back.initial, game.initial);
    }
}

/// A random game of the rules: standard or Chess960, ending any way a game can.
fn random_rules_game(seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let start = if rng.below(2) == 0 {
        Position::standard()
    } else {
        Position::chess960(rng.below(960) as u32).unwrap()
    };
    let mut game = Game::new(start);
    for _ in 0..rng.below(160) {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let loser = if game.position().turn() == Color::White {
        Color::White
    } else {
        Color::Black
    };
    match rng.below(5) {
        0 => game.resign(loser),
        1 => game.agree_draw(),
        2 => game.flag_fall(loser),
        _ => {}
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// A game of the rules to PGN text and back to a game of the rules: the same start, moves
    /// and outcome (an outcome the board does not show, as the result and `Termination` say).
    #[test]
    fn games_of_the_rules_round_trip_through_pgn(seed in any::<u64>()) {
        let game = random_rules_game(seed);
        let pgn = PgnGame::from(&game);
        let text = pgn.to_string();
        let read: PgnGame = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert!(read.truncated.is_none());
        prop_assert_eq!(&read.headers, &pgn.headers, "{}", text);
        prop_assert_eq!(&read.initial, game.initial_position());
        let back = Game::try_from(&read).unwrap();
        prop_assert_eq!(back.moves(), game.moves());
        let expected = match game.outcome() {
            // A claimed draw reads back as agreed (the result says a draw, not why).
            Some(Outcome::Draw { reason: DrawReason::Agreement }) => game.outcome(),
            other => other,
        };
        prop_assert_eq!(back.outcome(), expected, "{}", text);
    }
}

/// A game that ended on time, written as PGN (checked: `result` and the `Termination` tag)
/// and read back as a game of the rules.
#[track_caller]
fn through_pgn(game: &Game, result: &str) -> (PgnGame, Game) {
    let pgn = PgnGame::from(game);
    assert_eq!(pgn.header("Termination"), Some("time forfeit"));
    assert_eq!(pgn.header("Result"), Some(result));
    let back = pgn
        .to_string()
        .parse::<PgnGame>()
        .unwrap()
        .to_game()
        .unwrap();
    (pgn, back)
}

#[test]
fn a_draw_on_time_reads_back_as_one() {
    // White's flag falls, and Black's bare king can never checkmate: a draw.
    let start: Position = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position_for(false)
        .unwrap();
    let mut game = Game::new(start);
    game.flag_fall(Color::White);
    let draw = Some(Outcome::Draw {
        reason: DrawReason::TimeoutVsInsufficientMaterial,
    });
    assert_eq!(game.outcome(), draw);
    let (pgn, back) = through_pgn(&game, "1/2-1/2");
    assert_eq!(back.outcome(), draw);
    // Without the tag, the same draw reads back as agreed.
    let mut agreed = pgn.clone();
    agreed.headers.retain(|(name, _)| name != "Termination");
    assert_eq!(
        agreed.to_game().unwrap().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}

#[test]
fn a_loss_on_time_reads_back_as_one() {
    let mut game = Game::standard();
    game.flag_fall(Color::White);
    let (_, back) = through_pgn(&game, "0-1");
    assert_eq!(
        back.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::TimeForfeit
        })
    );
    // A null move has no place in a game of the rules.
    let pgn = GameReader::new("1. e4 -- 2. d4 *".as_bytes())
        .allow_null_moves(true)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(
        pgn.to_game().unwrap_err().to_string(),
        "the mainline has a null move at ply 2, which a game cannot play"
    );
}

/// Every game of the real-world test files, written and read back: the same headers (the
/// writer puts the Seven Tag Roster first and completes it), start, mainline with its
/// variations, comments and NAGs, and result.
#[test]
fn the_test_files_round_trip_through_the_writer() {
    let Some(files) = chess_testdata::read_each(&chess_testdata::PGN_FILES) else {
        return;
    };
    let mut games = 0;
    for bytes in files {
        for game in GameReader::new(&bytes[..]) {
            let game = game.unwrap();
            let text = game.to_string();
            let back: PgnGame = text.parse().unwrap();
            for header in &game.headers {
                assert!(back.headers.contains(header), "{header:?} lost:\n{text}");
            }
            for (name, value) in &back.headers {
                let kept = game.headers.iter().any(|(n, v)| n == name && v == value);
                let roster_default = matches!(
                    (name.as_str(), value.as_str()),
                    ("Event" | "Site" | "Round" | "White" | "Black", "?") | ("Date", "????.??.??")
                );
                assert!(
                    kept || roster_default || name == "Result",
                    "{name} added:\n{text}"
                );
            }
            assert_eq!(back.initial, game.initial);
            assert_eq!(back.mainline, game.mainline);
            assert_eq!(back.result, game.result);
            games += 1;
        }
    }
    assert_eq!(games, 14);
}
