//! Endgame knowledge the tuned terms cannot express: endings where the side ahead in material
//! cannot or can rarely win. A linear sum of terms scores a bishop and a rook's pawn as a
//! bishop and a pawn whatever the colour of the bishop; the scale factor here multiplies the
//! endgame score instead, down to zero for known draws (where the evaluation drops the
//! middlegame score too and is the tempo alone).

use chess_core::{Bitboard, Board, Color, File, Rank, Role, Square, attacks};

use super::features::COMPLEXITY;
use super::sink::Sink;

/// The scale of an ordinary position: the endgame score counts in full.
pub(crate) const NORMAL: i32 = 64;

/// How much of the endgame score of `strong` (the side the endgame score favours) counts, out
/// of [`NORMAL`], with `turn` to move.
#[inline(always)]
pub(crate) fn scale_factor(board: &Board, turn: Color, strong: Color) -> i32 {
    // A known draw, whoever the endgame score favours (the terms score a queen against a
    // pawn on the seventh about even in the endgame).
    if queen_against_seventh_rank_pawn(board, turn) {
        return 0;
    }
    let weak = !strong;
    let strong_pawns = board.pieces(strong, Role::Pawn);
    let weak_pawns = board.pieces(weak, Role::Pawn);
    let strong_material = piece_material(board, strong);
    let weak_material = piece_material(board, weak);

    if strong_pawns.is_empty() {
        // Nothing to promote: the pieces alone must mate. A bare king or a lead of less
        // than a rook (rook against minor piece, minor piece against pawns, ...) rarely
        // does, and two knights cannot force it.
        if strong_material == 0 {
            return 0;
        }
        if strong_material - weak_material <= 3 {
            return 8;
        }
        let knights = board.pieces(strong, Role::Knight);
        if weak_material == 0 && strong_material == 6 && knights.count() == 2 {
            return 0;
        }
        return NORMAL;
    }

    if weak_material == 0
        && strong_material == 0
        && weak_pawns.is_empty()
        && let Some(pawn) = strong_pawns.single_square()
    {
        return if kpk_wins(board, turn, strong, pawn) {
            NORMAL
        } else {
            0
        };
    }
    if weak_material == 0
        && let Some(factor) = rook_pawn_fortress(board, turn, strong, strong_material)
    {
        return factor;
    }
    if weak_material == 0 && bishop_fortress(board, strong, strong_material) {
        return 16;
    }

    let strong_bishops = board.pieces(strong, Role::Bishop);
    let weak_bishops = board.pieces(weak, Role::Bishop);
    let opposite_bishops = strong_bishops.count() == 1
        && weak_bishops.count() == 1
        && (strong_bishops | weak_bishops).intersects(Bitboard::LIGHT_SQUARES)
        && (strong_bishops | weak_bishops).intersects(Bitboard::DARK_SQUARES);
    if opposite_bishops {
        // The defending bishop holds the squares the other cannot contest: with nothing
        // else on the board, even two extra pawns often do not win unless they are passed
        // and far apart.
        if strong_material == 3 && weak_material == 3 {
            let passed = super::pawns::passed(strong_pawns, weak_pawns, strong).count() as i32;
            return (16 + 8 * passed).min(48);
        }
        return 48;
    }

    if strong_material == weak_material && strong_material > 0 {
        let lead = strong_pawns.count() as i32 - weak_pawns.count() as i32;
        // A lone extra pawn against the same pieces (rook and pawn against rook, ...)
        // draws more often than not.
        if strong_pawns.count() == 1 && weak_pawns.is_empty() {
            return 32;
        }
        // With every pawn on one wing, the defender trades the last pawns or sets up a
        // fortress: an extra pawn is worth far less than in the open.
        if lead <= 1 && one_wing(strong_pawns | weak_pawns) {
            return 48;
        }
    }
    NORMAL
}

/// Whether `strong`, with a king and the pawn on `pawn` against a bare king, wins with `turn`
/// to move (see [`kpk`](super::kpk)).
#[inline]
fn kpk_wins(board: &Board, turn: Color, strong: Color, pawn: Square) -> bool {
    match (board.king_of(strong), board.king_of(!strong)) {
        (Some(king), Some(lone)) => super::kpk::wins(strong, king, pawn, lone, turn),
        _ => false,
    }
}

/// A queen against a pawn on its seventh rank that draws: a rook's or bishop's pawn (a, c, f
/// or h), its king next to the square it promotes on, and the queen's king too far away to
/// help, five squares or more from that square, six with the queen's side to move. The queen
/// wins against a knight's or centre pawn by checking the king in front of it, which gives
/// its own king a move to come closer. In front of a rook's pawn the king is stalemated
/// instead, and beside a bishop's pawn it goes into the corner, where taking the pawn is
/// stalemate: the queen's king never gets its move. The 4-piece tables never call such a
/// position a win for the queen (see the test); a king on the promotion square itself or
/// nearer the queen's king is left to the search.
#[inline]
fn queen_against_seventh_rank_pawn(board: &Board, turn: Color) -> bool {
    if board.occupied().count() != 4 {
        return false;
    }
    let (Some(pawn), Some(queen)) = (
        board.by_role(Role::Pawn).single_square(),
        board.by_role(Role::Queen).single_square(),
    ) else {
        return false;
    };
    let weak = if board.by_color(Color::White).contains(pawn) {
        Color::White
    } else {
        Color::Black
    };
    let strong = !weak;
    let (Some(king), Some(defender)) = (board.king_of(strong), board.king_of(weak)) else {
        return false;
    };
    let promotion = Square::new(pawn.file(), Rank::Eighth.relative_to(weak));
    let far = 5 + u32::from(turn == strong);
    board.by_color(strong).contains(queen)
        && pawn.rank() == Rank::Seventh.relative_to(weak)
        && matches!(pawn.file(), File::A | File::C | File::F | File::H)
        && defender.distance(promotion) == 1
        && king.distance(promotion) >= far
}

