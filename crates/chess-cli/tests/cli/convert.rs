//! `chess pgn --to parquet|jsonl`: the files are read by pyarrow and DuckDB with the schemas of
//! docs/formats.md, their contents agree with python-chess's reading of the same games, the
//! Lichess schema unions with the data set's types, parts of a file put together are the
//! whole, and bad input leaves nothing half-written.

use std::process::Command;

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess, chess_bytes};

/// The Lichess sample (47 games with clock comments), when fetched.
fn lichess() -> Option<Vec<u8>> {
    chess_testdata::read(chess_testdata::LICHESS_SAMPLE)
}

/// Whether python3 imports `modules`; a test that needs them skips (saying so) when not.
fn python_with(modules: &str) -> bool {
    let runs = Command::new("python3")
        .args(["-c", &format!("import {modules}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !runs {
        chess_testdata::skip(
            &format!("python3 with {modules} is not available"),
            "python3 -m pip install pyarrow duckdb chess",
        );
    }
    runs
}

/// Runs a Python script with `args`; its stdout, after asserting it succeeded.
#[track_caller]
fn python(script: &str, args: &[&str]) -> String {
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the script failed: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Converts `input` with `options`, asserting success; the output's path.
#[track_caller]
fn convert(dir: &TempDir, input: &str, name: &str, options: &[&str]) -> String {
    let out_path = dir.join(name).display().to_string();
    let format = if name.ends_with(".jsonl") {
        "jsonl"
    } else {
        "parquet"
    };
    let mut args = vec!["pgn", "--to", format, &out_path, input];
    args.extend_from_slice(options);
    let out = chess(&args, "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    out_path
}

/// The rows of the table under `heading` in docs/formats.md: (column, type, nullable).
fn documented(heading: &str) -> Vec<(String, String, bool)> {
    let text = std::fs::read_to_string(chess_testdata::workspace_root().join("docs/formats.md"))
        .expect("docs/formats.md");
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with(heading))
        .unwrap_or_else(|| panic!("docs/formats.md has no section {heading:?}"));
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            (
                cells[0]
                    .trim_start_matches("| ")
                    .trim_matches('`')
                    .to_owned(),
                cells[1].to_owned(),
                !l.contains("never null"),
            )
        })
        .collect()
}

/// The schema of a Parquet file as pyarrow reads it, in the notation of the docs.
fn pyarrow_schema(path: &str) -> Vec<(String, String, bool)> {
    let script = r#"
import sys, pyarrow as pa, pyarrow.parquet as pq
def name(t):
    if pa.types.is_string(t): return "utf8"
    if pa.types.is_boolean(t): return "bool"
    if pa.types.is_binary(t): return "binary"
    if pa.types.is_date32(t): return "date32"
    if pa.types.is_time32(t): return f"time32[{t.unit}]"
    if pa.types.is_time64(t): return f"time64[{t.unit}]"
    if pa.types.is_map(t): return f"map<{name(t.key_type)}, {name(t.item_type)}>"
    if pa.types.is_list(t): return f"list<{name(t.value_type)}>"
    if pa.types.is_struct(t): return "struct<" + ", ".join(f"{f.name}: {name(f.type)}" for f in t) + ">"
    return str(t)
for f in pq.read_schema(sys.argv[1]):
    print(f"{f.name}\t{name(f.type)}\t{f.nullable}")
"#;
    python(script, &[path])
        .lines()
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (cells[0].to_owned(), cells[1].to_owned(), cells[2] == "True")
        })
        .collect()
}

