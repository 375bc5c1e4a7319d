//! Setups that cannot occur in a game are rejected with every reason.

use chess_core::{Piece, Square};
use chess_rules::{CastlingMode, Position, PositionErrorKinds};

use crate::support::setup;

fn errors(fen: &str) -> PositionErrorKinds {
    errors_in(fen, CastlingMode::Chess960)
}

fn errors_in(fen: &str, mode: CastlingMode) -> PositionErrorKinds {
    match Position::from_setup(setup(fen), mode) {
        Ok(_) => PositionErrorKinds::empty(),
        Err(e) => e.kinds(),
    }
}

#[test]
fn valid_positions_pass() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        // A double check by a discovered rook and the knight that moved.
        "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
        // Nine queens after eight promotions.
        "4k3/8/8/8/8/8/QQQQ4/QQQQK2Q w - - 0 1",
    ] {
        assert_eq!(errors(fen), PositionErrorKinds::empty(), "{fen}");
    }
}

#[test]
fn kings() {
    assert_eq!(
        errors("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        PositionErrorKinds::MISSING_KING
    );
    assert_eq!(
        errors("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        PositionErrorKinds::TOO_MANY_KINGS
    );
    assert_eq!(
        errors("8/8/8/8/8/8/8/8 w - - 0 1"),
        PositionErrorKinds::MISSING_KING
    );
}

#[test]
fn pawns_on_backrank() {
    assert_eq!(
        errors("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        PositionErrorKinds::PAWNS_ON_BACKRANK
    );
    assert_eq!(
        errors("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
        PositionErrorKinds::PAWNS_ON_BACKRANK
    );
}

#[test]
fn material() {
    // Nine pawns.
    assert_eq!(
        errors("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"),
        PositionErrorKinds::TOO_MUCH_MATERIAL
    );
    // Eight pawns and a second queen: a promotion with no pawn missing.
    assert_eq!(
        errors("4k3/8/8/8/8/Q7/PPPPPPPP/3QK3 w - - 0 1"),
        PositionErrorKinds::TOO_MUCH_MATERIAL
    );
    // Seven pawns and two light-squared bishops: fine (one promotion).
    assert_eq!(
        errors("4k3/8/8/8/8/1B6/PPPPPPP1/4KB2 w - - 0 1"),
        PositionErrorKinds::empty()
    );
    // Eight pawns and two light-squared bishops: not.
    assert_eq!(
        errors("4k3/8/8/8/8/1B6/PPPPPPPP/4KB2 w - - 0 1"),
        PositionErrorKinds::TOO_MUCH_MATERIAL
    );
}

#[test]
fn checks() {
    // White to move, black king attacked.
    assert_eq!(
        errors("4k3/8/8/8/8/8/8/4KR2 b - - 0 1") & PositionErrorKinds::OPPOSITE_CHECK,
        PositionErrorKinds::empty()
    );
    assert_eq!(
        errors("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
        PositionErrorKinds::OPPOSITE_CHECK
    );
    // Three checkers.
    assert_eq!(
        errors("4k3/8/3N1N2/8/8/8/8/4R1K1 b - - 0 1"),
        PositionErrorKinds::IMPOSSIBLE_CHECK
    );
    // Two knights.
    assert_eq!(
        errors("4k3/8/3N1N2/8/8/8/8/6K1 b - - 0 1"),
        PositionErrorKinds::IMPOSSIBLE_CHECK
    );
    // Two queens on one line through the king, from both sides.
    assert_eq!(
        errors("4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1") & PositionErrorKinds::TOO_MUCH_MATERIAL,
        PositionErrorKinds::empty()
    );
    assert_eq!(
        errors("QQQQkQQQ/8/8/8/8/8/8/QK6 b - - 0 1"),
        PositionErrorKinds::IMPOSSIBLE_CHECK
    );
    // Two rooks on one line through the king, from both sides.
    assert_eq!(
        errors("R3k2R/8/8/8/8/8/8/6K1 b - - 0 1"),
        PositionErrorKinds::IMPOSSIBLE_CHECK
    );
    // A check that the last double step cannot explain: the rook on a8 was not uncovered by d7-d5.
    assert_eq!(
        errors("r3k3/8/8/3p4/8/8/8/K7 w - d6 0 1"),
        PositionErrorKinds::IMPOSSIBLE_CHECK
    );
    // The double-stepped pawn giving check is fine.
    assert_eq!(
        errors("4k3/8/8/8/3p4/4K3/8/8 w - d6 0 1") & PositionErrorKinds::IMPOSSIBLE_CHECK,
        PositionErrorKinds::empty()
    );
}

#[test]
fn en_passant_square() {
    let ok = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    assert_eq!(errors(ok), PositionErrorKinds::empty());
    // Wrong rank for white to move.
    assert_eq!(
        errors("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d3 0 2"),
        PositionErrorKinds::INVALID_EP_SQUARE
    );
    // No pawn in front of the square.
    assert_eq!(
        errors("rnbqkbnr/ppp1pppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"),
        PositionErrorKinds::INVALID_EP_SQUARE
    );
    // The pawn's origin square is occupied: it cannot have come from there.
    assert_eq!(
        errors("rnbqkbnr/pppppppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
            & PositionErrorKinds::INVALID_EP_SQUARE,
        PositionErrorKinds::INVALID_EP_SQUARE
    );
}

#[test]
fn castling_rights() {
    // No rook on h1.
    assert_eq!(
        errors("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1"),
        PositionErrorKinds::INVALID_CASTLING_RIGHTS
    );
    // King off its square in standard chess, but fine in Chess960 (rook file letters).
    let fen = "1r1k2r1/8/8/8/8/8/8/1R1K2R1 w GBgb - 0 1";
    assert_eq!(
        errors_in(fen, CastlingMode::Standard),
        PositionErrorKinds::INVALID_CASTLING_RIGHTS
    );
    assert_eq!(
        errors_in(fen, CastlingMode::Chess960),
        PositionErrorKinds::empty()
    );
    // King not on the back rank.
    assert_eq!(
        errors("r3k2r/8/8/8/8/8/4K3/R6R w A - 0 1"),
        PositionErrorKinds::INVALID_CASTLING_RIGHTS
    );
}

#[test]
fn every_reason_is_reported() {
    let kinds = errors("P3k3/8/8/8/8/8/PPPPPPPP/R3K2R w Hk - 0 1");
    assert_eq!(
        kinds,
        PositionErrorKinds::PAWNS_ON_BACKRANK
            | PositionErrorKinds::TOO_MUCH_MATERIAL
            | PositionErrorKinds::INVALID_CASTLING_RIGHTS
    );
}

#[test]
fn escape_hatch() {
    let error = Position::from_setup(
        setup("4k3/8/8/8/8/8/PPPPPPPP/R3K2R w KQkq e6 0 1"),
        CastlingMode::Standard,
    )
    .unwrap_err();
    assert_eq!(
        error.kinds(),
        PositionErrorKinds::INVALID_CASTLING_RIGHTS | PositionErrorKinds::INVALID_EP_SQUARE
    );
    let pos = error.clone().ignore(PositionErrorKinds::IGNORABLE).unwrap();
    // The invalid black rights and en passant square were dropped; white's kept.
    assert_eq!(pos.castling_rights().to_string(), "KQ");
    assert_eq!(pos.ep_square(chess_rules::EnPassantMode::Always), None);
    // Ignoring only part of the reasons is still an error naming the rest.
    let rest = error
        .ignore(PositionErrorKinds::INVALID_EP_SQUARE)
        .unwrap_err();
    assert_eq!(rest.kinds(), PositionErrorKinds::INVALID_CASTLING_RIGHTS);
    // Missing kings cannot be ignored.
    let mut s = chess_rules::Setup::empty();
    s.board.put(Square::A1, Piece::WhiteKing);
    let e = Position::from_setup(s, CastlingMode::Standard).unwrap_err();
    assert!(e.ignore(PositionErrorKinds::all()).is_err());
}
