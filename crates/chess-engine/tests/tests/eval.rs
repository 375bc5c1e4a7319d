//! The evaluation: symmetric under colour flipping, balanced at the start, material counts.

use chess_engine::evaluate;
use chess_rules::Position;
use chess_testdata::random_positions;

use crate::support::position;

#[test]
fn mirrored_positions_score_the_same_for_the_side_to_move() {
    // Position::mirror swaps the colours and the side to move: the side to move's score must
    // not change. Random play reaches every kind of position, Chess960 starts included.
    let positions = random_positions(0xe7a1, 300, 120);
    assert!(positions.len() > 20_000);
    for pos in &positions {
        let mirrored = pos.mirror();
        assert_eq!(evaluate(pos), evaluate(&mirrored), "{pos:?}");
        // Mirroring twice is the identity, and so is its score.
        assert_eq!(evaluate(&mirrored.mirror()), evaluate(pos));
    }
}

#[test]
fn the_start_position_is_about_even() {
    let score = evaluate(&Position::standard());
    assert!(score.abs() <= 20, "{score}");
    // After a symmetrical opening too.
    let pos = position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    assert!(evaluate(&pos).abs() <= 60, "{}", evaluate(&pos));
}

#[test]
fn an_extra_queen_wins() {
    // Black's queen is missing.
    let white = position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(evaluate(&white) > 700, "{}", evaluate(&white));
    let black_to_move = position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(evaluate(&black_to_move) < -700);
    // In an endgame as well.
    let endgame = position("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1");
    assert!(evaluate(&endgame) > 700, "{}", evaluate(&endgame));
}

#[test]
fn structure_and_safety_terms_point_the_right_way() {
    // A passed pawn on the seventh is worth more than one on the third.
    let far = position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let near = position("4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
    assert!(evaluate(&far) > evaluate(&near) + 50);
    // Doubled, isolated pawns are worse than a healthy pair.
    let healthy = position("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
    let doubled = position("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1");
    assert!(evaluate(&healthy) > evaluate(&doubled));
    // In the middlegame, a castled king behind its pawns is safer than one whose shelter was
    // pushed away. (With rooks alone, the endgame's liking for advanced pawns may win.)
    let sheltered = position("r2q1rk1/ppp2ppp/2n2n2/8/8/2N2N2/PPP2PPP/R2Q1RK1 w - - 0 1");
    let exposed = position("r2q1rk1/ppp2ppp/2n2n2/8/6PP/2N2N2/PPP2P2/R2Q1RK1 w - - 0 1");
    assert!(evaluate(&sheltered) > evaluate(&exposed));
    // Enemy pieces around the king, with a queen that can check safely, cost more than the
    // same pieces far from it.
    let attacked = position("6k1/5ppp/8/8/6nq/8/5PPP/3R2K1 w - - 0 1");
    let quiet = position("6k1/5ppp/8/8/nq6/8/5PPP/3R2K1 w - - 0 1");
    assert!(
        evaluate(&quiet) > evaluate(&attacked) + 50,
        "{} {}",
        evaluate(&quiet),
        evaluate(&attacked)
    );
}