#[test]
fn the_files_have_the_documented_schemas() {
    let Some(pgn) = lichess() else { return };
    if !python_with("pyarrow, duckdb") {
        return;
    }
    let dir = TempDir::new("cli-convert-schemas");
    let input = dir.file_bytes("games.pgn", &pgn);
    for (heading, name, options) in [
        ("Games", "games.parquet", &["--san", "--packed"][..]),
        ("Positions", "positions.parquet", &["--positions"][..]),
        ("Lichess", "lichess.parquet", &["--schema", "lichess"][..]),
    ] {
        let path = convert(&dir, &input, name, options);
        assert_eq!(pyarrow_schema(&path), documented(heading), "{heading}");
        // DuckDB reads it too, every row.
        let rows = python(
            "import sys, duckdb; print(duckdb.sql(f\"select count(*) from '{sys.argv[1]}'\").fetchall()[0][0])",
            &[&path],
        );
        // 2 770 plies and 47 final positions (each checked against python-chess below).
        let expected = if heading == "Positions" { "2817" } else { "47" };
        assert_eq!(rows.trim(), expected, "{heading}");
    }
    // Without --san and --packed, the games schema has all but those two columns.
    let path = convert(&dir, &input, "plain.parquet", &[]);
    let without: Vec<_> = documented("Games")
        .into_iter()
        .filter(|(c, _, _)| c != "packed" && c != "moves_san")
        .collect();
    assert_eq!(pyarrow_schema(&path), without);
}

#[test]
fn the_rows_agree_with_python_chess() {
    let Some(pgn) = lichess() else { return };
    if !python_with("duckdb, chess.pgn") {
        return;
    }
    let dir = TempDir::new("cli-convert-oracle");
    let input = dir.file_bytes("games.pgn", &pgn);
    let games = convert(&dir, &input, "games.parquet", &[]);
    let positions = convert(&dir, &input, "positions.parquet", &["--positions"]);
    // python-chess reads the games; DuckDB reads the files; every field compared.
    let script = r#"
import sys, duckdb, chess, chess.pgn
pgn, games, positions = sys.argv[1:4]
rows = duckdb.sql(f"""select white, white_elo, result, base_seconds, increment_seconds,
    utc_date::varchar, utc_time::varchar, moves_uci, clocks, evals, final_fen, outcome, plies,
    headers from '{games}' order by game_index""").fetchall()
fens = duckdb.sql(f"""select game_index, ply, fen, move_uci, clock from '{positions}'
    order by game_index, ply""").fetchall()
fens_by_game = {}
for g, ply, fen, move, clock in fens:
    fens_by_game.setdefault(g, []).append((fen, move, clock))
bad = []
with open(pgn) as f:
    for i, row in enumerate(rows):
        game = chess.pgn.read_game(f)
        h = game.headers
        (white, elo, result, base, inc, date, time, uci, clocks, evals, final, outcome, plies,
         headers) = row
        nodes = list(game.mainline())
        def clock(n):
            c = n.clock()
            return None if c is None else round(c * 1000)
        def ev(n):
            e = n.eval()
            if e is None: return None
            w = e.white()
            return {"cp": w.score(), "mate": w.mate()}
        board = game.end().board()
        o = board.outcome(claim_draw=False)
        expected_outcome = None if o is None else {
            chess.Termination.CHECKMATE: "checkmate", chess.Termination.STALEMATE: "stalemate",
            chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
            chess.Termination.SEVENTYFIVE_MOVES: "seventyfive_moves",
            chess.Termination.FIVEFOLD_REPETITION: "fivefold_repetition"}[o.termination]
        base_inc = h["TimeControl"].split("+")
        checks = {
            "white": (white, h["White"]),
            "elo": (elo, int(h["WhiteElo"])),
            "result": (result, h["Result"]),
            "time control": ((base, inc), (int(base_inc[0]), int(base_inc[1]))),
            "date": (date, h["UTCDate"].replace(".", "-")),
            "time": (time, h["UTCTime"]),
            "moves": (uci, [n.move.uci() for n in nodes]),
            "clocks": (clocks, [clock(n) for n in nodes]),
            "evals": ([None if e is None else dict(e) for e in evals], [ev(n) for n in nodes]),
            "final": (final, board.fen()),
            "outcome": (outcome, expected_outcome),
            "plies": (plies, len(nodes)),
            "headers": (dict(headers).get("Variant"), h.get("Variant")),
        }
        b = game.board()
        expected_positions = []
        for n in nodes:
            expected_positions.append((b.fen(), n.move.uci(), clock(n)))
            b.push(n.move)
        expected_positions.append((b.fen(), None, None))
        checks["positions"] = (fens_by_game[i + 1], expected_positions)
        for what, (got, want) in checks.items():
            if got != want:
                bad.append(f"game {i + 1}, {what}: {got!r} != {want!r}")
print("\n".join(bad[:10]) or f"{len(rows)} games agree")
"#;
    let out = python(script, &[&input, &games, &positions]);
    assert_eq!(out.trim(), "47 games agree");
}

