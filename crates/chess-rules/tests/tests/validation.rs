//! Setups that cannot occur in a game are rejected with every reason.

use chess_core::{Board, CastlingRights, Color, File, Piece, Rank, Role, Square};
use chess_rules::{CastlingMode, EnPassantMode, Position, PositionErrorKinds, Setup};
use chess_testdata::{Rng, random_game};

use crate::properties::{slow_attacked, slow_attacks};
use crate::support::{fetched_perft, perft_position, setup};

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
    // The square it skipped is occupied (by a black bishop): it cannot have passed.
    let skipped_occupied = "rnbqk1nr/ppp1pppp/3b4/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    assert_eq!(
        errors(skipped_occupied),
        PositionErrorKinds::INVALID_EP_SQUARE
    );
    let pos = Position::from_setup(setup(skipped_occupied), CastlingMode::Standard)
        .unwrap_err()
        .ignore(PositionErrorKinds::INVALID_EP_SQUARE)
        .unwrap();
    assert_eq!(pos.ep_square(EnPassantMode::Always), None);
    assert!(!pos.legal_moves().iter().any(|m| m.is_en_passant()));
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

/// Double checks one move can give, each next to a similar one no move can give.
#[test]
fn double_checks() {
    let possible = [
        // Nd6+ from e4 uncovers the rook on e1.
        "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
        // Nd6+ from c8 uncovers the rook on a8.
        "R3k3/8/3N4/8/8/8/8/6K1 b - - 0 1",
        // Bb5+ from e2 uncovers the rook on e1.
        "4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1",
        // exd7+: the pawn captured from e6, off the rook's file.
        "4k3/3P4/8/8/8/8/8/4R1K1 b - - 0 1",
        // e8=N+ (or fxe8=N+) uncovers the rook on d7.
        "4N3/3R2k1/8/8/8/8/8/6K1 b - - 0 1",
        // bxc6 en passant after c7-c5: b5 and c5 both empty, opening the b-file for the rook
        // and the diagonal for the bishop; the pawn itself gives no check.
        "1R3B2/8/2P5/8/1k6/8/8/6K1 b - - 0 1",
    ];
    for fen in possible {
        assert_eq!(errors(fen), PositionErrorKinds::empty(), "{fen}");
    }
    let impossible = [
        // No knight move to c7 starts on b8, c8 or d8.
        "R3k3/2N5/8/8/8/8/8/6K1 b - - 0 1",
        // No knight move to g7 starts on b5, c6 or d7.
        "4k3/6N1/8/8/B7/8/8/6K1 b - - 0 1",
        // The queen can have come from e2 or e5, but there it was already checking along the
        // file it would have uncovered.
        "4k3/8/8/1Q6/8/8/8/4R1K1 b - - 0 1",
        // The pawn on d7 came from d6, c6 or e6, none of them on the eighth rank.
        "R3k3/3P4/8/8/8/8/8/6K1 b - - 0 1",
        // A pawn on its second rank has not moved.
        "4R3/8/8/8/8/4k3/3P4/6K1 b - - 0 1",
        // The knight on e6 came from none of e7 and f7.
        "8/3R2k1/4N3/8/8/8/8/6K1 b - - 0 1",
        // e7-e8=Q would uncover the bishop, but the pawn on e7 was already checking f8.
        "4Qk2/8/8/8/8/B7/8/6K1 b - - 0 1",
        // As the en passant case above, but black's c-pawn cannot have started on c7.
        "1R3B2/2p5/2P5/8/1k6/8/8/6K1 b - - 0 1",
        // ...and without the pawn that would have captured.
        "1R3B2/8/8/8/1k6/8/8/6K1 b - - 0 1",
    ];
    for fen in impossible {
        assert_eq!(errors(fen), PositionErrorKinds::IMPOSSIBLE_CHECK, "{fen}");
    }
}

#[test]
fn impossible_double_checks_can_be_ignored() {
    let error = Position::from_setup(
        setup("R3k3/2N5/8/8/8/8/8/6K1 b - - 0 1"),
        CastlingMode::Standard,
    )
    .unwrap_err();
    assert_eq!(error.kinds(), PositionErrorKinds::IMPOSSIBLE_CHECK);
    let pos = error.ignore(PositionErrorKinds::IMPOSSIBLE_CHECK).unwrap();
    assert_eq!(pos.checkers().count(), 2);
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["e8d7", "e8e7", "e8f7"]);
}

