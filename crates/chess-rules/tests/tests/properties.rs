//! Properties over positions from random play, checked against slow reference code written
//! here from the rules alone (ray walking, trying each move on a copy of the board).

use std::collections::BTreeSet;

use chess_core::{Bitboard, Board, CastlingSide, Color, Piece, Rank, Role, Square};
use chess_rules::{EnPassantMode, Move, MoveKind, Position};
use chess_testdata::random_game;
use proptest::prelude::*;

use crate::support::{fetched_perft, perft_position};

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const ROOK: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The squares `piece` on `sq` attacks, walked one square at a time.
pub fn slow_attacks(board: &Board, sq: Square, piece: Piece) -> Vec<Square> {
    let steps = |steps: &[(i32, i32)]| steps.iter().filter_map(|&(f, r)| sq.offset(f, r)).collect();
    let rays = |dirs: &[(i32, i32)]| {
        let mut out = Vec::new();
        for &(f, r) in dirs {
            let mut cur = sq;
            while let Some(next) = cur.offset(f, r) {
                out.push(next);
                if board.piece_at(next).is_some() {
                    break;
                }
                cur = next;
            }
        }
        out
    };
    let forward = if piece.color().is_white() { 1 } else { -1 };
    match piece.role() {
        Role::Pawn => steps(&[(-1, forward), (1, forward)]),
        Role::Knight => steps(&KNIGHT),
        Role::King => steps(&KING),
        Role::Bishop => rays(&BISHOP),
        Role::Rook => rays(&ROOK),
        Role::Queen => [rays(&BISHOP), rays(&ROOK)].concat(),
    }
}

/// Whether a piece of `by` attacks `sq`, by walking every piece's attacks.
pub fn slow_attacked(board: &Board, sq: Square, by: Color) -> bool {
    board
        .iter()
        .filter(|(_, p)| p.color() == by)
        .any(|(from, p)| slow_attacks(board, from, p).contains(&sq))
}

/// Plays `m` on a copy of the board, by the rules of each move kind.
fn slow_play(board: &Board, m: Move, us: Color) -> Board {
    let mut b = board.clone();
    let piece = b.remove(m.from()).unwrap();
    match m.kind() {
        MoveKind::Castle => {
            let side = CastlingSide::from_king_and_rook(m.from(), m.to());
            let rook = b.remove(m.to()).unwrap();
            b.put(side.king_to(us), piece);
            b.put(side.rook_to(us), rook);
        }
        MoveKind::EnPassant => {
            b.remove(Square::new(m.to().file(), m.from().rank()));
            b.put(m.to(), piece);
        }
        MoveKind::Promotion => {
            b.put(m.to(), Piece::new(us, m.promotion().unwrap()));
        }
        MoveKind::Normal | MoveKind::DoublePush => {
            b.put(m.to(), piece);
        }
        MoveKind::Drop => unreachable!("standard chess has no drops"),
    }
    b
}

