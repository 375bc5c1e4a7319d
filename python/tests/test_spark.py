"""The Spark job in-process: with kingside installed, examples/spark/pgn_to_parquet.py reads
each part inside mapInArrow with read_games, and the data set holds what read_games reads."""

from __future__ import annotations

import collections
import gzip
import shutil
import subprocess
import sys

import pyarrow as pa
import pytest

import kingside
from support import ROOT, data_file, missing

JOB = ROOT / "examples" / "spark" / "pgn_to_parquet.py"


def spark_or_skip():
    try:
        import pyspark  # noqa: F401
    except ImportError:
        missing("pyspark is not installed", "pip install pyspark==4.3.0")
    if shutil.which("java") is None:
        missing("no Java runtime for Spark", "apt-get install openjdk-17-jre-headless")


def summary(table):
    """Games, plies and bad games by source file."""
    files = collections.defaultdict(lambda: [0, 0, 0])
    for row in table.select(["source_file", "plies", "error"]).to_pylist():
        entry = files[row["source_file"]]
        entry[0] += 1
        entry[1] += row["plies"] if row["error"] is None else 0
        entry[2] += row["error"] is not None
    return dict(files)


def run_job(inputs, out, *options):
    done = subprocess.run(
        [sys.executable, JOB, "--master", "local[2]", "--converter", "kingside", "--part-size", "16K",
         "--out", out, *options, *map(str, inputs)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("pgn_to_parquet: "))
    assert line.endswith("(read in-process by kingside)"), line
    return line


def test_the_spark_job_reads_in_process(tmp_path):
    spark_or_skip()
    import pyarrow.dataset as ds

    lichess = data_file("pgn-reader/benches/lichess_db_100k.pgn")
    plain = tmp_path / "lichess.pgn"
    plain.write_bytes(lichess.read_bytes())
    gz = tmp_path / "kasparov.pgn.gz"
    gz.write_bytes(gzip.compress(data_file("python-chess/data/pgn/kasparov-deep-blue-1997.pgn").read_bytes()))
    bad = tmp_path / "bad.pgn"
    bad.write_text('[Event "illegal"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "fine"]\n\n1. d4 d5 1-0\n')
    inputs = [plain, gz, bad]
    expected = {}
    for path in inputs:
        expected.update(summary(kingside.read_games(path).read_all()))
    games = sum(n for n, _, _ in expected.values())

    out = tmp_path / "games"
    line = run_job(inputs, out)
    assert f": {games} games, 1 bad, written to " in line, line
    parts = int(line.split(" files in ")[1].split(" ")[0])
    assert parts > len(inputs) + 3, line  # the parts cut the plain file, and games
    written = ds.dataset(out, format="parquet", partitioning="hive").to_table()
    assert summary(written) == expected

    # --direct, the inputs as URIs: each task streams its part from where it starts.
    direct = tmp_path / "direct"
    line = run_job([f"file://{p}" for p in inputs], direct, "--direct")
    assert f": {games} games, 1 bad, written to " in line, line
    written = ds.dataset(direct, format="parquet", partitioning="hive").to_table()
    assert summary(written) == {f"file://{name}": v for name, v in expected.items()}
