//! Horde.

use core::ops::ControlFlow;

use chess_core::{Bitboard, Color, Rank, Role};

use crate::error::PositionErrorKinds;
use crate::variant::{Playable, Variant, VariantPositionError, VariantSetup, pseudo};
use crate::{CastlingMode, Move, MoveSink, Outcome, Position, Undo, WinReason, validate};

/// A position of Horde: white, the horde, has pawns (36 at the start, and what they promote
/// to) and no king; black has the usual army. Black wins by capturing every white piece,
/// white by checkmate. The horde's pawns on the first rank may step one or two squares (the
/// double step from there gives no en passant square).
///
/// Black's moves are standard chess's; the horde's are all its pseudo-legal moves, having no
/// king to keep safe. The horde can be short of material in many ways (python-chess's rules,
/// derived by Stefanos Papazis); black never is, since it can always take the horde.
///
/// ```
/// use chess_rules::variant::{Horde, Playable};
///
/// let pos = Horde::new();
/// assert_eq!(pos.legal_moves().len(), 8);
/// assert!(!pos.is_check());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Horde {
    pos: Position,
}

impl Default for Horde {
    fn default() -> Horde {
        Horde::new()
    }
}

impl Horde {
    /// The starting position:
    /// `rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1`.
    #[must_use]
    pub fn new() -> Horde {
        Horde::from_valid(VariantSetup::start(Variant::Horde), CastlingMode::Standard)
    }

    /// Validates `setup` (no white king, one black king, at most 36 white pieces, white pawns
    /// allowed on the first rank, black's castling and checks as in standard chess) and
    /// builds the position.
    pub fn from_setup(
        setup: VariantSetup,
        mode: CastlingMode,
    ) -> Result<Horde, VariantPositionError> {
        let kinds = errors(&setup, mode);
        if kinds.is_empty() {
            Ok(Horde::from_valid(setup, mode))
        } else {
            Err(VariantPositionError::new(
                Variant::Horde,
                setup,
                mode,
                kinds,
            ))
        }
    }

    /// The position of `setup` with the castling rights (black's) and en passant square it
    /// can use.
    pub(crate) fn from_valid(setup: VariantSetup, mode: CastlingMode) -> Horde {
        let mut pos = Position::from_setup_lenient(setup.setup, mode);
        if pos.turn() == Color::Black {
            pos.update_check_info();
        }
        Horde { pos }
    }
}

/// Every reason `setup` is not a position of Horde.
fn errors(setup: &VariantSetup, mode: CastlingMode) -> PositionErrorKinds {
    let setup = &setup.setup;
    let board = &setup.board;
    let mut kinds = PositionErrorKinds::empty();
    match board.pieces(Color::Black, Role::King).count() {
        0 => kinds |= PositionErrorKinds::MISSING_KING,
        1 => {}
        _ => kinds |= PositionErrorKinds::TOO_MANY_KINGS,
    }
    if board.pieces(Color::White, Role::King).any() {
        kinds |= PositionErrorKinds::TOO_MANY_KINGS;
    }
    if board.by_color(Color::White).count() > 36 || validate::too_much_material(setup, Color::Black)
    {
        kinds |= PositionErrorKinds::TOO_MUCH_MATERIAL;
    }
    let pawns = board.by_role(Role::Pawn);
    if (pawns & Bitboard::rank(Rank::Eighth)).any()
        || (board.pieces(Color::Black, Role::Pawn) & Bitboard::rank(Rank::First)).any()
    {
        kinds |= PositionErrorKinds::PAWNS_ON_BACKRANK;
    }
    if validate::valid_castling(setup, mode) != setup.castling {
        kinds |= PositionErrorKinds::INVALID_CASTLING_RIGHTS;
    }
    let ep_square = validate::valid_ep_square(setup);
    if setup.ep_square.is_some() && ep_square.is_none() {
        kinds |= PositionErrorKinds::INVALID_EP_SQUARE;
    }
    let Some(king) = board.pieces(Color::Black, Role::King).single_square() else {
        return kinds;
    };
    let checkers = board.attackers_to(king, Color::White, board.occupied());
    match setup.turn {
        Color::White if checkers.any() => kinds |= PositionErrorKinds::OPPOSITE_CHECK,
        Color::Black if validate::impossible_check(setup, ep_square, king, checkers) => {
            kinds |= PositionErrorKinds::IMPOSSIBLE_CHECK;
        }
        _ => {}
    }
    kinds
}

impl Playable for Horde {
    type Undo = Undo;

    delegate_position!();

