//! The variants' notation against python-chess: its perft suites of the variants, read from
//! their EPD lines (pockets, promoted pieces, Three-check's counters) and counted in full.

use chess_notation::Epd;
use chess_rules::variant::{Variant, perft};
use chess_testdata::VARIANT_PERFT;

/// Every count of python-chess's six variant suites, as its `perft.py` plays them: each
/// position under Chess960 castling (`VariantBoard(chess960=True)`; the suites have Atomic960
/// castling), nothing skipped (about 25 million nodes in all, seconds with the test profile's
/// optimisations).
#[test]
fn python_chess_variant_perft_suites_in_full() {
    let paths: Vec<&str> = VARIANT_PERFT.iter().map(|&(_, path)| path).collect();
    let Some(files) = chess_testdata::read_each(&paths) else {
        return;
    };
    let mut checked = Vec::new();
    for (&(name, path), bytes) in VARIANT_PERFT.iter().zip(files) {
        let variant: Variant = name.parse().unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let mut lines = 0;
        for record in chess_testdata::perft::records(&text) {
            let epd: Epd = record
                .fen
                .parse()
                .unwrap_or_else(|e| panic!("{path} {}: {e}", record.id));
            let pos = epd
                .variant_position(variant, true)
                .unwrap_or_else(|e| panic!("{path} {}: {e}", record.id));
            for &(depth, nodes) in &record.counts {
                assert_eq!(
                    perft(&pos, depth),
                    nodes,
                    "{path} {} depth {depth}",
                    record.id
                );
                lines += 1;
            }
            // The EPD written back reads the same.
            let again: Epd = Epd::from_variant_position(&pos).to_string().parse().unwrap();
            assert_eq!(again.variant_fen(), epd.variant_fen(), "{path} {}", record.id);
        }
        checked.push((name, lines));
    }
    // Every `perft` line of each file: `grep -c '^perft' FILE`.
    assert_eq!(
        checked,
        [
            ("Three-check", 6),
            ("Atomic", 31),
            ("Crazyhouse", 18),
            ("Antichess", 23),
            ("Horde", 12),
            ("Racing Kings", 10),
        ]
    );
}
