//! What cannot be probed, and how it is said.

use chess_core::Color;
use chess_syzygy::{Dtz, Material, RootOptions, SyzygyError, TableKind, Tablebase, Wdl};
use chess_testdata::TempDir;

use crate::support::{position, tables, tables_dir};

#[test]
fn a_missing_table_is_an_error_naming_the_material() {
    let empty = Tablebase::new();
    // Black has the queen: the table is named stronger side first.
    let pos = position("8/8/8/8/8/2k5/8/K2q4 w - - 0 1");
    let error = empty.probe_wdl(&pos).unwrap_err();
    let SyzygyError::MissingTable { material, kind } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(
        (material.to_string(), *kind),
        ("KQvK".to_owned(), TableKind::Wdl)
    );
    assert_eq!(error.to_string(), "missing wdl table KQvK.rtbw");
    assert!(matches!(
        empty.probe_dtz(&pos),
        Err(SyzygyError::MissingTable { .. })
    ));
    assert!(matches!(
        empty.probe_root(&pos, RootOptions::default()),
        Err(SyzygyError::MissingTable { .. })
    ));
    assert_eq!(empty.max_pieces(), 0);
}

#[test]
fn a_missing_dtz_table_is_an_error_when_the_wdl_table_is_there() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let scratch = TempDir::new("syzygy-wdl-only-kqvk");
    std::fs::copy(dir.join("KQvK.rtbw"), scratch.join("KQvK.rtbw")).unwrap();
    let tables = Tablebase::open(scratch.path()).unwrap();
    let pos = position("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
    assert_eq!(tables.probe_wdl(&pos).unwrap(), Wdl::Win);
    let error = tables.probe_dtz(&pos).unwrap_err();
    assert_eq!(error.to_string(), "missing dtz table KQvK.rtbz");
    let material = Material::from_board(pos.board());
    assert!(tables.contains(&material, TableKind::Wdl));
    assert!(!tables.contains(&material, TableKind::Dtz));
    assert!(tables.contains(&material.mirrored(), TableKind::Wdl));
}

#[test]
fn five_pieces_need_a_table_the_test_data_does_not_have() {
    let Some(tables) = tables() else {
        return;
    };
    assert_eq!(tables.max_pieces(), 4);
    // No capture: the position's own table is needed.
    let pos = position("4k3/8/8/4r3/8/8/7R/K6R w - - 0 1");
    let error = tables.probe_wdl(&pos).unwrap_err();
    assert_eq!(error.to_string(), "missing wdl table KRRvKR.rtbw");
    assert!(matches!(
        tables.probe_dtz(&pos),
        Err(SyzygyError::MissingTable {
            kind: TableKind::Wdl,
            ..
        })
    ));
}

#[test]
fn positions_with_castling_rights_are_not_in_the_tables() {
    let tables = Tablebase::new();
    let pos = position("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert!(pos.castling_rights().has_any(Color::Black));
    for error in [
        tables.probe_wdl(&pos).unwrap_err(),
        tables.probe_wdl_table(&pos).unwrap_err(),
        tables.probe_dtz(&pos).unwrap_err(),
        tables.probe_root(&pos, RootOptions::default()).unwrap_err(),
    ] {
        assert!(matches!(error, SyzygyError::Castling), "{error:?}");
    }
}

#[test]
fn positions_of_more_than_seven_pieces_are_not_in_the_tables() {
    let tables = Tablebase::new();
    let pos = position("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
    let error = tables.probe_wdl(&pos).unwrap_err();
    assert!(
        matches!(error, SyzygyError::TooManyPieces { pieces: 10 }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "syzygy tables hold positions of at most 7 pieces, this one has 10"
    );
    assert!(tables.probe_dtz(&pos).is_err());
    assert!(tables.probe_root(&pos, RootOptions::default()).is_err());
}

#[test]
fn two_bare_kings_are_a_draw_without_any_table() {
    let tables = Tablebase::new();
    let pos = position("8/8/8/8/8/2k5/8/K7 w - - 0 1");
    assert_eq!(tables.probe_wdl(&pos).unwrap(), Wdl::Draw);
    assert_eq!(tables.probe_wdl_table(&pos).unwrap(), Wdl::Draw);
    assert_eq!(tables.probe_dtz(&pos).unwrap(), Dtz(0));
    let root = tables.probe_root(&pos, RootOptions::default()).unwrap();
    assert!(root.moves().iter().all(|rm| rm.wdl == Wdl::Draw));
}

#[test]
fn a_directory_that_cannot_be_read_is_an_error_with_its_path() {
    let error = Tablebase::open("/no/such/syzygy/directory").unwrap_err();
    assert!(matches!(error, SyzygyError::Io { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("cannot read /no/such/syzygy/directory: "),
        "{error}"
    );
}

#[test]
fn files_that_are_not_tables_are_ignored_and_the_first_directory_wins() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let first = TempDir::new("syzygy-first");
    let second = TempDir::new("syzygy-second");
    std::fs::copy(dir.join("KQvK.rtbw"), first.join("KQvK.rtbw")).unwrap();
    // The second directory's KQvK is not a table: the first one's is used.
    std::fs::write(second.join("KQvK.rtbw"), [0u8; 80]).unwrap();
    std::fs::copy(dir.join("KRvK.rtbw"), second.join("KRvK.rtbw")).unwrap();
    for other in [
        "README.txt",
        "KvKQ.rtbw",
        "KQvK.rtbw.part",
        "KQQQQQQvK.rtbw",
    ] {
        std::fs::write(second.join(other), b"not a table").unwrap();
    }
    let mut tables = Tablebase::new();
    assert_eq!(tables.add_directory(first.path()).unwrap(), 1);
    assert_eq!(tables.add_directory(second.path()).unwrap(), 1);
    assert_eq!(
        tables
            .probe_wdl(&position("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1"))
            .unwrap(),
        Wdl::Win
    );
    assert_eq!(
        tables
            .probe_wdl(&position("8/8/8/8/8/2k5/8/K2R4 w - - 0 1"))
            .unwrap(),
        Wdl::Win
    );
}
