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

/// The [`Playable`](crate::variant::Playable) methods of a variant whose moves are made,
/// taken back and checked exactly as standard chess's (King of the Hill, Racing Kings): the
/// variant differs only in which moves it allows and when the game ends.
macro_rules! delegate_standard_make {
    () => {
        type Undo = $crate::Undo;

        #[inline]
        fn checkers(&self) -> chess_core::Bitboard {
            self.pos.checkers()
        }

        fn gives_check(&self, m: $crate::Move) -> bool {
            self.pos.gives_check(m)
        }

        #[inline]
        fn play_unchecked(&mut self, m: $crate::Move) {
            self.pos.make(m);
        }

        #[inline]
        fn play_undoable(&mut self, m: $crate::Move) -> $crate::Undo {
            let undo = self.pos.undo_record(m);
            self.pos.make(m);
            undo
        }

        #[inline]
        fn undo(&mut self, m: $crate::Move, undo: $crate::Undo) {
            self.pos.undo(m, undo);
        }
    };
}
