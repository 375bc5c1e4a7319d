//! FEN of the variants: [`VariantFen`].

use core::fmt;
use core::str::FromStr;

use chess_core::{Bitboard, Board, Color, Piece, Role};
use chess_rules::variant::{
    Playable, Pockets, RemainingChecks, Variant, VariantPosition, VariantPositionError,
    VariantSetup,
};
use chess_rules::{CastlingMode, EnPassantMode};

use super::standard::{
    Ascii, Fen, FenErrorKind, FenField, Fields, Normalisation, ParseFenError, board_fen,
    first_field, normalisations, parse_board_marked, parse_tail, write_castling,
};

/// A position of any variant as FEN describes it: the fields of standard FEN, with the pockets
/// and promoted pieces of Crazyhouse and the counters of Three-check when it has them. Parsed,
/// not yet validated: [`VariantFen::into_position`] checks it by a variant's rules.
///
/// Two spellings exist for each of the variants' fields, and both are read, with whatever
/// [`Fen`] accepts. `Display` writes python-chess's spelling (pockets in brackets, the checks
/// left before the clocks), [`VariantFen::lichess`] Lichess's; a position without pockets or
/// counters is written as standard FEN.
///
/// | | python-chess, XBoard (written by `Display`) | Lichess (written by [`VariantFen::lichess`]) |
/// | --- | --- | --- |
/// | pockets | `RNBQKBNR[Qp]` after the placement | `RNBQKBNR/Qp`, a ninth rank |
/// | promoted pieces | `Q~` | `Q~` |
/// | Three-check | `3+3` before the clocks: the checks each side has **left to give** | `+0+0` after the clocks: the checks each side has **given** |
///
/// python-chess's `ThreeCheckBoard.set_fen` reads the two forms of the counters the same way:
/// `w KQkq - 2+3 0 1` and `w KQkq - 0 1 +1+0` are one position (white has given one check).
///
/// ```
/// use chess_notation::VariantFen;
/// use chess_rules::variant::{Playable, Variant};
/// use chess_core::{Color, Role};
///
/// let fen: VariantFen = "r3k2r/8/8/8/8/8/8/R3K2R/Qn w KQkq - 0 1".parse()?;
/// let pos = fen.into_position(Variant::Crazyhouse, chess_rules::CastlingMode::Standard)?;
/// assert_eq!(pos.pockets().unwrap().count(Color::White, Role::Queen), 1);
/// // Written back the python-chess way, and the Lichess way.
/// let fen = VariantFen::from_position(&pos);
/// assert_eq!(fen.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R[Qn] w KQkq - 0 1");
/// assert_eq!(fen.lichess().to_string(), "r3k2r/8/8/8/8/8/8/R3K2R/Qn w KQkq - 0 1");
///
/// let fen: VariantFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0".parse()?;
/// assert_eq!(fen.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantFen {
    fen: Fen,
    pockets: Option<Pockets>,
    promoted: Bitboard,
    remaining_checks: Option<RemainingChecks>,
}

/// Why a variant FEN could not become a position: it was not a FEN, or it describes a
/// position that cannot occur in a game of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantFenError {
    /// The text is not a FEN.
    Parse(ParseFenError),
    /// The FEN is well-formed but the position is not legal in the variant (with every
    /// reason).
    Position(VariantPositionError),
}

impl fmt::Display for VariantFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantFenError::Parse(e) => e.fmt(f),
            VariantFenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for VariantFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VariantFenError::Parse(e) => Some(e),
            VariantFenError::Position(e) => Some(e),
        }
    }
}

impl From<ParseFenError> for VariantFenError {
    fn from(e: ParseFenError) -> VariantFenError {
        VariantFenError::Parse(e)
    }
}

impl From<VariantPositionError> for VariantFenError {
    fn from(e: VariantPositionError) -> VariantFenError {
        VariantFenError::Position(e)
    }
}

