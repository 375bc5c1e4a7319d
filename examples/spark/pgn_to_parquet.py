"""PGN archives to one Parquet data set, partitioned by year and month, with Apache Spark.

The driver asks `chess pgn --plan` how to cut every input into parts of about --part-size bytes
(frames of a multi-frame zstd file such as Lichess publishes, byte ranges of plain PGN, the
whole file for gzip, bzip2 and single-frame zstd). Each part becomes one Spark partition, and
the task that holds it runs `chess pgn --to parquet` on it and hands the rows to Spark as Arrow
record batches (`mapInArrow`). A game belongs to the part that holds its first byte, so the
parts together give every game of every file exactly once. Games that cannot be read whole are
kept, with the `error` column saying why, and counted.

On one machine (the binary and the inputs on local disk):

    python3 examples/spark/pgn_to_parquet.py --master 'local[*]' \\
        --chess target/release/chess --out games/ lichess_db_standard_rated_2024-01.pgn.zst

On a cluster, ship the binary with the job; the tasks find it with SparkFiles.get:

    spark-submit --files target/release/chess examples/spark/pgn_to_parquet.py \\
        --chess chess --out hdfs:///warehouse/games /mnt/shared/lichess/*.pgn.zst

Inputs given as paths must be on a filesystem that every executor mounts under the same path
(local disk of a one-machine run, NFS, a FUSE-mounted bucket): the binary opens them itself.
Inputs given as URIs (s3a://, s3://, gs://, hdfs://, file://) are read through pyarrow's
filesystems: the driver streams each file once to plan it, and each task streams its part to
the binary from where the part starts. The output can be any location Spark writes to (a path,
hdfs://, s3a://). With --direct, each task puts the
binary's file into the data set itself (the output then on a mounted filesystem too), and the
rows never pass through the JVM: about twice as fast. See docs/scale.md.

When the Python package `kingside` (python/ in the repository: `pip install ./python`) is
installed on the driver and the executors, the job converts in-process instead: the driver
plans with `kingside.plan` and each task reads its part with `kingside.read_games` inside
`mapInArrow`, with no subprocess and no temporary file, or with --direct writes it with
`kingside.write_parquet` (`--converter kingside`, the default when it imports). The binary
stays the fallback (`--converter binary`).
"""

import argparse
import fnmatch
import glob
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

# pyarrow and pyspark, imported by `import_libraries` once the arguments are read: --help and
# the errors in the arguments need neither.
pa = pafs = pq = None
SparkFiles = TaskContext = SparkSession = F = from_arrow_schema = None


def import_libraries():
    """Imports pyarrow and pyspark as the module's globals, or exits saying what to install."""
    global pa, pafs, pq, SparkFiles, TaskContext, SparkSession, F, from_arrow_schema
    try:
        import pyarrow as pa
        import pyarrow.fs as pafs
        import pyarrow.parquet as pq
        from pyspark import SparkFiles, TaskContext
        from pyspark.sql import SparkSession
        from pyspark.sql import functions as F
        from pyspark.sql.pandas.types import from_arrow_schema
    except ImportError as e:
        sys.exit(
            f"pgn_to_parquet: cannot import {e.name or 'a library'} ({e}): "
            "python3 -m pip install pyspark pyarrow pandas (see examples/spark/README.md)"
        )

