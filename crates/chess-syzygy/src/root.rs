//! Probing at the root: the outcome of every legal move, and the moves that keep the best one
//! under the 50-move rule, ranked as Stockfish ranks them.

use std::cmp::Reverse;

use chess_rules::{Move, Position};

use crate::probe::is_zeroing;
use crate::{Dtz, SyzygyError, TableKind, Tablebase, Wdl};

/// The scale of ranks (Stockfish's `MAX_DTZ`): wins that the 50-move rule cannot spoil rank
/// near it, wins it may spoil near half of it, draws at 0, losses mirrored below.
const MAX_DTZ: i32 = 1 << 18;

/// The ranks of the five results when only WDL tables are available.
const WDL_RANKS: [i32; 5] = [-MAX_DTZ, -MAX_DTZ + 101, 0, MAX_DTZ - 101, MAX_DTZ];

/// How root probing counts the 50-move rule and tells winning moves apart.
///
/// ```
/// use chess_syzygy::RootOptions;
///
/// let options = RootOptions::default();
/// assert!(options.rule50 && options.rank_by_dtz && !options.repeated);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RootOptions {
    /// Whether the 50-move rule holds (Stockfish's `Syzygy50MoveRule`): then cursed wins and
    /// blessed losses are reported as such, and a move that lets the opponent claim a draw at
    /// once (the halfmove clock reaching 100) is a draw. Without it they are wins and losses.
    /// Ranks count the halfmove clock either way.
    pub rule50: bool,
    /// Whether wins within the 50-move budget rank by DTZ, the fastest zeroing first (so
    /// [`RootProbe::best_moves`] are the moves of minimal DTZ), rather than all alike (so an
    /// engine searches all of them and picks by its own judgement, as Stockfish's search
    /// does). Losses rank the longest first when set.
    pub rank_by_dtz: bool,
    /// Whether the root position has occurred before since the last capture or pawn move. A
    /// position carries no history, so the caller says it: then no win ranks as certain, since
    /// repeating again may be what the opponent wants.
    pub repeated: bool,
}

impl Default for RootOptions {
    fn default() -> RootOptions {
        RootOptions {
            rule50: true,
            rank_by_dtz: true,
            repeated: false,
        }
    }
}

/// A legal move of the root position and its outcome for the side that plays it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RootMove {
    /// The move.
    pub m: Move,
    /// The result of playing it, counting the halfmove clock of the root (with
    /// [`RootOptions::rule50`]); with WDL tables only, the result as if the clock were zero.
    pub wdl: Wdl,
    /// Its distance to zeroing counted from the root position (this move included, so 1 for a
    /// capture, pawn move or mate that keeps a win), positive for wins; `None` when ranked with
    /// WDL tables only.
    pub dtz: Option<Dtz>,
    /// Its rank: higher is better, equal ranks are equally good.
    pub rank: i32,
}

/// The legal moves of a root position with their outcomes, best first.
///
/// ```
/// use chess_notation::Fen;
/// use chess_rules::CastlingMode;
/// use chess_syzygy::{Dtz, RootOptions, Tablebase, Wdl};
///
/// # let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else { return Ok(()) };
/// let tables = Tablebase::open(dir)?;
/// // 99 halfmoves gone: Rh8 mates, any other move lets black claim a draw.
/// let fen: Fen = "k7/8/1K6/8/8/8/8/7R w - - 99 80".parse()?;
/// let pos = fen.into_position(CastlingMode::Standard)?;
/// let root = tables.probe_root(&pos, RootOptions::default())?;
/// let best = root.best_moves();
/// assert_eq!(best.len(), 1);
/// assert_eq!((best[0].m.to_string(), best[0].wdl, best[0].dtz), ("h1h8".to_owned(), Wdl::Win, Some(Dtz(1))));
/// assert!(root.moves()[1..].iter().all(|rm| rm.wdl == Wdl::Draw));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RootProbe {
    moves: Vec<RootMove>,
    tables: TableKind,
}

impl RootProbe {
    /// Every legal move, the best ranked first (moves of equal rank in move generation order).
    #[must_use]
    pub fn moves(&self) -> &[RootMove] {
        &self.moves
    }

    /// The moves of the best rank: the ones that keep the best outcome (with
    /// [`RootOptions::rank_by_dtz`], the fastest way to it). Empty when there is no legal move.
    #[must_use]
    pub fn best_moves(&self) -> &[RootMove] {
        let best = self.moves.first().map(|rm| rm.rank);
        let n = self
            .moves
            .iter()
            .take_while(|rm| Some(rm.rank) == best)
            .count();
        &self.moves[..n]
    }

    /// The first of the best moves, if there is a legal move.
    #[must_use]
    pub fn best(&self) -> Option<&RootMove> {
        self.moves.first()
    }

    /// The outcome of the position with best play: the best move's result. `None` when there
    /// is no legal move (checkmate or stalemate).
    #[must_use]
    pub fn wdl(&self) -> Option<Wdl> {
        self.best().map(|rm| rm.wdl)
    }

