//! Records read straight from the text (`RecordVisitor` playing the moves as it reads them)
//! equal records made the slow way, from the game tree a `GameBuilder` builds; but for the
//! movetext, which is the source's text read straight, and the writer's from a game tree.

use chess_archive::{GameRecord, RecordOptions, RecordVisitor};
use chess_notation::pgn::{GameBuilder, ParallelReader, PgnErrorKind, Reader, VisitorExt};

use chess_testdata::pgn::PIECES;

/// Every combination of the options.
fn all_options() -> Vec<RecordOptions> {
    (0..128)
        .map(|bits| RecordOptions {
            san: bits & 1 != 0,
            packed: bits & 2 != 0,
            movetext: bits & 4 != 0,
            positions: bits & 8 != 0,
            openings: bits & 16 != 0,
            skip_tags: bits & 32 != 0,
            skip_ending: bits & 64 != 0,
        })
        .collect()
}

fn builder() -> GameBuilder {
    GameBuilder::new().allow_null_moves(true)
}

/// The reference: the game tree, then its record.
fn slow(text: &[u8], options: &RecordOptions) -> Vec<GameRecord> {
    let mut reader = Reader::new(text);
    let mut visitor = builder().with_start();
    let mut records = Vec::new();
    while let Some((start, game)) = reader.read_game(&mut visitor).unwrap() {
        records.push(GameRecord::new(
            game,
            start,
            records.len() as u64 + 1,
            options,
        ));
    }
    records
}

fn fast(text: &[u8], options: &RecordOptions) -> Vec<GameRecord> {
    let mut reader = Reader::new(text);
    let mut visitor = RecordVisitor::new(builder(), *options);
    let mut records = Vec::new();
    while let Some(record) = reader.read_game(&mut visitor).unwrap() {
        records.push(record);
    }
    records
}

pub(crate) fn assert_same(text: &[u8], what: &str) {
    for options in all_options() {
        let (mut expected, mut actual) = (slow(text, &options), fast(text, &options));
        assert!(!expected.is_empty());
        // The movetext differs by design (see `movetext_is_the_source_text_on_one_line`).
        for record in expected.iter_mut().chain(&mut actual) {
            assert_eq!(record.movetext.is_some(), options.movetext, "{what}");
            record.movetext = None;
        }
        for (i, (e, a)) in expected.iter().zip(&actual).enumerate() {
            assert_eq!(e, a, "{what}, {options:?}: game {} differs", i + 1);
        }
        assert_eq!(expected.len(), actual.len(), "{what}, {options:?}");
    }
}

#[test]
fn records_read_directly_equal_those_of_the_game_tree() {
    let mut text = PIECES.concat();
    // Clocks and evaluations, a named opening, draws and mates by the rules, Chess960, a null
    // move, bad moves and a bad FEN after some moves.
    text.push_str(
        "[Event \"annotated\"]\n[White \"A \\\"quoted\\\" name\"]\n[Opening \"?\"]\n\n\
         1. d4 { [%eval 0.2] [%clk 0:03:00] } d5 { [%clk 0:02:59.5] [%eval #-3] } 2. c4 e6 \
         3. Nc3 Nf6 {[%clk 1:2:3]} 1/2-1/2\n\n\
         [Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n\
         9. g3 cxb2 *\n\n\
         1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 *\n\n\
         [FEN \"8/8/8/8/8/5k2/8/4BK2 b - - 0 1\"]\n\n1... Kg3 2. Bc3 *\n\n\
         1. f3 e5 2. g4 Qh4# 0-1\n\n\
         1. e4 -- 2. d4 Qh4 3. Kxh4 *\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n",
    );
    assert_same(text.as_bytes(), "the pieces");
}

#[test]
fn real_files_give_the_same_records_both_ways() {
    let Some(files) = chess_testdata::read_each(&chess_testdata::PGN_FILES) else {
        return;
    };
    for (bytes, name) in files.iter().zip(chess_testdata::PGN_FILES) {
        assert_same(bytes, name);
    }
    let Some(lichess) = chess_testdata::read(chess_testdata::LICHESS_SAMPLE) else {
        return;
    };
    // The first thousand games or so: clocks and evaluations in every comment.
    let cut = lichess
        .windows(8)
        .enumerate()
        .filter(|(_, w)| w == b"\n[Event ")
        .nth(1000)
        .map_or(lichess.len(), |(i, _)| i + 1);
    assert_same(&lichess[..cut], "the Lichess sample");
}

fn with_movetext() -> RecordOptions {
    RecordOptions {
        movetext: true,
        ..RecordOptions::default()
    }
}

/// The records of `text` read with a buffer of `buffer` bytes.
fn read_records(text: &[u8], buffer: usize) -> Vec<GameRecord> {
    let mut reader = Reader::with_buffer_size(text, buffer);
    let mut visitor = RecordVisitor::new(builder(), with_movetext());
    let mut records = Vec::new();
    while let Some(record) = reader.read_game(&mut visitor).unwrap() {
        records.push(record);
    }
    records
}

/// The records of `text` read on two threads, in parts of `chunk` bytes.
fn read_records_in_parallel(text: &[u8], chunk: usize) -> Vec<GameRecord> {
    ParallelReader::new(text)
        .threads(2)
        .chunk_size(chunk)
        .buffer_size(1024)
        .visit(|| RecordVisitor::new(builder(), with_movetext()))
        .collect()
}

fn movetexts(records: &[GameRecord]) -> Vec<&str> {
    records
        .iter()
        .map(|r| r.movetext.as_deref().expect("a movetext"))
        .collect()
}