# A game with every kind of column filled, converted by the binary on the driver: its file's
# schema is the one the tasks produce, so Spark's schema always matches the binary in use.
SCHEMA_SAMPLE = """[Event "schema"]
[Date "2024.01.31"]
[UTCDate "2024.01.31"]
[UTCTime "23:59:59"]
[WhiteElo "1500"]
[BlackElo "1500"]
[TimeControl "60+0"]
[Result "*"]

1. e4 { [%eval 0.2] [%clk 0:01:00] } *
"""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See docs/scale.md for a cluster run and what it costs.",
    )
    parser.add_argument("inputs", nargs="+", help="PGN files (plain or compressed), directories or globs")
    parser.add_argument("--out", required=True, help="the data set's directory (any path Spark writes to)")
    parser.add_argument(
        "--chess",
        default="chess",
        help="the chess binary: a path, a name on PATH, or the name of a file shipped with "
        "spark-submit --files (default: chess)",
    )
    parser.add_argument("--part-size", default="64M", help="bytes of an input file per task, as stored (compressed bytes for zstd): 64M, 1G, 8K (default 64M)")
    parser.add_argument("--overwrite", action="store_true", help="replace the data set if --out exists (else: fail)")
    parser.add_argument(
        "--direct",
        action="store_true",
        help="put each task's file from the binary into the data set itself, without passing "
        "the rows through Spark (about twice as fast; --out must be on a filesystem every "
        "executor mounts)",
    )
    parser.add_argument("--analyse", action="store_true", help="then run the analyses of analysis.py on the data set")
    parser.add_argument("--master", help="the Spark master, e.g. local[2] (default: spark-submit's)")
    parser.add_argument(
        "--converter",
        choices=["auto", "kingside", "binary"],
        default="auto",
        help="who reads the games: the kingside package in the tasks' Python, or the chess "
        "binary in a subprocess (default auto: kingside when it imports here)",
    )
    return parser.parse_args(argv)


def is_uri(name):
    return "://" in name


def filesystem(uri):
    """The pyarrow filesystem that holds `uri`, and the path in it (s3a:// and s3n://, Hadoop's
    names for S3, are s3://)."""
    scheme, rest = uri.split("://", 1)
    if scheme in ("s3a", "s3n"):
        uri = "s3://" + rest
    try:
        return pafs.FileSystem.from_uri(uri)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, OSError) as e:
        sys.exit(f"pgn_to_parquet: {uri}: no filesystem for it here: {e}")


def visible(name):
    """Whether a file or directory is data (not hidden, nor a marker such as `_SUCCESS`)."""
    return not os.path.basename(name).startswith((".", "_"))


def stored_files(given):
    """The files a URI names (a file, every file under a directory, or the matches of a glob in
    its last part), as URIs: the tasks stream them from where they are stored."""
    fs, path = filesystem(given)
    prefix = given[: given.rfind(path)] if path and path in given else given.split("://", 1)[0] + "://"
    if glob.has_magic(os.path.basename(path)):
        parent, pattern = os.path.dirname(path), os.path.basename(path)
        infos = fs.get_file_info(pafs.FileSelector(parent))
        names = sorted(i.path for i in infos if fnmatch.fnmatch(os.path.basename(i.path), pattern))
        if not names:
            sys.exit(f"pgn_to_parquet: {given}: no file matches")
    else:
        names = [path]
    files = []
    for name in names:
        info = fs.get_file_info(name)
        if info.type == pafs.FileType.Directory:
            found = fs.get_file_info(pafs.FileSelector(name, recursive=True))
            files += sorted(
                prefix + f.path
                for f in found
                if f.type == pafs.FileType.File and all(visible(p) for p in f.path[len(name) :].split("/") if p)
            )
        elif info.type == pafs.FileType.File:
            files.append(prefix + name)
        else:
            sys.exit(f"pgn_to_parquet: {given}: no such file or directory")
    return files


def input_files(inputs):
    """Every file named by `inputs`: the files themselves, every file under a directory
    (hidden ones and Spark's `_SUCCESS` markers aside), and the matches of a glob. A path is
    opened by the binary itself, so it must be where every executor sees it (local disk of a
    one-machine run, NFS); a URI (s3a://, hdfs://, gs://, file://) is streamed to the binary by
    each task, from where the part starts."""
    files = []
    for given in inputs:
        if is_uri(given):
            files += stored_files(given)
            continue
        matches = sorted(glob.glob(given)) if glob.has_magic(given) else [given]
        if not matches:
            sys.exit(f"pgn_to_parquet: {given}: no file matches")
        for match in matches:
            if os.path.isdir(match):
                for root, dirs, names in os.walk(match):
                    dirs[:] = sorted(d for d in dirs if visible(d))
                    files += [os.path.join(root, n) for n in sorted(names) if visible(n)]
            elif os.path.isfile(match):
                files.append(os.path.abspath(match))
            else:
                sys.exit(f"pgn_to_parquet: {given}: no such file or directory")
    return [f if is_uri(f) else os.path.abspath(f) for f in files]


