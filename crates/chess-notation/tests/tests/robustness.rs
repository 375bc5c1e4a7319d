//! Arbitrary input never panics.

use chess_notation::san::{SanMode, SanPlus};
use chess_notation::{Fen, UciMove, uci};
use chess_rules::Position;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn fen_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        if let Ok(fen) = Fen::from_ascii(&bytes) {
            let _ = fen.to_string();
            let _ = fen.into_position_auto();
        }
    }

    #[test]
    fn fen_like_strings_never_panic(text in "[rnbqkpRNBQKP1-9/ ]{0,40}[wb ]{0,3}[KQkqA-Ha-h-]{0,5} [a-h1-8-]{0,3} [0-9]{0,4} [0-9]{0,4}") {
        if let Ok(fen) = text.parse::<Fen>() {
            let _ = fen.into_position_auto();
        }
    }

    #[test]
    fn san_and_uci_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..12)) {
        let pos = Position::standard();
        for mode in [SanMode::Strict, SanMode::Lenient] {
            if let Ok(san) = SanPlus::from_ascii_with(&bytes, mode) {
                let _ = san.to_move_with(&pos, mode);
            }
        }
        if let Ok(m) = UciMove::from_ascii(&bytes) {
            let _ = m.to_move(&pos);
        }
    }

    #[test]
    fn san_like_strings_never_panic(text in "[NBRQKPOo0xX=+#!?()a-h1-8-]{0,10}") {
        let pos = Position::standard();
        let _ = chess_notation::san::parse_move(&pos, &text, SanMode::Lenient);
        let _ = chess_notation::san::parse_move(&pos, &text, SanMode::Strict);
        let _ = uci::parse(&pos, &text);
    }
}

#[test]
fn very_long_and_non_ascii_input() {
    let long = "8/".repeat(100_000);
    assert!(long.parse::<Fen>().is_err());
    let long = format!("8/8/8/8/8/8/8/K6k w - - 0 {}", "9".repeat(10_000));
    assert!(long.parse::<Fen>().is_err());
    assert!("♔♕♖♗♘♙".parse::<Fen>().is_err());
    assert!("8/8/8/8/8/8/8/K6k w ♔ - 0 1".parse::<Fen>().is_err());
    assert!(SanPlus::from_ascii_with("Ñf3".as_bytes(), SanMode::Lenient).is_err());
}