/// Every position one move of `them` can have led to `board` from, found by taking back each
/// move of each piece (with and without a captured piece put back), promotions, en passant
/// captures and castling (Chess960's too), without regard to anything but the board.
fn predecessors(board: &Board, them: Color) -> Vec<Board> {
    let us = !them;
    let forward = if them.is_white() { 1 } else { -1 };
    let empty = |sq: Square| board.piece_at(sq).is_none();
    let pawn_square = |sq: &Square| sq.rank() != Rank::First && sq.rank() != Rank::Eighth;
    let last_rank = Rank::Eighth.relative_to(them);
    let mut before = Vec::new();
    for (to, piece) in board.iter().filter(|(_, p)| p.color() == them) {
        let mut take_back = |from: Square, moved: Piece, capture: bool| {
            let mut b = board.clone();
            b.remove(to);
            b.put(from, moved);
            if capture {
                b.put(to, Piece::new(us, Role::Knight));
            }
            before.push(b);
        };
        let pawn = Piece::new(them, Role::Pawn);
        let step_back = to
            .offset(0, -forward)
            .filter(|&sq| empty(sq) && pawn_square(&sq));
        let capture_back = [-1, 1]
            .into_iter()
            .filter_map(|df| to.offset(df, -forward))
            .filter(|&sq| empty(sq) && pawn_square(&sq));
        match piece.role() {
            Role::Pawn => {
                if let Some(from) = step_back {
                    take_back(from, piece, false);
                    if to.rank() == Rank::Fourth.relative_to(them) {
                        if let Some(start) = from.offset(0, -forward).filter(|&sq| empty(sq)) {
                            take_back(start, piece, false);
                        }
                    }
                }
                for from in capture_back {
                    take_back(from, piece, true);
                }
            }
            role => {
                for from in slow_attacks(board, to, piece) {
                    if empty(from) {
                        take_back(from, piece, false);
                        take_back(from, piece, true);
                    }
                }
                if to.rank() == last_rank && role != Role::King {
                    if let Some(from) = step_back {
                        take_back(from, pawn, false);
                    }
                    for from in capture_back {
                        take_back(from, pawn, true);
                    }
                }
            }
        }
    }
    // En passant: the pawn back, and black's pawn back on the square behind it.
    for (to, _) in board.iter().filter(|&(sq, p)| {
        p == Piece::new(them, Role::Pawn) && sq.rank() == Rank::Sixth.relative_to(them)
    }) {
        let taken = to.offset(0, -forward).unwrap();
        let start = to.offset(0, forward).unwrap();
        if !empty(taken) || !empty(start) {
            continue;
        }
        for from in [-1, 1].into_iter().filter_map(|df| taken.offset(df, 0)) {
            if empty(from) {
                let mut b = board.clone();
                b.remove(to);
                b.put(from, Piece::new(them, Role::Pawn));
                b.put(taken, Piece::new(us, Role::Pawn));
                before.push(b);
            }
        }
    }
    // Castling, from any king and rook squares: every square from the leftmost to the rightmost
    // of the four empty but for the king and rook.
    let back = Rank::First.relative_to(them);
    let on_back = |file: File| Square::new(file, back);
    let king = Piece::new(them, Role::King);
    let rook = Piece::new(them, Role::Rook);
    for (king_to, rook_to) in [(File::G, File::F), (File::C, File::D)] {
        let (king_to, rook_to) = (on_back(king_to), on_back(rook_to));
        if board.piece_at(king_to) != Some(king) || board.piece_at(rook_to) != Some(rook) {
            continue;
        }
        for king_from in File::ALL.map(on_back) {
            for rook_from in File::ALL.map(on_back) {
                let king_side = king_from.file() < rook_from.file();
                if king_from == rook_from || king_side != (king_to.file() == File::G) {
                    continue;
                }
                let files = [king_from, rook_from, king_to, rook_to].map(|sq| sq.file().index());
                let (lo, hi) = (*files.iter().min().unwrap(), *files.iter().max().unwrap());
                let clear = (lo..=hi)
                    .map(|f| on_back(File::from_index(f).unwrap()))
                    .all(|sq| sq == king_to || sq == rook_to || empty(sq));
                if clear {
                    let mut b = board.clone();
                    b.remove(king_to);
                    b.remove(rook_to);
                    b.put(king_from, king);
                    b.put(rook_from, rook);
                    before.push(b);
                }
            }
        }
    }
    before
}