impl VariantFen {
    /// The FEN of the starting position of `variant`, as python-chess's boards start:
    /// `[]` for Crazyhouse, `3+3` for Three-check.
    ///
    /// ```
    /// use chess_notation::VariantFen;
    /// use chess_rules::variant::Variant;
    ///
    /// assert_eq!(
    ///     VariantFen::start(Variant::RacingKings).to_string(),
    ///     "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    /// );
    /// ```
    #[must_use]
    pub fn start(variant: Variant) -> VariantFen {
        VariantFen::from_setup(VariantSetup::start(variant))
    }

    /// A FEN of `setup`, as it is.
    #[must_use]
    pub fn from_setup(setup: VariantSetup) -> VariantFen {
        VariantFen {
            fen: Fen::from_setup(setup.setup),
            pockets: setup.pockets,
            promoted: setup.promoted,
            remaining_checks: setup.remaining_checks,
        }
    }

    /// The FEN of `pos`, of any variant (or standard chess), with the en passant square only
    /// when an en passant capture is legal.
    #[must_use]
    pub fn from_position<P: Playable>(pos: &P) -> VariantFen {
        VariantFen::from_position_with(pos, EnPassantMode::Legal)
    }

    /// The FEN of `pos`, with the en passant square as `ep` says.
    #[must_use]
    pub fn from_position_with<P: Playable>(pos: &P, ep: EnPassantMode) -> VariantFen {
        VariantFen::from_setup(pos.to_variant_setup(ep))
    }

    /// The fields of standard FEN (without pockets, promoted pieces and counters).
    #[must_use]
    pub fn fen(&self) -> &Fen {
        &self.fen
    }

    /// Crazyhouse's pockets, when the FEN has them.
    #[must_use]
    pub fn pockets(&self) -> Option<&Pockets> {
        self.pockets.as_ref()
    }

    /// The squares of the pieces marked promoted (`Q~`).
    #[must_use]
    pub fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// Three-check's counters, when the FEN has them.
    #[must_use]
    pub fn remaining_checks(&self) -> Option<RemainingChecks> {
        self.remaining_checks
    }

    /// Sets Three-check's counters (`None` to write none).
    pub fn set_remaining_checks(&mut self, checks: Option<RemainingChecks>) {
        self.remaining_checks = checks;
    }

    /// Changes the fields of standard FEN, keeping the rest.
    pub(crate) fn set_fen(&mut self, fen: Fen) {
        self.fen = fen;
    }

    /// The parsed fields.
    #[must_use]
    pub fn into_setup(self) -> VariantSetup {
        VariantSetup {
            setup: self.fen.into_setup(),
            pockets: self.pockets,
            promoted: self.promoted,
            remaining_checks: self.remaining_checks,
        }
    }

    /// The position, validated by `variant`'s rules under castling `mode`.
    pub fn into_position(
        self,
        variant: Variant,
        mode: CastlingMode,
    ) -> Result<VariantPosition, VariantFenError> {
        Ok(VariantPosition::from_setup(
            variant,
            self.into_setup(),
            mode,
        )?)
    }

    /// The position by `variant`'s rules, under Chess960 castling when `chess960` asks for it,
    /// else as the castling rights need (see [`CastlingMode::for_setup`]).
    pub fn into_position_for(
        self,
        variant: Variant,
        chess960: bool,
    ) -> Result<VariantPosition, VariantFenError> {
        let mode = CastlingMode::for_setup(self.fen.setup(), chess960);
        self.into_position(variant, mode)
    }

    /// Parses a variant FEN strictly (as [`Fen::from_ascii`]: the spellings
    /// [`VariantFen::from_ascii_lenient`] normalises are errors).
    ///
    /// ```
    /// use chess_notation::{FenErrorKind, FenField, VariantFen};
    ///
    /// let error = VariantFen::from_ascii(b"8/8/8/8/8/8/8/4K2k[Kq] w - - 0 1").unwrap_err();
    /// assert_eq!((error.field, error.offset, error.kind), (FenField::Pockets, 19, FenErrorKind::InvalidPocket('K')));
    /// let error = VariantFen::from_ascii(b"8/8/8/8/8/8/8/4K2k w - - 4+3 0 1").unwrap_err();
    /// assert_eq!((error.field, error.kind), (FenField::RemainingChecks, FenErrorKind::InvalidRemainingChecks));
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<VariantFen, ParseFenError> {
        let (fen, notes) = VariantFen::from_ascii_lenient(text)?;
        match notes.first() {
            None => Ok(fen),
            Some(note) => Err(note.as_error()),
        }
    }

