//! SAN, strict and lenient, against a position the first byte picks: a move found is legal,
//! and its standard SAN reads back to it.

#![no_main]

use chess_notation::Fen;
use chess_notation::san::{SanMode, SanPlus};
use chess_rules::Position;
use libfuzzer_sys::fuzz_target;

/// Castling both ways, en passant, promotions, pins, checks, and a Chess960 start.
const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "4k3/8/8/8/1b6/2N5/8/4KN2 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let fen: Fen = FENS[usize::from(pick) % FENS.len()].parse().unwrap();
    let pos: Position = fen.into_position_auto().unwrap();
    for mode in [SanMode::Strict, SanMode::Lenient] {
        if let Ok(san) = SanPlus::from_ascii_with(text, mode)
            && let Ok(m) = san.to_move_with(&pos, mode)
        {
            assert!(pos.is_legal(m));
            let standard = SanPlus::from_move(&pos, m);
            assert_eq!(standard.to_move(&pos), Ok(m), "{standard}");
        }
    }
});
