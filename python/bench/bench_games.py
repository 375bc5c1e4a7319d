"""Games to Arrow, side by side in one run: kingside.read_games against the Rust-backed peer on
PyPI (rust_pgn_reader_python_binding, its multithreaded parse_games) and python-chess.

    python python/bench/bench_games.py [--megabytes 100] [--threads 2] [--repeat 3]

The input is the fetched Lichess sample (pgn-reader's lichess_db_1000k.pgn, `cargo xtask
testdata`) repeated to the size asked, written to a temporary file. Each reader produces the
moves, clocks and evals of every game:

- kingside: `read_games(path, columns=[...], threads=N).read_all()`, from the file;
- the peer: `parse_games(chunked_array_of_game_strings, num_threads=N)`, from the games
  already split into strings in memory (its input form), the split not timed; then the same
  with the split (Python's, the peer has none) timed;
- python-chess: `chess.pgn.read_game` over the first megabytes only (it would take minutes
  on the whole), reading each node's move, clock and eval; its rate is per megabyte.

Not a test: numbers for docs/performance.md. Best of --repeat runs.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import tempfile
import time

import pyarrow as pa

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = "pgn-reader/benches/lichess_db_1000k.pgn"


def best(repeat, run):
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def split_games(text):
    """The games of a PGN text, each as a string (at each `[Event ` after a blank line)."""
    parts = text.split("\n\n[Event ")
    return [parts[0]] + ["[Event " + p for p in parts[1:]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--python-chess-megabytes", type=float, default=1.0)
    args = parser.parse_args()

    base = pathlib.Path(os.environ.get("CHESS_TESTDATA") or ROOT / "target" / "testdata")
    sample = (base / SAMPLE).read_bytes()
    copies = args.megabytes * (1 << 20) // len(sample) + 1
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "lichess.pgn")
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(sample.rstrip(b"\n"))
            f.write(b"\n\n")
    size = os.path.getsize(path)
    mb = size / 1e6
    print(f"input: {size / (1 << 20):.1f} MiB ({copies} copies of {SAMPLE}), {args.threads} threads")
    rows = []

    import kingside

    columns = ["moves_uci", "clocks", "evals"]
    seconds, table = best(
        args.repeat,
        lambda: kingside.read_games(path, columns=columns, threads=args.threads).read_all(),
    )
    games = table.num_rows
    rows.append(("kingside read_games (moves, clocks, evals)", seconds, games))
    seconds, table = best(
        args.repeat, lambda: kingside.read_games(path, threads=args.threads).read_all()
    )
    rows.append(("kingside read_games (every column of the games schema)", seconds, table.num_rows))

    try:
        import rust_pgn_reader_python_binding as peer
    except ImportError:
        peer = None
        print("rust_pgn_reader_python_binding is not installed: skipped", file=sys.stderr)
    if peer is not None:
        text = open(path, encoding="utf-8").read()
        strings = split_games(text)
        chunked = pa.chunked_array([pa.array(strings, pa.large_string())])
        seconds, parsed = best(
            args.repeat, lambda: peer.parse_games(chunked, num_threads=args.threads)
        )
        rows.append(("rust_pgn_reader_python_binding parse_games (games as strings)", seconds, len(parsed)))

        def with_split():
            text = open(path, encoding="utf-8").read()
            chunked = pa.chunked_array([pa.array(split_games(text), pa.large_string())])
            return peer.parse_games(chunked, num_threads=args.threads)

        seconds, parsed = best(args.repeat, with_split)
        rows.append(("rust_pgn_reader_python_binding parse_games (file read and split in Python)", seconds, len(parsed)))

    try:
        import chess.pgn
    except ImportError:
        chess = None
        print("python-chess is not installed: skipped", file=sys.stderr)
    else:
        part = sample[: int(args.python_chess_megabytes * 1e6)]
        part = part[: part.rfind(b"\n\n[Event ")]

        def python_chess():
            import io

            f = io.StringIO(part.decode())
            n = 0
            while (game := chess.pgn.read_game(f)) is not None:
                for node in game.mainline():
                    node.move.uci()
                    node.clock()
                    node.eval()
                n += 1
            return n

        seconds, n = best(1, python_chess)
        part_mb = len(part) / 1e6
        rows.append((f"python-chess read_game ({part_mb:.1f} MB, scaled)", seconds * mb / part_mb, int(n * mb / part_mb)))

    print(f"{'reader':<80} {'s':>8} {'MB/s':>8} {'games/s':>10} {'vs kingside':>12}")
    ours = rows[0][1]
    for name, seconds, n in rows:
        print(f"{name:<80} {seconds:8.3f} {mb / seconds:8.1f} {n / seconds:10.0f} {seconds / ours:11.1f}x")


if __name__ == "__main__":
    main()
