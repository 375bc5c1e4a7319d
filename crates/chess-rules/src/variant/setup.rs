//! What a variant's position holds beyond standard chess's, unvalidated: pockets, promoted
//! pieces and the checks left to give.

use core::fmt;

use chess_core::{Bitboard, Board, CastlingRights, Color, Role};

use crate::Setup;
use crate::variant::Variant;

/// The pieces each side holds in hand in Crazyhouse, to drop: a count for each role from pawn
/// to queen (kings never enter a pocket).
///
/// ```
/// use chess_core::{Color, Role};
/// use chess_rules::variant::Pockets;
///
/// let mut pockets = Pockets::EMPTY;
/// pockets.add(Color::White, Role::Queen);
/// pockets.add(Color::Black, Role::Pawn);
/// assert_eq!(pockets.count(Color::White, Role::Queen), 1);
/// assert_eq!(pockets.to_string(), "Qp");
/// assert!(pockets.remove(Color::Black, Role::Pawn));
/// assert!(!pockets.remove(Color::Black, Role::Pawn));
/// assert_eq!(pockets.len(Color::Black), 0);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pockets {
    /// By color, then by role index (pawn 0 to queen 4).
    counts: [[u8; 5]; 2],
}

impl Pockets {
    /// Both pockets empty.
    pub const EMPTY: Pockets = Pockets {
        counts: [[0; 5]; 2],
    };

    /// The roles a pocket holds, in the order FEN writes them (queen first, as python-chess
    /// does).
    pub const ROLES: [Role; 5] = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    /// How many pieces of `role` `color` holds (none for the king).
    #[inline]
    #[must_use]
    pub const fn count(&self, color: Color, role: Role) -> u8 {
        match role {
            Role::King => 0,
            _ => self.counts[color as usize][role as usize],
        }
    }

    /// Sets how many pieces of `role` `color` holds; the king is ignored.
    #[inline]
    pub const fn set(&mut self, color: Color, role: Role, count: u8) {
        if !matches!(role, Role::King) {
            self.counts[color as usize][role as usize] = count;
        }
    }

    /// Adds a piece of `role` to `color`'s pocket (a king is ignored; a count stops at 255).
    #[inline]
    pub const fn add(&mut self, color: Color, role: Role) {
        let count = self.count(color, role);
        self.set(color, role, count.saturating_add(1));
    }

    /// Takes a piece of `role` out of `color`'s pocket; false (changing nothing) when there is
    /// none.
    #[inline]
    pub const fn remove(&mut self, color: Color, role: Role) -> bool {
        let count = self.count(color, role);
        if count == 0 {
            return false;
        }
        self.set(color, role, count - 1);
        true
    }

    /// How many pieces `color` holds.
    #[must_use]
    pub fn len(&self, color: Color) -> u32 {
        self.counts[color as usize]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// Whether both pockets are empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Pockets::EMPTY
    }

    /// The pockets with the colors swapped.
    #[must_use]
    pub const fn swapped(&self) -> Pockets {
        Pockets {
            counts: [self.counts[1], self.counts[0]],
        }
    }
}

impl fmt::Display for Pockets {
    /// White's pieces in upper case, then black's in lower case, queens first: `QNNpp`, as
    /// FEN writes them between brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            for role in Pockets::ROLES {
                for _ in 0..self.count(color, role) {
                    let c = match color {
                        Color::White => role.upper_char(),
                        Color::Black => role.char(),
                    };
                    fmt::Write::write_char(f, c)?;
                }
            }
        }
        Ok(())
    }
}

/// How many more checks each side must give to win a game of Three-check: 3 each at the
/// start, 0 for a side that has won. X-FEN writes them `3+3` (white's first), Lichess's FEN
/// writes the checks given, `+0+0`, after the clocks.
///
/// ```
/// use chess_core::Color;
/// use chess_rules::variant::RemainingChecks;
///
/// let checks = RemainingChecks::new(2, 3).unwrap();
/// assert_eq!(checks.get(Color::White), 2);
/// assert_eq!(checks.given(Color::White), 1);
/// assert_eq!(checks.to_string(), "2+3");
/// assert_eq!(RemainingChecks::new(4, 3), None);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RemainingChecks {
    /// By color; each 0 to 3.
    remaining: [u8; 2],
}

impl Default for RemainingChecks {
    fn default() -> RemainingChecks {
        RemainingChecks::START
    }
}

impl RemainingChecks {
    /// Three checks to give each, as a game starts.
    pub const START: RemainingChecks = RemainingChecks { remaining: [3, 3] };

    /// The checks white and black have left to give; `None` when either is above 3.
    #[must_use]
    pub const fn new(white: u8, black: u8) -> Option<RemainingChecks> {
        if white <= 3 && black <= 3 {
            Some(RemainingChecks {
                remaining: [white, black],
            })
        } else {
            None
        }
    }

