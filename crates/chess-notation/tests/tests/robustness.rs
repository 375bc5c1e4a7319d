//! Arbitrary input never panics.

use std::ops::ControlFlow;

use chess_notation::pgn::{
    DEFAULT_BUFFER_SIZE, GameBuilder, GameReader, GameResult, Location, Reader, SyntaxError,
    VariationChoice, Visitor,
};
use chess_notation::san::{SanError, SanMode, SanPlus};
use chess_notation::{BoardFen, Epd, Fen, UciMove, uci};
use chess_rules::{CastlingMode, Position};
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

// Arbitrary Unicode text, and text mixing the characters the notations give meaning to with any
// others, for every parser: no panic, and every error is typed and points inside the input.

/// Characters FEN, EPD, SAN, UCI and PGN give meaning to, a few look-alikes (full-width digit,
/// dashes, ½, the byte order mark), and letters encoded in two, three and four bytes.
const CHESSY: &str = "rnbqkpRNBQKP12345678/ wb-KQkqABCDEFGHabcdefghx=+#!?()O0oZ.;:{}[]\"\\$%*\n\r\t½–—０\u{feff}é€𝄞♔♞";

/// Strings mostly of `CHESSY` characters, with any character now and then.
fn chessy(max: usize) -> impl Strategy<Value = String> {
    let chars: Vec<char> = CHESSY.chars().collect();
    proptest::collection::vec(
        prop_oneof![
            6 => proptest::sample::select(chars),
            1 => any::<char>(),
        ],
        0..max,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// `valid` with one character inserted, replaced or removed at `at` (a fraction of its length).
fn mutate(valid: &str, at: proptest::sample::Index, c: char, how: u8) -> String {
    let mut chars: Vec<char> = valid.chars().collect();
    let i = at.index(chars.len() + 1);
    match how % 3 {
        0 => chars.insert(i, c),
        1 if i < chars.len() => chars[i] = c,
        _ if i < chars.len() => {
            chars.remove(i);
        }
        _ => chars.push(c),
    }
    chars.into_iter().collect()
}

/// Positions from random play, standard and Chess960, shared by the cases below.
fn positions() -> &'static [Position] {
    static POSITIONS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(|| chess_testdata::random_positions(1, 24, 60))
}

fn check_fen(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Fen>() {
        Ok(fen) => {
            let written = fen.to_string();
            let again: Fen = written
                .parse()
                .map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
            prop_assert_eq!(&again, &fen);
            if let Err(e) = fen.clone().into_position_auto() {
                prop_assert!(!e.to_string().is_empty());
            }
            let _ = fen.into_position(CastlingMode::Chess960);
        }
        Err(e) => {
            prop_assert!(e.offset <= text.len(), "{e:?} for {text:?}");
            prop_assert!(!e.to_string().is_empty());
        }
    }
    match BoardFen::parse(text) {
        Ok(board) => {
            let written = BoardFen(&board).to_string();
            prop_assert_eq!(BoardFen::parse(&written), Ok(board));
        }
        Err(e) => prop_assert!(e.offset <= text.len(), "{e:?} for {text:?}"),
    }
    Ok(())
}

fn check_epd(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Epd>() {
        Ok(epd) => {
            let again: Epd = epd.to_string().parse().unwrap();
            prop_assert_eq!(&again, &epd);
            for opcode in ["bm", "am", "pv"] {
                if let Err(e) = epd.moves(opcode) {
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            let _ = (
                epd.id(),
                epd.acd(),
                epd.ce(),
                epd.perft_counts(),
                epd.position(),
            );
        }
        Err(e) => {
            prop_assert!(e.offset <= text.len(), "{e:?} for {text:?}");
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

/// SAN in both modes and UCI, on one position: a move found is legal, and an error says where.
fn check_moves(pos: &Position, text: &str) -> Result<(), TestCaseError> {
    for mode in [SanMode::Strict, SanMode::Lenient] {
        match SanPlus::from_ascii_with(text.as_bytes(), mode) {
            Ok(san) => match san.to_move_with(pos, mode) {
                Ok(m) => prop_assert!(pos.is_legal(m), "{text:?} gave {m:?}"),
                Err(SanError::Ambiguous { candidates }) => {
                    prop_assert!(candidates.len() >= 2);
                    prop_assert!(candidates.iter().all(|&m| pos.is_legal(m)));
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            },
            Err(e) => prop_assert!(e.offset <= text.len(), "{e:?} for {text:?}"),
        }
        let _ = chess_notation::san::parse_move(pos, text, mode);
    }
    match text.parse::<UciMove>() {
        Ok(uci) => {
            if let Ok(m) = uci.to_move(pos) {
                prop_assert!(pos.is_legal(m));
                // Written back in the position's own form, it reads as the same move.
                prop_assert_eq!(UciMove::from_move(pos, m).to_move(pos), Ok(m));
            }
        }
        Err(e) => prop_assert!(e.offset <= text.len(), "{e:?} for {text:?}"),
    }
    let _ = uci::parse(pos, text);
    Ok(())
}

/// Where each callback of the reader says it is, checked against the text: offsets inside
/// it and never going back, and line numbers counting the line breaks before them.
struct Locations<'a> {
    text: &'a [u8],
    last: u64,
    problems: Vec<String>,
}

impl Locations<'_> {
    fn at(&mut self, what: &str, at: Location) {
        let offset = at.offset as usize;
        if offset > self.text.len() {
            self.problems
                .push(format!("{what} at {at:?}: past the end"));
            return;
        }
        let line = 1 + self.text[..offset].iter().filter(|&&b| b == b'\n').count() as u64;
        let line_start = self.text[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1) as u64;
        if at.line != line
            || at.column < 1
            || at.column > at.offset - line_start + 1
            || at.offset < self.last
        {
            self.problems.push(format!(
                "{what} at {at:?}: expected line {line}, column at most {}, offset from {}",
                at.offset - line_start + 1,
                self.last
            ));
        }
        self.last = at.offset;
    }
}

impl Visitor for Locations<'_> {
    type Output = ();
    fn begin_game(&mut self, at: Location) {
        self.at("game", at);
    }
    fn tag(&mut self, _: &[u8], _: &[u8], at: Location) -> ControlFlow<()> {
        self.at("tag", at);
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        self.at("movetext", at);
        ControlFlow::Continue(())
    }
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        if san.is_empty() || san.iter().any(u8::is_ascii_whitespace) {
            self.problems.push(format!("move token {san:?}"));
        }
        self.at("san", at);
        ControlFlow::Continue(())
    }
    fn nag(&mut self, _: u8, at: Location) -> ControlFlow<()> {
        self.at("nag", at);
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &[u8], at: Location) -> ControlFlow<()> {
        self.at("comment", at);
        ControlFlow::Continue(())
    }
    fn partial_comment(&mut self, _: &[u8], at: Location) -> ControlFlow<()> {
        self.at("partial comment", at);
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        self.at("variation", at);
        VariationChoice::Continue
    }
    fn end_variation(&mut self, at: Location) -> ControlFlow<()> {
        self.at("end of variation", at);
        ControlFlow::Continue(())
    }
    fn outcome(&mut self, _: GameResult, at: Location) -> ControlFlow<()> {
        self.at("result", at);
        ControlFlow::Continue(())
    }
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        let _ = error.to_string();
        self.at("syntax error", error.at);
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) {}
}

fn check_pgn(text: &str) -> Result<(), TestCaseError> {
    let bytes = text.as_bytes();
    // The visitor level, with a small buffer too so that comments and tags overflow it.
    for size in [DEFAULT_BUFFER_SIZE, 1024] {
        let mut visitor = Locations {
            text: bytes,
            last: 0,
            problems: Vec::new(),
        };
        let mut reader = Reader::with_buffer_size(bytes, size);
        let mut games = 0;
        while reader.read_game(&mut visitor).unwrap().is_some() {
            games += 1;
            prop_assert!(games <= bytes.len());
        }
        prop_assert!(
            visitor.problems.is_empty(),
            "{:?}\n{text:?}",
            visitor.problems
        );
    }
    // Owned games, lenient and strict.
    for strict in [false, true] {
        let reader = Reader::with_buffer_size(bytes, 1024);
        let builder = GameBuilder::new().allow_null_moves(!strict);
        for game in GameReader::with_builder(reader, builder).strict(strict) {
            match game {
                Ok(game) => {
                    let _ = game.final_position();
                    let written = game.to_string();
                    let back = GameReader::new(written.as_bytes())
                        .allow_null_moves(true)
                        .read_all()
                        .map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
                    prop_assert_eq!(back.len(), 1);
                    prop_assert_eq!(&back[0].mainline, &game.mainline, "{}", written);
                }
                Err(e) => {
                    prop_assert!(e.at.offset <= bytes.len() as u64, "{e:?}");
                    prop_assert!(e.game >= 1);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    Ok(())
}

/// A short PGN game with tags, comments, a variation, NAGs and a result.
const SAMPLE_PGN: &str = "[Event \"e\"]\n[White \"w\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6; x\n4. Ba4 Nf6 5. O-O 1-0\n";

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn fen_reads_any_unicode(text in any::<String>()) {
        check_fen(&text)?;
    }

    #[test]
    fn fen_reads_chessy_unicode(text in chessy(80)) {
        check_fen(&text)?;
    }

    #[test]
    fn fen_reads_mutated_fens(
        i in any::<proptest::sample::Index>(),
        at in any::<proptest::sample::Index>(),
        c in any::<char>(),
        how in any::<u8>(),
    ) {
        let pos = &positions()[i.index(positions().len())];
        check_fen(&mutate(&Fen::from_position(pos).to_string(), at, c, how))?;
    }

    #[test]
    fn epd_reads_any_unicode(text in any::<String>()) {
        check_epd(&text)?;
    }

    #[test]
    fn epd_reads_chessy_unicode(text in chessy(120)) {
        check_epd(&text)?;
    }

    #[test]
    fn epd_reads_mutated_epds(
        at in any::<proptest::sample::Index>(),
        c in any::<char>(),
        how in any::<u8>(),
    ) {
        let valid = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; am Ke2; id \"ruy \\\"lopez\\\"\"; c0 \"é\"; acd 12; ce -30; pv Bb5 a6; D1 29;";
        check_epd(&mutate(valid, at, c, how))?;
    }

    #[test]
    fn moves_read_any_unicode_in_many_positions(
        i in any::<proptest::sample::Index>(),
        text in any::<String>(),
    ) {
        check_moves(&positions()[i.index(positions().len())], &text)?;
    }

    #[test]
    fn moves_read_chessy_unicode_in_many_positions(
        i in any::<proptest::sample::Index>(),
        text in chessy(10),
    ) {
        check_moves(&positions()[i.index(positions().len())], &text)?;
    }

    #[test]
    fn moves_read_mutated_legal_moves(
        i in any::<proptest::sample::Index>(),
        j in any::<proptest::sample::Index>(),
        at in any::<proptest::sample::Index>(),
        c in any::<char>(),
        how in any::<u8>(),
    ) {
        let pos = &positions()[i.index(positions().len())];
        let moves = pos.legal_moves();
        prop_assume!(!moves.is_empty());
        let m = moves[j.index(moves.len())];
        check_moves(pos, &mutate(&SanPlus::from_move(pos, m).to_string(), at, c, how))?;
        check_moves(pos, &mutate(&uci::format(pos, m), at, c, how))?;
    }

    #[test]
    fn pgn_reads_any_unicode(text in any::<String>()) {
        check_pgn(&text)?;
    }

    #[test]
    fn pgn_reads_chessy_unicode(text in chessy(300)) {
        check_pgn(&text)?;
    }

    #[test]
    fn pgn_reads_mutated_games(
        at in proptest::collection::vec(any::<proptest::sample::Index>(), 1..4),
        c in proptest::collection::vec(any::<char>(), 1..4),
        how in any::<u8>(),
    ) {
        let mut text = SAMPLE_PGN.to_owned();
        for (&at, &c) in at.iter().zip(&c) {
            text = mutate(&text, at, c, how);
        }
        check_pgn(&text)?;
    }
}
