//! SAN in the positions of any variant: drops (`N@f3`), a pawn's promotion to a king in
//! Antichess (`a8=K`), and disambiguation among the moves the variant allows.
//!
//! The check and mate marks are python-chess's: `+` when the side to move is in check after
//! the move (as the variant counts check), `#` when it is checkmated or the game is over by the
//! variant's rules with a winner (an exploded king, the hill, a third check, the race, …).
//!
//! ```
//! use chess_notation::{SanPlus, VariantFen};
//! use chess_rules::variant::{Playable, Variant};
//!
//! let fen: VariantFen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
//! let mut pos = fen.into_position(Variant::Atomic, Default::default())?;
//! let m = SanPlus::from_ascii(b"Nxe5")?.to_variant_move(&pos)?;
//! assert_eq!(SanPlus::from_variant_move(&pos, m).to_string(), "Nxe5");
//! pos.play_unchecked(m);
//! // The knight and the pawn it took explode; only pawns stand next to e5.
//! assert_eq!(pos.board().occupied().count(), 30);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use chess_core::{Bitboard, Role, Square};
use chess_rules::Move;
use chess_rules::variant::{Playable, VariantMoveList};

use super::standard::{San, SanError, SanMode, SanPlus, Suffix, disambiguated, origin_mask};
use crate::uci::UciMove;

impl Suffix {
    /// The mark a move deserves in a variant, from the position after it (python-chess's
    /// rule): `#` for checkmate and for a game the variant's rules have decided for a side,
    /// `+` for check.
    #[must_use]
    pub fn from_variant_position<P: Playable>(after: &P) -> Option<Suffix> {
        let decided = after
            .variant_outcome()
            .is_some_and(|outcome| outcome.winner().is_some());
        let check = after.is_check();
        if decided || (check && !after.has_legal_moves()) {
            Some(Suffix::Checkmate)
        } else if check {
            Some(Suffix::Check)
        } else {
            None
        }
    }
}

/// The legal moves of `pos` from `from` to `to` that are not drops (en passant going to its
/// square).
fn board_moves<P: Playable>(pos: &P, from: Bitboard, to: Square) -> VariantMoveList {
    let mut moves = VariantMoveList::new();
    let _ = pos.generate(&mut moves, from, Bitboard::from(to));
    let mut kept = VariantMoveList::new();
    for &m in moves.iter() {
        if !m.is_drop() && !m.is_castle() && m.to() == to {
            kept.push(m);
        }
    }
    kept
}

impl San {
    /// The SAN of the legal move `m` in `pos`, a position of any variant (or standard chess),
    /// without a check mark: disambiguated among the moves the variant allows.
    #[must_use]
    pub fn from_variant_move<P: Playable>(pos: &P, m: Move) -> San {
        if let Some(role) = m.dropped() {
            return San::Put { role, to: m.to() };
        }
        if let Some(side) = m.castling_side() {
            return San::Castle(side);
        }
        let board = pos.board();
        let (from, to) = (m.from(), m.to());
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let capture = pos.is_capture(m);
        if role == Role::Pawn {
            return San::Normal {
                role,
                file: capture.then_some(from.file()),
                rank: None,
                capture,
                to,
                promotion: m.promotion(),
            };
        }
        let ours = board.pieces(pos.turn(), role).without(from);
        let mut others = Bitboard::EMPTY;
        if ours.any() {
            for other in board_moves(pos, ours, to).iter() {
                others.add(other.from());
            }
        }
        disambiguated(role, from, to, capture, others)
    }

    /// The legal move of `pos`, a position of any variant, this SAN names, matched in `mode`
    /// (strict: it must be the move as [`San::from_variant_move`] writes it).
    pub fn to_variant_move<P: Playable>(&self, pos: &P, mode: SanMode) -> Result<Move, SanError> {
        let m = self.find_variant(pos, mode)?;
        if mode == SanMode::Strict {
            self.written_as(San::from_variant_move(pos, m), || {
                Suffix::from_variant_position(&pos.after(m))
            })?;
        }
        Ok(m)
    }