/// Every pseudo-legal move, from the rules of each piece.
fn slow_pseudo_legal(pos: &Position) -> Vec<Move> {
    let board = pos.board();
    let us = pos.turn();
    let mut moves = Vec::new();
    for (from, piece) in board.iter().filter(|(_, p)| p.color() == us) {
        if piece.role() == Role::Pawn {
            let forward = if us.is_white() { 1 } else { -1 };
            let last = Rank::Eighth.relative_to(us);
            let add = |to: Square, moves: &mut Vec<Move>| {
                if to.rank() == last {
                    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                        moves.push(Move::promote(from, to, role));
                    }
                } else {
                    moves.push(Move::new(from, to));
                }
            };
            if let Some(one) = from
                .offset(0, forward)
                .filter(|&s| board.piece_at(s).is_none())
            {
                add(one, &mut moves);
                if from.rank() == Rank::Second.relative_to(us) {
                    if let Some(two) = one
                        .offset(0, forward)
                        .filter(|&s| board.piece_at(s).is_none())
                    {
                        moves.push(Move::double_push(from, two));
                    }
                }
            }
            for to in slow_attacks(board, from, piece) {
                if board.piece_at(to).is_some_and(|p| p.color() != us) {
                    add(to, &mut moves);
                } else if pos.ep_square(EnPassantMode::Always) == Some(to) {
                    moves.push(Move::en_passant(from, to));
                }
            }
        } else {
            for to in slow_attacks(board, from, piece) {
                if board.piece_at(to).is_none_or(|p| p.color() != us) {
                    moves.push(Move::new(from, to));
                }
            }
        }
    }
    // Castling: the squares both pieces cross or land on empty but for the two of them, the
    // king not in check and not passing over an attacked square (its destination is checked
    // by the legality filter, after the rook has moved).
    let king = pos.king_of(us);
    for (color, side, rook) in pos.castling_rights().iter() {
        if color != us {
            continue;
        }
        let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
        let span = |a: Square, b: Square| {
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            Square::ALL
                .into_iter()
                .filter(move |&s| s.rank() == a.rank() && lo <= s && s <= hi)
        };
        let blocked = span(king, king_to)
            .chain(span(rook, rook_to))
            .any(|s| s != king && s != rook && board.piece_at(s).is_some());
        let attacked = slow_attacked(board, king, !us)
            || span(king, king_to)
                .filter(|&s| s != king_to)
                .any(|s| slow_attacked(board, s, !us));
        if !blocked && !attacked {
            moves.push(Move::castle(king, rook));
        }
    }
    moves
}

/// The legal moves by definition: pseudo-legal moves after which the own king is not attacked.
pub fn slow_legal(pos: &Position) -> BTreeSet<Move> {
    let us = pos.turn();
    slow_pseudo_legal(pos)
        .into_iter()
        .filter(|&m| {
            let after = slow_play(pos.board(), m, us);
            let king = after.king_of(us).unwrap();
            !slow_attacked(&after, king, !us)
        })
        .collect()
}

fn check_position(pos: &Position) {
    let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
    assert_eq!(legal, slow_legal(pos), "legal moves of {pos:?}");
    assert_eq!(legal.len(), pos.legal_moves().len(), "no duplicates");
    assert_eq!(pos.count_legal_moves(), legal.len());
    assert_eq!(pos.has_legal_moves(), !legal.is_empty());

    let board = pos.board();
    let us = pos.turn();
    let king = pos.king_of(us);
    let checkers: Bitboard = board
        .iter()
        .filter(|&(sq, p)| p.color() != us && slow_attacks(board, sq, p).contains(&king))
        .map(|(sq, _)| sq)
        .collect();
    assert_eq!(pos.checkers(), checkers);
    assert_eq!(pos.is_checkmate(), pos.is_check() && legal.is_empty());
    assert_eq!(pos.is_stalemate(), !pos.is_check() && legal.is_empty());
    assert_eq!(pos.attackers_to(king, !us, board.occupied()), checkers);

    // Pinned: our pieces whose removal exposes the king to a slider.
    let pinned: Bitboard = board
        .iter()
        .filter(|&(sq, p)| p.color() == us && sq != king)
        .filter(|&(sq, _)| {
            let mut without = board.clone();
            without.remove(sq);
            let exposed = |b: &Board| {
                b.iter()
                    .filter(|(_, p)| p.color() != us && p.role().is_slider())
                    .filter(|&(s, p)| slow_attacks(b, s, p).contains(&king))
                    .count()
            };
            exposed(&without) > exposed(board)
        })
        .map(|(sq, _)| sq)
        .collect();
    assert_eq!(pos.pinned(), pinned, "pinned in {pos:?}");

    // Subsets agree with filtering the full list.
    let theirs = board.by_color(!us);
    let captures: BTreeSet<Move> = pos.captures().iter().copied().collect();
    let expected: BTreeSet<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.is_en_passant() || (!m.is_castle() && theirs.contains(m.to())))
        .collect();
    assert_eq!(captures, expected);
    for sq in [Square::E4, king, Square::A1, Square::H8, Square::D5] {
        let from: BTreeSet<Move> = pos.moves_from(sq).iter().copied().collect();
        let expected: BTreeSet<Move> = legal.iter().copied().filter(|m| m.from() == sq).collect();
        assert_eq!(from, expected);
        let to: BTreeSet<Move> = pos
            .moves_to(sq)
            .iter()
            .copied()
            .filter(|m| !m.is_castle() && !m.is_en_passant())
            .collect();
        let expected: BTreeSet<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.to() == sq && !m.is_castle() && !m.is_en_passant())
            .collect();
        assert_eq!(to, expected);
    }

    let checks = pos.check_squares();
    for &m in &legal {
        assert!(pos.is_legal(m));
        let after = pos.after(m);
        assert_eq!(
            pos.gives_check(m),
            after.is_check(),
            "gives_check {m:?} in {pos:?}"
        );
        assert_eq!(
            checks.gives_check(pos, m),
            after.is_check(),
            "check squares' gives_check {m:?} in {pos:?}"
        );
        assert!(after.board().is_consistent());
        assert_eq!(after.board(), &slow_play(board, m, us), "{m:?}");
        assert_eq!(
            after.zobrist_hash(),
            after.compute_hash(),
            "incremental hash after {m:?}"
        );
        assert_eq!(after.turn(), !us);
        let mut undone = pos.clone();
        let undo = undone.play_undoable(m);
        assert_eq!(undone, after);
        undone.undo(m, undo);
        assert_eq!(&undone, pos, "undo {m:?}");
    }
    // Normal moves between arbitrary squares are rejected unless generated.
    for from in [king, Square::E2, Square::G1, Square::B8] {
        for to in Square::ALL {
            let m = Move::new(from, to);
            assert_eq!(pos.is_legal(m), legal.contains(&m));
        }
    }
}