/// What a won king and pawn against king is worth beyond its terms, for white. The terms
/// score it as a pawn ahead, as they score the draws of the same material: without the bonus
/// the search would keep a larger but uncertain lead rather than trade it for a certain win.
/// (The draws are scaled to nothing by [`scale_factor`].)
#[inline]
pub(crate) fn known_win(board: &Board, turn: Color) -> i32 {
    if board.occupied().count() != 3 {
        return 0;
    }
    let Some(pawn) = board.by_role(Role::Pawn).single_square() else {
        return 0;
    };
    let strong = if board.by_color(Color::White).contains(pawn) {
        Color::White
    } else {
        Color::Black
    };
    if !kpk_wins(board, turn, strong, pawn) {
        return 0;
    }
    // Nearer promotion, nearer the win.
    let bonus = KNOWN_WIN + 20 * pawn.rank().relative_to(strong).index() as i32;
    if strong.is_white() { bonus } else { -bonus }
}

/// The bonus of a won ending the terms do not see as won (see [`known_win`]).
const KNOWN_WIN: i32 = 500;

/// Whether [`scale_factor`] of `strong` can be a quarter of [`NORMAL`] or less: `strong` has
/// no pawns, or the other side has no more than one piece besides its king and pawns (every
/// such ending needs one or the other). Two bitboard tests, to skip the full rules where they
/// cannot apply.
#[inline(always)]
pub(crate) fn may_draw(board: &Board, strong: Color) -> bool {
    let weak = !strong;
    let weak_pieces =
        board.by_color(weak) & !board.by_role(Role::Pawn) & !board.by_role(Role::King);
    board.pieces(strong, Role::Pawn).is_empty() || !weak_pieces.more_than_one()
}

/// Simple material of the pieces of `color` other than pawns and the king, in pawns.
fn piece_material(board: &Board, color: Color) -> i32 {
    let count = |role| board.pieces(color, role).count() as i32;
    3 * count(Role::Knight)
        + 3 * count(Role::Bishop)
        + 5 * count(Role::Rook)
        + 9 * count(Role::Queen)
}

/// The known draws of pawns on one rook's file: the defending king (whose side has no pieces)
/// stands at the corner the pawns promote on, or next to it, and the strong side has no more
/// than a knight or a bishop that does not cover that corner (a bishop of the wrong colour).
/// Against the bishop or the pawns alone, a king two squares away that gets next to the
/// corner in time draws too (see [`reaches_corner`]).
fn rook_pawn_fortress(
    board: &Board,
    turn: Color,
    strong: Color,
    strong_material: i32,
) -> Option<i32> {
    let pawns = board.pieces(strong, Role::Pawn);
    let file = pawns.first()?.file();
    if !matches!(file, File::A | File::H) || !pawns.is_subset(Bitboard::file(file)) {
        return None;
    }
    let corner = Square::new(file, Rank::Eighth.relative_to(strong));
    let defender = board.king_of(!strong)?;
    let near = match defender.distance(corner) {
        0 | 1 => true,
        2 if reaches_corner(board, turn, strong, defender, corner) => false,
        _ => return None,
    };
    let bishops = board.pieces(strong, Role::Bishop);
    let knights = board.pieces(strong, Role::Knight);
    match strong_material {
        0 => Some(0),
        3 if bishops.any() => {
            let same_colour = bishops.intersects(Bitboard::LIGHT_SQUARES) == corner.is_light();
            (!same_colour).then_some(0)
        }
        // A knight can sometimes drive the king out of the corner.
        3 if knights.any() && near => Some(8),
        _ => None,
    }
}

/// Whether the defending king on `defender`, two squares from `corner`, gets onto a square
/// next to the corner whatever the strong side does (from there the fortress holds), against
/// a rook's pawn with nothing else or with a bishop of the wrong colour. A square it can step
/// onto must be empty and not attacked by the strong side, counting attacks through the
/// king's own square, which it leaves.
///
/// - With the defender to move: any such square next to the corner will do.
/// - With the strong side to move: the square diagonally next to the corner, of the corner's
///   colour (the bishop never attacks it), and no move that takes it away: the strong king
///   more than two squares from it, and no pawn that can step to the sixth rank (from where
///   it attacks the square) or promote.
///
/// The 4-piece tables draw every position of either kind; the strong side to move wins about
/// three in ten positions with the king two squares away, which is why the side to move
/// counts.
fn reaches_corner(
    board: &Board,
    turn: Color,
    strong: Color,
    defender: Square,
    corner: Square,
) -> bool {
    let occupied = board.occupied();
    let through = occupied.without(defender);
    let free = |sq: Square| !occupied.contains(sq) && !board.is_attacked(sq, strong, through);
    if turn != strong {
        let entries = attacks::king(defender) & attacks::king(corner).with(corner);
        return entries.into_iter().any(free);
    }
    let file = if corner.file() == File::A {
        File::B
    } else {
        File::G
    };
    let diagonal = Square::new(file, Rank::Seventh.relative_to(strong));
    let steps = board.pieces(strong, Role::Pawn).shift_forward(strong) & !occupied;
    let taking = Bitboard::relative_rank(strong, Rank::Sixth)
        | Bitboard::relative_rank(strong, Rank::Eighth);
    defender.distance(diagonal) == 1
        && free(diagonal)
        && board
            .king_of(strong)
            .is_some_and(|king| king.distance(diagonal) > 2)
        && !steps.intersects(taking)
}

