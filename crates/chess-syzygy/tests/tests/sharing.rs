//! Tables open on first use, once, and probing from several threads.

use chess_syzygy::{Dtz, Material, SyzygyError, TableKind, Tablebase, Wdl};
use chess_testdata::TempDir;

use crate::support::{data_lines, position, tables, tables_dir};

#[test]
fn tables_are_opened_when_first_probed() {
    let Some(tables) = tables() else {
        return;
    };
    assert_eq!(tables.open_tables(), 0);
    let kqk = position("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
    assert!(tables.contains(&Material::from_board(kqk.board()), TableKind::Dtz));
    assert_eq!(tables.open_tables(), 0);
    assert_eq!(tables.probe_wdl(&kqk).unwrap(), Wdl::Win);
    assert_eq!(tables.open_tables(), 1);
    assert_eq!(tables.probe_wdl(&kqk).unwrap(), Wdl::Win);
    assert_eq!(tables.open_tables(), 1);
    assert!(tables.probe_dtz(&kqk).unwrap() > Dtz(0));
    assert_eq!(tables.open_tables(), 2);
    // A capture leads to KQvK: probing KQvKN opens its own table, and KQvK's is open already.
    let kqkn = position("8/8/8/8/8/2k5/3n4/K2Q4 w - - 0 1");
    tables.probe_wdl(&kqkn).unwrap();
    assert_eq!(tables.open_tables(), 3);
}

#[test]
fn a_broken_table_is_reported_when_probed_and_spoils_nothing_else() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let scratch = TempDir::new("syzygy-broken");
    std::fs::copy(dir.join("KRvK.rtbw"), scratch.join("KRvK.rtbw")).unwrap();
    std::fs::write(scratch.join("KQvK.rtbw"), [0x5a; 64 * 3 + 16]).unwrap();
    let tables = Tablebase::open(scratch.path()).unwrap();
    let krk = position("8/8/8/8/8/2k5/8/K2R4 w - - 0 1");
    assert_eq!(tables.probe_wdl(&krk).unwrap(), Wdl::Win);
    let kqk = position("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
    for _ in 0..2 {
        // The error is kept: the file is not read again.
        let error = tables.probe_wdl(&kqk).unwrap_err();
        assert!(
            matches!(error, SyzygyError::Corrupt { offset: 0, .. }),
            "{error:?}"
        );
        assert!(error.to_string().ends_with(
            "KQvK.rtbw at byte 0: expected the magic bytes of a syzygy table, found 5a 5a 5a 5a"
        ));
    }
    assert_eq!(tables.open_tables(), 1);
}

/// Eight threads probe the random positions of `random.txt`, each in its own order, on one
/// fresh tablebase: they race to open the tables, and every value is python-chess's.
#[test]
fn threads_share_one_tablebase() {
    let Some(tables) = tables() else {
        return;
    };
    let lines = data_lines("random.txt");
    let cases: Vec<_> = lines
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split(';').collect();
            let wdl = Wdl::from_i8(fields[2].parse().unwrap()).unwrap();
            let dtz = Dtz(fields[3].parse().unwrap());
            (position(fields[0]), wdl, dtz)
        })
        .collect();
    let threads = 8;
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (tables, cases) = (&tables, &cases);
            scope.spawn(move || {
                let start = t * cases.len() / threads;
                for i in 0..cases.len() {
                    let (pos, wdl, dtz) = &cases[(start + i * (2 * t + 1)) % cases.len()];
                    assert_eq!(tables.probe_wdl(pos).unwrap(), *wdl);
                    assert_eq!(tables.probe_dtz(pos).unwrap(), *dtz);
                }
            });
        }
    });
    // The same tables as one thread opens (every WDL table; the DTZ tables of materials
    // that are not all draws).
    let sequential = crate::support::tables().unwrap();
    for (pos, _, _) in &cases {
        sequential.probe_dtz(pos).unwrap();
    }
    assert_eq!(tables.open_tables(), sequential.open_tables());
    assert!(tables.open_tables() > 35, "{}", tables.open_tables());
}
