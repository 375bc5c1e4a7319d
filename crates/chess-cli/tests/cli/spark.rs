//! The Spark job of `examples/spark` in local mode (`local[2]`): plain, multi-frame zstd and
//! gzip files, cut into parts that split games, give Spark the games `chess pgn` reads on one
//! machine, in a data set partitioned by year and month; the example analyses run on it.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::Command;

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess};

/// Whether Spark can run here: python3 with pyspark, pyarrow and pandas (which pyspark's Arrow
/// functions check for), and java. Otherwise the test
/// says it skips (a failure under `CHESS_REQUIRE_TEST_TOOLS=1`).
fn spark_runs() -> bool {
    let python = Command::new("python3")
        .args(["-c", "import pyspark, pyarrow, pandas"])
        .output()
        .is_ok_and(|o| o.status.success());
    let java = Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !python {
        chess_testdata::skip(
            "python3 cannot import pyspark, pyarrow and pandas",
            "python3 -m pip install pyspark==4.3.0 pyarrow==26.0.1 pandas==2.3.3",
        );
    } else if !java {
        chess_testdata::skip(
            "java (which Spark runs on) is not installed",
            "apt-get install openjdk-17-jre-headless",
        );
    }
    python && java
}

/// A multi-frame zstd file as pzstd writes it (the Lichess database's shape): `text` cut every
/// `frame` bytes, wherever that falls, each frame announced by a skippable frame that holds
/// its compressed size.
fn pzstd_like(text: &[u8], frame: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in text.chunks(frame) {
        let compressed = zstd::encode_all(chunk, 3).unwrap();
        out.extend_from_slice(&0x184D_2A50_u32.to_le_bytes());
        out.extend_from_slice(&4_u32.to_le_bytes());
        out.extend_from_slice(&u32::try_from(compressed.len()).unwrap().to_le_bytes());
        out.extend_from_slice(&compressed);
    }
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// The value of the tag `name` in a line of `chess pgn --json` (tag names and values are JSON
/// strings, which escape their quotes, so `, "Date": "` cannot match inside another one).
fn tag<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("\"{name}\": \"");
    let headers = line
        .split_once("\"headers\": {")?
        .1
        .split_once("}, \"moves\": ")?
        .0;
    let at = if headers.starts_with(&key) {
        key.len()
    } else {
        headers.find(&format!(", {key}"))? + key.len() + 2
    };
    headers[at..].split('"').next()
}

/// The year and month the job files a game under, as `year<TAB>month` (`null` where unknown):
/// its `UTCDate` when that is a whole date, else its `Date` (`YYYY.MM.DD`, `??` where unknown).
fn month_of(line: &str) -> String {
    let number = |date: &str, range: std::ops::Range<usize>| {
        date.get(range)
            .filter(|f| f.bytes().all(|b| b.is_ascii_digit()))
            .map(|f| f.trim_start_matches('0').to_owned())
    };
    let utc =
        tag(line, "UTCDate").filter(|d| number(d, 0..4).is_some() && number(d, 5..7).is_some());
    let date = utc.or_else(|| tag(line, "Date")).unwrap_or("");
    let null = || "null".to_owned();
    format!(
        "{}\t{}",
        number(date, 0..4).unwrap_or_else(null),
        number(date, 5..7).unwrap_or_else(null)
    )
}

/// One machine's reading of `paths`: games by `result<TAB>year<TAB>month` from `chess pgn
/// --json`, and each file's statistics line from `chess pgn` (`N games, M plies, B bad`).
fn one_machine(paths: &[String]) -> (BTreeMap<String, u64>, BTreeMap<String, String>) {
    let mut games = BTreeMap::new();
    let mut files = BTreeMap::new();
    for path in paths {
        let out = chess(&["pgn", "--json", path], "");
        assert!(out.status == 0 || out.status == 1, "{path}: {}", out.stderr);
        for line in out.stdout.lines() {
            // The game's own `result` comes after its headers, whose strings escape quotes.
            let (_, result) = line.rsplit_once("\"result\": \"").expect("a result");
            let result = result.split('"').next().unwrap();
            *games
                .entry(format!("{result}\t{}", month_of(line)))
                .or_insert(0) += 1;
        }
        let out = chess(&["pgn", path], "");
        let stats = out.stdout.trim().rsplit_once(": ").expect("statistics").1;
        files.insert(path.clone(), stats.to_owned());
    }
    (games, files)
}

