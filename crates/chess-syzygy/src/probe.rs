//! Probing positions: what the tables leave out (captures, en passant, the side to move a DTZ
//! table does not store) is found by looking one move ahead.
//!
//! The tables are built for positions without en passant rights, and to compress better they
//! store, for positions where a capture is the best move, whatever value compresses best. So
//! a probe first tries the captures (recursively, each leading to a table of fewer pieces), and
//! trusts the table only when no capture does at least as well; en passant captures are then
//! weighed on top. DTZ tables store one side to move: for the other, the distance comes from
//! the best move into a stored position. This is the probing algorithm of the tables' author,
//! as Stockfish and python-chess implement it, and gives the same values as they do.

use chess_core::{Bitboard, Role};
use chess_rules::{EnPassantMode, Move, MoveList, Position};

use crate::{Dtz, MAX_PIECES, Material, SyzygyError, Tablebase, Wdl};

/// How a search value came about: from the table, or from a capture that reaches it (then the
/// capture, a zeroing move, is the way to it and no DTZ table is needed).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Source {
    Table,
    Capture,
}

/// The DTZ of a zeroing move to a position whose result for the mover is `wdl`.
fn before_zeroing(wdl: i8) -> i32 {
    match wdl {
        2 => 1,
        1 => 101,
        0 => 0,
        -1 => -101,
        _ => -1,
    }
}

fn wdl_of(value: i8) -> Wdl {
    // Search values stay within -2..=2: they are table values or their negations.
    Wdl::from_i8(value).unwrap_or(if value > 0 { Wdl::Win } else { Wdl::Loss })
}

/// Whether `m` zeroes the halfmove clock: a capture or a pawn move.
pub(crate) fn is_zeroing(pos: &Position, m: Move) -> bool {
    pos.is_capture(m) || pos.board().role_at(m.from()) == Some(Role::Pawn)
}

/// The legal en passant captures.
fn en_passant_moves(pos: &Position) -> MoveList {
    let mut moves = MoveList::new();
    if let Some(ep) = pos.ep_square(EnPassantMode::Legal) {
        moves = pos.moves_to(ep);
        moves.retain(Move::is_en_passant);
    }
    moves
}

impl Tablebase {
    /// Rejects what no table holds: castling rights and too many pieces.
    pub(crate) fn check(pos: &Position) -> Result<(), SyzygyError> {
        if !pos.castling_rights().is_empty() {
            return Err(SyzygyError::Castling);
        }
        let pieces = pos.board().occupied().count() as usize;
        if pieces > MAX_PIECES {
            return Err(SyzygyError::TooManyPieces { pieces });
        }
        Ok(())
    }