/// A fortress of locked pawns against a bishop: the strong side has one bishop and no other
/// piece, none of its pawns can move (each has a pawn in front of it) or is passed, and every
/// enemy pawn stands on the squares the bishop cannot attack. Only the king can win those
/// pawns, and the defending king usually holds them.
fn bishop_fortress(board: &Board, strong: Color, strong_material: i32) -> bool {
    let bishops = board.pieces(strong, Role::Bishop);
    if strong_material != 3 || bishops.is_empty() {
        return false;
    }
    let ours = board.pieces(strong, Role::Pawn);
    let theirs = board.pieces(!strong, Role::Pawn);
    let pawns = ours | theirs;
    let other_colour = if bishops.intersects(Bitboard::LIGHT_SQUARES) {
        Bitboard::DARK_SQUARES
    } else {
        Bitboard::LIGHT_SQUARES
    };
    theirs.any()
        && theirs.is_subset(other_colour)
        && ours.shift_forward(strong).is_subset(pawns)
        && super::pawns::passed(ours, theirs, strong).is_empty()
}

/// A bonus, for white, for the side that must mate with its pieces: a lone enemy king with
/// enough pieces, or, with no pawn on the board, a lead of four points or more against the
/// enemy's pieces (a queen against a rook or a minor piece, two rooks against one). The enemy
/// king on the edge (in a corner of the bishop's colour with bishop and knight) and the kings
/// close.
/// The evaluation otherwise sees no progress in such endings, and the search can run into the
/// 50-move rule before it sees the mate.
pub(crate) fn mop_up(board: &Board) -> i32 {
    let (strong, weak) = if board.by_color(Color::Black).count() == 1 {
        (Color::White, Color::Black)
    } else if board.by_color(Color::White).count() == 1 {
        (Color::Black, Color::White)
    } else if board.by_role(Role::Pawn).is_empty() {
        // A queen against a rook is the smallest such lead: it wins, but only by driving the
        // king to the edge, where a rook against a minor piece (a lead of two) mostly draws.
        let lead = piece_material(board, Color::White) - piece_material(board, Color::Black);
        match lead {
            4.. => (Color::White, Color::Black),
            ..=-4 => (Color::Black, Color::White),
            _ => return 0,
        }
    } else {
        return 0;
    };
    let material = piece_material(board, strong);
    let knights = board.pieces(strong, Role::Knight);
    let bishops = board.pieces(strong, Role::Bishop);
    if material < 5 || (material == 6 && knights.count() == 2) {
        return 0;
    }
    let (Some(king), Some(lone)) = (board.king_of(strong), board.king_of(weak)) else {
        return 0;
    };
    let edge = if material == 6 && knights.count() == 1 && bishops.count() == 1 {
        // Mate with bishop and knight is only forced in a corner of the bishop's colour.
        let corners = if bishops.intersects(Bitboard::LIGHT_SQUARES) {
            [Square::H1, Square::A8]
        } else {
            [Square::A1, Square::H8]
        };
        let to_corner = corners.map(|c| lone.distance(c)).into_iter().min();
        6 - to_corner.unwrap_or(7) as i32
    } else {
        let from_centre = |i: usize| (i as i32 - 3).max(4 - i as i32) - 1;
        from_centre(lone.file().index()) + from_centre(lone.rank().index())
    };
    let bonus = 40 * edge + 20 * (7 - king.distance(lone) as i32);
    if strong.is_white() { bonus } else { -bonus }
}

/// Reports the [`COMPLEXITY`] terms of `board` (whose passed pawns of both sides are
/// `passed`) to `sink`, for white: what makes an ending winnable for the side ahead, whoever
/// it is.
#[inline(always)]
pub(super) fn complexity<T: Sink>(board: &Board, passed: Bitboard, sink: &mut T) {
    let white = Color::White;
    let pawns = board.by_role(Role::Pawn);
    let queenside = Bitboard(0x0f0f_0f0f_0f0f_0f0f);
    let both_wings = pawns.intersects(queenside) && pawns.intersects(!queenside);
    let pieces = board.occupied() & !pawns & !board.by_role(Role::King);
    sink.add(white, COMPLEXITY, passed.count() as i32);
    sink.add(white, COMPLEXITY + 1, pawns.count() as i32);
    if let (Some(w), Some(b)) = (board.king_of(Color::White), board.king_of(Color::Black)) {
        // The kings side by side on distant files rather than facing each other: the
        // stronger king can go round.
        let outflanking = w.file().distance(b.file()) as i32 - w.rank().distance(b.rank()) as i32;
        sink.add(white, COMPLEXITY + 2, outflanking);
        let infiltration = w.rank().index() > 3 || b.rank().index() < 4;
        sink.add(white, COMPLEXITY + 4, i32::from(infiltration));
        sink.add(
            white,
            COMPLEXITY + 6,
            i32::from(outflanking < 0 && !both_wings),
        );
    }
    sink.add(white, COMPLEXITY + 3, i32::from(both_wings));
    sink.add(white, COMPLEXITY + 5, i32::from(pieces.is_empty()));
    sink.add(white, COMPLEXITY + 7, 1);
}