/// Reads the data set with pyarrow: one line `result year month games` per group, then `file:
/// N games, M plies, B bad` per source file (the plies of the games without error, as `chess
/// pgn` counts them; `1 game`, `1 ply` for one).
const READ_BACK: &str = r#"
import sys, collections, pyarrow.dataset as ds
t = ds.dataset(sys.argv[1], format="parquet", partitioning="hive").to_table().to_pylist()
null = lambda v: "null" if v is None else str(v)
groups = collections.Counter((g["result"], null(g["year"]), null(g["month"])) for g in t)
for key, n in sorted(groups.items()):
    print("\t".join(key), n, sep="\t")
files = collections.defaultdict(lambda: [0, 0, 0])
for g in t:
    f = files[g["source_file"]]
    f[0] += 1
    f[1] += g["plies"] if g["error"] is None else 0
    f[2] += g["error"] is not None
plural = lambda n, one, many: f"{n} {one if n == 1 else many}"
for name, (games, plies, bad) in sorted(files.items()):
    print(f"{name}: {plural(games, 'game', 'games')}, {plural(plies, 'ply', 'plies')}, {bad} bad")
"#;

/// Runs the job in `local[2]` on `inputs` in parts of 8 KB into `out`, with `option`; its
/// stdout, after asserting it succeeded.
fn run_job(inputs: &[String], out: &str, option: &str) -> String {
    let job = Command::new("python3")
        .arg(chess_testdata::workspace_root().join("examples/spark/pgn_to_parquet.py"))
        .args([
            "--master",
            "local[2]",
            "--chess",
            env!("CARGO_BIN_EXE_chess"),
            // The binary's path, even where the kingside package imports (python/tests has
            // the in-process run).
            "--converter",
            "binary",
        ])
        .args(["--out", out, "--part-size", "8K", option])
        .args(inputs)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&job.stdout).into_owned();
    assert!(
        job.status.success(),
        "the job with {option} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&job.stderr)
    );
    stdout
}

/// The data set at `out` as [`READ_BACK`] sums it up.
fn read_back(out: &str) -> String {
    let read = Command::new("python3")
        .args(["-c", READ_BACK, out])
        .output()
        .expect("python3 runs");
    assert!(
        read.status.success(),
        "{}",
        String::from_utf8_lossy(&read.stderr)
    );
    String::from_utf8_lossy(&read.stdout).into_owned()
}

/// Runs python3 on the example script `script` with `args`, where pyspark and pyarrow cannot
/// be imported even if they are installed: modules of those names that fail to import come
/// first on the path, as on a machine without them.
fn without_spark(dir: &TempDir, script: &str, args: &[&str]) -> std::process::Output {
    for module in ["pyspark", "pyarrow"] {
        dir.file(
            &format!("{module}.py"),
            &format!(
                "raise ModuleNotFoundError(\"No module named '{module}'\", name=\"{module}\")\n"
            ),
        );
    }
    Command::new("python3")
        .arg(
            chess_testdata::workspace_root()
                .join("examples/spark")
                .join(script),
        )
        .args(args)
        .env("PYTHONPATH", dir.path())
        .output()
        .expect("python3 runs")
}

