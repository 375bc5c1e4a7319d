//! Reading PGN on several threads against one, over a corpus of about 50 MB (the real-world
//! samples fetched by `cargo xtask testdata`, repeated):
//!
//! - `pgn_parallel_play`: scan and play, every mainline move parsed as SAN and played by a
//!   visitor on each thread (`ParallelReader::visit`);
//! - `pgn_parallel_games`: every game built as a `PgnGame` (moves, comments, variations) on
//!   each thread and reduced there to its number of moves.
//!
//! ```text
//! cargo bench -p chess-notation --bench parallel
//! ```

use std::hint::black_box;
use std::ops::ControlFlow;

use chess_notation::Fen;
use chess_notation::pgn::{GameBuilder, Location, ParallelReader, Reader, Visitor, VisitorExt};
use chess_notation::san::SanPlus;
use chess_rules::{CastlingMode, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The samples of pgn-reader's package and python-chess's files, repeated to `size` bytes.
fn corpus(size: usize) -> Vec<u8> {
    let mut one = Vec::new();
    for file in [
        "pgn-reader/benches/lichess_db_1000k.pgn",
        "pgn-reader/benches/twic1599_1000k.pgn",
    ]
    .into_iter()
    .chain(chess_testdata::PGN_FILES)
    {
        one.extend(std::fs::read(chess_testdata::expect(file)).expect("a test file"));
        one.extend(b"\n\n");
    }
    let mut all = Vec::with_capacity(size + one.len());
    while all.len() < size {
        all.extend(&one);
    }
    all
}

/// Parses and plays every mainline move (strict SAN), returning the number played, or
/// `None` for a game with a bad move or start.
#[derive(Default)]
struct Play {
    pos: Position,
    fen: Option<Fen>,
    chess960: bool,
    moves: usize,
    bad: bool,
}

impl Visitor for Play {
    type Output = Option<usize>;

    fn begin_game(&mut self, _: Location) {
        (self.fen, self.chess960, self.moves, self.bad) = (None, false, 0, false);
    }

    fn tag(&mut self, name: &[u8], value: &[u8], _: Location) -> ControlFlow<()> {
        if name == b"FEN" {
            self.fen = Fen::from_ascii(value).ok();
        } else if name == b"Variant" {
            self.chess960 = value.eq_ignore_ascii_case(b"chess960");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: Location) -> ControlFlow<()> {
        self.pos = match self.fen.take() {
            None => Position::standard(),
            Some(fen) => {
                let mode = CastlingMode::from_chess960(self.chess960);
                match fen.into_position(mode) {
                    Ok(pos) => pos,
                    Err(_) => {
                        self.bad = true;
                        return ControlFlow::Break(());
                    }
                }
            }
        };
        ControlFlow::Continue(())
    }

    fn san(&mut self, san: &[u8], _: Location) -> ControlFlow<()> {
        let m = SanPlus::from_ascii(san)
            .ok()
            .and_then(|san| san.to_move(&self.pos).ok());
        match m {
            Some(m) => {
                self.pos.play_unchecked(m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            None => {
                self.bad = true;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self) -> Option<usize> {
        (!self.bad).then_some(self.moves)
    }
}

/// Games, moves played, and games with a move that strict SAN refuses.
fn play_on(bytes: &[u8], threads: usize) -> (usize, usize, usize) {
    let (mut games, mut moves, mut bad) = (0, 0, 0);
    for output in ParallelReader::new(bytes)
        .threads(threads)
        .visit(Play::default)
    {
        games += 1;
        match output {
            Some(n) => moves += n,
            None => bad += 1,
        }
    }
    (games, moves, bad)
}

/// Games, mainline moves, and bad games (none: the builder reads SAN leniently).
fn games_on(bytes: &[u8], threads: usize) -> (usize, usize, usize) {
    let count = || GameBuilder::new().map_output(|game| game.map(|g| g.mainline.moves.len()));
    let (mut games, mut moves, mut bad) = (0, 0, 0);
    for output in ParallelReader::new(bytes).threads(threads).visit(count) {
        games += 1;
        match output {
            Ok(n) => moves += n,
            Err(_) => bad += 1,
        }
    }
    (games, moves, bad)
}

fn parallel(c: &mut Criterion) {
    let bytes = corpus(50 << 20);
    // The same games whatever the threads, and the same as a plain reader gives.
    let mut reader = Reader::new(&bytes[..]);
    let mut play = Play::default();
    let mut sequential = (0, 0, 0);
    while let Some(output) = reader.read_game(&mut play).expect("reading memory") {
        sequential.0 += 1;
        match output {
            Some(n) => sequential.1 += n,
            None => sequential.2 += 1,
        }
    }
    assert_eq!(play_on(&bytes, 1), sequential);
    assert_eq!(play_on(&bytes, 2), sequential);
    let games = games_on(&bytes, 1);
    assert_eq!(games_on(&bytes, 2), games);
    assert_eq!((games.0, games.2), (sequential.0, 0));
    eprintln!(
        "corpus: {} bytes, {} games, {} mainline moves ({} games with a move strict SAN refuses)",
        bytes.len(),
        games.0,
        games.1,
        sequential.2
    );
    type Run = fn(&[u8], usize) -> (usize, usize, usize);
    for (name, run, expected) in [
        ("pgn_parallel_play", play_on as Run, sequential),
        ("pgn_parallel_games", games_on as Run, games),
    ] {
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        for threads in [1, 2] {
            let label = if threads == 1 {
                "1 thread".to_owned()
            } else {
                format!("{threads} threads")
            };
            group.bench_function(label, |b| {
                b.iter(|| assert_eq!(run(black_box(&bytes), threads), expected));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, parallel);
criterion_main!(benches);
