//! Notation speed: this crate against shakmaty, pgn-reader and cozy-chess, side by side in one
//! run.
//!
//! - `fen_parse`: FEN text to a validated position.
//! - `fen_write`: a position to FEN text.
//! - `san_write`: every legal move of a set of positions to SAN with `+`/`#` (cozy-chess has no
//!   SAN).
//! - `san_parse`: SAN text of every legal move back to the legal move.
//! - `pgn_scan`: reading PGN, visiting every token, skipping variations.
//! - `pgn_play`: reading PGN, parsing and playing every mainline move.
//!
//! The positions come from biased random play; the PGN corpus is generated here too (a few
//! thousand games of biased random play written by our writer, with `[%clk]` comments, NAGs and
//! some variations) followed by the shared test files. Every benchmark checks what it computes
//! against the other implementations before it is timed.
//!
//! Run with `cargo bench -p chess-notation --bench notation`.

use std::fmt::Write as _;
use std::hint::black_box;
use std::ops::ControlFlow;

use chess_notation::pgn::{self, GameResult, Line, Location, MoveNode, PgnGame};
use chess_notation::san::{SanMode, SanPlus};
use chess_notation::{Fen, Suffix};
use chess_rules::{CastlingMode, Move, Position};
use chess_testdata::Rng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A move of biased random play: captures, checks and central pawn moves are preferred, as in
/// real games, so games reach middlegames and endings with promotions and mates.
fn biased_move(rng: &mut Rng, pos: &Position) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mut best = moves[0];
    let mut best_score = i64::MIN;
    for &m in moves.iter() {
        let mut score = rng.below(100) as i64;
        if pos.is_capture(m) {
            score += 60;
        }
        if m.is_promotion() {
            score += 80;
        }
        if m.is_castle() {
            score += 50;
        }
        if score > best_score {
            best = m;
            best_score = score;
        }
    }
    Some(best)
}

/// Positions from biased random games (standard chess).
fn positions(games: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed * 0x9e37_79b9 + 1);
        let mut pos = Position::standard();
        for _ in 0..plies {
            let Some(m) = biased_move(&mut rng, &pos) else {
                break;
            };
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
    }
    out
}

fn to_shakmaty(pos: &Position) -> shakmaty::Chess {
    let fen = Fen::from_position(pos).to_string();
    shakmaty::fen::Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap()
}

