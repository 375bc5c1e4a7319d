//! Move generation, making and taking back moves, and perft never touch the heap.
//!
//! A separate test binary, because it installs a counting global allocator. Allocations are
//! counted per thread, so the test harness's own threads do not disturb the count.
//!
//! Not covered, because they allocate by design: `divide` (returns a `Vec`), the parallel
//! `perft_parallel` and `divide_parallel` (rayon tasks and a `Vec` of root moves), `Game` (its
//! history) and `PositionError` (boxes the rejected setup).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;

use chess_core::{Bitboard, Square};
use chess_rules::{Position, perft, perft_copying};

#[allow(dead_code, unused_imports)]
#[path = "tests/support.rs"]
mod support;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: the allocator may run while a thread is being torn down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

/// The system allocator, counting every allocation and reallocation of the calling thread.
struct Counting;

// SAFETY: every call is forwarded unchanged to `System`, which upholds `GlobalAlloc`'s contract;
// the counting touches only a thread-local `Cell`, which does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's guarantees for `layout` are those `System.alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns the number of heap allocations it made on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

/// The positions exercised, with their perft depth: the six standard ones (castling, en passant,
/// promotions, pins, checks), a Chess960 start, and an en passant capture that is pinned.
fn cases() -> Vec<(Position, u32)> {
    let mut cases: Vec<(Position, u32)> = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            3,
        ),
        ("4k3/8/8/K2pP2q/8/8/8/8 w - d6 0 1", 4),
    ]
    .iter()
    .map(|&(fen, depth)| (support::position(fen).unwrap(), depth))
    .collect();
    cases.push((Position::chess960(17).unwrap(), 4));
    cases
}

#[test]
fn move_generation_make_undo_and_perft_do_not_allocate() {
    let cases = cases();
    // Anything initialised on first use is initialised here, outside the counted runs.
    for (pos, _) in &cases {
        black_box(perft(pos, 2));
    }

    for (pos, depth) in &cases {
        let generation = allocations(|| {
            let moves = black_box(pos).legal_moves();
            black_box(moves.len());
            black_box(pos.count_legal_moves());
            black_box(pos.has_legal_moves());
            black_box(pos.captures());
            black_box(pos.moves_from(pos.king_of(pos.turn())));
            black_box(pos.moves_to(Square::E4));
            black_box(pos.moves_between(Bitboard::FULL, Bitboard::CENTER));
            black_box((pos.is_check(), pos.is_checkmate(), pos.is_stalemate()));
            black_box(pos.has_legal_en_passant());
            for &m in &moves {
                black_box(pos.is_legal(m));
                black_box(pos.gives_check(m));
            }
        });
        assert_eq!(generation, 0, "move generation allocated in {pos:?}");

        let making = allocations(|| {
            let mut copy = pos.clone();
            for &m in &pos.legal_moves() {
                let undo = copy.play_undoable(m);
                black_box(copy.zobrist_hash());
                copy.undo(m, undo);
                black_box(pos.after(m));
                let mut played = pos.clone();
                played.play(m).unwrap();
                black_box(played);
            }
            assert_eq!(&copy, pos);
        });
        assert_eq!(
            making, 0,
            "making or taking back moves allocated in {pos:?}"
        );

        let counting = allocations(|| {
            black_box(perft(black_box(pos), *depth));
            black_box(perft_copying(black_box(pos), *depth - 1));
        });
        assert_eq!(counting, 0, "perft allocated in {pos:?}");
    }
}

/// The counter itself works: without this, a broken counter would pass the test above.
#[test]
fn the_counter_sees_allocations() {
    let n = allocations(|| {
        black_box(vec![1u8; 100]);
        black_box(Box::new(7u64));
    });
    assert_eq!(n, 2);
    // And a `divide`, which returns a `Vec`, is seen too.
    assert!(allocations(|| drop(black_box(chess_rules::divide(&Position::standard(), 1)))) > 0);
}
