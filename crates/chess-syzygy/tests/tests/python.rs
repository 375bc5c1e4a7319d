//! Agreement with python-chess's `chess.syzygy` on random positions of every material.

use std::collections::BTreeSet;

use chess_core::Color;
use chess_rules::EnPassantMode;
use chess_syzygy::{Dtz, Material, Wdl};

use crate::support::{data_lines, position, tables};

/// `tests/data/random.txt` (written by `tests/data/generate.py` with python-chess 1.11.2):
/// random legal positions of all 35 materials of the fetched tables, both colours on the
/// stronger side and both sides to move, and KPvKP positions with an en passant capture, each
/// with python-chess's `probe_wdl_table`, `probe_wdl` and `probe_dtz`.
#[test]
fn random_positions_agree_with_python_chess() {
    let Some(tables) = tables() else {
        return;
    };
    let lines = data_lines("random.txt");
    let mut failures = Vec::new();
    let mut materials = BTreeSet::new();
    let (mut white, mut black, mut en_passant) = (0, 0, 0);
    for line in &lines {
        let fields: Vec<&str> = line.split(';').collect();
        let [fen, wdl_table, wdl, dtz] = fields[..] else {
            panic!("not fen;wdl_table;wdl;dtz: {line}");
        };
        let pos = position(fen);
        let number = |s: &str| s.parse::<i32>().unwrap_or_else(|e| panic!("{line}: {e}"));
        let expected = (
            Wdl::from_i8(number(wdl_table) as i8).unwrap(),
            Wdl::from_i8(number(wdl) as i8).unwrap(),
            Dtz(number(dtz)),
        );
        let found = (
            tables.probe_wdl_table(&pos).unwrap(),
            tables.probe_wdl(&pos).unwrap(),
            tables.probe_dtz(&pos).unwrap(),
        );
        if found != expected {
            failures.push(format!("{fen}: expected {expected:?}, found {found:?}"));
        }
        materials.insert(Material::from_board(pos.board()).normalized().to_string());
        match pos.turn() {
            Color::White => white += 1,
            Color::Black => black += 1,
        }
        en_passant += usize::from(pos.ep_square(EnPassantMode::Legal).is_some());
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions differ from python-chess:\n{}",
        failures.len(),
        lines.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    assert_eq!(lines.len(), 3_800);
    assert_eq!(materials.len(), 35, "{materials:?}");
    assert!(white >= 1_800 && black >= 1_800, "{white} {black}");
    assert!(en_passant >= 300, "{en_passant}");
}
