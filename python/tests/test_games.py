"""read_games and write_parquet against python-chess's reading of the same files, and the
readers people use (polars, pandas, duckdb) on the stream."""

from __future__ import annotations

import bz2
import gzip
import io
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import kingside
from support import data_file, missing, python_chess

LICHESS = "pgn-reader/benches/lichess_db_100k.pgn"
LICHESS_MB = "pgn-reader/benches/lichess_db_1000k.pgn"
TWIC = "pgn-reader/benches/twic1599_100k.pgn"
# python-chess's own files of standard games.
PYTHON_CHESS_FILES = [
    "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
    "python-chess/data/pgn/molinari-bordais-1979.pgn",
    "python-chess/data/pgn/nepomniachtchi-liren-game1.pgn",
    "python-chess/data/pgn/anastasian-lewis.pgn",
    "python-chess/data/pgn/utf8-bom.pgn",
]


def oracle_games(path):
    """Each game of the file as python-chess reads it: moves, final FEN, clocks, evals."""
    chess = python_chess()
    games = []
    with open(path, encoding="utf-8-sig") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if game.errors:
                games.append(None)
                continue
            board = game.board()
            moves, clocks, evals = [], [], []
            for node in game.mainline():
                moves.append(node.move.uci())
                board.push(node.move)
                clock = node.clock()
                clocks.append(None if clock is None else round(clock * 1000))
                score = node.eval()
                if score is None:
                    evals.append(None)
                else:
                    white = score.white()
                    evals.append(
                        {"cp": None, "mate": white.mate()}
                        if white.is_mate()
                        else {"cp": white.score(), "mate": None}
                    )
            games.append({"moves": moves, "fen": board.fen(), "clocks": clocks, "evals": evals})
    return games


@pytest.mark.parametrize("relative", [LICHESS, TWIC, *PYTHON_CHESS_FILES])
def test_games_are_read_as_python_chess_reads_them(relative):
    path = data_file(relative)
    expected = oracle_games(path)
    table = kingside.read_games(
        path,
        columns=["moves_uci", "final_fen", "clocks", "evals", "error"],
        batch_rows=64,
        allow_null_moves=True,  # anastasian-lewis.pgn has one, Z0
    ).read_all()
    assert table.num_rows == len(expected)
    rows = table.to_pylist()
    compared = 0
    for number, (row, game) in enumerate(zip(rows, expected), 1):
        if game is None:
            continue
        assert row["error"] is None, f"game {number}: {row['error']}"
        assert row["moves_uci"] == game["moves"], f"game {number}"
        assert row["final_fen"] == game["fen"], f"game {number}"
        assert row["clocks"] == game["clocks"], f"game {number}"
        assert row["evals"] == game["evals"], f"game {number}"
        compared += 1
    assert compared > 0


def test_polars_pandas_and_duckdb_read_the_stream():
    path = data_file(LICHESS)
    count = kingside.read_games(path, columns=["white"]).read_all().num_rows
    try:
        import duckdb
        import pandas  # noqa: F401
        import polars
    except ImportError as e:
        missing(f"{e.name} is not installed", ".ci/install-test-tools installs the readers of the stream")

    frame = polars.from_arrow(kingside.read_games(path, columns=["white_elo", "result"]))
    assert frame.height == count
    assert set(frame["result"].unique().to_list()) <= {"1-0", "0-1", "1/2-1/2", "*"}

    df = kingside.read_games(path, columns=["white", "plies"]).read_pandas()
    assert len(df) == count and df["plies"].min() > 0

    games = kingside.read_games(path, columns=["result", "plies"])
    rows = duckdb.sql("select result, count(*) as n from games group by result").fetchall()
    assert sum(n for _, n in rows) == count

    # The stream is the Arrow C stream interface: a consumer that only knows that reads it.
    capsule_reader = pa.RecordBatchReader.from_stream(kingside.read_games(path, columns=["plies"]))
    assert capsule_reader.read_all().num_rows == count


def test_some_columns_are_those_columns_of_every_column():
    # Asking for fewer columns reads less (no tags when no tag column is asked for, no final
    # position without final_fen or outcome): what it gives must not change.
    path = data_file(TWIC)
    for schema in ["games", "lichess", "positions"]:
        whole = kingside.read_games(path, schema=schema, san=schema == "games").read_all()
        names = whole.column_names
        choices = [[name] for name in names] + [names[:5][::-1]]
        if schema == "games":
            choices.append(["clocks", "moves_san", "moves_uci"])
        for columns in choices:
            some = kingside.read_games(path, schema=schema, columns=columns, san=schema == "games").read_all()
            assert some.column_names == columns
            for name in columns:
                assert some.column(name).equals(whole.column(name)), (schema, columns, name)