/// The Lichess schema's rows union with the data set's, and their movetext is the source's text
/// as the data set's is.
#[test]
fn the_lichess_schema_unions_with_the_data_set() {
    let Some(pgn) = lichess() else { return };
    if !python_with("pyarrow, duckdb") {
        return;
    }
    let dir = TempDir::new("cli-convert-lichess");
    let input = dir.file_bytes("games.pgn", &pgn);
    let ours = convert(&dir, &input, "ours.parquet", &["--schema", "lichess"]);
    let theirs = dir.join("theirs.parquet").display().to_string();
    // A row in the Lichess data set's Arrow types, written by pyarrow as the data set is.
    let script = r#"
import sys, datetime, pyarrow as pa, pyarrow.parquet as pq, duckdb
ours, theirs, source = sys.argv[1:4]
# Our movetext is the source's, as the data set's is: each game's text after its tag section,
# lines trimmed and joined by single spaces.
games = open(source, encoding="utf-8").read().split("\n\n[Event ")
want = [" ".join(l.strip() for l in g.split("\n\n", 1)[1].splitlines() if l.strip()) for g in games]
got = pq.read_table(ours).column("movetext").to_pylist()
assert got == want, next((g, w) for g, w in zip(got, want) if g != w)
s, i16 = pa.string(), pa.int16()
schema = pa.schema([("Event", s), ("Site", s), ("White", s), ("Black", s), ("Result", s),
    ("WhiteTitle", s), ("BlackTitle", s), ("WhiteElo", i16), ("BlackElo", i16),
    ("WhiteRatingDiff", i16), ("BlackRatingDiff", i16), ("UTCDate", pa.date32()),
    ("UTCTime", pa.time32("s")), ("ECO", s), ("Opening", s), ("Termination", s),
    ("TimeControl", s), ("movetext", s)])
row = {"Event": "Rated Blitz game", "Site": "https://lichess.org/abcdefgh", "White": "a",
    "Black": "b", "Result": "1-0", "WhiteTitle": None, "BlackTitle": None, "WhiteElo": 1500,
    "BlackElo": 1490, "WhiteRatingDiff": 6, "BlackRatingDiff": -6,
    "UTCDate": datetime.date(2013, 1, 1), "UTCTime": datetime.time(13, 5, 9), "ECO": "C20",
    "Opening": "King's Pawn Game", "Termination": "Normal", "TimeControl": "300+0",
    "movetext": "1. e4 e5 1-0"}
pq.write_table(pa.Table.from_pylist([row], schema=schema), theirs)
# pyarrow: the two tables concatenate only with identical schemas.
both = pa.concat_tables([pq.read_table(ours), pq.read_table(theirs)])
# DuckDB: a positional union, and the same column types on both sides.
types = [duckdb.sql(f"describe select * from '{p}'").fetchall() for p in (ours, theirs)]
assert types[0] == types[1], (types[0], types[1])
n = duckdb.sql(f"select count(*) from (select * from '{ours}' union all select * from '{theirs}')").fetchall()[0][0]
t = duckdb.sql(f"select UTCTime::varchar from '{theirs}' union all select UTCTime::varchar from '{ours}' limit 2").fetchall()
print(both.num_rows, n, t[0][0])
"#;
    let out = python(script, &[&ours, &theirs, &input]);
    assert_eq!(out.trim(), "48 48 13:05:09");
}