#[test]
fn help_and_argument_errors_need_no_pyspark() {
    if !crate::support::python3_or_skip("spark") {
        return;
    }
    let dir = TempDir::new("cli-spark-help");
    for script in ["pgn_to_parquet.py", "analysis.py"] {
        let out = without_spark(&dir, script, &["--help"]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{script} --help: {stderr}");
        assert!(
            stdout.starts_with(&format!("usage: {script} [-h]")),
            "{stdout}"
        );
        assert_contains(&stdout, "--master MASTER");
    }
    // An argument error is argparse's (exit 2), not an import error.
    let out = without_spark(&dir, "pgn_to_parquet.py", &["games.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert_contains(
        &String::from_utf8_lossy(&out.stderr),
        "pgn_to_parquet.py: error: the following arguments are required: --out",
    );
    // With good arguments, what is missing and how to install it.
    let out = without_spark(&dir, "pgn_to_parquet.py", &["--out", "games", "games.pgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert_contains(
        &String::from_utf8_lossy(&out.stderr),
        "pgn_to_parquet: cannot import pyarrow (No module named 'pyarrow'): python3 -m pip \
         install pyspark pyarrow pandas",
    );
    let out = without_spark(&dir, "analysis.py", &["games"]);
    assert_eq!(out.status.code(), Some(1));
    assert_contains(
        &String::from_utf8_lossy(&out.stderr),
        "analysis: cannot import pyspark",
    );
}

#[test]
fn the_spark_job_reads_what_one_machine_reads() {
    let Some(lichess) = chess_testdata::read(chess_testdata::LICHESS_SAMPLE) else {
        return;
    };
    let mut inputs = Vec::new();
    for name in chess_testdata::PGN_FILES {
        let Some(path) = chess_testdata::file(name) else {
            return;
        };
        inputs.push(path.display().to_string());
    }
    if !crate::support::python3_or_skip("spark") || !spark_runs() {
        return;
    }
    let dir = TempDir::new("cli-spark");
    // Parts of 8 KB cut the 96 KB of the Lichess sample through games, plain and as zstd
    // frames of 3 000 bytes of text (about 1 KB compressed, so a part holds several frames).
    inputs.push(dir.file_bytes("lichess.pgn", &lichess));
    inputs.push(dir.file_bytes("lichess.pgn.zst", &pzstd_like(&lichess, 3000)));
    let kasparov = std::fs::read(&inputs[2]).unwrap();
    inputs.push(dir.file_bytes("kasparov.pgn.gz", &gzip(&kasparov)));
    // A game with an illegal move is kept, with its error, and counted.
    inputs.push(dir.file(
        "bad.pgn",
        "[Event \"illegal\"]\n[Date \"2023.02.??\"]\n\n1. e4 e5 2. Ke3 *\n\n\
         [Event \"fine\"]\n[Date \"2023.02.10\"]\n\n1. d4 d5 1-0\n",
    ));
    let (expected_games, expected_files) = one_machine(&inputs);
    let games: u64 = expected_games.values().sum();

    let out = dir.join("games").display().to_string();
    let stdout = run_job(&inputs, &out, "--analyse");
    // `pgn_to_parquet: 9 files in P parts: G games, 1 bad, written to DIR by year and month`,
    // with more parts than files: the parts cut files, and games.
    let summary = stdout
        .lines()
        .find(|line| line.starts_with("pgn_to_parquet: "))
        .unwrap_or_else(|| panic!("no summary in:\n{stdout}"));
    let parts: usize = summary
        .split(" files in ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{summary}"));
    assert_contains(
        summary,
        &format!("pgn_to_parquet: {} files in {parts} parts: ", inputs.len()),
    );
    assert!(parts > inputs.len() + 10, "{summary}");
    assert_contains(
        summary,
        &format!(" parts: {games} games, 1 bad, written to "),
    );

    // The data set, read back with pyarrow: the same games by result and month, and every
    // file's games, moves and bad games as `chess pgn` counts them.
    let read = read_back(&out);
    let expected: String = expected_games
        .iter()
        .map(|(key, n)| format!("{key}\t{n}\n"))
        .chain(
            expected_files
                .iter()
                .map(|(file, stats)| format!("{file}: {stats}\n")),
        )
        .collect();
    assert_eq!(read, expected);
    // Hive-style directories: the Lichess games of May 2025, Kasparov's of 1997 (`1997.??.??`:
    // no month), the bad file's of February 2023.
    for partition in [
        "year=2025/month=5",
        "year=1997/month=__HIVE_DEFAULT_PARTITION__",
        "year=2023/month=2",
    ] {
        assert!(
            dir.join("games").join(partition).is_dir(),
            "{partition} in {read}"
        );
    }

    // The analyses (`--analyse`): both tables, from their header rows.
    assert_contains(
        &stdout,
        "== openings by rating band\neco\tband\tgames\twhite_score\n",
    );
    assert_contains(
        &stdout,
        "== clock use by time control\n\
         time_control\tsides\tmean_seconds_used\tmean_seconds_per_move\n60+0\t",
    );

    // `--direct`: the binary's files go into the data set as they are (split by month where
    // a part spans several), and the same games come out. The inputs given as URIs: each
    // task streams its part to the binary, from where the part starts, as from an object
    // store.
    let uris: Vec<String> = inputs.iter().map(|path| format!("file://{path}")).collect();
    let direct = dir.join("direct").display().to_string();
    let stdout = run_job(&uris, &direct, "--direct");
    assert_contains(
        &stdout,
        &format!(" parts: {games} games, 1 bad, written to "),
    );
    let mut read = read_back(&direct);
    for path in &inputs {
        // Every source file goes by its URI.
        let uri = format!("file://{path}: ");
        assert_contains(&read, &uri);
        read = read.replace(&uri, &format!("{path}: "));
    }
    assert_eq!(read, expected);
    assert!(
        dir.path()
            .join("direct/year=1997/month=__HIVE_DEFAULT_PARTITION__")
            .is_dir()
    );
}
