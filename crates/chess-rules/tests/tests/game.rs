//! Check, mate, stalemate, insufficient material and the draw rules of a game.

use chess_core::{Color, Square};
use chess_rules::{DrawReason, Game, Move, Outcome, PlayError, Position, WinReason};

use crate::support::position;

fn uci(pos: &Position, text: &str) -> Move {
    *pos.legal_moves()
        .iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {pos:?}"))
}

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = uci(game.position(), text);
        game.play(m).unwrap();
    }
}

fn play_past_end(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = uci(game.position(), text);
        game.play_past_end(m).unwrap();
    }
}

#[test]
fn fools_mate() {
    let mut game = Game::standard();
    play(&mut game, "f2f3 e7e5 g2g4 d8h4");
    assert!(game.position().is_checkmate());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    let m = Move::new(Square::A2, Square::A3);
    assert!(matches!(game.play(m), Err(PlayError::GameOver(_))));
    // Only a legal move plays past the end; after checkmate there is none.
    assert!(game.play_past_end(m).is_err());
    assert_eq!(
        game.undo(),
        Some(uci(
            &position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2").unwrap(),
            "d8h4"
        ))
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn stalemate() {
    let pos = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(pos.is_stalemate());
    assert!(!pos.is_checkmate());
    assert_eq!(
        Game::new(pos).outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn insufficient_material_comes_before_stalemate() {
    // Black has no legal move, and a lone knight can never mate: python-chess, the project's
    // oracle, calls this insufficient material, and so do we.
    let pos = position("k7/8/1KN5/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(pos.is_stalemate() && pos.is_insufficient_material());
    assert_eq!(
        Game::new(pos).outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
}

#[test]
fn insufficient_material() {
    let insufficient = [
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KN2/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KB2/8/8 w - - 0 1",
        // Bishops of both sides, all on light squares.
        "8/8/4k1b1/8/8/4KB2/8/7B w - - 0 1",
    ];
    for fen in insufficient {
        let pos = position(fen).unwrap();
        assert!(pos.is_insufficient_material(), "{fen}");
        assert!(pos.has_insufficient_material(Color::White), "{fen}");
        assert!(pos.has_insufficient_material(Color::Black), "{fen}");
    }
    let sufficient = [
        "8/8/4k3/8/8/4KP2/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KNN1/8/8 w - - 0 1",
        "8/8/4kn2/8/8/4KN2/8/8 w - - 0 1",
        "8/8/4kb2/8/8/4KB2/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KBN1/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KR2/8/8 w - - 0 1",
    ];
    for fen in sufficient {
        assert!(!position(fen).unwrap().is_insufficient_material(), "{fen}");
    }
    // A lone knight can mate only with the help of enemy pieces blocking their king.
    let pos = position("8/8/4kr2/8/8/4KN2/8/8 w - - 0 1").unwrap();
    assert!(!pos.has_insufficient_material(Color::White));
    assert!(!pos.has_insufficient_material(Color::Black));
    let pos = position("8/8/4kq2/8/8/4KN2/8/8 w - - 0 1").unwrap();
    assert!(pos.has_insufficient_material(Color::White));
    // Opposite-colored bishops can mate with help.
    let pos = position("8/8/4kb2/8/8/4KB2/8/8 w - - 0 1").unwrap();
    assert!(!pos.has_insufficient_material(Color::White));
    let mut game = Game::new(position("8/8/4k3/8/8/4K3/8/8 w - - 0 1").unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
    game.flag_fall(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
}

#[test]
fn flag_fall_against_a_lone_king_is_a_draw() {
    let mut game = Game::new(position("8/8/4k3/8/8/4KQ2/8/8 b - - 0 1").unwrap());
    game.flag_fall(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial
        })
    );
    let mut game = Game::new(position("8/8/4k3/8/8/4KQ2/8/8 b - - 0 1").unwrap());
    game.flag_fall(Color::Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::TimeForfeit
        })
    );
}

const SHUFFLE: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn threefold_and_fivefold_repetition() {
    let mut game = Game::standard();
    assert_eq!(game.repetitions(), 1);
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 2);
    assert!(!game.can_claim_threefold_repetition());
    play(&mut game, "g1f3 g8f6 f3g1");
    // The next move would complete the repetition: claimable now.
    assert!(game.can_claim_threefold_repetition());
    play(&mut game, "f6g8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claimable_draws(), [DrawReason::ThreefoldRepetition]);
    assert_eq!(game.outcome(), None);
    play(&mut game, SHUFFLE);
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FivefoldRepetition
        })
    );
    // Playing on past fivefold (as python-chess's board does) keeps the first ending met.
    play_past_end(&mut game, "g1f3");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FivefoldRepetition
        })
    );
    game.undo();
    // Undo takes the count back.
    game.undo();
    game.undo();
    assert_eq!(game.outcome(), None);
    play(&mut game, "f3g1 f6g8");
    assert_eq!(game.repetitions(), 5);
}

