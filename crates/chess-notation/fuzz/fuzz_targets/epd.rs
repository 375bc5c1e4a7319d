//! EPD with operations: what parses writes back to the same thing; nothing panics.

#![no_main]

use chess_notation::Epd;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(epd) = Epd::from_ascii(data) {
        let written = epd.to_string();
        assert_eq!(written.parse::<Epd>().as_ref(), Ok(&epd), "{written}");
        let _ = (
            epd.bm(),
            epd.am(),
            epd.pv(),
            epd.perft_counts(),
            epd.position(),
        );
    }
});
