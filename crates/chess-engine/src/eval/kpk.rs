//! King and pawn against king, solved: for every position, whether the pawn's side wins.
//!
//! A linear evaluation scores the pawn by its rank and the kings by their distance to it, and
//! so calls most of these endings a win of two pawns; about a third of them are draws (the
//! defending king in front of the pawn, a rook's pawn with the king in the corner, the
//! opposition). The table is worked out backwards from the positions whose result is plain
//! (a promotion that cannot be stopped, the pawn taken, stalemate) the first time it is
//! needed, in some tens of milliseconds, and kept as one bit per position: 24 KiB.
//!
//! The positions are seen from the pawn's side as white, with the pawn on files a to d
//! (the other files are their mirror images): 24 pawn squares, 64 squares for each king, and
//! the side to move.

use std::sync::OnceLock;

use chess_core::{Bitboard, Color, File, Rank, Square, attacks};

/// Positions in the table: side to move × white king × black king × pawn square.
const SIZE: usize = 2 * 64 * 64 * 24;

/// Whether the pawn's side wins, one bit per position (see [`index`]).
static TABLE: OnceLock<Box<[u64]>> = OnceLock::new();

/// Whether the side with the pawn wins: `strong` has its king on `strong_king` and its pawn
/// on `pawn`, the other side its king on `weak_king`, and `turn` is to move. For a position
/// that cannot occur (the kings side by side, the side not to move in check) the answer means
/// nothing; a pawn on the first or last rank is no win.
pub(crate) fn wins(
    strong: Color,
    strong_king: Square,
    pawn: Square,
    weak_king: Square,
    turn: Color,
) -> bool {
    // As white, then with the pawn on files a to d.
    let (mut wk, mut p, mut bk) = (
        strong_king.relative_to(strong),
        pawn.relative_to(strong),
        weak_king.relative_to(strong),
    );
    if matches!(p.rank(), Rank::First | Rank::Eighth) {
        return false;
    }
    if p.file() > File::D {
        (wk, p, bk) = (
            wk.flip_horizontal(),
            p.flip_horizontal(),
            bk.flip_horizontal(),
        );
    }
    let i = index(turn == strong, wk, bk, p);
    let table = TABLE.get_or_init(solve);
    table[i / 64] >> (i % 64) & 1 != 0
}

/// Builds the table now rather than at the first probe (a search would wait for it there).
pub(crate) fn init() {
    TABLE.get_or_init(solve);
}

/// The position's place in the table: `white_to_move`, the kings, and the pawn (files a to
/// d, ranks 2 to 7).
#[inline]
fn index(white_to_move: bool, wk: Square, bk: Square, p: Square) -> usize {
    let pawn = (p.rank().index() - 1) * 4 + p.file().index();
    ((pawn * 2 + usize::from(!white_to_move)) * 64 + wk.index()) * 64 + bk.index()
}

/// What is known of a position while the table is worked out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Invalid,
    Unknown,
    Draw,
    Win,
}

/// One position of the table, its squares decoded.
#[derive(Clone, Copy)]
struct Entry {
    white_to_move: bool,
    wk: Square,
    bk: Square,
    p: Square,
}

impl Entry {
    fn of(i: usize) -> Entry {
        let bk = Square::ALL[i % 64];
        let wk = Square::ALL[i / 64 % 64];
        let white_to_move = i / 4096 % 2 == 0;
        let pawn = i / 8192;
        let p = Square::new(File::ALL[pawn % 4], Rank::ALL[pawn / 4 + 1]);
        Entry {
            white_to_move,
            wk,
            bk,
            p,
        }
    }

    /// The result where the rules alone decide it, before any search.
    fn classify(self) -> Outcome {
        let Entry {
            white_to_move,
            wk,
            bk,
            p,
        } = self;
        if wk.distance(bk) <= 1
            || wk == p
            || bk == p
            || (white_to_move && attacks::pawn(Color::White, p).contains(bk))
        {
            return Outcome::Invalid;
        }
        if white_to_move {
            // A promotion that the black king cannot take at once.
            if p.rank() == Rank::Seventh {
                let queening = p.offset(0, 1).expect("below the eighth rank");
                if queening != wk
                    && queening != bk
                    && (bk.distance(queening) > 1 || wk.distance(queening) == 1)
                {
                    return Outcome::Win;
                }
            }
            return Outcome::Unknown;
        }
        // Black to move: the pawn taken, or stalemate (a king and a pawn never mate).
        if (bk.distance(p) == 1 && wk.distance(p) > 1) || self.black_king_moves().is_empty() {
            return Outcome::Draw;
        }
        Outcome::Unknown
    }

    /// The squares the black king can go to (the pawn's included, when it is not defended).
    fn black_king_moves(self) -> Bitboard {
        attacks::king(self.bk) & !attacks::king(self.wk) & !attacks::pawn(Color::White, self.p)
    }

