//! Truncated, random and damaged table files: errors, never panics or reads out of bounds.

use std::path::Path;

use chess_rules::Position;
use chess_syzygy::{Dtz, Material, SyzygyError, Tablebase, Wdl};
use chess_testdata::{Rng, TempDir};

use crate::support::{data_lines, position, tables_dir};

/// Tables of each layout: pieces only (three unique leading pieces, or the two kings as with
/// KNNvK), pawns of one side, pawns of both sides; WDL and DTZ.
const FILES: [&str; 8] = [
    "KQvK.rtbw",
    "KQvK.rtbz",
    "KNNvK.rtbw",
    "KRvKN.rtbz",
    "KPvK.rtbz",
    "KPvKP.rtbw",
    "KPvKP.rtbz",
    "KBNvK.rtbz",
];

/// What probing a position of a file's material gives.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Value {
    Wdl(Wdl),
    Dtz(Dtz),
}

struct Case {
    pos: Position,
    wdl: Wdl,
    dtz: Dtz,
}

/// The positions of `random.txt` of the material of `file`, with their values.
fn cases(file: &str) -> Vec<Case> {
    let material = file.split('.').next().unwrap();
    data_lines("random.txt")
        .iter()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(';').collect();
            let pos = position(fields[0]);
            (Material::from_board(pos.board()).normalized().to_string() == material).then(|| Case {
                pos,
                wdl: Wdl::from_i8(fields[2].parse().unwrap()).unwrap(),
                dtz: Dtz(fields[3].parse().unwrap()),
            })
        })
        .take(30)
        .collect()
}

/// Probes the cases with the file of `scratch` in front of the genuine tables (the first
/// directory wins), and checks that every failure is an error about that file.
fn probe(scratch: &TempDir, genuine: &Path, file: &str, cases: &[Case]) -> Vec<Option<Value>> {
    let mut tables = Tablebase::new();
    tables.add_directory(scratch.path()).unwrap();
    tables.add_directory(genuine).unwrap();
    let damaged = scratch.join(file);
    cases
        .iter()
        .map(|case| {
            let result = if file.ends_with("rtbw") {
                tables.probe_wdl(&case.pos).map(Value::Wdl)
            } else {
                tables.probe_dtz(&case.pos).map(Value::Dtz)
            };
            match result {
                Ok(value) => Some(value),
                Err(SyzygyError::Corrupt { path, .. }) => {
                    assert_eq!(path, damaged);
                    None
                }
                Err(SyzygyError::Inconsistent { .. }) => None,
                Err(e) => panic!("{file}: unexpected error {e}"),
            }
        })
        .collect()
}

fn expected(file: &str, case: &Case) -> Value {
    if file.ends_with("rtbw") {
        Value::Wdl(case.wdl)
    } else {
        Value::Dtz(case.dtz)
    }
}

/// Prefixes of each file: up to the byte where its last section ends, opening it fails and the
/// probes that need it are errors; any value a probe gives is the right one.
#[test]
fn truncated_files_are_errors() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let mut prefixes = 0;
    for file in FILES {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let cases = cases(file);
        assert!(cases.len() >= 20, "{file}");
        let scratch = TempDir::new("syzygy-truncated");
        let full = bytes.len();
        let mut lengths: Vec<usize> = (0..=300).collect();
        // Sizes a table can have, about 150 of them spread over the file.
        let stride = (full / 64 / 150).max(1) * 64;
        lengths.extend((16..full).step_by(stride));
        lengths.extend((full - 200..full).filter(|n| n % 64 == 16 || n % 7 == 0));
        lengths.retain(|&n| n < full);
        for len in lengths {
            std::fs::write(scratch.join(file), &bytes[..len]).unwrap();
            let values = probe(&scratch, &dir, file, &cases);
            // Values that do not need the table (draws, wins by a capture) still come; any
            // value that comes is right.
            for (case, value) in cases.iter().zip(&values) {
                if let Some(value) = value {
                    assert_eq!(*value, expected(file, case), "{file} cut to {len} bytes");
                }
            }
            if len + 80 <= full {
                assert!(
                    values.iter().any(Option::is_none),
                    "{file} cut to {len} bytes"
                );
            }
            prefixes += 1;
        }
    }
    assert!(prefixes > 3_000, "{prefixes}");
}

