//! python-chess's endgame suite: 200 positions with the values its tables give.

use chess_notation::Epd;
use chess_syzygy::{Dtz, Wdl};

use crate::support::{position, tables};

/// Each line of `endgame.epd` states `wdl_table`, the value the WDL table stores for the
/// position as it stands (python-chess's `probe_wdl_table`: no look at captures or en
/// passant), `wdl`, the position's result (`probe_wdl`: captures and en passant resolved), and
/// `dtz` (`probe_dtz`).
#[test]
fn the_200_positions_of_endgame_epd_give_their_stated_values() {
    let Some(text) = chess_testdata::read_to_string(chess_testdata::ENDGAME_EPD) else {
        return;
    };
    let Some(tables) = tables() else {
        return;
    };
    let mut checked = 0;
    let mut resolved_by_a_capture = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let epd: Epd = line
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let pos = position(&epd.fen().to_string());
        let stated = |opcode: &str| {
            epd.number(opcode)
                .unwrap_or_else(|| panic!("line {}: no {opcode}", i + 1))
        };
        let wdl_table = Wdl::from_i8(stated("wdl_table") as i8).unwrap();
        let wdl = Wdl::from_i8(stated("wdl") as i8).unwrap();
        let dtz = Dtz(stated("dtz") as i32);
        let at = |what: &str| format!("line {} ({line}): {what}", i + 1);
        assert_eq!(
            tables.probe_wdl_table(&pos).unwrap(),
            wdl_table,
            "{}",
            at("wdl_table")
        );
        assert_eq!(tables.probe_wdl(&pos).unwrap(), wdl, "{}", at("wdl"));
        assert_eq!(tables.probe_dtz(&pos).unwrap(), dtz, "{}", at("dtz"));
        resolved_by_a_capture += usize::from(wdl_table != wdl);
        checked += 1;
    }
    assert_eq!(checked, 200);
    // The suite does test what the tables leave out: in these positions a capture (or en
    // passant) changes the stored value.
    assert!(resolved_by_a_capture >= 10, "{resolved_by_a_capture}");
}
