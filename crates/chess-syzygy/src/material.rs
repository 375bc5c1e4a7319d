//! Material: how many pieces of each kind stand on the board, the key of a table.

use std::fmt;

use chess_core::{Board, Color, Role};

/// The most pieces, kings included, that a Syzygy table holds: the format numbers positions of
/// up to seven pieces, and the largest published set is the 7-piece one.
pub const MAX_PIECES: usize = 7;

/// The roles in the order table names list them: `KQRBNP`.
const NAME_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// How many pieces of each colour and role a position has: what selects its table.
///
/// Written as table files are named, white's pieces, `v`, black's pieces, each side strongest
/// first (`KQvKR`). [`Material::normalized`] gives the orientation the files use: the side with
/// more pieces first, or with equal numbers the side with the stronger pieces.
///
/// ```
/// use chess_core::{Board, Color, Piece, Role, Square};
/// use chess_syzygy::Material;
///
/// let mut board = Board::empty();
/// board.put(Square::E1, Piece::WhiteKing);
/// board.put(Square::E8, Piece::BlackKing);
/// board.put(Square::D8, Piece::BlackQueen);
/// board.put(Square::A1, Piece::WhiteRook);
/// let material = Material::from_board(&board);
/// assert_eq!(material.to_string(), "KRvKQ");
/// assert_eq!(material.normalized().to_string(), "KQvKR");
/// assert_eq!(material.count(Color::Black, Role::Queen), 1);
/// assert_eq!(material.pieces(), 4);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Material {
    /// Counts by colour (white first) and role index.
    counts: [[u8; 6]; 2],
}

impl Material {
    /// The material of the pieces on `board`.
    #[must_use]
    pub fn from_board(board: &Board) -> Material {
        let mut counts = [[0; 6]; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                // At most 64 pieces of a kind stand on a board: the count fits a byte.
                counts[color.index()][role.index()] = board.pieces(color, role).count() as u8;
            }
        }
        Material { counts }
    }

    /// How many pieces of `color` and `role` there are.
    #[inline]
    #[must_use]
    pub const fn count(&self, color: Color, role: Role) -> u8 {
        self.counts[color.index()][role.index()]
    }

    /// How many pieces of `color` there are, king included.
    #[must_use]
    pub fn side(&self, color: Color) -> usize {
        self.counts[color.index()]
            .iter()
            .map(|&n| usize::from(n))
            .sum()
    }

    /// How many pieces there are, kings included.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.side(Color::White) + self.side(Color::Black)
    }

    /// Whether either side has a pawn.
    #[must_use]
    pub const fn has_pawns(&self) -> bool {
        self.counts[0][Role::Pawn as usize] > 0 || self.counts[1][Role::Pawn as usize] > 0
    }

    /// The same material with the colours exchanged.
    #[must_use]
    pub const fn mirrored(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// Whether both sides have the same pieces (`KNvKN`): then a table stores one side to move
    /// and the other is read with the colours exchanged.
    #[must_use]
    pub fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }

    /// The orientation table files are named in: the side with more pieces as white, or with
    /// equally many the side whose pieces, listed strongest first, are stronger at the first
    /// difference.
    #[must_use]
    pub fn normalized(&self) -> Material {
        if self.stronger_side() == Color::White {
            *self
        } else {
            self.mirrored()
        }
    }

    /// The side named first in the table's file name (white when both are equal).
    fn stronger_side(&self) -> Color {
        let (white, black) = (self.side(Color::White), self.side(Color::Black));
        if white != black {
            return if white > black {
                Color::White
            } else {
                Color::Black
            };
        }
        // Compare the sides as their letters read, strongest first: the first role where the
        // counts differ decides, for the side that has more of the stronger role.
        for role in NAME_ORDER {
            let (w, b) = (
                self.count(Color::White, role),
                self.count(Color::Black, role),
            );
            if w != b {
                return if w > b { Color::White } else { Color::Black };
            }
        }
        Color::White
    }

    /// Adds a piece.
    pub(crate) fn add(&mut self, color: Color, role: Role) {
        let n = &mut self.counts[color.index()][role.index()];
        *n = n.saturating_add(1);
    }

    /// Reads a table name such as `KQvKR`: letters of `KQRBNP` for each side around one `v`,
    /// each side with one king. `None` for anything else.
    ///
    /// ```
    /// use chess_core::{Color, Role};
    /// use chess_syzygy::Material;
    ///
    /// let material = Material::from_name("KRPvKR").unwrap();
    /// assert_eq!(material.count(Color::White, Role::Pawn), 1);
    /// assert_eq!(material.to_string(), "KRPvKR");
    /// assert_eq!(Material::from_name("KRP"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Material> {
        let (white, black) = name.split_once('v')?;
        let mut counts = [[0u8; 6]; 2];
        for (side, letters) in [white, black].into_iter().enumerate() {
            for c in letters.chars() {
                let role = NAME_ORDER.into_iter().find(|r| r.upper_char() == c)?;
                let n = &mut counts[side][role.index()];
                *n = n.checked_add(1)?;
            }
            if counts[side][Role::King.index()] != 1 {
                return None;
            }
        }
        Some(Material { counts })
    }
}

impl From<&Board> for Material {
    fn from(board: &Board) -> Material {
        Material::from_board(board)
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            if color == Color::Black {
                f.write_str("v")?;
            }
            for role in NAME_ORDER {
                for _ in 0..self.count(color, role) {
                    write!(f, "{}", role.upper_char())?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for name in ["KvK", "KQvK", "KRPvKB", "KNNvKP", "KBvKN", "KQRBNPvKQRBNP"] {
            let material = Material::from_name(name).unwrap();
            assert_eq!(material.to_string(), name);
        }
        for bad in ["", "K", "KQ", "KvKvK", "QvK", "KKvK", "KXvK", "kvk", "Kv"] {
            assert_eq!(Material::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_stronger_side_is_named_first() {
        for (name, normalized) in [
            ("KvKQ", "KQvK"),
            ("KNvKB", "KBvKN"),
            ("KBvKN", "KBvKN"),
            ("KPvKR", "KRvKP"),
            ("KPvKP", "KPvKP"),
            // More pieces beat stronger ones: the file is KNNvKQ, not KQvKNN.
            ("KQvKNN", "KNNvKQ"),
            ("KRPvKRB", "KRBvKRP"),
        ] {
            let material = Material::from_name(name).unwrap();
            assert_eq!(material.normalized().to_string(), normalized, "{name}");
            assert_eq!(material.mirrored().normalized(), material.normalized());
        }
    }
}
