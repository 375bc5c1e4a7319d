"""The memory of ``kingside.pgn.read_game`` over a large file, one game at a time (not a test).

    python python/bench/bench_pgn_memory.py [--gigabytes G] [--file PATH] [--keep-every N]

Writes a file of about ``G`` gigabytes (1 by default) made of the Lichess sample repeated (the
fetched ``lichess_db_1000k.pgn``: clocks on every move, evals on the analysed games) into a
temporary directory, then reads it with ``read_game`` one game at a time, walking each
mainline and reading each node's move, clock and eval, as a script over a month of Lichess
games would. Prints the peak resident memory of the process before and after, and the rate.
The goal: under 300 MB for a gigabyte. The reader takes lines from the handle's ``readline``,
so the memory is the current game's, whatever the file's size; ``--keep-every N`` keeps one
game in N alive to show what holding games costs instead.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import kingside.pgn


def default_file() -> Path:
    root = Path(os.environ.get("CHESS_TESTDATA") or Path(__file__).resolve().parents[2] / "target" / "testdata")
    return root / "pgn-reader/benches/lichess_db_1000k.pgn"


def peak_mb() -> float:
    """The peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gigabytes", type=float, default=1.0)
    parser.add_argument("--file", type=Path, default=default_file())
    parser.add_argument("--keep-every", type=int, default=0)
    args = parser.parse_args()
    sample = args.file.read_bytes()
    if not sample.endswith(b"\n\n"):
        sample = sample.rstrip(b"\n") + b"\n\n"
    copies = max(1, int(args.gigabytes * 1e9 / len(sample)))
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "big.pgn"
        with open(path, "wb") as out:
            for _ in range(copies):
                out.write(sample)
        size = path.stat().st_size
        del sample
        before = peak_mb()
        kept = []
        games = nodes = clocks = evals = 0
        start = time.perf_counter()
        with open(path, encoding="utf-8") as handle:
            while (game := kingside.pgn.read_game(handle)) is not None:
                games += 1
                for node in game.mainline():
                    node.move
                    nodes += 1
                    clocks += node.clock() is not None
                    evals += node.eval() is not None
                if args.keep_every and games % args.keep_every == 0:
                    kept.append(game)
        seconds = time.perf_counter() - start
    print(f"{size / 1e9:.2f} GB ({copies} copies of {args.file.name}), {games} games, {nodes} mainline "
          f"nodes, {clocks} clocks, {evals} evals in {seconds:.1f} s ({size / 1e6 / seconds:.0f} MB/s; "
          f"Python {sys.version.split()[0]})")
    print(f"peak resident memory: {before:.0f} MB before reading, {peak_mb():.0f} MB after"
          + (f" ({len(kept)} games kept)" if kept else ""))


if __name__ == "__main__":
    main()
