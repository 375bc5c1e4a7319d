//! Reading on several threads gives exactly what the sequential reader gives: the same games,
//! errors, diagnostics, truncation flags, numbers and locations, in the same order.

use std::fmt::Write as _;
use std::ops::ControlFlow;

use chess_notation::pgn::{
    GameBuilder, GameReader, GameResult, Location, ParallelReader, PgnError, PgnGame, Reader,
    SyntaxError, VariationChoice, Visitor,
};
use chess_testdata::pgn::PIECES;
use proptest::prelude::*;

type Item = Result<PgnGame, PgnError>;

fn sequential(text: &[u8], buffer: usize, strict: bool) -> Vec<Item> {
    let reader = Reader::with_buffer_size(text, buffer);
    let builder = GameBuilder::new().allow_null_moves(true);
    GameReader::with_builder(reader, builder)
        .strict(strict)
        .collect()
}

fn parallel(text: &[u8], threads: usize, chunk: usize, buffer: usize, strict: bool) -> Vec<Item> {
    ParallelReader::new(text)
        .builder(GameBuilder::new().allow_null_moves(true))
        .strict(strict)
        .threads(threads)
        .chunk_size(chunk)
        .buffer_size(buffer)
        .collect()
}

/// Compares game by game, so that a failure names the first game that differs.
fn assert_same(expected: &[Item], actual: &[Item], what: &str) {
    for (i, (e, a)) in expected.iter().zip(actual).enumerate() {
        assert_eq!(e, a, "{what}: game {} differs", i + 1);
    }
    assert_eq!(expected.len(), actual.len(), "{what}: number of games");
}

/// The real-world test files, when fetched.
fn real_files() -> Option<Vec<u8>> {
    let mut all = Vec::new();
    for bytes in chess_testdata::read_each(&chess_testdata::PGN_FILES)? {
        all.extend(bytes);
        all.extend(b"\n\n");
    }
    Some(all)
}

#[test]
fn real_files_read_the_same_on_several_threads() {
    let Some(real) = real_files() else {
        return;
    };
    let mut text = Vec::new();
    for _ in 0..20 {
        text.extend(&real);
    }
    let expected = sequential(&text, 64 * 1024, false);
    assert!(expected.len() > 250);
    for threads in [1, 2, 4] {
        for chunk in [300, 5000, 1 << 20] {
            let actual = parallel(&text, threads, chunk, 64 * 1024, false);
            assert_same(
                &expected,
                &actual,
                &format!("{threads} threads, {chunk}-byte parts"),
            );
        }
    }
}

#[test]
fn a_comment_that_never_closes_swallows_the_rest_as_sequentially() {
    let mut text = String::new();
    for i in 0..50 {
        text.push_str(&format!("[Event \"{i}\"]\n\n1. e4 e5 *\n\n"));
    }
    text.push_str("[Event \"open\"]\n\n1. e4 { never closed\n");
    for i in 0..50 {
        text.push_str(&format!("[Event \"{i}\"]\n\n1. d4 d5 *\n\n"));
    }
    let expected = sequential(text.as_bytes(), 1024, false);
    assert_eq!(expected.len(), 51);
    for chunk in [64, 200, 4096] {
        let actual = parallel(text.as_bytes(), 2, chunk, 1024, false);
        assert_same(&expected, &actual, &format!("{chunk}-byte parts"));
    }
}

#[test]
fn strict_reading_stops_at_the_same_error() {
    let text = PIECES.concat();
    let expected = sequential(text.as_bytes(), 1024, true);
    assert!(expected.last().is_some_and(Result::is_err));
    for chunk in [50, 400, 1 << 20] {
        let actual = parallel(text.as_bytes(), 3, chunk, 1024, true);
        assert_same(&expected, &actual, &format!("{chunk}-byte parts"));
    }
}