    fn variant(&self) -> Variant {
        Variant::Horde
    }

    #[inline]
    fn checkers(&self) -> Bitboard {
        match self.pos.turn() {
            Color::White => Bitboard::EMPTY,
            Color::Black => self.pos.checkers(),
        }
    }

    #[inline]
    fn generate<S: MoveSink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) -> ControlFlow<()> {
        if self.is_variant_end() {
            return ControlFlow::Continue(());
        }
        match self.pos.turn() {
            Color::White => pseudo::generate::<S, true, false>(
                self.pos.board(),
                self.pos.ep_square,
                from_mask,
                to_mask,
                sink,
            ),
            Color::Black => self.pos.generate(sink, from_mask, to_mask),
        }
    }

    fn gives_check(&self, m: Move) -> bool {
        // Only the horde gives check: black has no king to attack.
        self.pos.turn() == Color::White && self.pos.gives_check(m)
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        self.pos.make_board(m);
        if self.pos.turn() == Color::Black {
            self.pos.update_check_info();
        }
    }

    #[inline]
    fn play_undoable(&mut self, m: Move) -> Undo {
        let undo = self.pos.undo_record(m);
        self.play_unchecked(m);
        undo
    }

    #[inline]
    fn undo(&mut self, m: Move, undo: Undo) {
        self.pos.undo(m, undo);
    }

    #[inline]
    fn is_variant_end(&self) -> bool {
        let board = self.pos.board();
        board.by_color(Color::White).is_empty() || board.by_color(Color::Black).is_empty()
    }

    fn variant_outcome(&self) -> Option<Outcome> {
        let board = self.pos.board();
        if board.occupied().is_empty() {
            return Some(Outcome::Draw {
                reason: crate::DrawReason::VariantDraw,
            });
        }
        let us = self.pos.turn();
        let loser = [us, !us]
            .into_iter()
            .find(|&color| board.by_color(color).is_empty())?;
        Some(Outcome::Decisive {
            winner: !loser,
            reason: WinReason::HordeCaptured,
        })
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        color == Color::White && horde_insufficient(&Material::of(self.pos.board()))
    }
}

/// What the horde's chances depend on: the pieces of each side by kind.
#[derive(Copy, Clone, Debug)]
struct Material {
    /// The horde's (white's) counts.
    pawns: u32,
    knights: u32,
    bishops: u32,
    rooks: u32,
    queens: u32,
    light_bishops: u32,
    dark_bishops: u32,
    /// Black's counts.
    their_pawns: u32,
    their_knights: u32,
    their_bishops: u32,
    their_rooks: u32,
    their_queens: u32,
    their_light_bishops: u32,
    their_dark_bishops: u32,
    /// Every black piece, the king included.
    their_pieces: u32,
}

impl Material {
    fn of(board: &chess_core::Board) -> Material {
        let count = |color, role| board.pieces(color, role).count();
        let bishops =
            |color, squares: Bitboard| (board.pieces(color, Role::Bishop) & squares).count();
        let (white, black) = (Color::White, Color::Black);
        Material {
            pawns: count(white, Role::Pawn),
            knights: count(white, Role::Knight),
            bishops: count(white, Role::Bishop),
            rooks: count(white, Role::Rook),
            queens: count(white, Role::Queen),
            light_bishops: bishops(white, Bitboard::LIGHT_SQUARES),
            dark_bishops: bishops(white, Bitboard::DARK_SQUARES),
            their_pawns: count(black, Role::Pawn),
            their_knights: count(black, Role::Knight),
            their_bishops: count(black, Role::Bishop),
            their_rooks: count(black, Role::Rook),
            their_queens: count(black, Role::Queen),
            their_light_bishops: bishops(black, Bitboard::LIGHT_SQUARES),
            their_dark_bishops: bishops(black, Bitboard::DARK_SQUARES),
            their_pieces: board.by_color(black).count(),
        }
    }

    /// The horde's pieces as its mating force counts them: bishops of one square color count
    /// at most twice.
    fn force(&self) -> u32 {
        self.pawns
            + self.knights
            + self.rooks
            + self.queens
            + self.light_bishops.min(2)
            + self.dark_bishops.min(2)
    }

    /// Black's bishops on the squares of the other color than the horde's bishops (light when
    /// the horde has a light one, else dark), and on the same color.
    fn their_bishops_against(&self) -> (u32, u32) {
        if self.light_bishops >= 1 {
            (self.their_dark_bishops, self.their_light_bishops)
        } else {
            (self.their_light_bishops, self.their_dark_bishops)
        }
    }
}

