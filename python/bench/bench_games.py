"""Games to Arrow, side by side in one run: kingside.read_games against the Rust-backed peer on
PyPI (rust_pgn_reader_python_binding, its multithreaded parse_games) and python-chess.

    python python/bench/bench_games.py [--megabytes 100] [--threads 2] [--repeat 3] [--rounds 3]

The input is the fetched Lichess sample (pgn-reader's lichess_db_1000k.pgn, `cargo xtask
testdata`) repeated to the size asked, written to a temporary file. Each reader produces the
moves, clocks and evals of every game:

- kingside: `read_games(path, columns=[...], threads=N).read_all()`, from the file;
- the peer: `parse_games(chunked_array_of_game_strings, num_threads=N)`, from the games
  already split into strings in memory (its input form), the split not timed; then the same
  with the split (Python's, the peer has none) timed;
- python-chess: `chess.pgn.read_game` over the first megabytes only (it would take minutes
  on the whole), reading each node's move, clock and eval; its rate is per megabyte, best of
  --python-chess-repeat runs.

The Rust readers take turns for --rounds rounds of --repeat runs each (a machine busier for
a while slows them alike); each one's best run is reported, and the peer's best time over
kingside's round by round. Not a test: numbers for docs/performance.md.
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
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--python-chess-megabytes", type=float, default=1.0)
    parser.add_argument("--python-chess-repeat", type=int, default=3)
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
    readers = [
        (
            "kingside read_games (moves, clocks, evals)",
            lambda: kingside.read_games(path, columns=columns, threads=args.threads).read_all().num_rows,
        ),
        (
            "kingside read_games (every column of the games schema)",
            lambda: kingside.read_games(path, threads=args.threads).read_all().num_rows,
        ),
    ]
    try:
        import rust_pgn_reader_python_binding as peer
    except ImportError:
        peer = None
        print("rust_pgn_reader_python_binding is not installed: skipped", file=sys.stderr)
    if peer is not None:
        text = open(path, encoding="utf-8").read()
        chunked = pa.chunked_array([pa.array(split_games(text), pa.large_string())])
        del text

        def with_split():
            text = open(path, encoding="utf-8").read()
            chunked = pa.chunked_array([pa.array(split_games(text), pa.large_string())])
            return len(peer.parse_games(chunked, num_threads=args.threads))

        readers.append(
            (
                "rust_pgn_reader_python_binding parse_games (games as strings)",
                lambda: len(peer.parse_games(chunked, num_threads=args.threads)),
            )
        )
        readers.append(
            ("rust_pgn_reader_python_binding parse_games (file read and split in Python)", with_split)
        )

    # The readers take turns, round after round, each for a few runs in a row (its first
    # run after another reader's pays for memory the other one left), so that a machine
    # busier for a while slows them alike; each one's best run is reported, and the ratio
    # of the peer's best to kingside's in each round.
    times = {name: [] for name, _ in readers}
    counts = {}
    for _ in range(args.rounds):
        for name, run in readers:
            block = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                counts[name] = run()
                block.append(time.perf_counter() - start)
            times[name].append(min(block))
    for name, _ in readers:
        rows.append((name, min(times[name]), counts[name]))
    if peer is not None:
        ours, theirs = times[readers[0][0]], times[readers[2][0]]
        ratios = sorted(t / o for o, t in zip(ours, theirs))
        print(
            f"the peer's time / kingside's, round by round: from {ratios[0]:.2f} to "
            f"{ratios[-1]:.2f}, median {ratios[len(ratios) // 2]:.2f}"
        )

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

        seconds, n = best(args.python_chess_repeat, python_chess)
        part_mb = len(part) / 1e6
        rows.append((f"python-chess read_game ({part_mb:.1f} MB, scaled)", seconds * mb / part_mb, int(n * mb / part_mb)))

    print(f"{'reader':<80} {'s':>8} {'MB/s':>8} {'games/s':>10} {'vs kingside':>12}")
    ours = rows[0][1]
    for name, seconds, n in rows:
        print(f"{name:<80} {seconds:8.3f} {mb / seconds:8.1f} {n / seconds:10.0f} {seconds / ours:11.1f}x")


if __name__ == "__main__":
    main()
