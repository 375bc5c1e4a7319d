//! Games of the variants in records: read with their own rules (moves, drops in UCI, results,
//! outcomes, final variant FENs and the `variant` column), the same straight from the text as
//! from the game tree, and as python-chess reads its own variant files.

use chess_archive::jsonl::JsonlWriter;
use chess_archive::{GameRecord, RecordOptions, RecordVisitor, Schema};
use chess_notation::pgn::{GameBuilder, Reader};
use chess_rules::variant::Variant;
use chess_testdata::{LICHESS_VARIANT_SAMPLE, VARIANT_PGN_FILES};

use super::records::assert_same;

fn records(text: &[u8], options: RecordOptions) -> Vec<GameRecord> {
    let mut reader = Reader::new(text);
    let mut visitor = RecordVisitor::new(GameBuilder::new(), options);
    std::iter::from_fn(|| reader.read_game(&mut visitor).unwrap()).collect()
}

fn uci(record: &GameRecord) -> String {
    let moves: Vec<String> = record.uci_moves().map(|m| m.to_string()).collect();
    moves.join(" ")
}

/// Regression: python-chess's Antichess file read as a standard game gave the result `*`
/// although its movetext ends `1-0`, and the standard start as the final position.
#[test]
fn antichess_programfox_keeps_its_result_and_final_position() {
    let Some(text) = chess_testdata::read(VARIANT_PGN_FILES[0]) else {
        return;
    };
    let records = records(&text, RecordOptions::default());
    assert_eq!(records.len(), 2);
    let first = &records[0];
    assert_eq!(first.error, None);
    assert_eq!(first.variant, Variant::Antichess);
    assert_eq!(first.variant_name(), "Antichess");
    assert_eq!(first.result(), "1-0");
    assert_eq!(first.plies, 62);
    assert_eq!(first.final_fen, "8/2k5/8/8/8/8/6b1/8 w - - 0 32");
    // White, to move, has no piece left: white wins by Antichess's rules.
    assert_eq!(first.outcome_name(), Some("variant_win"));
    assert_eq!(records[1].result(), "1/2-1/2");
    assert_eq!(records[1].final_fen, "8/6k1/3K4/8/8/3k4/8/8 w - - 4 33");
    assert_eq!(records[1].outcome, None);
}

