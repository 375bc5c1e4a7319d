//! The variants' rules and notation against python-chess: its perft suites of the variants,
//! read from their EPD lines (pockets, promoted pieces, Three-check's counters) and counted in
//! full, and random games of every variant compared position by position with its
//! `chess.variant` boards (FEN, legal moves in UCI and SAN, outcome, check, Polyglot key).

use std::path::Path;

use chess_notation::{Epd, SanPlus, VariantFen, uci};
use chess_rules::variant::{Playable, Variant, VariantPosition, perft};
use chess_rules::{CastlingMode, DrawReason, Game, Outcome, WinReason};
use chess_testdata::VARIANT_PERFT;

/// Every count of python-chess's six variant suites, as its `perft.py` plays them: each
/// position under Chess960 castling (`VariantBoard(chess960=True)`; the suites have Atomic960
/// castling), nothing skipped (about 25 million nodes in all, seconds with the test profile's
/// optimisations).
#[test]
fn python_chess_variant_perft_suites_in_full() {
    let paths: Vec<&str> = VARIANT_PERFT.iter().map(|&(_, path)| path).collect();
    let Some(files) = chess_testdata::read_each(&paths) else {
        return;
    };
    let mut checked = Vec::new();
    for (&(name, path), bytes) in VARIANT_PERFT.iter().zip(files) {
        let variant: Variant = name.parse().unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let mut lines = 0;
        for record in chess_testdata::perft::records(&text) {
            let epd: Epd = record
                .fen
                .parse()
                .unwrap_or_else(|e| panic!("{path} {}: {e}", record.id));
            let pos = epd
                .variant_position(variant, true)
                .unwrap_or_else(|e| panic!("{path} {}: {e}", record.id));
            for &(depth, nodes) in &record.counts {
                assert_eq!(
                    perft(&pos, depth),
                    nodes,
                    "{path} {} depth {depth}",
                    record.id
                );
                lines += 1;
            }
            // The EPD written back reads the same.
            let again: Epd = Epd::from_variant_position(&pos)
                .to_string()
                .parse()
                .unwrap();
            assert_eq!(
                again.variant_fen(),
                epd.variant_fen(),
                "{path} {}",
                record.id
            );
        }
        checked.push((name, lines));
    }
    // Every `perft` line of each file: `grep -c '^perft' FILE`.
    assert_eq!(
        checked,
        [
            ("Three-check", 6),
            ("Atomic", 31),
            ("Crazyhouse", 18),
            ("Antichess", 23),
            ("Horde", 12),
            ("Racing Kings", 10),
        ]
    );
}

/// python-chess's `outcome()` of `pos` as the oracle script writes it: `TERMINATION WINNER`.
fn outcome_name(outcome: Option<Outcome>, turn: chess_core::Color) -> String {
    let name = |color: chess_core::Color| if color.is_white() { "white" } else { "black" };
    match outcome {
        None => "-".to_owned(),
        Some(Outcome::Decisive { winner, reason }) => {
            let termination = match reason {
                WinReason::Checkmate => "CHECKMATE",
                // python-chess says whose move it is: the side to move won or lost.
                _ if winner == turn => "VARIANT_WIN",
                _ => "VARIANT_LOSS",
            };
            format!("{termination} {}", name(winner))
        }
        Some(Outcome::Draw { reason }) => {
            let termination = match reason {
                DrawReason::Stalemate => "STALEMATE",
                DrawReason::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
                DrawReason::SeventyFiveMoveRule => "SEVENTYFIVE_MOVES",
                DrawReason::FivefoldRepetition => "FIVEFOLD_REPETITION",
                _ => "VARIANT_DRAW",
            };
            format!("{termination} none")
        }
    }
}