def test_a_bad_game_is_a_row_with_its_error_and_reading_goes_on():
    pgn = b"1. e4 e5 *\n\n1. d4 Ke3 *\n\n1. c4 c5 *\n"
    table = kingside.read_games(pgn, columns=["game_index", "error", "moves_uci"]).read_all()
    rows = table.to_pylist()
    assert [r["game_index"] for r in rows] == [1, 2, 3]
    assert rows[0]["error"] is None and rows[2]["moves_uci"] == ["c2c4", "c7c5"]
    error = rows[1]["error"]
    assert error["kind"] == "illegal_move"
    assert "Ke3" in error["message"]


def test_compressed_inputs_file_objects_and_lists_read_the_same(tmp_path):
    path = data_file(LICHESS)
    plain = path.read_bytes()
    expected = kingside.read_games(path, columns=["moves_uci", "clocks"]).read_all()
    inputs = {
        "gzip": gzip.compress(plain),
        "bzip2": bz2.compress(plain),
        "bytes": plain,
    }
    zstd = shutil.which("zstd")
    if zstd is None:
        missing("zstd is not installed", "Debian's zstd")
    inputs["zstd"] = subprocess.run([zstd, "-q", "-c"], input=plain, capture_output=True, check=True).stdout
    pzstd = shutil.which("pzstd")
    if pzstd is None:
        missing("pzstd is not installed", "Debian's zstd")
    # pzstd's frames: several of them need a few megabytes at level 1.
    many = tmp_path / "many.pgn"
    many.write_bytes(b"\n".join([data_file(LICHESS_MB).read_bytes()] * 6))
    subprocess.run([pzstd, "-q", "-1", "-p", "2", many, "-o", tmp_path / "many.pgn.zst"], check=True)
    frames = kingside.read_games(tmp_path / "many.pgn.zst", columns=["moves_uci"]).read_all()
    assert frames.equals(kingside.read_games(many, columns=["moves_uci"]).read_all())
    for name, data in inputs.items():
        got = kingside.read_games(data, columns=["moves_uci", "clocks"]).read_all()
        assert got.equals(expected), name
        got = kingside.read_games(io.BytesIO(data), columns=["moves_uci", "clocks"]).read_all()
        assert got.equals(expected), f"{name} from a file object"

    both = kingside.read_games([path, path], columns=["source_file", "game_index"]).read_all()
    assert both.num_rows == 2 * expected.num_rows
    assert set(both.column("source_file").to_pylist()) == {str(path)}
    # Games are numbered within each input.
    assert both.column("game_index").to_pylist() == 2 * list(range(1, expected.num_rows + 1))


def test_schemas_and_columns():
    pgn = b'[White "A"]\n[WhiteElo "1500"]\n\n1. e4 e5 2. Nf3 *\n'
    for schema in ["games", "lichess", "positions"]:
        table = kingside.read_games(pgn, schema=schema).read_all()
        assert table.column_names == kingside.schema_columns(schema)
        assert table.num_rows == (4 if schema == "positions" else 1)
    assert "moves_san" in kingside.read_games(pgn, san=True).read_all().column_names
    with pytest.raises(ValueError, match="no column \"nope\""):
        kingside.read_games(pgn, columns=["nope"])
    with pytest.raises(ValueError, match="unknown schema"):
        kingside.read_games(pgn, schema="rows")
    with pytest.raises(TypeError):
        kingside.read_games(42)