/// The endgame score `eg` moved by the position's `complexity`: away from zero by it when it
/// is positive, towards zero when it is negative, but never past zero (a complex position
/// helps the side ahead, a simple one the side behind, and neither changes who is ahead).
#[inline(always)]
pub(crate) fn winnable(eg: i32, complexity: i32) -> i32 {
    eg + eg.signum() * complexity.max(-eg.abs())
}

/// Whether no pawn stands on files a to c while another stands on files f to h (the pawns
/// are on one wing, counting the centre files with either).
fn one_wing(pawns: Bitboard) -> bool {
    let queenside = Bitboard::file(File::A) | Bitboard::file(File::B) | Bitboard::file(File::C);
    let kingside = Bitboard::file(File::F) | Bitboard::file(File::G) | Bitboard::file(File::H);
    !(pawns.intersects(queenside) && pawns.intersects(kingside))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Piece;

    fn board(pieces: &[(Square, Piece)]) -> Board {
        pieces.iter().copied().collect()
    }

    /// `board` with `turn` to move, where that is a legal position.
    fn position(board: &Board, turn: Color) -> Option<chess_rules::Position> {
        let setup = chess_rules::Setup {
            board: board.clone(),
            turn,
            ..chess_rules::Setup::empty()
        };
        chess_rules::Position::from_setup(setup, chess_rules::CastlingMode::Standard).ok()
    }

    #[test]
    fn winnable_moves_towards_zero_but_never_past() {
        assert_eq!(winnable(100, 20), 120);
        assert_eq!(winnable(-100, 20), -120);
        assert_eq!(winnable(100, -30), 70);
        assert_eq!(winnable(-100, -30), -70);
        assert_eq!(winnable(20, -50), 0);
        assert_eq!(winnable(-20, -50), 0);
        assert_eq!(winnable(0, 50), 0);
    }

    #[test]
    fn complexity_terms() {
        let counts = |pieces: &[(Square, Piece)]| {
            let [white, black] = crate::eval::term_counts(&board(pieces));
            assert!(black[COMPLEXITY..].iter().all(|&c| c == 0));
            white[COMPLEXITY..].to_vec()
        };
        // The kings face each other over pawns on one wing: a pawn ending hard to win.
        let blocked = counts(&[
            (Square::E4, Piece::WhiteKing),
            (Square::E6, Piece::BlackKing),
            (Square::F4, Piece::WhitePawn),
            (Square::G4, Piece::WhitePawn),
            (Square::F6, Piece::BlackPawn),
            (Square::G6, Piece::BlackPawn),
        ]);
        // passed, pawns, outflanking, both wings, infiltration, pawn ending, unwinnable, 1
        assert_eq!(blocked, [0, 4, -2, 0, 0, 1, 1, 1]);
        // A passed a-pawn, a rook each, and the white king on black's side of the board.
        let open = counts(&[
            (Square::B5, Piece::WhiteKing),
            (Square::G7, Piece::BlackKing),
            (Square::A4, Piece::WhitePawn),
            (Square::G4, Piece::WhitePawn),
            (Square::G6, Piece::BlackPawn),
            (Square::D1, Piece::WhiteRook),
            (Square::D8, Piece::BlackRook),
        ]);
        assert_eq!(open, [1, 3, 3, 1, 1, 0, 0, 1]);
    }

    #[test]
    fn wrong_bishop_and_rook_pawn_draw() {
        // The game of the 4 s + 0.04 s match where the engine scored +7.6 for 40 moves.
        let wrong = board(&[
            (Square::G6, Piece::WhiteKing),
            (Square::H6, Piece::WhitePawn),
            (Square::A4, Piece::WhiteBishop),
            (Square::G8, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&wrong, Color::White, Color::White), 0);
        // The bishop of the corner's colour (h8 is dark) wins.
        let right = board(&[
            (Square::G6, Piece::WhiteKing),
            (Square::H6, Piece::WhitePawn),
            (Square::C1, Piece::WhiteBishop),
            (Square::G8, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&right, Color::White, Color::White), NORMAL);
        // So does the wrong bishop when the king is kept from the corner.
        let far = board(&[
            (Square::G6, Piece::WhiteKing),
            (Square::H5, Piece::WhitePawn),
            (Square::A4, Piece::WhiteBishop),
            (Square::E7, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&far, Color::White, Color::White), NORMAL);
        assert_eq!(scale_factor(&far, Color::Black, Color::White), NORMAL);
        // Two squares from the corner, the king draws when it can get next to the corner in
        // time, and not otherwise (every position here as the 4-piece tables have it).
        let in_time = board(&[
            (Square::C3, Piece::WhiteKing),
            (Square::H4, Piece::WhitePawn),
            (Square::A4, Piece::WhiteBishop),
            (Square::F6, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&in_time, Color::White, Color::White), 0);
        assert_eq!(scale_factor(&in_time, Color::Black, Color::White), 0);
        // Kg6 or Kh6 take g7 away when white is to move (a win); with black to move, Kg7.
        let king_near = board(&[
            (Square::H5, Piece::WhiteKing),
            (Square::H2, Piece::WhitePawn),
            (Square::B1, Piece::WhiteBishop),
            (Square::F6, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&king_near, Color::White, Color::White), NORMAL);
        assert_eq!(scale_factor(&king_near, Color::Black, Color::White), 0);
        // So does h6 from the fifth rank.
        let pawn_step = board(&[
            (Square::E3, Piece::WhiteKing),
            (Square::H5, Piece::WhitePawn),
            (Square::B1, Piece::WhiteBishop),
            (Square::F6, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&pawn_step, Color::White, Color::White), NORMAL);
        assert_eq!(scale_factor(&pawn_step, Color::Black, Color::White), 0);
        // But not when the king stands in the pawn's way: a draw (a leaf of a search from the
        // fortress of game 61 of 94dae3a's rung against Stockfish, scored +5 before).
        let blocked = board(&[
            (Square::F4, Piece::WhiteKing),
            (Square::H5, Piece::WhitePawn),
            (Square::B3, Piece::WhiteBishop),
            (Square::H6, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&blocked, Color::White, Color::White), 0);
        // In check from a2, the king on f7 cannot go to g8 (the bishop sees it once the king
        // leaves f7), and the white king holds g7: a win.
        let x_ray = board(&[
            (Square::H6, Piece::WhiteKing),
            (Square::H2, Piece::WhitePawn),
            (Square::A2, Piece::WhiteBishop),
            (Square::F7, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&x_ray, Color::Black, Color::White), NORMAL);
        // Black's a-pawns promote on a1, a dark square.
        let black = board(&[
            (Square::B3, Piece::BlackKing),
            (Square::A3, Piece::BlackPawn),
            (Square::A4, Piece::BlackPawn),
            (Square::E4, Piece::BlackBishop),
            (Square::B1, Piece::WhiteKing),
        ]);
        assert_eq!(scale_factor(&black, Color::Black, Color::Black), 0);
        assert_eq!(scale_factor(&black.mirror(), Color::White, Color::White), 0);
    }

    /// Every position of a rook's pawn against the king near its corner, the pawn alone or
    /// with a bishop of the wrong colour, that the factor calls a draw is a draw in the
    /// 4-piece tables; and the side to move counts, since the same boards with the pawn's
    /// side to move are not all draws.
    #[test]
    fn the_rook_pawn_fortress_agrees_with_the_tables() {
        use chess_syzygy::{Tablebase, Wdl};

        let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else {
            return;
        };
        let tables = Tablebase::open(dir).expect("the tables open");
        let probe = |board: &Board, turn: Color| {
            let pos = position(board, turn)?;
            Some(tables.probe_wdl(&pos).expect("in the tables"))
        };
        let pawns =
            Bitboard::file(File::H) & !Bitboard::rank(Rank::First) & !Bitboard::rank(Rank::Eighth);
        // h8 is dark: the light-squared bishop is the wrong one.
        let bishops = Bitboard::LIGHT_SQUARES.into_iter().map(Some).chain([None]);
        let near_corner = Bitboard::FULL
            .into_iter()
            .filter(|sq| sq.distance(Square::H8) <= 2)
            .collect::<Vec<_>>();
        // Draws, and of those two squares away: with black to move, with white to move, and
        // boards drawn with black to move that the factor rightly leaves to white as a win.
        let (mut drawn, mut black_two_away, mut white_two_away, mut won) = (0, 0, 0, 0);
        for pawn in pawns {
            for bishop in bishops.clone() {
                for king in Bitboard::FULL {
                    for &defender in &near_corner {
                        let mut board = Board::empty();
                        let squares = [Some(pawn), bishop, Some(king), Some(defender)];
                        let squares = squares.into_iter().flatten().collect::<Bitboard>();
                        if squares.count() != 3 + u32::from(bishop.is_some()) {
                            continue;
                        }
                        board.put(pawn, Piece::WhitePawn);
                        if let Some(bishop) = bishop {
                            board.put(bishop, Piece::WhiteBishop);
                        }
                        board.put(king, Piece::WhiteKing);
                        board.put(defender, Piece::BlackKing);
                        // The same board on the a-file (where the dark bishop is the wrong
                        // one) and for black.
                        let a_file = board
                            .iter()
                            .map(|(sq, piece)| (sq.flip_horizontal(), piece))
                            .collect::<Board>();
                        for turn in [Color::White, Color::Black] {
                            let factor = scale_factor(&board, turn, Color::White);
                            assert_eq!(scale_factor(&a_file, turn, Color::White), factor);
                            let black = board.mirror();
                            assert_eq!(scale_factor(&black, !turn, Color::Black), factor);
                            if factor != 0 {
                                continue;
                            }
                            let Some(wdl) = probe(&board, turn) else {
                                continue;
                            };
                            assert_eq!(wdl, Wdl::Draw, "{board:?}, {turn:?} to move");
                            drawn += 1;
                            if defender.distance(Square::H8) != 2 {
                                continue;
                            }
                            if turn == Color::White {
                                white_two_away += 1;
                            } else {
                                black_two_away += 1;
                                won += usize::from(
                                    scale_factor(&board, Color::White, Color::White) != 0
                                        && probe(&board, Color::White) == Some(Wdl::Win),
                                );
                            }
                        }
                    }
                }
            }
        }
        // 139 502 draws; 44 693 and 19 915 two squares away; 9 660 won.
        assert!(drawn > 100_000, "{drawn}");
        assert!(black_two_away > 40_000 && white_two_away > 10_000);
        assert!(won > black_two_away / 10, "{won} of {black_two_away}");
    }

    /// King and pawn against king goes by the solved table: the same board is a draw or a
    /// win by who has the opposition, and the evaluation says so, for either colour.
    #[test]
    fn king_and_pawn_by_the_solved_table() {
        let evaluate = |board: &Board, turn: Color| {
            super::super::evaluate(&position(board, turn).expect("legal"))
        };
        // Ke5 and e4 against Ke7: white to move draws (black keeps the opposition), black to
        // move loses (4-piece tables).
        let white = board(&[
            (Square::E5, Piece::WhiteKing),
            (Square::E4, Piece::WhitePawn),
            (Square::E7, Piece::BlackKing),
        ]);
        let black = white.mirror();
        assert_eq!(scale_factor(&white, Color::White, Color::White), 0);
        assert_eq!(scale_factor(&black, Color::Black, Color::Black), 0);
        assert_eq!(known_win(&white, Color::White), 0);
        assert_eq!(known_win(&black, Color::Black), 0);
        // A draw is the tempo bonus alone, whatever the pawn's terms.
        assert_eq!(evaluate(&white, Color::White), super::super::TEMPO);
        assert_eq!(evaluate(&black, Color::Black), super::super::TEMPO);

        let won = KNOWN_WIN + 20 * 3;
        assert_eq!(scale_factor(&white, Color::Black, Color::White), NORMAL);
        assert_eq!(known_win(&white, Color::Black), won);
        assert_eq!(known_win(&black, Color::White), -won);
        assert!(evaluate(&white, Color::Black) < -won);
        assert_eq!(
            evaluate(&black, Color::White),
            evaluate(&white, Color::Black)
        );
        // With more on the board the table says nothing.
        let mut more = white.clone();
        more.put(Square::A2, Piece::WhitePawn);
        assert_eq!(known_win(&more, Color::Black), 0);
    }

    /// The queen against a rook's or bishop's pawn on the seventh: no position the rule calls
    /// a draw is a win for the queen in the 4-piece tables, for either side to move, and the
    /// evaluation of those positions is a draw's, on every file and for either colour.
    #[test]
    fn the_queen_against_a_seventh_rank_pawn_agrees_with_the_tables() {
        use chess_syzygy::{Tablebase, Wdl};

        let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else {
            return;
        };
        let tables = Tablebase::open(dir).expect("the tables open");
        // Draws of the queen's side by who is to move, and its losses (the queen left where
        // the king takes it, the pawn promoting with check).
        let (mut drawn, mut lost) = ([0; 2], 0);
        for file in File::ALL {
            let pawn = Square::new(file, Rank::Second);
            let rook_or_bishop = matches!(file, File::A | File::C | File::F | File::H);
            for defender in attacks::king(Square::new(file, Rank::First)) {
                for king in Bitboard::FULL {
                    for queen in Bitboard::FULL {
                        let squares = [pawn, defender, king, queen];
                        if squares.into_iter().collect::<Bitboard>().count() != 4 {
                            continue;
                        }
                        let mut board = Board::empty();
                        board.put(pawn, Piece::BlackPawn);
                        board.put(defender, Piece::BlackKing);
                        board.put(king, Piece::WhiteKing);
                        board.put(queen, Piece::WhiteQueen);
                        for turn in [Color::White, Color::Black] {
                            let factor = scale_factor(&board, turn, Color::White);
                            // Whoever the endgame score favours, and for black's queen.
                            assert_eq!(scale_factor(&board, turn, Color::Black), factor);
                            let black = board.mirror();
                            assert_eq!(scale_factor(&black, !turn, Color::Black), factor);
                            assert_eq!(scale_factor(&black, !turn, Color::White), factor);
                            if factor != 0 {
                                continue;
                            }
                            assert!(rook_or_bishop, "{board:?}");
                            let Some(pos) = position(&board, turn) else {
                                continue;
                            };
                            assert_eq!(super::super::evaluate(&pos), super::super::TEMPO);
                            let wdl = tables.probe_wdl(&pos).expect("in the tables");
                            // The queen's side's result.
                            let wdl = if turn == Color::White {
                                wdl as i32
                            } else {
                                -(wdl as i32)
                            };
                            assert!(wdl <= Wdl::Draw as i32, "{board:?}, {turn:?} to move");
                            if wdl == Wdl::Draw as i32 {
                                drawn[turn as usize] += 1;
                            } else {
                                lost += 1;
                            }
                        }
                    }
                }
            }
        }
        // The queen's side to move, the pawn's side to move.
        assert_eq!(drawn, [10_114, 21_300]);
        assert_eq!(lost, 2_368);
    }

    #[test]
    fn rook_pawn_against_the_cornered_king() {
        let pawn = board(&[
            (Square::C6, Piece::WhiteKing),
            (Square::A6, Piece::WhitePawn),
            (Square::A8, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&pawn, Color::White, Color::White), 0);
        let knight = board(&[
            (Square::D4, Piece::WhiteKing),
            (Square::A7, Piece::WhitePawn),
            (Square::C6, Piece::WhiteKnight),
            (Square::A8, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&knight, Color::White, Color::White), 8);
        // The knight's side keeps its winning chances when the king is two squares away.
        let knight_two_away = board(&[
            (Square::D4, Piece::WhiteKing),
            (Square::A5, Piece::WhitePawn),
            (Square::C6, Piece::WhiteKnight),
            (Square::C8, Piece::BlackKing),
        ]);
        assert_eq!(
            scale_factor(&knight_two_away, Color::Black, Color::White),
            NORMAL
        );
        // A knight's pawn is no rook's pawn.
        let b_pawn = board(&[
            (Square::C6, Piece::WhiteKing),
            (Square::B6, Piece::WhitePawn),
            (Square::B8, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&b_pawn, Color::White, Color::White), NORMAL);
    }

    #[test]
    fn opposite_bishops_are_drawish() {
        let two_pawns_up = board(&[
            (Square::G1, Piece::WhiteKing),
            (Square::C1, Piece::WhiteBishop),
            (Square::F2, Piece::WhitePawn),
            (Square::G2, Piece::WhitePawn),
            (Square::H2, Piece::WhitePawn),
            (Square::G8, Piece::BlackKing),
            (Square::E8, Piece::BlackBishop),
            (Square::H7, Piece::BlackPawn),
        ]);
        // One of the two extra pawns (the f-pawn) is passed.
        assert_eq!(scale_factor(&two_pawns_up, Color::White, Color::White), 24);
        let mut same = two_pawns_up.clone();
        same.remove(Square::E8);
        same.put(Square::F8, Piece::BlackBishop);
        assert_eq!(scale_factor(&same, Color::White, Color::White), NORMAL);
        let mut rooks = two_pawns_up.clone();
        rooks.put(Square::A1, Piece::WhiteRook);
        rooks.put(Square::A8, Piece::BlackRook);
        assert_eq!(scale_factor(&rooks, Color::White, Color::White), 48);
    }

    #[test]
    fn pawnless_and_single_pawn_endings() {
        let two_knights = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::B1, Piece::WhiteKnight),
            (Square::G1, Piece::WhiteKnight),
            (Square::E8, Piece::BlackKing),
        ]);
        assert_eq!(scale_factor(&two_knights, Color::White, Color::White), 0);
        let rook_vs_bishop = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::A1, Piece::WhiteRook),
            (Square::E8, Piece::BlackKing),
            (Square::C8, Piece::BlackBishop),
        ]);
        assert_eq!(scale_factor(&rook_vs_bishop, Color::White, Color::White), 8);
        let rook_pawn = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::A1, Piece::WhiteRook),
            (Square::E4, Piece::WhitePawn),
            (Square::E8, Piece::BlackKing),
            (Square::H8, Piece::BlackRook),
        ]);
        assert_eq!(scale_factor(&rook_pawn, Color::White, Color::White), 32);
        // Four pawns against three on one wing.
        let mut wing = rook_pawn.clone();
        wing.remove(Square::E4);
        for sq in [Square::E2, Square::F2, Square::G2, Square::H2] {
            wing.put(sq, Piece::WhitePawn);
        }
        for sq in [Square::F7, Square::G7, Square::H7] {
            wing.put(sq, Piece::BlackPawn);
        }
        assert_eq!(scale_factor(&wing, Color::White, Color::White), 48);
        wing.put(Square::A2, Piece::WhitePawn);
        wing.put(Square::A7, Piece::BlackPawn);
        assert_eq!(scale_factor(&wing, Color::White, Color::White), NORMAL);
    }

    #[test]
    fn locked_pawns_against_the_wrong_bishop() {
        // From the 4 s + 0.04 s games: a6-b5 against a7-b6, the bishop on light squares.
        let locked = board(&[
            (Square::C6, Piece::WhiteKing),
            (Square::E4, Piece::WhiteBishop),
            (Square::A6, Piece::WhitePawn),
            (Square::B5, Piece::WhitePawn),
            (Square::B8, Piece::BlackKing),
            (Square::A7, Piece::BlackPawn),
            (Square::B6, Piece::BlackPawn),
        ]);
        assert_eq!(scale_factor(&locked, Color::White, Color::White), 16);
        // A dark-squared bishop attacks the pawns.
        let mut right = locked.clone();
        right.remove(Square::E4);
        right.put(Square::D4, Piece::WhiteBishop);
        assert_eq!(scale_factor(&right, Color::White, Color::White), NORMAL);
        // A pawn that can still move may break the fortress.
        let mut free = locked.clone();
        free.put(Square::G2, Piece::WhitePawn);
        assert_eq!(scale_factor(&free, Color::White, Color::White), NORMAL);
    }

    #[test]
    fn the_lone_king_is_driven_to_the_edge() {
        let rook = |lone: Square, king: Square| {
            mop_up(&board(&[
                (king, Piece::WhiteKing),
                (Square::A1, Piece::WhiteRook),
                (lone, Piece::BlackKing),
            ]))
        };
        assert!(rook(Square::E8, Square::E6) > rook(Square::E5, Square::E3));
        assert!(rook(Square::H8, Square::F7) > rook(Square::E8, Square::F7));
        assert!(rook(Square::E8, Square::E6) > rook(Square::E8, Square::E2));
        // Bishop (dark squares) and knight mate in a1 or h8, not in a8.
        let bn = |lone: Square| {
            mop_up(&board(&[
                (Square::C3, Piece::WhiteKing),
                (Square::C1, Piece::WhiteBishop),
                (Square::D1, Piece::WhiteKnight),
                (lone, Piece::BlackKing),
            ]))
        };
        assert!(bn(Square::H8) > bn(Square::A8));
        // Black mates too; two knights and pawns are no mop-up.
        let black = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::E3, Piece::BlackKing),
            (Square::A8, Piece::BlackQueen),
        ]);
        assert!(mop_up(&black) < 0);
        assert_eq!(mop_up(&black), -mop_up(&black.mirror()));
        let knights = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::E3, Piece::BlackKing),
            (Square::A8, Piece::BlackKnight),
            (Square::B8, Piece::BlackKnight),
        ]);
        assert_eq!(mop_up(&knights), 0);
        let pawn = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::H2, Piece::WhitePawn),
            (Square::E3, Piece::BlackKing),
            (Square::A8, Piece::BlackQueen),
        ]);
        assert_eq!(mop_up(&pawn), 0);
    }

    #[test]
    fn a_king_with_pieces_but_no_pawns_is_driven_to_the_edge_too() {
        // A queen against a rook: the game the engine drew by the 50-move rule.
        let queen = |lone: Square, king: Square| {
            mop_up(&board(&[
                (king, Piece::WhiteKing),
                (Square::A1, Piece::WhiteQueen),
                (lone, Piece::BlackKing),
                (Square::H5, Piece::BlackRook),
            ]))
        };
        assert!(queen(Square::H3, Square::F4) > queen(Square::E4, Square::C2));
        assert!(queen(Square::H3, Square::F4) > queen(Square::H3, Square::C7));
        // Two rooks against one, for black.
        let rooks = board(&[
            (Square::D4, Piece::WhiteKing),
            (Square::D1, Piece::WhiteRook),
            (Square::G7, Piece::BlackKing),
            (Square::A8, Piece::BlackRook),
            (Square::B8, Piece::BlackRook),
        ]);
        assert!(mop_up(&rooks) < 0);
        assert_eq!(mop_up(&rooks), -mop_up(&rooks.mirror()));
        // A rook against a minor piece mostly draws, and a pawn can be promoted instead.
        let rook_knight = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::A1, Piece::WhiteRook),
            (Square::H8, Piece::BlackKing),
            (Square::B8, Piece::BlackKnight),
        ]);
        assert_eq!(mop_up(&rook_knight), 0);
        let pawn = board(&[
            (Square::E1, Piece::WhiteKing),
            (Square::A1, Piece::WhiteQueen),
            (Square::H2, Piece::WhitePawn),
            (Square::H8, Piece::BlackKing),
            (Square::B8, Piece::BlackRook),
        ]);
        assert_eq!(mop_up(&pawn), 0);
    }

    #[test]
    fn may_draw_holds_wherever_the_factor_is_a_quarter_or_less() {
        // Random material for both sides, up to three pawns and a few pieces each, on random
        // squares: every board whose factor is a quarter or less must pass the quick test.
        let mut rng = crate::Rng::new(11);
        let (mut drawn, mut skipped) = (0, 0);
        for _ in 0..200_000 {
            let mut board = Board::empty();
            let mut empty = Bitboard::FULL;
            let mut put = |board: &mut Board, rng: &mut crate::Rng, piece: Piece| {
                let squares = if piece.role() == Role::Pawn {
                    empty & !Bitboard::rank(Rank::First) & !Bitboard::rank(Rank::Eighth)
                } else {
                    empty
                };
                let sq = squares
                    .into_iter()
                    .nth(rng.below(u64::from(squares.count())) as usize);
                let sq = sq.expect("a board with few pieces has room");
                board.put(sq, piece);
                empty.remove(sq);
            };
            for color in [Color::White, Color::Black] {
                put(&mut board, &mut rng, Piece::new(color, Role::King));
                for _ in 0..rng.below(4) {
                    put(&mut board, &mut rng, Piece::new(color, Role::Pawn));
                }
                for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                    for _ in 0..rng.below(5).saturating_sub(2) {
                        put(&mut board, &mut rng, Piece::new(color, role));
                    }
                }
            }
            for strong in [Color::White, Color::Black] {
                let quick = may_draw(&board, strong);
                for turn in [Color::White, Color::Black] {
                    if scale_factor(&board, turn, strong) <= NORMAL / 4 {
                        assert!(quick, "{board:?} for {strong:?}, {turn:?} to move");
                        drawn += 1;
                    }
                }
                skipped += usize::from(!quick);
            }
        }
        // Both outcomes are common, so the test says something either way.
        assert!(drawn > 10_000 && skipped > 10_000, "{drawn} {skipped}");
    }
}
