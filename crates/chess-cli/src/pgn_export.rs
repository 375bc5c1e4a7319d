//! A game of `chess play` as PGN, and loading a game from PGN.

use chess_notation::pgn::{Date, PgnGame};
use chess_rules::Game;
use chess_rules::variant::VariantPosition;

/// The game as PGN in export format: chess-notation's game of the rules as PGN (moves, result,
/// start tags), with this program's tags (today's date among them) and `tags` (or other values
/// for its own: `White`, `Black`), in order after the Seven Tag Roster. Every file the game
/// is written to gets the same tags: the autosave, `save`, the `pgn` command.
pub fn game_to_pgn_with(game: &Game, tags: &[(String, String)]) -> String {
    with_tags(PgnGame::from_game(game), tags)
}

/// A variant's game as PGN, as [`game_to_pgn_with`] writes a standard one (with its `Variant`
/// tag, and a variant FEN for a start other than the variant's).
pub fn variant_game_to_pgn_with(game: &Game<VariantPosition>, tags: &[(String, String)]) -> String {
    with_tags(PgnGame::from_variant_game(game), tags)
}

/// `pgn` with this program's tags and `tags`, as PGN text.
fn with_tags(mut pgn: PgnGame, tags: &[(String, String)]) -> String {
    for (name, value) in [
        ("Event", "Casual game".to_owned()),
        ("Site", "chess (terminal)".to_owned()),
        ("Date", Date::today().to_string()),
        ("Round", "-".to_owned()),
        ("White", "White".to_owned()),
        ("Black", "Black".to_owned()),
    ] {
        pgn.set_header(name, &value);
    }
    for (name, value) in tags {
        pgn.set_header(name, value);
    }
    pgn.to_string() + "\n"
}