fn fen(c: &mut Criterion) {
    let fens: Vec<String> = positions(40, 60)
        .iter()
        .map(|p| Fen::from_position(p).to_string())
        .collect();
    let n = fens.len();

    let mut group = c.benchmark_group("fen_parse");
    group.throughput(Throughput::Elements(n as u64));
    let ours = |fens: &[String]| {
        fens.iter()
            .filter(|f| {
                Fen::from_ascii(f.as_bytes())
                    .is_ok_and(|fen| fen.into_position(CastlingMode::Standard).is_ok())
            })
            .count()
    };
    assert_eq!(ours(&fens), n);
    group.bench_function("chess-notation", |b| b.iter(|| ours(black_box(&fens))));
    let shak = |fens: &[String]| {
        fens.iter()
            .filter(|f| {
                shakmaty::fen::Fen::from_ascii(f.as_bytes()).is_ok_and(|fen| {
                    fen.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
                        .is_ok()
                })
            })
            .count()
    };
    assert_eq!(shak(&fens), n);
    group.bench_function("shakmaty", |b| b.iter(|| shak(black_box(&fens))));
    let cozy = |fens: &[String]| {
        fens.iter()
            .filter(|f| cozy_chess::Board::from_fen(f, false).is_ok())
            .count()
    };
    assert_eq!(cozy(&fens), n);
    group.bench_function("cozy-chess", |b| b.iter(|| cozy(black_box(&fens))));
    group.finish();

    let ours_positions: Vec<Position> = fens
        .iter()
        .map(|f| f.parse::<Fen>().unwrap().into_position_auto().unwrap())
        .collect();
    let shak_positions: Vec<shakmaty::Chess> = ours_positions.iter().map(to_shakmaty).collect();
    let cozy_positions: Vec<cozy_chess::Board> = fens
        .iter()
        .map(|f| cozy_chess::Board::from_fen(f, false).unwrap())
        .collect();
    let total_len: usize = fens.iter().map(String::len).sum();

    let mut group = c.benchmark_group("fen_write");
    group.throughput(Throughput::Elements(n as u64));
    let ours = |positions: &[Position]| {
        let mut buf = String::with_capacity(100);
        let mut len = 0;
        for p in positions {
            buf.clear();
            let _ = write!(buf, "{}", Fen::from_position(p));
            len += buf.len();
        }
        len
    };
    assert_eq!(ours(&ours_positions), total_len);
    group.bench_function("chess-notation", |b| {
        b.iter(|| ours(black_box(&ours_positions)))
    });
    let shak = |positions: &[shakmaty::Chess]| {
        let mut buf = String::with_capacity(100);
        let mut len = 0;
        for p in positions {
            buf.clear();
            shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                .append_to_string(&mut buf);
            len += buf.len();
        }
        len
    };
    assert_eq!(shak(&shak_positions), total_len);
    group.bench_function("shakmaty", |b| b.iter(|| shak(black_box(&shak_positions))));
    let cozy = |positions: &[cozy_chess::Board]| {
        let mut buf = String::with_capacity(100);
        let mut len = 0;
        for p in positions {
            buf.clear();
            let _ = write!(buf, "{p}");
            len += buf.len();
        }
        len
    };
    // cozy-chess writes the en passant square after every double step: compare loosely.
    assert!(cozy(&cozy_positions) >= total_len);
    group.bench_function("cozy-chess", |b| {
        b.iter(|| cozy(black_box(&cozy_positions)))
    });
    group.finish();
}

fn san(c: &mut Criterion) {
    let positions = positions(30, 80);
    let shak_positions: Vec<shakmaty::Chess> = positions.iter().map(to_shakmaty).collect();
    let moves: usize = positions.iter().map(|p| p.legal_moves().len()).sum();

    let mut group = c.benchmark_group("san_write");
    group.throughput(Throughput::Elements(moves as u64));
    let ours = |positions: &[Position]| {
        let mut buf = String::with_capacity(16);
        let mut len = 0;
        for p in positions {
            for &m in &p.legal_moves() {
                buf.clear();
                SanPlus::from_move(p, m).append_to(&mut buf);
                len += buf.len();
            }
        }
        len
    };
    let expected = ours(&positions);
    group.bench_function("chess-notation", |b| b.iter(|| ours(black_box(&positions))));
    let shak = |positions: &[shakmaty::Chess]| {
        use shakmaty::Position as _;
        let mut buf = String::with_capacity(16);
        let mut len = 0;
        for p in positions {
            for m in p.legal_moves() {
                buf.clear();
                shakmaty::san::SanPlus::from_move(p.clone(), m).append_to_string(&mut buf);
                len += buf.len();
            }
        }
        len
    };
    // The same text, character for character in length.
    assert_eq!(shak(&shak_positions), expected);
    group.bench_function("shakmaty", |b| b.iter(|| shak(black_box(&shak_positions))));
    group.finish();

    // Every legal move's SAN, to parse back.
    let texts: Vec<Vec<(String, Move)>> = positions
        .iter()
        .map(|p| {
            p.legal_moves()
                .iter()
                .map(|&m| (SanPlus::from_move(p, m).to_string(), m))
                .collect()
        })
        .collect();
    let mut group = c.benchmark_group("san_parse");
    group.throughput(Throughput::Elements(moves as u64));
    let ours = |mode: SanMode| {
        let positions = &positions;
        let texts = &texts;
        move || {
            let mut found = 0;
            for (p, texts) in positions.iter().zip(texts) {
                for (text, m) in texts {
                    let parsed = SanPlus::from_ascii_with(text.as_bytes(), mode)
                        .ok()
                        .and_then(|san| san.san.to_move_with(p, mode).ok());
                    found += usize::from(parsed == Some(*m));
                }
            }
            found
        }
    };
    assert_eq!(ours(SanMode::Lenient)(), moves);
    assert_eq!(ours(SanMode::Strict)(), moves);
    let lenient = ours(SanMode::Lenient);
    group.bench_function("chess-notation", |b| b.iter(|| black_box(lenient())));
    let strict = ours(SanMode::Strict);
    group.bench_function("chess-notation (strict)", |b| {
        b.iter(|| black_box(strict()))
    });
    let shak_texts: Vec<Vec<String>> = texts
        .iter()
        .map(|t| t.iter().map(|(s, _)| s.clone()).collect())
        .collect();
    let shak = |positions: &[shakmaty::Chess], texts: &[Vec<String>]| {
        let mut found = 0;
        for (p, texts) in positions.iter().zip(texts) {
            for text in texts {
                found += usize::from(
                    shakmaty::san::SanPlus::from_ascii(text.as_bytes())
                        .ok()
                        .and_then(|san| san.san.to_move(p).ok())
                        .is_some(),
                );
            }
        }
        found
    };
    assert_eq!(shak(&shak_positions, &shak_texts), moves);
    group.bench_function("shakmaty", |b| {
        b.iter(|| shak(black_box(&shak_positions), black_box(&shak_texts)))
    });
    group.finish();
}