def test_a_cut_input_raises_after_the_batches_before_it():
    path = data_file(LICHESS)
    data = gzip.compress(path.read_bytes())
    cut = data[: len(data) * 2 // 3]
    reader = kingside.read_games(cut, columns=["game_index"], batch_rows=16)
    delivered = 0
    with pytest.raises(kingside.ReadError) as caught:
        for batch in reader:
            delivered += batch.num_rows
    assert delivered > 0
    assert caught.value.path == "<bytes>"
    assert isinstance(caught.value, OSError)
    assert "byte" in str(caught.value), str(caught.value)

    with pytest.raises(FileNotFoundError, match="/nonexistent/games.pgn"):
        kingside.read_games("/nonexistent/games.pgn")
    # A text file object: read from its first batch on, and said then.
    with pytest.raises(kingside.ReadError, match="not binary"):
        kingside.read_games(io.StringIO("1. e4 *")).read_all()

    class Generous(io.RawIOBase):
        """A file object whose read(n) hands back more than n bytes."""

        def read(self, n=-1):
            return b"1. e4 e5 *\n" * 100_000

    with pytest.raises(kingside.ReadError, match=r"returned 1100000 bytes"):
        kingside.read_games(Generous()).read_all()


def test_write_parquet_is_the_stream_written_whole():
    path = data_file(LICHESS)
    out = path.parent / "unused"  # never written: a temporary directory below
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "games.parquet")
        totals = kingside.write_parquet(path, out, threads=2)
        table = pq.read_table(out)
        assert totals["games"] == totals["rows"] == table.num_rows
        streamed = kingside.read_games(path).read_all()
        assert table.select(["moves_uci", "clocks", "evals"]).equals(
            streamed.select(["moves_uci", "clocks", "evals"])
        )
        with pytest.raises(FileExistsError):
            kingside.write_parquet(path, out)
        kingside.write_parquet(path, out, schema="positions", force=True)
        assert pq.read_table(out).column_names == kingside.schema_columns("positions")
        with pytest.raises(ValueError, match="also an input"):
            kingside.write_parquet(out, out, force=True)
        # A cut input writes nothing.
        bad = os.path.join(tmp, "bad.parquet")
        with pytest.raises(kingside.ReadError):
            kingside.write_parquet(gzip.compress(path.read_bytes())[:5000], bad)
        assert not os.path.exists(bad)
        assert sorted(os.listdir(tmp)) == ["games.parquet"]