/// Whether the horde can never checkmate: python-chess's case analysis, case by case.
fn horde_insufficient(m: &Material) -> bool {
    let force = m.force();
    let (opposite, same) = m.their_bishops_against();
    match force {
        0 => return true,
        4.. => return false,
        _ => {}
    }
    if (m.pawns >= 1 || m.queens >= 1) && force >= 2 {
        return false;
    }
    let rook_and_bishop_only =
        force == 2 && m.rooks == 1 && m.bishops == 1 && m.their_pieces - same == 1;
    if m.rooks >= 1 && force >= 2 && !rook_and_bishop_only {
        return false;
    }
    match force {
        1 => lone_piece_insufficient(m, opposite),
        2 => two_pieces_insufficient(m, opposite, same),
        _ => {
            // Two knights and a bishop, three knights or the bishop pair and one more mate a
            // cornered king; two bishops of one color and a knight need a black piece to
            // waste a tempo.
            let mates = (m.knights == 2 && m.bishops == 1)
                || m.knights == 3
                || (m.light_bishops >= 1 && m.dark_bishops >= 1);
            !mates && m.their_pieces == 1
        }
    }
}

/// [`horde_insufficient`] for a horde of one piece (a bishop of the horde on squares of the
/// color `opposite` is not).
fn lone_piece_insufficient(m: &Material, opposite: u32) -> bool {
    if m.their_pieces == 1 {
        return true;
    }
    let queen = || {
        // Mates a king in the corner hemmed in by a pawn or rook, or by two bishops of a
        // color.
        !(m.their_pawns >= 1
            || m.their_rooks >= 1
            || m.their_light_bishops >= 2
            || m.their_dark_bishops >= 2)
    };
    let knight = || {
        let blockers = m.their_knights >= 2
            || m.their_pawns >= 2
            || (m.their_rooks >= 1 && m.their_knights >= 1)
            || (m.their_rooks >= 1 && m.their_bishops >= 1)
            || (m.their_knights >= 1 && m.their_bishops >= 1)
            || (m.their_rooks >= 1 && m.their_pawns >= 1)
            || (m.their_knights >= 1 && m.their_pawns >= 1)
            || (m.their_bishops >= 1 && m.their_pawns >= 1)
            || (m.their_light_bishops >= 1 && m.their_dark_bishops >= 1 && m.their_pawns >= 1);
        let enough_besides = |bishops: u32| bishops < 2 || m.their_pieces - bishops >= 3;
        !(m.their_pieces >= 4
            && blockers
            && enough_besides(m.their_dark_bishops)
            && enough_besides(m.their_light_bishops))
    };
    if m.queens == 1 {
        queen()
    } else if m.pawns == 1 {
        // The pawn promotes: short of material only if neither a queen nor a knight mates.
        queen() && knight()
    } else if m.rooks == 1 {
        !(m.their_pawns >= 2
            || (m.their_rooks >= 1 && m.their_pawns >= 1)
            || (m.their_rooks >= 1 && m.their_knights >= 1)
            || (m.their_pawns >= 1 && m.their_knights >= 1))
    } else if m.bishops == 1 {
        !(opposite >= 2 || (opposite >= 1 && m.their_pawns >= 1) || m.their_pawns >= 2)
    } else if m.knights == 1 {
        knight()
    } else {
        true
    }
}

/// [`horde_insufficient`] for a horde of two minor pieces (or a rook and a bishop against a
/// king and bishops of the bishop's color).
fn two_pieces_insufficient(m: &Material, opposite: u32, same: u32) -> bool {
    if m.their_pieces == 1 {
        return true;
    }
    if m.knights == 2 {
        return m.their_pawns + m.their_bishops + m.their_knights == 0;
    }
    if m.light_bishops >= 1 && m.dark_bishops >= 1 {
        return !(m.their_pawns >= 1
            || m.their_bishops >= 1
            || (m.their_knights >= 1 && m.their_rooks + m.their_queens >= 1));
    }
    if m.bishops >= 1 && m.knights >= 1 {
        return !(m.their_pawns >= 1 || opposite >= 1 || m.their_pieces - same >= 3);
    }
    // Bishops of one color: mate needs black pieces on the squares of the other.
    let blockers = (m.their_pawns >= 1 && (opposite >= 1 || m.their_knights >= 1))
        || (opposite >= 1 && m.their_knights >= 1)
        || opposite >= 2
        || m.their_knights >= 2
        || m.their_pawns >= 2;
    !blockers
}