/// A random game as [`PgnGame`], with clock comments, NAGs and some variations.
fn corpus_game(seed: u64) -> PgnGame {
    let mut rng = Rng::new(seed * 0x2545_f491 + 7);
    let mut pos = Position::standard();
    let mut line = Line::default();
    let mut clock = [300u32, 300];
    for ply in 0..160 {
        let Some(m) = biased_move(&mut rng, &pos) else {
            break;
        };
        let mut node = MoveNode::new(&pos, m);
        let side = ply % 2;
        clock[side] = clock[side].saturating_sub(rng.below(12) as u32);
        let t = clock[side];
        node.comments_after.push(format!(
            "[%clk {}:{:02}:{:02}]",
            t / 3600,
            t / 60 % 60,
            t % 60
        ));
        if rng.below(25) == 0 {
            node.nags.push(1 + rng.below(6) as u8);
        }
        if rng.below(20) == 0 {
            // A short variation from the position before this move.
            let mut alt = pos.clone();
            let mut variation = Line::default();
            for _ in 0..1 + rng.below(4) {
                let Some(v) = biased_move(&mut rng, &alt) else {
                    break;
                };
                variation.moves.push(MoveNode::new(&alt, v));
                alt.play_unchecked(v);
            }
            node.variations.push(variation);
        }
        pos.play_unchecked(m);
        line.moves.push(node);
    }
    let result = if pos.is_checkmate() {
        if pos.turn().is_white() {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        }
    } else if pos.legal_moves().is_empty() {
        GameResult::Draw
    } else {
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ][rng.below(3)]
    };
    PgnGame {
        headers: vec![
            ("Event".into(), "Rated blitz game".into()),
            ("Site".into(), format!("https://example.invalid/{seed:08x}")),
            ("Date".into(), "2024.05.01".into()),
            ("Round".into(), "-".into()),
            ("White".into(), format!("player{}", rng.below(1000))),
            ("Black".into(), format!("player{}", rng.below(1000))),
            ("Result".into(), result.as_str().into()),
            ("WhiteElo".into(), (1200 + rng.below(1400)).to_string()),
            ("BlackElo".into(), (1200 + rng.below(1400)).to_string()),
            ("TimeControl".into(), "300+0".into()),
            ("Termination".into(), "Normal".into()),
        ],
        initial: Position::standard(),
        mainline: line,
        result: Some(result),
        ..PgnGame::default()
    }
}

/// The benchmark corpus: generated games, then the real-world test files (fetched by `cargo
/// xtask testdata`).
fn corpus() -> Vec<u8> {
    let mut text = String::new();
    for seed in 0..3000 {
        pgn::write_game(&corpus_game(seed), &mut text);
        text.push('\n');
    }
    let mut bytes = text.into_bytes();
    for file in chess_testdata::PGN_FILES {
        bytes.extend(std::fs::read(chess_testdata::expect(file)).unwrap());
        bytes.push(b'\n');
    }
    bytes
}