def big_input(tmp_path_factory, megabytes):
    """The Lichess sample repeated to `megabytes` MB, in a file."""
    sample = data_file(LICHESS_MB).read_bytes()
    path = tmp_path_factory.mktemp("big") / f"lichess-{megabytes}mb.pgn"
    with open(path, "wb") as f:
        for _ in range(megabytes * (1 << 20) // len(sample) + 1):
            f.write(sample)
            f.write(b"\n")
    return path


@pytest.fixture(scope="module")
def gigabyte(tmp_path_factory):
    # Removed after the module: pytest keeps its last three runs' folders, 3 GiB of disk.
    path = big_input(tmp_path_factory, 1024)
    yield path
    path.unlink(missing_ok=True)


def run_python(code, *args, **kwargs):
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def test_a_gigabyte_is_read_in_bounded_memory(gigabyte):
    child = run_python(
        """
        import sys, kingside
        rows = 0
        for batch in kingside.read_games(sys.argv[1], threads=2):
            rows += batch.num_rows
        # VmHWM, this process's own peak: getrusage's keeps the parent's across exec.
        status = open("/proc/self/status").read().split("VmHWM:")[1]
        print(rows, int(status.split()[0]) // 1024)
        """,
        gigabyte,
    )
    out, err = child.communicate(timeout=600)
    assert child.returncode == 0, err
    rows, peak_mb = map(int, out.split())
    print(f"{rows} games, peak RSS {peak_mb} MB")
    assert rows > 400_000  # about 460 games a megabyte
    assert peak_mb < 300, f"peak RSS {peak_mb} MB reading 1 GiB"


def test_ctrl_c_interrupts_a_long_read(gigabyte):
    child = run_python(
        """
        import sys, kingside
        print("reading", flush=True)
        try:
            kingside.read_games(sys.argv[1], threads=2).read_all()
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(3)
        print("read it all", flush=True)
        """,
        gigabyte,
    )
    assert child.stdout.readline().strip() == "reading"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    start = time.monotonic()
    out, err = child.communicate(timeout=60)
    assert child.returncode == 3, (out, err)
    assert "interrupted" in out
    assert time.monotonic() - start < 5


def test_the_parts_of_a_plan_give_every_game_once(tmp_path):
    """What a Spark task reads: a part of a file, from the file or streamed from its byte."""
    text = b"\n".join([data_file(LICHESS_MB).read_bytes()] * 6)
    plain = tmp_path / "games.pgn"
    plain.write_bytes(text)
    expected = kingside.read_games(plain, columns=["moves_uci", "byte_offset"]).read_all()
    files = [plain]
    pzstd = shutil.which("pzstd")
    if pzstd is None:
        missing("pzstd is not installed", "Debian's zstd")
    # Several frames at level 1 in 6 MB.
    subprocess.run([pzstd, "-q", "-1", "-p", "2", plain, "-o", tmp_path / "games.pgn.zst"], check=True)
    files.append(tmp_path / "games.pgn.zst")
    for path in files:
        parts = kingside.plan(path, path.stat().st_size // 4)
        assert len(parts) >= 3, (path, parts)
        tables = [kingside.read_games(path, part=p, columns=["moves_uci", "byte_offset"]).read_all() for p, _ in parts]
        assert pa.concat_tables(tables).column("moves_uci").equals(expected.column("moves_uci")), path
        # Streamed from where each part starts, as from an object store.
        data = path.read_bytes()
        streamed = [
            kingside.read_games(io.BytesIO(data[start:]), part=p, stream_from=start, columns=["moves_uci"]).read_all()
            for p, start in parts
        ]
        assert pa.concat_tables(streamed).column("moves_uci").equals(expected.column("moves_uci")), path
        # Written by Rust, a file a part, as the Spark job's in-process tasks write them: from
        # the path, and streamed from the part's byte.
        written = []
        for i, (p, start) in enumerate(parts):
            out = tmp_path / f"{path.name}-{i}.parquet"
            if i % 2:
                source = dict(source=io.BytesIO(data[start:]), stream_from=start, source_name=str(path))
            else:
                source = dict(source=path)
            totals = kingside.write_parquet(out=out, part=p, **source)
            table = pq.read_table(out, columns=["moves_uci"])
            assert totals["games"] == table.num_rows, (path, p)
            written.append(table)
        assert pa.concat_tables(written).column("moves_uci").equals(expected.column("moves_uci")), path
    # Byte offsets count in the whole file, whichever part read the game.
    offsets = pa.concat_tables(
        [kingside.read_games(plain, part=p, columns=["byte_offset"]).read_all() for p, _ in kingside.plan(plain, "1M")]
    ).column("byte_offset")
    assert offsets.equals(expected.column("byte_offset"))
    with pytest.raises(ValueError, match="invalid part"):
        kingside.read_games(plain, part="lines 1:2")
    with pytest.raises(ValueError, match="one input"):
        kingside.read_games([plain, plain], part="bytes 0:10")
    with pytest.raises(kingside.ReadError, match="frames"):
        kingside.read_games(plain, part="frames 0:1").read_all()
    with pytest.raises(kingside.ReadError, match="frames"):
        kingside.write_parquet(plain, tmp_path / "frames.parquet", part="frames 0:1")
    assert not (tmp_path / "frames.parquet").exists()
    with pytest.raises(ValueError, match="one input"):
        kingside.write_parquet([plain, plain], tmp_path / "two.parquet", part="bytes 0:10")


def test_part_sizes_are_read_as_the_program_reads_them(tmp_path):
    """``plan``'s sizes are the library's, as ``chess pgn --plan`` reads them: K, M, G and T in
    either case (issue 100: the program took no T, the package read them itself)."""
    plain = tmp_path / "games.pgn"
    plain.write_bytes(b"1. e4 *\n\n" * 1000)
    for size in ["1T", "1t", " 2G ", "64k", 1 << 40]:
        assert kingside.plan(plain, size) == [("bytes 0:9000", 0)], size
    assert len(kingside.plan(plain, "4K")) == 3
    with pytest.raises(ValueError, match=r"expected a number of bytes, with K, M, G or T"):
        kingside.plan(plain, "1.5G")
    with pytest.raises(ValueError, match="positive"):
        kingside.plan(plain, "0M")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the threads' names in /proc")
def test_a_part_of_frames_is_read_ahead_as_the_whole_file_is(tmp_path):
    """A part of a zstd file's frames is decompressed on a thread of its own (the library's
    read-ahead, the program's already; issue 100): the ``read-ahead`` thread is there while the
    stream still brings the part."""
    import threading

    zstd = shutil.which("zstd")
    if zstd is None:
        missing("zstd is not installed", "Debian's zstd")
    game = b'[Event "e"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n'
    frame = subprocess.run([zstd, "-q", "-1", "-c"], input=game * 2000, capture_output=True, check=True).stdout
    read_end, write_end = os.pipe()
    go_on = threading.Event()

    def write():
        # The frame before the part and the part's first; the last once the thread is seen.
        os.write(write_end, frame + frame)
        go_on.wait(30)
        os.write(write_end, frame)
        os.close(write_end)

    writer = threading.Thread(target=write)
    writer.start()

    def threads():
        names = []
        for task in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{task}/comm") as comm:
                    names.append(comm.read().strip())
            except OSError:
                pass
        return names

    # Unbuffered: a read returns what the pipe holds (a buffered one waits for all it asks).
    with os.fdopen(read_end, "rb", buffering=0) as stream:
        reader = kingside.read_games(stream, part="frames 1:3", stream_from=0, threads=2, columns=["plies"])
        deadline = time.monotonic() + 20
        seen = threads()
        while "read-ahead" not in seen and time.monotonic() < deadline:
            time.sleep(0.02)
            seen = threads()
        go_on.set()
        table = reader.read_all()
    writer.join()
    assert "read-ahead" in seen, seen
    assert table.num_rows == 4000