    /// The value the WDL table stores for the position, as stored: without looking at captures
    /// or en passant.
    ///
    /// Only useful to check tables: the tables store arbitrary values for positions where a
    /// capture is the best move (what compresses best), and know nothing of en passant; use
    /// [`Tablebase::probe_wdl`] for the result of a position. King against king, which has no
    /// file, is a draw.
    ///
    /// ```
    /// use chess_notation::Fen;
    /// use chess_rules::CastlingMode;
    /// use chess_syzygy::{Tablebase, Wdl};
    ///
    /// # let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else { return Ok(()) };
    /// let tables = Tablebase::open(dir)?;
    /// // Without en passant the pawns block each other; with it, white wins.
    /// let fen: Fen = "8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2".parse()?;
    /// let pos = fen.into_position(CastlingMode::Standard)?;
    /// assert_eq!(tables.probe_wdl_table(&pos)?, Wdl::Draw);
    /// assert_eq!(tables.probe_wdl(&pos)?, Wdl::Win);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_wdl_table(&self, pos: &Position) -> Result<Wdl, SyzygyError> {
        Tablebase::check(pos)?;
        self.table_wdl(pos).map(wdl_of)
    }

    /// The result of the position for the side to move, under the 50-move rule counted from
    /// a halfmove clock of zero (the clock of `pos` is not looked at): win, cursed win, draw,
    /// blessed loss or loss.
    ///
    /// Needs the WDL tables of the position's material and of every material a capture leads
    /// to. En passant is taken into account.
    ///
    /// ```
    /// use chess_notation::Fen;
    /// use chess_rules::CastlingMode;
    /// use chess_syzygy::{Tablebase, Wdl};
    ///
    /// # let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else { return Ok(()) };
    /// let tables = Tablebase::open(dir)?;
    /// let fen: Fen = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1".parse()?;
    /// assert_eq!(tables.probe_wdl(&fen.into_position(CastlingMode::Standard)?)?, Wdl::Loss);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, SyzygyError> {
        Tablebase::check(pos)?;
        self.wdl(pos).map(wdl_of)
    }

    /// The distance to zeroing of the position for the side to move (see [`Dtz`] for what its
    /// sign and size say, and its rounding): positive when the side to move wins, negative
    /// when it loses, zero for a draw. The halfmove clock of `pos` is not looked at.
    ///
    /// Needs the DTZ table of the position's material and the WDL tables of it and of every
    /// material a capture or promotion leads to. En passant is taken into account.
    ///
    /// ```
    /// use chess_notation::Fen;
    /// use chess_rules::CastlingMode;
    /// use chess_syzygy::{Dtz, Tablebase};
    ///
    /// # let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else { return Ok(()) };
    /// let tables = Tablebase::open(dir)?;
    /// let fen: Fen = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1".parse()?;
    /// assert_eq!(tables.probe_dtz(&fen.into_position(CastlingMode::Standard)?)?, Dtz(-53));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_dtz(&self, pos: &Position) -> Result<Dtz, SyzygyError> {
        Tablebase::check(pos)?;
        self.dtz(pos, true).map(Dtz)
    }

    /// [`Tablebase::probe_dtz`] without en passant: the distance as if no capture en passant
    /// were possible (what the tables store, resolved through captures).
    pub fn probe_dtz_no_ep(&self, pos: &Position) -> Result<Dtz, SyzygyError> {
        Tablebase::check(pos)?;
        self.dtz_without_en_passant(pos, true).map(Dtz)
    }

    /// The distance the DTZ table stores for the position, read as the position's result
    /// `wdl` says (the table keeps distances in a form that depends on it): `None` when the
    /// table stores only the other side to move. Like [`Tablebase::probe_wdl_table`], only
    /// useful to check tables.
    pub fn probe_dtz_table(&self, pos: &Position, wdl: Wdl) -> Result<Option<i32>, SyzygyError> {
        Tablebase::check(pos)?;
        let board = pos.board();
        let material = Material::from_board(board);
        self.dtz_table(&material)?
            .probe(board, pos.turn(), &material, wdl as i8)
    }

    /// The stored WDL value of the position (-2 to 2), 0 for two bare kings.
    fn table_wdl(&self, pos: &Position) -> Result<i8, SyzygyError> {
        let board = pos.board();
        if board.occupied() == board.by_role(Role::King) {
            return Ok(0);
        }
        let material = Material::from_board(board);
        self.wdl_table(&material)?
            .probe(board, pos.turn(), &material)
    }

    /// The value of the position, exact when it lies within `alpha..beta` (a bound otherwise),
    /// trying the captures (without en passant) before the table.
    fn search(&self, pos: &Position, mut alpha: i8, beta: i8) -> Result<(i8, Source), SyzygyError> {
        let theirs = pos.board().by_color(!pos.turn());
        for m in pos.moves_between(Bitboard::FULL, theirs) {
            if m.is_en_passant() {
                continue;
            }
            let (value, _) = self.search(&pos.after(m), -beta, -alpha)?;
            let value = -value;
            if value > alpha {
                if value >= beta {
                    return Ok((value, Source::Capture));
                }
                alpha = value;
            }
        }
        let value = self.table_wdl(pos)?;
        if alpha >= value {
            // A capture does at least as well as the table: it is the way to the result,
            // unless the result is not a win (then the table's way may be as good).
            let source = if alpha > 0 {
                Source::Capture
            } else {
                Source::Table
            };
            Ok((alpha, source))
        } else {
            Ok((value, Source::Table))
        }
    }

    /// The WDL value (-2 to 2), en passant included.
    fn wdl(&self, pos: &Position) -> Result<i8, SyzygyError> {
        let (mut value, _) = self.search(pos, -2, 2)?;
        let captures = en_passant_moves(pos);
        if captures.is_empty() {
            return Ok(value);
        }
        let mut best_ep = -3;
        for &m in captures.iter() {
            let (v, _) = self.search(&pos.after(m), -2, 2)?;
            best_ep = best_ep.max(-v);
        }
        if best_ep >= value {
            value = best_ep;
        } else if value == 0 && only_en_passant(pos) {
            // A draw by the table is no draw when every legal move is a losing en passant
            // capture.
            value = best_ep;
        }
        Ok(value)
    }

    /// The DTZ value, en passant included. `fallback`: whether a DTZ table that stores only
    /// the other side to move may be answered by looking one move ahead (calls from that
    /// look-ahead must not need it again: the stored side is the one they probe).
    fn dtz(&self, pos: &Position, fallback: bool) -> Result<i32, SyzygyError> {
        let mut value = self.dtz_without_en_passant(pos, fallback)?;
        let captures = en_passant_moves(pos);
        if captures.is_empty() {
            return Ok(value);
        }
        let mut best_ep = -3;
        for &m in captures.iter() {
            let (v, _) = self.search(&pos.after(m), -2, 2)?;
            best_ep = best_ep.max(-v);
        }
        let ep = before_zeroing(best_ep);
        // The best en passant capture replaces the value when it is better for the side to
        // move: a better result, or for a win the same result zeroing at once (a loser wants
        // the longer way, so an equal loss by en passant changes nothing).
        let replace = match value {
            v if v < -100 => ep >= 0,
            v if v < 0 => !(-100..0).contains(&ep),
            v if v > 100 => ep > 0,
            v if v > 0 => ep == 1,
            _ => ep >= 0 || only_en_passant(pos),
        };
        if replace {
            value = ep;
        }
        Ok(value)
    }

    fn dtz_without_en_passant(&self, pos: &Position, fallback: bool) -> Result<i32, SyzygyError> {
        let (wdl, source) = self.search(pos, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if source == Source::Capture {
            return Ok(before_zeroing(wdl));
        }
        let board = pos.board();
        let pawns = board.pieces(pos.turn(), Role::Pawn);
        if wdl > 0 {
            // A pawn move that keeps the win zeroes at once.
            for m in pos.moves_between(pawns, !board.occupied()) {
                if m.is_en_passant() {
                    continue;
                }
                if -self.wdl(&pos.after(m))? == wdl {
                    return Ok(before_zeroing(wdl));
                }
            }
        }
        let material = Material::from_board(board);
        let stored = self
            .dtz_table(&material)?
            .probe(board, pos.turn(), &material, wdl)?;
        if let Some(distance) = stored {
            return Ok(before_zeroing(wdl) + if wdl > 0 { distance } else { -distance });
        }
        if !fallback {
            return Err(SyzygyError::Inconsistent {
                material: material.normalized(),
                reason: "the dtz table stores neither side to move",
            });
        }
        if wdl > 0 {
            // The winner's shortest way through a quiet piece move into a stored position
            // (zeroing moves that keep the win were found above).
            let mut best = None;
            for m in pos.moves_between(!pawns, !board.occupied()) {
                let after = pos.after(m);
                let v = -self.dtz(&after, false)?;
                let distance = if v == 1 && after.is_checkmate() {
                    Some(1)
                } else {
                    (v > 0).then_some(v + 1)
                };
                best = match (best, distance) {
                    (Some(b), Some(d)) => Some(d.min(b)),
                    (b, d) => b.or(d),
                };
            }
            best.ok_or(SyzygyError::Inconsistent {
                material: material.normalized(),
                reason: "the side to move wins, but no move keeps the win",
            })
        } else {
            // The loser's longest way. A zeroing move ends the count at one ply (101 for a
            // blessed loss: the 50-move count restarts, still too long for the winner); one
            // that turns a blessed loss into a real loss counts as 0, which the minimum skips.
            let mut best = -1;
            for m in pos.legal_moves() {
                let after = pos.after(m);
                let v = if is_zeroing(pos, m) {
                    if wdl == -2 {
                        -1
                    } else {
                        let (v, _) = self.search(&after, 1, 2)?;
                        if v == 2 { 0 } else { -101 }
                    }
                } else {
                    -self.dtz(&after, false)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }
}

/// Whether every legal move is an en passant capture.
fn only_en_passant(pos: &Position) -> bool {
    pos.legal_moves().iter().all(|m| m.is_en_passant())
}