#[test]
fn jsonl_has_the_fields_of_the_parquet_columns() {
    let Some(pgn) = lichess() else { return };
    if !python_with("pyarrow") {
        return;
    }
    let dir = TempDir::new("cli-convert-jsonl");
    let input = dir.file_bytes("games.pgn", &pgn);
    for options in [
        &["--san", "--packed"][..],
        &["--positions"],
        &["--schema", "lichess"],
    ] {
        let parquet = convert(
            &dir,
            &input,
            "out.parquet",
            &[options, &["--force"]].concat(),
        );
        let jsonl = convert(&dir, &input, "out.jsonl", &[options, &["--force"]].concat());
        // The same fields in the same order, and the same values.
        let script = r#"
import sys, json, base64, datetime, pyarrow.parquet as pq
table = pq.read_table(sys.argv[1]).to_pylist()
lines = [json.loads(l) for l in open(sys.argv[2])]
assert len(lines) == len(table), (len(lines), len(table))
def norm(v):
    if isinstance(v, bytes): return base64.b64encode(v).decode().rstrip("=")
    if isinstance(v, (datetime.date, datetime.time)): return v.isoformat()
    if isinstance(v, list) and v and isinstance(v[0], tuple): return dict(v)
    if isinstance(v, list): return [norm(x) for x in v]
    if isinstance(v, dict): return {k: norm(x) for k, x in v.items()}
    return v
for row, line in zip(table, lines):
    assert list(row) == list(line), (list(row), list(line))
    for k in row:
        got, want = line[k], norm(row[k])
        if k == "headers":
            want = dict(row[k])
        if isinstance(got, str) and isinstance(want, str) and k == "packed":
            got = got.rstrip("=")
        assert got == want, (k, got, want)
print(len(lines))
"#;
        let out = python(script, &[&parquet, &jsonl]);
        assert!(
            out.trim().parse::<u32>().unwrap() >= 47,
            "{options:?}: {out}"
        );
    }
    // To stdout.
    let out = chess(&["pgn", "--to", "jsonl", "-", &input], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 47);
    assert_contains(&out.stderr, "47 games written from 47 games");
}

/// The games of `options`' part of `path`, as JSON lines without their number in the part.
fn games_of(path: &str, options: &[&str]) -> Vec<String> {
    let mut args = vec!["pgn", "--to", "jsonl", "-", path];
    args.extend_from_slice(options);
    let out = chess(&args, "");
    assert_eq!(out.status, 0, "{options:?}: {}", out.stderr);
    out.stdout
        .lines()
        .map(|l| {
            // `"game_index": 3, "byte_offset": 1234}`: the number restarts in each part.
            let cut = l.find("\"game_index\"").expect("a game_index field");
            l[..cut].to_owned()
        })
        .collect()
}

/// [`games_of`], the part streamed on stdin from its byte `from`, as a worker streams it
/// from where the file is stored.
fn games_streamed(path: &str, from: u64, options: &[&str]) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap();
    let from_arg = from.to_string();
    let mut args = vec!["pgn", "--to", "jsonl", "-", "--stream-from", &from_arg];
    args.extend_from_slice(&["--source-name", path]);
    args.extend_from_slice(options);
    args.push("-");
    let out = chess_bytes(&args, &bytes[from as usize..]);
    assert_eq!(out.status, 0, "{options:?} from {from}: {}", out.stderr);
    out.stdout
        .lines()
        .map(|l| l[..l.find("\"game_index\"").expect("a game_index field")].to_owned())
        .collect()
}