    /// Parses a variant FEN, accepting the spellings [`Fen::from_ascii_lenient`] accepts and
    /// saying what was normalised.
    pub fn from_ascii_lenient(
        text: &[u8],
    ) -> Result<(VariantFen, Vec<Normalisation>), ParseFenError> {
        let mut fields = Fields { text, pos: 0 };
        let (base, placement) = first_field(&mut fields)?;
        let (board, pockets, promoted) = parse_placement(placement, base)?;
        let mut remaining_checks = None;
        let setup = parse_tail(&mut fields, board, Some(&mut remaining_checks))?;
        let notes = normalisations(text, &setup);
        let fen = VariantFen {
            fen: Fen::from_setup(setup),
            pockets,
            promoted,
            remaining_checks,
        };
        Ok((fen, notes))
    }

    /// The FEN written Lichess's way: pockets as a ninth rank, the checks given after the
    /// clocks.
    #[must_use]
    pub fn lichess(&self) -> Lichess<'_> {
        Lichess(self)
    }

    /// The placement: board, promoted marks and pockets, the pockets as `style` says.
    pub(crate) fn write_placement(&self, out: &mut String, lichess: bool) {
        out.push_str(&board_fen(&self.fen.setup().board, self.promoted));
        if let Some(pockets) = self.pockets {
            let (open, close) = if lichess { ("/", "") } else { ("[", "]") };
            out.push_str(open);
            out.push_str(&pockets.to_string());
            out.push_str(close);
        }
    }

    /// The side to move, castling and en passant fields, each after a space.
    pub(crate) fn write_rights(&self, out: &mut String) {
        let setup = self.fen.setup();
        let mut ascii = Ascii::new();
        ascii.push(b' ');
        ascii.push(setup.turn.char() as u8);
        ascii.push(b' ');
        write_castling(&mut ascii, setup, false);
        ascii.push(b' ');
        match setup.ep_square {
            Some(sq) => {
                ascii.push(sq.file().char() as u8);
                ascii.push(sq.rank().char() as u8);
            }
            None => ascii.push(b'-'),
        }
        out.push_str(ascii.as_str());
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, lichess: bool) -> fmt::Result {
        let setup = self.fen.setup();
        let mut out = String::with_capacity(96);
        self.write_placement(&mut out, lichess);
        self.write_rights(&mut out);
        if let (Some(checks), false) = (self.remaining_checks, lichess) {
            out.push(' ');
            out.push_str(&checks.to_string());
        }
        out.push(' ');
        out.push_str(&setup.halfmoves.to_string());
        out.push(' ');
        out.push_str(&setup.fullmoves.to_string());
        if let (Some(checks), true) = (self.remaining_checks, lichess) {
            let given = |color| char::from(b'0' + checks.given(color));
            out.push_str(" +");
            out.push(given(Color::White));
            out.push('+');
            out.push(given(Color::Black));
        }
        f.write_str(&out)
    }
}

impl Normalisation {
    /// The error a strict reader reports for what a lenient one normalised.
    fn as_error(&self) -> ParseFenError {
        ParseFenError {
            field: self.field,
            offset: self.offset,
            kind: match self.kind {
                super::standard::NormalisationKind::AdjacentDigits => FenErrorKind::AdjacentDigits,
                super::standard::NormalisationKind::CastlingOrder(c) => {
                    FenErrorKind::CastlingOrder(c)
                }
            },
        }
    }
}

