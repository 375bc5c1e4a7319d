//! The positions a game's lines are played in: standard chess's [`Position`] (and Chess960's),
//! or a variant's [`VariantPosition`].
//!
//! The builder of a game tree is written once, generic over [`LinePosition`], and compiled
//! for each of the two: a standard game is read by the same code as before the variants came,
//! with no dispatch per move, and a variant game by its own copy, chosen once per game from
//! its `Variant` tag.

use chess_rules::variant::VariantPosition;
use chess_rules::{Move, Position};

use crate::fen::{Fen, VariantFen};
use crate::san::{San, SanError, SanMode, SanPlus};

/// What the PGN builder asks of the position a line is played in: reading a move's SAN,
/// writing it, playing it, passing the turn, and the FEN that an error quotes.
pub(crate) trait LinePosition: Clone {
    /// The legal move `san` names here, matched in `mode`.
    fn san_to_move(&self, san: &SanPlus, mode: SanMode) -> Result<Move, SanError>;
    /// The SAN of the legal move `m`, without its mark.
    fn san(&self, m: Move) -> San;
    /// The SAN of the legal move `m` with its mark.
    fn san_plus(&self, m: Move) -> SanPlus;
    /// Plays the legal move `m`, returning its SAN with its mark.
    fn play_with_san(&mut self, m: Move) -> SanPlus;
    /// The position after a null move, where one may be made.
    fn pass(&self) -> Option<Self>;
    /// Whether white is to move.
    fn white_to_move(&self) -> bool;
    /// The position's FEN (a variant's with its pockets and checks), as errors quote it.
    fn fen_text(&self) -> String;
}

impl LinePosition for Position {
    #[inline(always)]
    fn san_to_move(&self, san: &SanPlus, mode: SanMode) -> Result<Move, SanError> {
        san.to_move_with(self, mode)
    }

    fn san(&self, m: Move) -> San {
        San::from_move(self, m)
    }

    fn san_plus(&self, m: Move) -> SanPlus {
        SanPlus::from_move(self, m)
    }

    #[inline(always)]
    fn play_with_san(&mut self, m: Move) -> SanPlus {
        SanPlus::from_move_and_play(self, m)
    }

    #[inline(always)]
    fn pass(&self) -> Option<Position> {
        self.null_move()
    }

    #[inline(always)]
    fn white_to_move(&self) -> bool {
        self.turn().is_white()
    }

    fn fen_text(&self) -> String {
        Fen::from_position(self).to_string()
    }
}

impl LinePosition for VariantPosition {
    fn san_to_move(&self, san: &SanPlus, mode: SanMode) -> Result<Move, SanError> {
        san.to_variant_move_with(self, mode)
    }

    fn san(&self, m: Move) -> San {
        San::from_variant_move(self, m)
    }

    fn san_plus(&self, m: Move) -> SanPlus {
        SanPlus::from_variant_move(self, m)
    }

    fn play_with_san(&mut self, m: Move) -> SanPlus {
        use chess_rules::variant::Playable;
        let san = San::from_variant_move(self, m);
        self.play_unchecked(m);
        SanPlus {
            san,
            suffix: crate::san::Suffix::from_variant_position(self),
        }
    }

    fn pass(&self) -> Option<VariantPosition> {
        // A null move has no meaning in the variants (python-chess's variant boards accept
        // one only as a pass the rules do not know): a variant game holds none.
        None
    }

    fn white_to_move(&self) -> bool {
        use chess_rules::variant::Playable;
        self.turn().is_white()
    }

    fn fen_text(&self) -> String {
        VariantFen::from_position(self).to_string()
    }
}