fn check_game(start: &Position, seed: u64, plies: usize) {
    for pos in random_game(start, seed, plies) {
        check_position(&pos);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn standard_games_match_the_reference(seed in any::<u64>()) {
        check_game(&Position::standard(), seed, 120);
    }

    #[test]
    fn chess960_games_match_the_reference(seed in any::<u64>(), n in 0u32..960) {
        check_game(&Position::chess960(n).unwrap(), seed, 120);
    }
}

#[test]
fn games_from_tricky_positions_match_the_reference() {
    let Some(records) = fetched_perft(chess_testdata::TRICKY_PERFT) else {
        return;
    };
    for (i, record) in records.iter().enumerate() {
        let start = perft_position(&record.fen);
        for seed in 0..8 {
            check_game(&start, seed * 31 + i as u64, 40);
        }
    }
}

#[test]
fn a_position_flipped_left_to_right_has_the_flipped_moves() {
    let flip = |sq: Square| sq.flip_horizontal();
    let mut flipped_positions = 0;
    for pos in chess_testdata::random_positions(0xf11b, 40, 120) {
        let Some(flipped) = pos.flip_horizontal() else {
            assert!(!pos.castling_rights().is_empty(), "{pos:?}");
            continue;
        };
        flipped_positions += 1;
        assert_eq!(flipped.turn(), pos.turn());
        assert_eq!(flipped.is_check(), pos.is_check());
        assert_eq!(flipped.checkers(), pos.checkers().flip_horizontal());
        let moves: BTreeSet<(Square, Square, Option<Role>)> = pos
            .legal_moves()
            .iter()
            .map(|m| (flip(m.from()), flip(m.to()), m.promotion()))
            .collect();
        let theirs: BTreeSet<(Square, Square, Option<Role>)> = flipped
            .legal_moves()
            .iter()
            .map(|m| (m.from(), m.to(), m.promotion()))
            .collect();
        assert_eq!(moves, theirs, "{pos:?}");
        assert_eq!(flipped.flip_horizontal().as_ref(), Some(&pos));
    }
    assert!(flipped_positions > 1_000, "{flipped_positions}");
}
