//! Arbitrary input never panics.

use chess_notation::pgn::{GameBuilder, GameReader, Reader};
use chess_notation::san::{SanMode, SanPlus};
use chess_notation::{Epd, Fen, UciMove, uci};
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
    fn epd_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..160)) {
        if let Ok(epd) = Epd::from_ascii(&bytes) {
            let again: Epd = epd.to_string().parse().unwrap();
            prop_assert_eq!(&again, &epd);
            let _ = epd.bm();
            let _ = epd.pv();
            let _ = epd.perft_counts();
        }
    }

    #[test]
    fn epd_like_strings_never_panic(text in "[1-8/kKqQ]{0,20} [wb] [KQkq-]{1,4} [a-h36-]{1,2}( [a-zA-Z0-9_]{1,4}( [-+a-h1-8NBRQKO\"\\\\ ]{0,8}){0,3};?){0,4}") {
        if let Ok(epd) = text.parse::<Epd>() {
            let again: Epd = epd.to_string().parse().unwrap();
            prop_assert_eq!(&again, &epd);
            let _ = epd.moves("bm");
        }
    }

    #[test]
    fn pgn_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        // A small buffer, so tags and comments overflow it too.
        let reader = Reader::with_buffer_size(&bytes[..], 1024);
        let mut games = 0;
        for game in GameReader::with_builder(reader, GameBuilder::new().allow_null_moves(true)) {
            games += 1;
            if let Ok(game) = game {
                let _ = game.final_position();
                let _ = game.to_string();
            }
        }
        // Every game takes at least one byte of input.
        prop_assert!(games <= bytes.len());
    }

    #[test]
    fn pgn_like_strings_never_panic(text in "(\\[[A-Za-z]{1,6} \"[^\"\n]{0,10}\"\\]\n){0,3}\n?([0-9]{1,2}\\.{1,3} ?|[NBRQKO]?[a-h]?x?[a-h][1-8][+#!?]{0,2} |O-O |\\{[^}]{0,12}\\} |\\( |\\) |\\$[0-9]{1,3} |; [a-z ]{0,5}\n|%[a-z]*\n|\n|1-0 |\\* |-- ){0,30}") {
        let games: Vec<_> = GameReader::new(text.as_bytes()).allow_null_moves(true).collect();
        for game in games.iter().flatten() {
            // Whatever was read writes and reads back the same.
            let written = game.to_string();
            let back = GameReader::new(written.as_bytes()).allow_null_moves(true).read_all();
            let back = back.map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
            prop_assert_eq!(back.len(), 1);
            prop_assert_eq!(&back[0].mainline, &game.mainline, "{}", written);
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

#[test]
fn pgn_memory_is_bounded_by_the_buffer_and_the_limits() {
    // An endless comment and an endless token: the reader holds one buffer, the builder at most
    // its comment limit, and the game is reported as an error.
    let comment = format!("1. e4 {{{}", "x".repeat(3 << 20));
    let err = GameReader::new(comment.as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(err.kind().as_str(), "syntax");
    let token = format!("1. e4 {} e5 *\n\n1. d4 *", "y".repeat(1 << 20));
    let results: Vec<_> = GameReader::new(token.as_bytes()).collect();
    assert_eq!(results.len(), 2);
    assert!(results[0].is_err() && results[1].is_ok());
    let tag = format!(
        "[Event \"{}\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *",
        "z".repeat(1 << 20)
    );
    let results: Vec<_> = GameReader::new(tag.as_bytes()).collect();
    assert_eq!(results.len(), 2);
    assert!(results[0].is_err() && results[1].is_ok());
}
