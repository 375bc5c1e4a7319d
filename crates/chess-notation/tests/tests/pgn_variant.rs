//! Games of the variants in PGN: read by the rules their `Variant` tag names (with python-chess
//! as the oracle for its own variant files), and written back with that tag and variant FENs.

use std::path::Path;

use chess_notation::VariantFen;
use chess_notation::pgn::{GameReader, GameResult, PgnErrorKind, PgnErrorReason, PgnGame};
use chess_notation::uci::UciMove;
use chess_rules::variant::{Playable, Variant, VariantPosition};
use chess_rules::{CastlingMode, Outcome};
use chess_testdata::VARIANT_PGN_FILES;

fn read(text: &str) -> PgnGame {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn final_fen(game: &PgnGame) -> String {
    VariantFen::from_position(&game.final_variant_position()).to_string()
}

fn sans(game: &PgnGame) -> String {
    let sans: Vec<String> = game
        .mainline
        .moves
        .iter()
        .map(|node| node.san.to_string())
        .collect();
    sans.join(" ")
}

/// `outcome.result()` as python-chess writes it.
fn result_of(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "-",
        Some(outcome) => match outcome.winner() {
            Some(color) if color.is_white() => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        },
    }
}

/// One short game of each variant, its `Variant` tag as Lichess or python-chess writes it: the
/// moves are the variant's, the marks its own (`#` for a game the variant's rules decide), the
/// end its own, and the game written back reads the same.
#[test]
fn each_variant_is_played_by_its_own_rules() {
    for (tag, movetext, variant, end, outcome) in [
        (
            "Crazyhouse",
            "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4 5. Nf3 @d5",
            Variant::Crazyhouse,
            "rnb1kbnr/ppp1pppp/8/3p4/1q6/2N2N2/PPPP1PPP/R1BQKB1R[p] w KQkq - 2 6",
            "-",
        ),
        (
            "Atomic",
            "1. Nf3 d5 2. Ng5 e6 3. Nxf7#",
            Variant::Atomic,
            "rnbq3r/ppp3pp/4p3/3p4/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3",
            "1-0",
        ),
        (
            "Antichess",
            "1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6",
            Variant::Antichess,
            "r1bqkbnr/p2ppppp/2n5/8/8/4P3/PPPP1PPP/RNBQK1NR w - - 0 4",
            "-",
        ),
        (
            "King of the Hill",
            "1. e4 d5 2. exd5 Kd7 3. Ke2 Kd6 4. Ke3 Kxd5#",
            Variant::KingOfTheHill,
            "rnbq1bnr/ppp1pppp/8/3k4/8/4K3/PPPP1PPP/RNBQ1BNR w - - 0 5",
            "0-1",
        ),
        (
            "Three-check",
            "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5#",
            Variant::ThreeCheck,
            "r1bq1bnr/ppppk1pp/2n5/4Q3/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 0+3 0 5",
            "1-0",
        ),
        (
            "Horde",
            "1. d5 e6 2. dxe6 dxe6",
            Variant::Horde,
            "rnbqkbnr/ppp2ppp/4p3/1PP2PP1/PPP1PPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 3",
            "-",
        ),
        (
            "Racing Kings",
            "1. Kh3 Ka3 2. Kh4 Ka4 3. Kh5 Ka5 4. Kh6 Ka6 5. Kg7 Kb7 6. Kh8 Ka8",
            Variant::RacingKings,
            "k6K/8/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 12 7",
            "1/2-1/2",
        ),
        (
            "kingOfTheHill",
            "1. e4 e5",
            Variant::KingOfTheHill,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "-",
        ),
        (
            "threeCheck",
            "1. e4 e5 2. Bc4 Nc6 3. Bxf7+",
            Variant::ThreeCheck,
            "r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3",
            "-",
        ),
        (
            "Giveaway",
            "1. e3 b5 2. Bxb5",
            Variant::Giveaway,
            "rnbqkbnr/p1pppppp/8/1B6/8/4P3/PPPP1PPP/RNBQK1NR b KQkq - 0 2",
            "-",
        ),
    ] {
        let text = format!("[Variant \"{tag}\"]\n\n{movetext} *\n");
        let game = read(&text);
        assert_eq!(game.variant(), variant, "{tag}");
        assert_eq!(sans(&game), movetext_sans(movetext), "{tag}");
        assert_eq!(final_fen(&game), end, "{tag}");
        let last = game.final_variant_position();
        assert_eq!(result_of(last.outcome()), outcome, "{tag}: {movetext}");
        // Written back: Lichess's name, and the same game read again.
        let written = game.to_string();
        assert!(
            written.contains(&format!("[Variant \"{}\"]", variant.name())),
            "{written}"
        );
        assert!(!written.contains("[FEN"), "{written}");
        let again = read(&written);
        assert_eq!(again.mainline, game.mainline, "{written}");
        assert_eq!(again.variant_initial, game.variant_initial, "{written}");
        // The standard reading of the same movetext does not apply.
        assert!(game.to_game().is_err());
    }
}

