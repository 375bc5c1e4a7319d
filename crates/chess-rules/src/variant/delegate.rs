//! The accessors every variant's type answers from the standard [`Position`] it keeps its
//! placement, rights and clocks in.
//!
//! [`Position`]: crate::Position

/// The [`Playable`](crate::variant::Playable) methods that read the variant's `pos` field as
/// they are: placement, side to move, castling, clocks, the Polyglot key, and the en passant
/// square by the variant's own legal moves.
macro_rules! delegate_position {
    () => {
        type Moves = $crate::variant::VariantMoveList;

        #[inline]
        fn board(&self) -> &chess_core::Board {
            self.pos.board()
        }

        #[inline]
        fn turn(&self) -> chess_core::Color {
            self.pos.turn()
        }

        #[inline]
        fn castling_rights(&self) -> &chess_core::CastlingRights {
            self.pos.castling_rights()
        }

        #[inline]
        fn castling_mode(&self) -> $crate::CastlingMode {
            self.pos.castling_mode()
        }

        #[inline]
        fn halfmoves(&self) -> u32 {
            self.pos.halfmoves()
        }

        #[inline]
        fn fullmoves(&self) -> u32 {
            self.pos.fullmoves()
        }

        #[inline]
        fn zobrist_hash(&self) -> u64 {
            self.pos.zobrist_hash()
        }

        fn ep_square(&self, mode: $crate::EnPassantMode) -> Option<chess_core::Square> {
            $crate::variant::playable::ep_square_of(self, self.pos.ep_square, mode)
        }
    };
}
