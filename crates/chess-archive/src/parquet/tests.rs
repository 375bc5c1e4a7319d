use super::encode::{BATCH_ROWS, ROW_GROUP_ROWS};
use super::*;
use crate::schema::EVERY;

#[test]
fn the_columns_are_the_schema_s() {
    for schema in EVERY {
        let writer = GameWriter::new(Vec::new(), schema).unwrap();
        let names: Vec<String> = writer
            .schema()
            .fields()
            .iter()
            .map(|f| f.name().clone())
            .collect();
        assert_eq!(names, schema.columns(), "{schema:?}");
    }
}

/// Games of one to four moves, with clocks and evaluations: `games` of them.
fn records(games: usize) -> Vec<GameRecord> {
    use crate::{RecordOptions, RecordVisitor};
    use chess_notation::pgn::{GameBuilder, Reader};
    let lines = [
        "1. e4 { [%clk 0:03:00] } *",
        "1. e4 { [%clk 0:03:00] } e5 { [%eval 0.3] } 2. Nf3 *",
        "1. d4 d5 2. c4 { [%eval #-4] } e6 *",
        "1. Nf3 Ke2 *",
    ];
    let mut pgn = String::new();
    for i in 0..games {
        pgn.push_str(&format!(
            "[Event \"{i}\"]\n[WhiteElo \"{}\"]\n\n{}\n\n",
            1500 + i,
            lines[i % lines.len()]
        ));
    }
    let options = RecordOptions {
        positions: true,
        ..RecordOptions::default()
    };
    let mut visitor = RecordVisitor::new(GameBuilder::new(), options);
    let mut reader = Reader::new(pgn.as_bytes());
    std::iter::from_fn(|| reader.read_game(&mut visitor).unwrap()).collect()
}

fn write(records: &[GameRecord], schema: Schema, threads: usize) -> Vec<u8> {
    let mut writer = GameWriter::new(Vec::new(), schema)
        .unwrap()
        .with_threads(threads);
    for (i, record) in records.iter().enumerate() {
        // Two sources: the name changes within a row group.
        let source = if i < records.len() / 2 {
            "a.pgn"
        } else {
            "b.pgn"
        };
        writer.write(record.clone(), source).unwrap();
    }
    writer.finish().unwrap()
}

/// The rows of each row group of a Parquet file.
fn row_groups(bytes: Vec<u8>) -> Vec<i64> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let dir = chess_testdata::TempDir::new("row-groups");
    let file = std::fs::File::open(dir.write("games.parquet", bytes)).unwrap();
    let reader = SerializedFileReader::new(file).unwrap();
    reader
        .metadata()
        .row_groups()
        .iter()
        .map(|group| group.num_rows())
        .collect()
}

#[test]
fn the_file_is_the_same_whatever_the_threads() {
    // Several row groups and a last one that is not full; for positions, games whose rows
    // are cut between two row groups.
    let records = records(2 * ROW_GROUP_ROWS + 3 * BATCH_ROWS + 17);
    for schema in EVERY {
        let one = write(&records, schema, 1);
        assert_eq!(&one[..4], b"PAR1");
        for threads in [2, 3] {
            assert!(
                one == write(&records, schema, threads),
                "{schema:?}, {threads} threads"
            );
        }
        let rows: u64 = records.iter().map(|r| schema.rows(r)).sum();
        let groups = row_groups(one);
        assert!(groups.len() >= 3, "{schema:?}: {groups:?}");
        assert!(
            groups[..groups.len() - 1]
                .iter()
                .all(|&n| n == ROW_GROUP_ROWS as i64),
            "{schema:?}: {groups:?}"
        );
        assert_eq!(groups.iter().sum::<i64>() as u64, rows, "{schema:?}");
    }
    // Each game's positions in order, across the row groups' cuts.
    let expected: Vec<(i64, i32)> = records
        .iter()
        .flat_map(|r| (0..r.positions.len()).map(|ply| (r.game_index as i64, ply as i32)))
        .collect();
    assert_eq!(plies(write(&records, Schema::Positions, 3)), expected);
}

/// The `game_index` and `ply` of each row of a positions file.
fn plies(bytes: Vec<u8>) -> Vec<(i64, i32)> {
    use arrow_array::cast::AsArray;
    use arrow_array::types::{Int32Type, Int64Type};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let dir = chess_testdata::TempDir::new("plies");
    let file = std::fs::File::open(dir.write("positions.parquet", bytes)).unwrap();
    let mut rows = Vec::new();
    for batch in ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap()
    {
        let batch = batch.unwrap();
        let games = batch
            .column_by_name("game_index")
            .unwrap()
            .as_primitive::<Int64Type>();
        let plies = batch
            .column_by_name("ply")
            .unwrap()
            .as_primitive::<Int32Type>();
        rows.extend(
            games
                .values()
                .iter()
                .copied()
                .zip(plies.values().iter().copied()),
        );
    }
    rows
}

#[test]
fn no_records_make_a_file_without_row_groups() {
    for threads in [1, 2] {
        let bytes = write(&[], Schema::Lichess, threads);
        assert_eq!(row_groups(bytes), Vec::<i64>::new());
    }
}

/// Accepts a few bytes, then fails.
struct Failing(usize);

impl Write for Failing {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.0 < buf.len() {
            return Err(std::io::Error::other("disk full"));
        }
        self.0 -= buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_write_error_on_the_threads_comes_back() {
    // Past several row groups, so that the file is written to (and fails) before the end.
    let records = records(6 * ROW_GROUP_ROWS);
    let schema = Schema::Games {
        san: false,
        packed: false,
    };
    for threads in [1, 2, 3] {
        let mut writer = GameWriter::new(Failing(100), schema)
            .unwrap()
            .with_threads(threads);
        let mut failed = None;
        for (i, record) in records.iter().enumerate() {
            if let Err(e) = writer.write(record.clone(), "games.pgn") {
                failed = Some((i, e));
                break;
            }
        }
        let error = match failed {
            Some((i, e)) => {
                // Reported while the input is read, not only at the end.
                assert!(i < records.len() - ROW_GROUP_ROWS, "{threads}: record {i}");
                e
            }
            None => writer.finish().err().expect("the write fails"),
        };
        assert!(
            error.to_string().contains("disk full"),
            "{threads}: {error}"
        );
    }
}