/// The SAN of a movetext without its move numbers.
fn movetext_sans(movetext: &str) -> String {
    let sans: Vec<String> = movetext
        .split(' ')
        .filter(|word| !word.ends_with('.'))
        .map(|word| {
            // python-chess's `@d5` is Lichess's `P@d5`.
            if word.starts_with('@') {
                format!("P{word}")
            } else {
                word.to_owned()
            }
        })
        .collect();
    sans.join(" ")
}

/// A variant's start from a `FEN` tag: Crazyhouse's pockets and promoted pieces, Three-check's
/// counters in both forms; written back as the variant FEN.
#[test]
fn variant_fens_set_the_start() {
    for (variant, fen, movetext, end) in [
        (
            "Crazyhouse",
            "r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R/Nn w KQkq - 0 4",
            "4. N@d5 N@f6 5. Nxf6+ Qxf6",
            "r1b1kbnr/pppp1ppp/5q2/4p3/4P3/8/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 0 6",
        ),
        (
            "Crazyhouse",
            "4k3/1Q~6/8/8/8/8/8/4K3[] b - - 0 1",
            "1... Kf8",
            "5k2/1Q~6/8/8/8/8/8/4K3[] w - - 1 2",
        ),
        (
            "Three-check",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
            "2. Bc4 Nf6",
            "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 1+3 2 3",
        ),
        (
            "Three-check",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+0",
            "2. Bc4 Nf6",
            "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 1+3 2 3",
        ),
    ] {
        let text =
            format!("[Variant \"{variant}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{movetext} *\n");
        let game = read(&text);
        assert_eq!(final_fen(&game), end, "{fen}");
        // Written back with the FEN tag as written (it says the same start), or ours.
        let written = game.to_string();
        let again = read(&written);
        assert_eq!(again.mainline, game.mainline, "{written}");
        assert_eq!(again.variant_initial, game.variant_initial, "{written}");
        let mut ours = game.clone();
        ours.headers.retain(|(name, _)| name != "FEN");
        let start = VariantFen::from_position(game.variant_initial.as_ref().unwrap());
        assert!(
            ours.to_string().contains(&format!("[FEN \"{start}\"]")),
            "{ours}"
        );
    }
    // A FEN impossible in the variant: Horde's white has no king.
    let error = GameReader::new(
        "[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n".as_bytes(),
    )
    .next()
    .unwrap()
    .unwrap_err();
    assert_eq!(error.kind(), PgnErrorKind::InvalidFen);
    assert!(matches!(
        error.reason,
        PgnErrorReason::InvalidVariantFen { .. }
    ));
}

