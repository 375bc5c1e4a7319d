//! FEN and the board-only form: what parses writes back to the same thing; nothing panics.

#![no_main]

use chess_notation::{BoardFen, Fen};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(fen) = Fen::from_ascii(data) {
        let written = fen.to_string();
        assert_eq!(written.parse::<Fen>().as_ref(), Ok(&fen), "{written}");
        let _ = fen.shredder().to_string();
        let _ = fen.into_position_auto();
    }
    if let Ok(text) = core::str::from_utf8(data)
        && let Ok(board) = BoardFen::parse(text)
    {
        assert_eq!(BoardFen::parse(&BoardFen(&board).to_string()), Ok(board));
    }
});
