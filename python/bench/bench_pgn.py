"""``kingside.pgn.read_game`` against python-chess's ``chess.pgn.read_game`` (not a test).

    python python/bench/bench_pgn.py [--file PATH] [--repeat R] [--rounds K]

Both loop ``read_game`` over the same file of Lichess games (clocks on every move, evals on
the analysed games: the fetched ``lichess_db_1000k.pgn`` by default), and for each game walk
the mainline reading each node's move, ``clock()`` and ``eval()``, as a script studying time
use would. The two take turns for ``--rounds`` rounds, each reporting its best of
``--repeat`` runs a round; the best round counts. The goal: kingside at least 30 times
python-chess.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import chess.pgn
import kingside.pgn


def default_file() -> Path:
    root = Path(os.environ.get("CHESS_TESTDATA") or Path(__file__).resolve().parents[2] / "target" / "testdata")
    return root / "pgn-reader/benches/lichess_db_1000k.pgn"


def walk(pgn_module, path: Path):
    """Reads every game of the file into its tree and reads each mainline node's move,
    clock and eval; returns (games, nodes, clocks, evals)."""
    games = nodes = clocks = evals = 0
    with open(path, encoding="utf-8") as handle:
        while True:
            game = pgn_module.read_game(handle)
            if game is None:
                break
            games += 1
            for node in game.mainline():
                node.move
                nodes += 1
                clocks += node.clock() is not None
                evals += node.eval() is not None
    return games, nodes, clocks, evals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=default_file())
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    size = args.file.stat().st_size
    libraries = {"kingside": kingside.pgn, "python-chess": chess.pgn}
    best = {name: float("inf") for name in libraries}
    counts = {}
    for _ in range(args.rounds):
        for name, module in libraries.items():
            for _ in range(args.repeat):
                start = time.perf_counter()
                counts[name] = walk(module, args.file)
                best[name] = min(best[name], time.perf_counter() - start)
    assert counts["kingside"] == counts["python-chess"], counts
    games, nodes, clocks, evals = counts["kingside"]
    print(f"{args.file.name}: {size / 1e6:.2f} MB, {games} games, {nodes} mainline nodes, "
          f"{clocks} clocks, {evals} evals; best of {args.repeat} in each of {args.rounds} rounds "
          f"(Python {sys.version.split()[0]})")
    print()
    print("| reader | seconds | MB/s | games/s | python-chess / it |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in libraries:
        seconds = best[name]
        print(f"| {name} | {seconds:.3f} | {size / 1e6 / seconds:.1f} | {games / seconds:.0f} | "
              f"**{best['python-chess'] / seconds:.1f}** |")


if __name__ == "__main__":
    main()
