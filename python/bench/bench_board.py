"""Per-call timings of the board against python-chess and rust-chess (not a test).

    python python/bench/bench_board.py [--positions N] [--repeat R]

Times, on the same positions (a sample of python-chess's random perft suite, or a few
well-known positions without the fetched data): push+pop of every legal move, listing the
legal moves (``list(board.legal_moves)``), SAN of every legal move, and ``fen()``. Each row
is the mean per call in microseconds over all positions, the best of ``--repeat`` runs;
the last columns are python-chess's time over kingside's (the goal: at least 20) and
rust-chess's over kingside's (the goal: at least 1). rust-chess has no pop and no SAN
writer: its push+pop is ``make_move_new`` (a new board per move), and its SAN is blank.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

import chess
import kingside

try:
    import rust_chess
except ImportError:  # pragma: no cover
    rust_chess = None

FALLBACK = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]


def positions(n: int) -> list:
    root = Path(os.environ.get("CHESS_TESTDATA") or Path(__file__).resolve().parents[2] / "target" / "testdata")
    suite = root / "python-chess/examples/perft/random.perft"
    if not suite.exists():
        return FALLBACK
    fens = []
    for line in suite.read_text().splitlines():
        if line.startswith("epd "):
            fields = line[4:].split()
            fens.append(" ".join(fields[:4] + ["0", "1"]))
    return random.Random(5).sample(fens, min(n, len(fens)))


def best(fn, repeat: int) -> float:
    """The best of `repeat` runs of `fn`, which returns (seconds, calls): µs a call."""
    out = float("inf")
    for _ in range(repeat):
        seconds, calls = fn()
        out = min(out, seconds / calls * 1e6)
    return out


def timed(body):
    def run():
        start = time.perf_counter()
        calls = body()
        return time.perf_counter() - start, calls

    return run


def bench_kingside(fens, repeat):
    boards = [kingside.Board(f) for f in fens]
    moves = [list(b.legal_moves) for b in boards]

    def push_pop():
        calls = 0
        for b, ms in zip(boards, moves):
            for m in ms:
                b.push(m)
                b.pop()
            calls += len(ms)
        return calls

    def legal():
        for b in boards:
            list(b.legal_moves)
        return len(boards)

    def san():
        calls = 0
        for b, ms in zip(boards, moves):
            for m in ms:
                b.san(m)
            calls += len(ms)
        return calls

    def fen():
        for _ in range(10):
            for b in boards:
                b.fen()
        return 10 * len(boards)

    return {name: best(timed(f), repeat) for name, f in
            [("push+pop", push_pop), ("legal moves", legal), ("san", san), ("fen", fen)]}


def bench_python_chess(fens, repeat):
    boards = [chess.Board(f) for f in fens]
    moves = [list(b.legal_moves) for b in boards]

    def push_pop():
        calls = 0
        for b, ms in zip(boards, moves):
            for m in ms:
                b.push(m)
                b.pop()
            calls += len(ms)
        return calls

    def legal():
        for b in boards:
            list(b.legal_moves)
        return len(boards)

    def san():
        calls = 0
        for b, ms in zip(boards, moves):
            for m in ms:
                b.san(m)
            calls += len(ms)
        return calls

    def fen():
        for b in boards:
            b.fen()
        return len(boards)

    return {name: best(timed(f), repeat) for name, f in
            [("push+pop", push_pop), ("legal moves", legal), ("san", san), ("fen", fen)]}


def bench_rust_chess(fens, repeat):
    if rust_chess is None:
        return {}
    boards = [rust_chess.Board(f) for f in fens]
    moves = []
    for b in boards:
        b.reset_move_generator()
        moves.append(list(b.generate_legal_moves()))

    def push_pop():
        calls = 0
        for b, ms in zip(boards, moves):
            for m in ms:
                b.make_move_new(m)
            calls += len(ms)
        return calls

    def legal():
        for b in boards:
            b.reset_move_generator()
            list(b.generate_legal_moves())
        return len(boards)

    def fen():
        for _ in range(10):
            for b in boards:
                b.get_fen()
        return 10 * len(boards)

    return {name: best(timed(f), repeat) for name, f in
            [("push+pop", push_pop), ("legal moves", legal), ("fen", fen)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    fens = positions(args.positions)
    ours = bench_kingside(fens, args.repeat)
    theirs = bench_python_chess(fens, args.repeat)
    rust = bench_rust_chess(fens, args.repeat)
    print(f"{len(fens)} positions, best of {args.repeat}; µs per call (python {sys.version.split()[0]})")
    print()
    print("| call | kingside | python-chess | rust-chess | python-chess / kingside | rust-chess / kingside |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in ours:
        r = rust.get(name)
        rust_cell = f"{r:.3f}" if r is not None else "n/a"
        ratio = f"{r / ours[name]:.1f}x" if r is not None else "n/a"
        print(f"| {name} | {ours[name]:.3f} | {theirs[name]:.3f} | {rust_cell} | {theirs[name] / ours[name]:.1f}x | {ratio} |")


if __name__ == "__main__":
    main()