    /// The checks `color` has left to give.
    #[inline]
    #[must_use]
    pub const fn get(self, color: Color) -> u8 {
        self.remaining[color as usize]
    }

    /// The checks `color` has given (3 minus [`RemainingChecks::get`]), as Lichess writes them.
    #[inline]
    #[must_use]
    pub const fn given(self, color: Color) -> u8 {
        3 - self.remaining[color as usize]
    }

    /// Counts a check given by `color` (never below 0).
    #[inline]
    pub const fn give(&mut self, color: Color) {
        let left = &mut self.remaining[color as usize];
        *left = left.saturating_sub(1);
    }

    /// The counts with the colors swapped.
    #[must_use]
    pub const fn swapped(self) -> RemainingChecks {
        RemainingChecks {
            remaining: [self.remaining[1], self.remaining[0]],
        }
    }
}

impl fmt::Display for RemainingChecks {
    /// The X-FEN field: `3+3`, white's first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.remaining[0], self.remaining[1])
    }
}

/// Everything a position of any variant consists of, not yet checked: the fields of a
/// standard [`Setup`], with what Crazyhouse and Three-check add. A FEN parser produces it
/// (chess-notation's `VariantFen`); [`VariantPosition::from_setup`] validates it for a variant.
///
/// A variant takes what it uses and leaves the rest: pockets and promoted pieces are read by
/// Crazyhouse only (no pockets there means empty ones), the remaining checks by Three-check
/// only (none means three each).
///
/// [`VariantPosition::from_setup`]: crate::variant::VariantPosition::from_setup
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct VariantSetup {
    /// The fields of standard chess.
    pub setup: Setup,
    /// Crazyhouse's pockets, when the FEN has them (`[Qp]` or a ninth rank `/Qp`).
    pub pockets: Option<Pockets>,
    /// Crazyhouse's promoted pieces (`Q~` in FEN), which go back to a pocket as pawns when
    /// captured.
    pub promoted: Bitboard,
    /// Three-check's counters, when the FEN has them (`3+3`, or Lichess's `+0+0`).
    pub remaining_checks: Option<RemainingChecks>,
}

impl From<Setup> for VariantSetup {
    fn from(setup: Setup) -> VariantSetup {
        VariantSetup {
            setup,
            ..VariantSetup::default()
        }
    }
}

impl VariantSetup {
    /// The starting setup of `variant`: standard chess's for most, with empty pockets for
    /// Crazyhouse, three checks each for Three-check, no castling for Antichess (Giveaway and
    /// Suicide have it); Horde's and
    /// Racing Kings' own.
    ///
    /// ```
    /// use chess_rules::variant::{Variant, VariantSetup};
    ///
    /// let horde = VariantSetup::start(Variant::Horde);
    /// assert_eq!(horde.setup.board.by_color(chess_core::Color::White).count(), 36);
    /// ```
    #[must_use]
    pub fn start(variant: Variant) -> VariantSetup {
        let mut setup = VariantSetup::from(Setup::standard());
        match variant {
            Variant::Standard
            | Variant::Atomic
            | Variant::KingOfTheHill
            | Variant::Giveaway
            | Variant::Suicide => {}
            Variant::Crazyhouse => setup.pockets = Some(Pockets::EMPTY),
            Variant::ThreeCheck => setup.remaining_checks = Some(RemainingChecks::START),
            Variant::Antichess => setup.setup.castling = CastlingRights::NONE,
            Variant::Horde => {
                // rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1
                let mut board = Board::standard();
                let white = board.by_color(Color::White);
                for sq in white {
                    board.remove(sq);
                }
                let pawns = Bitboard(0x0000_0066_ffff_ffff);
                for sq in pawns {
                    board.put(sq, chess_core::Piece::WhitePawn);
                }
                setup.setup.board = board;
                setup.setup.castling = CastlingRights::NONE;
                for side in chess_core::CastlingSide::ALL {
                    setup
                        .setup
                        .castling
                        .add(Color::Black, side, side.standard_rook_file());
                }
            }
            Variant::RacingKings => {
                // 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1
                let mut board = Board::empty();
                let rows: [(chess_core::Rank, &[u8; 8]); 2] = [
                    (chess_core::Rank::Second, b"krbnNBRK"),
                    (chess_core::Rank::First, b"qrbnNBRQ"),
                ];
                for (rank, row) in rows {
                    for (file, &c) in chess_core::File::ALL.into_iter().zip(row) {
                        if let Some(piece) = chess_core::Piece::from_char(c as char) {
                            board.put(chess_core::Square::new(file, rank), piece);
                        }
                    }
                }
                setup.setup.board = board;
                setup.setup.castling = CastlingRights::NONE;
            }
        }
        setup
    }
}
