//! Static evaluation: how good a position is for the side to move, in centipawns.
//!
//! A tapered evaluation: every term has a middlegame and an endgame weight, blended by the
//! material left on the board (the game phase: 24 with all pieces, 0 with kings and pawns
//! only). The weights (`eval/weights.rs`) are fitted by chess-lab's Texel tuner, through
//! [`trace`], to the engine's own games: to their results and to its searches' scores of
//! their positions.
//! The terms:
//!
//! - material and piece-square values;
//! - pawn structure: doubled, isolated and backward pawns, pawns defended by a pawn or
//!   beside one, passed pawns (by rank; blocked, or free to advance; out of the enemy king's
//!   reach in a pawn ending), in the endgame the race of the kings to a passed pawn and the
//!   distance of each king to the nearest pawn;
//! - king safety: the pawn shield in front of a castled king, open files and enemy pawns
//!   storming it, and the attack on it: the pieces that reach its zone (a weight for each
//!   sum of their attack units, since the danger grows faster than the attack), the safe
//!   checks the enemy could give, and the squares next to it only the king or queen defend;
//! - threats: enemy pieces attacked by minor pieces, rooks, the king or safe pawns (or pawns
//!   after a safe push), and hanging pieces;
//! - mobility: squares each piece reaches that are not ours and not guarded by enemy pawns
//!   (a weight for each number of squares);
//! - the bishop pair, a bishop's own pawns on its colour, knights and bishops on outposts
//!   (defended by a pawn, out of the enemy pawns' reach) or behind a pawn, their distance to
//!   their king, bishops on a long diagonal, rooks on open files, on the seventh rank or on
//!   the enemy queen's file, rooks behind passed pawns;
//! - space: the safe squares of the side's own centre, weighted by its piece count;
//! - the complexity of the position, which moves the endgame score away from zero (passed
//!   pawns, many pawns, pawns on both wings, a king in the enemy half) or towards it (few
//!   pawns, kings facing each other), never past it;
//! - a scale factor on the endgame score for endings the side ahead rarely or never wins
//!   (see the `endgame` module): no pawns and less than a rook ahead, a rook's pawn with the wrong
//!   bishop, opposite-coloured bishops, a lone extra pawn, every pawn on one wing;
//! - mop-up, where one side must mate with its pieces (against a lone king, or with no pawns
//!   left and four points or more ahead): the enemy king driven to the edge, the kings close.
//!
//! Every term is computed the same way for both colors on mirrored squares, so the score of
//! [`Position::mirror`] equals the score of the position.

mod attack_map;
mod endgame;
pub mod features;
mod king;
pub(crate) mod kpk;
mod pawns;
mod sink;
mod tapered;
mod threats;
mod weights;

pub(crate) use endgame::NORMAL;
pub(crate) use tapered::S;

use chess_core::{Bitboard, Board, Color, Rank, Role, attacks};
use chess_rules::Position;

use attack_map::AttackMap;
use features::{
    BISHOP_MOBILITY, BISHOP_OUTPOST, BISHOP_PAIR, BISHOP_PAWNS, KING_PROTECTOR, KNIGHT_MOBILITY,
    KNIGHT_OUTPOST, LONG_DIAGONAL_BISHOP, MINOR_BEHIND_PAWN, PSQT, QUEEN_MOBILITY, ROOK_MOBILITY,
    ROOK_ON_QUEEN_FILE, ROOK_ON_SEVENTH, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE, SPACE,
};
use sink::{Counts, Sink, Total};
use weights::WEIGHTS;

/// A bonus for the side to move: it can improve its position before the opponent does.
pub(crate) const TEMPO: i32 = 10;
/// How much each role counts towards the middlegame phase (24 in the starting position).
const PHASE_INC: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting position.
const MAX_PHASE: i32 = 24;

/// The static evaluation of `pos` from the side to move's point of view, in centipawns.
///
/// ```
/// use chess_engine::evaluate;
/// use chess_rules::Position;
///
/// let start = evaluate(&Position::standard());
/// assert!(start.abs() < 50);
/// ```
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    classical(pos).value
}