/// The parts of `path` as `--plan SIZE --json` gives them, for the file and for its bytes on
/// stdin (the same, but for the file's name): (option, range, from) each.
fn plan_of(path: &str, size: &str) -> Vec<(String, String, u64)> {
    let field = |line: &str, name: &str| -> String {
        let rest = line.split(&format!("\"{name}\": ")).nth(1).expect(name);
        rest.trim_start_matches('"')
            .split(['"', ',', '}'])
            .next()
            .unwrap()
            .to_owned()
    };
    let parse = |stdout: &str| -> Vec<(String, String, u64)> {
        stdout
            .lines()
            .map(|l| {
                (
                    field(l, "option"),
                    field(l, "range"),
                    field(l, "from").parse().unwrap(),
                )
            })
            .collect()
    };
    let file = chess(&["pgn", "--plan", size, "--json", path], "");
    assert_eq!(file.status, 0, "{}", file.stderr);
    let stream = chess_bytes(
        &["pgn", "--plan", size, "--json", "-"],
        &std::fs::read(path).unwrap(),
    );
    assert_eq!(stream.status, 0, "{}", stream.stderr);
    assert_eq!(parse(&file.stdout), parse(&stream.stdout));
    parse(&file.stdout)
}

#[test]
fn the_parts_of_a_file_together_are_the_whole() {
    let Some(pgn) = lichess() else { return };
    let dir = TempDir::new("cli-convert-parts");
    let plain = dir.file_bytes("games.pgn", &pgn);
    let whole = games_of(&plain, &[]);
    assert_eq!(whole.len(), 47);
    // Parts of 1 000 bytes: most cut through a game (a game is about 2 000 bytes here).
    let plan = chess(&["pgn", "--plan", "1000", &plain], "");
    assert_eq!(plan.status, 0, "{}", plan.stderr);
    let parts: Vec<&str> = plan.stdout.lines().collect();
    assert_eq!(parts.len(), pgn.len().div_ceil(1000));
    assert_eq!(parts[1], format!("{plain} --byte-range 1000:2000"));
    let mut together = Vec::new();
    for part in &parts {
        let options: Vec<&str> = part.split(' ').skip(1).collect();
        together.extend(games_of(&plain, &options));
    }
    assert_eq!(together, whole);
    // The same parts streamed on stdin, each from where the plan says its stream starts.
    let mut streamed = Vec::new();
    for (option, range, from) in plan_of(&plain, "1000") {
        streamed.extend(games_streamed(&plain, from, &[&option, &range]));
    }
    assert_eq!(streamed, whole);

    // A zstd file of many frames, cut anywhere (not at games), with pzstd's skippable frames
    // between them; parts of a few frames each.
    let mut zst = Vec::new();
    for chunk in pgn.chunks(1500) {
        let frame = zstd::encode_all(chunk, 3).unwrap();
        zst.extend_from_slice(&0x184D_2A50u32.to_le_bytes());
        zst.extend_from_slice(&4u32.to_le_bytes());
        zst.extend_from_slice(&u32::try_from(frame.len()).unwrap().to_le_bytes());
        zst.extend_from_slice(&frame);
    }
    let zst = dir.file_bytes("games.pgn.zst", &zst);
    let plan = chess(&["pgn", "--plan", "2K", "--json", &zst], "");
    assert_eq!(plan.status, 0, "{}", plan.stderr);
    let mut together = Vec::new();
    for line in plan.stdout.lines() {
        let range = line
            .split("\"range\": \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("a range");
        assert_contains(line, "\"option\": \"--frames\"");
        together.extend(games_of(&zst, &["--frames", range]));
    }
    assert!(plan.stdout.lines().count() > 10, "{}", plan.stdout);
    let whole: Vec<String> = whole.iter().map(|g| g.replace(&plain, &zst)).collect();
    assert_eq!(together, whole);
    let mut streamed = Vec::new();
    for (option, range, from) in plan_of(&zst, "2K") {
        streamed.extend(games_streamed(&zst, from, &[&option, &range]));
    }
    assert_eq!(streamed, whole);
}

#[test]
fn parts_are_checked() {
    let dir = TempDir::new("cli-convert-part-errors");
    let plain = dir.file("games.pgn", "1. e4 *\n");
    let out = chess(&["pgn", &plain, "--frames", "0:1"], "");
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "frames cut zstd files only, and this is plain text",
    );
    let out = chess(&["pgn", &plain, "--byte-range", "5:2"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "the start is after the end");
    let out = chess(&["pgn", &plain, &plain, "--byte-range", "0:2"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "cut one file");
    let out = chess(&["pgn", "-", "--byte-range", "0:2"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "a part of stdin needs --stream-from");
    let out = chess(
        &["pgn", &plain, "--byte-range", "0:2", "--stream-from", "0"],
        "",
    );
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "--stream-from reads a part from stdin");
    let out = chess(&["pgn", "-", "--stream-from", "0"], "");
    assert_eq!(out.status, 2);
    let out = chess(
        &["pgn", "-", "--byte-range", "10:20", "--stream-from", "8"],
        "1. e4 *\n",
    );
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "its stream must start at byte 6 or before, not 8",
    );
    let zst = dir.file_bytes("one.zst", &zstd::encode_all(&b"1. e4 *\n"[..], 3).unwrap());
    let out = chess(&["pgn", &zst, "--frames", "0:2"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "frames 0:2: the file has 1 frame\n");
    let out = chess(&["pgn", &zst, "--byte-range", "1:2"], "");
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "a byte range cuts plain PGN only, and this is zstd",
    );
    let out = chess(&["pgn", "--plan", "0", &zst], "");
    assert_eq!(out.status, 2);
}

/// `--plan` reads a size as the Python package's `plan` does (chess-archive's `parse_size`):
/// K, M, G and T, in either case; before issue 100 the program took no T.
#[test]
fn part_sizes_are_read_with_k_m_g_or_t() {
    let dir = TempDir::new("cli-convert-part-sizes");
    let plain = dir.file("games.pgn", &"1. e4 *\n\n".repeat(1000));
    for size in ["1T", "1t", "2G", "1m", "64K"] {
        let out = chess(&["pgn", "--plan", size, &plain], "");
        assert_eq!(out.status, 0, "{size}: {}", out.stderr);
        assert_eq!(
            out.stdout,
            format!("{plain} --byte-range 0:9000\n"),
            "{size}"
        );
    }
    let out = chess(&["pgn", "--plan", "4k", &plain], "");
    assert_eq!(out.stdout.lines().count(), 3, "{}", out.stdout);
    let out = chess(&["pgn", "--plan", "1.5G", &plain], "");
    assert_eq!(out.status, 2);
    assert_contains(
        &out.stderr,
        "\"1.5G\": expected a number of bytes, with K, M, G or T",
    );
}

/// A part of a zstd file's frames is decompressed on a thread of its own, as a whole
/// compressed file is (chess-archive's `Opened::read_ahead`, which the Python package now
/// shares): the `read-ahead` thread is there while stdin still streams the part.
#[cfg(target_os = "linux")]
#[test]
fn a_part_of_frames_is_read_ahead() {
    use std::io::Write;
    use std::process::Stdio;

    let dir = TempDir::new("cli-convert-read-ahead");
    let game = "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    let frame = zstd::encode_all(game.repeat(2000).as_bytes(), 1).unwrap();
    let out_path = dir.join("part.jsonl").display().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(["pgn", "-", "--frames", "1:3", "--stream-from", "0"])
        .args(["--to", "jsonl", &out_path])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The frame before the part and the part's first: the rest waits.
    stdin.write_all(&frame).unwrap();
    stdin.write_all(&frame).unwrap();
    stdin.flush().unwrap();
    let threads = |pid: u32| -> Vec<String> {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return Vec::new();
        };
        tasks
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
            .map(|name| name.trim().to_owned())
            .collect()
    };
    let started = std::time::Instant::now();
    let mut seen = threads(child.id());
    while !seen.iter().any(|t| t == "read-ahead") && started.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        seen = threads(child.id());
    }
    stdin.write_all(&frame).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        seen.iter().any(|t| t == "read-ahead"),
        "no read-ahead thread among {seen:?}"
    );
    let rows = std::fs::read_to_string(&out_path).unwrap();
    assert_eq!(rows.lines().count(), 4000);
}