/// The placement field `text` (at `base`): the board, the pockets when it has them (in
/// brackets, or as a ninth rank), and the squares marked promoted.
fn parse_placement(
    text: &[u8],
    base: usize,
) -> Result<(Board, Option<Pockets>, Bitboard), ParseFenError> {
    let (board_text, pockets) = if let Some(inner) = text.strip_suffix(b"]") {
        let open = inner.iter().position(|&c| c == b'[').ok_or(ParseFenError {
            field: FenField::Pockets,
            offset: base + text.len() - 1,
            kind: FenErrorKind::InvalidPocket(']'),
        })?;
        (&inner[..open], Some((open + 1, &inner[open + 1..])))
    } else if text.iter().filter(|&&c| c == b'/').count() == 8 {
        let slash = text.iter().rposition(|&c| c == b'/').unwrap_or(0);
        (&text[..slash], Some((slash + 1, &text[slash + 1..])))
    } else {
        (text, None)
    };
    let mut promoted = Bitboard::EMPTY;
    let board = parse_board_marked(board_text, base, Some(&mut promoted))?;
    let pockets = match pockets {
        Some((at, letters)) => Some(parse_pockets(letters, base + at)?),
        None => None,
    };
    Ok((board, pockets, promoted))
}

/// The letters of the pockets (at `base`): white's upper case, black's lower case, any order.
fn parse_pockets(text: &[u8], base: usize) -> Result<Pockets, ParseFenError> {
    let mut pockets = Pockets::EMPTY;
    for (i, &c) in text.iter().enumerate() {
        let piece = Piece::from_char(c as char).filter(|p| p.role() != Role::King);
        let Some(piece) = piece else {
            return Err(ParseFenError {
                field: FenField::Pockets,
                offset: base + i,
                kind: FenErrorKind::InvalidPocket(super::standard::char_at(text, i)),
            });
        };
        pockets.add(piece.color(), piece.role());
    }
    Ok(pockets)
}

impl FromStr for VariantFen {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<VariantFen, ParseFenError> {
        VariantFen::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for VariantFen {
    /// python-chess's spelling: pockets in brackets, the checks left before the clocks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl From<Fen> for VariantFen {
    fn from(fen: Fen) -> VariantFen {
        VariantFen {
            fen,
            pockets: None,
            promoted: Bitboard::EMPTY,
            remaining_checks: None,
        }
    }
}

/// A variant FEN written Lichess's way, from [`VariantFen::lichess`].
#[derive(Copy, Clone, Debug)]
pub struct Lichess<'a>(&'a VariantFen);

impl fmt::Display for Lichess<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Square;

    /// Reads `text`, checks it is written back as `written` (python-chess's spelling) and
    /// `lichess`, and that each reads back the same.
    fn round_trip(text: &str, written: &str, lichess: &str) -> VariantFen {
        let fen: VariantFen = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(fen.to_string(), written);
        assert_eq!(fen.lichess().to_string(), lichess);
        assert_eq!(written.parse::<VariantFen>().as_ref(), Ok(&fen));
        assert_eq!(lichess.parse::<VariantFen>().as_ref(), Ok(&fen));
        fen
    }

    #[test]
    fn pockets_in_brackets_and_as_a_ninth_rank() {
        let fen = round_trip(
            "r2qk3/pp2bqR1/2p5/8/3Pn3/3BPpB1/PPPp1PPP/RK1R4[PNNNbpp] b - - 89 45",
            "r2qk3/pp2bqR1/2p5/8/3Pn3/3BPpB1/PPPp1PPP/RK1R4[NNNPbpp] b - - 89 45",
            "r2qk3/pp2bqR1/2p5/8/3Pn3/3BPpB1/PPPp1PPP/RK1R4/NNNPbpp b - - 89 45",
        );
        let pockets = fen.pockets().unwrap();
        assert_eq!(pockets.count(Color::White, Role::Knight), 3);
        assert_eq!(pockets.count(Color::Black, Role::Pawn), 2);
        // Lichess's example, as Lichess writes it.
        let lichess: VariantFen =
            "r2qk3/pp2bqR1/2p5/8/3Pn3/3BPpB1/PPPp1PPP/RK1R4/PNNNbpp b - - 89 45"
                .parse()
                .unwrap();
        assert_eq!(lichess, fen);
        // Empty pockets, both ways.
        round_trip(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
        );
        // No pockets at all: standard FEN.
        let fen = round_trip(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        );
        assert_eq!(fen.pockets(), None);
    }