def run_fed(command, uri, start, tmp):
    """Runs `command` with stdin streaming the file at `uri` from its byte `start`, until the
    file ends or the command has read what it needs; (exit status, stdout, stderr)."""
    fs, path = filesystem(uri)
    out_path, err_path = os.path.join(tmp, "stdout"), os.path.join(tmp, "stderr")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=out, stderr=err)

        def feed():
            try:
                with fs.open_input_file(path) as source:
                    source.seek(start)
                    while chunk := source.read(1 << 20):
                        process.stdin.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the part's last game has ended: the rest is not needed
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
        status = process.wait()
        feeder.join()
    with open(out_path, encoding="utf-8", errors="replace") as out, open(
        err_path, encoding="utf-8", errors="replace"
    ) as err:
        return status, out.read(), err.read()


def find_binary(chess):
    """The binary to run, on the driver or in a task: the path itself, a file shipped with
    --files, or a program on PATH. A shipped file may have lost its executable bit on the way:
    then a private copy gets it back."""
    candidates = [chess]
    try:
        candidates.append(SparkFiles.get(os.path.basename(chess)))
    except Exception:  # no SparkContext files here (a plain local run)
        pass
    for path in candidates:
        if os.path.isfile(path):
            break
    else:
        path = shutil.which(chess)
        if path is None:
            raise FileNotFoundError(f"{chess}: no such binary here, nor shipped with --files, nor on PATH")
    if not os.access(path, os.X_OK):
        copy = os.path.join(tempfile.mkdtemp(prefix="chess-bin-"), "chess")
        shutil.copyfile(path, copy)
        os.chmod(copy, os.stat(copy).st_mode | stat.S_IXUSR)
        path = copy
    return os.path.abspath(path)


def kingside_module():
    """The kingside package, or None where it is not installed."""
    try:
        import kingside
    except ImportError:
        return None
    return kingside


# How kingside names a part's kind, and how the binary's options do.
OPTION_OF_KIND = {"bytes": "--byte-range", "frames": "--frames"}
KIND_OF_OPTION = {option: kind for kind, option in OPTION_OF_KIND.items()}


def plan(chess, files, part_size):
    """The parts of every file, in order: (file, option, range, from) with option
    `--byte-range` or `--frames`, and `from` the byte a stream of the part starts at. A file
    behind a URI is read once, whole, to plan it (a zstd file's frames are walked, not
    decompressed). `chess` is the binary, or the kingside module."""
    parts = []
    if not isinstance(chess, str):
        for name in files:
            if is_uri(name):
                fs, path = filesystem(name)
                with fs.open_input_stream(path) as source:
                    planned = chess.plan(source, part_size)
            else:
                planned = chess.plan(name, part_size)
            for part, start in planned:
                kind, byte_range = part.split(" ", 1)
                parts.append((name, OPTION_OF_KIND[kind], byte_range, start))
        return parts
    for name in files:
        command = [chess, "pgn", "--plan", part_size, "--json"]
        if is_uri(name):
            with tempfile.TemporaryDirectory(prefix="chess-plan-") as tmp:
                status, stdout, stderr = run_fed(command + ["-"], name, 0, tmp)
        else:
            done = subprocess.run(command + [name], capture_output=True, text=True)
            status, stdout, stderr = done.returncode, done.stdout, done.stderr
        if status != 0:
            sys.exit(f"pgn_to_parquet: cannot plan {name}: {stderr.strip()}")
        for line in stdout.splitlines():
            part = json.loads(line)
            parts.append((name, part["option"], part["range"], part["from"]))
    return parts


def for_spark(schema):
    """`schema` as Spark exchanges it: Spark's TIME travels in Arrow as time64[ns], where the
    binary writes time64[us] (the unit of Parquet's TIME, which Spark writes back)."""
    for i, field in enumerate(schema):
        if pa.types.is_time(field.type):
            schema = schema.set(i, field.with_type(pa.time64("ns")))
    return schema


