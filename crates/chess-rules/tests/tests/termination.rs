//! The termination tracker and `Game::outcome` against a slow reading of the rules, over random
//! games that shuffle pieces back and forth: long enough for fivefold repetition and the
//! 75-move rule, from sparse positions where captures leave insufficient material.

use chess_core::{Bitboard, Board, CastlingRights, Color, Role, Square};
use chess_rules::{
    Arbiter, DrawReason, EnPassantMode, Game, Move, Outcome, PlayError, Position, WinReason,
};
use proptest::prelude::*;

use chess_testdata::Rng;

use crate::support::position;

/// Where the random games start: the standard position and sparse ones, which reach the
/// endings sooner.
const STARTS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "8/8/4k3/8/8/4K3/4R3/8 w - -",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
    "8/8/3nk3/8/8/3NK3/8/8 w - -",
    "8/2b5/4k3/8/8/4K3/2B5/8 b - -",
    "4k3/8/8/8/8/8/4P3/4K3 w - -",
    "8/8/4k3/2r5/8/4K3/2N5/8 w - -",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - -",
    "7k/8/6K1/8/8/8/4Q3/8 w - -",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6",
    "2b1k3/8/8/8/8/8/8/2B1KN2 w - -",
    "4k3/3q4/8/8/8/8/3Q4/4K3 b - -",
];

/// One position of a game, and how it was reached.
struct Ply {
    pos: Position,
    /// The move that made it: `None` for the start and after a null move.
    m: Option<Move>,
    /// Whether a null move made it.
    null: bool,
}