/// Only variants this crate does not play are unsupported; Chess960's names are Chess960.
#[test]
fn only_unknown_variants_are_unsupported() {
    for name in ["Bughouse", "Shogi", "losers"] {
        let text = format!("[Variant \"{name}\"]\n\n1. e4 *\n");
        let error = GameReader::new(text.as_bytes())
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(error.kind(), PgnErrorKind::UnsupportedVariant, "{name}");
    }
    for name in ["Fischerandom", "Chess960", "chess 960"] {
        let game = read(&format!("[Variant \"{name}\"]\n\n1. e4 *\n"));
        assert!(game.initial.is_chess960(), "{name}");
        assert_eq!(game.variant(), Variant::Standard);
        assert!(game.variant_initial.is_none());
    }
    for name in ["Standard", "From Position", ""] {
        let game = read(&format!("[Variant \"{name}\"]\n\n1. e4 *\n"));
        assert_eq!(game.variant(), Variant::Standard, "{name}");
        assert!(!game.initial.is_chess960());
    }
}

/// A bad move in a variant's variation costs the variation, as in standard chess; an illegal
/// one in its mainline is the game's error, quoting the variant FEN.
#[test]
fn variant_variations_and_errors() {
    let game = read(
        "[Variant \"Crazyhouse\"]\n\n1. e4 (1. N@f3) (1. d4 d5 2. Q@d3) (1. d4 d5 2. Nf3) e5 *\n",
    );
    assert_eq!(sans(&game), "e4 e5");
    assert_eq!(game.mainline.moves[0].variations.len(), 1);
    assert_eq!(game.diagnostics.len(), 2);
    let error = GameReader::new("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. N@f3 *\n".as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(error.kind(), PgnErrorKind::IllegalMove);
    assert!(error.to_string().contains("[]"), "{error}");
    // What was read before the error is the variant's.
    let partial = error.partial.to_game().unwrap();
    assert_eq!(partial.variant(), Variant::Crazyhouse);
    assert_eq!(partial.mainline.moves.len(), 2);
}

/// python-chess's own variant files read as python-chess reads them: each game's moves, final
/// position, `Result` tag and outcome; and our SAN as python-chess writes it (a pawn's drop
/// aside, which it writes `@e4` and Lichess `P@e4`).
#[test]
fn python_chess_variant_pgn_files_read_as_python_chess_reads_them() {
    let Some(paths) = VARIANT_PGN_FILES
        .iter()
        .map(|path| chess_testdata::file(path))
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    if !chess_testdata::python_chess() {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/pgn_variant_games.py");
    let expected = chess_testdata::python_output(&script, &paths);
    let mut lines = expected.lines();
    let mut games = 0;
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        for game in GameReader::new(&bytes[..]) {
            let game = game.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let line = lines.next().expect("as many games as python-chess reads");
            let [variant, moves, fen, result, outcome, sans_] =
                line.split('|').collect::<Vec<_>>()[..]
            else {
                panic!("malformed line {line:?}");
            };
            let at = format!("{} game {}", path.display(), games + 1);
            assert_eq!(game.variant().uci_name(), variant, "{at}");
            let start = game.start();
            let mut pos = start.clone();
            let mut ours = Vec::new();
            for node in &game.mainline.moves {
                let m = node.m.unwrap();
                ours.push(UciMove::of_move(m, CastlingMode::Standard).to_string());
                pos.play_unchecked(m);
            }
            assert_eq!(ours.join(" "), moves, "{at}");
            assert_eq!(final_fen(&game), fen, "{at}");
            // python-chess sets the `Result` tag from the token that ends the movetext (the
            // Antichess file has no tag).
            assert_eq!(
                game.result.map(GameResult::as_str),
                Some(result),
                "{at}: the result token"
            );
            assert_eq!(result_of(pos.outcome()), outcome, "{at}");
            assert_eq!(sans(&game), movetext_sans(sans_), "{at}");
            games += 1;
        }
    }
    assert_eq!(lines.next(), None);
    assert_eq!(games, 4);
    let _ = VariantPosition::new(Variant::Standard);
}