/// Forum markup after an empty line ends no game, unlike tags: a cut before it (where parts
/// are cut) finds the game before it unfinished, as sequential reading does. Between two games,
/// markup at the end of a part belongs to the game of the next part.
#[test]
fn forum_markup_where_parts_are_cut_reads_as_sequentially() {
    let mut inside = String::new();
    let mut between = String::new();
    for i in 0..40 {
        inside.push_str(&format!(
            "[Event \"{i}\"]\n\n1. d4 d5 2. c4\n\n[/pgn]\n\n[pgn]\n\n2... e6\n\n"
        ));
        between.push_str(&format!(
            "[Event \"{i}\"]\n\n1. d4 d5 2. c4 e6 *\n\n[/pgn]\n<br>\n\n[pgn]\n\n"
        ));
    }
    let expected = sequential(inside.as_bytes(), 1024, false);
    assert_eq!(expected.len(), 40);
    let first = expected[0].as_ref().unwrap();
    assert_eq!(first.mainline.moves.len(), 4);
    assert_eq!(first.diagnostics.len(), 1, "{:?}", first.diagnostics);
    let expected = sequential(between.as_bytes(), 1024, false);
    assert_eq!(expected.len(), 40);
    let second = expected[1].as_ref().unwrap();
    assert_eq!(second.diagnostics.len(), 2, "{:?}", second.diagnostics);
    for text in [inside, between] {
        for threads in [2, 3] {
            for chunk in [16, 40, 100, 333] {
                let expected = sequential(text.as_bytes(), 1024, false);
                let actual = parallel(text.as_bytes(), threads, chunk, 1024, false);
                assert_same(
                    &expected,
                    &actual,
                    &format!("{threads} threads, {chunk}-byte parts"),
                );
                let strict = parallel(text.as_bytes(), threads, chunk, 1024, true);
                let expected = sequential(text.as_bytes(), 1024, true);
                assert_same(
                    &expected,
                    &strict,
                    &format!("strict, {threads} threads, {chunk}-byte parts"),
                );
            }
        }
    }
}

/// An input that fails after some bytes: the games before are read, then the error.
struct Failing<'a> {
    data: &'a [u8],
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.data.is_empty() {
            return Err(std::io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.data.len()).min(700);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn a_failing_input_ends_with_its_error() {
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!("[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 *\n\n"));
    }
    let games: Vec<Item> = ParallelReader::new(Failing {
        data: text.as_bytes(),
    })
    .threads(2)
    .chunk_size(256)
    .collect();
    let (last, before) = games.split_last().unwrap();
    assert!(before.iter().all(Result::is_ok));
    assert_eq!(before.len(), 40);
    let e = last.as_ref().unwrap_err();
    assert_eq!(e.kind().as_str(), "io");
    assert_eq!(e.game, 41);
}

/// Writes down every visitor call with its location (a comment's parts joined: where long
/// comments are cut depends on the buffer), visiting every variation, and the source's bytes of
/// the movetext (joined too).
#[derive(Default)]
struct Transcript {
    text: String,
    comment: Vec<u8>,
    movetext: Vec<u8>,
}

impl Transcript {
    fn call(&mut self, what: std::fmt::Arguments<'_>, at: Location) -> ControlFlow<()> {
        let _ = writeln!(self.text, "{what} @{}:{}:{}", at.line, at.column, at.offset);
        ControlFlow::Continue(())
    }
}

impl Visitor for Transcript {
    type Output = String;

    fn begin_game(&mut self, at: Location) {
        self.text.clear();
        let _ = self.call(format_args!("game"), at);
    }
    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        self.call(format_args!("tag {name:?} {value:?}"), at)
    }
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        self.call(format_args!("movetext"), at)
    }
    fn wants_movetext_bytes(&self) -> bool {
        true
    }
    fn movetext_bytes(&mut self, bytes: &[u8]) {
        self.movetext.extend_from_slice(bytes);
    }
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        self.call(format_args!("san {san:?}"), at)
    }
    fn nag(&mut self, nag: u8, at: Location) -> ControlFlow<()> {
        self.call(format_args!("nag {nag}"), at)
    }
    fn partial_comment(&mut self, part: &[u8], _: Location) -> ControlFlow<()> {
        self.comment.extend_from_slice(part);
        ControlFlow::Continue(())
    }
    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        self.comment.extend_from_slice(comment);
        let whole = std::mem::take(&mut self.comment);
        self.call(format_args!("comment {whole:?}"), at)
    }
    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        let _ = self.call(format_args!("("), at);
        VariationChoice::Continue
    }
    fn end_variation(&mut self, at: Location) -> ControlFlow<()> {
        self.call(format_args!(")"), at)
    }
    fn outcome(&mut self, result: GameResult, at: Location) -> ControlFlow<()> {
        self.call(format_args!("result {result}"), at)
    }
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        self.call(format_args!("error {:?}", error.kind), error.at)
    }
    fn normalised(&mut self, note: SyntaxError) {
        let _ = self.call(format_args!("normalised {:?}", note.kind), note.at);
    }
    fn truncated(&mut self, at: Location) {
        let _ = self.call(format_args!("truncated"), at);
    }
    fn end_game(&mut self) -> String {
        let movetext = std::mem::take(&mut self.movetext);
        let _ = writeln!(
            self.text,
            "movetext bytes {:?}",
            String::from_utf8_lossy(&movetext)
        );
        std::mem::take(&mut self.text)
    }
}