    /// Which tables ranked the moves: DTZ, or WDL when [`Tablebase::probe_root`] had to fall
    /// back on them.
    #[must_use]
    pub fn tables(&self) -> TableKind {
        self.tables
    }
}

impl Tablebase {
    /// Ranks the legal moves of `pos` with the DTZ tables, or with the WDL tables when a DTZ
    /// table is missing: what an engine does at the root, as Stockfish's `rank_root_moves`
    /// does.
    ///
    /// The halfmove clock of `pos` counts: a win whose zeroing move comes too late for the
    /// 50-move rule ranks below every win that does not, and is reported as a cursed win.
    pub fn probe_root(
        &self,
        pos: &Position,
        options: RootOptions,
    ) -> Result<RootProbe, SyzygyError> {
        match self.probe_root_dtz(pos, options) {
            Err(SyzygyError::MissingTable {
                kind: TableKind::Dtz,
                ..
            }) => self.probe_root_wdl(pos, options),
            result => result,
        }
    }

    /// Ranks the legal moves of `pos` by their DTZ, counted from the root with its halfmove
    /// clock (Stockfish's `root_probe`).
    ///
    /// A move's DTZ is 1 ply for a zeroing move (capture or pawn move: then its result is the
    /// WDL of the position it reaches, 101 for a cursed win) or a mate, and one more than the
    /// opponent's DTZ after it otherwise. A win ranks as certain when the zeroing move comes
    /// within the 99 plies the clock leaves (one ply short of the limit, for the rounding of
    /// DTZ values) and the position has not repeated; a loss ranks as certain when twice its
    /// distance still fits.
    pub fn probe_root_dtz(
        &self,
        pos: &Position,
        options: RootOptions,
    ) -> Result<RootProbe, SyzygyError> {
        Tablebase::check(pos)?;
        // Clocks beyond any game's are all the same: past the limit.
        let clock = pos.halfmoves().min(1 << 16) as i32;
        let bound = if options.rule50 { MAX_DTZ / 2 - 100 } else { 1 };
        let mut moves = Vec::new();
        for m in pos.legal_moves() {
            let after = pos.after(m);
            let mut dtz = if is_zeroing(pos, m) {
                Dtz::before_zeroing(-self.probe_wdl(&after)?).0
            } else if options.rule50 && claimable(&after) {
                0
            } else {
                let d = -self.probe_dtz(&after)?.0;
                d + d.signum()
            };
            if dtz == 2 && after.is_checkmate() {
                dtz = 1;
            }
            let rank = if dtz > 0 {
                if dtz + clock <= 99 && !options.repeated {
                    MAX_DTZ - if options.rank_by_dtz { dtz } else { 0 }
                } else {
                    MAX_DTZ / 2 - (dtz + clock)
                }
            } else if dtz < 0 {
                if -dtz * 2 + clock < 100 {
                    -MAX_DTZ - if options.rank_by_dtz { dtz } else { 0 }
                } else {
                    -MAX_DTZ / 2 + (-dtz + clock)
                }
            } else {
                0
            };
            let wdl = match rank {
                r if r >= bound => Wdl::Win,
                r if r > 0 => Wdl::CursedWin,
                0 => Wdl::Draw,
                r if r > -bound => Wdl::BlessedLoss,
                _ => Wdl::Loss,
            };
            moves.push(RootMove {
                m,
                wdl,
                dtz: Some(Dtz(dtz)),
                rank,
            });
        }
        moves.sort_by_key(|rm| Reverse(rm.rank));
        Ok(RootProbe {
            moves,
            tables: TableKind::Dtz,
        })
    }

    /// Ranks the legal moves of `pos` by the WDL of the position each reaches, for when DTZ
    /// tables are missing (Stockfish's `root_probe_wdl`): wins first, then cursed wins, draws,
    /// blessed losses and losses. The halfmove clock only counts for a move after which the
    /// opponent can claim a draw at once.
    pub fn probe_root_wdl(
        &self,
        pos: &Position,
        options: RootOptions,
    ) -> Result<RootProbe, SyzygyError> {
        Tablebase::check(pos)?;
        let mut moves = Vec::new();
        for m in pos.legal_moves() {
            let after = pos.after(m);
            let wdl = if options.rule50 && !is_zeroing(pos, m) && claimable(&after) {
                Wdl::Draw
            } else {
                -self.probe_wdl(&after)?
            };
            moves.push(RootMove {
                m,
                wdl: if options.rule50 {
                    wdl
                } else {
                    wdl.without_50_move_rule()
                },
                dtz: None,
                rank: WDL_RANKS[(wdl.to_i8() + 2) as usize],
            });
        }
        moves.sort_by_key(|rm| Reverse(rm.rank));
        Ok(RootProbe {
            moves,
            tables: TableKind::Wdl,
        })
    }
}

/// Whether the side to move may claim a draw by the 50-move rule at once (the clock has
/// reached 100 and it is not checkmated).
fn claimable(pos: &Position) -> bool {
    pos.halfmoves() >= 100 && !pos.is_checkmate()
}
