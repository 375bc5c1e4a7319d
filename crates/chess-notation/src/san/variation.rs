//! Lines of play in SAN with move numbers, in standard chess and in the positions of any
//! variant.

use chess_rules::variant::Playable;
use chess_rules::{Move, Position};

use super::standard::SanPlus;

/// A line of moves from `pos` in SAN with move numbers, as a PGN movetext or an engine's
/// principal variation is read: `1. e4 e5 2. Nf3`, or `12... Qd7 13. O-O` when black moves
/// first. Stops before the first move that is not legal.
///
/// ```
/// use chess_notation::{san, uci};
/// use chess_rules::Position;
///
/// let mut pos = Position::standard();
/// let mut moves = Vec::new();
/// for text in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"] {
///     let m = uci::parse(&pos, text)?;
///     moves.push(m);
///     pos.play_unchecked(m);
/// }
/// assert_eq!(
///     san::variation(&Position::standard(), &moves),
///     "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
/// );
/// assert_eq!(san::variation(&pos, &moves[..1]), ""); // e2e4 is not a move after mate
/// # Ok::<_, chess_notation::uci::UciMoveError>(())
/// ```
#[must_use]
pub fn variation(pos: &Position, moves: &[Move]) -> String {
    numbered_line(pos, moves, |pos, m, out| {
        SanPlus::from_move_and_play(pos, m).append_to(out);
    })
}

/// A line of play from `pos`, a position of any variant, in SAN with move numbers (`3. N@f3
/// Qxe4 4. ...`), as [`variation`] writes standard chess's; it stops at the first move that
/// is not legal where it stands.
///
/// ```
/// use chess_notation::san;
/// use chess_rules::variant::{Playable, Variant, VariantPosition};
///
/// let pos = VariantPosition::new(Variant::Crazyhouse);
/// let e4 = pos.legal_moves().iter().copied().find(|m| m.to() == chess_core::Square::E4).unwrap();
/// assert_eq!(san::variant_variation(&pos, &[e4]), "1. e4");
/// ```
#[must_use]
pub fn variant_variation<P: Playable>(pos: &P, moves: &[Move]) -> String {
    numbered_line(pos, moves, |pos, m, out| {
        out.push_str(&SanPlus::from_variant_move(pos, m).to_string());
        pos.play_unchecked(m);
    })
}

/// The numbered line of `moves` from `pos`, each legal move written and played by `write`.
fn numbered_line<P: Playable>(
    pos: &P,
    moves: &[Move],
    mut write: impl FnMut(&mut P, Move, &mut String),
) -> String {
    let mut pos = pos.clone();
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        if pos.turn().is_white() {
            out.push_str(&format!("{}. ", pos.fullmoves()));
        } else if i == 0 {
            out.push_str(&format!("{}... ", pos.fullmoves()));
        }
        write(&mut pos, m, &mut out);
    }
    out
}