/// Visits every token, skips variations, counts games and moves.
#[derive(Default)]
struct OurScan {
    moves: usize,
}

impl pgn::Visitor for OurScan {
    type Output = ();

    fn san(&mut self, _: &[u8], _: Location) -> ControlFlow<()> {
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) {}
}

/// Parses and plays every mainline move, reading SAN leniently, or strictly (the default of
/// `SanPlus::from_ascii` and `SanPlus::to_move`, which check the disambiguation, the capture
/// mark and the `+`/`#` mark against the position).
#[derive(Default)]
struct OurPlay {
    pos: Position,
    fen: Option<Fen>,
    chess960: bool,
    moves: usize,
    errors: usize,
    strict: bool,
}

impl pgn::Visitor for OurPlay {
    type Output = ();

    fn begin_game(&mut self, _: Location) {
        self.fen = None;
        self.chess960 = false;
    }

    fn tag(&mut self, name: &[u8], value: &[u8], _: Location) -> ControlFlow<()> {
        if name == b"FEN" {
            self.fen = Fen::from_ascii(value).ok();
        } else if name == b"Variant" {
            self.chess960 = value.eq_ignore_ascii_case(b"chess960")
                || value.eq_ignore_ascii_case(b"fischerandom");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: Location) -> ControlFlow<()> {
        self.pos = match self.fen.take() {
            Some(fen) => {
                let mode = if self.chess960 {
                    CastlingMode::Chess960
                } else {
                    fen.castling_mode()
                };
                match fen.into_position(mode) {
                    Ok(pos) => pos,
                    Err(_) => {
                        self.errors += 1;
                        return ControlFlow::Break(());
                    }
                }
            }
            None => Position::standard(),
        };
        ControlFlow::Continue(())
    }

    fn san(&mut self, san: &[u8], _: Location) -> ControlFlow<()> {
        let m = if self.strict {
            SanPlus::from_ascii(san)
                .ok()
                .and_then(|san| san.to_move(&self.pos).ok())
        } else {
            SanPlus::from_ascii_with(san, SanMode::Lenient)
                .ok()
                .and_then(|san| san.san.to_move_with(&self.pos, SanMode::Lenient).ok())
        };
        match m {
            Some(m) => {
                self.pos.play_unchecked(m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            None => {
                self.errors += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self) {}
}

/// pgn-reader: counts games and moves, skipping variations.
struct TheirScan {
    moves: usize,
}

impl pgn_reader::Visitor for TheirScan {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), _: pgn_reader::SanPlus) -> ControlFlow<()> {
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

/// pgn-reader with shakmaty: plays every mainline move.
struct TheirPlay {
    moves: usize,
    errors: usize,
}

impl pgn_reader::Visitor for TheirPlay {
    type Tags = (Option<shakmaty::fen::Fen>, bool);
    type Movetext = shakmaty::Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Self::Tags> {
        ControlFlow::Continue((None, false))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<()> {
        if name == b"FEN" {
            tags.0 = shakmaty::fen::Fen::from_ascii(value.as_bytes()).ok();
        } else if name == b"Variant" {
            tags.1 = value.as_bytes().eq_ignore_ascii_case(b"chess960")
                || value.as_bytes().eq_ignore_ascii_case(b"fischerandom");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<(), shakmaty::Chess> {
        let pos = match tags.0 {
            Some(fen) => match fen.into_position(shakmaty::CastlingMode::from_chess960(tags.1)) {
                Ok(pos) => pos,
                Err(_) => {
                    self.errors += 1;
                    return ControlFlow::Break(());
                }
            },
            None => shakmaty::Chess::default(),
        };
        ControlFlow::Continue(pos)
    }

    fn san(&mut self, pos: &mut shakmaty::Chess, san_plus: pgn_reader::SanPlus) -> ControlFlow<()> {
        use shakmaty::Position as _;
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.errors += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _: shakmaty::Chess) {}
}

fn ours_scan(bytes: &[u8]) -> (usize, usize) {
    let mut reader = pgn::Reader::new(bytes);
    let mut visitor = OurScan::default();
    let mut games = 0;
    while let Ok(Some(())) = reader.read_game(&mut visitor) {
        games += 1;
    }
    (games, visitor.moves)
}

fn ours_play(bytes: &[u8]) -> (usize, usize, usize) {
    ours_play_with(bytes, false)
}

fn ours_play_with(bytes: &[u8], strict: bool) -> (usize, usize, usize) {
    let mut reader = pgn::Reader::new(bytes);
    let mut visitor = OurPlay {
        strict,
        ..OurPlay::default()
    };
    let mut games = 0;
    while let Ok(Some(())) = reader.read_game(&mut visitor) {
        games += 1;
    }
    (games, visitor.moves, visitor.errors)
}

fn their_scan(bytes: &[u8]) -> (usize, usize) {
    let mut reader = pgn_reader::Reader::new(bytes);
    let mut visitor = TheirScan { moves: 0 };
    let mut games = 0;
    while let Ok(Some(())) = reader.read_game(&mut visitor) {
        games += 1;
    }
    (games, visitor.moves)
}

fn their_play(bytes: &[u8]) -> (usize, usize, usize) {
    let mut reader = pgn_reader::Reader::new(bytes);
    let mut visitor = TheirPlay {
        moves: 0,
        errors: 0,
    };
    let mut games = 0;
    while let Ok(Some(())) = reader.read_game(&mut visitor) {
        games += 1;
    }
    (games, visitor.moves, visitor.errors)
}

fn pgn_benches(c: &mut Criterion) {
    let bytes = corpus();
    let (games, moves) = ours_scan(&bytes);
    // 3000 generated games and the 14 games of the shared files.
    assert_eq!(games, 3014);
    // pgn-reader reads the same moves but counts one game more: it does not skip the byte
    // order mark of the BOM file in the middle of the corpus, and reads it as a game.
    assert_eq!(their_scan(&bytes), (games + 1, moves));
    assert_eq!(ours_play(&bytes), (games, moves, 0));
    let strict = ours_play_with(&bytes, true);
    assert_eq!(their_play(&bytes), (games + 1, moves, 0));
    // The whole corpus also reads as games, with nothing lost.
    let read: Vec<PgnGame> = pgn::GameReader::new(&bytes[..]).read_all().unwrap();
    assert_eq!(read.len(), games);
    eprintln!(
        "pgn corpus: {} bytes, {games} games, {moves} mainline moves ({:.1} moves per game)",
        bytes.len(),
        moves as f64 / games as f64
    );

    let mut group = c.benchmark_group("pgn_scan");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("chess-notation", |b| {
        b.iter(|| ours_scan(black_box(&bytes)))
    });
    group.bench_function("pgn-reader", |b| b.iter(|| their_scan(black_box(&bytes))));
    group.finish();

    let mut group = c.benchmark_group("pgn_play");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("chess-notation", |b| {
        b.iter(|| ours_play(black_box(&bytes)))
    });
    group.bench_function("pgn-reader+shakmaty", |b| {
        b.iter(|| their_play(black_box(&bytes)))
    });
    group.finish();

    // The default, strict SAN: the same corpus (the real-world files hold a few moves that
    // strict SAN refuses, and their games stop there, as they do in both runs).
    eprintln!("strict play: {strict:?}");
    let mut group = c.benchmark_group("pgn_play_strict");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("chess-notation", |b| {
        b.iter(|| assert_eq!(ours_play_with(black_box(&bytes), true), strict))
    });
    group.bench_function("pgn-reader+shakmaty", |b| {
        b.iter(|| their_play(black_box(&bytes)))
    });
    group.finish();

    // Suffix marks are written as the position says: check one mate from the corpus.
    let mated = read
        .iter()
        .flat_map(|g| g.mainline.moves.last())
        .filter(|n| n.san.suffix == Some(Suffix::Checkmate))
        .count();
    assert!(mated > 0);
}

criterion_group!(benches, fen, san, pgn_benches);
criterion_main!(benches);