/// The source's movetext of each game, as the sequential reader gives it and on several
/// threads with parts so small that many games span a cut (those cut inside a comment that
/// holds an `[Event` line are read again on the calling thread).
#[test]
fn movetext_bytes_are_the_same_on_several_threads() {
    let mut text = String::new();
    let mut expected = Vec::new();
    for i in 0..60 {
        let movetext = format!(
            "1. e4 {{ [%eval 0.{i}] [%clk 0:03:00] }} 1... e5??\r\n2. Nf3 {{ a comment\n\
             {}across lines }} 2... Nc6 $1 (2... d6 3. d4)\n3. Bb5{}",
            if i % 2 == 0 {
                "[Event \"in a comment\"]\n"
            } else {
                ""
            },
            if i % 3 == 0 { " 1-0" } else { "" }
        );
        text.push_str(&format!("[Event \"{i}\"]\r\n\r\n{movetext}\n\n"));
        // Without a result, up to the next game's tags.
        expected.push(if i % 3 == 0 {
            movetext
        } else {
            format!("{movetext}\n\n")
        });
    }
    let expected: Vec<String> = expected.iter().map(|m| format!("{m:?}")).collect();
    let movetexts = |transcripts: Vec<String>| -> Vec<String> {
        transcripts
            .iter()
            .map(|t| t.lines().last().unwrap().replace("movetext bytes ", ""))
            .collect()
    };
    let mut reader = Reader::with_buffer_size(text.as_bytes(), 1024);
    let mut sequential = Vec::new();
    while let Some(game) = reader.read_game(&mut Transcript::default()).unwrap() {
        sequential.push(game);
    }
    assert_eq!(movetexts(sequential.clone()), expected);
    for threads in [2, 3] {
        for chunk in [1, 40, 100, 333, 4096] {
            let parallel: Vec<String> = ParallelReader::new(text.as_bytes())
                .threads(threads)
                .chunk_size(chunk)
                .buffer_size(1024)
                .visit(Transcript::default)
                .collect();
            assert_eq!(
                parallel, sequential,
                "{threads} threads, {chunk}-byte parts"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random concatenations of the pieces (the last one possibly cut anywhere), read with 1,
    /// 2 and 4 threads, small parts and small buffers: the same as sequential reading.
    #[test]
    fn parallel_reading_is_sequential_reading(
        picks in prop::collection::vec(0..PIECES.len(), 1..30),
        cut in 0.0f64..1.0,
        truncate in any::<bool>(),
        threads in prop::sample::select(vec![1usize, 2, 4]),
        chunk in 16usize..2000,
        buffer in prop::sample::select(vec![1024usize, 1500, 4096]),
    ) {
        let mut text: Vec<u8> = picks.iter().flat_map(|&i| PIECES[i].bytes()).collect();
        if truncate {
            let at = (text.len() as f64 * cut) as usize;
            text.truncate(at);
        }
        let expected = sequential(&text, buffer, false);
        let actual = parallel(&text, threads, chunk, buffer, false);
        prop_assert_eq!(expected.len(), actual.len());
        for (e, a) in expected.iter().zip(&actual) {
            prop_assert_eq!(e, a);
        }
        // And call by call, with every location, for a visitor of one's own.
        let mut reader = Reader::with_buffer_size(&text[..], buffer);
        let mut transcript = Transcript::default();
        let mut expected = Vec::new();
        while let Some(game) = reader.read_game(&mut transcript).unwrap() {
            expected.push(game);
        }
        let actual: Vec<String> = ParallelReader::new(&text[..])
            .threads(threads)
            .chunk_size(chunk)
            .buffer_size(buffer)
            .visit(Transcript::default)
            .collect();
        prop_assert_eq!(expected, actual);
    }
}

/// An input that fails at once: its error is the one item, sequentially and in parallel.
#[test]
fn an_input_failing_at_once_gives_its_error() {
    for threads in [1, 2] {
        let games: Vec<Item> = ParallelReader::new(Failing { data: b"" })
            .threads(threads)
            .collect();
        assert_eq!(games.len(), 1, "{threads} threads");
        assert_eq!(games[0].as_ref().unwrap_err().kind().as_str(), "io");
    }
    let games: Vec<_> = chess_notation::pgn::GameReader::new(Failing { data: b"" }).collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap_err().game, 1);
    // After whole games, the error belongs to the next one.
    let games: Vec<_> = chess_notation::pgn::GameReader::new(Failing {
        data: b"1. e4 *\n\n1. d4 *\n\n",
    })
    .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[2].as_ref().unwrap_err().game, 3);
}
