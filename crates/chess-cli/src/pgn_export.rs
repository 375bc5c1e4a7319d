//! A game of `chess play` as PGN, and loading a game from PGN.

use chess_notation::pgn::{Date, PgnGame};
use chess_rules::Game;

/// The game as PGN in export format: chess-notation's game of the rules as PGN (moves, result,
/// start tags), with this program's tags (today's date among them) and `tags` (or other values
/// for its own: `White`, `Black`), in order after the Seven Tag Roster. Every file the game
/// is written to gets the same tags: the autosave, `save`, the `pgn` command.
pub fn game_to_pgn_with(game: &Game, tags: &[(String, String)]) -> String {
    let mut pgn = PgnGame::from_game(game);
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