/// A random game of up to `plies` moves, which goes on past the draws the rules impose (as
/// archived games may) but stops where the side to move has no legal move. Half of the moves
/// (nine in ten in one game of two) go back to a position already seen, most of the others
/// move a piece without capturing, and with `nulls` a few are null moves.
fn shuffling_game(start: Position, seed: u64, plies: usize, nulls: bool) -> Vec<Ply> {
    let mut rng = Rng::new(seed);
    let back_percent = if rng.below(2) == 0 { 50 } else { 90 };
    let mut game = vec![Ply {
        pos: start,
        m: None,
        null: false,
    }];
    for _ in 0..plies {
        let pos = &game.last().unwrap().pos;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        if nulls && !pos.is_check() && rng.below(100) < 3 {
            let next = pos.null_move().unwrap();
            game.push(Ply {
                pos: next,
                m: None,
                null: true,
            });
            continue;
        }
        let seen: Vec<&Ply> = game[run_start(&game, game.len() - 1)..].iter().collect();
        let back: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let next = pos.after(m);
                seen.iter().any(|p| same_position(&p.pos, &next))
            })
            .collect();
        let quiet: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.after(m).halfmoves() != 0)
            .collect();
        let m = if !back.is_empty() && rng.below(100) < back_percent {
            back[rng.below(back.len())]
        } else if !quiet.is_empty() && rng.below(100) < 85 {
            quiet[rng.below(quiet.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let next = pos.after(m);
        game.push(Ply {
            pos: next,
            m: Some(m),
            null: false,
        });
    }
    game
}

/// The same position for the repetition rules: pieces, side to move, castling rights and the
/// en passant square when the capture is legal.
fn same_position(a: &Position, b: &Position) -> bool {
    fn key(p: &Position) -> (&Board, Color, &CastlingRights, Option<Square>) {
        (
            p.board(),
            p.turn(),
            p.castling_rights(),
            p.ep_square(EnPassantMode::Legal),
        )
    }
    key(a) == key(b)
}

/// Where the positions that position `i` may repeat start: back to the start, a capture or
/// pawn move, or a null move.
fn run_start(game: &[Ply], i: usize) -> usize {
    (1..=i)
        .rev()
        .find(|&j| game[j].null || game[j].pos.halfmoves() == 0)
        .unwrap_or(0)
}

/// How often position `i` has occurred, by walking back through the game.
fn slow_repetitions(game: &[Ply], i: usize) -> u32 {
    game[run_start(game, i)..=i]
        .iter()
        .filter(|p| same_position(&p.pos, &game[i].pos))
        .count() as u32
}

/// What the rules say of one position, in python-chess's order.
fn slow_judge(pos: &Position, repetitions: u32) -> Option<Outcome> {
    let draw = |reason| Some(Outcome::Draw { reason });
    let moves = pos.legal_moves();
    if moves.is_empty() && !pos.checkers().is_empty() {
        return Some(Outcome::Decisive {
            winner: !pos.turn(),
            reason: WinReason::Checkmate,
        });
    }
    if slow_insufficient_material(pos) {
        return draw(DrawReason::InsufficientMaterial);
    }
    if moves.is_empty() {
        return draw(DrawReason::Stalemate);
    }
    if pos.halfmoves() >= 150 {
        return draw(DrawReason::SeventyFiveMoveRule);
    }
    if repetitions >= 5 {
        return draw(DrawReason::FivefoldRepetition);
    }
    None
}

/// Insufficient material as python-chess defines it: only kings and minor pieces, and either
/// a lone knight or bishops all on one square color.
fn slow_insufficient_material(pos: &Position) -> bool {
    let mut knights = 0;
    let mut bishops = Bitboard::EMPTY;
    for (sq, piece) in pos.board().iter() {
        match piece.role() {
            Role::King => {}
            Role::Knight => knights += 1,
            Role::Bishop => bishops |= Bitboard::from_square(sq),
            _ => return false,
        }
    }
    let one_color =
        bishops.is_subset(Bitboard::DARK_SQUARES) || bishops.is_subset(Bitboard::LIGHT_SQUARES);
    (knights == 0 && one_color) || (knights == 1 && bishops.is_empty())
}

/// How the rules end the game at each of its positions: the first draw met on the way, else
/// what they say of the position.
fn slow_outcomes(game: &[Ply]) -> Vec<Option<Outcome>> {
    let mut first = None;
    let mut outcomes = Vec::new();
    for (i, ply) in game.iter().enumerate() {
        let here = slow_judge(&ply.pos, slow_repetitions(game, i));
        outcomes.push(first.or(here));
        first = first.or(here);
    }
    outcomes
}

/// Whether a threefold repetition may be claimed at position `i` (no null move before it).
fn slow_can_claim_threefold(game: &[Ply], i: usize) -> bool {
    let pos = &game[i].pos;
    slow_repetitions(game, i) >= 3
        || pos.legal_moves().iter().any(|&m| {
            let next = pos.after(m);
            next.halfmoves() != 0
                && game[run_start(game, i)..=i]
                    .iter()
                    .filter(|p| same_position(&p.pos, &next))
                    .count()
                    >= 2
        })
}

/// Feeds `game` to a tracker and checks its answers at every ply, then while taking the
/// positions back, and after feeding them again from `resume`.
fn check_arbiter(game: &[Ply], resume: usize) {
    let expected = slow_outcomes(game);
    let feed = |arbiter: &mut Arbiter, ply: &Ply| {
        if ply.null {
            arbiter.push_null(&ply.pos);
        } else {
            arbiter.push(&ply.pos);
        }
    };
    let answers = |arbiter: &Arbiter, i: usize| {
        (
            arbiter.plies(),
            arbiter.outcome(&game[i].pos),
            arbiter.repetitions(),
            arbiter.ending(),
        )
    };
    let mut arbiter = Arbiter::new(&game[0].pos);
    let mut seen = Vec::new();
    for (i, ply) in game.iter().enumerate() {
        if i > 0 {
            feed(&mut arbiter, ply);
        }
        assert_eq!(arbiter.plies(), i);
        assert_eq!(
            arbiter.repetitions(),
            slow_repetitions(game, i),
            "repetitions at ply {i}"
        );
        assert_eq!(
            arbiter.outcome(&ply.pos),
            expected[i],
            "ply {i}: {:?}",
            ply.pos
        );
        // The ending met before this position is the one every later position reports.
        let before = arbiter.ending().filter(|&(_, at)| at < i);
        let slow_before = (0..i).find_map(|j| {
            expected[j].map(|o| match o {
                Outcome::Draw { reason } => (reason, j),
                Outcome::Decisive { .. } => unreachable!("a game goes on past a mate"),
            })
        });
        assert_eq!(before, slow_before, "ending before ply {i}");
        seen.push(answers(&arbiter, i));
    }
    for i in (0..game.len()).rev() {
        assert_eq!(
            answers(&arbiter, i),
            seen[i],
            "after taking back to ply {i}"
        );
        if i == resume {
            for ply in &game[i + 1..] {
                feed(&mut arbiter, ply);
            }
            assert_eq!(answers(&arbiter, game.len() - 1), seen[game.len() - 1]);
            for _ in i + 1..game.len() {
                assert!(arbiter.pop());
            }
        }
        assert_eq!(arbiter.pop(), i > 0);
    }
}

/// Plays `game` (which has no null move) as a `Game` until the rules end it, checking its
/// answers at every ply and again while undoing every move.
fn check_game(game: &[Ply]) {
    let expected = slow_outcomes(game);
    let mut g = Game::new(game[0].pos.clone());
    let answers = |g: &Game| {
        (
            g.outcome(),
            g.repetitions(),
            g.can_claim_threefold_repetition(),
        )
    };
    let mut seen = Vec::new();
    for (i, ply) in game.iter().enumerate() {
        if let Some(m) = ply.m {
            match g.play(m) {
                Ok(()) => assert_eq!(expected[i - 1], None, "played on after ply {}", i - 1),
                Err(PlayError::GameOver(outcome)) => {
                    assert_eq!(Some(outcome), expected[i - 1]);
                    break;
                }
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(g.position(), &ply.pos);
        assert_eq!(g.outcome(), expected[i], "ply {i}: {:?}", ply.pos);
        assert_eq!(g.repetitions(), slow_repetitions(game, i));
        assert_eq!(
            g.can_claim_threefold_repetition(),
            slow_can_claim_threefold(game, i),
            "threefold claim at ply {i}"
        );
        seen.push(answers(&g));
    }
    for i in (0..seen.len()).rev() {
        assert_eq!(answers(&g), seen[i], "after undoing back to ply {i}");
        assert_eq!(g.undo(), if i > 0 { game[i].m } else { None });
    }
}

/// The start `n` of [`STARTS`] with `clock` halfmoves since the last capture or pawn move.
fn start(n: usize, clock: u32) -> Position {
    position(&format!("{} {clock} 1", STARTS[n])).unwrap()
}

/// The clock for start `n` that makes the first fivefold repetition of the game of `seed`
/// fall on the 150th halfmove, when no capture or pawn move comes before it (the moves of a
/// shuffling game do not depend on the clock); 0 otherwise.
fn aimed_clock(n: usize, seed: u64, plies: usize) -> u32 {
    let game = shuffling_game(start(n, 0), seed, plies, false);
    (1..game.len().min(151))
        .take_while(|&i| game[i].pos.halfmoves() != 0)
        .find(|&i| slow_repetitions(&game, i) >= 5)
        .map_or(0, |i| 150 - i as u32)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn the_tracker_and_game_agree_with_the_rules(
        n in 0..STARTS.len(),
        clock in prop_oneof![Just(0u32), 0u32..150, 120u32..150],
        seed in any::<u64>(),
        aim in any::<bool>(),
        plies in 1usize..300,
        resume in any::<prop::sample::Index>(),
    ) {
        let clock = if aim { aimed_clock(n, seed, plies) } else { clock };
        let game = shuffling_game(start(n, clock), seed, plies, false);
        check_arbiter(&game, resume.index(game.len()));
        check_game(&game);
    }

    #[test]
    fn the_tracker_agrees_with_the_rules_across_null_moves(
        n in 0..STARTS.len(),
        clock in prop_oneof![Just(0u32), 120u32..150],
        seed in any::<u64>(),
        plies in 1usize..300,
        resume in any::<prop::sample::Index>(),
    ) {
        let game = shuffling_game(start(n, clock), seed, plies, true);
        check_arbiter(&game, resume.index(game.len()));
    }
}

/// The random games reach every ending, and the 75-move rule together with fivefold
/// repetition, so the properties above do not pass for lack of them.
#[test]
fn the_shuffling_games_reach_every_ending() {
    let mut met = Vec::new();
    let mut both = 0;
    for seed in 0..300u64 {
        let n = seed as usize % STARTS.len();
        let clock = match seed % 3 {
            0 => 120 + seed as u32 % 30,
            1 => aimed_clock(n, seed, 300),
            _ => 0,
        };
        let game = shuffling_game(start(n, clock), seed, 300, false);
        let outcomes = slow_outcomes(&game);
        let Some(end) = outcomes.iter().position(Option::is_some) else {
            continue;
        };
        let outcome = outcomes[end].unwrap();
        if !met.contains(&outcome) {
            met.push(outcome);
        }
        if game[end].pos.halfmoves() >= 150 && slow_repetitions(&game, end) >= 5 {
            both += 1;
        }
    }
    for reason in [
        DrawReason::Stalemate,
        DrawReason::InsufficientMaterial,
        DrawReason::SeventyFiveMoveRule,
        DrawReason::FivefoldRepetition,
    ] {
        assert!(met.contains(&Outcome::Draw { reason }), "{reason:?}");
    }
    assert!(
        met.iter().any(|o| matches!(
            o,
            Outcome::Decisive {
                reason: WinReason::Checkmate,
                ..
            }
        )),
        "checkmate"
    );
    assert!(both > 0, "no game meets both rules at once");
}