/// The classical evaluation of a position, with what it knows of the ending: the game phase
/// and the scale factor of the side its endgame score favours.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Classical {
    /// The evaluation for the side to move, in centipawns (what [`evaluate`] returns).
    pub(crate) value: i32,
    phase: i32,
    strong: Color,
    factor: i32,
}

/// The classical evaluation of `pos` (see [`Classical`]).
pub(crate) fn classical(pos: &Position) -> Classical {
    let board = pos.board();
    let score = total(board);
    let strong = endgame_favours(score);
    let factor = endgame::scale_factor(board, pos.turn(), strong);
    // A factor of zero is a known draw, whatever pieces are left: the middlegame score (a
    // queen's worth, against a pawn on the seventh) must not count either.
    let phase = if factor == 0 { 0 } else { phase(board) };
    let blended = blend(score, phase, factor)
        + endgame::mop_up(board)
        + endgame::known_win(board, pos.turn());
    let relative = if pos.turn().is_white() {
        blended
    } else {
        -blended
    };
    Classical {
        value: relative + TEMPO,
        phase,
        strong,
        factor,
    }
}

impl Classical {
    /// `correction`, for the side to move of `pos` (the position of this evaluation), scaled
    /// as the endgame score is in the endings known to be drawn or nearly: by the scale
    /// factor of the side that the corrected evaluation favours, in the share of the endgame
    /// in the phase. A network that corrects this evaluation sees pieces on squares, not that
    /// a rook's pawn with the wrong bishop or a lone rook against a minor piece rarely wins:
    /// unscaled, its correction alone kept such draws at a pawn or more. (The side ahead's
    /// factor, not the correction's side's: a correction towards a draw is part of the
    /// advantage it scales, and a bare king's factor of zero would otherwise undo it.)
    #[inline(always)]
    pub(crate) fn scale(&self, pos: &Position, correction: i32) -> i32 {
        let favoured = if self.value + correction > 0 {
            pos.turn()
        } else {
            !pos.turn()
        };
        let factor = if favoured == self.strong {
            self.factor
        } else if endgame::may_draw(pos.board(), favoured) {
            endgame::scale_factor(pos.board(), pos.turn(), favoured)
        } else {
            return correction;
        };
        // Only where the ending is known to be drawn or nearly so (a factor of a quarter or
        // less). Elsewhere (opposite bishops, pawns on one wing, ...) the network learnt its
        // correction on top of the scaled score, and scaling it again played weaker
        // (docs/engine.md).
        if factor > endgame::NORMAL / 4 {
            return correction;
        }
        let weight = self.phase * endgame::NORMAL + (MAX_PHASE - self.phase) * factor;
        correction * weight / (MAX_PHASE * endgame::NORMAL)
    }
}

/// The middlegame and endgame score of `board` for white.
#[inline(always)]
pub(crate) fn total(board: &Board) -> S {
    let mut total = Total::default();
    // The weighted pawn-structure terms come from the thread's cache of pawn structures.
    let (scores, passed) = pawns::cached_structure(board);
    total.sides[0] += scores[0];
    total.sides[1] += scores[1];
    terms_beside_pawns(board, passed, &mut total);
    let score = total.sides[0] - total.sides[1];
    S(score.0, endgame::winnable(score.1, total.complexity))
}

/// The game phase: 24 with all pieces on the board, 0 with kings and pawns only.
pub(crate) fn phase(board: &Board) -> i32 {
    let mut phase = 0;
    for role in Role::ALL {
        phase += PHASE_INC[role.index()] * board.by_role(role).count() as i32;
    }
    phase.min(MAX_PHASE)
}

/// The endgame scale factor of `pos` (out of [`endgame::NORMAL`]) for the side that `score`,
/// white's, favours in the endgame.
pub(crate) fn scale_factor(pos: &Position, score: S) -> i32 {
    endgame::scale_factor(pos.board(), pos.turn(), endgame_favours(score))
}

