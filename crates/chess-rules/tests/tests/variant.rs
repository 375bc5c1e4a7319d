//! The variants from their starting positions: perft against python-chess's counts (its
//! suites, with positions read from FEN, are chess-notation's tests).

use chess_core::Color;
use chess_rules::variant::{Playable, Variant, VariantPosition, VariantSetup, perft};
use chess_rules::{CastlingMode, DrawReason, Outcome, WinReason};

use crate::support::setup;

/// The position of `fen` by `variant`'s rules.
fn position(variant: Variant, fen: &str) -> VariantPosition {
    let setup = VariantSetup::from(setup(fen));
    VariantPosition::from_setup(variant, setup, CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn starting_positions() {
    // python-chess's suites (atomic-start, antichess-start, horde-start, racingkings-start),
    // and standard chess's counts where the variant cannot differ yet.
    let cases: [(Variant, &[u64]); 10] = [
        (Variant::Standard, &[20, 400, 8_902, 197_281]),
        (Variant::Crazyhouse, &[20, 400, 8_902, 197_281]),
        (Variant::Atomic, &[20, 400, 8_902, 197_326]),
        (Variant::Antichess, &[20, 400, 8_067, 153_299]),
        // python-chess's GiveawayBoard and SuicideBoard: castling cannot come so early.
        (Variant::Giveaway, &[20, 400, 8_067, 153_299]),
        (Variant::Suicide, &[20, 400, 8_067, 153_299]),
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

#[test]
fn the_losing_variants_castle_through_attacked_squares() {
    // Counted by python-chess's GiveawayBoard; its AntichessBoard castles the same when a FEN
    // gives it rights.
    let fen = "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1";
    for variant in [Variant::Giveaway, Variant::Suicide, Variant::Antichess] {
        let pos = position(variant, fen);
        let castles = pos.legal_moves().iter().filter(|m| m.is_castle()).count();
        assert_eq!(castles, 2, "{variant}");
        for (depth, nodes) in [(1, 16), (2, 256), (3, 4_641), (4, 80_400)] {
            assert_eq!(perft(&pos, depth), nodes, "{variant} depth {depth}");
        }
    }
    // A capture comes first: the king must take the queen on f2, not castle.
    let pos = position(
        Variant::Giveaway,
        "r3k2r/p6p/8/8/8/8/P4q1P/R3K2R w KQkq - 0 1",
    );
    assert_eq!(pos.legal_moves().len(), 1);
    assert_eq!(perft(&pos, 3), 384);
}

#[test]
fn suicide_counts_the_pieces_when_no_move_is_left() {
    // White cannot move (a bishop behind its own blocked pawn). In Antichess and Giveaway that
    // wins; in Suicide the side with fewer pieces wins, equal numbers draw (python-chess).
    let cases = [
        ("8/8/8/8/8/1p6/1P6/B7 w - - 0 1", Some(Color::Black)),
        ("8/8/8/8/p7/1p6/1P6/B7 w - - 0 1", None),
        ("8/8/8/7p/7p/1p6/1P6/B7 w - - 0 1", Some(Color::White)),
    ];
    for (fen, suicide_winner) in cases {
        for variant in [Variant::Antichess, Variant::Giveaway] {
            assert_eq!(
                position(variant, fen).outcome(),
                Some(Outcome::Decisive {
                    winner: Color::White,
                    reason: WinReason::Stalemated
                }),
                "{variant} {fen}"
            );
        }
        let expected = match suicide_winner {
            Some(winner) => Outcome::Decisive {
                winner,
                reason: WinReason::FewerPieces,
            },
            None => Outcome::Draw {
                reason: DrawReason::VariantDraw,
            },
        };
        assert_eq!(
            position(Variant::Suicide, fen).outcome(),
            Some(expected),
            "{fen}"
        );
    }
}

/// A Crazyhouse game counts repetitions across captures, whose pieces come back as drops, and
/// has no move-count draws (python-chess's `CrazyhouseBoard` says the same of these positions:
/// its `is_repetition`, `can_claim_threefold_repetition` and `outcome`).
#[test]
fn crazyhouse_games_repeat_across_captures_and_never_draw_by_move_count() {
    use chess_core::{Role, Square};
    use chess_rules::{Game, Move};

    let start = position(Variant::Crazyhouse, "r3k3/8/1n6/8/8/8/8/R3K3 w - - 0 1");
    // Rooks traded on a8 and dropped back where they stood; the kings lose a tempo each.
    let cycle = [
        Move::new(Square::A1, Square::A8),
        Move::new(Square::B6, Square::A8),
        Move::put(Role::Rook, Square::A1),
        Move::new(Square::A8, Square::B6),
        Move::new(Square::E1, Square::E2),
        Move::put(Role::Rook, Square::A8),
        Move::new(Square::E2, Square::D1),
        Move::new(Square::E8, Square::E7),
        Move::new(Square::D1, Square::E1),
        Move::new(Square::E7, Square::E8),
    ];
    let mut game = Game::new(start);
    for round in 1..=4 {
        assert_eq!(game.outcome(), None);
        for m in cycle {
            game.play(m).unwrap();
        }
        assert_eq!(game.repetitions(), round + 1);
        assert_eq!(
            game.can_claim_threefold_repetition(),
            round >= 2,
            "round {round}"
        );
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FivefoldRepetition
        })
    );
    // No 50-move claim in Crazyhouse, whatever the clock says.
    assert!(!game.can_claim_fifty_moves());

    // 150 halfmoves without a capture or pawn move: no draw in Crazyhouse, a draw in standard
    // chess and the other variants.
    let fen = "r3k3/8/1n6/8/8/8/8/R3K3 w - - 150 100";
    let late = Game::new(position(Variant::Crazyhouse, fen));
    assert_eq!(late.outcome(), None);
    assert!(late.claimable_draws().is_empty());
    let seventy_five = Some(Outcome::Draw {
        reason: DrawReason::SeventyFiveMoveRule,
    });
    assert_eq!(
        Game::new(position(Variant::Atomic, fen)).outcome(),
        seventy_five
    );
    assert_eq!(
        Game::new(position(Variant::Standard, fen)).outcome(),
        seventy_five
    );
}