#[test]
fn claiming_ends_the_game() {
    let mut game = Game::standard();
    play(&mut game, SHUFFLE);
    play(&mut game, SHUFFLE);
    assert_eq!(game.claim_draw(), Some(DrawReason::ThreefoldRepetition));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
    let mut fresh = Game::standard();
    assert_eq!(fresh.claim_draw(), None);
    fresh.resign(Color::White);
    assert_eq!(
        fresh.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
}

#[test]
fn repetition_counts_reset_after_irreversible_moves_and_undo_restores_them() {
    let mut game = Game::standard();
    play(&mut game, SHUFFLE);
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 3);
    play(&mut game, "e2e4");
    assert_eq!(game.repetitions(), 1);
    game.undo();
    assert_eq!(game.repetitions(), 3);
    assert!(game.can_claim_threefold_repetition());
}

#[test]
fn en_passant_only_counts_when_legal() {
    // After d7-d5 the white pawn on e5 attacks d6, but taking en passant would empty the fifth
    // rank between the king on a5 and the queen on h5: the capture is not legal, so for
    // repetition the position counts as one without an en passant square.
    let pos = position("4k3/8/8/K2pP2q/8/8/8/8 w - d6 0 1").unwrap();
    assert_eq!(
        pos.ep_square(chess_rules::EnPassantMode::PseudoLegal),
        Some(Square::D6)
    );
    assert_eq!(pos.ep_square(chess_rules::EnPassantMode::Legal), None);
    assert!(!pos.has_legal_en_passant());
    let legal = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert!(legal.has_legal_en_passant());
    assert_eq!(
        legal.ep_square(chess_rules::EnPassantMode::Legal),
        Some(Square::D6)
    );
}

#[test]
fn fifty_and_seventy_five_move_rules() {
    let pos = position("8/8/4k3/8/8/4K3/4R3/8 w - - 98 80").unwrap();
    let mut game = Game::new(pos);
    assert!(!game.can_claim_fifty_moves());
    play(&mut game, "e2a2");
    // 99 halfmoves: the next quiet move completes the 50 moves, so it may be claimed now.
    assert!(game.can_claim_fifty_moves());
    play(&mut game, "e6d5");
    assert_eq!(game.claimable_draws(), [DrawReason::FiftyMoveRule]);

    let mut game = Game::new(position("8/8/4k3/8/8/4K3/4R3/8 w - - 149 120").unwrap());
    assert_eq!(game.outcome(), None);
    play(&mut game, "e2a2");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::SeventyFiveMoveRule
        })
    );

    // Mate on the 150th halfmove wins instead.
    let mut game = Game::new(position("7k/8/6K1/8/8/8/8/R7 w - - 149 120").unwrap());
    play(&mut game, "a1a8");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn chess960_castling_where_the_rook_shields_the_destination() {
    // White king d1, queen-side castling rook b1: castling takes the king to c1, which the
    // black rook on a1 attacks as soon as the white rook has left b1.
    let pos = position("1r2k3/8/8/8/8/8/8/rR1K4 w B - 0 1").unwrap();
    assert!(
        !pos.legal_moves().iter().any(|m| m.is_castle()),
        "c1 is attacked through b1"
    );
    let pos = position("1r2k3/8/8/8/8/8/8/1R1K4 w B - 0 1").unwrap();
    assert!(pos.legal_moves().iter().any(|m| m.is_castle()));
}
