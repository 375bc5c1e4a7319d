//! The variants from their starting positions: perft against python-chess's counts (its
//! suites, with positions read from FEN, are chess-notation's tests).

use chess_rules::variant::{Playable, Variant, VariantPosition, perft};

#[test]
fn starting_positions() {
    // python-chess's suites (atomic-start, antichess-start, horde-start, racingkings-start),
    // and standard chess's counts where the variant cannot differ yet.
    let cases: [(Variant, &[u64]); 8] = [
        (Variant::Standard, &[20, 400, 8_902, 197_281]),
        (Variant::Crazyhouse, &[20, 400, 8_902, 197_281]),
        (Variant::Atomic, &[20, 400, 8_902, 197_326]),
        (Variant::Antichess, &[20, 400, 8_067, 153_299]),
        (Variant::KingOfTheHill, &[20, 400, 8_902, 197_281]),
        (Variant::ThreeCheck, &[20, 400, 8_902, 197_281]),
        (Variant::Horde, &[8, 128, 1_274, 23_310]),
        (Variant::RacingKings, &[21, 421, 11_264, 296_242]),
    ];
    for (variant, counts) in cases {
        let pos = VariantPosition::new(variant);
        for (depth, &nodes) in (1..).zip(counts) {
            assert_eq!(perft(&pos, depth), nodes, "{variant} depth {depth}");
        }
    }
}

#[test]
fn make_and_undo_restore_every_position() {
    for variant in Variant::ALL {
        let mut pos = VariantPosition::new(variant);
        let mut rng = chess_testdata::Rng::new(7);
        for _ in 0..200 {
            let moves = pos.legal_moves();
            let Some(&m) = moves.get(rng.below(moves.len().max(1))) else {
                break;
            };
            let before = pos.clone();
            let undo = pos.play_undoable(m);
            let after = pos.clone();
            pos.undo(m, undo);
            assert_eq!(pos, before, "{variant}: undo of {m}");
            pos = after;
        }
    }
}