/// A random board with both kings, a few pieces of `them` and a few pawns and knights of the
/// side to move.
fn random_board(rng: &mut Rng, them: Color) -> Board {
    let mut board = Board::empty();
    let free = |rng: &mut Rng, board: &Board, pawn: bool| loop {
        let sq = Square::ALL[rng.below(64)];
        let back = sq.rank() == Rank::First || sq.rank() == Rank::Eighth;
        if board.piece_at(sq).is_none() && !(pawn && back) {
            return sq;
        }
    };
    // A quarter of the time, their king and a rook as castling leaves them.
    let back = Rank::First.relative_to(them);
    let castled = [(File::G, File::F), (File::C, File::D)][rng.below(2)];
    if rng.below(4) == 0 {
        board.put(Square::new(castled.0, back), Piece::new(them, Role::King));
        board.put(Square::new(castled.1, back), Piece::new(them, Role::Rook));
    }
    let our_king = loop {
        let sq = free(rng, &board, false);
        if board.king_of(them).is_none_or(|king| sq.distance(king) > 1) {
            break sq;
        }
    };
    board.put(our_king, Piece::new(!them, Role::King));
    while board.king_of(them).is_none() {
        let sq = free(rng, &board, false);
        if sq.distance(our_king) > 1 {
            board.put(sq, Piece::new(them, Role::King));
        }
    }
    let roles = [
        Role::Pawn,
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    for _ in 0..2 + rng.below(5) {
        let role = roles[rng.below(roles.len())];
        let sq = free(rng, &board, role == Role::Pawn);
        board.put(sq, Piece::new(them, role));
    }
    for _ in 0..rng.below(4) {
        let role = [Role::Pawn, Role::Pawn, Role::Knight][rng.below(3)];
        let sq = free(rng, &board, role == Role::Pawn);
        board.put(sq, Piece::new(!them, role));
    }
    board
}

/// The check rules of validation agree with taking back every possible last move: a double check
/// is rejected exactly when no position before it had the king out of check (three checks
/// always are).
#[test]
fn double_checks_agree_with_taking_back_every_move() {
    let mut rng = Rng::new(0x5eed_d0b1_e0c4);
    let (mut possible, mut impossible) = (0, 0);
    for i in 0..150_000 {
        let them = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let us = !them;
        let board = random_board(&mut rng, them);
        let king = board.king_of(us).unwrap();
        let checkers = board
            .iter()
            .filter(|&(sq, p)| p.color() == them && slow_attacks(&board, sq, p).contains(&king))
            .count();
        if checkers < 2 || slow_attacked(&board, board.king_of(them).unwrap(), us) {
            continue;
        }
        let explained = predecessors(&board, them)
            .iter()
            .any(|before| !slow_attacked(before, king, them));
        let setup = Setup {
            board: board.clone(),
            turn: us,
            castling: CastlingRights::NONE,
            ..Setup::empty()
        };
        let kinds = match Position::from_setup(setup, CastlingMode::Chess960) {
            Ok(_) => PositionErrorKinds::empty(),
            Err(e) => e.kinds(),
        };
        let rejected = kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK);
        assert_eq!(rejected, !explained, "{:?} to move:\n{}", us, board.plain());
        if checkers == 2 && explained {
            possible += 1;
        } else if checkers == 2 {
            impossible += 1;
        }
    }
    assert!(
        possible > 200 && impossible > 200,
        "{possible} {impossible}"
    );
}

/// Positions reached by legal moves are never rejected for their checks: every position of
/// random games and every position one move after each, with the en passant square as FEN
/// writers set it either way.
#[test]
fn positions_reached_by_play_have_possible_checks() {
    let starts: Vec<Position> = std::iter::once(Position::standard())
        .chain((0..960).step_by(97).map(|n| Position::chess960(n).unwrap()))
        .chain(
            fetched_perft(chess_testdata::TRICKY_PERFT)
                .unwrap_or_default()
                .iter()
                .map(|r| perft_position(&r.fen)),
        )
        .collect();
    let mut double_checks = 0;
    for (i, start) in starts.iter().enumerate() {
        for seed in 0..6 {
            for pos in random_game(start, (i as u64) << 16 | seed, 150) {
                for &m in &pos.legal_moves() {
                    let after = pos.after(m);
                    double_checks += usize::from(after.checkers().more_than_one());
                    for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
                        let kinds = match Position::from_setup(
                            after.to_setup_with(ep),
                            after.castling_mode(),
                        ) {
                            Ok(_) => PositionErrorKinds::empty(),
                            Err(e) => e.kinds(),
                        };
                        assert!(
                            !kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK),
                            "{m} in {pos:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(double_checks > 20, "{double_checks}");
}

/// How castling rights are read is decided in one place: Chess960 when asked, else as the
/// rights need (a king off the e-file, or a rook off its a- or h-file).
#[test]
fn castling_mode_is_decided_by_the_rights() {
    use chess_rules::CastlingMode;
    let standard = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(standard.castling_mode(), CastlingMode::Standard);
    assert_eq!(
        CastlingMode::for_setup(&standard, true),
        CastlingMode::Chess960
    );
    let king_off = setup("r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(king_off.castling_mode(), CastlingMode::Chess960);
    let rook_off = setup("4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1");
    assert_eq!(rook_off.castling_mode(), CastlingMode::Chess960);
    let no_rights = setup("1r1k3r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(no_rights.castling_mode(), CastlingMode::Standard);
    assert_eq!(
        CastlingMode::for_setup(&no_rights, false),
        CastlingMode::Standard
    );
}