/// The Lichess-style sample, one game of each variant: the `variant` column, drops in UCI,
/// the results and the ends by each variant's rules.
#[test]
fn lichess_variant_games_become_records() {
    let text = std::fs::read(chess_testdata::own(LICHESS_VARIANT_SAMPLE)).unwrap();
    let options = RecordOptions {
        san: true,
        ..RecordOptions::default()
    };
    let records = records(&text, options);
    let rows: Vec<(&str, &str, Option<&str>)> = records
        .iter()
        .map(|r| (r.variant_name(), r.result(), r.outcome_name()))
        .collect();
    assert_eq!(
        rows,
        [
            ("Crazyhouse", "0-1", None),
            ("Atomic", "1-0", Some("variant_win")),
            ("Antichess", "1/2-1/2", None),
            ("King of the Hill", "0-1", Some("variant_win")),
            ("Three-check", "1-0", Some("variant_win")),
            ("Horde", "0-1", None),
            ("Racing Kings", "1/2-1/2", Some("variant_draw")),
        ]
    );
    let zh = &records[0];
    assert_eq!(uci(zh), "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@b4 a5b4 g1f3 P@d5");
    assert_eq!(
        zh.moves_san.as_deref(),
        Some("e4 d5 exd5 Qxd5 Nc3 Qa5 P@b4 Qxb4 Nf3 P@d5")
    );
    assert_eq!(
        zh.final_fen,
        "rnb1kbnr/ppp1pppp/8/3p4/1q6/2N2N2/PPPP1PPP/R1BQKB1R[p] w KQkq - 2 6"
    );
    assert_eq!(zh.clocks[9], Some(171_000));
    assert_eq!(zh.start_fen, None);
    assert!(
        records
            .iter()
            .all(|r| r.error.is_none() && r.positions.is_empty())
    );
    assert_eq!(
        records[4].final_fen,
        "r1bq1bnr/ppppk1pp/2n5/4Q3/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 0+3 0 5"
    );
    // The JSON Lines rows say the variant.
    let mut out = Vec::new();
    let mut writer = JsonlWriter::new(
        &mut out,
        Schema::Games {
            san: false,
            packed: false,
        },
    );
    for record in &records {
        writer.write(record, "sample.pgn").unwrap();
    }
    drop(writer);
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains(r#""variant": "Crazyhouse""#)
    );
    assert!(
        text.contains(r#""moves_uci": ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@b4""#)
    );
    // Standard games say so, and Chess960 games too.
    let standard = records_of("1. e4 *\n\n[Variant \"Chess960\"]\n\n1. e4 *\n");
    let names: Vec<&str> = standard.iter().map(GameRecord::variant_name).collect();
    assert_eq!(names, ["Standard", "Chess960"]);
}

fn records_of(text: &str) -> Vec<GameRecord> {
    records(text.as_bytes(), RecordOptions::default())
}

/// The rules of a game's history in a variant's record: fivefold repetition in Three-check
/// (and not in standard chess's counting, where the capture on a8 would start the count
/// afresh: Crazyhouse's captured rooks come back as drops), as python-chess's `outcome()` of
/// these games says; and, as for standard games, the first ending kept when the moves go on.
#[test]
fn variant_records_end_by_repetition_as_their_rules_count_it() {
    let knights = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
    let cycle = "Rxa8+ Nxa8 R@a1 Nb6 Ke2 R@a8 Kd1 Ke7 Ke1 Ke8 ".repeat(4);
    let text = format!(
        "[Variant \"Three-check\"]\n\n{knights}*\n\n\
         [Variant \"Crazyhouse\"]\n[FEN \"r3k3/8/1n6/8/8/8/8/R3K3[] w - - 0 1\"]\n\n{cycle}*\n\n\
         [Variant \"Crazyhouse\"]\n[FEN \"r3k3/8/1n6/8/8/8/8/R3K3[] w - - 0 1\"]\n\n{cycle}Kd1 *\n\n\
         [Variant \"Crazyhouse\"]\n[FEN \"r3k3/8/1n6/8/8/8/8/R3K3[] w - - 149 80\"]\n\nKe2 Kd8 *\n"
    );
    let records = records_of(&text);
    let outcomes: Vec<Option<&str>> = records.iter().map(GameRecord::outcome_name).collect();
    assert_eq!(
        outcomes,
        [
            Some("fivefold_repetition"),
            Some("fivefold_repetition"),
            Some("fivefold_repetition"),
            // No 75-move rule in Crazyhouse.
            None,
        ]
    );
    assert_eq!(records[2].plies, 41);
    assert!(records.iter().all(|r| r.error.is_none()));
}

/// Records of variant games read straight from the text are those of their game trees, with
/// every combination of the options; a set-up start, a variation and a bad move included.
#[test]
fn variant_records_read_directly_equal_those_of_the_game_tree() {
    let mut text = std::fs::read_to_string(chess_testdata::own(LICHESS_VARIANT_SAMPLE)).unwrap();
    text.push_str(
        "\n[Variant \"Crazyhouse\"]\n[FEN \"r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R/Nn w KQkq - 0 4\"]\n\n\
         4. N@d5 (4. Nc3) N@f6 5. Nxf6+ Qxf6 *\n\n\
         [Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe7 *\n\n\
         [Variant \"Atomic\"]\n\n1. e4 ±  e5 2. Nf3 { [%eval 0.3] } d6 3. Nxe5 *\n",
    );
    assert_same(text.as_bytes(), "variant games");
    for path in VARIANT_PGN_FILES {
        if let Some(bytes) = chess_testdata::read(path) {
            assert_same(&bytes, path);
        }
    }
}

/// python-chess's own variant files: the moves, final position and result python-chess reads.
#[test]
fn python_chess_variant_files_read_as_python_chess_reads_them() {
    let Some(files) = chess_testdata::read_each(&VARIANT_PGN_FILES) else {
        return;
    };
    if !chess_testdata::python_chess() {
        return;
    }
    let script = chess_testdata::workspace_root()
        .join("crates/chess-notation/tests/python/pgn_variant_games.py");
    let paths: Vec<_> = VARIANT_PGN_FILES
        .iter()
        .map(|path| chess_testdata::expect(path))
        .collect();
    let expected = chess_testdata::python_output(&script, &paths);
    let ours: Vec<GameRecord> = files
        .iter()
        .flat_map(|bytes| records(bytes, RecordOptions::default()))
        .collect();
    let lines: Vec<&str> = expected.lines().collect();
    assert_eq!(ours.len(), lines.len());
    assert_eq!(ours.len(), 4);
    for (record, line) in ours.iter().zip(lines) {
        let fields: Vec<&str> = line.split('|').collect();
        let at = format!("game {}: {}", record.game_index, fields[0]);
        assert_eq!(record.variant.uci_name(), fields[0], "{at}");
        assert_eq!(uci(record), fields[1], "{at}");
        assert_eq!(record.final_fen, fields[2], "{at}");
        assert_eq!(record.result(), fields[3], "{at}");
        assert_eq!(record.error, None, "{at}");
    }
}
