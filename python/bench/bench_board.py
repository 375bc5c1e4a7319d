"""Per-call timings of the board against python-chess and rust-chess (not a test).

    python python/bench/bench_board.py [--positions N] [--repeat R] [--rounds K]

Times, on the same positions (a sample of python-chess's random perft suite, or a few
well-known positions without the fetched data), the calls of python-chess's API that scripts
make most: push+pop of every legal move, ``list(board.legal_moves)``, SAN of every legal
move, ``fen()``, ``is_checkmate()``, ``piece_map()``, ``attackers(color, square)`` of every
square, ``gives_check`` and ``is_capture`` of every legal move, and
``list(board.pseudo_legal_moves)``. Each row is the mean per call in microseconds over all
positions; the libraries take turns for ``--rounds`` rounds, each reporting its best of
``--repeat`` runs per round, and the best round counts. The last columns are python-chess's
time over kingside's (the goal: at least 20) and rust-chess's over kingside's (the goal: at
least 1, where rust-chess has the call). rust-chess has no pop: its push+pop is
``make_move_new`` (a new board per move).
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


def timed(body):
    def run():
        start = time.perf_counter()
        calls = body()
        return time.perf_counter() - start, calls

    return run


def python_chess_api_suite(lib, fens):
    """The calls, for a library with python-chess's API (python-chess and kingside). Methods
    are bound before the clock starts, so that a row is the call and its loop, no more."""
    boards = [lib.Board(f) for f in fens]
    moves = [list(b.legal_moves) for b in boards]

    def each_move(method):
        bound = [(getattr(b, method), ms) for b, ms in zip(boards, moves)]

        def body():
            calls = 0
            for call, ms in bound:
                for m in ms:
                    call(m)
                calls += len(ms)
            return calls

        return body

    def each_board(method, times=10):
        bound = [getattr(b, method) for b in boards]

        def body():
            for _ in range(times):
                for call in bound:
                    call()
            return times * len(bound)

        return body

    def push_pop():
        calls = 0
        for b, ms in zip(boards, moves):
            push, pop = b.push, b.pop
            for m in ms:
                push(m)
                pop()
            calls += len(ms)
        return calls

    def listed(attribute):
        def body():
            for _ in range(3):
                for b in boards:
                    list(getattr(b, attribute))
            return 3 * len(boards)

        return body

    def attackers():
        calls = 0
        for b in boards:
            color, call = b.turn, b.attackers
            for sq in range(64):
                call(color, sq)
            calls += 64
        return calls

    return {
        "push(move); pop()": push_pop,
        "list(board.legal_moves)": listed("legal_moves"),
        "san(move)": each_move("san"),
        "fen()": each_board("fen"),
        "is_checkmate()": each_board("is_checkmate"),
        "piece_map()": each_board("piece_map"),
        "attackers(color, square)": attackers,
        "gives_check(move)": each_move("gives_check"),
        "is_capture(move)": each_move("is_capture"),
        "list(board.pseudo_legal_moves)": listed("pseudo_legal_moves"),
    }


def rust_chess_suite(fens):
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
            make = b.make_move_new
            for m in ms:
                make(m)
            calls += len(ms)
        return calls

    def legal():
        for _ in range(3):
            for b in boards:
                b.reset_move_generator()
                list(b.generate_legal_moves())
        return 3 * len(boards)

    def each_board(method, times=10):
        bound = [getattr(b, method) for b in boards]

        def body():
            for _ in range(times):
                for call in bound:
                    call()
            return times * len(bound)

        return body

    def capture():
        calls = 0
        for b, ms in zip(boards, moves):
            call = b.is_capture
            for m in ms:
                call(m)
            calls += len(ms)
        return calls

    fen = each_board("get_fen")
    checkmate = each_board("is_checkmate")

    return {
        "push(move); pop()": push_pop,
        "list(board.legal_moves)": legal,
        "fen()": fen,
        "is_checkmate()": checkmate,
        "is_capture(move)": capture,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    fens = positions(args.positions)
    suites = {
        "kingside": python_chess_api_suite(kingside, fens),
        "python-chess": python_chess_api_suite(chess, fens),
        "rust-chess": rust_chess_suite(fens),
    }
    results = {lib: {name: float("inf") for name in suite} for lib, suite in suites.items()}
    for _ in range(args.rounds):
        for lib, suite in suites.items():
            for name, body in suite.items():
                for _ in range(args.repeat):
                    seconds, calls = timed(body)()
                    results[lib][name] = min(results[lib][name], seconds / calls * 1e6)
    ours, theirs, rust = results["kingside"], results["python-chess"], results["rust-chess"]
    print(f"{len(fens)} positions, {args.rounds} rounds taking turns, best of {args.repeat} a round; "
          f"µs per call (Python {sys.version.split()[0]})")
    print()
    print("| call | kingside | python-chess | rust-chess | python-chess / kingside | rust-chess / kingside |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in ours:
        r = rust.get(name)
        rust_cell = f"{r:.3f}" if r is not None else "(none)"
        ratio = f"{r / ours[name]:.1f}" if r is not None else ""
        print(f"| `{name}` | {ours[name]:.3f} | {theirs[name]:.3f} | {rust_cell} | **{theirs[name] / ours[name]:.1f}** | {ratio} |")


if __name__ == "__main__":
    main()
