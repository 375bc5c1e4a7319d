//! Lines of play in SAN, in the positions of any variant.

use chess_rules::Move;
use chess_rules::variant::Playable;

use super::standard::SanPlus;

/// A line of play from `pos`, a position of any variant, in SAN with move numbers (`3. N@f3
/// Qxe4 4. ...`), as [`variation`](super::variation) writes standard chess's; it stops at the
/// first move that is not legal where it stands.
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
        out.push_str(&SanPlus::from_variant_move(&pos, m).to_string());
        pos.play_unchecked(m);
    }
    out
}