    /// The one legal move matching the description, its origin hints and capture mark taken
    /// as filters.
    fn find_variant<P: Playable>(&self, pos: &P, mode: SanMode) -> Result<Move, SanError> {
        let legal = |m: Move| {
            if pos.is_legal(m) {
                Ok(m)
            } else {
                Err(SanError::Illegal)
            }
        };
        let (role, file, rank, to, promotion) = match *self {
            San::Null => return Err(SanError::NullMove),
            San::Put { role, to } => return legal(Move::put(role, to)),
            San::Castle(side) => {
                // Among the kings' moves: the losing variants may have several kings.
                let kings = pos.board().pieces(pos.turn(), Role::King);
                let mut moves = VariantMoveList::new();
                let _ = pos.generate(&mut moves, kings, Bitboard::FULL);
                return moves
                    .iter()
                    .find(|m| m.castling_side() == Some(side))
                    .copied()
                    .ok_or(SanError::Illegal);
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => (role, file, rank, to, promotion),
        };
        let from = origin_mask(file, rank) & pos.board().pieces(pos.turn(), role);
        let moves = board_moves(pos, from, to);
        let mut matching = moves.iter().filter(|m| m.promotion() == promotion);
        match (matching.next(), matching.next()) {
            (Some(&m), None) => Ok(m),
            (Some(_), Some(_)) => Err(SanError::Ambiguous {
                candidates: moves
                    .iter()
                    .filter(|m| m.promotion() == promotion)
                    .copied()
                    .collect(),
            }),
            (None, _) => match (role, file, rank) {
                // The long forms read as UCI would (see `San::find`).
                (Role::King | Role::Pawn, Some(file), Some(rank)) if mode == SanMode::Lenient => {
                    UciMove::Normal {
                        from: Square::new(file, rank),
                        to,
                        promotion,
                    }
                    .to_variant_move(pos)
                    .map_err(|_| SanError::Illegal)
                }
                _ => Err(SanError::Illegal),
            },
        }
    }
}

impl SanPlus {
    /// The SAN of the legal move `m` in `pos`, a position of any variant, with its mark
    /// ([`Suffix::from_variant_position`]).
    #[must_use]
    pub fn from_variant_move<P: Playable>(pos: &P, m: Move) -> SanPlus {
        SanPlus {
            san: San::from_variant_move(pos, m),
            suffix: Suffix::from_variant_position(&pos.after(m)),
        }
    }

    /// The legal move of `pos`, a position of any variant, this strict SAN names (a wrong mark
    /// is an error).
    pub fn to_variant_move<P: Playable>(&self, pos: &P) -> Result<Move, SanError> {
        self.to_variant_move_with(pos, SanMode::Strict)
    }

    /// The legal move of `pos`, a position of any variant, this SAN names, matched in `mode`
    /// (lenient mode ignores the mark).
    pub fn to_variant_move_with<P: Playable>(
        &self,
        pos: &P,
        mode: SanMode,
    ) -> Result<Move, SanError> {
        let m = self.san.to_variant_move(pos, mode)?;
        if mode == SanMode::Strict && self.suffix.is_some() {
            let actual = Suffix::from_variant_position(&pos.after(m));
            if actual != self.suffix {
                return Err(SanError::NotStandard {
                    expected: SanPlus {
                        san: self.san,
                        suffix: actual,
                    },
                });
            }
        }
        Ok(m)
    }
}

/// The legal move of `pos`, a position of any variant, written as `text` in SAN, read in
/// `mode`.
///
/// ```
/// use chess_notation::san::{self, SanMode};
/// use chess_notation::VariantFen;
/// use chess_rules::variant::Variant;
///
/// let fen: VariantFen = "4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1".parse()?;
/// let pos = fen.into_position(Variant::Crazyhouse, Default::default())?;
/// // Lichess writes a pawn's drop `P@e4`, python-chess `@e4`.
/// let m = san::parse_variant_move(&pos, "P@e4", SanMode::Strict)?;
/// assert_eq!(san::parse_variant_move(&pos, "@e4", SanMode::Strict)?, m);
/// assert!(san::parse_variant_move(&pos, "N@e4", SanMode::Strict).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn parse_variant_move<P: Playable>(
    pos: &P,
    text: &str,
    mode: SanMode,
) -> Result<Move, super::standard::SanMoveError> {
    let san = SanPlus::from_ascii_with(text.as_bytes(), mode)?;
    Ok(san.to_variant_move_with(pos, mode)?)
}