def games_schema(chess):
    """The Arrow schema of `chess pgn --to parquet`, from the binary itself (or kingside), as
    Spark gets it."""
    if not isinstance(chess, str):
        return for_spark(chess.read_games(SCHEMA_SAMPLE.encode()).schema)
    with tempfile.TemporaryDirectory() as tmp:
        pgn, out = os.path.join(tmp, "schema.pgn"), os.path.join(tmp, "schema.parquet")
        with open(pgn, "w") as f:
            f.write(SCHEMA_SAMPLE)
        subprocess.run([chess, "pgn", "--to", "parquet", out, pgn], check=True, capture_output=True)
        return for_spark(pq.read_schema(out))


def task_setting():
    """The binary's threads (the task's cores) and the executor's scratch space
    (spark.local.dir, else the system's)."""
    context = TaskContext.get()
    threads = str(context.cpus() if context else 1)
    local_dirs = os.environ.get("SPARK_LOCAL_DIRS")
    return threads, (local_dirs.split(",")[0] if local_dirs else None)


def convert_part(binary, threads, part, tmp):
    """Runs the binary on `part` into a file in `tmp`; its path."""
    out = os.path.join(tmp, "part.parquet")
    command = [binary, "pgn", "--to", "parquet", out, "--force", "--threads", threads]
    command += [part["option"], part["range"]]
    if is_uri(part["file"]):
        command += ["--stream-from", str(part["from"]), "--source-name", part["file"], "-"]
        status, _, stderr = run_fed(command, part["file"], part["from"], tmp)
    else:
        done = subprocess.run(command + [part["file"]], capture_output=True, text=True)
        status, stderr = done.returncode, done.stderr
    # 1 with the file written: some games were bad, and their rows keep the reason in `error`.
    # Anything else is the failure of the whole part, and Spark retries it, then fails the job
    # with this message.
    if status not in (0, 1) or not os.path.exists(out):
        raise RuntimeError(f"{part['file']} {part['option']} {part['range']}: exit status {status}: {stderr.strip()}")
    return out


def convert_parts(chess, schema):
    """The function each task runs on its parts (one, as the job is partitioned): the binary
    converts the part into a temporary file, whose record batches go to Spark in `schema`;
    or, with the kingside package, the task reads its part itself (`chess` is then None)."""

    def run(batches):
        if chess is None:
            for part in parts_of(batches):
                for games in read_part(part):
                    yield games.cast(schema)
            return
        for _, out in converted(chess, batches):
            for games in pq.ParquetFile(out).iter_batches(batch_size=8192):
                yield games.cast(schema)

    return run


def parts_of(batches):
    for batch in batches:
        yield from batch.to_pylist()


def read_part(part):
    """The record batches of a part, read in this task's Python by kingside: from the file, or
    streamed from where the part starts for a URI. No subprocess, no temporary file."""
    import kingside

    threads, _ = task_setting()
    text = f"{KIND_OF_OPTION[part['option']]} {part['range']}"
    if not is_uri(part["file"]):
        yield from kingside.read_games(part["file"], part=text, threads=int(threads))
        return
    fs, path = filesystem(part["file"])
    with fs.open_input_file(path) as source:
        source.seek(part["from"])
        yield from kingside.read_games(
            source, part=text, stream_from=part["from"], source_name=part["file"], threads=int(threads)
        )


def converted(chess, batches):
    """Each part of a task's batches with the file it was converted into (in a temporary
    directory that lasts until the next part): by the binary, or, with `chess` None, by the
    kingside package in this task's Python (its Rust writer: no subprocess, no rows through
    Python)."""
    binary = find_binary(chess) if chess is not None else None
    threads, scratch = task_setting()
    for part in parts_of(batches):
        with tempfile.TemporaryDirectory(prefix="chess-part-", dir=scratch) as tmp:
            if binary is None:
                yield part, write_part(part, os.path.join(tmp, "part.parquet"), threads)
            else:
                yield part, convert_part(binary, threads, part, tmp)


