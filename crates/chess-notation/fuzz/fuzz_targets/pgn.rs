//! The PGN reader with a small buffer (so tags and comments overflow it): games that read
//! are written and read back to the same moves; nothing panics.

#![no_main]

use chess_notation::pgn::{GameBuilder, GameReader, Reader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let reader = Reader::with_buffer_size(data, 1024);
    let builder = GameBuilder::new().allow_null_moves(true);
    for game in GameReader::with_builder(reader, builder) {
        let Ok(game) = game else {
            continue;
        };
        let _ = game.final_position();
        let written = game.to_string();
        let back = GameReader::new(written.as_bytes())
            .allow_null_moves(true)
            .read_all()
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.len(), 1, "{written}");
        assert_eq!(back[0].mainline, game.mainline, "{written}");
    }
});
