//! The squares each side attacks, gathered once per evaluation for the terms that weigh one
//! side's attacks against the other's (threats, king safety).

use chess_core::{Bitboard, Color, Role};

/// The squares one side attacks.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct AttackMap {
    /// The squares attacked by the side's pieces of each role.
    pub(super) by_role: [Bitboard; 6],
    /// The squares attacked by any piece of the side.
    pub(super) all: Bitboard,
    /// The squares attacked by two pieces of the side or more (two pawns included).
    pub(super) twice: Bitboard,
    /// The attack units of the side's pieces on the enemy king's zone.
    pub(super) king_attack_units: i32,
    /// How many of the side's pieces attack the enemy king's zone.
    pub(super) king_attackers: i32,
}

impl AttackMap {
    /// Records that a piece of `role` attacks `squares`.
    #[inline(always)]
    pub(super) fn add(&mut self, role: Role, squares: Bitboard) {
        self.twice |= self.all & squares;
        self.all |= squares;
        self.by_role[role.index()] |= squares;
    }

    /// The squares attacked by the side's pieces of `role`.
    #[inline(always)]
    pub(super) fn by(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares attacked by the side's pawns on `pawns`, recorded.
    #[inline(always)]
    pub(super) fn add_pawns(&mut self, pawns: Bitboard, color: Color) {
        let (east, west) = match color {
            Color::White => (pawns.shift_north_east(), pawns.shift_north_west()),
            Color::Black => (pawns.shift_south_east(), pawns.shift_south_west()),
        };
        self.add(Role::Pawn, east);
        self.add(Role::Pawn, west);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Square;

    #[test]
    fn two_pawns_on_one_square_attack_it_twice() {
        let mut map = AttackMap::default();
        let pawns = Bitboard::from_square(Square::C3).with(Square::E3);
        map.add_pawns(pawns, Color::White);
        assert!(map.twice.contains(Square::D4) && map.twice.count() == 1);
        assert_eq!(map.by(Role::Pawn).count(), 3);
        map.add(Role::Knight, Bitboard::from_square(Square::B4));
        assert!(map.twice.contains(Square::B4));
        assert!(map.all.contains(Square::F4) && !map.twice.contains(Square::F4));
    }
}