/// Random games of every variant played by python-chess, each position compared with ours:
/// the FEN, the legal moves (UCI, sorted), each move's SAN (and SAN read back), the outcome,
/// check and the Polyglot key.
#[test]
fn random_games_agree_with_python_chess() {
    if !chess_testdata::python_chess() {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/variant_games.py");
    // Six games of each variant, up to 250 moves: about 8 000 positions. More, from another
    // seed, with CHESS_VARIANT_GAMES=SEED,GAMES.
    let (seed, per_variant) = std::env::var("CHESS_VARIANT_GAMES")
        .ok()
        .and_then(|v| {
            let (seed, games) = v.split_once(',')?;
            Some((seed.parse::<u64>().ok()?, games.parse::<usize>().ok()?))
        })
        .unwrap_or((1, 6));
    let text = chess_testdata::python_output(
        &script,
        [seed.to_string(), per_variant.to_string(), "250".to_owned()],
    );
    let mut pos: Option<VariantPosition> = None;
    // The same moves played as a game, for the rules of a game's history.
    let mut game: Option<Game<VariantPosition>> = None;
    let mut variant = Variant::Standard;
    let (mut games, mut positions) = (0, 0);
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("game ") {
            variant = name.parse().unwrap();
            pos = None;
            game = None;
            games += 1;
            continue;
        }
        let fields: Vec<&str> = line.split('|').collect();
        let [fen, moves, sans, outcome, check, key, claims, chosen] = fields[..] else {
            panic!("malformed line {line:?}");
        };
        let pos = pos.get_or_insert_with(|| {
            let fen: VariantFen = fen.parse().unwrap();
            fen.into_position(variant, CastlingMode::Standard).unwrap()
        });
        let game = game.get_or_insert_with(|| Game::new(pos.clone()));
        let at = format!("{variant} {fen}");
        assert_eq!(VariantFen::from_position(pos).to_string(), fen, "{at}");
        // The FEN read back is the same position.
        let again: VariantFen = fen.parse().unwrap();
        let again = again
            .into_position(variant, CastlingMode::Standard)
            .unwrap();
        assert_eq!(again.repetition_key(), pos.repetition_key(), "{at}");
        let mut ours: Vec<(String, chess_rules::Move)> = pos
            .legal_moves()
            .iter()
            .map(|&m| (uci::format_variant(pos, m), m))
            .collect();
        ours.sort();
        let names: Vec<&str> = ours.iter().map(|(name, _)| name.as_str()).collect();
        let theirs: Vec<&str> = moves.split(' ').filter(|m| !m.is_empty()).collect();
        assert_eq!(names, theirs, "{at}: legal moves");
        for ((name, m), san) in ours.iter().zip(sans.split(' ')) {
            // python-chess writes a pawn's drop `@e4`, Lichess (and this crate) `P@e4`.
            let san = if san.starts_with('@') {
                format!("P{san}")
            } else {
                san.to_owned()
            };
            assert_eq!(
                SanPlus::from_variant_move(pos, *m).to_string(),
                san,
                "{at}: {name}"
            );
            let read = SanPlus::from_ascii(san.as_bytes()).unwrap();
            assert_eq!(read.to_variant_move(pos), Ok(*m), "{at}: {san}");
            assert_eq!(uci::parse_variant(pos, name), Ok(*m), "{at}: {name}");
        }
        // The rules of a game's history (the 75-move rule, fivefold repetition) are a game's,
        // not a position's.
        let expected = if outcome.starts_with("SEVENTYFIVE") || outcome.starts_with("FIVEFOLD") {
            "-"
        } else {
            outcome
        };
        assert_eq!(
            outcome_name(pos.outcome(), pos.turn()),
            expected,
            "{at}: outcome"
        );
        assert_eq!(
            outcome_name(game.outcome(), pos.turn()),
            outcome,
            "{at}: the game's outcome"
        );
        let claimable: Vec<&str> = game
            .claimable_draws()
            .iter()
            .map(|reason| match reason {
                DrawReason::ThreefoldRepetition => "threefold",
                DrawReason::FiftyMoveRule => "fifty",
                other => panic!("{other:?} is not claimed"),
            })
            .collect();
        let claimable = if claimable.is_empty() {
            "-".to_owned()
        } else {
            claimable.join(",")
        };
        assert_eq!(claimable, claims, "{at}: claimable draws");
        assert_eq!(pos.is_check(), check == "1", "{at}: check");
        assert_eq!(
            format!("{:016x}", pos.zobrist_hash()),
            key,
            "{at}: polyglot key"
        );
        positions += 1;
        if chosen != "-" {
            let m = uci::parse_variant(pos, chosen).unwrap();
            pos.play_unchecked(m);
            game.play(m).unwrap();
        }
    }
    assert_eq!(games, 10 * per_variant);
    assert!(positions > 800 * per_variant, "{positions}");
}