def write_part(part, out, threads):
    """Writes `part` into the Parquet file `out` with kingside, from the file or streamed from
    where the part starts for a URI; `out`."""
    import kingside

    text = f"{KIND_OF_OPTION[part['option']]} {part['range']}"
    if not is_uri(part["file"]):
        kingside.write_parquet(part["file"], out, part=text, threads=int(threads))
        return out
    fs, path = filesystem(part["file"])
    with fs.open_input_file(path) as source:
        source.seek(part["from"])
        kingside.write_parquet(
            source, out, part=text, stream_from=part["from"], source_name=part["file"], threads=int(threads)
        )
    return out


def months(table):
    """The (year, month) of each row as `with_month` finds them, as one integer a row (year *
    100 + month; year -1 and month 0 where unknown), computed by pyarrow without a Python loop;
    and the distinct keys, in order."""
    import pyarrow.compute as pc

    day = table.column("utc_date")
    tag = pc.fill_null(table.column("date"), "")
    tag_year = pc.struct_field(pc.extract_regex(tag, r"^(?P<y>[0-9]{4})\."), [0])
    tag_month = pc.struct_field(pc.extract_regex(tag, r"^[0-9]{4}\.(?P<m>[0-9]{2})\."), [0])
    tag_year, tag_month = pc.cast(tag_year, pa.int32()), pc.cast(tag_month, pa.int32())
    valid = pc.and_(pc.greater_equal(tag_month, 1), pc.less_equal(tag_month, 12))
    tag_month = pc.if_else(valid, tag_month, pa.scalar(None, pa.int32()))
    no_day = pc.is_null(day)
    year = pc.if_else(no_day, tag_year, pc.cast(pc.year(day), pa.int32()))
    month = pc.if_else(no_day, tag_month, pc.cast(pc.month(day), pa.int32()))
    keys = pc.add(pc.multiply(pc.fill_null(year, -1), 100), pc.fill_null(month, 0))
    return keys, sorted(pc.unique(keys).to_pylist())


def year_month(key):
    """The (year, month) of a key of `months`, None where unknown."""
    year, month = divmod(key, 100) if key >= 0 else (None, None)
    return year, (month or None) if year is not None else None


def place_parts(chess, out):
    """`--direct`: each task puts its part's file (the binary's, or kingside's with `chess`
    None) into the data set's directory of its month as it is, or, when its games span
    several months, one file per month written by pyarrow; Spark gets only the counts."""

    def directory(year, month):
        value = lambda v: "__HIVE_DEFAULT_PARTITION__" if v is None else str(v)
        return os.path.join(out, f"year={value(year)}", f"month={value(month)}")

    def run(batches):
        import pyarrow.compute as pc

        for part, written in converted(chess, batches):
            # The months from their two columns alone: the whole table is read back only to
            # split a part whose games span several.
            dates = pq.read_table(written, columns=["utc_date", "date", "error"])
            keys, groups = months(dates)
            name = f"part-{part['index']:05d}"
            table = pq.read_table(written) if len(groups) > 1 else None
            for i, key in enumerate(groups):
                target = directory(*year_month(key))
                os.makedirs(target, exist_ok=True)
                if table is None:
                    shutil.move(written, os.path.join(target, f"{name}.parquet"))
                else:
                    rows = pc.equal(keys, key)
                    pq.write_table(
                        table.filter(rows), os.path.join(target, f"{name}-{i}.parquet"),
                        compression="zstd",
                    )
            yield pa.RecordBatch.from_pylist(
                [{"games": dates.num_rows, "bad": dates.num_rows - dates.column("error").null_count}],
                schema=pa.schema([("games", pa.int64()), ("bad", pa.int64())]),
            )

    return run


