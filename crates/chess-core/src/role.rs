//! Piece types, without color.

use core::fmt;

/// A kind of piece, without its color.
///
/// ```
/// use chess_core::Role;
///
/// assert_eq!(Role::from_char('n'), Some(Role::Knight));
/// assert_eq!(Role::Queen.char(), 'q');
/// assert_eq!(Role::Bishop.to_string(), "bishop");
/// ```
#[derive(
    Copy,
    Clone,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    strum::EnumIter,
    strum::EnumCount,
    strum::Display,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The role from its index (0 pawn … 5 king), or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Role> {
        if index < 6 {
            Some(Role::ALL[index])
        } else {
            None
        }
    }

    /// The index of the role: 0 for pawn … 5 for king.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter of the role: `p`, `n`, `b`, `r`, `q` or `k`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase letter of the role, as used in SAN: `P`, `N`, `B`, `R`, `Q` or `K`.
    #[inline]
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role of a letter, in either case.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Whether this role slides along lines: bishop, rook or queen.
    #[inline]
    #[must_use]
    pub const fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }
}

/// The error returned when a string is not the name or letter of a role.
///
/// ```
/// use chess_core::{ParseRoleError, Role};
///
/// assert_eq!("N".parse::<Role>(), Ok(Role::Knight));
/// assert_eq!("Queen".parse::<Role>(), Ok(Role::Queen));
/// assert_eq!("x".parse::<Role>(), Err(ParseRoleError));
/// assert_eq!("archbishop".parse::<Role>(), Err(ParseRoleError));
/// assert!(ParseRoleError.to_string().starts_with("invalid role"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRoleError;

impl fmt::Display for ParseRoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid role: expected a name (pawn … king) or a letter (p, n, b, r, q, k)")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseRoleError {}

impl core::str::FromStr for Role {
    type Err = ParseRoleError;

    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Role::from_char(c).ok_or(ParseRoleError);
        }
        Role::ALL
            .into_iter()
            .find(|r| <&'static str>::from(*r).eq_ignore_ascii_case(s))
            .ok_or(ParseRoleError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn chars_and_names_round_trip() {
        for (i, r) in Role::iter().enumerate() {
            assert_eq!(r.index(), i);
            assert_eq!(Role::from_index(i), Some(r));
            assert_eq!(Role::from_char(r.char()), Some(r));
            assert_eq!(Role::from_char(r.upper_char()), Some(r));
            assert_eq!(r.to_string().parse::<Role>(), Ok(r));
            assert_eq!(r.char().to_string().parse::<Role>(), Ok(r));
        }
        assert_eq!(Role::from_index(6), None);
        assert_eq!(Role::from_char('x'), None);
        assert_eq!("kingg".parse::<Role>(), Err(ParseRoleError));
    }
}