#[test]
fn movetext_is_the_source_text_on_one_line() {
    let long: String = (3..40)
        .map(|n| format!("{n}. Nf3 {{ [%clk 0:02:{n:02}] }} {n}... Nf6 {{ [%clk 0:02:{n:02}] }}\n"))
        .collect();
    let text = format!(
        "[Event \"annotated\"]\n[Site \"?\"]\n\n\
         1. e4 {{ [%eval 0.2] [%clk 0:03:00] }} 1... Nf6?? {{ [%eval 3.1] }}\r\n\
         2. Nc3 $1  2... Ng8 !?\n{long}40. e5 1-0\n\n\
         [Event \"illegal\"]\r\n\r\n1. e4 e5 2. Ke3 {{ after it }}\r\n 2... d5 0-1\r\n\r\n\
         [Event \"no result\"]\n\n1. d4 d5\n\n\
         [Event \"cut off\"]\n\n1. c4 {{ never closed\n"
    );
    let long_joined = long.trim_end().replace('\n', " ");
    let expected = [
        format!(
            "1. e4 {{ [%eval 0.2] [%clk 0:03:00] }} 1... Nf6?? {{ [%eval 3.1] }} \
             2. Nc3 $1  2... Ng8 !? {long_joined} 40. e5 1-0"
        ),
        "1. e4 e5 2. Ke3 { after it } 2... d5 0-1".to_owned(),
        "1. d4 d5".to_owned(),
        "1. c4 { never closed".to_owned(),
    ];
    assert!(
        long_joined.len() > 1024,
        "a movetext longer than the small buffer"
    );
    for buffer in [1024, 64 * 1024] {
        let records = read_records(text.as_bytes(), buffer);
        assert_eq!(movetexts(&records), expected, "{buffer}-byte buffer");
        // The bad games keep all their text.
        assert_eq!(
            records[1].error.as_ref().unwrap().kind,
            PgnErrorKind::IllegalMove
        );
        let uci: Vec<String> = records[1].uci_moves().map(|m| m.to_string()).collect();
        assert_eq!(uci, ["e2e4", "e7e5"]);
        assert!(records[3].truncated);
    }
    for chunk in [16, 100, 1000] {
        let records = read_records_in_parallel(text.as_bytes(), chunk);
        assert_eq!(movetexts(&records), expected, "{chunk}-byte parts");
    }
}

/// The movetext of each game of a file that starts each game with an `Event` tag, the slow
/// and obvious way: the text after the first empty line of each game, its lines trimmed and
/// joined by single spaces.
fn reference_movetexts(text: &str) -> Vec<String> {
    let mut games: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("\n\n[Event ") {
        games.push(&rest[..i]);
        rest = &rest[i + 2..];
    }
    games.push(rest);
    games
        .iter()
        .map(|game| {
            let (_, movetext) = game.split_once("\n\n").expect("a tag section");
            let lines: Vec<&str> = movetext
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .collect();
            lines.join(" ")
        })
        .collect()
}

/// Every game of the Lichess sample (47 games) and of the larger file of the same package (438
/// games): the record's movetext is the source's, read on one thread or two.
#[test]
fn lichess_movetext_is_the_source_text() {
    for name in [
        chess_testdata::LICHESS_SAMPLE,
        "pgn-reader/benches/lichess_db_1000k.pgn",
    ] {
        let Some(text) = chess_testdata::read_to_string(name) else {
            return;
        };
        let expected = reference_movetexts(&text);
        assert!(expected.len() > 40);
        let records = read_records(text.as_bytes(), 64 * 1024);
        assert_eq!(records.len(), expected.len(), "{name}");
        for (i, (record, expected)) in records.iter().zip(&expected).enumerate() {
            assert_eq!(
                record.movetext.as_ref(),
                Some(expected),
                "{name}: game {}",
                i + 1
            );
        }
        let in_parallel = read_records_in_parallel(text.as_bytes(), 10_000);
        assert!(
            movetexts(&in_parallel) == movetexts(&records),
            "{name}: not the same on two threads"
        );
    }
}

#[test]
fn records_that_skip_the_tags_or_the_ending_hold_the_rest_unchanged() {
    let text = b"[Event \"e\"]\n[White \"W\"]\n[Result \"1/2-1/2\"]\n\n\
        1. f3 { [%eval 0.1] [%clk 0:01:00] } e5 2. g4 Qh4# 0-1\n\n\
        [Event \"f\"]\n\n1. e4 { [%clk 0:00:59] } e5 *\n";
    let whole = fast(text, &RecordOptions::default());
    assert_eq!(whole[0].outcome_name(), Some("checkmate"));
    assert_eq!(whole[1].result(), "*");
    for (skip_tags, skip_ending) in [(true, false), (false, true), (true, true)] {
        let options = RecordOptions {
            skip_tags,
            skip_ending,
            ..RecordOptions::default()
        };
        for (lean, mut expected) in fast(text, &options).into_iter().zip(whole.clone()) {
            assert_eq!(lean.headers.is_empty(), skip_tags);
            assert_eq!(lean.final_fen.is_empty(), skip_ending);
            if skip_ending {
                assert_eq!(lean.outcome, None);
                expected.final_fen.clear();
                expected.outcome = None;
            }
            if skip_tags {
                // The result token stays: it is not a tag.
                expected.headers = lean.headers.clone();
            }
            assert_eq!(lean, expected, "{options:?}");
        }
    }
}