def with_month(games):
    """`year` and `month` of each game: its UTCDate, else its Date tag (`YYYY.MM.DD`, where
    `??` stands for an unknown field: `1997.??.??` is year 1997, month null)."""
    tag_year = F.regexp_extract("date", r"^([0-9]{4})\.", 1)
    tag_month = F.regexp_extract("date", r"^[0-9]{4}\.([0-9]{2})\.", 1)
    tag_month = F.when(tag_month.between("01", "12"), tag_month.cast("int"))
    from_tag = F.col("utc_date").isNull()
    return games.withColumn(
        "year", F.when(from_tag, F.when(tag_year != "", tag_year.cast("int"))).otherwise(F.year("utc_date"))
    ).withColumn("month", F.when(from_tag, tag_month).otherwise(F.month("utc_date")))


def main(argv):
    args = parse_args(argv)
    import_libraries()
    files = input_files(args.inputs)
    if not args.overwrite and "://" not in args.out and os.path.exists(args.out):
        sys.exit(f"pgn_to_parquet: {args.out} exists (pass --overwrite to replace it)")
    builder = (
        SparkSession.builder.appName("pgn_to_parquet")
        .config("spark.ui.showConsoleProgress", "false")
        # `utc_time` is a time of day (Arrow time64[us]), which Spark holds as TIME when asked to.
        .config("spark.sql.timeType.enabled", "true")
        # A task's games fall in a few months: one open file per month instead of sorting the
        # task's rows by month before writing (Spark sorts past 16 months).
        .config("spark.sql.maxConcurrentOutputFileWriters", "16")
    )
    if args.master:
        builder = builder.master(args.master)
    if (args.master or "").startswith("local"):
        # One machine: the tasks run in this Python, which has the packages this one has
        # (kingside, pyarrow), rather than the first python3 on PATH.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")

    kingside = kingside_module() if args.converter != "binary" else None
    if args.converter == "kingside" and kingside is None:
        sys.exit("pgn_to_parquet: --converter kingside: the kingside package does not import here (pip install ./python)")
    if kingside is not None:
        # In-process: the tasks read their parts with kingside (installed on the executors).
        chess, task_chess = kingside, None
    else:
        try:
            chess = find_binary(args.chess)
        except FileNotFoundError as e:
            sys.exit(f"pgn_to_parquet: {e}")
        task_chess = args.chess
    parts = plan(chess, files, args.part_size)
    schema = games_schema(chess)

    # One Spark partition per part: each is one task's work, however many parts a file has.
    if args.direct:
        if "://" in args.out:
            sys.exit(f"pgn_to_parquet: {args.out}: --direct writes to a filesystem path only")
        out = os.path.abspath(args.out)
        if os.path.exists(out):
            shutil.rmtree(out)  # only reached with --overwrite
        os.makedirs(out)
        indexed = [(*part, i) for i, part in enumerate(parts)]
        tasks = spark.sparkContext.parallelize(indexed, len(parts)).toDF(
            "file string, option string, range string, from long, index long"
        )
        counts = tasks.mapInArrow(place_parts(task_chess, out), "games long, bad long").agg(
            F.sum("games").alias("games"), F.sum("bad").alias("bad")
        ).first()
        written = None
    else:
        tasks = spark.sparkContext.parallelize(parts, len(parts)).toDF(
            "file string, option string, range string, from long"
        )
        games = with_month(tasks.mapInArrow(convert_parts(task_chess, schema), from_arrow_schema(schema)))
        mode = "overwrite" if args.overwrite else "errorifexists"
        # zstd, as the binary compresses its own files (Spark would use snappy).
        games.write.mode(mode).partitionBy("year", "month").option("compression", "zstd").parquet(args.out)

        # Counted on what was written.
        written = spark.read.parquet(args.out)
        counts = written.agg(F.count(F.lit(1)).alias("games"), F.count("error").alias("bad")).first()
    plural = lambda n, word: f"{n} {word}" + ("" if n == 1 else "s")
    print(
        f"pgn_to_parquet: {plural(len(files), 'file')} in {plural(len(parts), 'part')}: "
        f"{plural(counts['games'], 'game')}, {counts['bad']} bad, written to {args.out} by year and month"
        + (" (read in-process by kingside)" if task_chess is None else "")
    )
    if args.analyse:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import analysis

        # Read back only now: listing and reading the footers of every file takes a while.
        analysis.report(spark, written if written is not None else spark.read.parquet(args.out))
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
