//! A game of `chess play` as PGN, and loading a game from PGN.

use chess_notation::pgn::PgnGame;
use chess_rules::Game;

/// Today's date as PGN writes it (`2026.11.22`), from the system clock in UTC.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The game as PGN in export format: chess-notation's game of the rules as PGN (moves, result,
/// start tags), with this program's tags.
pub fn game_to_pgn(game: &Game) -> String {
    let mut pgn = PgnGame::from_game(game);
    for (name, value) in [
        ("Event", "Casual game".to_owned()),
        ("Site", "chess (terminal)".to_owned()),
        ("Date", today()),
        ("Round", "-".to_owned()),
        ("White", "White".to_owned()),
        ("Black", "Black".to_owned()),
    ] {
        pgn.set_header(name, &value);
    }
    pgn.to_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