#[cfg(test)]
mod tests {
    use chess_rules::CastlingMode;
    use chess_rules::variant::{Variant, VariantPosition};

    use super::*;
    use crate::VariantFen;

    fn position(variant: Variant, fen: &str) -> VariantPosition {
        let fen: VariantFen = fen.parse().unwrap();
        fen.into_position(variant, CastlingMode::Standard).unwrap()
    }

    fn san(pos: &VariantPosition, text: &str) -> Result<Move, SanError> {
        SanPlus::from_ascii_with(text.as_bytes(), SanMode::Lenient)
            .unwrap()
            .to_variant_move_with(pos, SanMode::Strict)
    }

    #[test]
    fn drops_both_spellings() {
        let pos = position(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[PNq] w - - 0 1");
        let pawn = Move::put(Role::Pawn, Square::E4);
        assert_eq!(san(&pos, "P@e4"), Ok(pawn));
        assert_eq!(san(&pos, "@e4"), Ok(pawn));
        assert_eq!(SanPlus::from_variant_move(&pos, pawn).to_string(), "P@e4");
        let knight = Move::put(Role::Knight, Square::D6);
        assert_eq!(
            SanPlus::from_variant_move(&pos, knight).to_string(),
            "N@d6+"
        );
        assert_eq!(san(&pos, "N@d6+"), Ok(knight));
        // The mark must be right in strict reading; the pocket must hold the piece; pawns
        // never go on the first or last rank.
        assert_eq!(san(&pos, "N@d6"), Ok(knight));
        assert!(matches!(
            san(&pos, "N@d5+"),
            Err(SanError::NotStandard { .. })
        ));
        assert_eq!(san(&pos, "Q@d5"), Err(SanError::Illegal));
        assert_eq!(san(&pos, "P@e8"), Err(SanError::Illegal));
        // Standard chess has no pockets.
        assert!(
            crate::san::parse_move(&chess_rules::Position::standard(), "N@f3", SanMode::Strict)
                .is_err()
        );
    }

    #[test]
    fn king_promotions_and_many_kings_in_antichess() {
        let pos = position(Variant::Antichess, "8/P7/8/8/8/8/8/k7 w - - 0 1");
        let names: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| SanPlus::from_variant_move(&pos, m).to_string())
            .collect();
        assert_eq!(names.len(), 5);
        assert!(names.contains(&"a8=K".to_owned()));
        assert_eq!(
            san(&pos, "a8=K"),
            Ok(Move::promote(Square::A7, Square::A8, Role::King))
        );
        // Two kings that can go to one square: disambiguated like any piece.
        let pos = position(Variant::Antichess, "8/8/8/8/8/8/8/K1K4k w - - 0 1");
        assert_eq!(
            SanPlus::from_variant_move(&pos, Move::new(Square::A1, Square::B2)).to_string(),
            "Kab2"
        );
        assert!(matches!(san(&pos, "Kb2"), Err(SanError::Ambiguous { .. })));
    }

    #[test]
    fn a_winning_move_is_marked_as_mate() {
        // King of the Hill: the king reaching the center wins.
        let pos = position(Variant::KingOfTheHill, "4k3/8/8/8/8/3K4/8/8 w - - 0 1");
        let m = Move::new(Square::D3, Square::D4);
        assert_eq!(SanPlus::from_variant_move(&pos, m).to_string(), "Kd4#");
    }
}
