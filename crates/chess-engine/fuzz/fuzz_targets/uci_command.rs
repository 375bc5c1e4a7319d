//! The UCI server's input lines, read as commands (no search is started): every command writes
//! back to a line that reads as the same command; a `position` command that applies sets up
//! the same position (and history) as the command written with the FEN of its start and the
//! UCI text of the moves it played; `go` arguments read into limits that `go_line` writes back
//! to the same limits; nothing panics.
//!
//! Input: lines of text; `setoption name UCI_Chess960 value true|false` switches the mode the
//! positions are set up in, as it does in the server, and `go` reads its moves in the last
//! position set up.

#![no_main]

use std::time::Instant;

use chess_engine::uci::protocol::{Command, PositionCommand, PositionStart, go_line, parse_go};
use chess_notation::{Fen, uci};
use chess_rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut chess960 = false;
    let mut pos = Position::standard();
    for line in text.split('\n') {
        let Some(command) = Command::parse(line) else {
            assert!(line.split_whitespace().next().is_none(), "{line:?}");
            continue;
        };
        let written = command.to_string();
        assert_eq!(
            Command::parse(&written).as_ref(),
            Some(&command),
            "{line:?} -> {written:?}"
        );
        match command {
            Command::SetOption { name, value } if name.eq_ignore_ascii_case("uci_chess960") => {
                match value.to_ascii_lowercase().as_str() {
                    "true" => chess960 = true,
                    "false" => chess960 = false,
                    _ => {}
                }
            }
            Command::Position(command) => {
                if let Some(set) = check_position(&command, chess960) {
                    pos = set;
                }
            }
            Command::Go(args) => {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let started = Instant::now();
                let (limits, _) = parse_go(&args, &pos, started);
                assert!(limits.search_moves.iter().all(|&m| pos.is_legal(m)));
                let line = go_line(&pos, &limits);
                let words: Vec<&str> = line.split_whitespace().skip(1).collect();
                let (again, problems) = parse_go(&words, &pos, started);
                assert!(problems.is_empty(), "{line}: {problems:?}");
                assert_eq!(again, limits, "{line}");
            }
            _ => {}
        }
    }
});

/// Applies `command`; checks it against the command written from its start and the moves it
/// played; the position it sets up.
fn check_position(command: &PositionCommand, chess960: bool) -> Option<Position> {
    let set = command.apply(chess960).ok()?;
    let played = set.history.len();
    assert!(played <= command.moves.len());
    assert_eq!(set.ignored.is_some(), played < command.moves.len());
    // The start alone, then the moves played, in UCI as the position's mode writes them.
    let alone = PositionCommand {
        start: command.start.clone(),
        moves: Vec::new(),
    };
    let mut pos = alone.apply(chess960).expect("the start applied").position;
    let start = Fen::from_position(&pos).to_string();
    let mut moves = Vec::new();
    for text in &command.moves[..played] {
        let m = uci::parse(&pos, text).expect("played");
        moves.push(uci::format(&pos, m));
        pos.play_unchecked(m);
    }
    let again = PositionCommand {
        start: PositionStart::Fen(start),
        moves,
    };
    let again_set = again
        .apply(chess960)
        .unwrap_or_else(|e| panic!("{again}: {e}"));
    assert_eq!(again_set.ignored, None, "{again}");
    assert_eq!(again_set.history, set.history, "{again}");
    let fen = |p: &Position| Fen::from_position(p).to_string();
    assert_eq!(fen(&again_set.position), fen(&set.position), "{again}");
    assert_eq!(fen(&pos), fen(&set.position), "{again}");
    Some(set.position)
}