/// Files of random bytes, with and without the right magic bytes, of the sizes tables have.
#[test]
fn random_bytes_are_errors_not_panics() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let mut rng = Rng::new(0x5157_2a9e_d1c3_b001);
    let mut errors = 0;
    for file in FILES {
        let cases = cases(file);
        let magic = std::fs::read(dir.join(file)).unwrap()[..4].to_vec();
        let scratch = TempDir::new("syzygy-random");
        for round in 0..60 {
            let len = 16 + 64 * rng.below(200);
            let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            if round % 4 != 0 {
                bytes[..4].copy_from_slice(&magic);
            }
            if round % 2 == 0 {
                // A plausible flags byte and piece list: reading goes further before it fails.
                let real = std::fs::read(dir.join(file)).unwrap();
                let n = real.len().min(len).min(5 + rng.below(40));
                bytes[..n].copy_from_slice(&real[..n]);
            }
            std::fs::write(scratch.join(file), &bytes).unwrap();
            errors += probe(&scratch, &dir, file, &cases)
                .iter()
                .filter(|v| v.is_none())
                .count();
        }
    }
    assert!(errors > 1_000, "{errors}");
}

/// Real tables with a few bytes changed, mostly in the headers: any value or an error, never a
/// panic, a hang or a read out of bounds.
#[test]
fn damaged_files_are_errors_or_values_never_panics() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let mut rng = Rng::new(0x0dd_ba11_cafe_f00d);
    let (mut probes, mut errors) = (0, 0);
    for file in FILES {
        let genuine = std::fs::read(dir.join(file)).unwrap();
        let cases = cases(file);
        let scratch = TempDir::new("syzygy-damaged");
        for _ in 0..150 {
            let mut bytes = genuine.clone();
            for _ in 0..1 + rng.below(3) {
                let at = if rng.below(4) == 0 {
                    rng.below(bytes.len())
                } else {
                    4 + rng.below(bytes.len().min(400) - 4)
                };
                bytes[at] = rng.next_u64() as u8;
            }
            std::fs::write(scratch.join(file), &bytes).unwrap();
            let values = probe(&scratch, &dir, file, &cases);
            probes += values.len();
            errors += values.iter().filter(|v| v.is_none()).count();
        }
    }
    assert!(probes > 20_000, "{probes}");
    assert!(errors > 1_000, "{errors} of {probes}");
}

#[test]
fn sizes_and_magic_bytes_are_checked_when_a_table_is_opened() {
    let scratch = TempDir::new("syzygy-headers");
    let kqk = position("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
    for (bytes, message) in [
        (
            Vec::new(),
            "at byte 0: size 0 is not 16 more than a multiple of 64, as a table's is",
        ),
        (
            vec![0; 100],
            "at byte 100: size 100 is not 16 more than a multiple of 64, as a table's is",
        ),
        (
            vec![0xd7, 0x66, 0x0c, 0xa5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "at byte 0: expected the magic bytes of a syzygy table, found d7 66 0c a5",
        ),
        (
            vec![0x71, 0xe8, 0x23, 0x5d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            "at byte 5: the header's pieces are not the material of the file name",
        ),
    ] {
        std::fs::write(scratch.join("KQvK.rtbw"), &bytes).unwrap();
        let tables = Tablebase::open(scratch.path()).unwrap();
        let error = tables.probe_wdl(&kqk).unwrap_err().to_string();
        assert!(error.starts_with("corrupt syzygy table "), "{error}");
        assert!(error.ends_with(message), "{error}");
    }
}

/// The memory map (the crate's one `unsafe` block) stays valid when the file is replaced by
/// renaming another over it, or removed: the mapping keeps the old file's pages.
#[cfg(unix)]
#[test]
fn a_mapped_table_outlives_its_file_being_replaced_or_removed() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let scratch = TempDir::new("syzygy-replaced");
    std::fs::copy(dir.join("KQvK.rtbw"), scratch.join("KQvK.rtbw")).unwrap();
    let tables = Tablebase::open(scratch.path()).unwrap();
    let cases = cases("KQvK.rtbw");
    let probe_all = |tables: &Tablebase| -> Vec<Wdl> {
        cases
            .iter()
            .map(|c| tables.probe_wdl(&c.pos).unwrap())
            .collect()
    };
    let before = probe_all(&tables);
    assert_eq!(before, cases.iter().map(|c| c.wdl).collect::<Vec<_>>());
    std::fs::write(scratch.join("new"), vec![0u8; 64 * 10 + 16]).unwrap();
    std::fs::rename(scratch.join("new"), scratch.join("KQvK.rtbw")).unwrap();
    assert_eq!(probe_all(&tables), before);
    // A new tablebase opens the new file, which is no table.
    let fresh = Tablebase::open(scratch.path()).unwrap();
    assert!(fresh.probe_wdl(&cases[0].pos).is_err());
    std::fs::remove_file(scratch.join("KQvK.rtbw")).unwrap();
    assert_eq!(probe_all(&tables), before);
}
