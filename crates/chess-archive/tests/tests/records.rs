//! Records read straight from the text (`RecordVisitor` playing the moves as it reads them)
//! equal records made the slow way, from the game tree a `GameBuilder` builds.

use chess_archive::{GameRecord, RecordOptions, RecordVisitor};
use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};

use chess_testdata::pgn::PIECES;

/// Every combination of the options.
fn all_options() -> Vec<RecordOptions> {
    (0..32)
        .map(|bits| RecordOptions {
            san: bits & 1 != 0,
            packed: bits & 2 != 0,
            movetext: bits & 4 != 0,
            positions: bits & 8 != 0,
            openings: bits & 16 != 0,
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

fn assert_same(text: &[u8], what: &str) {
    for options in all_options() {
        let (expected, actual) = (slow(text, &options), fast(text, &options));
        assert!(!expected.is_empty());
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
