//! Syzygy tablebases in the search (with the `syzygy` feature): the WDL tables cut the search
//! off where few pieces are left, and at the root the DTZ tables keep only the moves that hold
//! the best result, as Stockfish uses them.

#[cfg(feature = "syzygy")]
use std::sync::Arc;

use chess_rules::{Move, Position};

use crate::score::Value;
#[cfg(feature = "syzygy")]
use crate::score::{DRAW, TB_WIN};
use crate::tt::Bound;

#[cfg(feature = "syzygy")]
pub use chess_syzygy::Tablebase;

/// How the search uses the tables (Stockfish's `Syzygy*` options).
#[derive(Clone, Debug)]
pub struct TablebaseSettings {
    /// The tables.
    #[cfg(feature = "syzygy")]
    pub tables: Option<Arc<Tablebase>>,
    /// Probe only positions of at most this many pieces (`SyzygyProbeLimit`, default 7: all
    /// the tables there are).
    pub probe_limit: usize,
    /// Probe positions with exactly the largest number of pieces only this many plies or more
    /// from the search's horizon (`SyzygyProbeDepth`, default 1).
    pub probe_depth: i32,
    /// Count the 50-move rule: a cursed win is a draw (`Syzygy50MoveRule`, default on).
    pub rule50: bool,
}

impl Default for TablebaseSettings {
    fn default() -> TablebaseSettings {
        TablebaseSettings {
            #[cfg(feature = "syzygy")]
            tables: None,
            probe_limit: 7,
            probe_depth: 1,
            rule50: true,
        }
    }
}

/// What the root probe decided.
pub(crate) struct RootFilter {
    /// The moves that keep the best result (all of them when the tables rank them alike).
    pub moves: Vec<Move>,
    /// The value of the position by the tables (from the root's side), reported unless the
    /// search finds a mate.
    pub value: Value,
    /// Whether probing below the root is still useful: not once the DTZ tables have chosen
    /// the moves, nor when the best is a draw or a loss (Stockfish's rule).
    pub probe_in_search: bool,
}

#[cfg(feature = "syzygy")]
impl TablebaseSettings {
    /// The pieces the tables cover (0 without tables).
    pub(crate) fn cardinality(&self) -> usize {
        self.tables
            .as_ref()
            .map_or(0, |tables| tables.max_pieces().min(self.probe_limit))
    }

    /// The value of `pos` (`ply` plies from the root, `depth` plies from the horizon) by the
    /// WDL tables, and which bound it is, when the position is one to probe: few enough
    /// pieces, no castling rights, and just after a capture or pawn move (where the tables'
    /// answer counts the 50-move rule from zero).
    pub(crate) fn probe_wdl(
        &self,
        cardinality: usize,
        pos: &Position,
        depth: i32,
        ply: usize,
    ) -> Option<(Value, Bound)> {
        let tables = self.tables.as_ref()?;
        let pieces = pos.board().occupied().count() as usize;
        if pieces > cardinality
            || (pieces == cardinality && depth < self.probe_depth)
            || pos.halfmoves() != 0
            || !pos.castling_rights().is_empty()
        {
            return None;
        }
        let wdl = tables.probe_wdl(pos).ok()?;
        // Cursed wins and blessed losses are draws under the 50-move rule: a hair better or
        // worse than a plain one.
        let draw = i8::from(self.rule50);
        let wdl = wdl.to_i8();
        let ply = ply as Value;
        Some(if wdl > draw {
            (TB_WIN - ply, Bound::Lower)
        } else if wdl < -draw {
            (-TB_WIN + ply, Bound::Upper)
        } else {
            (
                DRAW + 2 * Value::from(wdl) * Value::from(draw),
                Bound::Exact,
            )
        })
    }

    /// The root moves the tables allow, when `pos` is in them; `repeated`: the position has
    /// occurred before since the last capture or pawn move.
    pub(crate) fn probe_root(&self, pos: &Position, repeated: bool) -> Option<RootFilter> {
        use chess_syzygy::{RootOptions, TableKind, Wdl};

        let tables = self.tables.as_ref()?;
        if pos.board().occupied().count() as usize > self.cardinality() {
            return None;
        }
        let options = RootOptions {
            rule50: self.rule50,
            rank_by_dtz: true,
            repeated,
        };
        let probe = tables.probe_root(pos, options).ok()?;
        let best = probe.best()?;
        let value = match best.wdl {
            Wdl::Win => TB_WIN - 1,
            Wdl::Loss => -TB_WIN + 1,
            other => DRAW + Value::from(other.to_i8()),
        };
        Some(RootFilter {
            moves: probe.best_moves().iter().map(|rm| rm.m).collect(),
            value,
            probe_in_search: probe.tables() == TableKind::Wdl && best.wdl > Wdl::Draw,
        })
    }
}

/// Without the `syzygy` feature there are no tables to probe.
#[cfg(not(feature = "syzygy"))]
impl TablebaseSettings {
    pub(crate) fn cardinality(&self) -> usize {
        0
    }

    pub(crate) fn probe_wdl(
        &self,
        _cardinality: usize,
        _pos: &Position,
        _depth: i32,
        _ply: usize,
    ) -> Option<(Value, Bound)> {
        None
    }

    pub(crate) fn probe_root(&self, _pos: &Position, _repeated: bool) -> Option<RootFilter> {
        None
    }
}