#[test]
fn bad_input_leaves_nothing_half_written() {
    let dir = TempDir::new("cli-convert-bad");
    let good = dir.file("good.pgn", "[White \"a\"]\n\n1. e4 e5 1-0\n");
    let out_path = dir.join("out.parquet").display().to_string();

    // An existing output is kept without --force.
    std::fs::write(&out_path, "precious").unwrap();
    let out = chess(&["pgn", "--to", "parquet", &out_path, &good], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "the file exists (--force replaces it)");
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), "precious");
    let out = chess(&["pgn", "--to", "parquet", &out_path, &good, "--force"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(&std::fs::read(&out_path).unwrap()[..4], b"PAR1");

    // An output that cannot be written: an error naming it, and no file left.
    let nowhere = dir
        .path()
        .join("no/such/dir/out.parquet")
        .display()
        .to_string();
    let out = chess(&["pgn", "--to", "parquet", &nowhere, &good], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, &nowhere);

    // Not PGN: the bad games are said, and counted in the exit status.
    let junk = dir.file_bytes("junk.pgn", &[0xff, 0xfe, b'{', 0, 1, 2, b'\n']);
    let junk_out = dir.join("junk.parquet").display().to_string();
    let out = chess(&["pgn", "--to", "parquet", &junk_out, &junk], "");
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_contains(&out.stderr, "junk.pgn: game 1, line 1, column 1: ");
    assert_contains(&out.stderr, "1 game written from 1 game (1 with errors)");
    // One game, and bad: its own line says it all, no count repeats it.
    assert!(!out.stderr.contains("could not be read"), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"));

    // A cut compressed stream: the games before the cut are written, and the cut is said.
    // Games that differ, so that the stream has many blocks and a cut falls after some.
    let text: String = (0..20_000)
        .map(|i| format!("[White \"player {i}\"]\n\n1. e4 e5 1-0\n\n"))
        .collect();
    let zst = zstd::encode_all(text.as_bytes(), 3).unwrap();
    let cut = dir.file_bytes("cut.pgn.zst", &zst[..zst.len() * 2 / 3]);
    let cut_out = dir.join("cut.jsonl").display().to_string();
    let out = chess(&["pgn", "--to", "jsonl", &cut_out, &cut], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "corrupt or cut zstd stream");
    let rows = std::fs::read_to_string(&cut_out).unwrap().lines().count();
    assert!(rows > 1000 && rows < 20_000, "{rows} rows");
    assert_contains(
        &out.stderr,
        &format!("{rows} games written from {rows} games"),
    );

    // Nothing but the outputs asked for is left in the directory (no temporary file).
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    names.sort();
    assert!(names.is_empty(), "{names:?}");

    // Usage errors.
    let out = chess(&["pgn", "--to", "parquet", "-", &good], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "a Parquet file is not a stream");
    let out = chess(&["pgn", "--to", "csv", &out_path, &good], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "expected parquet or jsonl");
    let out = chess(&["pgn", "--positions", &good], "");
    assert_eq!(out.status, 2);
}

#[test]
fn the_file_is_the_same_whatever_the_threads() {
    // Several row groups of 16 384 rows in each schema (40 000 games; positions: about 500 000
    // rows), from a compressed input (read ahead on a thread of its own unless --threads 1), with clocks,
    // evaluations, glyphs, a comment across lines and a bad game.
    let games = [
        "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 { [%clk 0:03:00] } 2. Nf3?! d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 1-0",
        "1. d4 d5 2. c4 { a comment\nacross lines } e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 1/2-1/2",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 0-1",
        "1. Nf3 Ke2 *",
    ];
    let text: String = (0..40_000)
        .map(|i| {
            format!(
                "[Event \"{i}\"]\n[WhiteElo \"{}\"]\n[TimeControl \"180+2\"]\n\n{}\n\n",
                1200 + i % 900,
                games[i % games.len()]
            )
        })
        .collect();
    let dir = TempDir::new("cli-convert-threads");
    let input = dir.file_bytes(
        "games.pgn.zst",
        &zstd::encode_all(text.as_bytes(), 3).unwrap(),
    );
    for schema in [
        &["--san", "--packed"][..],
        &["--positions"][..],
        &["--schema", "lichess"][..],
    ] {
        let mut files = Vec::new();
        for threads in ["1", "2", "3"] {
            let out_path = dir
                .join(format!("t{threads}.parquet"))
                .display()
                .to_string();
            let mut args = vec![
                "pgn",
                "--to",
                "parquet",
                &out_path,
                &input,
                "--force",
                "--threads",
                threads,
            ];
            args.extend_from_slice(schema);
            let out = chess(&args, "");
            // The illegal Ke2 makes a bad game a fourth of the time.
            assert_eq!(out.status, 1, "{schema:?}: {}", out.stderr);
            assert_contains(&out.stderr, "10000 with errors");
            files.push(std::fs::read(&out_path).unwrap());
        }
        assert_eq!(&files[0][..4], b"PAR1");
        assert!(
            files.iter().all(|bytes| *bytes == files[0]),
            "{schema:?}: the files differ"
        );
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    // `chess pgn --to jsonl - games.pgn | head -1`: the pipe closes after one line.
    let text: String = (0..50_000)
        .map(|i| format!("[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"))
        .collect();
    let dir = TempDir::new("cli-convert-pipe");
    let input = dir.file("games.pgn", &text);
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(["pgn", "--to", "jsonl", "-", &input])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(
        first.starts_with('{') && first.contains(r#""game_index": 1"#),
        "{first}"
    );
    // The reader is gone (dropped above): the program ends, quietly and successfully.
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}: {stderr}");
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
}

/// A Lichess variant month (Crazyhouse, from python-chess's two Lichess games and the
/// project's sample of every variant) converts like a standard one: DuckDB reads the
/// `variant` column, the moves with their drops, the results and the final variant FENs that
/// python-chess reads.
#[test]
fn lichess_variant_months_convert_with_their_variant() {
    let Some(files) = chess_testdata::read_each(&chess_testdata::VARIANT_PGN_FILES[1..]) else {
        return;
    };
    if !python_with("duckdb, chess.pgn") {
        return;
    }
    let dir = TempDir::new("cli-convert-variants");
    // An empty line between the files, as between the games of one.
    let mut pgn = files.join(&b"\n"[..]);
    pgn.push(b'\n');
    pgn.extend(std::fs::read(chess_testdata::own(chess_testdata::LICHESS_VARIANT_SAMPLE)).unwrap());
    let input = dir.file_bytes("lichess_db_crazyhouse_rated_2016-11.pgn", &pgn);
    let games = convert(&dir, &input, "games.parquet", &[]);
    let script = r#"
import sys, duckdb, chess, chess.pgn
pgn, games = sys.argv[1:3]
rows = duckdb.sql(f"""select variant, moves_uci, result, final_fen, error is null
    from '{games}' order by game_index""").fetchall()
bad = []
with open(pgn) as f:
    for i, row in enumerate(rows):
        game = chess.pgn.read_game(f)
        board = game.end().board()
        expected = (type(board).aliases[0], [n.move.uci() for n in game.mainline()],
                    game.headers["Result"], board.fen(), True)
        if tuple(row) != expected:
            bad.append(f"game {i + 1}: {tuple(row)!r} != {expected!r}")
print("\n".join(bad) or f"{len(rows)} games agree")
"#;
    let out = python(script, &[&input, &games]);
    assert_eq!(out.trim(), "9 games agree");
    // The first row, as written: Crazyhouse, with its drops.
    let first = python(
        "import sys, duckdb; print(duckdb.sql(f\"select variant, moves_uci[24] from '{sys.argv[1]}' where game_index = 1\").fetchall())",
        &[&games],
    );
    assert_eq!(first.trim(), "[('Crazyhouse', 'N@f3')]");
}
