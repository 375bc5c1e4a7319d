//! Move generation speed: perft with bulk counting against cozy-chess, shakmaty and chess
//! (jordanbray) in the same run, plus the parts (in-place `play` alone, copy and make, make and
//! undo, generate, `is_check`, copy vs undo in perft).
//!
//! Throughput is in leaf nodes, so criterion's "elem/s" reads as nodes per second.

use std::hint::black_box;
use std::str::FromStr;

use chess_rules::{Position, perft, perft_copying};
use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (name, FEN, depth, nodes): the six positions of the chessprogramming wiki's perft page, at
/// depths of 2 to 16 million leaves.
const CASES: [(&str, &str, u32, u64); 6] = [
    ("startpos-5", STARTPOS, 5, 4_865_609),
    ("kiwipete-4", KIWIPETE, 4, 4_085_603),
    (
        "pos3-6",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "pos4-5",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "pos5-4",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "pos6-4",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

/// Our position from a FEN, through shakmaty's parser (chess-notation depends on this crate,
/// so it cannot be used here without a cycle).
fn ours(fen: &str) -> Position {
    use shakmaty::{EnPassantMode, Position as _};
    let theirs: shakmaty::Chess = shakmaty::fen::Fen::from_str(fen)
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let setup = theirs.to_setup(EnPassantMode::Always);
    let mut board = chess_core::Board::empty();
    for (sq, piece) in setup.board.clone() {
        let sq = chess_core::Square::from_index(usize::from(sq)).unwrap();
        let color = chess_core::Color::from_white(piece.color.is_white());
        let role = chess_core::Role::from_index(usize::from(piece.role as u8) - 1).unwrap();
        board.put(sq, chess_core::Piece::new(color, role));
    }
    let mut castling = chess_core::CastlingRights::NONE;
    for rook in setup.castling_rights {
        let color = chess_core::Color::from_white(rook.rank() == shakmaty::Rank::First);
        let king = board.king_of(color).unwrap();
        let rook = chess_core::Square::from_index(usize::from(rook)).unwrap();
        castling.add(
            color,
            chess_core::CastlingSide::from_king_and_rook(king, rook),
            rook.file(),
        );
    }
    let setup = chess_rules::Setup {
        board,
        turn: chess_core::Color::from_white(setup.turn.is_white()),
        castling,
        ep_square: setup
            .ep_square
            .map(|sq| chess_core::Square::from_index(usize::from(sq)).unwrap()),
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves.get(),
    };
    Position::from_setup(setup, chess_rules::CastlingMode::Standard).unwrap()
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn perft_peers(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    for (name, fen, depth, nodes) in CASES {
        group.throughput(Throughput::Elements(nodes));

        let pos = ours(fen);
        group.bench_function(BenchmarkId::new("chess-rules", name), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes))
        });

        let cozy = cozy_chess::Board::from_fen(fen, false).unwrap();
        group.bench_function(BenchmarkId::new("cozy-chess", name), |b| {
            b.iter(|| assert_eq!(cozy_perft(black_box(&cozy), depth), nodes))
        });

        let shak: shakmaty::Chess = shakmaty::fen::Fen::from_str(fen)
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        group.bench_function(BenchmarkId::new("shakmaty", name), |b| {
            b.iter(|| assert_eq!(shakmaty::perft(black_box(&shak), depth), nodes))
        });

        let jb = chess::Board::from_str(fen).unwrap();
        group.bench_function(BenchmarkId::new("chess", name), |b| {
            b.iter(|| {
                assert_eq!(
                    chess::MoveGen::movegen_perft_test(black_box(&jb), depth as usize) as u64,
                    nodes
                )
            })
        });
    }
    group.finish();
}

fn make_and_generate(c: &mut Criterion) {
    let pos = ours(KIWIPETE);
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 48);

    let mut group = c.benchmark_group("parts");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("play (copy and make, 48 moves)", |b| {
        b.iter(|| {
            let mut hash = 0;
            for &m in &moves {
                hash ^= black_box(&pos).after(m).zobrist_hash();
            }
            hash
        })
    });
    group.bench_function("play_undoable + undo (48 moves)", |b| {
        let mut pos = pos.clone();
        b.iter(|| {
            let mut hash = 0;
            for &m in &moves {
                let undo = pos.play_undoable(m);
                hash ^= pos.zobrist_hash();
                pos.undo(m, undo);
            }
            hash
        })
    });
    // `play` alone: each move made in place on its own copy of the position, the copies made
    // by the untimed setup, so neither copying nor taking back is measured.
    group.bench_function("play in place alone (play_unchecked, 48 moves)", |b| {
        b.iter_batched_ref(
            || vec![pos.clone(); moves.len()],
            |copies| {
                for (copy, &m) in copies.iter_mut().zip(&moves) {
                    copy.play_unchecked(black_box(m));
                }
                black_box(copies);
            },
            BatchSize::SmallInput,
        )
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_moves (MoveList)", |b| {
        b.iter(|| black_box(&pos).legal_moves().len())
    });
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| black_box(&pos).count_legal_moves())
    });
    group.bench_function("is_check", |b| b.iter(|| black_box(&pos).is_check()));
    // Whether each of the 48 moves checks: asked move by move, or from the squares computed
    // once (the computation included in the time).
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("gives_check (48 moves)", |b| {
        b.iter(|| {
            let pos = black_box(&pos);
            moves.iter().filter(|&&m| pos.gives_check(m)).count()
        })
    });
    group.bench_function("check_squares + gives_check (48 moves)", |b| {
        b.iter(|| {
            let pos = black_box(&pos);
            let checks = pos.check_squares();
            moves
                .iter()
                .filter(|&&m| checks.gives_check(pos, m))
                .count()
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("attackers_to", |b| {
        b.iter(|| {
            let pos = black_box(&pos);
            pos.attackers_to(
                chess_core::Square::E4,
                chess_core::Color::Black,
                pos.board().occupied(),
            )
        })
    });
    group.finish();

    let mut group = c.benchmark_group("copy_vs_undo");
    group.sample_size(20);
    group.throughput(Throughput::Elements(4_085_603));
    group.bench_function("perft copy-make kiwipete-4", |b| {
        b.iter(|| assert_eq!(perft_copying(black_box(&pos), 4), 4_085_603))
    });
    group.bench_function("perft make-unmake kiwipete-4", |b| {
        b.iter(|| assert_eq!(perft(black_box(&pos), 4), 4_085_603))
    });
    group.finish();
}

criterion_group!(benches, perft_peers, make_and_generate);
criterion_main!(benches);