    /// The result from the results of the positions one move on, or `Unknown` while those
    /// are not known enough.
    fn search(self, results: &[Outcome]) -> Outcome {
        let Entry {
            white_to_move,
            wk,
            bk,
            p,
        } = self;
        let mut unknown = false;
        if white_to_move {
            // White wins if one move wins, draws if every move draws.
            let mut step = |next: usize| match results[next] {
                Outcome::Win => true,
                Outcome::Unknown => {
                    unknown = true;
                    false
                }
                Outcome::Draw | Outcome::Invalid => false,
            };
            let king_moves = attacks::king(wk) & !attacks::king(bk) & !Bitboard::from(p);
            for to in king_moves {
                if step(index(false, to, bk, p)) {
                    return Outcome::Win;
                }
            }
            if p.rank() < Rank::Seventh {
                let push = p.offset(0, 1).expect("below the seventh rank");
                if push != wk && push != bk {
                    if step(index(false, wk, bk, push)) {
                        return Outcome::Win;
                    }
                    if p.rank() == Rank::Second {
                        let double = push.offset(0, 1).expect("the fourth rank");
                        if double != wk && double != bk && step(index(false, wk, bk, double)) {
                            return Outcome::Win;
                        }
                    }
                }
            }
            // A promotion that does not win at once loses the new queen.
            if unknown {
                Outcome::Unknown
            } else {
                Outcome::Draw
            }
        } else {
            // Black draws if one move draws, loses if every move loses.
            for to in self.black_king_moves() {
                match results[index(true, wk, to, p)] {
                    Outcome::Draw => return Outcome::Draw,
                    Outcome::Unknown => unknown = true,
                    Outcome::Win | Outcome::Invalid => {}
                }
            }
            if unknown {
                Outcome::Unknown
            } else {
                Outcome::Win
            }
        }
    }
}

/// Works the table out: the plain results first, then passes over the undecided positions
/// until none changes; whatever is still undecided then is a draw (white never forces a
/// win from it).
fn solve() -> Box<[u64]> {
    let mut results: Vec<Outcome> = (0..SIZE).map(|i| Entry::of(i).classify()).collect();
    let mut open: Vec<usize> = (0..SIZE)
        .filter(|&i| results[i] == Outcome::Unknown)
        .collect();
    loop {
        let before = open.len();
        open.retain(|&i| {
            let result = Entry::of(i).search(&results);
            results[i] = result;
            result == Outcome::Unknown
        });
        if open.len() == before {
            break;
        }
    }
    let mut table = vec![0u64; SIZE / 64].into_boxed_slice();
    for (i, &result) in results.iter().enumerate() {
        if result == Outcome::Win {
            table[i / 64] |= 1 << (i % 64);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::{Board, Piece};
    use chess_rules::{CastlingMode, Position, Setup};

    /// Every legal position of the ending, with white's pawn and with black's, against the
    /// 4-piece tables' KPvK: the table wins exactly where they do (no position of it is a
    /// cursed win: every win promotes long before the 50-move rule).
    #[test]
    fn agrees_with_the_tables_on_every_position() {
        use chess_syzygy::{Tablebase, Wdl};

        let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else {
            return;
        };
        let tables = Tablebase::open(dir).expect("the tables open");
        let pawns = Bitboard::FULL & !Bitboard::rank(Rank::First) & !Bitboard::rank(Rank::Eighth);
        let (mut positions, mut won) = (0, 0);
        for pawn in pawns {
            for strong_king in Bitboard::FULL.without(pawn) {
                for weak_king in Bitboard::FULL.without(pawn).without(strong_king) {
                    for turn in [Color::White, Color::Black] {
                        let board: Board = [
                            (strong_king, Piece::WhiteKing),
                            (pawn, Piece::WhitePawn),
                            (weak_king, Piece::BlackKing),
                        ]
                        .into_iter()
                        .collect();
                        let setup = Setup {
                            board: board.clone(),
                            turn,
                            ..Setup::empty()
                        };
                        let Ok(pos) = Position::from_setup(setup, CastlingMode::Standard) else {
                            continue;
                        };
                        let wdl = tables.probe_wdl(&pos).expect("in the tables");
                        let white_wins = if turn == Color::White {
                            wdl == Wdl::Win
                        } else {
                            assert_ne!(wdl, Wdl::Win, "{board:?}");
                            wdl == Wdl::Loss
                        };
                        assert!(
                            !matches!(wdl, Wdl::CursedWin | Wdl::BlessedLoss),
                            "{board:?}"
                        );
                        let got = wins(Color::White, strong_king, pawn, weak_king, turn);
                        assert_eq!(got, white_wins, "{board:?}, {turn:?} to move");
                        // The same position with black's pawn, rank by rank upside down.
                        let got = wins(
                            Color::Black,
                            strong_king.flip_vertical(),
                            pawn.flip_vertical(),
                            weak_king.flip_vertical(),
                            !turn,
                        );
                        assert_eq!(got, white_wins, "black's pawn: {board:?}, {turn:?}");
                        positions += 1;
                        won += usize::from(white_wins);
                    }
                }
            }
        }
        // A pawn where none can stand is no win, and no panic.
        for pawn in [Square::E1, Square::E8] {
            let (king, lone) = (Square::A1, Square::H8);
            assert!(!wins(Color::White, king, pawn, lone, Color::White));
        }
        // Every legal placement with either side to move, two thirds of them won.
        assert_eq!((positions, won), (331_352, 222_564));
    }
}