/// The side that `score`, white's, favours in the endgame (black when even).
#[inline(always)]
fn endgame_favours(score: S) -> Color {
    if score.1 > 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The middlegame and endgame values blended by `phase`, the endgame value scaled by
/// `factor` (out of [`endgame::NORMAL`]).
pub(crate) fn blend(score: S, phase: i32, factor: i32) -> i32 {
    let endgame = score.1 * factor / endgame::NORMAL;
    (score.0 * phase + endgame * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Reports every term of both sides to `sink`.
pub(crate) fn terms<T: Sink>(board: &Board, sink: &mut T) {
    let passed = [Color::White, Color::Black].map(|c| pawns::structure(board, c, sink));
    terms_beside_pawns(board, passed, sink);
}

/// Reports every term but the pawn structure's (see [`pawns::structure`]) to `sink`, given
/// the passed pawns of both sides, white's first.
#[inline(always)]
fn terms_beside_pawns<T: Sink>(board: &Board, passed: [Bitboard; 2], sink: &mut T) {
    let mut maps = [AttackMap::default(); 2];
    for color in [Color::White, Color::Black] {
        let flip = if color.is_white() { 0 } else { 56 };
        for role in Role::ALL {
            for sq in board.pieces(color, role) {
                sink.add(color, PSQT + 64 * role.index() + (sq as usize ^ flip), 1);
            }
        }
        pawns::king_terms(board, color, passed[color as usize], sink);
        maps[color as usize] = pieces(board, color, sink);
    }
    for color in [Color::White, Color::Black] {
        let (ours, theirs) = (&maps[color as usize], &maps[!color as usize]);
        threats::terms(board, color, ours, theirs, sink);
        king::terms(board, color, ours, theirs, sink);
        pawns::passers(board, color, passed[color as usize], theirs, sink);
    }
    endgame::complexity(board, passed[0] | passed[1], sink);
}

/// Mobility, outposts, the bishop pair, pawns on the bishops' colour and rooks on open files
/// of `color`; returns the squares its pieces attack, with their attack on the enemy king's
/// zone.
#[inline(always)]
fn pieces<T: Sink>(board: &Board, color: Color, sink: &mut T) -> AttackMap {
    let them = !color;
    let occupied = board.occupied();
    let our_pawns = board.pieces(color, Role::Pawn);
    let their_pawns = board.pieces(them, Role::Pawn);
    let area = !board.by_color(color) & !attacks::pawns(them, their_pawns);

    let their_zone = board
        .king_of(them)
        .map_or(Bitboard::EMPTY, |k| king::zone(k, them));
    let mut map = AttackMap::default();
    map.add_pawns(our_pawns, color);
    // Squares of the fourth to sixth ranks that our pawns defend and that no enemy pawn
    // attacks now or can attack after advancing.
    let mut their_fronts = their_pawns;
    for _ in 0..5 {
        their_fronts |= their_fronts.shift_forward(them);
    }
    let outposts = (Bitboard::relative_rank(color, Rank::Fourth)
        | Bitboard::relative_rank(color, Rank::Fifth)
        | Bitboard::relative_rank(color, Rank::Sixth))
        & map.by(Role::Pawn)
        & !attacks::pawns(them, their_fronts);
    if let Some(king) = board.king_of(color) {
        map.add(Role::King, attacks::king(king));
    }
    let mut mobility = |sink: &mut T, bb: Bitboard, role: Role, table: usize| {
        map.add(role, bb);
        let count = (bb & area).count() as usize;
        let zone_hits = (bb & their_zone).count() as i32;
        if zone_hits > 0 {
            map.king_attackers += 1;
            map.king_attack_units += king::ATTACK_WEIGHT[role.index()] + zone_hits;
        }
        sink.add(color, table + count, 1);
    };

    let knights = board.pieces(color, Role::Knight);
    let bishops = board.pieces(color, Role::Bishop);
    let pawns = our_pawns | their_pawns;
    let minors = knights | bishops;
    sink.add(
        color,
        MINOR_BEHIND_PAWN,
        (minors & pawns.shift_forward(them)).count() as i32,
    );
    if let Some(king) = board.king_of(color) {
        for sq in minors {
            sink.add(color, KING_PROTECTOR, king.distance(sq) as i32);
        }
    }
    for sq in knights {
        mobility(sink, attacks::knight(sq), Role::Knight, KNIGHT_MOBILITY);
    }
    sink.add(color, KNIGHT_OUTPOST, (knights & outposts).count() as i32);
    sink.add(color, BISHOP_OUTPOST, (bishops & outposts).count() as i32);
    for sq in bishops & (Bitboard::MAIN_DIAGONAL | Bitboard::ANTI_DIAGONAL) {
        if (attacks::bishop(sq, pawns) & Bitboard::CENTER).more_than_one() {
            sink.add(color, LONG_DIAGONAL_BISHOP, 1);
        }
    }
    for sq in bishops {
        let colour = if sq.is_light() {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        sink.add(color, BISHOP_PAWNS, (our_pawns & colour).count() as i32);
        mobility(
            sink,
            attacks::bishop(sq, occupied),
            Role::Bishop,
            BISHOP_MOBILITY,
        );
    }
    let seventh = Bitboard::relative_rank(color, Rank::Seventh);
    let rooks = board.pieces(color, Role::Rook);
    if (their_pawns & seventh).any()
        || board
            .king_of(them)
            .is_some_and(|k| k.rank() == Rank::Eighth.relative_to(color))
    {
        sink.add(color, ROOK_ON_SEVENTH, (rooks & seventh).count() as i32);
    }
    let their_queens = board.pieces(them, Role::Queen);
    for sq in rooks {
        mobility(sink, attacks::rook(sq, occupied), Role::Rook, ROOK_MOBILITY);
        let file = Bitboard::file(sq.file());
        if file.intersects(their_queens) {
            sink.add(color, ROOK_ON_QUEEN_FILE, 1);
        }
        if (file & our_pawns).is_empty() {
            let open = if (file & their_pawns).is_empty() {
                ROOK_OPEN_FILE
            } else {
                ROOK_SEMI_OPEN_FILE
            };
            sink.add(color, open, 1);
        }
    }
    for sq in board.pieces(color, Role::Queen) {
        mobility(
            sink,
            attacks::queen(sq, occupied),
            Role::Queen,
            QUEEN_MOBILITY,
        );
    }
    if board.pieces(color, Role::Bishop).more_than_one() {
        sink.add(color, BISHOP_PAIR, 1);
    }
    sink.add(color, SPACE, space(board, color));
    map
}

/// The space count of `color`: the squares of its half of the centre (files c to f, its
/// second to fourth ranks) that hold no pawn of its own and that no enemy pawn attacks,
/// those up to three squares behind its own pawns counted twice, times the square of its
/// piece count less three, over 64. Space counts while there are pieces to use it: nothing
/// once the game phase falls under [`SPACE_PHASE`].
fn space(board: &Board, color: Color) -> i32 {
    if phase(board) < SPACE_PHASE {
        return 0;
    }
    let them = !color;
    let our_pawns = board.pieces(color, Role::Pawn);
    let centre = Bitboard(0x3c3c_3c3c_3c3c_3c3c)
        & (Bitboard::relative_rank(color, Rank::Second)
            | Bitboard::relative_rank(color, Rank::Third)
            | Bitboard::relative_rank(color, Rank::Fourth));
    let safe = centre & !our_pawns & !attacks::pawns(them, board.pieces(them, Role::Pawn));
    let mut behind = our_pawns;
    behind |= behind.shift_forward(them);
    behind |= behind.shift_forward(them).shift_forward(them);
    let bonus = (safe.count() + (safe & behind).count()) as i32;
    let weight = board.by_color(color).count() as i32 - 3;
    bonus * weight * weight / 64
}

/// The game phase under which [`space`] counts nothing (about a queen and a rook each
/// traded off).
const SPACE_PHASE: i32 = 12;

/// The squares each side attacks on `board`, for tests of the terms that weigh them.
#[cfg(test)]
fn attack_maps(board: &Board) -> [AttackMap; 2] {
    let mut total = Total::default();
    [Color::White, Color::Black].map(|color| pieces(board, color, &mut total))
}

/// The count of every term of each side on `board`, for tests of which terms it sets off.
#[cfg(test)]
fn term_counts(board: &Board) -> [[i32; features::COUNT]; 2] {
    let mut counts = sink::Counts::default();
    terms(board, &mut counts);
    counts.0
}

/// The tuned terms of a position as the evaluation counts them, with what it does with their
/// sum: what a Texel tuner fits the weights to (chess-lab's `tune` is one).
///
/// The evaluation for white is linear in the weights but for the complexity terms and the
/// scale: with `mg` and `eg` the sums of the middlegame and endgame weights of the terms
/// below [`COMPLEXITY`](features::COMPLEXITY) times their counts, and `c` the sum of
/// the endgame weights of the complexity terms times theirs, it is
/// `(mg * phase + winnable(eg, c) * scale * (24 - phase)) / 24 + tempo`, where
/// `winnable(eg, c) = eg + sign(eg) * max(c, -|eg|)` (the engine's integer arithmetic rounds
/// on the way).
///
/// ```
/// use chess_engine::eval::{self, features};
/// use chess_rules::Position;
///
/// let trace = eval::trace(&Position::standard());
/// // The start is symmetric: every piece-square term cancels out.
/// assert!(trace.terms.iter().all(|&(i, _)| usize::from(i) >= features::COMPLEXITY));
/// assert_eq!((trace.phase, trace.tempo), (24, 10));
/// ```
#[derive(Clone, PartialEq, Debug)]
pub struct Trace {
    /// The terms that apply, by their index in [`features`], with their
    /// counts for white minus black (the complexity terms, which describe the position rather
    /// than a side, for white alone); terms that cancel out are left out.
    pub terms: Vec<(u16, i16)>,
    /// The side to move's bonus, for white: positive when white is to move.
    pub tempo: i32,
    /// The game phase: 24 with all pieces on the board, 0 with kings and pawns only, and 0
    /// in a known draw (a scale of 0), where the middlegame score does not count either.
    pub phase: i32,
    /// The scale of the endgame score for endings the side ahead rarely wins, 1 or less, as
    /// the current weights decide who is ahead.
    pub scale: f64,
}

/// The tuned terms of `pos` (see [`Trace`]).
#[must_use]
pub fn trace(pos: &Position) -> Trace {
    let board = pos.board();
    let mut counts = Counts::default();
    terms(board, &mut counts);
    let terms: Vec<(u16, i16)> = (0..features::COUNT)
        .map(|i| counts.0[0][i] - counts.0[1][i])
        .enumerate()
        .filter(|&(_, c)| c != 0)
        .map(|(i, c)| {
            (
                i as u16,
                c.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
            )
        })
        .collect();
    let tempo = if pos.turn().is_white() { TEMPO } else { -TEMPO };
    let scale = f64::from(scale_factor(pos, total(board))) / f64::from(NORMAL);
    Trace {
        terms,
        tempo,
        phase: if scale == 0.0 { 0 } else { phase(board) },
        scale,
    }
}

/// The middlegame and endgame weight of every term, by its index in
/// [`features`]: the weights the engine evaluates with.
#[must_use]
pub fn weights() -> Vec<(i32, i32)> {
    WEIGHTS.iter().map(|w| (w.0, w.1)).collect()
}

/// Whether `color` has a piece other than pawns and the king (null-move pruning is unsafe in
/// pawn endings, where zugzwang is common).
#[inline]
pub(crate) fn has_non_pawn_material(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    (board.by_color(color) & !board.by_role(Role::Pawn) & !board.by_role(Role::King)).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::{Piece, Square};
    use chess_rules::Setup;

    fn position(pieces: &[(Square, Piece)], turn: Color) -> Position {
        let mut setup = Setup::empty();
        for &(sq, piece) in pieces {
            setup.board.put(sq, piece);
        }
        setup.turn = turn;
        Position::from_setup(setup, Default::default()).expect("legal test position")
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(evaluate(&Position::standard()), TEMPO);
    }

    #[test]
    fn an_extra_queen_is_decisive() {
        let mut setup = Position::standard().to_setup();
        setup.board.remove(Square::D8);
        let pos = Position::from_setup(setup, Default::default()).expect("legal");
        assert!(evaluate(&pos) > 700, "{}", evaluate(&pos));
        assert!(evaluate(&pos.mirror()) > 700);
        let black = pos.null_move().expect("not in check");
        assert!(evaluate(&black) < -700);
    }

    #[test]
    fn pawnless_small_leads_are_drawish() {
        let rook_vs_knight = position(
            &[
                (Square::E1, Piece::WhiteKing),
                (Square::A1, Piece::WhiteRook),
                (Square::E8, Piece::BlackKing),
                (Square::B8, Piece::BlackKnight),
            ],
            Color::White,
        );
        // The scale applies to the endgame score; the middlegame part (an eighth of the
        // blend with a rook and a knight left) is not scaled.
        let score = evaluate(&rook_vs_knight);
        assert!((0..80).contains(&score), "{score}");
        let queen_vs_rook = position(
            &[
                (Square::E1, Piece::WhiteKing),
                (Square::D1, Piece::WhiteQueen),
                (Square::E8, Piece::BlackKing),
                (Square::A8, Piece::BlackRook),
            ],
            Color::White,
        );
        assert!(evaluate(&queen_vs_rook) > 300);
    }

    #[test]
    fn a_correction_is_scaled_as_the_side_ahead_wins() {
        // The rook's pawn and the wrong bishop, the defending king in the corner: a known
        // draw (a factor of zero), which the classical evaluation scores as the tempo alone,
        // its middlegame share (the phase is 1 of 24) left out too, and a correction either
        // way counts for nothing.
        let fortress = |turn| {
            position(
                &[
                    (Square::F6, Piece::WhiteKing),
                    (Square::E2, Piece::WhiteBishop),
                    (Square::H4, Piece::WhitePawn),
                    (Square::H7, Piece::BlackKing),
                ],
                turn,
            )
        };
        for turn in [Color::White, Color::Black] {
            let pos = fortress(turn);
            let classical = classical(&pos);
            assert_eq!(classical.value, TEMPO);
            for correction in [-300, -120, 120, 300] {
                assert_eq!(classical.scale(&pos, correction), 0, "{correction}");
            }
        }
        // The defending king four squares from the corner: an ordinary ending, and a
        // correction towards a draw counts in full. (Scaled by the side the correction
        // favours, the bare king's zero, it vanished.)
        let open = position(
            &[
                (Square::G3, Piece::WhiteKing),
                (Square::A4, Piece::WhiteBishop),
                (Square::H4, Piece::WhitePawn),
                (Square::D5, Piece::BlackKing),
            ],
            Color::White,
        );
        let classical = classical(&open);
        assert!(classical.value > 300, "{}", classical.value);
        assert_eq!(classical.scale(&open, -200), -200);
        assert_eq!(classical.scale(&open, 200), 200);
        // A full board: nothing scaled.
        let start = Position::standard();
        assert_eq!(super::classical(&start).scale(&start, -75), -75);
    }

    #[test]
    fn outposts_and_pawns_on_the_bishops_colour() {
        let counts = |pieces: &[(Square, Piece)]| {
            let kings = [
                (Square::G1, Piece::WhiteKing),
                (Square::G8, Piece::BlackKing),
            ];
            term_counts(&kings.iter().chain(pieces).copied().collect())
        };
        // The knight on d5 is defended by the e4 pawn, and no black pawn can chase it.
        let outpost = [
            (Square::D5, Piece::WhiteKnight),
            (Square::E4, Piece::WhitePawn),
            (Square::D4, Piece::WhitePawn),
            (Square::C1, Piece::WhiteBishop),
            (Square::H7, Piece::BlackPawn),
        ];
        let [white, _] = counts(&outpost);
        assert_eq!(white[features::KNIGHT_OUTPOST], 1);
        assert_eq!(white[features::BISHOP_OUTPOST], 0);
        // c1 and d4 are dark, e4 light.
        assert_eq!(white[features::BISHOP_PAWNS], 1);
        // A pawn on c7 can come to c6.
        let mut chased = outpost.to_vec();
        chased.push((Square::C7, Piece::BlackPawn));
        assert_eq!(counts(&chased)[0][features::KNIGHT_OUTPOST], 0);
        // Black's outposts are on its fifth to third ranks: e4 defended by d5.
        let [_, black] = counts(&[
            (Square::E4, Piece::BlackBishop),
            (Square::D5, Piece::BlackPawn),
        ]);
        assert_eq!(black[features::BISHOP_OUTPOST], 1);
    }

    #[test]
    fn minor_pieces_rooks_and_space() {
        let counts = |pieces: &[(Square, Piece)]| {
            let kings = [
                (Square::G1, Piece::WhiteKing),
                (Square::G8, Piece::BlackKing),
            ];
            term_counts(&kings.iter().chain(pieces).copied().collect())
        };
        let [white, black] = counts(&[
            (Square::D3, Piece::WhiteKnight),
            (Square::D4, Piece::WhitePawn),
            (Square::E2, Piece::WhiteBishop),
            (Square::E3, Piece::BlackPawn),
            (Square::B7, Piece::BlackBishop),
            (Square::A7, Piece::WhiteRook),
            (Square::D1, Piece::WhiteRook),
            (Square::D8, Piece::BlackQueen),
        ]);
        // The knight behind its own pawn, the bishop behind an enemy pawn.
        assert_eq!(white[features::MINOR_BEHIND_PAWN], 2);
        // g1 to d3 and to e2: three squares and two.
        assert_eq!(white[features::KING_PROTECTOR], 5);
        // b7 sees e4 and d5 past nothing; the d4 pawn hides nothing on the long diagonal.
        assert_eq!(black[features::LONG_DIAGONAL_BISHOP], 1);
        assert_eq!(white[features::ROOK_ON_SEVENTH], 1);
        assert_eq!(white[features::ROOK_ON_QUEEN_FILE], 1);
        // A pawn on d4 blocks a bishop on b2 from e5.
        let [white, _] = counts(&[
            (Square::B2, Piece::WhiteBishop),
            (Square::D4, Piece::BlackPawn),
        ]);
        assert_eq!(white[features::LONG_DIAGONAL_BISHOP], 0);
        // The rook on the seventh counts only with the enemy king or pawns to attack there.
        let [white, _] = counts(&[
            (Square::A7, Piece::WhiteRook),
            (Square::H8, Piece::BlackRook),
        ]);
        assert_eq!(white[features::ROOK_ON_SEVENTH], 1);
        let away = [
            (Square::G1, Piece::WhiteKing),
            (Square::G6, Piece::BlackKing),
            (Square::A7, Piece::WhiteRook),
        ];
        let [white, _] = term_counts(&away.into_iter().collect());
        assert_eq!(white[features::ROOK_ON_SEVENTH], 0);

        // In the starting position each side has c3 to f4, eight squares, weighted by
        // (16 - 3)^2 / 64; after 1. e4 white gains e2 and e3 behind the pawn, counted
        // twice, and loses e4.
        let start = Position::standard();
        let [white, black] = term_counts(start.board());
        assert_eq!(white[features::SPACE], 8 * 169 / 64);
        assert_eq!(black[features::SPACE], 8 * 169 / 64);
        let mut e4 = start.board().clone();
        e4.remove(Square::E2);
        e4.put(Square::E4, Piece::WhitePawn);
        assert_eq!(term_counts(&e4)[0][features::SPACE], 10 * 169 / 64);
        // No space once the pieces are gone.
        let [white, _] = counts(&[(Square::D2, Piece::WhitePawn)]);
        assert_eq!(white[features::SPACE], 0);
    }
}
