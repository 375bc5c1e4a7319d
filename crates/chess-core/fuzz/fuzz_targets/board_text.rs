//! The plain 8-line board that `chess check` reads (`Board::from_plain`): a board that parses
//! is written back (`Board::plain`) to text that parses to the same board; nothing panics.

#![no_main]

use chess_core::Board;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    match Board::from_plain(text) {
        Ok(board) => {
            assert!(board.is_consistent());
            let written = board.plain().to_string();
            assert_eq!(Board::from_plain(&written), Ok(board.clone()), "{written}");
            assert_eq!(written.parse::<Board>(), Ok(board), "{written}");
        }
        Err(e) => {
            // The error points into the text: a line that exists (or the one after the last).
            assert!(e.line >= 1 && e.line <= text.lines().count() + 1, "{e:?}");
            assert!(e.column >= 1, "{e:?}");
            let _ = e.to_string();
        }
    }
});