    #[test]
    fn promoted_pieces() {
        let fen = round_trip(
            "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1",
            "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
            "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1",
        );
        assert_eq!(fen.promoted(), Bitboard::from(Square::B7));
        let fen = round_trip(
            "q~3k2n~/8/8/8/8/8/8/R~3K2B~[Qq] w - - 0 1",
            "q~3k2n~/8/8/8/8/8/8/R~3K2B~[Qq] w - - 0 1",
            "q~3k2n~/8/8/8/8/8/8/R~3K2B~/Qq w - - 0 1",
        );
        assert_eq!(fen.promoted().count(), 4);
        // A mark with no piece before it.
        let error = "~7/8/8/8/8/8/8/4K2k w - - 0 1"
            .parse::<VariantFen>()
            .unwrap_err();
        assert_eq!(
            (error.offset, error.kind),
            (0, FenErrorKind::InvalidPiece('~'))
        );
        // Standard FEN has no marks.
        assert!("Q~7/8/8/8/8/8/8/4K2k w - - 0 1".parse::<Fen>().is_err());
    }

    #[test]
    fn three_check_counters_both_ways() {
        // X-FEN: the checks left to give, white's first. Lichess: the checks given.
        let fen = round_trip(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+2 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+2 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+1",
        );
        let checks = fen.remaining_checks().unwrap();
        assert_eq!((checks.get(Color::White), checks.get(Color::Black)), (3, 2));
        let fen = round_trip(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 +2+1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+2 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 +2+1",
        );
        assert_eq!(fen.remaining_checks(), RemainingChecks::new(1, 2));
        // The counters without clocks, as python-chess's perft suite has them.
        let fen: VariantFen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1".parse().unwrap();
        assert_eq!(fen.remaining_checks(), RemainingChecks::new(1, 1));
        for bad in ["4+3", "3+", "+3", "a+b", "3-3"] {
            let text = format!("4k3/8/8/8/8/8/8/4K3 w - - {bad} 0 1");
            let error = text.parse::<VariantFen>().unwrap_err();
            assert!(
                matches!(
                    error.kind,
                    FenErrorKind::InvalidRemainingChecks | FenErrorKind::InvalidNumber
                ),
                "{text}: {error}"
            );
        }
        // Both forms at once say it twice.
        assert!(
            "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1 +0+0"
                .parse::<VariantFen>()
                .is_err()
        );
        // Standard FEN has no counters.
        assert!("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1".parse::<Fen>().is_err());
    }

    #[test]
    fn pocket_errors_say_where() {
        let error = "8/8/8/8/8/8/8/4K2k[Qx] w - - 0 1"
            .parse::<VariantFen>()
            .unwrap_err();
        assert_eq!((error.field, error.offset), (FenField::Pockets, 20));
        assert_eq!(
            error.to_string(),
            "invalid pockets in fen at byte 20: unexpected 'x': expected the letters of the \
             pieces in the pockets (PNBRQ, pnbrq)"
        );
        let error = "8/8/8/8/8/8/8/4K2kQ] w - - 0 1"
            .parse::<VariantFen>()
            .unwrap_err();
        assert_eq!((error.field, error.offset), (FenField::Pockets, 19));
        // Standard FEN has no pockets.
        assert!("8/8/8/8/8/8/8/4K2k[] w - - 0 1".parse::<Fen>().is_err());
    }

    #[test]
    fn positions_of_each_variant_round_trip() {
        for variant in Variant::ALL {
            let fen = VariantFen::start(variant);
            let pos = fen
                .clone()
                .into_position(variant, CastlingMode::Standard)
                .unwrap();
            assert_eq!(VariantFen::from_position(&pos), fen, "{variant}");
        }
    }
}
