//! UCI moves against a position the first byte picks: a move found is legal, and its UCI
//! text reads back to it.

#![no_main]

use chess_notation::{Fen, UciMove};
use chess_rules::Position;
use libfuzzer_sys::fuzz_target;

/// Castling both ways (standard and Chess960), en passant and promotions.
const FENS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let fen: Fen = FENS[usize::from(pick) % FENS.len()].parse().unwrap();
    let pos: Position = fen.into_position_auto().unwrap();
    if let Ok(uci) = UciMove::from_ascii(text) {
        let _ = uci.to_string();
        if let Ok(m) = uci.to_move(&pos) {
            assert!(pos.is_legal(m));
            assert_eq!(UciMove::from_move(&pos, m).to_move(&pos), Ok(m));
        }
    }
});
